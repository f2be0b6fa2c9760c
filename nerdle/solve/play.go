package solve

import (
	"context"
	"errors"
	"fmt"
	"io"

	"gamelab/internal/bench"
	"gamelab/nerdle"
)

// GiveUp is the number of guesses after which Play stops a solver that has
// not found the secret. A benchmark counts a game given up on, or lost by
// forfeit, as GiveUp guesses.
const GiveUp = 30

// ErrGaveUp is Play's error for a secret not found in GiveUp guesses.
var ErrGaveUp = fmt.Errorf("not found in %d guesses", GiveUp)

// Play lets s find secret and returns the rows it played. It fails if s
// errs, guesses an invalid equation, or has not found the secret after
// GiveUp guesses. observe, if not nil, is called after every row.
func Play(ctx context.Context, s Solver, secret nerdle.Equation, r nerdle.Rules, observe func(nerdle.Row)) ([]nerdle.Row, error) {
	h := History{Length: secret.Len(), Rules: r}
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
	return h.Rows, fmt.Errorf("secret %v: %w", secret, ErrGaveUp)
}

// Metrics are what a Nerdle benchmark measures: the guesses per game.
var Metrics = []bench.Metric{{Name: "guesses", Better: bench.Lower}}

// DefaultBenchGames is the size of a benchmark of u when none is asked
// for: every secret where that is quick (lengths up to 8), else 1000.
func DefaultBenchGames(u *Universe) int {
	if len(u.All) <= treeUniverseMax {
		return len(u.All)
	}
	return 1000
}

// BenchConfig returns the benchmark of solver over games secrets of u drawn
// from seed (every secret once when games is len(u.All)).
func BenchConfig(u *Universe, solver string, games int, seed uint64) bench.Config {
	return bench.Config{
		Game:    "nerdle",
		Name:    fmt.Sprintf("nerdle length %d, %v rules, solver %s", u.Length, u.Rules, solver),
		Metrics: Metrics,
		Games:   games,
		Secrets: len(u.All),
		Seed:    seed,
	}
}

// BenchPlayer plays benchmark games: game g's secret is u.All[g.Secret].
// The solver sees only the colours of its guesses and, if it is a Seeder,
// the game's player seed.
type BenchPlayer struct {
	u       *Universe
	solver  Solver
	rows    int
	factory Factory // to make the solver afresh after a program's failure
}

// NewBenchPlayer returns a player that solves with a solver made by f; a
// game counts as failed if it takes more than rows guesses.
func NewBenchPlayer(u *Universe, f Factory, rows int) (*BenchPlayer, error) {
	s, err := f(u)
	if err != nil {
		return nil, err
	}
	return &BenchPlayer{u: u, solver: s, rows: rows, factory: f}, nil
}

// Close closes the solver if it is an io.Closer (a program run as the
// solver): the benchmark closes its players when their games are done.
func (p *BenchPlayer) Close() error {
	if c, ok := p.solver.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Play implements bench.Player.
func (p *BenchPlayer) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	secret := p.u.All[g.Secret]
	if failed(p.solver) != nil {
		// A program that failed forfeited its game: it runs afresh.
		p.Close()
		s, err := p.factory(p.u)
		if err != nil {
			return bench.Outcome{}, err
		}
		p.solver = s
	}
	if sd, ok := p.solver.(Seeder); ok {
		sd.Seed(g.PlayerSeed)
	}
	rows, err := Play(ctx, p.solver, secret, p.u.Rules, func(r nerdle.Row) { g.Observe(r) })
	switch {
	case ctx.Err() != nil:
		return bench.Outcome{}, ctx.Err()
	case err == nil:
		return bench.Outcome{Values: []float64{float64(len(rows))}, Failed: len(rows) > p.rows, Detail: secret.String()}, nil
	case errors.Is(err, ErrGaveUp):
		return bench.Outcome{Values: []float64{GiveUp}, Failed: true, Detail: err.Error()}, nil
	}
	// The solver failed, or guessed what is no equation of the game: the
	// game is lost by forfeit and the run goes on. A program's reason is
	// its failure (it stopped, fell silent), else what it did.
	reason := err
	if ferr := failed(p.solver); ferr != nil {
		reason = ferr
	}
	return bench.Outcome{Values: []float64{GiveUp}, Failed: true, Detail: secret.String(), Forfeit: reason.Error()}, nil
}

// failed returns why s stopped playing, for a solver that can fail (a
// program run as the solver has an Err method).
func failed(s Solver) error {
	if f, ok := s.(interface{ Err() error }); ok {
		return f.Err()
	}
	return nil
}
