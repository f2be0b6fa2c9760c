package solve

import (
	"math"

	"gamelab/nerdle"
)

// splitter counts how a guess splits a set of possible secrets by feedback.
// It keeps one counter per feedback code and resets only those it touched,
// so that splitting a small set costs nothing for the 3^n codes unused.
type splitter struct {
	counts  []int32
	touched []nerdle.Feedback
	allG    nerdle.Feedback
}

func newSplitter(n int) *splitter {
	return &splitter{counts: make([]int32, nerdle.NumFeedbacks(n)), allG: nerdle.AllGreen(n)}
}

// split counts the classes of set under guess; the caller reads
// sp.touched and sp.counts, then calls reset.
func (sp *splitter) split(guess nerdle.Equation, set []nerdle.Equation) {
	for _, s := range set {
		f := nerdle.Score(s, guess)
		if sp.counts[f] == 0 {
			sp.touched = append(sp.touched, f)
		}
		sp.counts[f]++
	}
}

func (sp *splitter) reset() {
	for _, f := range sp.touched {
		sp.counts[f] = 0
	}
	sp.touched = sp.touched[:0]
}

// remaining estimates the guesses still needed, after the one being made,
// to find a secret in a class of k equations: 1 for a lone equation, 1.5
// for two, growing with the logarithm of k beyond. The curve is fitted to
// the classes of the best trees of lengths 7 and 8, where a class of 4
// needs 1.79 more guesses on average, of 10 1.95, of 20 2.04, of 100 2.25.
func remaining(k int32) float64 {
	if int(k) < len(remainingTable) {
		return remainingTable[k]
	}
	return remainingFit(float64(k))
}

func remainingFit(k float64) float64 { return 1.62 + 0.135*math.Log(k) }

// remainingTable holds remaining for the classes of most sizes met: its
// size bounds what it costs every command of the binary at its start.
var remainingTable = func() []float64 {
	t := make([]float64, 1<<12)
	for k := 4; k < len(t); k++ {
		t[k] = remainingFit(float64(k))
	}
	t[1], t[2], t[3] = 1, 1.5, 1.69
	return t
}()

// expectedCost estimates the guesses needed, counting this one, to find a
// secret of set (of size total) with guess, given its split in sp: one for
// this guess, plus for each class not solved by it the class's share times
// its estimated remainder.
func (sp *splitter) expectedCost(total int) float64 {
	sum := 0.0
	for _, f := range sp.touched {
		if f == sp.allG {
			continue
		}
		c := sp.counts[f]
		sum += float64(c) * remaining(c)
	}
	return 1 + sum/float64(total)
}

// cost returns the expected cost of guess on secrets (see expectedCost).
func (sp *splitter) cost(guess nerdle.Equation, secrets []nerdle.Equation) float64 {
	sp.split(guess, secrets)
	c := sp.expectedCost(len(secrets))
	sp.reset()
	return c
}
