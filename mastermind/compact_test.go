package mastermind

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCompactAgainstBruteForce: over 65 to 255 colours, where the search
// runs over the guesses' colours and one standing for the others, Solve,
// Count and WriteSolutions give exactly brute force's codes, the answers
// true or with a black made white or the reverse.
func TestCompactAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for i := range 100 {
		max, pegs := 65+r.IntN(MaxColours-64), 1+r.IntN(2)
		if i%20 == 0 {
			max, pegs = 65+r.IntN(2), 3
		}
		in := randomInstance(r, max, pegs, 1+r.IntN(6))
		if i%2 == 1 {
			moveWhite(r, in)
		}
		checkSolvers(t, fmt.Sprintf("instance %d", i), in, bruteForce(in))
	}
}

// TestCompactAgainstWordSearch: the compact instance's codes, expanded,
// are the codes the word search finds over the colours themselves, on
// codes of 4 to 10 pegs over 8 to 40 colours with few hints (some colours
// in no guess), and its counts (ways) add up to them.
func TestCompactAgainstWordSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	for i := 0; i < 40; {
		max, pegs := 8+r.IntN(33), 4+r.IntN(7)
		in := randomInstance(r, max, pegs, 1+r.IntN(4))
		var seen guessColours
		for _, h := range in.Hints {
			seen.add(h.Guess)
		}
		if seen.n == max {
			continue
		}
		c, pal := compact(in)
		var got []Code
		var e expansion
		ways := 0
		Solve(c, func(code Code) bool {
			ways += pal.ways(code)
			return ways <= 20_000 && pal.expand(&e, code, func(full Code) bool { got = append(got, slices.Clone(full)); return true })
		})
		if ways > 20_000 {
			continue
		}
		i++
		want := solveAll(in)
		slices.SortFunc(want, slices.Compare)
		if !sameCodes(got, want) || ways != len(want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d in guesses): %d codes expanded, %d counted, want %d", i, pegs, max, seen.n, len(got), ways, len(want))
		}
	}
}

// TestCountTooMany: a count past the largest int is an error, not a
// wrapped number.
func TestCountTooMany(t *testing.T) {
	in := &Instance{Max: MaxColours, Hints: []Hint{{Code{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Answer{}}}}
	if n, err := Count(context.Background(), in); !errors.Is(err, errTooMany) || !strings.Contains(err.Error(), fmt.Sprint(math.MaxInt)) {
		t.Fatalf("Count: %d, %v; want %v, naming the largest int", n, err, errTooMany)
	}
	in.Hints[0].Guess = in.Hints[0].Guess[:4]
	if n, err := Count(context.Background(), in); err != nil || n != 251*251*251*251 {
		t.Fatalf("Count: %d, %v; want %d", n, err, 251*251*251*251)
	}
}

// TestTooManyGuessColours: over more than wordColours colours, guesses
// with wordColours colours or more between them are refused, by Parse at
// the line where the last comes and by Validate.
func TestTooManyGuessColours(t *testing.T) {
	var lines []string
	for c := 1; c <= wordColours; c += 8 {
		var g []string
		for k := range 8 {
			g = append(g, fmt.Sprint(c+k))
		}
		lines = append(lines, strings.Join(g, " ")+" 0/0")
	}
	text := "100\n" + strings.Join(lines, "\n")
	_, err := Parse(strings.NewReader(text))
	want := fmt.Sprintf("line %d: the guesses have more than %d colours", len(lines)+1, wordColours-1)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Parse: %v, want %q", err, want)
	}
	in, err := Parse(strings.NewReader(strings.Replace(text, " 64 ", " 63 ", 1)))
	if err != nil {
		t.Fatalf("Parse with %d colours in the guesses: %v", wordColours-1, err)
	}
	if err := in.Validate(); err != nil {
		t.Fatalf("Validate with %d colours in the guesses: %v", wordColours-1, err)
	}
	in.Hints = append(in.Hints, Hint{Code{64, 1, 1, 1, 1, 1, 1, 1}, Answer{}})
	if err := in.Validate(); err == nil || !strings.Contains(err.Error(), "more than 63 colours") {
		t.Fatalf("Validate with %d colours in the guesses: %v", wordColours, err)
	}
}
