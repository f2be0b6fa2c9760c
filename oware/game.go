package oware

import (
	"errors"
	"fmt"
)

// End is why a game ended.
type End uint8

// The ends of a game.
const (
	NotOver    End = iota
	Majority       // a side captured 25 seeds or more
	NoMoves        // the side to move cannot move or cannot feed: each takes its own row
	Repetition     // the position repeated since the last capture (the cycle rule in force)
	UnderFour      // both rows held fewer than 4 seeds (CycleUnderFour)
	PlyLimit       // too many plies without a capture (CyclePlyLimit)
)

var endReasons = []string{
	NotOver:    "the game goes on",
	Majority:   "25 seeds captured",
	NoMoves:    "no move left: each side took the seeds on its row",
	Repetition: "the position repeated: the seeds left were shared out",
	UnderFour:  "both rows under four seeds: each side took its own",
	PlyLimit:   "too long without a capture: each side took its own row",
}

// String says why the game ended, in a few words.
func (e End) String() string { return nameOf(endReasons, int(e)) }

// Result is the outcome of a finished game.
type Result struct {
	End    End
	Winner Side // when not a draw
	Draw   bool
}

// String returns e.g. "South wins 26–18 (25 seeds captured)".
func (r Result) String() string {
	if r.End == NotOver {
		return r.End.String()
	}
	if r.Draw {
		return fmt.Sprintf("a draw (%v)", r.End)
	}
	return fmt.Sprintf("%v wins (%v)", r.Winner, r.End)
}

// resultOf returns the result of a game ended in p for the reason end.
func resultOf(p Position, end End) Result {
	lead := p.Lead(South)
	switch {
	case lead > 0:
		return Result{End: end, Winner: South}
	case lead < 0:
		return Result{End: end, Winner: North}
	}
	return Result{End: end, Draw: true}
}

// ErrIllegalMove is the error of a move the rules do not allow; Play
// wraps it with the reason.
var ErrIllegalMove = errors.New("illegal move")

// ErrGameOver is the error of a move played after the end.
var ErrGameOver = errors.New("the game is over")

// Game is a game for people: Play checks each move, the game keeps its
// record, ends by the rules (repetitions included) and can undo.
type Game struct {
	rules   Rules
	start   Position
	moves   []Move
	history []ply // history[i]: the position before moves[i] and what it captured
	current Position
	result  Result
}

type ply struct {
	before   Position
	captured int
}

// NewGame starts a game from start under rules. The start may already be
// over (a store of 25, no move for the side to move).
func NewGame(start Position, rules Rules) *Game {
	g := &Game{rules: rules, start: start, current: start}
	g.settle()
	return g
}

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the position now: after the end, the seeds gathered
// into the stores as the end demanded.
func (g *Game) Position() Position { return g.current }

// Moves returns the moves played.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Result returns the result; its End is NotOver while the game goes on.
func (g *Game) Result() Result { return g.result }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.result.End != NotOver }

// Legal returns the moves the side to move may play (none once over).
func (g *Game) Legal() MoveSet {
	if g.Over() {
		return 0
	}
	return g.current.Legal(g.rules)
}

// LastCapture returns the seeds the last move captured (0 before any).
func (g *Game) LastCapture() int {
	if len(g.history) == 0 {
		return 0
	}
	return g.history[len(g.history)-1].captured
}

// Play plays m for the side to move and returns the seeds it captured;
// an illegal move is refused with an error wrapping ErrIllegalMove that
// says why.
func (g *Game) Play(m Move) (int, error) {
	if g.Over() {
		return 0, fmt.Errorf("%v: %w: %v", m, ErrGameOver, g.result)
	}
	if err := g.check(m); err != nil {
		return 0, err
	}
	before := g.current
	captured := g.current.Apply(m, g.rules)
	g.moves = append(g.moves, m)
	g.history = append(g.history, ply{before: before, captured: captured})
	g.settle()
	return captured, nil
}

// check says why m is not legal, or returns nil.
func (g *Game) check(m Move) error {
	p, side := g.current, g.current.ToMove()
	legal := p.Legal(g.rules).Contains(m)
	switch {
	case m >= HouseCount:
		return fmt.Errorf("move %d: %w: no such house", m, ErrIllegalMove)
	case m.Side() != side:
		return fmt.Errorf("%v: %w: that house is %v's and %v is to move", m, ErrIllegalMove, m.Side(), side)
	case p.House(int(m)) == 0:
		return fmt.Errorf("%v: %w: the house is empty", m, ErrIllegalMove)
	case !legal && p.RowSeeds(side.Opponent()) == 0:
		return fmt.Errorf("%v: %w: %v has no seeds and this move does not reach them", m, ErrIllegalMove, side.Opponent())
	case !legal:
		return fmt.Errorf("%v: %w: it would capture every seed of %v (a grand slam)", m, ErrIllegalMove, side.Opponent())
	}
	return nil
}

// settle ends the game if the current position ends it.
func (g *Game) settle() {
	end := g.current.Ending(g.rules)
	if end == NotOver {
		end = g.cycleEnd()
	}
	if end == NotOver {
		g.result = Result{}
		return
	}
	g.current = g.current.Finish(end, g.rules)
	g.result = resultOf(g.current, end)
}

// cycleEnd returns the end the history brings under the cycle rule in
// force (a repetition, the ply limit), or NotOver.
func (g *Game) cycleEnd() End {
	quiet, seen := 0, 0
	for i := len(g.history) - 1; i >= 0 && g.history[i].captured == 0; i-- {
		quiet++
		if g.history[i].before == g.current {
			seen++
		}
	}
	return g.rules.CycleEnd(seen, quiet)
}

// Undo takes back the last move, and reports whether there was one.
func (g *Game) Undo() bool {
	n := len(g.history)
	if n == 0 {
		return false
	}
	g.current = g.history[n-1].before
	g.history = g.history[:n-1]
	g.moves = g.moves[:n-1]
	g.result = Result{}
	return true
}

// Record returns the game in the protocol's words: the rules, the start
// position and the moves, each on a line, as ParseRecord reads it.
func (g *Game) Record() string {
	return fmt.Sprintf("rules %v\nposition %v\nmoves %s\n", g.rules, g.start, FormatMoves(g.moves))
}
