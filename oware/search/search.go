// Package search holds the Oware players: the source's four move
// recommenders (minimax, negamax and alpha-beta in both forms, each to a
// chosen depth over the source's evaluation) and the default engine
// (principal variation search with iterative deepening, a transposition
// table, move ordering, late-move reductions and the endgame database).
//
// Every player is a Searcher: a game in (so that repetitions since the last
// capture count), a move out, with the search's progress reported through
// a function, never printed. Register adds a player of one's own; the
// commands, the protocol and the game find players by name.
package search

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gamelab/internal/registry"
	"gamelab/oware"
)

// Limits bounds a search: a depth in plies, a time, or both (0: none; a
// search with neither stops at MaxDepth or when ctx is done).
type Limits struct {
	Depth    int
	MoveTime time.Duration
}

// MaxDepth is the deepest any search goes.
const MaxDepth = 64

// String returns e.g. "depth 8" or "100ms".
func (l Limits) String() string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String())
	}
	if len(parts) == 0 {
		return "no limit"
	}
	return strings.Join(parts, ", ")
}

// Info is a search's progress after an iteration: the depth completed, the
// score for the side to move, the nodes visited so far, the time taken and
// the principal variation.
type Info struct {
	Depth int
	Score Score
	Nodes uint64
	Time  time.Duration
	PV    []oware.Move
}

// Result is what a search recommends: the move (oware.NoMove when the game
// is over) and the last Info.
type Result struct {
	Move oware.Move
	Info
}

// Searcher recommends a move in the game's current position. It calls
// report (which may be nil) after each depth it completes.
type Searcher interface {
	Search(ctx context.Context, g *oware.Game, limits Limits, report func(Info)) Result
}

// Factory makes a Searcher; each bench worker or match player owns one.
type Factory func() Searcher

var factories = registry.New[Factory]("engine")

// Register names a player; it panics if the name is taken.
func Register(name string, f Factory) { factories.Register(name, f) }

// Names returns the registered players, sorted.
func Names() []string { return factories.Names() }

// New returns a new player of the given name.
func New(name string) (Searcher, error) {
	f, err := factories.Lookup(name)
	if err != nil {
		return nil, err
	}
	return f(), nil
}

// DefaultEngine is the strongest player.
const DefaultEngine = "pvs"

func init() {
	Register(DefaultEngine, func() Searcher { return NewEngine(EngineOptions{}) })
	Register("minimax", func() Searcher { return Classic{Algorithm: Minimax} })
	Register("negamax", func() Searcher { return Classic{Algorithm: Negamax} })
	Register("alphabeta", func() Searcher { return Classic{Algorithm: AlphaBeta} })
	Register("alphabeta-negamax", func() Searcher { return Classic{Algorithm: AlphaBetaNegamax} })
}

// Score is a search's value of a position for the side to move: in
// hundredths of a seed, or beyond ±WinScore−MaxDepth a won or lost game,
// WinScore less the plies to its end.
type Score int32

// WinScore is the score of a game won now.
const WinScore Score = 30000

// Decided reports whether s is a won or lost game rather than an estimate.
func (s Score) Decided() bool { return s > WinScore-MaxDepth*4 || s < -WinScore+MaxDepth*4 }

// String returns the score as the protocol writes it: "cp 150" (one and a
// half seeds ahead), or "win 7" / "loss 6" with the plies to the end.
func (s Score) String() string {
	switch {
	case s > WinScore-MaxDepth*4:
		return fmt.Sprintf("win %d", WinScore-s)
	case s < -WinScore+MaxDepth*4:
		return fmt.Sprintf("loss %d", WinScore+s)
	}
	return fmt.Sprintf("cp %d", s)
}

// finalScore is the score for side of a game over in p (stores final):
// won, lost or drawn at ply plies from the root.
func finalScore(p oware.Position, side oware.Side, ply int) Score {
	switch lead := p.Lead(side); {
	case lead > 0:
		return WinScore - Score(ply)
	case lead < 0:
		return -WinScore + Score(ply)
	}
	return 0
}
