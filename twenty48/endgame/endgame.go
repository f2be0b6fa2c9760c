// Package endgame holds exact tables of phases of a 2048 game, after the
// lookup tables of the peer macroxue/2048-ai: while the large tiles stay
// where they lie (the chain), the next tile is built by the small ones in
// the cells left free. A table keeps, for every content of those cells,
// the exact probability with best play of building that tile, among the
// moves that leave the chain where it is, and so the best move.
//
// A Shape is one such phase: a layout says which cells hold the chain and
// where the tile is built, and bounds the tiles of each free cell, so
// that a table is small enough to compute (a tile beyond its cell's bound
// ends the phase, as if lost); its rank A is the tile to build. A board
// matching a Shape in any of its eight symmetries is looked up in the
// Shape's table (Set).
//
// Tables are computed by Build on all cores: the free tiles' sum grows by
// each spawn and never falls, so the positions are computed from the
// largest sum down, each layer from the two above it, in parallel and with
// nothing to search twice; a build stopped goes on from its last layer.
// A table takes two bytes a position; what building one costs, and what
// the tables have done for the player so far, is in
// docs/notes/2048.md#endgame-tables.
package endgame

import (
	"fmt"
	"strings"

	"gamelab/twenty48"
)

// Shape is a phase of building a tile of rank A: the chain cells hold
// tiles that may not move, and the tile is built in a target cell.
type Shape struct {
	Layout string // as NewShape reads it
	A      int    // the rank of the tile to build

	free   int       // how many free cells
	cells  [16]uint8 // the free cells, as nibbles (4r+c), in reading order
	radix  [16]uint64
	stride [16]uint64
	size   uint64 // positions: the product of the radices
	// suffix[j] is the largest sum of the tiles of the free cells from
	// the j-th on.
	suffix [17]int

	fixed       twenty48.Board // the chain cells' nibbles all set
	anchor      uint8          // the anchor cell's nibble, or 16 for none
	placeholder twenty48.Board // the chain as the table is computed with
	targets     []uint8        // the cells the tile is built in
}

// NewShape returns the phase of building rank a in layout: four rows of
// four cells, apart by slashes, a cell being
//
//	F  a chain tile, above a
//	A  the anchor: a chain tile of rank a, which the tile is built beside
//	T  a target: a free cell the tile is built in (where no A is given)
//	d  a free cell holding tiles up to rank a-d (d from 1 to 3; a 4 at least)
//
// "FFFF/11AF/2233/3333" is the top row and two cells of the second, as a
// snake turns: the 512 (a = 9) is built left of the 512 that ends it.
func NewShape(layout string, a int) (*Shape, error) {
	s, err := parseShape(layout, a)
	if err != nil {
		return nil, fmt.Errorf("endgame shape %s %d: %w", layout, a, err)
	}
	return s, nil
}

func parseShape(layout string, a int) (*Shape, error) {
	rows := strings.Split(layout, "/")
	if len(rows) != 4 {
		return nil, fmt.Errorf("want four rows")
	}
	if a < 3 || a > 13 {
		return nil, fmt.Errorf("the rank to build is 3 to 13, not %d", a)
	}
	s := &Shape{Layout: layout, A: a, size: 1, anchor: 16}
	for r, row := range rows {
		if len(row) != 4 {
			return nil, fmt.Errorf("want four cells a row")
		}
		for c, ch := range []byte(row) {
			n := uint8(4*r + c)
			switch {
			case ch == 'F':
				s.fixed |= twenty48.Board(15) << (4 * n)
				// Neighbouring cells differ in the parity of r+c, so the
				// chain's stand-ins never merge with each other, nor with
				// the anchor below them all.
				s.placeholder |= twenty48.Board(14+(r+c)%2) << (4 * n)
			case ch == 'A':
				if s.anchor != 16 {
					return nil, fmt.Errorf("want one anchor at most")
				}
				s.anchor = n
				s.fixed |= twenty48.Board(15) << (4 * n)
				s.placeholder |= twenty48.Board(a) << (4 * n)
			case ch == 'T' || ch >= '1' && ch <= '3':
				bound := a - 1
				if ch == 'T' {
					s.targets = append(s.targets, n)
				} else {
					bound = max(a-int(ch-'0'), 2) // where a tile spawns, a 4 fits
				}
				s.cells[s.free] = n
				s.radix[s.free] = uint64(bound + 1)
				s.free++
			default:
				return nil, fmt.Errorf("a cell is F, A, T or 1 to 3, not %q", ch)
			}
		}
	}
	if s.anchor != 16 {
		if len(s.targets) > 0 {
			return nil, fmt.Errorf("want an anchor or targets, not both")
		}
		for _, n := range s.cells[:s.free] {
			if near(n, s.anchor) {
				s.targets = append(s.targets, n)
			}
		}
	}
	if len(s.targets) == 0 {
		return nil, fmt.Errorf("no cell to build the tile in")
	}
	for j := s.free - 1; j >= 0; j-- {
		s.stride[j] = s.size
		s.size *= s.radix[j]
		s.suffix[j] = s.suffix[j+1] + 1<<(s.radix[j]-1)
	}
	return s, nil
}

// near reports whether cells m and n (nibbles) are neighbours.
func near(m, n uint8) bool {
	dr, dc := int(m/4)-int(n/4), int(m%4)-int(n%4)
	return dr*dr+dc*dc == 1
}

// Size returns the number of positions in s's table.
func (s *Shape) Size() uint64 { return s.size }

// String returns the shape as NewShape reads it: the layout and the rank.
func (s *Shape) String() string { return fmt.Sprintf("%s %d", s.Layout, s.A) }

// index returns the table index of b's free cells, and false if one holds
// a tile beyond its bound.
func (s *Shape) index(b twenty48.Board) (uint64, bool) {
	var i uint64
	for j := range s.free {
		r := uint64(b >> (4 * s.cells[j]) & 15)
		if r >= s.radix[j] {
			return 0, false
		}
		i += r * s.stride[j]
	}
	return i, true
}

// board returns the position of index i, the chain's stand-ins in place.
func (s *Shape) board(i uint64) twenty48.Board {
	b := s.placeholder
	for j := range s.free {
		b |= twenty48.Board(i/s.stride[j]%s.radix[j]) << (4 * s.cells[j])
	}
	return b
}

// reached reports whether b has built the tile: rank A at a target.
func (s *Shape) reached(b twenty48.Board) bool {
	for _, n := range s.targets {
		if int(b>>(4*n)&15) == s.A {
			return true
		}
	}
	return false
}

// fits reports whether the real board b is in s's phase: its chain
// tiles at least A, the anchor's A, no two neighbours alike (so that none
// merges, as none of the stand-ins the table was computed with does), and
// its free cells' tiles within their bounds.
func (s *Shape) fits(b twenty48.Board) bool {
	if s.anchor != 16 && int(b>>(4*s.anchor)&15) != s.A {
		return false
	}
	for n := range uint8(16) {
		if s.fixed>>(4*n)&15 == 0 {
			continue
		}
		r := b >> (4 * n) & 15
		if int(r) < s.A {
			return false
		}
		// The neighbours to the right and below, if in the chain.
		if n%4 < 3 && s.fixed>>(4*(n+1))&15 != 0 && b>>(4*(n+1))&15 == r {
			return false
		}
		if n < 12 && s.fixed>>(4*(n+4))&15 != 0 && b>>(4*(n+4))&15 == r {
			return false
		}
	}
	_, ok := s.index(b)
	return ok
}
