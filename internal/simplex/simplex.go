// Package simplex answers one question of a linear program with no
// costs: are there values x with A x = b and lo ≤ x ≤ hi, where A's
// entries are 0 or 1? A search asks it at its nodes, of programs that
// differ from their parent's in a few bounds, so each is solved from its
// parent's basis by the dual simplex method: with no costs every basis is
// dual feasible, and it pivots until the basic values are within their
// bounds, a few pivots a node. When a basic value is out of its bounds and
// no column can bring it back, the row of the basis's inverse that says so
// weights A's rows into a proof that no values fit. Floating point may
// err, so callers check that proof exactly, in integers (OutOfBox), and
// cut a node only if it holds: an error of rounding can cost a cut, never
// a solution.
//
// The Mastermind solver (package consistent) relaxes both its colour
// counts and a multiset's arrangements this way.
package simplex

import (
	"math"
	"slices"

	"gamelab/internal/floats"
)

// Program is such a program: A, by columns, and b. Each row has an
// artificial column of its own, fixed at 0, so that a basis always
// exists (the artificials', at the start).
type Program struct {
	rows, cols int
	// The rows of column j's 1s: rowIndex[rowStart[j]:rowStart[j+1]].
	rowStart []int32
	rowIndex []int32
	// The same rows padded, for solve's pricing, to a multiple of
	// priceGroup with row rows, whose entry in rho is always 0:
	// priceIndex[priceStart[j]:priceStart[j+1]].
	priceStart []int32
	priceIndex []int32
	rhs        []float64
	column     []float64 // scratch: the entering column, times the inverse
	// rho is scratch: the leaving row of the inverse, and a 0 after it
	// for the padding of priceIndex.
	rho   []float64
	times []float64 // scratch: a pivot's multiple of the column, by column
	// free is scratch for solve: the columns not basic whose bounds
	// differ, in order, the only ones that may enter (deep in a search
	// most columns are fixed).
	free []int32
}

// Basis is where a program's solve stands: the inverse of the basis, the
// basic values, which column is basic in each row (cols+r for row r's
// artificial), each column's bounds, and the values of the columns not
// basic, each at one of its bounds. The inverse is kept by columns, so that
// a column of A times it, which every pivot and bound change asks for, adds
// whole columns (AddScaled).
type Basis struct {
	inverse []float64 // rows × rows, by columns: column i at [i*rows:]
	basic   []float64 // by row
	head    []int32   // by row
	rowOf   []int32   // by column: the row it is basic in, or -1
	value   []float64 // by column, where not basic
	lo, hi  []float64 // by column
}

// Feasible is how far a basic value may lie outside its bounds and still
// count as within them.
const Feasible = 1e-7

// Limits of the simplex method: a solve gives up after lpMaxPivots pivots
// a row (against cycling, which a dual simplex with no costs is not proof
// against), and a pivot is at least lpPivot.
const (
	lpMaxPivots = 4
	lpPivot     = 1e-7
)

// lpShort is how far the columns must fall short of bringing a basic
// value to its bound for solve to take the row as a proof before no
// column can move it: enough that rounding the proof's weights to
// integers (OutOfBox) does not spoil it.
const lpShort = 1e-6

// Reset empties the program, for rows rows: columns are added by Add and
// EndColumn, right-hand sides set by SetRHS.
func (x *Program) Reset(rows int) {
	x.rows, x.cols = rows, 0
	x.rowStart = append(x.rowStart[:0], 0)
	x.rowIndex = x.rowIndex[:0]
	x.priceStart = append(x.priceStart[:0], 0)
	x.priceIndex = x.priceIndex[:0]
	x.rhs = zeroed(x.rhs, rows)
	x.column = zeroed(x.column, rows)
	x.rho = zeroed(x.rho, rows+1)
	x.times = zeroed(x.times, rows)
}

// Add puts a 1 in row r of the column being built.
func (x *Program) Add(r int) { x.rowIndex = append(x.rowIndex, int32(r)) }

// EndColumn adds the column being built: 1s in the rows given to Add
// since the last.
func (x *Program) EndColumn() {
	x.priceIndex = append(x.priceIndex, x.rowIndex[x.rowStart[x.cols]:]...)
	for len(x.priceIndex)%priceGroup != 0 {
		x.priceIndex = append(x.priceIndex, int32(x.rows))
	}
	x.priceStart = append(x.priceStart, int32(len(x.priceIndex)))
	x.rowStart = append(x.rowStart, int32(len(x.rowIndex)))
	x.cols++
}

// priceGroup is how many rows of a column solve's pricing sums at a
// time: a column of the arrangements' relaxation has 2 to 6 or so, and
// a loop over each column's own number of rows ends where the processor
// cannot foresee it, column after column.
const priceGroup = 4

// SetRHS sets row r's right-hand side.
func (x *Program) SetRHS(r int, v float64) { x.rhs[r] = v }

// Rows returns the number of rows.
func (x *Program) Rows() int { return x.rows }

// Cols returns the number of columns added.
func (x *Program) Cols() int { return x.cols }

// Start makes b the artificials' basis, every column from 0 to 1 at 0,
// in b's memory if it has room.
func (x *Program) Start(b *Basis) {
	b.inverse = zeroed(b.inverse, x.rows*x.rows)
	b.basic = zeroed(b.basic, x.rows)
	b.head = zeroed(b.head, x.rows)
	b.rowOf = zeroed(b.rowOf, x.cols)
	b.value = zeroed(b.value, x.cols)
	b.lo = zeroed(b.lo, x.cols)
	b.hi = zeroed(b.hi, x.cols)
	for r := range x.rows {
		b.inverse[r*x.rows+r] = 1
		b.head[r] = int32(x.cols + r)
	}
	copy(b.basic, x.rhs)
	for j := range x.cols {
		b.rowOf[j] = -1
		b.hi[j] = 1
	}
}

// CopyFrom makes b a copy of src, in b's memory if it has room.
func (dst *Basis) CopyFrom(src *Basis) {
	dst.inverse = append(dst.inverse[:0], src.inverse...)
	dst.basic = append(dst.basic[:0], src.basic...)
	dst.head = append(dst.head[:0], src.head...)
	dst.rowOf = append(dst.rowOf[:0], src.rowOf...)
	dst.value = append(dst.value[:0], src.value...)
	dst.lo = append(dst.lo[:0], src.lo...)
	dst.hi = append(dst.hi[:0], src.hi...)
}

// Bound sets column j's bounds in b. A column not basic moves to the
// nearer of them; a basic one is left for solve to pivot out.
func (x *Program) Bound(b *Basis, j int, lo, hi float64) {
	b.lo[j], b.hi[j] = lo, hi
	if b.rowOf[j] >= 0 {
		return
	}
	v := min(max(b.value[j], lo), hi)
	if d := v - b.value[j]; d != 0 {
		x.enter(b, j)
		for r, a := range x.column {
			b.basic[r] -= a * d
		}
		b.value[j] = v
	}
}

// Bounds returns column j's bounds in b, an artificial's too.
func (x *Program) Bounds(b *Basis, j int) (lo, hi float64) {
	if j >= x.cols {
		return 0, 0
	}
	return b.lo[j], b.hi[j]
}

// enter sets x.column to column j times the basis's inverse: how the
// basic values change as j's does.
func (x *Program) enter(b *Basis, j int) {
	clear(x.column)
	for _, i := range x.rowIndex[x.rowStart[j]:x.rowStart[j+1]] {
		floats.AddScaled(x.column, 1, b.inverse[int(i)*x.rows:][:x.rows])
	}
}

// Solve runs the dual simplex method on b until every basic value is
// within its bounds (nil, true), until a row proves there are no values
// that fit (that row of the inverse, for the caller to check exactly: it
// stays as it is until x solves again, and true), or until it gives up
// (nil, false).
func (x *Program) Solve(b *Basis) (proof []float64, settled bool) {
	rows := x.rows
	x.free = x.free[:0]
	for j := range x.cols {
		if b.rowOf[j] < 0 && b.lo[j] != b.hi[j] {
			x.free = append(x.free, int32(j))
		}
	}
	for range lpMaxPivots * rows {
		// The row whose basic value is furthest out of its bounds.
		leave, worst, target := -1, Feasible, 0.0
		for r, v := range b.basic {
			lo, hi := x.Bounds(b, int(b.head[r]))
			if lo-v > worst {
				leave, worst, target = r, lo-v, lo
			} else if v-hi > worst {
				leave, worst, target = r, v-hi, hi
			}
		}
		if leave < 0 {
			return nil, true
		}
		raise := target > b.basic[leave]
		rho := x.rho[:rows+1]
		for i := range rows {
			rho[i] = b.inverse[i*rows+leave]
		}
		// toward is 1 if raising the basic value, -1 if lowering it.
		toward := -1.0
		if raise {
			toward = 1
		}
		// With no costs any column that moves the basic value the right
		// way keeps the basis dual feasible: the one that moves it most,
		// for the steadiest pivot (the first of those that move it as
		// much: free is in order). If all of them together, each from one
		// bound to the other, cannot bring it to its bound, the row is
		// already a proof: no pivot will find values that fit (16 to 20%
		// fewer pivots on long codes over few colours, where most nodes
		// have none).
		enter, at, best, reach := -1, 0, lpPivot, 0.0
		for n, j := range x.free {
			a := 0.0
			idx := x.priceIndex[x.priceStart[j]:x.priceStart[j+1]]
			for len(idx) >= priceGroup {
				g := idx[:priceGroup:priceGroup]
				a += rho[g[0]]
				a += rho[g[1]]
				a += rho[g[2]]
				a += rho[g[3]]
				idx = idx[priceGroup:]
			}
			// The basic value moves by -a times j's change, up from its
			// lower bound or down from its upper one: gain is how far it
			// moves toward its bound for each unit j moves (negative:
			// away). Whether j helps turns on the sign of a, which the
			// processor cannot foresee, so it is no branch (as one it cost
			// a seventh of the time of long codes' searches); which bound
			// j sits at, its lower nearly always, is.
			away := -1.0
			if b.value[j] == b.lo[j] {
				away = 1
			}
			gain := -a * away * toward
			reach += max(gain, 0) * (b.hi[j] - b.lo[j])
			if gain > best {
				enter, at, best = int(j), n, gain
			}
		}
		if enter < 0 || reach+lpShort < worst {
			return rho[:rows], true
		}
		out := b.head[leave]
		x.pivot(b, leave, enter, target)
		x.free = slices.Delete(x.free, at, at+1)
		if j := int(out); j < x.cols && b.lo[j] != b.hi[j] {
			n, _ := slices.BinarySearch(x.free, out)
			x.free = slices.Insert(x.free, n, out)
		}
	}
	return nil, false
}

// pivot makes column enter basic in row leave, whose basic column leaves
// at target.
func (x *Program) pivot(b *Basis, leave, enter int, target float64) {
	rows := x.rows
	x.enter(b, enter)
	a := x.column[leave]
	d := (b.basic[leave] - target) / a // enter's change
	for r, v := range x.column {
		b.basic[r] -= v * d
	}
	b.basic[leave] = b.value[enter] + d
	if out := b.head[leave]; int(out) < x.cols {
		b.rowOf[out] = -1
		b.value[out] = target
	}
	b.head[leave] = int32(enter)
	b.rowOf[enter] = int32(leave)
	// The inverse pivots on row leave: each column k's entry there, over
	// a, is its new one, and so many times the entering column is taken
	// from the column's others.
	inv := 1 / a
	column, times := x.column, x.times
	column[leave] = 0
	for k := range rows {
		times[k] = -b.inverse[k*rows+leave] * inv
	}
	floats.AddOuter(b.inverse, column, times)
	for k := range rows {
		b.inverse[k*rows+leave] = -times[k]
	}
}

// OutOfBox reports whether row, rounded to integer weights (in weight),
// proves that no values within b's bounds fit: whether the weighted sum
// of b lies beyond the least or the most the weighted rows of A x can
// sum to over the bounds. It is exact, for integer bounds.
func (x *Program) OutOfBox(b *Basis, row []float64, weight []int64) bool {
	scale := WeightScale(row)
	if scale == 0 {
		return false
	}
	goal := int64(0)
	for r, v := range row {
		weight[r] = int64(math.Round(v * scale))
		goal += weight[r] * int64(x.rhs[r])
	}
	least, most := int64(0), int64(0)
	for j := range x.cols {
		w := int64(0)
		for _, i := range x.rowIndex[x.rowStart[j]:x.rowStart[j+1]] {
			w += weight[i]
		}
		lo, hi := int64(b.lo[j]), int64(b.hi[j])
		if w < 0 {
			lo, hi = hi, lo
		}
		least += w * lo
		most += w * hi
	}
	return goal < least || goal > most
}

// WeightScale returns the factor that makes the largest of weights 2^30,
// for proofs that weigh in integers (the sums of up to 2^16 pegs and
// hints stay far inside int64), or 0 if they are all 0 or one is not a
// number.
func WeightScale(weights []float64) float64 {
	largest := 0.0
	for _, w := range weights {
		largest = max(largest, math.Abs(w))
	}
	if largest == 0 || math.IsNaN(largest) || math.IsInf(largest, 0) {
		return 0
	}
	return (1 << 30) / largest
}

// Value returns column j's value in b: its row's basic value if it is
// basic, else the bound it sits at.
func (b *Basis) Value(j int) float64 {
	if r := b.rowOf[j]; r >= 0 {
		return b.basic[r]
	}
	return b.value[j]
}

// zeroed returns s with n zero elements, in s's memory if it has room.
func zeroed[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}
