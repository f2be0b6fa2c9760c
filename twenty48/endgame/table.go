package endgame

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"gamelab/twenty48"
)

// Table holds a Shape's probabilities, one uint16 a position (0 to
// scale), once built.
type Table struct {
	Shape *Shape
	// values[i] is the probability of position i, times scale.
	values []uint16
	// Layer is the largest sum of free tiles not computed yet: the table
	// is computed from the largest sum down, as a position's spawns lead
	// to larger sums only, and is whole at -2.
	Layer int
}

// scale is a probability of 1 as a table holds it.
const scale = 65535

// NewTable returns s's table, nothing computed.
func NewTable(s *Shape) *Table {
	return &Table{Shape: s, values: make([]uint16, s.size), Layer: s.suffix[0]}
}

// Whole reports whether every position of t is computed.
func (t *Table) Whole() bool { return t.Layer < 0 }

// value returns the probability of position i.
func (t *Table) value(i uint64) float32 { return float32(t.values[i]) * (1.0 / scale) }

// compute returns the probability of building the tile from b (the
// chain's stand-ins in place), its spawns' values known: the best over
// the moves of the average over their spawns.
func (t *Table) compute(b twenty48.Board) float32 {
	best := float32(0)
	for _, d := range twenty48.Directions {
		next, _ := b.Move(d)
		if p, ok := t.worth(b, next); ok {
			best = max(best, p)
		}
	}
	return best
}

// worth returns the probability of building the tile after b moved to
// next, and false if the move changed nothing or moved the chain: 1 if
// it built the tile, 0 if it left the phase (a tile beyond its bound),
// else the average over next's spawns.
func (t *Table) worth(b, next twenty48.Board) (float32, bool) {
	s := t.Shape
	if next == b || next&s.fixed != b&s.fixed {
		return 0, false
	}
	if s.reached(next) {
		return 1, true
	}
	if i, ok := s.index(next); ok {
		return t.expect(next, i), true
	}
	return 0, true
}

// expect returns the average over the spawns of the afterstate b, at
// index i, of the spawned positions' values.
func (t *Table) expect(b twenty48.Board, i uint64) float32 {
	s := t.Shape
	sum, empty := float32(0), 0
	for j := range s.free {
		if b>>(4*s.cells[j])&15 != 0 {
			continue
		}
		empty++
		sum += 0.9 * t.value(i+s.stride[j])
		if s.radix[j] > 2 {
			sum += 0.1 * t.value(i+2*s.stride[j])
		}
	}
	if empty == 0 {
		return 0
	}
	return sum / float32(empty)
}

// Build computes t's positions, layer by layer from the largest sum of
// free tiles down, each layer on workers goroutines (0: one per core),
// calling progress (if not nil) after each layer with the positions done
// and in all. It stops when ctx is done, the layers computed kept: a
// table built again from where it stopped goes on from its Layer.
func (t *Table) Build(ctx context.Context, workers int, progress func(done, all uint64)) error {
	s := t.Shape
	var done uint64
	if progress != nil {
		for sum := s.suffix[0]; sum > t.Layer; sum -= 2 {
			done += s.count(sum)
		}
	}
	for ; t.Layer >= 0; t.Layer -= 2 {
		if err := ctx.Err(); err != nil {
			return err
		}
		done += t.layer(t.Layer, workers)
		if progress != nil {
			progress(done, s.size)
		}
	}
	return nil
}

// layer computes the positions whose free tiles sum to sum, split by the
// tiles of the first two free cells among workers, and returns how many
// there were.
func (t *Table) layer(sum, workers int) uint64 {
	s := t.Shape
	jobs := s.radix[0] * s.radix[1]
	var next atomic.Uint64
	var count atomic.Uint64
	var wg sync.WaitGroup
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range workers {
		wg.Go(func() {
			n := uint64(0)
			for job := next.Add(1) - 1; job < jobs; job = next.Add(1) - 1 {
				r0, r1 := job/s.radix[1], job%s.radix[1]
				rest := sum - tile(r0) - tile(r1)
				if rest < 0 {
					continue
				}
				base := s.placeholder | twenty48.Board(r0)<<(4*s.cells[0]) | twenty48.Board(r1)<<(4*s.cells[1])
				n += s.each(2, rest, base, r0*s.stride[0]+r1*s.stride[1], func(b twenty48.Board, i uint64) {
					t.values[i] = uint16(t.compute(b)*scale + 0.5)
				})
			}
			count.Add(n)
		})
	}
	wg.Wait()
	return count.Load()
}

// tile returns the value of a tile of rank r, 0 for none.
func tile(r uint64) int {
	if r == 0 {
		return 0
	}
	return 1 << r
}

// count returns how many positions have free tiles summing to sum.
func (s *Shape) count(sum int) uint64 {
	return s.each(0, sum, s.placeholder, 0, nil)
}

// each calls f (if not nil) on every position that is base with the free
// cells from the j-th on holding tiles summing to rest, with its index,
// and returns how many there were.
func (s *Shape) each(j, rest int, base twenty48.Board, i uint64, f func(twenty48.Board, uint64)) uint64 {
	if j == s.free {
		if rest != 0 {
			return 0
		}
		if f != nil {
			f(base, i)
		}
		return 1
	}
	if rest > s.suffix[j] {
		return 0
	}
	n := uint64(0)
	for r := uint64(0); r < s.radix[j]; r++ {
		v := tile(r)
		if v > rest {
			break
		}
		n += s.each(j+1, rest-v, base|twenty48.Board(r)<<(4*s.cells[j]), i+r*s.stride[j], f)
	}
	return n
}
