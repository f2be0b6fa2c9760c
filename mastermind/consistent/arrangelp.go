package consistent

import (
	"gamelab/internal/simplex"
	"gamelab/mastermind"
)

// A multiset's arrangements may take the searches long to refute, or to
// find among dead ends. Over few colours every arrangement of a long code
// is some way from every guess, and the dead ends are met deep down, where
// each hint alone can still get its blacks but not all of them together
// (random instances of 28 and 32 pegs over 4 to 6 colours with as many
// hints took more than 20 s). The linear relaxation sees them together:
// give x[q][r], the share of the multiset's r-th colour at position q, any
// value from 0 to 1, with each position's shares summing to 1, each
// colour's to its pegs in the multiset and each hint's shares of its own
// colours to its blacks. If no shares fit, no arrangement does. Where it
// pays (below), both searches solve it at every node, each from its
// parent's basis (internal/simplex), with the node's bounds: a position
// placed has its colour's share at 1, and a colour a position may not take,
// or with no pegs left, 0 there. They cut the nodes whose relaxation is
// proved to have no shares. The proof weights the rows, and the weighted
// sum wanted is checked, in integers, to lie beyond what the weighted
// shares can sum to within the node's bounds (outOfBox). Over few colours
// the relaxation of a dead end seldom has shares: the positions' search of
// such instances meets tens to thousands of nodes where it met millions.

// Where the relaxation pays: codes of at least relaxMinPegs pegs over at
// most relaxMaxColours colours, or over up to relaxMaxTightColours with many
// hints and pegs (tight), for multisets expected to have fewer than
// 10^relaxMaxArrangements arrangements (arrangements: such a multiset is the
// kind with few or none). Measured in
// docs/notes/mastermind-code.md#arrangelp-relaxminpegs.
const (
	relaxMinPegs         = 16
	relaxMaxColours      = 6
	relaxMaxArrangements = 3
)

// relaxationPays reports whether multiset k (pegs by colour) is of the
// kind the relaxation pays on.
func (p *problem) relaxationPays(k []uint8) bool {
	if p.pegs < relaxMinPegs || p.max > relaxMaxColours && !p.tight() {
		return false
	}
	return p.arrangements((*[wordColours + 1]uint8)(k)) < relaxMaxArrangements
}

// tight reports whether p, over more than relaxMaxColours colours, has hints
// and pegs enough for the relaxation to pay: over at most
// relaxMaxTightColours, at least relaxTightPegsPerColour pegs a colour, and
// three hints for four pegs over 7 colours, 85% as many as pegs over more.
// Measured in docs/notes/mastermind-code.md#arrangelp-tight.
func (p *problem) tight() bool {
	if p.max > relaxMaxTightColours || p.pegs < relaxTightPegsPerColour*p.max {
		return false
	}
	if p.max == relaxMaxColours+1 {
		return 4*p.hints >= 3*p.pegs
	}
	return 20*p.hints >= 17*p.pegs
}

const (
	relaxMaxTightColours    = 10
	relaxTightPegsPerColour = 3
)

// relaxMode says where the searches solve the relaxation: where it pays
// (relaxationPays), the default; never; or for every multiset, as tests
// do on instances too small for it to pay.
type relaxMode uint8

const (
	relaxWherePays relaxMode = iota
	relaxNever
	relaxAlways
)

// relaxes reports whether the searches of multiset k solve its
// relaxation: where it pays, and where its states fit (relaxFits).
func (p *problem) relaxes(k []uint8) bool {
	if !p.relaxFits() {
		return false
	}
	switch p.relaxArrangements {
	case relaxNever:
		return false
	case relaxAlways:
		return true
	}
	return p.relaxationPays(k)
}

// relaxFits reports whether the relaxation's states would hold little
// enough: a basis of rows² cells at each depth of the code, within the
// colour counts' relaxation's limits (600 hints of 32 pegs over 4
// colours, 636 rows, would ask for up to 107 MB a search; the whole
// process took 123 MB).
func (p *problem) relaxFits() bool {
	rows := p.pegs + p.max + p.hints
	return rows <= lpMaxRows && rows*rows*(p.pegs+1) <= lpMaxCells
}

// arrangeLP is the relaxation of a multiset's arrangements, a state for
// each depth of a search. Column q*len(colours)+r is x[q][r]; the rows are
// the positions, then the colours, then the hints.
type arrangeLP struct {
	simplex.Program
	colours []uint8 // the multiset's colours, by rank
	// states[d] is the relaxation at depth d, made[d] set once it holds a
	// basis.
	states []simplex.Basis
	made   []bool
	weight []int64 // scratch: a proof's weights
}

// reset makes lp the relaxation of p's multiset k (pegs by colour).
func (lp *arrangeLP) reset(p *problem, k []uint8) {
	lp.colours = lp.colours[:0]
	for c := 1; c <= p.max; c++ {
		if k[c] > 0 {
			lp.colours = append(lp.colours, uint8(c))
		}
	}
	n := len(lp.colours)
	lp.Reset(p.pegs + n + p.hints)
	at, from := p.hintsByPlace()
	for q := range p.pegs {
		for r, c := range lp.colours {
			lp.Add(q)
			lp.Add(p.pegs + r)
			x := q*(p.max+1) + int(c)
			for _, i := range at[from[x]:from[x+1]] {
				lp.Add(p.pegs + n + int(i))
			}
			lp.EndColumn()
		}
	}
	for q := range p.pegs {
		lp.SetRHS(q, 1)
	}
	for r, c := range lp.colours {
		lp.SetRHS(p.pegs+r, float64(k[c]))
	}
	for i, b := range p.blacks {
		lp.SetRHS(p.pegs+n+i, float64(b))
	}
	if len(lp.states) < p.pegs+1 {
		lp.states = make([]simplex.Basis, p.pegs+1)
		lp.made = make([]bool, p.pegs+1)
	}
	clear(lp.made)
	lp.weight = zeroed(lp.weight, lp.Rows())
}

// at returns the relaxation at depth d, for a node's bounds to be set:
// made from that at depth d-1 where it has a basis, the parent's (a
// search resumed below the depths it was split at finds another node's,
// whose basis serves as well), else from the artificials'. If again,
// the node is the last one solved at depth d with more bounds (one side
// of a branch, not taken, ruled out), and its relaxation is as it was.
func (lp *arrangeLP) at(d int, again bool) *simplex.Basis {
	st := &lp.states[d]
	switch {
	case again && lp.made[d]:
	case d > 0 && lp.made[d-1]:
		(st).CopyFrom(&lp.states[d-1])
	default:
		lp.Start(st)
	}
	lp.made[d] = true
	return st
}

// column returns the column of x[q][r], the share of the r-th colour at
// position q, as reset lays them out.
func (lp *arrangeLP) column(q, r int) int { return q*len(lp.colours) + r }

// set bounds the share of the r-th colour at position q in st.
func (lp *arrangeLP) set(st *simplex.Basis, q, r int, lo, hi float64) {
	j := lp.column(q, r)
	if was, wasHi := lp.Bounds(st, j); was != lo || wasHi != hi {
		lp.Bound(st, j, lo, hi)
	}
}

// refuted reports whether st, its bounds set, is proved to have no
// shares that fit.
func (lp *arrangeLP) refuted(st *simplex.Basis) bool {
	refuted, _ := lp.solved(st)
	return refuted
}

// solved solves st, its bounds set: refuted if it is proved to have no
// shares that fit, fits if it has found shares that do (share reads them).
// Neither if the solve gave up, or its proof did not hold exactly.
func (lp *arrangeLP) solved(st *simplex.Basis) (refuted, fits bool) {
	rho, settled := lp.Solve(st)
	if rho != nil {
		return lp.OutOfBox(st, rho, lp.weight), false
	}
	return false, settled
}

// share returns, of st's shares that fit (solved), that of the r-th
// colour at position q.
func (lp *arrangeLP) share(st *simplex.Basis, q, r int) float64 {
	return st.Value(lp.column(q, r))
}

// relaxationRefutes reports whether p's multiset k is proved to have no
// arrangement by its relaxation. It solves it with no peg placed, then, for
// long codes, with each colour at the first position, and so on down while
// the budget lasts (relaxDepth pegs at most, relaxBudget solves a peg per
// colour). An instance with no code but with shares that fit often has none
// once a peg or two is placed (over 4 colours, one colour at each position
// of 32 left the others none). A multiset whose search is shared out is
// offered to it first, as each share would meet the same dead ends.
func (p *problem) relaxationRefutes(k []uint8) bool {
	var lp arrangeLP
	lp.reset(p, k)
	budget := 1
	if p.pegs >= max(relaxDeepPegs, relaxDeepPegsPerColour*p.max) {
		budget = relaxBudget * p.pegs / p.max
	}
	var left [256]uint8
	copy(left[:], k)
	return lp.refutedBelow(p, make(mastermind.Code, p.pegs), 0, &left, &budget)
}

// Below the relaxation of the whole multiset, relaxationRefutes solves
// relaxations with pegs placed only for codes of at least relaxDeepPegs
// pegs and relaxDeepPegsPerColour a colour. It solves at most relaxBudget a
// peg per colour, to depth relaxDepth. A multiset with arrangements pays
// for them in vain (those refuted needed 8 pegs at most, on 32 pegs over 4
// colours; instances of 20 to 24 pegs over 6 colours with up to 50,000
// codes, 2 to 25 ms without them, took 12 to 80 with them). Measured in
// docs/notes/mastermind-code.md#arrangelp-relaxdeeppegs.
const (
	relaxDeepPegs          = 24
	relaxManyHintsPegs     = 20
	relaxLongerPegs        = 22
	relaxManyHintsMost     = 2
	relaxFewColours        = 5
	relaxDeepPegsPerColour = 5
	relaxBudget            = 16
	relaxDepth             = 8
)

// refutedBelow reports whether the relaxation refutes every arrangement
// with code's first q pegs, the pegs left of each colour left: at once,
// or for each colour at position q, while budget lasts and the search
// has not been stopped.
func (lp *arrangeLP) refutedBelow(p *problem, code mastermind.Code, q int, left *[256]uint8, budget *int) bool {
	if *budget--; *budget < 0 || p.stop.Load() {
		return false
	}
	st := lp.at(q, false)
	lp.boundPlaced(st, code, q, left)
	if lp.refuted(st) {
		return true
	}
	if q == p.pegs || q >= relaxDepth {
		return false
	}
	for _, c := range lp.colours {
		if left[c] == 0 {
			continue
		}
		code[q] = c
		left[c]--
		refuted := lp.refutedBelow(p, code, q+1, left, budget)
		left[c]++
		if !refuted {
			return false
		}
	}
	return true
}

// boundPlaced sets st's bounds for code's first placed pegs, and for each
// colour with pegs left (left, by colour) at the positions after them.
func (lp *arrangeLP) boundPlaced(st *simplex.Basis, code mastermind.Code, placed int, left *[256]uint8) {
	for q := range code {
		for r, c := range lp.colours {
			lo, hi := 0.0, 0.0
			if q < placed {
				if code[q] == c {
					lo, hi = 1, 1
				}
			} else if left[c] > 0 {
				hi = 1
			}
			lp.set(st, q, r, lo, hi)
		}
	}
}

// relaxer is a search's relaxation of the multiset it arranges, made on
// first use.
type relaxer struct {
	arrangeLP
	p    *problem
	k    []uint8 // the multiset
	on   bool    // the search solves it at every node
	made bool    // arrangeLP is k's
	// late is set where the blacks-first search turned it on late
	// (turnOnLate; begin clears it): it is then solved only at the
	// depths where it pays (worth). below holds, by depth, the average
	// work below a node since, -1 until one is searched; solves counts
	// the solves (blackFirst.work).
	late   bool
	below  []float64
	solves int
}

// begin prepares r for the search of p's multiset k.
func (r *relaxer) begin(p *problem, k []uint8) {
	r.p, r.k, r.made, r.late = p, k, false, false
	r.on = (p.relaxesAtNodes() || p.fewBeyond(k) || p.relaxArrangements == relaxAlways) && p.relaxes(k) ||
		p.expectsNone(k)
}

// expectsNone reports whether multiset k of p, a code of at least
// relaxNonePegs pegs with relaxNonePerColour pegs a colour or more, is
// expected to have fewer than one arrangement (arrangements:
// 10^relaxNoneExpected). Its searches then solve the relaxation at their
// nodes, however many colours and hints. Otherwise relaxationPays asks for
// at most relaxMaxColours, or tight, and fewBeyond, over fewer, for hints
// for 2/5 of the pegs or more. Measured in
// docs/notes/mastermind-code.md#arrangelp-expectsnone.
func (p *problem) expectsNone(k []uint8) bool {
	if p.pegs < relaxNonePegs || p.pegs < relaxNonePerColour*p.max {
		return false
	}
	return p.relaxArrangements != relaxNever && p.relaxFits() &&
		p.arrangements((*[wordColours + 1]uint8)(k)) < relaxNoneExpected
}

const (
	relaxNonePegs      = 22
	relaxNonePerColour = 2
	relaxNoneExpected  = 0
)

// relaxFewExpected bounds, as a power of ten, the arrangements a multiset
// of more than manyHintsRatio pegs a colour may be expected to have
// (arrangements) for its blacks-first search to solve the relaxation at
// its nodes below relaxDeepPegs (fewBeyond).
const relaxFewExpected = 0.5

// deepFewExpected is fewBeyond's bound from relaxDeepPegs, where the
// relaxation is solved at the nodes whatever the hints: there hints for 2/5
// of the pegs are enough (with hints for half, blacksFirst takes any
// multiset). Measured in
// docs/notes/mastermind-code.md#arrangelp-deepfewexpected.
const deepFewExpected = 2.5

// fewBeyond reports whether multiset k of p expects so few arrangements
// (fewer than 10^relaxFewExpected) that it is arranged blacks first with
// the relaxation solved at the nodes, where relaxesAtNodes says not for p
// as a whole. It applies to codes of relaxManyHintsPegs pegs or more, more
// than manyHintsRatio a colour, with hints for half the pegs or more (from
// relaxDeepPegs, fewer than 10^deepFewExpected with hints for 2/5).
// Measured in docs/notes/mastermind-code.md#arrangelp-fewbeyond.
func (p *problem) fewBeyond(k []uint8) bool {
	if p.pegs < relaxManyHintsPegs || p.pegs <= manyHintsRatio*p.max {
		return false
	}
	enough, bound := 2*p.hints >= p.pegs, relaxFewExpected
	if p.pegs >= relaxDeepPegs {
		enough, bound = 5*p.hints >= 2*p.pegs, deepFewExpected
	}
	return enough && p.arrangements((*[wordColours + 1]uint8)(k)) < bound
}

// relaxesAtNodes reports whether p's code is long enough, for its hints,
// for the searches to solve the relaxation at their nodes. That is from
// relaxDeepPegs pegs, or from relaxManyHintsPegs with hints for nine tenths
// of the pegs up to relaxManyHintsMost times as many. The share is four
// fifths over relaxMaxColours colours; from relaxLongerPegs it is seven
// tenths, four fifths over one colour more, and three quarters over at most
// relaxFewColours. Measured in
// docs/notes/mastermind-code.md#arrangelp-relaxesatnodes.
func (p *problem) relaxesAtNodes() bool {
	if p.pegs >= relaxDeepPegs {
		return true
	}
	longer := p.pegs >= relaxLongerPegs
	many := 10*p.hints >= 9*p.pegs || p.max <= relaxFewColours && 4*p.hints >= 3*p.pegs ||
		p.max <= relaxMaxColours && (5*p.hints >= 4*p.pegs || longer && 10*p.hints >= 7*p.pegs) ||
		p.max == relaxMaxColours+1 && longer && 5*p.hints >= 4*p.pegs
	return p.pegs >= relaxManyHintsPegs && many && p.hints <= relaxManyHintsMost*p.pegs
}

// at returns the relaxation at depth d as arrangeLP's at does, or nil if
// the search does not solve it.
func (r *relaxer) at(d int, again bool) *simplex.Basis {
	if !r.on {
		return nil
	}
	if !r.made {
		r.reset(r.p, r.k)
		r.made = true
	}
	return r.arrangeLP.at(d, again)
}
