package breaker

import (
	"math"
	"math/rand/v2"
	"slices"

	"gamelab/mastermind"
	"gamelab/mastermind/consistent"
)

// Games of more than MaxCodes codes (6 pegs of 7 colours, 8 of 9, as the
// game may be played) are too large to weigh every code against every
// code still possible. There the strategies sample: the codes still
// possible are stood for by sampleSize of them drawn uniformly, the
// guesses weighed are the first sampleGuesses of those and sampleOthers
// random codes, and the criterion rates each guess by the parts it splits
// the sample into. Once no more than sampleSize codes are left, the
// sample is all of them. The random strategy draws one code.
//
// Entropy so over 5 pegs of 8 colours (where it can be checked against
// weighing every code: 5.4856 guesses on average over every secret) took
// 5.540 guesses on average over 3,000 random secrets; 5.568 without the
// random codes, 5.571 with twice the sample and guesses, 5.551 with 150
// random codes.
const (
	sampleSize    = 500
	sampleGuesses = 100
	sampleOthers  = 50
)

// drawTries is how many random codes a draw of n codes tries, for each code
// wanted, before it lists the codes still possible instead. Each random
// code that agrees with the hints is a uniform draw among them, cheap while
// they are a large share of all codes. Where they are fewer than one in
// drawTries, the consistent-code solver lists them fast (a share that small
// of 8 pegs of 9 colours is at most half a million).
const drawTries = 40

// maxListed bounds the codes a draw lists: past it the sample is drawn from
// the first maxListed the solver lists, in its order, rather than from all.
// So a guess in a game of astronomically many codes (30 pegs of 50 colours,
// say) still ends. At 8 pegs of 9 colours a draw lists at most about a
// million codes, all of them.
const maxListed = 1 << 21

// sampler draws codes still possible, uniformly, in games of any size.
type sampler struct {
	pegs, max int
	rng       *rand.Rand
	tries     int // drawTries, but in tests
}

func newSampler(pegs, max int) sampler {
	return sampler{pegs: pegs, max: max, rng: rand.New(rand.NewPCG(1, 0x73616d)), tries: drawTries}
}

// Seed implements Seeder.
func (s *sampler) Seed(seed uint64) { s.rng = rand.New(rand.NewPCG(seed, 0x73616d)) }

// draw returns n codes that agree with hints, each drawn uniformly among
// all that do (some may repeat; but see maxListed), or all of them if
// there are no more than n; none if the hints contradict each other.
func (s *sampler) draw(hints []mastermind.Hint, n int) []mastermind.Code {
	in := mastermind.Instance{Max: s.max, Hints: hints}
	var out []mastermind.Code
	code := make(mastermind.Code, s.pegs)
	for range s.tries * n {
		s.fill(code)
		if in.Consistent(code) {
			if out = append(out, slices.Clone(code)); len(out) == n {
				return out
			}
		}
	}
	if len(hints) == 0 {
		return out // every code agrees: only a test's tries of 0 end here
	}
	// Too few agree to find by chance: list them (up to maxListed),
	// keeping a uniform sample of n (reservoir sampling: the k-th code
	// listed replaces one of the n kept with chance n/k).
	out = out[:0]
	seen := 0
	err := consistent.Solve(&in, func(c mastermind.Code) bool {
		seen++
		if len(out) < n {
			out = append(out, slices.Clone(c))
		} else if k := s.rng.IntN(seen); k < n {
			copy(out[k], c)
		}
		return seen < maxListed
	})
	if err != nil {
		return nil
	}
	return out
}

// fill makes c a code drawn uniformly among all codes.
func (s *sampler) fill(c mastermind.Code) {
	for i := range c {
		c[i] = uint8(1 + s.rng.IntN(s.max))
	}
}

// SampledRandom is the random strategy over games too large to list: a
// code drawn uniformly among those still possible.
type SampledRandom struct{ sampler }

// NewSampledRandom returns the random strategy for games of pegs pegs
// over max colours, of any size.
func NewSampledRandom(pegs, max int) *SampledRandom {
	return &SampledRandom{newSampler(pegs, max)}
}

// Guess implements Breaker.
func (r *SampledRandom) Guess(hints []mastermind.Hint) mastermind.Code {
	if codes := r.draw(hints, 1); len(codes) > 0 {
		return codes[0]
	}
	return r.ones() // the hints contradict each other
}

// ones returns the code of colour 1 at every peg: a guess for hints no
// code agrees with, as the Weigher's first code.
func (s *sampler) ones() mastermind.Code {
	c := make(mastermind.Code, s.pegs)
	for i := range c {
		c[i] = 1
	}
	return c
}

// SampledWeigher is a Weigher over games too large to list: it weighs a
// sample of the codes still possible against a sample of them.
type SampledWeigher struct {
	sampler
	criterion Criterion
	parts     []int
}

// NewSampledWeigher returns a breaker for games of pegs pegs over max
// colours, of any size, weighing guesses by criterion over samples.
func NewSampledWeigher(pegs, max int, criterion Criterion) *SampledWeigher {
	return &SampledWeigher{sampler: newSampler(pegs, max), criterion: criterion, parts: make([]int, (pegs+1)*(pegs+1))}
}

// Guess implements Breaker.
func (w *SampledWeigher) Guess(hints []mastermind.Hint) mastermind.Code {
	codes := w.draw(hints, sampleSize)
	switch len(codes) {
	case 0:
		return w.ones()
	case 1, 2:
		return codes[0]
	}
	// The guesses: the distinct codes among the first of the sample, then
	// random ones, which may split the codes better though they cannot
	// win (ties go to the first: a code still possible). The first guess
	// weighs one code of each pattern too (which colours repeat how
	// often), as every code of a pattern splits all the codes alike.
	var guesses []mastermind.Code
	for _, c := range codes {
		if len(guesses) == sampleGuesses {
			break
		}
		if !slices.ContainsFunc(guesses, func(g mastermind.Code) bool { return slices.Equal(g, c) }) {
			guesses = append(guesses, c)
		}
	}
	if len(hints) == 0 {
		guesses = append(guesses, patterns(w.pegs, w.max)...)
	}
	for range sampleOthers {
		c := make(mastermind.Code, w.pegs)
		w.fill(c)
		guesses = append(guesses, c)
	}
	best, bestRate := 0, math.Inf(-1)
	for g, guess := range guesses {
		clear(w.parts)
		for _, c := range codes {
			w.parts[answerIndex(mastermind.Score(guess, c), w.pegs)]++
		}
		if rate := w.criterion(w.parts, len(codes)); rate > bestRate {
			best, bestRate = g, rate
		}
	}
	return guesses[best]
}

// patterns returns a code of each pattern of pegs pegs over max colours:
// each way to split the pegs into at most max colours' counts, largest
// first, the colours in order (2 pegs of 1 and 1 of 2: [1 1 2]).
func patterns(pegs, max int) []mastermind.Code {
	var out []mastermind.Code
	code := make(mastermind.Code, 0, pegs)
	var split func(left, most int, colour uint8)
	split = func(left, most int, colour uint8) {
		if left == 0 {
			out = append(out, slices.Clone(code))
			return
		}
		if int(colour) > max {
			return
		}
		for n := min(left, most); n >= 1; n-- {
			for range n {
				code = append(code, colour)
			}
			split(left-n, n, colour+1)
			code = code[:len(code)-n]
		}
	}
	split(pegs, pegs, 1)
	return out
}
