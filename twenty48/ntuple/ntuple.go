// Package ntuple holds an n-tuple network for 2048: a value function over
// boards learned by temporal-difference learning, as the strongest published
// 2048 players use (Szubert and Jaśkowski, 2014; Yeh, Wu et al., 2016).
//
// The network sums, over the eight symmetries of the board, one weight per
// tuple: the four tuples are six cells each (two straight, two 2×3
// rectangles), so every tuple indexes 16⁶ weights by the exponents in its
// cells. It rates an afterstate (a board just moved, before its spawn) by
// the points still to come; a player adds the points of the move.
//
// It has two stages, each with weights of its own: boards without an
// 8192 tile, and boards with one or more (Yeh, Wu et al.'s multi-stage
// learning). The late game, where games are lost, asks other things of a
// position than the opening (room beside the 8192 rather than a long
// chain); one set of weights for both is pulled between them, and the
// few games that get far have little say in it. A network begins with
// one stage for all boards; once it plays well, Promote copies it to the
// second, which from then on learns and rates the late boards alone
// (Jaśkowski's weight promotion).
//
// Weights are read and written atomically, each on its own, so that
// training games on every core share one network without locks
// (asynchronous stochastic gradient descent, "Hogwild"): an update lost to
// a race is noise the learning absorbs.
package ntuple

import (
	"math"
	"sync/atomic"

	"gamelab/internal/hugepage"
	"gamelab/twenty48"
)

// Tuples is the number of tuples; Weights the number of weights of each;
// Stages the number of sets of them.
const (
	Tuples  = 4
	Weights = 1 << 24
	Stages  = 2
)

// Network is an n-tuple network. The zero value is not usable: use New.
type Network struct {
	w      [Stages][Tuples][]atomic.Uint32 // float32 bits
	staged bool                            // the second stage is in use
}

// New returns a network of one stage, its weights zero.
func New() *Network {
	n := &Network{}
	n.allocate(0)
	return n
}

// allocate makes the weights of stage s: a stage not in use takes no
// memory.
func (n *Network) allocate(s int) {
	for t := range n.w[s] {
		n.w[s][t] = hugepage.Slice[atomic.Uint32](Weights)
	}
}

// Staged reports whether the network has been promoted: whether its
// second stage rates the late boards.
func (n *Network) Staged() bool { return n.staged }

// stages returns the number of stages in use.
func (n *Network) stages() int { return stagesInUse(n.staged) }

// stagesInUse returns the number of stages in use of a network or its
// rates, promoted or not.
func stagesInUse(staged bool) int {
	if staged {
		return 2
	}
	return 1
}

// Promote copies the weights of the first stage to the second and puts it
// in use. Not safe while the network is in use.
func (n *Network) Promote() {
	n.allocate(1)
	for t := range n.w[1] {
		copy(n.w[1][t], n.w[0][t]) // nothing else reads or writes them now
	}
	n.staged = true
}

// stage returns the weights that rate b.
func (n *Network) stage(b twenty48.Board) *[Tuples][]atomic.Uint32 {
	return &n.w[n.stageIndex(b)]
}

// stageIndex returns the number of the stage that rates b: StageOf(b)
// once promoted, else 0.
func (n *Network) stageIndex(b twenty48.Board) int {
	if n.staged {
		return StageOf(b)
	}
	return 0
}

// StageOf returns the stage whose weights rate b: 1 if it holds a tile of
// 8192 or more (an exponent of 13, 14 or 15: binary 11 then 01, 10 or
// 11), else 0.
func StageOf(b twenty48.Board) int {
	x := uint64(b)
	if x>>3&(x>>2)&(x>>1|x)&0x1111111111111111 != 0 {
		return 1
	}
	return 0
}

// indexes returns the weight index of each tuple on b: cells 0–5 (the top
// row and two cells below), 4–9, 0–2 with 4–6, and 4–6 with 8–10, in row
// order, which the board's layout makes a few shifts.
func indexes(b twenty48.Board) [Tuples]uint32 {
	x := uint64(b)
	return [Tuples]uint32{
		uint32(x & 0xFFFFFF),
		uint32(x >> 16 & 0xFFFFFF),
		uint32(x&0xFFF | x>>4&0xFFF000),
		uint32(x>>16&0xFFF | x>>20&0xFFF000),
	}
}

// Value returns the network's rating of the afterstate b.
func (n *Network) Value(b twenty48.Board) float32 {
	return rate(n.stage(b), b)
}

// rate returns the rating of b by the weights w of one stage.
func rate(w *[Tuples][]atomic.Uint32, b twenty48.Board) float32 {
	sum := float32(0)
	for _, s := range b.Symmetries() {
		ix := indexes(s)
		sum += math.Float32frombits(w[0][ix[0]].Load()) +
			math.Float32frombits(w[1][ix[1]].Load()) +
			math.Float32frombits(w[2][ix[2]].Load()) +
			math.Float32frombits(w[3][ix[3]].Load())
	}
	return sum
}

// add moves the rating of b by delta, shared evenly by its weights, and
// returns the new rating.
func (n *Network) add(b twenty48.Board, delta float32) float32 {
	share := delta / (8 * Tuples)
	stage := n.stage(b)
	sum := float32(0)
	for _, s := range b.Symmetries() {
		for t, i := range indexes(s) {
			w := &stage[t][i]
			v := math.Float32frombits(w.Load()) + share
			w.Store(math.Float32bits(v))
			sum += v
		}
	}
	return sum
}

// Best returns the move on b with the most points now and rated to come,
// the board it leaves and its points, and false if no move changes b.
func (n *Network) Best(b twenty48.Board) (d twenty48.Direction, after twenty48.Board, points uint32, ok bool) {
	best := float32(0)
	for _, m := range twenty48.Directions {
		next, p := b.Move(m)
		if next == b {
			continue
		}
		if v := float32(p) + n.Value(next); !ok || v > best {
			d, after, points, best, ok = m, next, p, v, true
		}
	}
	return d, after, points, ok
}
