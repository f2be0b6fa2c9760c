// Package breaker holds Mastermind codebreakers: programs that choose the
// next guess from the hints so far. A Breaker sees the hints only, never
// the secret; Register names it for the benchmark and the game.
//
// The strategies that weigh guesses (Knuth's minimax, most parts,
// expected size, entropy) score every code against the codes still
// possible, as small integers from a table, in games of up to MaxCodes
// codes (4 pegs of 6 colours are 1,296; 5 of 8, 32,768); in larger ones
// they, and the random strategy, sample the codes still possible
// (SampledWeigher, SampledRandom).
package breaker

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gamelab/internal/cache"
	"gamelab/internal/registry"
	"gamelab/mastermind"
)

// Breaker chooses the next guess of a game of pegs pegs over max colours,
// given the hints so far (none at the start). It is told of each new game
// by being asked with no hints.
type Breaker interface {
	Guess(hints []mastermind.Hint) mastermind.Code
}

// Seeder is implemented by breakers that use randomness: the benchmark
// seeds them with the game's player seed.
type Seeder interface{ Seed(seed uint64) }

// Factory makes a breaker for games of pegs pegs over max colours.
type Factory func(pegs, max int, opts Options) (Breaker, error)

// Options are what a breaker may need from outside: where strategy trees
// are kept between runs ("" keeps nothing), and, if set, what to tell
// when one is built rather than read (a build can take minutes).
type Options struct {
	Cache    cache.Dir
	Building func(name string)
}

var factories = registry.New[Factory]("strategy")

// Register names a breaker; it panics if the name is taken.
func Register(name string, f Factory) { factories.Register(name, f) }

// Names returns the registered names, sorted.
func Names() []string { return factories.Names() }

// Lookup returns the factory registered as name.
func Lookup(name string) (Factory, error) { return factories.Lookup(name) }

// DefaultStrategy names the strongest registered strategy.
const DefaultStrategy = "entropy"

// MaxCodes is the most codes a game may have for the strategies that
// weigh every code as a guess.
const MaxCodes = 1 << 16

// Space is every code of a game, numbered in lexicographic order.
type Space struct {
	Pegs, Max int
	Codes     []mastermind.Code
	// answers[g*len(Codes)+s] is the answer index of guess g against
	// secret s, for spaces of up to tableCodes codes; larger ones answer
	// with scorer where their codes pack.
	answers []uint8
	scorer  *scorer
}

// tableCodes is the largest space whose answers are tabled (16 MiB).
const tableCodes = 4096

// answer returns the answer index of code g against code s.
func (s *Space) answer(g, c int) int {
	if s.answers != nil {
		return int(s.answers[g*len(s.Codes)+c])
	}
	if s.scorer != nil {
		return s.scorer.answerer()(g, c)
	}
	return answerIndex(mastermind.Score(s.Codes[g], s.Codes[c]), s.Pegs)
}

// row returns the answers of guess g against every code, by the code's
// index, if s has a table: a loop reading them there, rather than calling
// answer for each pair, made the benchmark of every 4-peg, 6-colour
// secret a third faster.
func (s *Space) row(g int) []uint8 {
	if s.answers == nil {
		return nil
	}
	n := len(s.Codes)
	return s.answers[g*n : (g+1)*n]
}

// answerer returns the fastest way to answer guesses against codes of s,
// for loops over millions of pairs: the scorer's own method where s has
// one (a call through answer's checks cost a third more).
func (s *Space) answerer() func(g, c int) int {
	if s.scorer != nil {
		return s.scorer.answerer()
	}
	return s.answer
}

// NewSpace lists the codes of pegs pegs over max colours.
func NewSpace(pegs, max int) (*Space, error) {
	if err := checkShape(pegs, max); err != nil {
		return nil, err
	}
	if n := math.Pow(float64(max), float64(pegs)); n > MaxCodes {
		count := fmt.Sprintf("%.0f", n)
		if n >= 1e12 {
			count = fmt.Sprintf("%d^%d", max, pegs) // not 64 digits
		}
		return nil, fmt.Errorf("%d pegs of %d colours: %s codes, more than the %d these strategies weigh", pegs, max, count, MaxCodes)
	}
	s := &Space{Pegs: pegs, Max: max}
	code := make(mastermind.Code, pegs)
	var rec func(p int)
	rec = func(p int) {
		if p == pegs {
			s.Codes = append(s.Codes, slices.Clone(code))
			return
		}
		for c := 1; c <= max; c++ {
			code[p] = uint8(c)
			rec(p + 1)
		}
	}
	rec(0)
	n := len(s.Codes)
	if n > tableCodes {
		s.scorer = newScorer(s)
		return s, nil
	}
	s.answers = make([]uint8, n*n)
	for g := range n {
		for c := range n {
			s.answers[g*n+c] = uint8(answerIndex(mastermind.Score(s.Codes[g], s.Codes[c]), pegs))
		}
	}
	return s, nil
}

// MaxPegs is the longest code the codebreakers break: past 20 pegs a
// sampling codebreaker's guesses take from seconds to hours each (24 pegs
// of 6 colours: no game in two minutes), where at 20 they take a fraction
// of a second.
const MaxPegs = 20

// checkShape reports whether pegs pegs over max colours make a game the
// codebreakers play.
func checkShape(pegs, max int) error {
	if pegs < 1 || max < 1 {
		return fmt.Errorf("%d pegs of %d colours: want at least one peg and one colour", pegs, max)
	}
	if pegs > MaxPegs {
		return fmt.Errorf("%d pegs: the codebreakers break codes of 1 to %d pegs", pegs, MaxPegs)
	}
	if max > mastermind.MaxColours {
		return fmt.Errorf("%d colours: want at most %d", max, mastermind.MaxColours)
	}
	return nil
}

// listable reports whether a game of pegs pegs over max colours is small
// enough for a Space: at most MaxCodes codes.
func listable(pegs, max int) bool {
	return math.Pow(float64(max), float64(pegs)) <= MaxCodes
}

// sampling reports whether pegs pegs over max colours make a game too
// large for a Space, which the sampling strategies play; NewSpace says
// what is wrong with a shape that makes no game.
func sampling(pegs, max int) bool {
	return checkShape(pegs, max) == nil && !listable(pegs, max)
}

// index returns where code is in s.Codes: the first peg the most
// significant digit.
func (s *Space) index(code mastermind.Code) int {
	i := 0
	for _, c := range code {
		i = i*s.Max + int(c) - 1
	}
	return i
}

// answerIndex numbers an answer from 0 to (pegs+1)²-1.
func answerIndex(a mastermind.Answer, pegs int) int { return a.Blacks*(pegs+1) + a.Whites }

// possible returns the indexes of the codes consistent with hints.
func (s *Space) possible(hints []mastermind.Hint) []int {
	// Each hint's guess as a code of s and its answer as an index, so
	// that the codes are tried through the table or the scorer (Score
	// was most of an answer's time at 5 pegs of 9 colours); a guess that
	// is no code of s is tried by Score.
	guesses, answers := make([]int, len(hints)), make([]int, len(hints))
	for i, h := range hints {
		if !s.has(h.Guess) {
			return s.possibleByScore(hints)
		}
		guesses[i], answers[i] = s.index(h.Guess), answerIndex(h.Answer, s.Pegs)
	}
	answer := s.answerer()
	var out []int
codes:
	for c := range s.Codes {
		for i, g := range guesses {
			if answer(g, c) != answers[i] {
				continue codes
			}
		}
		out = append(out, c)
	}
	return out
}

// possibleByScore is possible for hints whose guesses may not be codes of
// s.
func (s *Space) possibleByScore(hints []mastermind.Hint) []int {
	var out []int
	in := mastermind.Instance{Max: s.Max, Hints: hints}
	for i, c := range s.Codes {
		if in.Consistent(c) {
			out = append(out, i)
		}
	}
	return out
}

// has reports whether code is one of s's: as many pegs, colours from 1 to
// Max.
func (s *Space) has(code mastermind.Code) bool {
	if len(code) != s.Pegs {
		return false
	}
	for _, c := range code {
		if c < 1 || int(c) > s.Max {
			return false
		}
	}
	return true
}

// Random guesses a random code consistent with the hints so far: the
// baseline.
type Random struct {
	space *Space
	rng   *rand.Rand
}

// Seed implements Seeder.
func (r *Random) Seed(seed uint64) { r.rng = rand.New(rand.NewPCG(seed, 0x6d6d)) }

// Guess implements Breaker.
func (r *Random) Guess(hints []mastermind.Hint) mastermind.Code {
	if r.rng == nil {
		r.Seed(1)
	}
	left := r.space.possible(hints)
	if len(left) == 0 {
		return r.space.Codes[0]
	}
	return r.space.Codes[left[r.rng.IntN(len(left))]]
}

// Criterion rates a guess by the sizes of the parts it splits the codes
// still possible into (parts[a]: the codes that would answer a); higher is
// better.
type Criterion func(parts []int, total int) float64

// The criteria of the classic strategies.
var (
	// Minimax is Knuth's: the largest part, as small as can be.
	Minimax Criterion = func(parts []int, _ int) float64 { return -float64(slices.Max(parts)) }
	// MostParts is Kooi's: as many parts as can be.
	MostParts Criterion = func(parts []int, _ int) float64 {
		n := 0
		for _, p := range parts {
			if p > 0 {
				n++
			}
		}
		return float64(n)
	}
	// ExpectedSize is Irving's: the expected size of the part the answer
	// leaves, as small as can be.
	ExpectedSize Criterion = func(parts []int, total int) float64 {
		s := 0.0
		for _, p := range parts {
			s += float64(p * p)
		}
		return -s / float64(total)
	}
	// Entropy is Neuwirth's: the information the answer gives, as much as
	// can be.
	Entropy Criterion = func(parts []int, total int) float64 {
		h := 0.0
		for _, p := range parts {
			if p > 0 {
				q := float64(p) / float64(total)
				h -= q * math.Log2(q)
			}
		}
		return h
	}
)

// Weigher guesses, of every code, the one its criterion rates best
// against the codes still possible; ties go to a code still possible, then
// to the first in order (Knuth's rule). Every code is weighed on every
// core (as the strategy trees weigh them); the first guess, weighed once
// and remembered, only one code of each pattern, as before any answer
// every code of a pattern splits the codes alike.
type Weigher struct {
	space   *Space
	chooser treeBuilder
	first   mastermind.Code
}

// NewWeigher returns a breaker weighing guesses by criterion.
func NewWeigher(space *Space, criterion Criterion) *Weigher {
	metric := func(parts []int, total int) float64 { return -criterion(parts, total) }
	return &Weigher{space: space, chooser: treeBuilder{space: space, answer: space.answerer(), metric: metric, answers: (space.Pegs + 1) * (space.Pegs + 1)}}
}

// Guess implements Breaker.
func (w *Weigher) Guess(hints []mastermind.Hint) mastermind.Code {
	if len(hints) == 0 && w.first != nil {
		return w.first
	}
	left := w.space.possible(hints)
	switch len(left) {
	case 0:
		return w.space.Codes[0] // the hints contradict each other
	case 1, 2:
		return w.space.Codes[left[0]]
	}
	best := w.space.Codes[w.chooser.choose(left, 1)[0]]
	if len(hints) == 0 {
		w.first = best
	}
	return best
}

// The random and weighing strategies play games of any size: over more
// than MaxCodes codes they sample (sample.go).
func init() {
	Register("random", func(pegs, max int, _ Options) (Breaker, error) {
		if sampling(pegs, max) {
			return NewSampledRandom(pegs, max), nil
		}
		s, err := NewSpace(pegs, max)
		return &Random{space: s}, err
	})
	for name, c := range map[string]Criterion{"knuth": Minimax, "most-parts": MostParts, "expected-size": ExpectedSize, "entropy": Entropy} {
		Register(name, func(pegs, max int, _ Options) (Breaker, error) {
			if sampling(pegs, max) {
				return NewSampledWeigher(pegs, max, c), nil
			}
			s, err := NewSpace(pegs, max)
			if err != nil {
				return nil, err
			}
			return NewWeigher(s, c), nil
		})
	}
}
