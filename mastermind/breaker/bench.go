package breaker

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"gamelab/internal/bench"
	"gamelab/mastermind"
)

// AllSecrets is the most secrets a benchmark plays every one of by
// default; larger games are sampled (SampledGames) unless a strategy
// tree plays them (DefaultGames).
const AllSecrets = 10000

// SampledGames is how many secrets a benchmark draws by default from a
// game of more than AllSecrets.
const SampledGames = 1000

// DefaultGames returns how many games a benchmark of b over a game of
// secrets codes plays when not told. That is every secret where there are
// at most AllSecrets, or where b plays a strategy tree, whose games are
// walks down it (all 32,768 secrets of 5 pegs over 8 colours take a tenth
// of a second). A tree's average over every secret is the figure that
// counts, and a sample's differs from it
// (docs/notes/mastermind-code.md#breaker-defaultgames). Otherwise it is
// SampledGames.
func DefaultGames(b Breaker, secrets int) int {
	if _, tree := b.(*TreeBreaker); tree || secrets <= AllSecrets {
		return secrets
	}
	return SampledGames
}

// MaxGuesses ends a benchmark game that a breaker has not won by then.
const MaxGuesses = 30

// Metrics are what the benchmark measures per game.
var Metrics = []bench.Metric{{Name: "guesses", Better: bench.Lower, Format: "%.4f"}}

// BenchConfig returns the benchmark of breaker b, of the strategy named,
// over games secrets of pegs pegs over max colours: every secret once when
// games is their number; games 0 plays DefaultGames.
func BenchConfig(b Breaker, strategy string, pegs, max, games int, seed uint64) bench.Config {
	secrets := 1
	for range pegs {
		secrets *= max
	}
	if games == 0 {
		games = DefaultGames(b, secrets)
	}
	return bench.Config{Game: "mastermind", Name: fmt.Sprintf("mastermind %d pegs, %d colours, strategy %s", pegs, max, strategy),
		Metrics: Metrics, Games: games, Secrets: secrets, Seed: seed}
}

// BenchPlayer plays benchmark games: it owns the secret, drawn from the
// game (the Secret-th code, or a random code from the game's seed), and
// answers the breaker's guesses; the breaker sees the hints only.
type BenchPlayer struct {
	b          Breaker
	pegs, max  int
	exhaustive bool
	renew      func() (Breaker, error) // makes the breaker afresh after a failure, if set
}

// RenewWith has p play on with a breaker from renew after one fails (a
// program that stopped answering forfeits its game and is run afresh);
// without it the run stops at the first failure.
func (p *BenchPlayer) RenewWith(renew func() (Breaker, error)) *BenchPlayer {
	p.renew = renew
	return p
}

// NewBenchPlayer returns a player of games of cfg with b.
func NewBenchPlayer(b Breaker, pegs, max int, cfg bench.Config) *BenchPlayer {
	return &BenchPlayer{b: b, pegs: pegs, max: max, exhaustive: cfg.Exhaustive()}
}

// Close closes the breaker if it is an io.Closer (a program run as the
// breaker): the benchmark closes its players when their games are done.
func (p *BenchPlayer) Close() error {
	if c, ok := p.b.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Play implements bench.Player.
func (p *BenchPlayer) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	secret := make(mastermind.Code, p.pegs)
	if p.exhaustive {
		k := g.Secret
		for i := p.pegs - 1; i >= 0; i-- {
			secret[i] = uint8(1 + k%p.max)
			k /= p.max
		}
	} else {
		rng := rand.New(rand.NewPCG(g.Seed, 0x6d6d))
		for i := range secret {
			secret[i] = uint8(1 + rng.IntN(p.max))
		}
	}
	if failure(p.b) != nil && p.renew != nil {
		p.Close()
		b, err := p.renew()
		if err != nil {
			return bench.Outcome{}, err
		}
		p.b = b
	}
	if s, ok := p.b.(Seeder); ok {
		s.Seed(g.PlayerSeed)
	}
	var hints []mastermind.Hint
	for n := 1; n <= MaxGuesses; n++ {
		if err := ctx.Err(); err != nil {
			return bench.Outcome{}, err
		}
		guess := p.b.Guess(hints)
		if err := failure(p.b); err != nil {
			if p.renew == nil || ctx.Err() != nil {
				return bench.Outcome{}, err // a program run as the breaker failed
			}
			return bench.Outcome{Values: []float64{MaxGuesses}, Failed: true, Forfeit: err.Error()}, nil
		}
		if len(guess) != p.pegs {
			return bench.Outcome{}, fmt.Errorf("the breaker guessed %v, not a code of %d pegs", guess, p.pegs)
		}
		a := mastermind.Score(guess, secret)
		g.Observe(mastermind.Hint{Guess: slices.Clone(guess), Answer: a})
		if a.Blacks == p.pegs {
			return bench.Outcome{Values: []float64{float64(n)}}, nil
		}
		hints = append(hints, mastermind.Hint{Guess: guess, Answer: a})
	}
	return bench.Outcome{Values: []float64{MaxGuesses}, Failed: true, Detail: fmt.Sprintf("not found in %d guesses", MaxGuesses)}, nil
}

// Figures derives the figures codebreakers are compared by: the guesses
// over all games (Knuth's 5801 for 4 pegs of 6 colours) and the games
// needing each number of guesses.
func Figures(r *bench.Report) []bench.Figure {
	total, worst := 0.0, 0.0
	for _, o := range r.Outcomes {
		total += o.Values[0]
		worst = max(worst, o.Values[0])
	}
	return []bench.Figure{
		{Name: "guesses in all", Value: total, Text: fmt.Sprintf("%.0f over %d games", total, len(r.Outcomes))},
		{Name: "worst case", Value: worst, Text: fmt.Sprintf("%.0f guesses", worst)},
	}
}

// failure returns why b stopped playing, for a breaker that can fail (a
// program run as the breaker has an Err method).
func failure(b Breaker) error {
	if f, ok := b.(interface{ Err() error }); ok {
		return f.Err()
	}
	return nil
}
