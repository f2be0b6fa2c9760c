package ntuple

import (
	"math"
	"sync/atomic"

	"gamelab/internal/hugepage"
	"gamelab/twenty48"
)

// Rates give every weight of a network a learning rate of its own, as
// temporal coherence learning does (Beal and Smith, 1999; for 2048,
// Jaśkowski, 2018): each weight keeps the sum of the changes asked of it
// and the sum of their sizes, and learns at their ratio. A weight whose
// errors keep pulling one way learns at a rate near 1; one pulled back
// and forth, by the chance of the spawns, near 0, so that it settles where
// a fixed rate would keep it trading one game's lesson for another's. No
// schedule of rates to tune: a rate falls as its weight's errors stop
// agreeing.
//
// From an untrained network, coherence learns about twice as fast as plain
// TD(0) at 0.1, and within six blocks of 20,000 games passes what plain TD
// reached over 857,423 (docs/notes/2048-code.md#coherence).
//
// Rates are safe for use by many goroutines as the network is: each sum
// is read and written atomically on its own.
type Rates struct {
	change, size [Stages][Tuples][]atomic.Uint32 // float32 bits
	staged       bool
}

// NewRates returns the rates of a network of one stage that has learned
// nothing: every weight at rate 1 until its first change.
func NewRates() *Rates {
	r := &Rates{}
	r.allocate(0)
	return r
}

// allocate makes the sums of stage s.
func (r *Rates) allocate(s int) {
	for t := range r.change[s] {
		r.change[s][t] = hugepage.Slice[atomic.Uint32](Weights)
		r.size[s][t] = hugepage.Slice[atomic.Uint32](Weights)
	}
}

// promote gives the second stage the first one's sums, as Promote gives
// it the weights: a promoted weight goes on at the rate it had.
func (r *Rates) promote() {
	r.allocate(1)
	for t := range r.change[1] {
		copy(r.change[1][t], r.change[0][t]) // nothing else reads or writes them now
		copy(r.size[1][t], r.size[0][t])
	}
	r.staged = true
}

// stages returns the number of stages in use.
func (r *Rates) stages() int { return stagesInUse(r.staged) }

// all returns the sums of the stages in use: every tuple's changes, then
// every tuple's sizes.
func (r *Rates) all() [][]atomic.Uint32 {
	k := r.stages()
	sums := make([][]atomic.Uint32, 0, 2*k*Tuples)
	for s := range k {
		sums = append(sums, r.change[s][:]...)
	}
	for s := range k {
		sums = append(sums, r.size[s][:]...)
	}
	return sums
}

// addCoherent moves the rating of b by err, shared evenly by its weights,
// each moving by beta times its own rate times its share; it returns the
// new rating. The network and the rates must have as many stages in use.
func (n *Network) addCoherent(b twenty48.Board, err, beta float32, r *Rates) float32 {
	share := err / (8 * Tuples)
	size := float32(math.Abs(float64(share)))
	k := n.stageIndex(b)
	w, change, sizes := &n.w[k], &r.change[k], &r.size[k]
	sum := float32(0)
	for _, s := range b.Symmetries() {
		for t, i := range indexes(s) {
			c, z := &change[t][i], &sizes[t][i]
			cv, zv := math.Float32frombits(c.Load()), math.Float32frombits(z.Load())
			rate := float32(1)
			if zv > 0 {
				rate = float32(math.Abs(float64(cv))) / zv
			}
			wt := &w[t][i]
			v := math.Float32frombits(wt.Load()) + beta*rate*share
			wt.Store(math.Float32bits(v))
			c.Store(math.Float32bits(cv + share))
			z.Store(math.Float32bits(zv + size))
			sum += v
		}
	}
	return sum
}
