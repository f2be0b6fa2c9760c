package consistent

import (
	"gamelab/internal/simplex"
	"gamelab/mastermind"
)

// A multiset's arrangements may take the searches long to refute, or to
// find among dead ends: over few colours every arrangement of a long code
// is some way from every guess, and the dead ends are met deep down, where
// each hint alone can still get its blacks but not all of them together
// (random instances of 28 and 32 pegs over 4 to 6 colours with as many
// hints: more than 20 s). The linear relaxation sees them together: give
// x[q][r], the share of the multiset's r-th colour at position q, any
// value from 0 to 1, with each position's shares summing to 1, each
// colour's to its pegs in the multiset and each hint's shares of its own
// colours to its blacks. If no shares fit, no arrangement does. Where it
// pays (below), both searches solve it at every node, with the node's
// bounds (a position placed has its colour's share at 1, a colour a
// position may not take, or with no pegs left, 0 there), each from its
// parent's basis (internal/simplex), and cut the nodes whose relaxation is
// proved to have no shares: the proof weights the rows, and the weighted
// sum wanted is checked, in integers, to lie beyond what the weighted
// shares can sum to within the node's bounds (outOfBox). Over few colours
// the relaxation of a dead end seldom has shares: the positions' search of
// such instances meets tens to thousands of nodes where it met millions.

// Where the relaxation pays: codes of at least relaxMinPegs pegs over at
// most relaxMaxColours colours, or over up to relaxMaxTightColours with
// many hints and pegs (tight), for multisets expected to have fewer than
// 10^relaxMaxArrangements arrangements (arrangements: such a multiset is
// the kind with few or none). A solve costs as much as hundreds of nodes
// of the searches, so it pays only where it cuts nearly all of them:
// over more colours the relaxation has shares enough to meet the hints
// where no code can, unless the hints are many and so are the pegs of
// each colour, and where arrangements are many most nodes lead to some.
// Solved for every multiset (2026-12-05, whole processes, against only
// where it pays): 20 pegs over 8 colours with 20 hints, 1 code, 115 ms
// against 26; 24 pegs over 8 colours with 18 hints, 290 codes, 2.9 s
// against 0.69; 20 pegs over 4 colours with 6 hints, 147,148 codes, 672
// ms against 42.
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

// tight reports whether p, over more than relaxMaxColours colours, has
// hints and pegs enough for the relaxation to pay: over at most
// relaxMaxTightColours, at least relaxTightPegsPerColour pegs a colour,
// and three hints for four pegs over 7 colours, 85% as many as pegs over
// more. On random instances of 24 to 32 pegs (2026-12-05, whole processes,
// against not solving it; docs/notes/mastermind.md has them all): over 7 colours
// with 18 hints for 24 pegs 0.3 to 2.3 s against 0.16 to 0.24, but with 16
// hints 90 ms against 160; over 8 colours with as many hints as pegs, at
// 32 pegs more than 5 s against 0.2 to 0.75, but with three quarters as
// many, at 24 pegs, 0.8 to 2.4 s against 1.3 to more than 5; over 10
// colours at 32 pegs 4.9 s and more than 10 against 0.3 and 1.7, but at 24
// pegs 0.06 to 1.0 s against 0.15 to more than 5. Since the blacks-first
// search branches on the relaxation's shares (fractional), over 8 to 10
// colours 85% as many hints as pegs are enough (2026-12-06, whole
// processes, best of two alternately, 36 random instances of 24 to 30 pegs
// with 85 to 92% as many hints, true or one answer altered, seeds not used
// to choose the line): 0.49 times the time in the geometric mean of the 24
// that either build solved within 6 s (0.05 to 1.46 times: 93 ms to 7.6,
// more than 6 s to 0.30 and 0.66; 5.3 ms to 7.7, 688 to 726), 12 not
// solved within it where there were 20; three quarters as many were too
// few (24 pegs over 8 colours with 18 hints, 1.22 s to 3.59).
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
// arrangement by its relaxation: with no peg placed, else, for long
// codes, with each colour at the first position, and so on down while
// the budget lasts (relaxDepth pegs at most, relaxBudget solves a peg
// per colour): an instance with no code but with shares that fit often
// has none once a peg or two is placed (over 4 colours, one colour at
// each position of 32 left the others none). A multiset whose search is
// shared out is offered to it first, as each share would meet the same
// dead ends.
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
// pegs and relaxDeepPegsPerColour a colour, and at most relaxBudget a
// peg per colour, to depth relaxDepth: a multiset with arrangements pays
// for them in vain (those refuted needed 8 pegs at most, on 32 pegs over
// 4 colours; instances of 20 to 24 pegs over 6 colours with up to 50,000
// codes, 2 to 25 ms without them, took 12 to 80 with them). The searches
// solve the relaxation at their nodes from relaxDeepPegs pegs on, too,
// and from relaxManyHintsPegs with hints for nine tenths of the pegs or
// more: below, the dead ends lie too near the top for it to pay (whole
// processes, 2026-12-05, solved from the 2,000th node on against not: 16
// pegs over 5 colours with 8 hints, 972 codes, 81 ms against 15; 20 pegs
// over 6 colours with 15 hints, 6 codes, 36 against 20; with 20 hints, 1
// code, 24 against 56). With that many hints, from 20 pegs (random
// instances of 20 to 23 pegs over 4 to 7 colours, true or one answer
// altered, best of two, solved at every node against not): with as many
// hints as pegs 4.2 to 7.2 ms against 8.1 to 28.8 in the geometric mean
// over 4 to 6 colours (at most 19 ms against 192), over 7 colours 4.9
// against 4.1 (at most 7.2 ms against 5.9); with two hints fewer, 22
// pegs over 5 colours 8 to 10 ms against 151 to 154, 23 pegs over 7
// colours 83 and 375 ms against 255 and 1,393, but 22 pegs over 7 colours
// 75 and 88 ms against 58 and 75; with three or four hints for five pegs,
// too often slower (22 pegs over 6 colours with 17 hints 114 and 152 ms
// against 71 and 78). At 16 and 18 pegs over 6 colours, 0.4 to 1.4 ms
// slower.
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
// 10^relaxNoneExpected): its searches then solve the relaxation at their
// nodes, however many colours and hints (relaxationPays asks for at most
// relaxMaxColours, or tight; fewBeyond, over fewer, for hints for 2/5 of
// the pegs or more). There nearly every node is a dead end that the
// blacks-first search, node by node, meets deep down, and the relaxation
// refutes high up.
// Measured in-process on both cores, best of three, against not solving
// it for those multisets (2026-12-06, an Intel Xeon). 288 random
// instances of 14 to 26 pegs over 5 to 20 colours with 0.6 to 1.3 hints a
// peg, a third with one answer altered, those with at most 50,000 codes:
// over the 129 taking 3 ms or more, 0.84 times the time in the geometric
// mean, 28.7 s to 23.9 in all (4,251 ms to 1,575 for the one code of 25
// pegs over 12 colours with 28 hints, 624 to 9 for 25 pegs over 9 colours
// with 27 hints and no code, 563 to 60, 692 to 360), slower on three: 22
// pegs over 9 colours with 24 hints, 12 ms to 39, over 7 colours with 15
// hints 2.2 to 8.2, 26 pegs over 9 colours 13 to 16. Fewer than 2 pegs a
// colour, it cost 1.2 to 6 times the time (3 to 7 ms to 17 to 33): the
// relaxation has shares enough; expecting fewer than 10 arrangements
// rather than one, more of the same (22 pegs over 18 colours with 24
// hints, 70 codes, 6.5 ms to 18). Checked on 292 fresh ones of 20 to 30
// pegs over 6 to 15 colours with 0.7 to 1.3 hints a peg, a fifth with
// guesses near the code: over the 95 of at most 50,000 codes taking 3 ms
// or more 0.60 times the time in the geometric mean (4,313 ms to 119 for
// 30 pegs over 14 colours with 37 hints, 2,494 to 444, 1,535 to 84), one
// slower (92 codes of 30 pegs over 15 colours with 36 hints, 4.0 s to
// 6.4); of the 39 that took more than 5 s, 5 solved within 10 s where
// none were (0.8 to 9.9 s), none slower. Over fewer colours, more than 4
// pegs a colour, where fewBeyond asks for more hints (whole processes,
// best of three alternately): 120 random instances of 22 to 48 pegs with
// 0.2 to 0.5 hints a peg, two thirds with guesses near the code, 84 of
// them solved within 5 s: 2 codes of 35 pegs over 7 colours with 8 hints
// near the code 551 ms to 8.8, the rest within 1.2 ms either way; 43 of
// the 580 above with more than 4 pegs a colour, 0.99 in the geometric
// mean; guesses of 64 pegs over 10 colours near the code, 21 hints, one
// answer altered, 81 ms to 6.4.
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
// relaxation is solved at the nodes whatever the hints: there hints for
// 2/5 of the pegs are enough (with hints for half, blacksFirst takes any
// multiset). On random instances of 24 to 28 pegs over 3 to 5 colours with
// 2/5 to 1/2 as many hints as pegs (2026-12-05, whole processes, positions
// against blacks first, alternately), the 11 expecting 10^-1.3 to 10^2.9
// arrangements took 5.3 to 815 ms against 14 ms to 1.6 s, 1.6 to 3.7 times
// less; of the 4 expecting 10^3.3 to 10^5.0, 3 took longer, up to 5 times
// (130,916 codes of 25 pegs over 5 colours with 10 hints, 10^4.7: 2.7 s
// against 13.3).
const deepFewExpected = 2.5

// fewBeyond reports whether multiset k of p expects so few arrangements
// (fewer than 10^relaxFewExpected) that it is arranged blacks first with
// the relaxation solved at the nodes, where relaxesAtNodes says not for p
// as a whole: for codes of relaxManyHintsPegs pegs or more, more than
// manyHintsRatio a colour, with hints for half the pegs or more (from
// relaxDeepPegs, fewer than 10^deepFewExpected with hints for 2/5). On 20
// random instances of 20 to 23 pegs over 4 and 5 colours with 1/2 to 3/5 as
// many hints as pegs (2026-12-05, whole processes, positions against blacks
// first with the relaxation, alternately), the 11 expecting 10^-1.3 to
// 10^0.4 arrangements took 1.8 to 190 ms against 6.2 to 606, 2.1 to 8.8
// times less; of the 9 expecting 10^0.7 to 10^3.1, 7 took longer, up to 3
// times (141 codes of 20 pegs over 4 colours with 10 hints, 10^2.3: 42 ms
// against 129).
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
// for the searches to solve the relaxation at their nodes: from
// relaxDeepPegs pegs, or from relaxManyHintsPegs with hints for nine tenths
// of the pegs (four fifths over relaxMaxColours colours, and from
// relaxLongerPegs seven tenths, four fifths over one colour more; three
// quarters over at most relaxFewColours) to relaxManyHintsMost times as
// many. Over 4 and 5 colours three hints for four pegs are enough
// (2026-12-05, 48 random instances of 20 to 23 pegs with three quarters to
// nine tenths as many hints, best of two, against nine tenths over any
// colours: the geometric mean 12.4 and 41.5 ms to 5.2 and 14.9, the slowest
// 101 ms to 10 and 777 to 161); over 6 colours four for five, since the
// search branches on the relaxation's shares (fractional): on 96 random
// instances of 20 to 23 pegs with 80 to 88% as many hints, true or one
// answer altered (2026-12-06, whole processes, the best of two
// alternately), the 57 with fewer than nine tenths 0.45 times the time in
// the geometric mean (1.1 times at four fifths on 20 and 21 pegs, 0.11 to
// 0.63 above), the slowest more than 5 s to 0.41 and 0.51, 429 ms to 19,
// 285 to 27, and no more than 1.17 times slower (52 ms to 61); with 65 to
// 78% as many (a scratch build solving it for every multiset), 20 and 21
// pegs took 1.0 to 2.1 times as long in the geometric mean of four
// instances each (309 ms to 975), 22 and 23 pegs 0.27 to 0.95 times; since
// its solves cost a quarter less (internal/floats), from 22 pegs seven
// hints for ten pegs are enough over 6 colours: on 21 random instances of
// 22 and 23 pegs with 65 to 78% as many hints (whole processes, best of two
// alternately, against not solving it), 0.02 to 1.01 times the time with
// 73% or more, 0.32 in the geometric mean (231 ms to 5, 938 to 233, 133 to
// 21; 82 to 83), 0.44 to 1.18 with 70% (1,941 ms to 1,371), 0.35 to 2.2
// below (119 ms to 186; 23 pegs with 15 hints, 458 to 585); checked on 8
// fresh ones with 73 to 78% over 6 colours, 0.15 to 0.87 (382 ms to 58, 265
// to 149, 73 to 19), and on 8 over 4 and 5 colours that the line reaches
// there (73%), 0.75 to 1.2, each within 2.0 to 9.4 ms. Over 7 colours from
// 22 pegs four hints for five pegs are enough (12 instances of 22 and 23
// pegs with 77 to 87% as many hints: 0.24 to 1.0 times the time from 78%,
// 446 ms to 109, 138 to 38, but 0.65 and 1.63 at 77%, 246 ms to 399;
// checked on 12 fresh ones with 82 to 87%: 0.16 to 1.27, 0.57 in the
// geometric mean, 545 ms to 154, 68 to 11, the worst 1,197 to 1,311 and 2.0
// to 2.5). Beyond relaxManyHintsMost times as many hints as pegs the
// searches without it are fast, and its rows, one a hint, cost more than it
// saves (22 pegs over 4 colours with 100, 200 and 400 hints, one code: 4.5,
// 8.1 and 22 ms without it, 18, 46 and 167 with; with 55 and 66 hints over
// 4 to 6 colours, 2.2 to 8.7 ms against 4.0 to 13; with 44, 1.8 to 64 ms
// against 2.9 to 9.9). From relaxDeepPegs the search without it is slow
// enough, hints or not (26 to 32 pegs over 4 to 6 colours with three times
// as many hints, 28 ms to 10.6 s without it, 24 to 65 ms with), that its
// cost with more hints (24 pegs with three to eight times as many, 3 to 31
// ms without it, 4 to 58 with; 28 pegs with eight, 13 and 35 against 84 and
// 85) is kept for its worst cases (32 pegs over 6 colours with five times
// as many, 1.6 s against 94 ms).
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
