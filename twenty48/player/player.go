// Package player holds 2048 players: programs that choose a move for a
// board, as the specification's Game2048Strategy does. A Strategy sees the
// board only (it may keep its own scratch memory, so each goroutine needs
// its own, made by a Factory); Register names it for the benchmark, the
// protocol and the game's hint and autoplay.
//
// The default player, Expectimax, searches the moves and the spawns to a
// depth set by its Budget, rating positions with line tables.
package player

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/registry"
	"gamelab/twenty48"
	"gamelab/twenty48/ntuple"
)

// Strategy chooses the next move for a board. It returns false when no
// move changes the board; otherwise the move it returns changes it.
type Strategy interface {
	Move(b twenty48.Board) (twenty48.Direction, bool)
}

// GridStrategy is implemented by strategies that take the grid itself,
// where a Board holds tiles over 32768 as 32768s (a program run as the
// player, which may see them): Choose gives them the grid.
type GridStrategy interface {
	Strategy
	MoveGrid(g twenty48.Grid) (twenty48.Direction, bool)
}

// Failure returns why s stopped playing, for a strategy that can fail (a
// program run as the player has an Err method): after a Move that found
// no move, it tells a failure from a game over.
func Failure(s Strategy) error {
	if f, ok := s.(interface{ Err() error }); ok {
		return f.Err()
	}
	return nil
}

// Choose returns s's move on g, a 4×4 grid without evil tiles, which s
// sees as a Board (twenty48.BoardOf) unless it is a GridStrategy; false
// if no move changes g, or s failed (Failure). On a grid whose only moves
// merge tiles of 32768 or more, which a Board cannot, it plays the first
// of those, as the only way on: a player's best games would otherwise
// end there.
func Choose(s Strategy, g twenty48.Grid) (twenty48.Direction, bool) {
	if gs, ok := s.(GridStrategy); ok {
		return gs.MoveGrid(g)
	}
	b, ok := twenty48.BoardOf(g)
	if !ok {
		return 0, false
	}
	if d, ok := s.Move(b); ok || Failure(s) != nil {
		return d, ok
	}
	for _, d := range twenty48.Directions {
		if _, _, moved := g.Move(d, nil); moved {
			return d, true
		}
	}
	return 0, false
}

// Seeder is implemented by strategies that use randomness: the benchmark
// seeds them with the game's player seed.
type Seeder interface {
	Seed(seed uint64)
}

// Options say how a Factory's strategy plays.
type Options struct {
	Budget Budget
	// Network, if not nil, is a trained network to rate positions with,
	// for the strategies that can (Expectimax); it is shared, read only.
	Network *ntuple.Network
	// OneCore has Expectimax weigh the root moves one after the other
	// rather than on all cores at once. Its moves then depend on the board
	// alone, where the root moves' searches, sharing one transposition
	// table as they run side by side, meet each other's entries at times
	// the scheduler decides: the benchmark plays games side by side on
	// all cores instead, so that a seed replays its games exactly.
	OneCore bool
}

// Factory makes a strategy.
type Factory func(Options) Strategy

var factories = registry.New[Factory]("player")

// Register names a strategy; it panics if the name is taken.
func Register(name string, f Factory) { factories.Register(name, f) }

// Names returns the registered names, sorted.
func Names() []string { return factories.Names() }

// Lookup returns the factory registered as name.
func Lookup(name string) (Factory, error) { return factories.Lookup(name) }

// DefaultPlayer names the strongest player.
const DefaultPlayer = "expectimax"

// NetworkGames is how many games a cached network must have been trained
// over for the default player to rate positions with it rather than with
// the heuristic: trained less, it plays worse. With a tenth of the
// heuristic added, as the levels add it, a network of 311,145 games (by
// temporal coherence, the trainer's default) made 16384 in 31 of 40 games
// at the strong level, where the heuristic's strong level makes it in
// about 86 of 100; trained on to 477,267 games, in all of 30, and 32768 in
// 6 (docs/notes/2048.md).
const NetworkGames = 500_000

// ParseBudget reads a budget as users write it: fast, strong, or a time
// per move such as 50ms, searched as the fast level first and then wider
// while the time allows. The levels search less deep with a network,
// whose ratings cost more and see further.
func ParseBudget(s string, network bool) (Budget, error) {
	switch {
	case s == "fast" && network:
		return FastNetwork, nil
	case s == "fast":
		return Fast, nil
	case s == "strong" && network:
		return StrongNetwork, nil
	case s == "strong":
		return Strong, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return Budget{}, fmt.Errorf("budget %q: fast, strong, or a time per move such as 50ms", s)
	}
	b := Fast
	if network {
		b = FastNetwork
	}
	b.PerMove = d
	return b, nil
}

// Random plays a random move that changes the board: the baseline.
type Random struct{ rng *rand.Rand }

// Seed implements Seeder.
func (r *Random) Seed(seed uint64) { r.rng = rand.New(rand.NewPCG(seed, 0x32303438)) }

// Move implements Strategy.
func (r *Random) Move(b twenty48.Board) (twenty48.Direction, bool) {
	var moves []twenty48.Direction
	for _, d := range twenty48.Directions {
		if next, _ := b.Move(d); next != b {
			moves = append(moves, d)
		}
	}
	if len(moves) == 0 {
		return 0, false
	}
	if r.rng == nil {
		r.Seed(1)
	}
	return moves[r.rng.IntN(len(moves))], true
}

func init() {
	Register(DefaultPlayer, func(o Options) Strategy {
		e := NewExpectimax(o.Budget, o.Network)
		e.oneCore = o.OneCore
		return e
	})
	Register("random", func(Options) Strategy { return &Random{} })
}

// Metrics are what the 2048 benchmark measures per game.
var Metrics = []bench.Metric{
	{Name: "max tile", Better: bench.Higher, Format: "%.0f", Powers: true},
	{Name: "score", Better: bench.Higher, Format: "%.0f"},
	{Name: "moves", Better: bench.Higher, Format: "%.0f"},
}

// BenchConfig returns the benchmark over games seeded games of the player
// described by about (its name, and its budget if it has one).
func BenchConfig(about string, games int, seed uint64) bench.Config {
	return bench.Config{Game: "2048", Name: "2048 4×4, player " + about, Metrics: Metrics, Games: games, Seed: seed}
}

// BenchPlayer plays benchmark games: the game owns the board and the
// spawns (drawn from the game's seed); the strategy sees the board only,
// and its player seed if it is a Seeder.
type BenchPlayer struct {
	s     Strategy
	suite Suite
	renew func() Strategy // makes a strategy afresh after a failure, if set
}

// RenewWith has p play on with a strategy from renew after one fails (a
// program that stopped answering forfeits its game and is run afresh);
// without it the run stops at the first failure.
func (p *BenchPlayer) RenewWith(renew func() Strategy) *BenchPlayer {
	p.renew = renew
	return p
}

// NewBenchPlayer returns a player of benchmark games with s: whole games.
func NewBenchPlayer(s Strategy) *BenchPlayer { return &BenchPlayer{s: s} }

// NewSuitePlayer returns a player of the games of suite with s.
func NewSuitePlayer(s Strategy, suite Suite) *BenchPlayer { return &BenchPlayer{s: s, suite: suite} }

// Play implements bench.Player: it plays one seeded game to its end (or to
// the suite's tile), reporting each move to the run's observer.
func (p *BenchPlayer) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	if Failure(p.s) != nil && p.renew != nil {
		p.Close()
		p.s = p.renew()
		if err := Failure(p.s); err != nil {
			return bench.Outcome{}, err // it does not even start: no game to forfeit
		}
	}
	if sd, ok := p.s.(Seeder); ok {
		sd.Seed(g.PlayerSeed)
	}
	game, err := p.newGame(g)
	if err != nil {
		return bench.Outcome{}, err
	}
	stop := p.suite.StopAt
	for !game.Over() {
		grid := game.Grid()
		if stop > 0 && grid.MaxExp() >= stop {
			if p.suite.Reached != nil {
				b, _ := twenty48.BoardOf(grid)
				p.suite.Reached(g.Index, b)
			}
			break
		}
		if err := ctx.Err(); err != nil {
			return bench.Outcome{}, err
		}
		d, ok := Choose(p.s, grid)
		if !ok {
			if err := Failure(p.s); err != nil {
				if p.renew == nil || ctx.Err() != nil {
					return bench.Outcome{}, err
				}
				o := p.outcome(game)
				o.Forfeit = err.Error()
				return o, nil
			}
			return bench.Outcome{}, fmt.Errorf("the player found no move on a live board")
		}
		if err := game.Play(twenty48.Move(d), nil); err != nil {
			return bench.Outcome{}, fmt.Errorf("move %d (%v): %w", len(game.Moves())+1, d, err)
		}
		g.Observe(Frame{Grid: game.Grid(), Score: game.Score(), Moves: len(game.Moves())})
	}
	return p.outcome(game), nil
}

// outcome returns the figures of game as it stands.
func (p *BenchPlayer) outcome(game *twenty48.Game) bench.Outcome {
	maxTile := float64(uint64(1) << game.Grid().MaxExp())
	return bench.Outcome{
		Values: []float64{maxTile, float64(game.Score()), float64(len(game.Moves()))},
		Detail: fmt.Sprintf("max %.0f", maxTile),
	}
}

// Close closes the strategy, if it is an io.Closer (a program run as the
// player): the benchmark closes its players when their games are done.
func (p *BenchPlayer) Close() error {
	if c, ok := p.s.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// newGame starts benchmark game g: at its position of the suite, if it
// has any, else from two spawned tiles.
func (p *BenchPlayer) newGame(g bench.Game) (*twenty48.Game, error) {
	if len(p.suite.Starts) == 0 {
		return twenty48.New(4, g.Seed, twenty48.ClassicMode, 0)
	}
	if g.Secret >= len(p.suite.Starts) {
		return nil, fmt.Errorf("game %d: position %d of %d", g.Index, g.Secret+1, len(p.suite.Starts))
	}
	return twenty48.NewFrom(p.suite.Starts[g.Secret].Grid(), g.Seed, twenty48.ClassicMode, 0)
}

// Frame is what a benchmark game reports to the run's observer after each
// move: the board and the figures, copied.
type Frame struct {
	Grid  twenty48.Grid
	Score int64
	Moves int
}
