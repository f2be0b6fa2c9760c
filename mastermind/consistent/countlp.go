package consistent

import (
	"math"

	"gamelab/internal/simplex"
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
// counted, in p.order). Its columns are the levels, then the pegs'
// slack; its rows the hints, then the pegs.
type countLP struct {
	simplex.Program
	p *problem
	// The levels of the s-th colour are columns first[s] to first[s+1]-1,
	// j pegs or more at first[s]+j-1.
	first  []int
	states []lpState
	weight []int64 // scratch: a proof's weights
}

// lpState is the relaxation at one depth: its basis (the levels of the
// colours counted fixed at their value), each hint's matches still
// wanted and the pegs left.
type lpState struct {
	simplex.Basis
	want []int
	left int
}

// Limits of the relaxation: it is made only for problems of at most
// lpMaxRows rows and lpMaxCells cells of all its states.
const (
	lpMaxRows  = 512
	lpMaxCells = 1 << 22
)

// newCountLP returns the relaxation of p's colour counts' search, or nil
// where it would hold too much.
func newCountLP(p *problem) *countLP {
	rows := p.hints + 1
	if rows > lpMaxRows || rows*rows*(p.max+2) > lpMaxCells {
		return nil
	}
	lp := &countLP{p: p, first: make([]int, p.max+2)}
	lp.Reset(rows)
	for s := 1; s <= p.max; s++ {
		lp.first[s] = lp.Cols()
		for j := 1; j <= p.full[s]; j++ {
			for i, g := range p.countOf[s] {
				if g >= j {
					lp.Add(i)
				}
			}
			lp.Add(p.hints)
			lp.EndColumn()
		}
	}
	lp.first[p.max+1] = lp.Cols()
	lp.Add(p.hints)
	lp.EndColumn() // the pegs' slack
	for i, m := range p.matches {
		lp.SetRHS(i, float64(m))
	}
	lp.SetRHS(p.hints, float64(p.pegs))
	lp.states = make([]lpState, p.max+2)
	lp.weight = make([]int64, rows)
	return lp
}

// state returns the state at depth s, made on first use.
func (lp *countLP) state(s int) *lpState {
	st := &lp.states[s]
	if st.want == nil {
		st.want = make([]int, lp.p.hints)
	}
	return st
}

// root solves the relaxation with no colour counted; false if it is
// proved to have no solution.
func (lp *countLP) root() bool {
	st := lp.state(1)
	lp.Start(&st.Basis)
	lp.Bound(&st.Basis, lp.Cols()-1, 0, math.Inf(1)) // the pegs' slack
	copy(st.want, lp.p.matches)
	st.left = lp.p.pegs
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
	(&st.Basis).CopyFrom(&from.Basis)
	copy(st.want, from.want)
	st.left = from.left - n
	for i, g := range lp.p.countOf[s] {
		st.want[i] -= min(g, n)
	}
	for j := 1; j <= lp.p.full[s]; j++ {
		v := 0.0
		if j <= n {
			v = 1
		}
		lp.Bound(&st.Basis, lp.first[s]+j-1, v, v)
	}
	return lp.solve(s + 1)
}

// solve solves the relaxation at depth s: false if it is proved to have
// no solution (once fitsWeighted confirms it).
func (lp *countLP) solve(s int) bool {
	st := &lp.states[s]
	rho, _ := lp.Program.Solve(&st.Basis)
	return rho == nil || !lp.refutes(st, rho, s)
}

// refutes reports whether the row rho of the basis's inverse, weighting
// each hint and the pegs, proves that no counts of the colours from the
// s-th on give the hints at depth s their matches: checked exactly, in
// integers, either way round.
func (lp *countLP) refutes(st *lpState, rho []float64, s int) bool {
	scale := simplex.WeightScale(rho)
	if scale == 0 {
		return false
	}
	for sign := 1.0; sign >= -1; sign -= 2 {
		for r, x := range rho {
			lp.weight[r] = int64(math.Round(sign * x * scale))
		}
		// The pegs' weight counts against: at least 0.
		pegs := max(0, -lp.weight[lp.Rows()-1])
		if lp.p.fitsWeighted(s, st.want, st.left, lp.weight[:lp.Rows()-1], pegs) {
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

// countRelaxAfter is how many nodes the colour counts' search visits before
// it solves the relaxation: most searches end sooner, and would pay more for
// it (a millisecond or two, much of it the memory of its states) than it
// saves. Measured in docs/notes/mastermind-code.md#countlp-countrelaxafter.
const countRelaxAfter = 2000
