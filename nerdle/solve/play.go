package solve

import (
	"context"
	"fmt"
	"math/rand/v2"

	"gamelab/internal/bench"
	"gamelab/nerdle"
)

// GiveUp is the number of guesses after which Play stops a solver that has
// not found the secret.
const GiveUp = 30

// Play lets s find secret and returns the rows it played. It fails if s
// errs, guesses an invalid equation, or has not found the secret after
// GiveUp guesses. observe, if not nil, is called after every row.
func Play(ctx context.Context, s Solver, secret nerdle.Equation, r nerdle.Rules, observe func(nerdle.Row)) ([]nerdle.Row, error) {
	h := History{Length: secret.Len(), Rules: r}
	if sd, ok := s.(Seeder); ok {
		sd.Seed(uint64(secret))
	}
	for len(h.Rows) < GiveUp {
		if err := ctx.Err(); err != nil {
			return h.Rows, err
		}
		g, err := s.Guess(h)
		if err != nil {
			return h.Rows, fmt.Errorf("secret %v, after %d guesses: %w", secret, len(h.Rows), err)
		}
		if err := nerdle.Check(g.String(), r); err != nil || g.Len() != secret.Len() {
			return h.Rows, fmt.Errorf("secret %v: the solver guessed %v, which is not a valid equation of length %d", secret, g, secret.Len())
		}
		row := nerdle.Row{Guess: g, Feedback: nerdle.Score(secret, g)}
		h.Rows = append(h.Rows, row)
		if observe != nil {
			observe(row)
		}
		if row.Feedback == nerdle.AllGreen(secret.Len()) {
			return h.Rows, nil
		}
	}
	return h.Rows, fmt.Errorf("secret %v: not found in %d guesses", secret, GiveUp)
}

// BenchPlayer plays benchmark games, with the secrets of BenchSecret.
type BenchPlayer struct {
	u          *Universe
	solver     Solver
	rows       int
	exhaustive bool
}

// NewBenchPlayer returns a player that solves with a solver made by f; a
// game counts as failed if it takes more than rows guesses.
func NewBenchPlayer(u *Universe, f Factory, rows int, exhaustive bool) (*BenchPlayer, error) {
	s, err := f(u)
	if err != nil {
		return nil, err
	}
	return &BenchPlayer{u: u, solver: s, rows: rows, exhaustive: exhaustive}, nil
}

// BenchSecret returns the secret of benchmark game g: u.All[g.Index] when
// the run covers every equation, else one drawn from the game's seed.
func BenchSecret(u *Universe, g bench.Game, exhaustive bool) nerdle.Equation {
	if exhaustive {
		return u.All[g.Index]
	}
	return nerdle.RandomSecret(rand.New(rand.NewPCG(g.Seed, 0)), u.All)
}

// Play implements bench.Player.
func (p *BenchPlayer) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	secret := BenchSecret(p.u, g, p.exhaustive)
	rows, err := Play(ctx, p.solver, secret, p.u.Rules, nil)
	if err != nil {
		return bench.Outcome{}, err
	}
	return bench.Outcome{Value: float64(len(rows)), Failed: len(rows) > p.rows, Detail: secret.String()}, nil
}
