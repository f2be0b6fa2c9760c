package consistent

import (
	"gamelab/mastermind"

	"context"
	"errors"
	"fmt"
	"io"
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
		max, pegs := 65+r.IntN(mastermind.MaxColours-64), 1+r.IntN(2)
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
		var got []mastermind.Code
		var e expansion
		ways := 0
		Solve(c, func(code mastermind.Code) bool {
			ways += pal.ways(code)
			return ways <= 20_000 && pal.expand(&e, code, func(full mastermind.Code) bool { got = append(got, slices.Clone(full)); return true })
		})
		if ways > 20_000 {
			continue
		}
		i++
		if len(c.Hints) > len(in.Hints) {
			zeros++
		}
		var want []mastermind.Code // the word search over in's own colours, as prepare does not
		prepareAs(in, false).solve(func(c mastermind.Code) bool { want = append(want, slices.Clone(c)); return true })
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
	in := &mastermind.Instance{Max: mastermind.MaxColours, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Answer: mastermind.Answer{}}}}
	if n, err := Count(context.Background(), in); !errors.Is(err, ErrTooMany) || !strings.Contains(err.Error(), fmt.Sprint(math.MaxInt)) {
		t.Fatalf("Count: %d, %v; want %v, naming the largest int", n, err, ErrTooMany)
	}
	in.Hints[0].Guess = in.Hints[0].Guess[:4]
	if n, err := Count(context.Background(), in); err != nil || n != 251*251*251*251 {
		t.Fatalf("Count: %d, %v; want %d", n, err, 251*251*251*251)
	}
}

// wideInstance returns n hints against a random secret of pegs pegs over
// max colours, whose compact instance has more than wordColours colours
// (prepare's wide problem). Each guess has one of the secret's colours at a
// random place and, at the others, the next colours of a random order of
// them all, so that the guesses have every colour, given pegs-1 times n of
// them at least. No answer is 0/0: a guess so answered rules its colours
// out, and the compact instance has one colour for them all. One answer is
// altered (moveWhite) if alter is set. It returns the secret too.
func wideInstance(r *rand.Rand, max, pegs, n int, alter bool) (*mastermind.Instance, mastermind.Code) {
	secret := randomCode(r, max, pegs)
	order := r.Perm(max)
	in := &mastermind.Instance{Max: max}
	next := 0
	for range n {
		g := make(mastermind.Code, pegs)
		own := r.IntN(pegs)
		for q := range g {
			if q == own {
				g[q] = secret[r.IntN(pegs)]
				continue
			}
			g[q] = uint8(1 + order[next%max])
			next++
		}
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
	}
	if alter {
		moveWhite(r, in)
	}
	return in, secret
}

// TestWideAgainstBruteForce: where the compact instance has more than
// wordColours colours, each multiset arranged over its own (wideJobs),
// Solve, Count and WriteSolutions give exactly brute force's codes: codes
// of 2 pegs over 66 to 255 colours with 70 to 100 hints, and of 3 pegs
// over 66 to 68 with 40, the answers true or with a white made black.
func TestWideAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	wide := 0
	for i := range 24 {
		max, pegs, hints := 66+r.IntN(mastermind.MaxColours-65), 2, 70+r.IntN(31)
		if i%8 == 0 {
			max, pegs, hints = 66+r.IntN(3), 3, 40
		}
		in, _ := wideInstance(r, max, pegs, hints, i%2 == 1)
		if !prepare(in).wide() {
			continue
		}
		wide++
		checkSolvers(t, fmt.Sprintf("instance %d", i), in, bruteForce(in))
	}
	if wide < 24 {
		t.Fatalf("%d wide instances of 24", wide)
	}
}

// TestWideLongCodes: on wide instances too long for brute force (8 to 12
// pegs over 70 to 255 colours, 3 to 6 hints a peg), every code Solve
// gives agrees with the hints, none twice, the secret among them when the
// answers are true, and Count counts them; some have more multisets than
// fewMultisets, some fewer (split among the workers).
func TestWideLongCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	var few, many int
	for i := 0; few+many < 16; i++ {
		max, pegs := 70+r.IntN(mastermind.MaxColours-69), 8+r.IntN(5)
		in, secret := wideInstance(r, max, pegs, pegs*(3+r.IntN(4)), i%2 == 1)
		p := prepare(in)
		if !p.wide() {
			continue
		}
		var got []mastermind.Code
		Solve(in, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return len(got) <= 10_000 })
		if len(got) > 10_000 {
			continue
		}
		multisets := 0
		countMultisets(p, func(*[mastermind.MaxColours + 1]uint8) bool { multisets++; return true })
		if multisets > fewMultisets {
			many++
		} else {
			few++
		}
		seen := map[string]bool{}
		for _, c := range got {
			if !in.Consistent(c) || seen[c.String()] {
				t.Fatalf("instance %d: %v disagrees with the hints or comes twice\n%+v", i, c, in.Hints)
			}
			seen[c.String()] = true
		}
		if i%2 == 0 && !seen[secret.String()] {
			t.Fatalf("instance %d: the secret %v is not among %d codes\n%+v", i, secret, len(got), in.Hints)
		}
		if n, _ := Count(context.Background(), in); n != len(got) {
			t.Fatalf("instance %d: Count %d, Solve %d", i, n, len(got))
		}
	}
	if few < 2 || many < 2 {
		t.Fatalf("%d instances of few multisets, %d of many: want 2 of each at least", few, many)
	}
}

// TestNarrowedAgainstPlain: the plain search of each multiset over its own
// colours (narrowed, as wide instances of long codes are solved) finds the
// codes the plain search finds over all of them. The instances are of 6 to
// 12 pegs over 5 to 40 colours, true or with a white made black; some are
// over 30 or more with most colours in no guess (the compact instance,
// which narrowed maps back through).
func TestNarrowedAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	for i := range 200 {
		max, pegs := 5+r.IntN(36), 6+r.IntN(7)
		in := alteredInstance(r, max, pegs, pegs/2+r.IntN(pegs), i%2 == 1)
		p := prepare(in)
		p.mode = plainSearch
		var want []mastermind.Code
		p.solve(func(c mastermind.Code) bool { want = append(want, slices.Clone(c)); return len(want) <= 20_000 })
		if len(want) > 20_000 {
			continue
		}
		p = prepare(in)
		p.mode = widePlainSearch
		var got []mastermind.Code
		if err := p.solve(func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true }); err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
		if !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs over %d colours): %d codes, the plain search's %d\n%+v", i, pegs, max, len(got), len(want), in.Hints)
		}
	}
}

// TestWideLongCodesPlain: instances of more than wordPegs pegs over more
// than wordColours colours, each multiset arranged by the plain search over
// its own colours. Each guess is the code with a quarter of its pegs
// recoloured (a code of 40 colours, guesses of colours from 100 to 255).
// The code is the only one, or, with a white made black, there is none. A
// code that may have wordColours colours at once is an error of Solve,
// Count and WriteSolutions.
func TestWideLongCodesPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for i := range 6 {
		max, pegs := 100+r.IntN(mastermind.MaxColours-99), wordPegs+1+r.IntN(16)
		secret := randomCode(r, 40, pegs)
		in := &mastermind.Instance{Max: max}
		for range pegs / 3 {
			g := slices.Clone(secret)
			for range pegs / 4 {
				g[r.IntN(pegs)] = uint8(1 + r.IntN(max))
			}
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
		}
		for x := range in.Hints {
			if a := &in.Hints[x].Answer; i%2 == 1 && a.Whites > 0 {
				a.Blacks, a.Whites = a.Blacks+1, a.Whites-1
				break
			}
		}
		if !prepare(in).wide() {
			t.Fatalf("instance %d: not wide", i)
		}
		var got []mastermind.Code
		if err := Solve(in, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true }); err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
		want := []mastermind.Code{secret}
		if i%2 == 1 {
			want = nil
		}
		if !sameCodes(got, want) {
			t.Fatalf("instance %d: %d codes %v, want the secret %v alone, or none with an answer altered", i, len(got), got, secret)
		}
	}
	// 100 pegs over 100 colours, a code of all of them.
	var secret mastermind.Code
	for q := range 100 {
		secret = append(secret, uint8(1+q))
	}
	in := &mastermind.Instance{Max: 100}
	for range 4 {
		g := randomCode(r, 100, 100)
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
	}
	want := fmt.Sprintf("a code may have %d colours at once: codes of more than %d pegs are arranged over at most %d", 100, wordPegs, wordColours-1)
	if err := Solve(in, func(mastermind.Code) bool { return true }); err == nil || !strings.Contains(err.Error(), "colours at once") {
		t.Fatalf("Solve: %v, want an error such as %q", err, want)
	}
	if _, err := Count(context.Background(), in); err == nil || !strings.Contains(err.Error(), "colours at once") {
		t.Fatalf("Count: %v, want an error such as %q", err, want)
	}
	if _, err := WriteSolutions(context.Background(), io.Discard, in); err == nil || !strings.Contains(err.Error(), "colours at once") {
		t.Fatalf("WriteSolutions: %v, want an error such as %q", err, want)
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
		max, pegs := 65+int(data[0])%(mastermind.MaxColours-64), 1+int(data[1])%2
		in := &mastermind.Instance{Max: max}
		for data = data[2:]; len(data) >= pegs+2 && len(in.Hints) < 6; data = data[pegs+2:] {
			g := make(mastermind.Code, pegs)
			for q, b := range data[:pegs] {
				g[q] = uint8(1 + int(b)%max)
			}
			blacks := int(data[pegs]) % (pegs + 1)
			whites := int(data[pegs+1]) % (pegs - blacks + 1)
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Answer{Blacks: blacks, Whites: whites}})
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
	in := &mastermind.Instance{Max: mastermind.MaxColours, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 2, 3, 4, 5, 6, 7, 8}, Answer: mastermind.Answer{}}}}
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
