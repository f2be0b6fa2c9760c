package mastermind

import (
	"math"
)

// Over many colours with many hints, the colour counts' search meets its
// dead ends deep down: each hint alone, and each two together
// (pairsFit), can still get their matches from the colours left, but
// not all of them at once. The linear relaxation of the colours left
// sees them all at once: give y[c][j], whether colour c has j pegs or
// more, any share from 0 to 1; each hint's matches are the sum of the
// y[c][j] with j no more than the pegs of c in its guess, and the pegs
// left are at least the sum of all. If no shares fit, no counts do. On
// random instances with two hints a peg and more, the relaxation is so
// tight that of the nodes at depth 10 of the search only those on the
// way to a multiset have shares that fit (20 pegs over 80 colours with
// 80 hints: 1 of 15; over 60 colours with 40 hints: 1 of 1,847).
//
// The relaxation of a node differs from its parent's by one colour's
// count, so each node's is solved from its parent's basis by the dual
// simplex method (with no costs, it pivots until the basic shares are
// within their bounds), a few pivots a node. Its answer is never
// trusted: when it says no, the row that says so gives each hint a
// weight, and the pegs one, such that every count of the colours left
// falls short of (or passes) the weighted matches wanted; that is
// checked exactly, in integers, colour by colour (fitsWeighted), and the
// node is cut only if it holds. An error of rounding can only cost a
// cut, never a multiset.

// countLP is the relaxation of the colour counts' search of a problem,
// one state for each depth of the search (the colours before the s-th
// counted, in p.order).
type countLP struct {
	p          *problem
	rows, cols int // rows: the hints and the pegs; cols: the levels and the pegs' slack
	// The levels of the s-th colour are columns first[s] to first[s+1]-1,
	// j pegs or more at first[s]+j-1; colour[j] is s. The pegs' slack is
	// the last column.
	first  []int
	colour []int32
	// The rows of column j: rowIndex[rowStart[j]:rowStart[j+1]].
	rowStart []int32
	rowIndex []int32
	states   []lpState
	// Scratch: the entering column's entries, and a proof's weights.
	column []float64
	weight []int64
}

// lpState is the relaxation at one depth: the basis's inverse, the basic
// shares, which column is basic in each row (cols+r: row r's
// artificial, fixed at 0), and the shares of the columns not basic (at
// a bound, or fixed where their colour is counted).
type lpState struct {
	inverse []float64 // rows × rows
	basic   []float64 // by row
	basis   []int32   // by row
	rowOf   []int32   // by column: the row it is basic in, or -1
	value   []float64 // by column, where not basic
	want    []int     // each hint's matches still wanted
	left    int       // the pegs left
}

// Limits of the relaxation: it is made only for problems of at most
// lpMaxRows rows and lpMaxCells cells of all its states, and each
// solve gives up after lpMaxPivots pivots a row (against cycling, which
// a dual simplex with no costs is not proof against).
const (
	lpMaxRows   = 512
	lpMaxCells  = 1 << 22
	lpMaxPivots = 2
)

// Tolerances: a share is within its bounds to lpFeasible, and a pivot
// is at least lpPivot.
const (
	lpFeasible = 1e-7
	lpPivot    = 1e-7
)

// newCountLP returns the relaxation of p's colour counts' search, or nil
// where it would hold too much.
func newCountLP(p *problem) *countLP {
	rows := p.hints + 1
	if rows > lpMaxRows || rows*rows*(p.max+2) > lpMaxCells {
		return nil
	}
	lp := &countLP{p: p, rows: rows, first: make([]int, p.max+2)}
	for s := 1; s <= p.max; s++ {
		lp.first[s] = lp.cols
		lp.cols += p.full[s]
	}
	lp.first[p.max+1] = lp.cols
	lp.cols++ // the pegs' slack
	lp.colour = make([]int32, lp.cols)
	lp.rowStart = make([]int32, lp.cols+1)
	for s := 1; s <= p.max; s++ {
		for j := 1; j <= p.full[s]; j++ {
			col := lp.first[s] + j - 1
			lp.colour[col] = int32(s)
			for i, g := range p.countOf[s] {
				if g >= j {
					lp.rowIndex = append(lp.rowIndex, int32(i))
				}
			}
			lp.rowIndex = append(lp.rowIndex, int32(p.hints))
			lp.rowStart[col+1] = int32(len(lp.rowIndex))
		}
	}
	slack := lp.cols - 1
	lp.colour[slack] = int32(p.max + 1)
	lp.rowIndex = append(lp.rowIndex, int32(p.hints))
	lp.rowStart[slack+1] = int32(len(lp.rowIndex))
	lp.states = make([]lpState, p.max+2)
	lp.column = make([]float64, rows)
	lp.weight = make([]int64, rows)
	return lp
}

// state returns the state at depth s, made on first use.
func (lp *countLP) state(s int) *lpState {
	st := &lp.states[s]
	if st.inverse == nil {
		st.inverse = make([]float64, lp.rows*lp.rows)
		st.basic = make([]float64, lp.rows)
		st.basis = make([]int32, lp.rows)
		st.rowOf = make([]int32, lp.cols)
		st.value = make([]float64, lp.cols)
		st.want = make([]int, lp.p.hints)
	}
	return st
}

// root solves the relaxation with no colour counted; false if it is
// proved to have no solution.
func (lp *countLP) root() bool {
	st := lp.state(1)
	clear(st.inverse)
	for r := range lp.rows {
		st.inverse[r*lp.rows+r] = 1
		st.basis[r] = int32(lp.cols + r)
	}
	for j := range st.rowOf {
		st.rowOf[j] = -1
	}
	clear(st.value)
	copy(st.want, lp.p.matches)
	for i, m := range lp.p.matches {
		st.basic[i] = float64(m)
	}
	st.left = lp.p.pegs
	st.basic[lp.rows-1] = float64(st.left)
	return lp.solve(1)
}

// follow solves the relaxations of the search's path down to depth s,
// the t-th colour counted count(t); it returns the first depth whose
// relaxation is proved to have no solution, or 0.
func (lp *countLP) follow(s int, count func(t int) int) int {
	if !lp.root() {
		return 1
	}
	for t := 1; t < s; t++ {
		if !lp.fix(t, count(t)) {
			return t + 1
		}
	}
	return 0
}

// fix makes the state at depth s+1 from that at s, the s-th colour
// counted n (its full count: n or more); false if the relaxation is
// proved to have no solution there.
func (lp *countLP) fix(s, n int) bool {
	from, st := &lp.states[s], lp.state(s+1)
	copy(st.inverse, from.inverse)
	copy(st.basic, from.basic)
	copy(st.basis, from.basis)
	copy(st.rowOf, from.rowOf)
	copy(st.value, from.value)
	copy(st.want, from.want)
	st.left = from.left - n
	for i, g := range lp.p.countOf[s] {
		st.want[i] -= min(g, n)
	}
	for j := 1; j <= lp.p.full[s]; j++ {
		col := lp.first[s] + j - 1
		v := 0.0
		if j <= n {
			v = 1
		}
		if st.rowOf[col] >= 0 {
			st.value[col] = v // basic: pivoted out by solve if not at v
			continue
		}
		if d := v - st.value[col]; d != 0 {
			lp.enter(st, col)
			for r, a := range lp.column {
				st.basic[r] -= a * d
			}
			st.value[col] = v
		}
	}
	return lp.solve(s + 1)
}

// bounds returns the bounds of column j at depth s (columns of the
// colours before s are fixed at their value).
func (lp *countLP) bounds(st *lpState, s, j int) (lo, hi float64) {
	switch {
	case j >= lp.cols: // an artificial
		return 0, 0
	case int(lp.colour[j]) < s:
		return st.value[j], st.value[j]
	case j == lp.cols-1:
		return 0, math.Inf(1)
	}
	return 0, 1
}

// enter sets lp.column to column j of the basis's inverse times the
// constraints: how the basic shares change as j's does.
func (lp *countLP) enter(st *lpState, j int) {
	clear(lp.column)
	for _, i := range lp.rowIndex[lp.rowStart[j]:lp.rowStart[j+1]] {
		for r := range lp.rows {
			lp.column[r] += st.inverse[r*lp.rows+int(i)]
		}
	}
}

// solve runs the dual simplex method at depth s until every basic share
// is within its bounds (true), a row proves there are none (false, once
// fitsWeighted confirms it), or it gives up (true).
func (lp *countLP) solve(s int) bool {
	st := &lp.states[s]
	rows := lp.rows
	for range lpMaxPivots * rows {
		// The row whose basic share is furthest out of its bounds.
		leave, worst, target := -1, lpFeasible, 0.0
		for r, x := range st.basic {
			lo, hi := lp.bounds(st, s, int(st.basis[r]))
			if lo-x > worst {
				leave, worst, target = r, lo-x, lo
			} else if x-hi > worst {
				leave, worst, target = r, x-hi, hi
			}
		}
		if leave < 0 {
			return true
		}
		raise := target > st.basic[leave]
		rho := st.inverse[leave*rows:][:rows]
		enter, best := -1, lpPivot
		for j := lp.first[s]; j < lp.cols; j++ {
			if st.rowOf[j] >= 0 {
				continue
			}
			a := 0.0
			for _, i := range lp.rowIndex[lp.rowStart[j]:lp.rowStart[j+1]] {
				a += rho[i]
			}
			if math.Abs(a) <= best {
				continue
			}
			lo, hi := lp.bounds(st, s, j)
			// The basic share moves by -a times j's change.
			atLower := st.value[j] == lo
			up := (a < 0) == raise // j must increase
			if up && atLower && hi > lo || !up && !atLower {
				enter, best = j, math.Abs(a)
			}
		}
		if enter < 0 {
			return !lp.refutes(st, rho, s)
		}
		lp.enter(st, enter)
		a := lp.column[leave]
		d := (st.basic[leave] - target) / a // enter's change
		for r, x := range lp.column {
			st.basic[r] -= x * d
		}
		st.basic[leave] = st.value[enter] + d
		if out := st.basis[leave]; int(out) < lp.cols {
			st.rowOf[out] = -1
			st.value[out] = target
		}
		st.basis[leave] = int32(enter)
		st.rowOf[enter] = int32(leave)
		// The inverse pivots on row leave.
		pivot := st.inverse[leave*rows:][:rows]
		inv := 1 / a
		for k := range pivot {
			pivot[k] *= inv
		}
		for r, f := range lp.column {
			if r == leave || f == 0 {
				continue
			}
			row := st.inverse[r*rows:][:rows]
			for k, x := range pivot {
				row[k] -= f * x
			}
		}
	}
	return true
}

// refutes reports whether the row rho of the basis's inverse, weighting
// each hint and the pegs, proves that no counts of the colours from the
// s-th on give the hints at depth s their matches: checked exactly, in
// integers, either way round.
func (lp *countLP) refutes(st *lpState, rho []float64, s int) bool {
	scale := weightScale(rho)
	if scale == 0 {
		return false
	}
	for sign := 1.0; sign >= -1; sign -= 2 {
		for r, x := range rho {
			lp.weight[r] = int64(math.Round(sign * x * scale))
		}
		// The pegs' weight counts against: at least 0.
		pegs := max(0, -lp.weight[lp.rows-1])
		if lp.p.fitsWeighted(s, st.want, st.left, lp.weight[:lp.rows-1], pegs) {
			continue
		}
		return true
	}
	return false
}

// fitsWeighted reports whether some counts of the colours from the s-th
// on, with no more than left pegs, may give the hints their matches
// wanted as far as their sum weighted by weight, less pegs times the
// pegs, tells: whether the largest such sum over the counts reaches the
// wanted one. It is exact, and separable: each colour's best count is
// chosen on its own.
func (p *problem) fitsWeighted(s int, want []int, left int, weight []int64, pegs int64) bool {
	goal := -pegs * int64(left)
	for i, w := range want {
		goal += weight[i] * int64(w)
	}
	best := int64(0)
	for t := s; t <= p.max; t++ {
		count := p.countOf[t]
		most := min(p.full[t], left)
		sum, top := int64(0), int64(0)
		for k := 1; k <= most; k++ {
			// The k-th peg of the colour matches once more each guess with
			// at least k of it.
			sum -= pegs
			for i, g := range count {
				if g >= k {
					sum += weight[i]
				}
			}
			top = max(top, sum)
		}
		best += top
	}
	return best >= goal
}

// countRelaxAfter is how many nodes the colour counts' search visits
// before it solves the relaxation: most searches end sooner, and would
// pay more for it (a millisecond or two, much of it the memory of its
// states) than it saves. Whole solves in process against none
// (2026-12-05): 180 random instances of 10 to 20 pegs over 20 to 100
// colours with two to four hints a peg, 0.82 times the time in the
// geometric mean (single runs); 4.7 s to 22 ms for 365 codes of 20 pegs
// over 100 colours with 60 hints, 4.2 s to 11 ms for 8,056 of 20 pegs
// over 60 colours with 40, 1.9 s to 34 ms for 10 of 20 over 80 with 80.
// Those that end sooner pay nothing: it is made when it starts (making it
// took 15 to 60 µs, of instances of 1 to 3 ms, before; the 7 of them that
// looked slower by 1 to 5 ms in single runs took as long either way at
// best of five, in either order).
const countRelaxAfter = 2000
