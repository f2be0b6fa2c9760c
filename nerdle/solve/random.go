package solve

import (
	"math/rand/v2"
	"slices"

	"gamelab/nerdle"
)

// Seeder is implemented by solvers that use randomness; the benchmark seeds
// them before each game so that results do not depend on which worker
// played which game.
type Seeder interface {
	Seed(seed uint64)
}

// Random guesses an equation drawn uniformly from those consistent with
// every colour so far: the baseline every other solver must beat.
type Random struct {
	u   *Universe
	rng *rand.Rand

	// The candidates after the rows of the last call, so that a game's
	// next call filters only them.
	rows  []nerdle.Row
	cands []nerdle.Equation
}

// NewRandom returns a Random solver over u.
func NewRandom(u *Universe) *Random {
	return &Random{u: u, rng: rand.New(rand.NewPCG(1, 2))}
}

// Seed implements Seeder.
func (r *Random) Seed(seed uint64) { r.rng = rand.New(rand.NewPCG(seed, 0x72616e646f6d)) }

// Guess implements Solver.
func (r *Random) Guess(h History) (nerdle.Equation, error) {
	var c []nerdle.Equation
	if n := len(r.rows); n > 0 && len(h.Rows) == n+1 && slices.Equal(h.Rows[:n], r.rows) {
		last := h.Rows[n]
		c = Filter(r.cands, last.Guess, last.Feedback)
	} else {
		c = r.u.Candidates(h)
	}
	r.rows, r.cands = slices.Clone(h.Rows), c
	if len(c) == 0 {
		return 0, ErrInconsistent
	}
	return c[r.rng.IntN(len(c))], nil
}

func init() {
	Register("random", func(u *Universe) (Solver, error) { return NewRandom(u), nil })
}
