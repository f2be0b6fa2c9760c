package twenty48

import (
	"fmt"
	"strings"
)

// Board sizes the engine plays.
const (
	MinSize     = 3
	MaxSize     = 8
	DefaultSize = 4
)

// Evil is the exponent that marks an evil tile: it has no value, takes a
// cell, merges with no number, and vanishes with the evil tile it meets.
const Evil uint8 = 0xff

// Direction is a move of the tiles.
type Direction uint8

// The four moves.
const (
	Up Direction = iota
	Down
	Left
	Right
)

// Directions lists the moves, in the order of their letters "UDLR".
var Directions = [4]Direction{Up, Down, Left, Right}

// String returns the move's letter: U, D, L or R.
func (d Direction) String() string { return "UDLR"[d : d+1] }

// ParseDirection reads a move's letter (either case).
func ParseDirection(s string) (Direction, error) {
	switch strings.ToUpper(s) {
	case "U":
		return Up, nil
	case "D":
		return Down, nil
	case "L":
		return Left, nil
	case "R":
		return Right, nil
	}
	return 0, fmt.Errorf("%q is not a move: use U, D, L or R", s)
}

// Grid is a square board of any size from MinSize to MaxSize: the
// exponent of each cell in row-major order from the top left (0 for an
// empty cell, 11 for 2048, Evil for an evil tile). It is a value: copying
// it copies the board. Grid is the general, checked path; Board is the
// fast one for 4×4.
type Grid struct {
	n     int
	cells [MaxSize * MaxSize]uint8
}

// NewGrid returns an empty board of size n × n.
func NewGrid(n int) (Grid, error) {
	if n < MinSize || n > MaxSize {
		return Grid{}, fmt.Errorf("size %d: boards are %d×%d to %d×%d", n, MinSize, MinSize, MaxSize, MaxSize)
	}
	return Grid{n: n}, nil
}

// GridOf returns the n × n board of the exponents given row by row.
func GridOf(n int, exps ...uint8) (Grid, error) {
	g, err := NewGrid(n)
	if err != nil {
		return g, err
	}
	if len(exps) != n*n {
		return Grid{}, fmt.Errorf("%d cells for a %d×%d board", len(exps), n, n)
	}
	for i, e := range exps {
		if e > 31 && e != Evil {
			return Grid{}, fmt.Errorf("cell %d: exponent %d", i, e)
		}
	}
	copy(g.cells[:], exps)
	return g, nil
}

// Size returns n of the n × n board.
func (g Grid) Size() int { return g.n }

// At returns the exponent at row r, column c.
func (g Grid) At(r, c int) uint8 { return g.cells[r*g.n+c] }

// Set puts exponent e at row r, column c.
func (g *Grid) Set(r, c int, e uint8) { g.cells[r*g.n+c] = e }

// Cells returns the exponents row by row.
func (g Grid) Cells() []uint8 { return append([]uint8(nil), g.cells[:g.n*g.n]...) }

// Empty returns the number of empty cells.
func (g Grid) Empty() int {
	k := 0
	for _, e := range g.cells[:g.n*g.n] {
		if e == 0 {
			k++
		}
	}
	return k
}

// MaxExp returns the largest exponent on the board (evil tiles aside).
func (g Grid) MaxExp() uint8 {
	m := uint8(0)
	for _, e := range g.cells[:g.n*g.n] {
		if e != Evil {
			m = max(m, e)
		}
	}
	return m
}

// Slide is the journey of one tile in a move: from a cell to a cell, and
// whether it merged there (into a tile of twice its value) or vanished (an
// evil tile meeting another).
type Slide struct {
	FromR, FromC, ToR, ToC int
	Exp                    uint8 // the tile's exponent before the move
	Merged, Vanished       bool
}

// cell returns the index of the i-th cell of line l for a move in d,
// counted from the wall the tiles move to.
func (g Grid) cell(d Direction, l, i int) int {
	n := g.n
	switch d {
	case Left:
		return l*n + i
	case Right:
		return l*n + n - 1 - i
	case Up:
		return i*n + l
	}
	return (n-1-i)*n + l // Down
}

// Move returns the board after moving in d, the score the merges made, and
// whether any tile moved. The tiles of each line slide to the wall; two of
// one value that meet merge into one, which does not merge again in the
// same move, the pair nearest the wall first; two evil tiles that meet
// both vanish. slides, if not nil, is told every tile's journey.
func (g Grid) Move(d Direction, slides func(Slide)) (next Grid, score int64, moved bool) {
	next = Grid{n: g.n}
	n := g.n
	for l := range n {
		out := 0           // cells of the line filled so far
		mergeable := false // the last tile placed may still merge
		for i := range n {
			from := g.cell(d, l, i)
			e := g.cells[from]
			if e == 0 {
				continue
			}
			last := -1
			if out > 0 {
				last = g.cell(d, l, out-1)
			}
			switch {
			case mergeable && e != Evil && next.cells[last] == e:
				next.cells[last] = e + 1
				score += 1 << (e + 1)
				mergeable, moved = false, true
				report(slides, g.n, from, last, e, true, false)
			case mergeable && e == Evil && next.cells[last] == Evil:
				next.cells[last] = 0
				out--
				mergeable, moved = false, true
				report(slides, g.n, from, last, e, false, true)
			default:
				to := g.cell(d, l, out)
				next.cells[to] = e
				out++
				mergeable = true
				moved = moved || to != from
				report(slides, g.n, from, to, e, false, false)
			}
		}
	}
	return next, score, moved
}

func report(slides func(Slide), n, from, to int, e uint8, merged, vanished bool) {
	if slides != nil {
		slides(Slide{FromR: from / n, FromC: from % n, ToR: to / n, ToC: to % n, Exp: e, Merged: merged, Vanished: vanished})
	}
}

// CanMove reports whether any move changes the board.
func (g Grid) CanMove() bool {
	for _, d := range Directions {
		if _, _, moved := g.Move(d, nil); moved {
			return true
		}
	}
	return false
}

// String draws the board as rows of values, "." for empty and "X" for
// evil, for tests and messages.
func (g Grid) String() string {
	var b strings.Builder
	for r := range g.n {
		for c := range g.n {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(Label(g.At(r, c)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Label returns the text of a tile: its value, "." for an empty cell, "X"
// for an evil tile.
func Label(e uint8) string {
	switch e {
	case 0:
		return "."
	case Evil:
		return "X"
	}
	return fmt.Sprint(uint64(1) << e)
}
