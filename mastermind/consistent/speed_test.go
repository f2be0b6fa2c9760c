package consistent

import (
	"gamelab/mastermind"

	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// BenchmarkCountShapes counts the solutions of eight random instances of
// each hard shape (colours, pegs, hints): go test -bench CountShapes.
func BenchmarkCountShapes(b *testing.B) {
	benchmarkShapes(b, [][3]int{{12, 12, 8}, {20, 10, 10}, {8, 14, 8}, {6, 16, 8}}, 8,
		func([3]int) uint64 { return 7 })
}

// BenchmarkCountManyHints counts four random instances of each shape
// (colours, pegs, hints) with as many hints as pegs or more, where most
// multisets have few arrangements or none and the long codes meet in the
// middle: the hardest shapes of the solver's targets.
func BenchmarkCountManyHints(b *testing.B) {
	benchmarkShapes(b, [][3]int{{12, 16, 16}, {16, 16, 16}, {20, 16, 24}, {20, 14, 14}}, 4, shapeStream)
}

// BenchmarkCountFewLong counts two random instances of each shape
// (colours, pegs, hints) of 24 pegs over 8 and 10 colours with three
// quarters as many hints as pegs or as many: one or two multisets, each
// with few arrangements (a few to a few thousand) among millions of dead
// ends of the blacks-first search, its slowest shape at that length.
func BenchmarkCountFewLong(b *testing.B) {
	benchmarkShapes(b, [][3]int{{8, 24, 18}, {10, 24, 24}}, 2, shapeStream)
}

// BenchmarkCountManyColours counts two random instances of each shape
// (colours, pegs, hints) of 20 pegs over 40 to 100 colours with three
// or four hints a peg, where the colour counts' search is the work: each
// hint alone, and each two, can get their matches from the colours left
// long after all of them together cannot (countLP).
func BenchmarkCountManyColours(b *testing.B) {
	benchmarkShapes(b, [][3]int{{40, 20, 60}, {60, 20, 60}, {80, 20, 80}, {100, 20, 80}}, 2, shapeStream)
}

// BenchmarkCountFewColoursLong counts two random instances of each shape
// (colours, pegs, hints) of 24 to 32 pegs over 4 to 6 colours with as
// many hints as pegs: one multiset or a few, each with one arrangement or
// none among hundreds of millions of dead ends, which the relaxation of
// the arrangements cuts (arrangelp.go).
func BenchmarkCountFewColoursLong(b *testing.B) {
	benchmarkShapes(b, [][3]int{{4, 28, 28}, {5, 24, 24}, {6, 28, 28}, {6, 32, 32}}, 2, shapeStream)
}

// BenchmarkCountNextToNone counts two random instances of each shape
// (colours, pegs, hints) of 24 and 25 pegs over 9 to 12 colours with more
// hints than pegs: a code or two, or none, where the searches solve the
// relaxation at every node of multisets expecting none (expectsNone), and
// its solves (internal/simplex) are the work.
func BenchmarkCountNextToNone(b *testing.B) {
	benchmarkShapes(b, [][3]int{{9, 24, 30}, {10, 25, 27}, {12, 25, 31}}, 2, shapeStream)
}

// shapeStream is a random stream of each shape (colours, pegs, hints) of
// its own, for benchmarkShapes.
func shapeStream(shape [3]int) uint64 { return uint64(shape[1]*1000 + shape[0]*10 + shape[2]) }

// benchmarkShapes counts, for each shape (colours, pegs, hints), the
// solutions of n random instances of it, instance seed drawn from the
// random stream stream(shape): a sub-benchmark a shape.
func benchmarkShapes(b *testing.B, shapes [][3]int, n uint64, stream func(shape [3]int) uint64) {
	for _, shape := range shapes {
		b.Run(fmt.Sprintf("%dx%dx%d", shape[0], shape[1], shape[2]), func(b *testing.B) {
			var ins []*mastermind.Instance
			for seed := range n {
				ins = append(ins, randomInstance(rand.New(rand.NewPCG(seed, stream(shape))), shape[0], shape[1], shape[2]))
			}
			for b.Loop() {
				for _, in := range ins {
					Count(context.Background(), in)
				}
			}
		})
	}
}

// BenchmarkCountContradictory counts instances whose hints agree on colour
// counts but contradict on blacks (one answer moved between them): no
// solution, found only by arranging.
func BenchmarkCountContradictory(b *testing.B) {
	var ins []*mastermind.Instance
	for seed := range uint64(6) {
		r := rand.New(rand.NewPCG(seed, 11))
		in := randomInstance(r, 10, 12, 6)
		h := &in.Hints[r.IntN(len(in.Hints))]
		if h.Answer.Whites > 0 {
			h.Answer.Blacks++
			h.Answer.Whites--
		} else if h.Answer.Blacks > 0 {
			h.Answer.Blacks--
			h.Answer.Whites++
		}
		ins = append(ins, in)
	}
	for b.Loop() {
		for _, in := range ins {
			Count(context.Background(), in)
		}
	}
}

// BenchmarkCountLong counts long codes over few colours: true answers, and
// one answer moved between blacks and whites (often no solution).
func BenchmarkCountLong(b *testing.B) {
	for _, shape := range [][2]int{{3, 22}, {3, 24}, {4, 20}} {
		for _, altered := range []bool{false, true} {
			name := fmt.Sprintf("%dx%d", shape[0], shape[1])
			if altered {
				name += "-altered"
			}
			b.Run(name, func(b *testing.B) {
				r := rand.New(rand.NewPCG(uint64(shape[1]), 13))
				in := randomInstance(r, shape[0], shape[1], 6)
				if h := &in.Hints[0]; altered && h.Answer.Whites > 0 {
					h.Answer.Blacks, h.Answer.Whites = h.Answer.Blacks+1, h.Answer.Whites-1
				} else if altered {
					h.Answer.Blacks, h.Answer.Whites = h.Answer.Blacks-1, h.Answer.Whites+1
				}
				for b.Loop() {
					Count(context.Background(), in)
				}
			})
		}
	}
}

// BenchmarkCountNearCode counts instances whose guesses are a code with
// a quarter of its pegs recoloured, truly answered but for one white too
// many: each hint bounded alone, the colour counts' search wanders among
// the counts near the code's before it finds none (two hints together
// bound it: pairsFit).
func BenchmarkCountNearCode(b *testing.B) {
	for _, shape := range [][3]int{{20, 50, 25}, {20, 100, 25}} {
		b.Run(fmt.Sprintf("%dx%dx%d", shape[0], shape[1], shape[2]), func(b *testing.B) {
			in := nearCode(rand.New(rand.NewPCG(uint64(shape[1]), 25)), shape[0], shape[1], shape[2])
			for b.Loop() {
				Count(context.Background(), in)
			}
		})
	}
}

// nearCode returns n hints of pegs over max colours, each guess a random
// code with a quarter of its pegs recoloured at random, answered as that
// code answers them, but for the first hint below pegs matches, given a
// white more.
func nearCode(r *rand.Rand, max, pegs, n int) *mastermind.Instance {
	code := make(mastermind.Code, pegs)
	for q := range code {
		code[q] = uint8(1 + r.IntN(max))
	}
	in := &mastermind.Instance{Max: max}
	altered := false
	for range n {
		guess := slices.Clone(code)
		for range pegs / 4 {
			guess[r.IntN(pegs)] = uint8(1 + r.IntN(max))
		}
		a := mastermind.Score(guess, code)
		if !altered && a.Blacks+a.Whites < pegs {
			a.Whites++
			altered = true
		}
		in.Hints = append(in.Hints, mastermind.Hint{Guess: guess, Answer: a})
	}
	return in
}
