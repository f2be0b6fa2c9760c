package twenty48

import (
	"errors"
	"fmt"
	"strings"
)

// Mode is a variant of the game.
type Mode uint8

// The variants.
const (
	// ClassicMode is the game as the specification states it.
	ClassicMode Mode = iota
	// ShuffleMode adds a move, ShuffleMove, that redistributes every tile
	// on the board at random (and adds no tile).
	ShuffleMode
	// EvilMode spawns, one time in ten, an evil tile in place of a 2: it
	// takes a cell, merges with nothing, and vanishes with the evil tile it
	// meets.
	EvilMode
)

var modeNames = []string{"classic", "shuffle", "evil"}

// String returns the mode's name.
func (m Mode) String() string { return modeNames[m] }

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	for i, name := range modeNames {
		if s == name {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("mode %q: choose %s", s, strings.Join(modeNames, ", "))
}

// Move is a player's move: a direction, or ShuffleMove in the shuffle mode.
type Move uint8

// ShuffleMove redistributes the tiles, in the shuffle mode; the directions
// are the other moves (Move(Up) and so on).
const ShuffleMove Move = 4

// String returns the move's letter: U, D, L, R, or S for a shuffle.
func (m Move) String() string { return "UDLRS"[m : m+1] }

// ParseMoves reads moves written together, one letter each ("UULRS").
func ParseMoves(s string) ([]Move, error) {
	moves := make([]Move, 0, len(s))
	for i, c := range strings.ToUpper(s) {
		k := strings.IndexRune("UDLRS", c)
		if k < 0 {
			return nil, fmt.Errorf("move %d: %q is not a move (U, D, L, R or S)", i+1, c)
		}
		moves = append(moves, Move(k))
	}
	return moves, nil
}

// WinExp is the exponent of the winning tile, 2048.
const WinExp = 11

// ErrNoMove is a move that changes nothing: it is not a move.
var ErrNoMove = errors.New("nothing moves that way")

// state is what undo restores.
type state struct {
	grid  Grid
	score int64
	rng   Stream
}

// Game is one game of 2048: the validated play for people, with seeded
// spawns (so that its seed and moves replay it anywhere), its score, its
// moves, and an undo of up to a set number of moves. Its methods keep it
// in a legal state.
type Game struct {
	state
	seed    uint64
	mode    Mode
	moves   []Move  // the moves that stand (undone ones removed)
	undo    int     // how many moves may be undone
	history []state // the states before the last moves, at most undo
	won     bool    // 2048 was reached (play goes on)
	start   *Grid   // the position the game started from, if not spawned
}

// New starts a game on a size × size board with the given seed and mode,
// allowing undo moves to be undone: the two starting tiles are the
// stream's first two draws.
func New(size int, seed uint64, mode Mode, undo int) (*Game, error) {
	grid, err := NewGrid(size)
	if err != nil {
		return nil, err
	}
	if mode > EvilMode {
		return nil, fmt.Errorf("mode %d: no such mode", mode)
	}
	if undo < 0 {
		return nil, fmt.Errorf("undo %d: want 0 or more", undo)
	}
	g := &Game{state: state{grid: grid, rng: NewStream(seed)}, seed: seed, mode: mode, undo: undo}
	g.spawn()
	g.spawn()
	return g, nil
}

// NewFrom starts a game from the position grid (a puzzle, a test, a
// position to study) rather than from two spawned tiles; the seed draws the
// tiles to come.
func NewFrom(grid Grid, seed uint64, mode Mode, undo int) (*Game, error) {
	g, err := New(grid.n, seed, mode, undo)
	if err != nil {
		return nil, err
	}
	g.grid, g.rng, g.start = grid, NewStream(seed), &grid
	return g, nil
}

// spawn places the tile of the next draw on an empty cell, if there is
// one.
func (g *Game) spawn() {
	empty := g.grid.Empty()
	if empty == 0 {
		return
	}
	u := g.rng.Next()
	k, exp := spawnOf(u, empty)
	if g.mode == EvilMode && (u&0xffffffff)%10 == 1 {
		exp = Evil
	}
	for i, e := range g.grid.cells[:g.grid.n*g.grid.n] {
		if e != 0 {
			continue
		}
		if k == 0 {
			g.grid.cells[i] = exp
			return
		}
		k--
	}
}

// Play makes move m. A direction that moves nothing is refused with
// ErrNoMove and changes nothing; so is a shuffle outside the shuffle mode.
// slides, if not nil, is told each tile's journey (for animation).
func (g *Game) Play(m Move, slides func(Slide)) error {
	if g.Over() {
		return errors.New("the game is over")
	}
	before := g.state
	switch {
	case m == ShuffleMove:
		if g.mode != ShuffleMode {
			return errors.New("shuffles are for the shuffle mode")
		}
		g.shuffle()
	case m < ShuffleMove:
		next, score, moved := g.grid.Move(Direction(m), slides)
		if !moved {
			return ErrNoMove
		}
		g.grid, g.score = next, g.score+score
		g.spawn()
	default:
		return fmt.Errorf("move %d: no such move", m)
	}
	g.moves = append(g.moves, m)
	if g.undo > 0 {
		if len(g.history) == g.undo {
			g.history = g.history[1:]
		}
		g.history = append(g.history, before)
	}
	if g.grid.MaxExp() >= WinExp {
		g.won = true
	}
	return nil
}

// shuffle redistributes the tiles over the board: a Fisher-Yates shuffle
// of the cells with one draw per swap.
func (g *Game) shuffle() {
	cells := g.grid.cells[:g.grid.n*g.grid.n]
	for i := len(cells) - 1; i > 0; i-- {
		j := int((g.rng.Next() >> 32) * uint64(i+1) >> 32)
		cells[i], cells[j] = cells[j], cells[i]
	}
}

// Undo takes back the last move, if the undo allowance still covers it,
// and reports whether it did. The tile that move spawned goes too, and the
// stream goes back with it: the same move brings the same tile.
func (g *Game) Undo() bool {
	if len(g.history) == 0 {
		return false
	}
	g.state = g.history[len(g.history)-1]
	g.history = g.history[:len(g.history)-1]
	g.moves = g.moves[:len(g.moves)-1]
	return true
}

// CanUndo returns how many moves can be undone now.
func (g *Game) CanUndo() int { return len(g.history) }

// Over reports whether no move is possible. In the shuffle mode a board
// that no direction moves still lives while a shuffle could help: while
// two of its tiles could merge.
func (g *Game) Over() bool {
	return !g.grid.CanMove() && !(g.mode == ShuffleMode && g.twins())
}

// twins reports whether two tiles of the board are alike (two of a value,
// or two evil tiles), so that some arrangement would let them meet.
func (g *Game) twins() bool {
	seen := map[uint8]bool{}
	for _, e := range g.grid.cells[:g.grid.n*g.grid.n] {
		if seen[e] {
			return true
		}
		seen[e] = true
	}
	return false
}

// Won reports whether 2048 has been reached; play goes on after it.
func (g *Game) Won() bool { return g.won }

// Grid returns the board.
func (g *Game) Grid() Grid { return g.grid }

// Score returns the sum of the tiles made by merges.
func (g *Game) Score() int64 { return g.score }

// Moves returns the moves that stand (undone ones are gone).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Seed returns the game's seed.
func (g *Game) Seed() uint64 { return g.seed }

// Mode returns the game's variant.
func (g *Game) Mode() Mode { return g.mode }

// UndoLimit returns how many moves may be undone in a row.
func (g *Game) UndoLimit() int { return g.undo }
