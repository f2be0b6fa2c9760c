// Package match plays Oware players against each other through the shared
// benchmark runner: game pairs from varied openings with colours swapped,
// each worker owning its two players, results as wins, draws and losses of
// the first player with the score's error margin and the Elo difference.
package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/registry"
	"gamelab/oware"
	"gamelab/oware/search"
)

// Player is one side of a match: ours by spec, or an external command.
type Player struct {
	Spec    search.Spec // when Command is empty
	Command string      // an external engine's command line
}

// ParsePlayer reads "cmd:<command line>" or a search spec ("pvs",
// "alphabeta@8", "pvs:no-table").
func ParsePlayer(s string) (Player, error) {
	if command, ok, err := registry.ParseCommand(s); ok {
		return Player{Command: command}, err
	}
	spec, err := search.ParseSpec(s)
	if err != nil {
		return Player{}, err
	}
	return Player{Spec: spec}, nil
}

// String returns the player as ParsePlayer reads it.
func (p Player) String() string {
	if p.Command != "" {
		return registry.CommandPrefix + p.Command
	}
	return p.Spec.String()
}

// Config is a match.
type Config struct {
	First, Second Player
	MoveTime      time.Duration // per move, unless a spec fixes a depth
	Rules         oware.Rules
	OpeningPlies  int // random plies before the players take over (DefaultOpeningPlies is a good choice)
	HashMiB       int // each engine's table
	Tablebase     search.Tablebase
	MaxPlies      int    // a game still going after this many plies is scored as the stores stand
	Seed          uint64 // the run's seed, which draws the openings
	// Ponder has every engine that can think in its opponent's time
	// (ours, and programs that name a reply to ponder on).
	Ponder bool
	// Start runs an external engine's command (the protocol's client).
	Start func(command string) (External, error)
}

// Ply is what a match reports to a run's observer after each move (and
// once at the start, with no move): the position, the move that made it
// and which side the first player is.
type Ply struct {
	Position oware.Position
	Move     oware.Move // oware.NoMove at the start
	First    oware.Side
}

// External is an engine run as another program.
type External interface {
	search.Searcher
	NewGame()
	Err() error // the first failure talking to it
	Close() error
}

// DefaultOpeningPlies is the length of the random openings.
const DefaultOpeningPlies = 4

// MaxOpeningPlies bounds the random openings: longer ones would leave the
// engines little but the end of a game played at random.
const MaxOpeningPlies = 100

// MaxMoveTime bounds the time per move of a match.
const MaxMoveTime = time.Hour

// Metrics are what each game reports, after the result.
var Metrics = []bench.Metric{
	{Name: "plies", Better: bench.Lower},
	{Name: "lead", Unit: "seeds", Better: bench.Higher},
}

// BenchConfig returns the runner's configuration of games games.
func (c Config) BenchConfig(games int) bench.Config {
	return bench.Config{
		Game:    "oware",
		Name:    fmt.Sprintf("oware %v against %v, %v a move%s, %v", c.First, c.Second, c.limits(), map[bool]string{true: ", pondering"}[c.Ponder], c.Rules),
		Metrics: Metrics,
		Results: true,
		Games:   games,
		Seed:    c.Seed,
	}
}

func (c Config) limits() search.Limits { return search.Limits{MoveTime: c.MoveTime} }

// side is a player made for one worker.
type side struct {
	player Player
	s      search.Searcher
	client External
}

func (c Config) newSide(p Player) (*side, error) {
	if p.Command != "" {
		if c.Start == nil {
			return nil, fmt.Errorf("player %v: external engines cannot be run here", p)
		}
		cl, err := c.Start(p.Command)
		if err != nil {
			return nil, err
		}
		return &side{player: p, s: cl, client: cl}, nil
	}
	s := search.NewFromSpec(p.Spec, search.EngineOptions{Threads: 1, HashMiB: c.HashMiB, Tablebase: c.Tablebase})
	if c.Ponder {
		s = &pondering{Searcher: s, predicted: oware.NoMove}
	}
	return &side{player: p, s: s}, nil
}

// ponder has the side think in its opponent's time after its move in g,
// if the match ponders and the side can.
func (c Config) ponder(s *side, g *oware.Game) {
	if p, ok := s.s.(Ponderer); ok && c.Ponder && !g.Over() {
		p.Ponder(g, c.limits())
	}
}

// stopPondering ends both sides' pondering at the end of a game.
func (b *BenchPlayer) stopPondering() {
	for _, s := range b.sides {
		if p, ok := s.s.(Ponderer); ok {
			p.StopPondering()
		}
	}
}

// BenchPlayer is a worker's pair of players.
type BenchPlayer struct {
	cfg   Config
	sides [2]*side
}

// NewBenchPlayer makes a worker's two players (each engine single-threaded:
// the workers use the cores).
func NewBenchPlayer(c Config) (*BenchPlayer, error) {
	b := &BenchPlayer{cfg: c}
	for i, p := range []Player{c.First, c.Second} {
		s, err := c.newSide(p)
		if err != nil {
			b.Close()
			return nil, err
		}
		b.sides[i] = s
	}
	return b, nil
}

// Close stops external engines: the benchmark runner calls it when the
// worker's games are done (an engine's exit status is no failure of the
// match, so it returns nil).
func (b *BenchPlayer) Close() error {
	for _, s := range b.sides {
		if s != nil && s.client != nil {
			s.client.Close()
		}
	}
	return nil
}

// Opening returns the random opening of game pair k: OpeningPlies moves
// drawn from seed, none ending the game.
func Opening(seed uint64, plies int, rules oware.Rules) []oware.Move {
	rng := rand.New(rand.NewPCG(seed, 0x0a4e))
	g := oware.NewGame(oware.Start(), rules)
	for range plies {
		moves := g.Legal().Moves()
		g.Play(moves[rng.IntN(len(moves))])
		if g.Over() {
			g.Undo()
			break
		}
	}
	return g.Moves()
}

// Play implements bench.Player: game i opens with pair i/2's opening, the
// first player South in even games and North in odd ones.
func (b *BenchPlayer) Play(ctx context.Context, bg bench.Game) (bench.Outcome, error) {
	plies := b.cfg.OpeningPlies
	// Both games of a pair share the opening: it comes from the pair's
	// index and the run's seed, not from the game's own seed.
	opening := Opening(bench.SeedFor(b.cfg.Seed, bg.Index/2), plies, b.cfg.Rules)
	g := oware.NewGame(oware.Start(), b.cfg.Rules)
	for _, m := range opening {
		g.Play(m)
	}
	firstSide := oware.Side(bg.Index % 2)
	// An outside engine that failed (it forfeited the game before) is
	// run afresh for this one.
	for i, s := range b.sides {
		if s.client != nil && s.client.Err() != nil {
			s.client.Close()
			fresh, err := b.cfg.newSide(s.player)
			if err != nil {
				return bench.Outcome{}, err
			}
			b.sides[i] = fresh
		}
	}
	for _, s := range b.sides {
		if n, ok := s.s.(interface{ NewGame() }); ok {
			n.NewGame()
		}
	}
	bg.Observe(Ply{Position: g.Position(), Move: oware.NoMove, First: firstSide})
	maxPlies := b.cfg.MaxPlies
	if maxPlies == 0 {
		maxPlies = 1000
	}
	defer b.stopPondering()
	for !g.Over() && len(g.Moves()) < maxPlies {
		if err := ctx.Err(); err != nil {
			return bench.Outcome{}, err
		}
		mover := b.sides[0]
		if g.Position().ToMove() != firstSide {
			mover = b.sides[1]
		}
		r := mover.s.Search(ctx, g, b.cfg.limits(), nil)
		if _, err := g.Play(r.Move); err != nil {
			if err := ctx.Err(); err != nil {
				return bench.Outcome{}, err
			}
			if mover.client != nil && mover.client.Err() != nil {
				return b.forfeit(bg, g, firstSide, mover), nil
			}
			return bench.Outcome{}, fmt.Errorf("game %d after %s: %w", bg.Index, oware.FormatMoves(g.Moves()), err)
		}
		bg.Observe(Ply{Position: g.Position(), Move: r.Move, First: firstSide})
		b.cfg.ponder(mover, g)
	}
	final := g.Position()
	lead := final.Lead(firstSide)
	result := bench.Draw
	switch {
	case lead > 0:
		result = bench.Win
	case lead < 0:
		result = bench.Loss
	}
	return bench.Outcome{
		Values: []float64{float64(len(g.Moves())), float64(lead)},
		Result: result,
		Detail: fmt.Sprintf("%v as %v: %s %v", b.cfg.First, firstSide, oware.FormatMoves(g.Moves()), g.Result()),
	}, nil
}

// forfeit returns the outcome of game bg, lost by mover, an outside
// engine that stopped answering or answered what is no legal move: the
// run goes on, with the engine run afresh for the next game.
func (b *BenchPlayer) forfeit(bg bench.Game, g *oware.Game, firstSide oware.Side, mover *side) bench.Outcome {
	result, lead := bench.Win, float64(oware.TotalSeeds)
	if mover == b.sides[0] {
		result, lead = bench.Loss, -lead
	}
	return bench.Outcome{
		Values:  []float64{float64(len(g.Moves())), lead},
		Result:  result,
		Detail:  fmt.Sprintf("%v as %v: %s", b.cfg.First, firstSide, oware.FormatMoves(g.Moves())),
		Forfeit: fmt.Sprintf("%v: %v", mover.player, mover.client.Err()),
	}
}
