package endgame

import (
	"fmt"
	"slices"

	"gamelab/internal/cache"
	"gamelab/twenty48"
)

// Set is the tables a player looks positions up in.
type Set struct {
	tables []*Table // looked up in this order
}

// NewSet returns the set of tables, which must be whole.
func NewSet(tables ...*Table) *Set {
	return &Set{tables: slices.Clone(tables)}
}

// mirror reverses each row: column c to 3-c.
func mirror(b twenty48.Board) twenty48.Board {
	return b&0xF000F000F000F000>>12 | b&0x0F000F000F000F00>>4 | b&0x00F000F000F000F0<<4 | b&0x000F000F000F000F<<12
}

// flip reverses the rows: row r to 3-r.
func flip(b twenty48.Board) twenty48.Board {
	return b>>48 | b>>16&0xFFFF0000 | b<<16&0xFFFF00000000 | b<<48
}

// Move returns the move on b that the first table it fits (in any
// symmetry, the tables in the order given) finds best, with the
// probability it gives of building the phase's tile; false if b fits no
// table that allows it a move.
func (s *Set) Move(b twenty48.Board) (twenty48.Direction, float32, bool) {
	var afters [4]twenty48.Board
	for i, d := range twenty48.Directions {
		afters[i], _ = b.Move(d)
	}
	for _, t := range s.tables {
		sh := t.Shape
		for k := range 8 {
			view := symmetry(b, k)
			if !sh.fits(view) {
				continue
			}
			best, bestP, found := twenty48.Up, float32(-1), false
			for i, d := range twenty48.Directions {
				if afters[i] == b {
					continue
				}
				after := symmetry(afters[i], k)
				if after&sh.fixed != view&sh.fixed {
					continue
				}
				p := float32(0)
				if sh.reached(after) {
					p = 1
				} else if j, ok := sh.index(after); ok {
					p = t.expect(after, j)
				}
				if p > bestP {
					best, bestP, found = d, p, true
				}
			}
			if found {
				return best, bestP, true
			}
		}
	}
	return 0, 0, false
}

// symmetry returns the k-th of the eight ways b can be turned and
// mirrored, 0 being b itself.
func symmetry(b twenty48.Board, k int) twenty48.Board {
	if k >= 4 {
		b = b.Transpose()
	}
	switch k % 4 {
	case 1:
		return mirror(b)
	case 2:
		return flip(b)
	case 3:
		return mirror(flip(b))
	}
	return b
}

// OpenCached returns the set of the tables of shapes in dir, as
// LoadCached loads them, or the first error of LoadCached.
func OpenCached(dir cache.Dir, shapes []*Shape) (*Set, error) {
	var tables []*Table
	for _, s := range shapes {
		t, err := LoadCached(dir, s)
		if err != nil {
			return nil, fmt.Errorf("table %v: %w", s, err)
		}
		tables = append(tables, t)
	}
	return NewSet(tables...), nil
}
