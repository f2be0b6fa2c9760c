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
		in := alteredInstance(r, max, pegs, 1+r.IntN(6), i%2 == 1)
		checkSolvers(t, fmt.Sprintf("instance %d", i), in, bruteForce(in))
	}
}

// TestCompactAgainstWordSearch: the compact instance's codes, expanded,
// are the codes the word search finds over the colours themselves (not
// compacted), on
// codes of 4 to 10 pegs over 8 to 40 colours with few hints (some colours
// in no guess, some in guesses answered 0/0), and its counts (ways) add
// up to them.
func TestCompactAgainstWordSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	zeros := 0
	for i := 0; i < 40; {
		max, pegs := 8+r.IntN(33), 4+r.IntN(7)
		in := randomInstance(r, max, pegs, 1+r.IntN(4))
		c, pal := compact(in)
		if pal == nil {
			continue // as many colours: in itself
		}
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
		if len(c.Hints) > len(in.Hints) {
			zeros++
		}
		var want []Code // the word search over in's own colours, as prepare does not
		prepareAs(in, false).solve(func(c Code) bool { want = append(want, slices.Clone(c)); return true })
		if !sameCodes(got, want) || ways != len(want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d compact): %d codes expanded, %d counted, want %d", i, pegs, max, c.Max, len(got), ways, len(want))
		}
	}
	if zeros == 0 {
		t.Fatal("no instance had a guess answered 0/0")
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
// with more colours between them than a compact instance holds are refused
// by Parse and Validate; the colours of guesses answered 0/0 count as one.
func TestTooManyGuessColours(t *testing.T) {
	var lines []string
	for c := 1; c <= wordColours; c += 8 {
		var g []string
		for k := range 8 {
			g = append(g, fmt.Sprint(c+k))
		}
		lines = append(lines, strings.Join(g, " ")+" 0/1")
	}
	text := "100\n" + strings.Join(lines, "\n")
	_, err := Parse(strings.NewReader(text))
	want := fmt.Sprintf("line 1: 100 colours: the guesses have %d colours between them besides those of guesses answered 0/0: over more than %d colours the solver takes at most %d", wordColours, wordColours, wordColours-1)
	if err == nil || err.Error() != want {
		t.Fatalf("Parse: %v, want %q", err, want)
	}
	for _, ok := range []string{
		strings.Replace(text, " 64 ", " 63 ", 1),                               // 63 colours and one for the others
		strings.Replace(text, "57 58", "1 58", 1),                              // the same
		strings.Replace(text, "1 2 3 4 5 6 7 8 0/1", "1 2 3 4 5 6 7 8 0/0", 1), // 56, one for 1 to 8, one for the others
	} {
		in, err := Parse(strings.NewReader(ok))
		if err != nil {
			t.Fatalf("Parse(%q): %v", ok, err)
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("Validate(%q): %v", ok, err)
		}
	}
	in, _ := Parse(strings.NewReader(strings.Replace(text, " 64 ", " 63 ", 1)))
	in.Hints = append(in.Hints, Hint{Code{64, 1, 1, 1, 1, 1, 1, 1}, Answer{1, 0}})
	if err := in.Validate(); err == nil || !strings.Contains(err.Error(), "at most 63") {
		t.Fatalf("Validate with %d colours in the guesses: %v", wordColours, err)
	}
}

// FuzzCompactAgainstBruteForce: over 65 to 255 colours (the compact
// path), Solve and Count give brute force's codes, for codes of one or two
// pegs and up to six hints of any guesses and answers.
func FuzzCompactAgainstBruteForce(f *testing.F) {
	f.Add([]byte{35, 2, 1, 2, 0, 1, 200, 3, 0, 0})
	f.Add([]byte{190, 1, 7, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		max, pegs := 65+int(data[0])%(MaxColours-64), 1+int(data[1])%2
		in := &Instance{Max: max}
		for data = data[2:]; len(data) >= pegs+2 && len(in.Hints) < 6; data = data[pegs+2:] {
			g := make(Code, pegs)
			for q, b := range data[:pegs] {
				g[q] = uint8(1 + int(b)%max)
			}
			blacks := int(data[pegs]) % (pegs + 1)
			whites := int(data[pegs+1]) % (pegs - blacks + 1)
			in.Hints = append(in.Hints, Hint{g, Answer{blacks, whites}})
		}
		if len(in.Hints) == 0 {
			return
		}
		want := bruteForce(in)
		if got := solveAll(in); !sameCodes(got, want) {
			t.Fatalf("%d colours, hints %v: %d codes, brute force's %d", max, in.Hints, len(got), len(want))
		}
		if n, err := Count(context.Background(), in); err != nil || n != len(want) {
			t.Fatalf("%d colours, hints %v: Count %d, %v; want %d", max, in.Hints, n, err, len(want))
		}
	})
}

// TestCancelStopsExpansion: a solve cancelled while it writes the codes a
// single compact code stands for (247^8 of them) ends.
func TestCancelStopsExpansion(t *testing.T) {
	in := &Instance{Max: MaxColours, Hints: []Hint{{Code{1, 2, 3, 4, 5, 6, 7, 8}, Answer{}}}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := WriteSolutions(ctx, cancellingWriter(cancel), in); !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteSolutions: %v, want %v", err, context.Canceled)
	}
}

// cancellingWriter takes all it is given and cancels at every write.
type cancellingWriter func()

func (w cancellingWriter) Write(p []byte) (int, error) {
	w()
	return len(p), nil
}
