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

// Move returns the move on b that the first table it fits (in any
// symmetry, the tables in the order given) finds best, with the
// probability it gives of building the phase's tile; false if b fits no
// table that allows it a move. Moves commute with the symmetries, so b
// moved, turned as b was turned to fit, is what the table sees moved.
func (s *Set) Move(b twenty48.Board) (twenty48.Direction, float32, bool) {
	views := b.Symmetries()
	var afters [4][8]twenty48.Board
	for i, d := range twenty48.Directions {
		next, _ := b.Move(d)
		afters[i] = next.Symmetries()
	}
	for _, t := range s.tables {
		for k, view := range views {
			if !t.Shape.fits(view) {
				continue
			}
			best, bestP, found := twenty48.Up, float32(-1), false
			for i, d := range twenty48.Directions {
				if p, ok := t.worth(view, afters[i][k]); ok && p > bestP {
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
