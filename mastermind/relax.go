package mastermind

import (
	"math"
	"slices"
)

// A multiset whose hints cannot all have their blacks may take the
// searches a long time to refute: over few colours every arrangement of
// a long code is some way from every guess, and the dead ends are met
// deep down (random instances of 32 pegs over 4 colours with 32 hints, one
// answer's white made black: more than 20 s). Many of them are refuted at
// once by the linear relaxation: give x[p][c], the share of colour c at
// position p, any value from 0 to 1, with each position's shares summing
// to 1, each colour's to its count in the multiset and each hint's shares
// of its own colours to its blacks. If no such shares exist, no code does.
//
// The relaxation is solved by the simplex method in floating point, which
// may err; its answer is never trusted. When it says no, its dual gives a
// weight for each hint such that every code's weighted sum of blacks falls
// short of the hints' weighted sum; the weights are rounded to integers
// and that is proved exactly, by an assignment of positions to the
// multiset's pegs of greatest weighted sum (the Hungarian method). If
// rounding spoiled the proof, the multiset is searched as usual.

// Where the relaxation pays: codes of at least relaxMinPegs pegs over at
// most relaxMaxColours colours, for multisets expected to have fewer than
// 10^relaxMaxArrangements arrangements (arrangements: such a multiset is
// the kind that turns out to have none). Over more colours the relaxation
// has shares enough to meet the hints where no code can: of random
// instances of 24 pegs with as many hints and an answer's white made black
// or the reverse, it refuted 2 of 4 over 4 colours, 2 of 4 over 6 and none
// of 4 over 8; of 32 pegs, 4 of 6 over 4 colours and none of 6 over 6.
const (
	relaxMinPegs         = 16
	relaxMaxColours      = 6
	relaxMaxArrangements = 3
)

// relaxationPays reports whether multiset k is of the kind the
// relaxation is worth trying on.
func (p *problem) relaxationPays(k *[wordColours + 1]uint8) bool {
	return p.pegs >= relaxMinPegs && p.max <= relaxMaxColours && p.arrangements(k) < relaxMaxArrangements
}

// relaxationRefutes reports whether multiset k is proved to have no
// arrangement that gives every hint its blacks, by the linear relaxation
// of it and, where that has a solution, of each colour at the first
// position, and so on down while relaxBudget allows (the relaxation of
// an instance that has no code but one of shares often has none once a
// peg or two is placed: over 4 colours, one colour at each position of
// 32 left the others none); false says nothing.
func (p *problem) relaxationRefutes(k *[wordColours + 1]uint8) bool {
	s := p.unplaced(k)
	budget := 1
	if p.pegs >= max(relaxDeepPegs, relaxDeepPegsPerColour*p.max) {
		budget = relaxBudget * p.pegs / p.max
	}
	return p.refuted(&s, &budget)
}

// Below the relaxation of the whole multiset, relaxations with pegs
// placed are solved only for codes of at least relaxDeepPegs pegs, and
// relaxDeepPegsPerColour a colour (over relaxMaxColours at most), whose
// searches take a tenth of a second to seconds, and at most
// relaxBudget a peg per colour: each takes about a millisecond at 24 to
// 32 pegs, and a multiset with arrangements pays for them in vain. Best
// of three, with and without them (2026-12-05): random instances with as
// many hints as pegs, true, 78 to 783 ms at 24 pegs over 4 colours and
// 147 to 294 at 25 over 5, took -15 to +37 ms more; with a white made
// black, 146 and 177 ms at 24 over 4 took 11 and 46, and at 25 over 5,
// 113 ms and 4.5 s took 10 ms and 3.9 s (another 225 ms, 259); at 28 and
// 32 pegs over 6 colours, where true instances took more than 10 s, 2 of
// 6 altered ones were refuted in 43 and 65 ms. Over 6 colours at 20 to 24
// pegs, instances with at most 50,000 codes took 2 to 25 ms without them
// and 12 to 80 with them.
const (
	relaxDeepPegs          = 24
	relaxDeepPegsPerColour = 5
	relaxBudget            = 16
)

// relaxDepth is the most pegs placed before a relaxation, as a multiset
// with arrangements would have the others searched for one in vain
// (those refuted needed 8 at most, on 32 pegs over 4 colours).
const relaxDepth = 8

// relaxed is a multiset's arrangement with its first pegs placed: how
// many, the pegs of each colour left for the positions after them and the
// blacks each hint still wants of those.
type relaxed struct {
	placed int
	left   [wordColours + 1]int
	want   []int
}

// unplaced returns multiset k's arrangement with no peg placed yet.
func (p *problem) unplaced(k *[wordColours + 1]uint8) relaxed {
	s := relaxed{want: slices.Clone(p.blacks)}
	for c := 1; c <= p.max; c++ {
		s.left[c] = int(k[c])
	}
	return s
}

// refuted reports whether s is proved to have no arrangement: by its
// relaxation, else by every colour at its first free position, while
// budget lasts and the caller has not given up.
func (p *problem) refuted(s *relaxed, budget *int) bool {
	for _, w := range s.want {
		if w < 0 || w > p.pegs-s.placed {
			return true
		}
	}
	if s.placed == p.pegs || s.placed > relaxDepth {
		return false // every hint has its blacks, or too deep to tell
	}
	if *budget--; *budget < 0 || p.stop.Load() {
		return false
	}
	if weights, ok := p.relax(s); ok {
		return p.fallsShort(s, weights)
	}
	q := s.placed
	for c := 1; c <= p.max; c++ {
		if s.left[c] == 0 {
			continue
		}
		child := relaxed{placed: q + 1, left: s.left, want: slices.Clone(s.want)}
		child.left[c]--
		for i, g := range p.guess {
			if g[q] == uint8(c) {
				child.want[i]--
			}
		}
		if !p.refuted(&child, budget) {
			return false
		}
	}
	return true
}

// relax solves the relaxation of s; if it has no solution it returns each
// hint's weight in a proof of that, and true.
func (p *problem) relax(s *relaxed) ([]float64, bool) {
	// The variables: the share of the j-th colour left at the f-th free
	// position at column f*len(colours)+j.
	var colours []int
	for c := 1; c <= p.max; c++ {
		if s.left[c] > 0 {
			colours = append(colours, c)
		}
	}
	var column [wordColours + 1]int
	for j, c := range colours {
		column[c] = j
	}
	free := p.pegs - s.placed
	t := newTableau(free+len(colours)+p.hints, free*len(colours))
	for f := range free {
		for j := range colours {
			t.set(f, f*len(colours)+j, 1)
		}
		t.setRHS(f, 1)
	}
	for j, c := range colours {
		r := free + j
		for f := range free {
			t.set(r, f*len(colours)+j, 1)
		}
		t.setRHS(r, float64(s.left[c]))
	}
	for i, g := range p.guess {
		r := free + len(colours) + i
		for f, c := range g[s.placed:] {
			if s.left[c] > 0 {
				t.set(r, f*len(colours)+column[c], 1)
			}
		}
		t.setRHS(r, float64(s.want[i]))
	}
	dual, ok := t.infeasible()
	if !ok {
		return nil, false
	}
	return dual[free+len(colours):], true
}

// fallsShort reports whether, with each hint's blacks counted weight[i]
// times (rounded to integers), every arrangement of s has a smaller sum
// of weighted blacks than the hints want: then none has the hints'
// blacks. It is exact.
func (p *problem) fallsShort(s *relaxed, weight []float64) bool {
	scale := weightScale(weight)
	if scale == 0 {
		return false
	}
	whole := make([]int64, p.hints)
	want := int64(0)
	for i, w := range weight {
		whole[i] = int64(math.Round(w * scale))
		want += whole[i] * int64(s.want[i])
	}
	// gain[f*n+j] is what the j-th peg left is worth at the f-th free
	// position: the weights of the hints whose guess has its colour
	// there.
	n := p.pegs - s.placed
	slot := make([]uint8, 0, n)
	for c := 1; c <= p.max; c++ {
		for range s.left[c] {
			slot = append(slot, uint8(c))
		}
	}
	gain := make([]int64, n*n)
	for i, g := range p.guess {
		for f, gc := range g[s.placed:] {
			for j, c := range slot {
				if c == gc {
					gain[f*n+j] += whole[i]
				}
			}
		}
	}
	return maxAssignment(gain, n) < want
}

// weightScale returns the factor that makes the largest of weights 2^30,
// for proofs that weigh in integers (the sums of up to 2^16 pegs and
// hints stay far inside int64), or 0 if they are all 0 or one is not a
// number.
func weightScale(weights []float64) float64 {
	largest := 0.0
	for _, w := range weights {
		largest = max(largest, math.Abs(w))
	}
	if largest == 0 || math.IsNaN(largest) || math.IsInf(largest, 0) {
		return 0
	}
	return (1 << 30) / largest
}

// maxAssignment returns the largest sum of gain[r*n+col] over the
// assignments of each of n rows to a column of its own: the Hungarian
// method, in O(n³).
func maxAssignment(gain []int64, n int) int64 {
	// The method minimises: cost = -gain. u and v are the potentials of
	// rows and columns (1-based, 0 a sentinel), match[col] the row
	// assigned to col.
	const inf = math.MaxInt64 / 4
	u := make([]int64, n+1)
	v := make([]int64, n+1)
	match := make([]int, n+1)
	way := make([]int, n+1)
	least := make([]int64, n+1)
	used := make([]bool, n+1)
	for r := 1; r <= n; r++ {
		match[0] = r
		col := 0
		for j := range least {
			least[j], used[j] = inf, false
		}
		for {
			used[col] = true
			row, delta, next := match[col], int64(inf), 0
			for j := 1; j <= n; j++ {
				if used[j] {
					continue
				}
				if cur := -gain[(row-1)*n+j-1] - u[row] - v[j]; cur < least[j] {
					least[j], way[j] = cur, col
				}
				if least[j] < delta {
					delta, next = least[j], j
				}
			}
			for j := range n + 1 {
				if used[j] {
					u[match[j]] += delta
					v[j] -= delta
				} else {
					least[j] -= delta
				}
			}
			if col = next; match[col] == 0 {
				break
			}
		}
		for col != 0 {
			prev := way[col]
			match[col] = match[prev]
			col = prev
		}
	}
	sum := int64(0)
	for j := 1; j <= n; j++ {
		sum += gain[(match[j]-1)*n+j-1]
	}
	return sum
}

// tableau is the dense simplex tableau of phase one for A x = b, x ≥ 0,
// b ≥ 0: each row holds A's row, an artificial variable of its own and b;
// the last row the reduced costs of minimising the artificials' sum.
type tableau struct {
	rows, vars int       // A's rows and columns
	width      int       // vars + rows artificials + 1
	cell       []float64 // (rows+1) × width
}

func newTableau(rows, vars int) *tableau {
	width := vars + rows + 1
	t := &tableau{rows: rows, vars: vars, width: width, cell: make([]float64, (rows+1)*width)}
	for r := range rows {
		t.cell[r*width+vars+r] = 1
	}
	return t
}

func (t *tableau) set(r, j int, a float64) { t.cell[r*t.width+j] = a }
func (t *tableau) setRHS(r int, b float64) { t.cell[r*t.width+t.width-1] = b }

// Tolerances of the floating-point simplex: a pivot must exceed
// pivotEpsilon, a reduced cost fall below -costEpsilon to enter, and the
// artificials' least sum exceed infeasibleEpsilon to say no (any error
// only spoils a proof that fallsShort then fails to make).
const (
	pivotEpsilon      = 1e-9
	costEpsilon       = 1e-9
	infeasibleEpsilon = 1e-6
)

// infeasible runs phase one; if A x = b has no solution x ≥ 0 it returns
// the dual y of the rows (y·A ≤ 0 and y·b > 0) and true. It gives up
// (false) after a bound on the pivots, against cycling (176 pivots for
// the 68 rows and 128 variables of 32 pegs over 4 colours).
func (t *tableau) infeasible() ([]float64, bool) {
	w := t.width
	obj := t.cell[t.rows*w:]
	for r := range t.rows {
		row := t.cell[r*w:][:w]
		for j := range t.vars {
			obj[j] -= row[j]
		}
		obj[w-1] -= row[w-1]
	}
	for range 4 * (t.rows + t.vars) {
		enter, most := -1, -costEpsilon
		for j := range w - 1 {
			if obj[j] < most {
				enter, most = j, obj[j]
			}
		}
		if enter < 0 {
			break
		}
		leave, ratio := -1, math.Inf(1)
		for r := range t.rows {
			if a := t.cell[r*w+enter]; a > pivotEpsilon {
				if q := t.cell[r*w+w-1] / a; q < ratio {
					leave, ratio = r, q
				}
			}
		}
		if leave < 0 {
			return nil, false // unbounded: phase one cannot be
		}
		t.pivot(leave, enter)
	}
	// obj[w-1] is minus the artificials' sum.
	if -obj[w-1] <= infeasibleEpsilon {
		return nil, false
	}
	for j := range w - 1 {
		if obj[j] < -costEpsilon {
			return nil, false // stopped before the optimum
		}
	}
	// An artificial's reduced cost is 1 - y[r].
	dual := make([]float64, t.rows)
	for r := range dual {
		dual[r] = 1 - obj[t.vars+r]
	}
	return dual, true
}

// pivot makes variable enter basic in row leave.
func (t *tableau) pivot(leave, enter int) {
	w := t.width
	prow := t.cell[leave*w:][:w]
	inv := 1 / prow[enter]
	for j := range prow {
		prow[j] *= inv
	}
	for r := range t.rows + 1 {
		if r == leave {
			continue
		}
		row := t.cell[r*w:][:w]
		f := row[enter]
		if f == 0 {
			continue
		}
		for j, a := range prow {
			row[j] -= f * a
		}
	}
}
