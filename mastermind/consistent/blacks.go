package consistent

import (
	"gamelab/internal/simplex"
	"gamelab/mastermind"

	"math"
	"math/bits"
	"slices"
)

// Codes over many colours with many hints are arranged blacks first. Each
// hint wants few blacks there (a guess matches a random code's peg once in
// Max times), and the position-by-position search meets its dead ends deep
// in the code, where every hint alone can still get its blacks but not all
// together. So the blacks are placed first: the search takes the hint with
// the fewest places to spare (places left for its blacks less the blacks it
// wants; then the most places: spareFirst). It decides, for one such place
// (the one whose colour most guesses share: mostShared), whether the code
// has the guess's colour there or not. Where the search solves the
// multiset's relaxation at its nodes, it decides at the place and colour
// whose share the relaxation is least sure of (fractional). Each decision
// is followed to its consequences. A hint with all its blacks forbids its
// guess's colour everywhere else; a hint with as many places left as blacks
// wanted takes them all; a colour with as many places left as pegs takes
// them all; a position with one colour left takes it. Near the code the
// count rules and the rule of two hints apply too (countRules, pairRules),
// and the count rules also for guesses that pile up a colour (piledUp).
// Once every hint has its blacks, the pegs left fill the positions left
// where no hint's guess has them: every way to do so is a solution. This
// makes a tree of a few nodes a solution where the positions' search, even
// met in the middle, lists millions of half codes that do not meet.

// Which search arranges a multiset: blacks first where each guess matches
// the code in few places (at most blacksFirstRatio pegs a colour). Also in
// more (up to manyHintsRatio) when the hints are many (at least 3 for 5
// pegs) or the multiset has few arrangements to give (fewArrangements), as
// there the position-by-position search spends its time in dead ends. Else
// position by position, whose cost a solution is lower where there are
// many. Measured in docs/notes/mastermind-code.md#blacks-blacksfirstratio.
const (
	blacksFirstRatio = 2
	manyHintsRatio   = 4
)

// fewArrangements bounds the arrangements a multiset is expected to have
// (arrangements, as a power of ten) for it to be arranged blacks first with
// fewer hints than manyHintsRatio asks. With at least 2 hints for 5 pegs,
// the bound is higher by how far the pegs a colour fall short of
// manyHintsRatio. With more colours, the positions' search meets more
// states it has not seen (it remembers the dead ones), and blacks first
// lists more solutions a node. Measured in
// docs/notes/mastermind-code.md#blacks-fewarrangements.
const fewArrangements = 4.5

// blacksFirst reports whether p's multiset k is arranged blacks first.
func (p *problem) blacksFirst(k *[wordColours + 1]uint8) bool {
	if p.near || p.pegs <= blacksFirstRatio*p.max {
		return true
	}
	if p.pegs > manyHintsRatio*p.max {
		return 2*p.hints >= p.pegs && p.relaxesAtNodes() || p.fewBeyond(k[:])
	}
	if 5*p.hints >= 3*p.pegs {
		return true
	}
	few := fewArrangements
	if 5*p.hints >= 2*p.pegs {
		if p.relaxesAtNodes() {
			return true
		}
		few += manyHintsRatio - float64(p.pegs)/float64(p.max)
	}
	return p.arrangements(k) < few
}

// allArrangements returns the natural logarithm of the number of
// arrangements of multiset k, whatever the hints: the multinomial
// pegs! / Π k[c]!.
func (p *problem) allArrangements(k *[wordColours + 1]uint8) float64 {
	lg, _ := math.Lgamma(float64(p.pegs + 1))
	for c := 1; c <= p.max; c++ {
		f, _ := math.Lgamma(float64(k[c]) + 1)
		lg -= f
	}
	return lg
}

// arrangements returns, as a power of ten, how many arrangements of
// multiset k give every hint its blacks, expected if the hints were
// independent: the multinomial number of arrangements times, for each
// hint, the chance that a random arrangement matches its guess in as
// many places, each place matching with the chance of its colour's share
// of the pegs. The hints of a codebreaker, each guess consistent with
// those before, are not independent: their codes are up to ten times as
// many as the estimate.
func (p *problem) arrangements(k *[wordColours + 1]uint8) float64 {
	lg := p.allArrangements(k)
	// chance[b] is that of b blacks over the places so far, kept up to
	// the hint's blacks only: the ones above do not change those below.
	var chance [wordPegs + 1]float64
	for i, g := range p.guess {
		want := p.blacks[i]
		chance[0] = 1
		for n, c := range g {
			q := float64(k[c]) / float64(p.pegs)
			if n < want {
				chance[n+1] = chance[n] * q
			}
			for b := min(n, want); b >= 1; b-- {
				chance[b] = chance[b]*(1-q) + chance[b-1]*q
			}
			chance[0] *= 1 - q
		}
		if chance[want] == 0 {
			return math.Inf(-1)
		}
		lg += math.Log(chance[want])
	}
	return lg / math.Ln10
}

// blackFirst arranges the pegs of a multiset blacks first. Colours are
// taken by their rank in the multiset, positions as bits of a word.
type blackFirst struct {
	*problem
	colours []uint8 // the multiset's colours, by rank
	rankOf  [mastermind.MaxColours + 1]uint8
	// masks[i*len(colours)+r] holds the positions where hint i's guess has
	// the colour of rank r, and byRank[r*hints+i] too; ranks[i] the ranks
	// hint i's guess has.
	masks, byRank []uint64
	ranks         [][]uint8
	// levels[d] is the state after d positions were fixed by a branch.
	levels []blackState
	// multiset is the multiset reset last prepared for: resume prepares
	// only for another, as a worker resumes many nodes of one. Its
	// counts are a slice, as a wide instance's are longer (counts).
	multiset []uint8
	// hintsAt[hintsFrom[x]:hintsFrom[x+1]] lists the hints whose guess
	// has colour c at position q, x = q*(max+1)+c: those a peg there
	// gives a black. fix went through every hint's guess at q, most of
	// them of another colour (a tenth of the search's time on 20 pegs
	// over 12 colours with 16 hints).
	hintsAt   []int32
	hintsFrom []int32
	code      mastermind.Code
	nodes     int // nodes searched, to look at stop now and then
	// agree[i*hints+j], for hints i < j, holds the positions where their
	// guesses have the same colour (pairRules), for guesses near the code.
	agree []uint64
	// counted[i] is set for the hints propagate applies countRules to:
	// near the code all, else those whose guesses pile up a colour
	// (piledUp); anyCounted if any is.
	counted    []bool
	anyCounted bool
	// emit, while split runs, takes the nodes at depth splitDepth in
	// place of their search.
	emit  func(*blackStart) bool
	relax relaxer // the relaxation of the multiset (arrangelp.go)
	// fits is the relaxation refuted solved at the node, if it found
	// shares that fit there: search branches on them (fractional).
	fits *simplex.Basis
	// since is nodes when the search of the multiset began, found the
	// codes it has found since (lateRelaxation).
	since, found int
}

// blackState is what a node of the search knows.
type blackState struct {
	open    uint64   // the positions still to place
	allowed []uint64 // by rank: the positions the colour may still take
	// cand, by hint, holds the positions where the hint's guess has a
	// colour still allowed there, open or not: kept as allowed changes
	// (forbid), since propagate reads it for every hint at every pass.
	cand   []uint64
	left   []int8  // by rank: the pegs still to place
	need   []int8  // by hint: the blacks still wanted
	active []int32 // the hints not done (propagate)
}

func newBlackFirst(p *problem) *blackFirst {
	b := &blackFirst{problem: p, code: make(mastermind.Code, p.pegs), ranks: make([][]uint8, p.hints)}
	b.levels = make([]blackState, p.pegs+1)
	b.hintsAt, b.hintsFrom = p.hintsByPlace()
	if p.near {
		b.agree = make([]uint64, p.hints*p.hints)
		for i := range p.hints {
			for j := i + 1; j < p.hints; j++ {
				for q := range p.pegs {
					if p.guess[i][q] == p.guess[j][q] {
						b.agree[i*p.hints+j] |= 1 << q
					}
				}
			}
		}
	}
	b.counted = make([]bool, p.hints)
	for i, g := range p.guess {
		b.counted[i] = p.near || piledUp(g, p.max)
		b.anyCounted = b.anyCounted || b.counted[i]
	}
	for d := range b.levels {
		b.levels[d].need = make([]int8, p.hints)
	}
	return b
}

// hintsByPlace returns the hints sorted by position and by their guess's
// colour there (a counting sort), and where the hints of each position
// and colour begin among them: the searches' hintsAt and hintsFrom, made
// once and shared by every worker's (read only).
func (p *problem) hintsByPlace() (at, from []int32) {
	p.byPlaceOnce.Do(func() { p.byPlaceAt, p.byPlaceFrom = p.sortHintsByPlace() })
	return p.byPlaceAt, p.byPlaceFrom
}

// sortHintsByPlace makes hintsByPlace's lists.
func (p *problem) sortHintsByPlace() (at, from []int32) {
	n := p.max + 1
	from = make([]int32, p.pegs*n+1)
	for q := range p.pegs {
		for _, g := range p.at[q*p.hints:][:p.hints] {
			from[q*n+int(g)+1]++
		}
	}
	for x := 1; x < len(from); x++ {
		from[x] += from[x-1]
	}
	at = make([]int32, len(p.at))
	next := slices.Clone(from)
	for q := range p.pegs {
		for i, g := range p.at[q*p.hints:][:p.hints] {
			y := q*n + int(g)
			at[next[y]] = int32(i)
			next[y]++
		}
	}
	return at, from
}

// pileShare is how many times its share of the pegs (pegs/max) a colour
// has in a guess that piles it up: piledUp.
const pileShare = 4

// piledUp reports whether guess g has some colour at least pileShare
// times its share of the pegs, as a codebreaker's guesses may (a guess
// that tries a colour at many places at once). There the count rules bind
// on random instances too: a hint's blacks of that colour are at most
// the code's pegs of it, few, however many places the guess gives it.
// Nodes of the search on 20 pegs over 12 colours with 14 guesses, each
// one consistent with those before (some with 9 to 12 pegs of a colour):
// 546,512 without the rules, 20,414 with them on such hints, 18,226 on
// all; 1,497,408, 1,133,158 and 749,308; 174,723, 151,105 and 88,139. On
// random instances (16 pegs over 10 colours, 12 hints), where the rules
// on all hints cut 10 to 25% of the nodes at 20 to 50% more time a node,
// few hints pile up a colour and the search is as before.
func piledUp(g mastermind.Code, max int) bool {
	var count [mastermind.MaxColours + 1]int
	for _, c := range g {
		if count[c]++; count[c]*max >= pileShare*len(g) {
			return true
		}
	}
	return false
}

// reset prepares the search of multiset k.
func (b *blackFirst) reset(k []uint8) {
	b.multiset = k
	b.colours = b.colours[:0]
	for c := 1; c <= b.max; c++ {
		if k[c] > 0 {
			b.colours = append(b.colours, uint8(c))
		}
	}
	n := len(b.colours)
	b.relax.begin(b.problem, k)
	b.since, b.found = b.nodes, 0
	all := uint64(1)<<b.pegs - 1 // b.pegs is at most wordPegs, 64: 1<<64 is 0, all ones
	for d := range b.levels {
		l := &b.levels[d]
		l.allowed, l.left, l.cand = zeroed(l.allowed, n), zeroed(l.left, n), zeroed(l.cand, b.hints)
	}
	root := &b.levels[0]
	root.open = all
	rank := &b.rankOf
	for r, c := range b.colours {
		rank[c] = uint8(r)
		root.allowed[r] = all
		root.left[r] = int8(k[c])
	}
	root.active = root.active[:0]
	for i, bl := range b.blacks {
		root.need[i] = int8(bl)
		root.active = append(root.active, int32(i))
	}
	b.masks, b.byRank = zeroed(b.masks, b.hints*n), zeroed(b.byRank, b.hints*n)
	for i := range b.hints {
		b.ranks[i] = b.ranks[i][:0]
		for q, c := range b.guess[i] {
			if k[c] == 0 {
				continue
			}
			m := &b.masks[i*n+int(rank[c])]
			if *m == 0 {
				b.ranks[i] = append(b.ranks[i], rank[c])
			}
			*m |= 1 << q
			b.byRank[int(rank[c])*b.hints+i] |= 1 << q
			root.cand[i] |= 1 << q
		}
	}
}

// zeroed returns s with n elements, all zero, in s's memory if it has
// room: the search of each multiset reuses the last one's.
func zeroed[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// arrange calls yield with every arrangement of multiset k that gives
// each hint its blacks; false if yield stopped it.
func (b *blackFirst) arrange(k []uint8, yield func(mastermind.Code) bool) bool {
	b.reset(k)
	return b.search(0, yield)
}

// A multiset with many arrangements is shared among the cores by the
// nodes of its search at depth splitDepth (branches taken; a branch not
// taken stays at its depth): split lists them in the search's order, and
// each is searched on by resume, where it is. The shares then add up to
// the search of the whole, where shares by the first peg's colour (each
// searching the tree again with that peg fixed) added 10 to 75% (16 pegs
// of 10 colours with 12 hints: 146,000 nodes whole, 203,847 in shares).
// At depth 2 there are 50 to 180 shares on 16 pegs of 10 to 20 colours;
// at depth 1, 14 to 20 (as fast on two cores, less even on more); at 4,
// 2,500 to 3,700, each paying for its own start.
const splitDepth = 2

// blackStart is a node of the search handed from split to resume: its
// depth, its state and the code so far; or, if solved, a solution split
// met above that depth.
type blackStart struct {
	d      int
	state  blackState
	code   mastermind.Code
	solved bool
}

// split calls emit with the nodes of multiset k's search at depth
// splitDepth and the solutions above it, in the search's order; false if
// emit stopped it.
func (b *blackFirst) split(k []uint8, emit func(*blackStart) bool) bool {
	b.reset(k)
	b.emit = emit
	defer func() { b.emit = nil }()
	return b.search(0, func(c mastermind.Code) bool { return emit(&blackStart{code: slices.Clone(c), solved: true}) })
}

// resume calls yield with the arrangements of multiset k below node
// start, as split listed it; false if yield stopped it.
func (b *blackFirst) resume(k []uint8, start *blackStart, yield func(mastermind.Code) bool) bool {
	if start.solved {
		return yield(start.code)
	}
	if len(b.multiset) == 0 || &b.multiset[0] != &k[0] {
		b.reset(k)
	}
	b.levels[start.d].copyFrom(&start.state)
	copy(b.code, start.code)
	return b.search(start.d, yield)
}

// candidates returns the open positions where hint i's guess has a colour
// still allowed there: the places its blacks can still take.
func (b *blackFirst) candidates(s *blackState, i int) uint64 {
	return s.cand[i] & s.open
}

// forbid takes the positions x from those the colour of rank r may take.
func (b *blackFirst) forbid(s *blackState, r uint8, x uint64) {
	if x &= s.allowed[r]; x == 0 {
		return
	}
	s.allowed[r] &^= x
	for i, m := range b.byRank[int(r)*b.hints : (int(r)+1)*b.hints] {
		s.cand[i] &^= m & x
	}
}

// forbidGuess takes from each place q of x (open, and each allowed to hint
// i's guess's colour there) that colour. It serves a hint with all its
// blacks, whose guess has many colours on few places: where forbid, a
// colour at a time, passes over every hint for each of the guess's colours,
// this touches only the hints whose guesses share a colour at one of the
// places (hintsWith). A fifth of the search's time went to those passes on
// random instances of 24 pegs over 8 and 10 colours with 18 and 24 hints
// (docs/notes/mastermind-code.md#blacks-passes).
func (b *blackFirst) forbidGuess(s *blackState, i int, x uint64) {
	g := b.guess[i]
	for ; x != 0; x &= x - 1 {
		q := bits.TrailingZeros64(x)
		bit := uint64(1) << q
		s.allowed[b.rankOf[g[q]]] &^= bit
		for _, j := range b.hintsWith(q, g[q]) {
			s.cand[j] &^= bit
		}
	}
}

// hintsWith returns the hints whose guess has colour c at position q:
// those a peg of c there gives a black.
func (b *blackFirst) hintsWith(q int, c uint8) []int32 {
	x := q*(b.max+1) + int(c)
	return b.hintsAt[b.hintsFrom[x]:b.hintsFrom[x+1]]
}

// fix places the colour of rank r at position q; false if that takes a
// hint past its blacks or the colour past its pegs.
func (b *blackFirst) fix(s *blackState, q int, r uint8) bool {
	s.open &^= 1 << q
	c := b.colours[r]
	b.code[q] = c
	if s.left[r]--; s.left[r] < 0 {
		return false
	}
	if s.left[r] == 0 {
		b.forbid(s, r, s.allowed[r])
	}
	ok := true
	for _, i := range b.hintsWith(q, c) {
		if s.need[i]--; s.need[i] < 0 {
			ok = false
		}
	}
	return ok
}

// propagate follows the rules above until none applies; false if they
// reach a contradiction. Else it returns the hint with blacks wanted and
// the fewest places to spare for them (spareFirst), and those places; -1
// if every hint has its blacks. A hint with its blacks and no places left
// is done: it leaves the state's active hints.
func (b *blackFirst) propagate(s *blackState) (ok bool, hint int, places uint64) {
	for {
		changed := false
		hint, fewest := -1, math.MaxInt
		for k := 0; k < len(s.active); k++ {
			i := int(s.active[k])
			need := int(s.need[i])
			cand := b.candidates(s, i)
			count := bits.OnesCount64(cand)
			switch {
			case need > count:
				return false, -1, 0
			case need == 0:
				// Every place left would be one black too many.
				if count > 0 {
					b.forbidGuess(s, i, cand)
					changed = true
				}
			case need == count:
				for m := cand; m != 0; m &= m - 1 {
					q := bits.TrailingZeros64(m)
					if !b.fix(s, q, b.rankOf[b.guess[i][q]]) {
						return false, -1, 0
					}
				}
				changed = true
			default:
				if key := spareFirst(count, need); key < fewest {
					hint, fewest, places = i, key, cand
				}
				continue
			}
			if s.need[i] == 0 {
				last := len(s.active) - 1
				s.active[k], s.active[last] = s.active[last], s.active[k]
				s.active = s.active[:last]
				k--
			}
		}
		// Each colour needs as many places as pegs; each position a colour.
		var once, twice uint64
		for r, left := range s.left {
			if left == 0 {
				continue
			}
			a := s.allowed[r] & s.open
			twice |= once & a
			once |= a
			count := bits.OnesCount64(a)
			if count < int(left) {
				return false, -1, 0
			}
			if count == int(left) {
				for m := a; m != 0; m &= m - 1 {
					if !b.fix(s, bits.TrailingZeros64(m), uint8(r)) {
						return false, -1, 0
					}
				}
				changed = true
			}
		}
		if changed {
			continue // the counts above are stale
		}
		if s.open&^once != 0 {
			return false, -1, 0
		}
		if single := s.open &^ twice; single != 0 {
			for m := single; m != 0; m &= m - 1 {
				q := bits.TrailingZeros64(m)
				for r := range s.left {
					if s.allowed[r]>>q&1 == 1 && s.left[r] > 0 {
						if !b.fix(s, q, uint8(r)) {
							return false, -1, 0
						}
						break
					}
				}
			}
			continue
		}
		if b.anyCounted {
			again := false
			for _, i := range s.active {
				if need := int(s.need[i]); need > 0 && b.counted[i] {
					changed, ok := b.countRules(s, int(i), need)
					if !ok {
						return false, -1, 0
					}
					again = again || changed
				}
			}
			if again {
				continue
			}
		}
		if b.near {
			changed, ok := b.pairRules(s)
			if !ok {
				return false, -1, 0
			}
			if changed {
				continue
			}
		}
		return true, hint, places
	}
}

// spareFirst orders the hints a search may branch on: the fewest places to
// spare first (the places left less the blacks wanted), then the most
// places. Either way of the branch decides one place; the hint with the
// least to spare is the nearest to having all its places decided, by a
// contradiction or by taking them all, and of two with as little to spare,
// the one with more places wants more blacks: its places are the likelier
// blacks, and deciding one says more. Measured in
// docs/notes/mastermind-code.md#blacks-sparefirst.
func spareFirst(count, need int) int { return (count-need)*(wordPegs+1) + wordPegs - count }

// countRules applies the plain search's rules of hint i, wanting need
// blacks, to s (for guesses near the code or that pile up a colour:
// counted). Its blacks are at most the sum over its guess's colours of the
// smaller of the pegs left and the places left, and at least the pegs of
// each colour with no room left elsewhere. At the upper bound every colour
// gives all it can (all its places if it has pegs enough, else all its pegs
// go there); at the lower one none gives more than it must (a colour with
// room elsewhere goes nowhere on the hint's places, one without fills all
// its room elsewhere). It reports whether it changed s, and false if s has
// no arrangement.
func (b *blackFirst) countRules(s *blackState, i, need int) (changed, ok bool) {
	n := len(b.colours)
	masks := b.masks[i*n : (i+1)*n]
	most, least := 0, 0
	for _, r := range b.ranks[i] {
		room := s.allowed[r] & s.open
		places := bits.OnesCount64(masks[r] & room)
		left := int(s.left[r])
		most += min(left, places)
		least += max(0, left-(bits.OnesCount64(room)-places))
	}
	switch {
	case most < need || least > need:
		return false, false
	case most == need:
		for _, r := range b.ranks[i] {
			room := s.allowed[r] & s.open
			places := masks[r] & room
			if bits.OnesCount64(places) <= int(s.left[r]) {
				for m := places; m != 0; m &= m - 1 {
					if !b.fix(s, bits.TrailingZeros64(m), r) {
						return false, false
					}
					changed = true
				}
			} else if elsewhere := room &^ masks[r]; elsewhere != 0 {
				b.forbid(s, r, elsewhere)
				changed = true
			}
		}
	case least == need:
		for _, r := range b.ranks[i] {
			room := s.allowed[r] & s.open
			places, elsewhere := masks[r]&room, room&^masks[r]
			if int(s.left[r]) <= bits.OnesCount64(elsewhere) {
				if places != 0 {
					b.forbid(s, r, places)
					changed = true
				}
				continue
			}
			for m := elsewhere; m != 0; m &= m - 1 {
				if !b.fix(s, bits.TrailingZeros64(m), r) {
					return false, false
				}
				changed = true
			}
		}
	}
	return changed, true
}

// pairRules applies to s the rule of two hints i and j, for guesses
// near the code, where each hint wants many blacks and the guesses
// share many places. A place where their guesses have the same colour
// gives both a black or neither; any other gives one of them at most.
// So of the places left to both alike, at least (need i + need j - the
// other places left to either) / 2 are blacks, and at most the fewer of
// the two needs. Beyond that, s has no arrangement; at as many as those
// places, each is a black. It reports whether it changed s, and false
// if s has no arrangement. On random instances it prunes little and
// costs time, so it serves near guesses only. Measured in
// docs/notes/mastermind-code.md#blacks-pairrules.
func (b *blackFirst) pairRules(s *blackState) (changed, ok bool) {
	for x, i := range s.active {
		needI := int(s.need[i])
		if needI == 0 {
			continue
		}
		candI := s.cand[i] & s.open
		for _, j := range s.active[x+1:] {
			needJ := int(s.need[j])
			if needJ == 0 {
				continue
			}
			candJ := s.cand[j] & s.open
			lo, hi := min(i, j), max(i, j)
			same := b.agree[int(lo)*b.hints+int(hi)]
			alike := candI & same // the same as candJ & same
			n := bits.OnesCount64(alike)
			least := (needI + needJ - bits.OnesCount64((candI|candJ)&^same) + 1) / 2
			switch {
			case least > min(n, needI, needJ):
				return false, false
			case least == n && n > 0:
				for m := alike; m != 0; m &= m - 1 {
					q := bits.TrailingZeros64(m)
					if !b.fix(s, q, b.rankOf[b.guess[i][q]]) {
						return false, false
					}
				}
				return true, true
			}
		}
	}
	return false, true
}

// mostShared returns the place, among places of hint i, where the most
// hints' guesses have the colour of i's. Where guesses agree with each
// other they agree with the code (near it, or each consistent with the
// hints before it, as a codebreaker's), so this is the likeliest black,
// and the one that decides most hints either way.
//
// Every hint whose guess has that colour at a place of i's is still
// active (the colour is allowed there, so the hint has a place left and
// propagate kept it), so the count is hintsAt's, with no pass over the
// active hints. Measured in
// docs/notes/mastermind-code.md#blacks-mostshared.
func (b *blackFirst) mostShared(i int, places uint64) int {
	best, most := 0, -1
	for m := places; m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		if n := len(b.hintsWith(q, b.guess[i][q])); n > most {
			best, most = q, n
		}
	}
	return best
}

// searchNode searches from the state at level d; false if yield stopped it.
func (b *blackFirst) searchNode(d int, yield func(mastermind.Code) bool) bool {
	s := &b.levels[d]
	if b.emit != nil && d == splitDepth {
		return b.emit(&blackStart{d: d, code: slices.Clone(b.code), state: s.clone()})
	}
	// Each pass of the loop is a node: the first the level's own, each
	// other the last with a branch ruled out.
	again := false
	for {
		if b.nodes++; b.nodes%4096 == 0 && b.halt() {
			return false
		}
		ok, hint, places := b.propagate(s)
		if !ok {
			return true
		}
		if s.open == 0 {
			b.found++
			return yield(b.code)
		}
		if d == 0 && !again && !b.seated(s) {
			return true
		}
		if b.refuted(d, s, again) {
			return true
		}
		again = true
		if hint < 0 {
			break
		}
		// A place of the hint with the fewest to spare: the guess's
		// colour there, or not; where the relaxation has shares that
		// fit, the place and colour whose share it is least sure of.
		q, r, ok := 0, uint8(0), false
		if b.fits != nil {
			q, r, ok = b.fractional(s, b.fits)
		}
		if !ok {
			q = b.mostShared(hint, places)
			r = b.rankOf[b.guess[hint][q]]
		}
		if !b.branch(d, q, r, yield) {
			return false
		}
		b.forbid(s, r, 1<<q)
	}
	// Every hint has its blacks: the first open position takes each colour
	// it may.
	q := bits.TrailingZeros64(s.open)
	for r, left := range s.left {
		if left > 0 && s.allowed[r]>>q&1 == 1 && !b.branch(d, q, uint8(r), yield) {
			return false
		}
	}
	return true
}

// halt reports whether the search is to stop, as it looks every few
// thousand nodes, and turns the relaxation on late where it pays then.
func (b *blackFirst) halt() bool {
	if b.stop.Load() {
		return true
	}
	b.lateRelaxation()
	return false
}

// lateRelaxation turns the relaxation on, for the rest of the multiset's
// search, where the search has met many nodes a code: at least relaxLate
// times the codes found and one, and lateFloor times relaxLate. Measured in
// docs/notes/mastermind-code.md#blacks-laterelaxation.
func (b *blackFirst) lateRelaxation() {
	n := b.nodes - b.since
	if b.relax.on || n < b.relaxLate*max(lateFloor, b.found+1) ||
		b.relaxArrangements == relaxNever || !b.relaxFits() {
		return
	}
	b.relax.turnOnLate(b.pegs)
}

// turnOnLate turns r on, late in the search of a code of pegs pegs: it is
// solved from there on where it pays (worth).
func (r *relaxer) turnOnLate(pegs int) {
	r.on, r.late = true, true
	r.below = zeroed(r.below, pegs+1)
	for d := range r.below {
		r.below[d] = -1
	}
}

// worth reports whether r, turned on late, is solved at depth d: where
// the work below a node of that depth, on average, is at least
// lateSubtree, or not yet known. Where the relaxation refutes about half
// the nodes it is solved at, as it does on the instances it is turned on
// late for, a solve saves half the work below the node for
// lateSolveCost.
func (r *relaxer) worth(d int) bool {
	w := r.below[d]
	return w < 0 || w >= lateSubtree
}

// search searches from the state at level d, as searchNode does; with
// the relaxation turned on late, as measured does.
func (b *blackFirst) search(d int, yield func(mastermind.Code) bool) bool {
	if b.relax.late {
		return b.measured(d, yield)
	}
	return b.searchNode(d, yield)
}

// measured searches from the state at level d, as searchNode does, and
// keeps the average work below a node of depth d (work, below).
func (b *blackFirst) measured(d int, yield func(mastermind.Code) bool) bool {
	before := b.work()
	ok := b.searchNode(d, yield)
	w, done := &b.relax.below[d], float64(b.work()-before)
	if *w < 0 {
		*w = done
	} else {
		*w += (done - *w) / lateAverage
	}
	return ok
}

// work returns the nodes searched and the relaxations solved, a solve
// counted as lateSolveCost nodes.
func (b *blackFirst) work() int { return b.nodes + lateSolveCost*b.relax.solves }

// The relaxation turned on late (lateRelaxation) starts once a search
// has met relaxLateUnit nodes a code found, and at least lateFloor
// times that. It is then solved at the depths below which there is work
// of lateSubtree nodes or more, a solve counted as lateSolveCost nodes
// and the work averaged over about the last lateAverage nodes of the
// depth. Earlier or later starts, and other costs, made some instances
// slower. Measured in
// docs/notes/mastermind-code.md#blacks-relaxlateunit.
const (
	relaxLateUnit = 1 << 13
	lateFloor     = 4
	lateSolveCost = 128
	lateSubtree   = 512
	lateAverage   = 16
)

// branch searches the state at level d with the colour of rank r at
// position q, in level d+1; false if yield stopped it.
func (b *blackFirst) branch(d, q int, r uint8, yield func(mastermind.Code) bool) bool {
	next := &b.levels[d+1]
	next.copyFrom(&b.levels[d])
	return !b.fix(next, q, r) || b.search(d+1, yield)
}

// refuted reports whether the relaxation of s, at depth d, is proved to
// have no shares that fit; false where it is not solved. Again says s
// is the last node solved at depth d with a branch ruled out since. It
// sets b.fits to the relaxation if it found shares that fit, else nil.
func (b *blackFirst) refuted(d int, s *blackState, again bool) bool {
	b.fits = nil
	if b.relax.late && !b.relax.worth(d) {
		return false
	}
	st := b.relax.at(d, again)
	if st == nil {
		return false
	}
	b.relax.solves++
	for q := range b.pegs {
		open := s.open>>q&1 == 1
		for r, c := range b.colours {
			lo, hi := 0.0, 0.0
			if open {
				if s.left[r] > 0 && s.allowed[r]>>q&1 == 1 {
					hi = 1
				}
			} else if b.code[q] == c {
				lo, hi = 1, 1
			}
			b.relax.set(st, q, r, lo, hi)
		}
	}
	refuted, fits := b.relax.solved(st)
	if fits {
		b.fits = st
	}
	return refuted
}

// fractional returns, where the relaxation st of s has shares that fit, the
// open place and colour whose share is furthest from settled (the nearer of
// 0 and 1) times the hints a peg of that colour there gives a black; false
// if every such share is settled. Measured in
// docs/notes/mastermind-code.md#blacks-fractional.
func (b *blackFirst) fractional(s *blackState, st *simplex.Basis) (q int, r uint8, ok bool) {
	best := simplex.Feasible
	for m := s.open; m != 0; m &= m - 1 {
		at := bits.TrailingZeros64(m)
		for rank, c := range b.colours {
			if s.left[rank] == 0 || s.allowed[rank]>>at&1 == 0 {
				continue
			}
			x := b.relax.share(st, at, rank)
			if w := min(x, 1-x) * float64(len(b.hintsWith(at, c))); w > best {
				q, r, ok, best = at, uint8(rank), true, w
			}
		}
	}
	return q, r, ok
}

// clone returns a copy of s in memory of its own.
func (s *blackState) clone() blackState {
	c := blackState{allowed: make([]uint64, len(s.allowed)), cand: make([]uint64, len(s.cand)), left: make([]int8, len(s.left)), need: make([]int8, len(s.need))}
	c.copyFrom(s)
	return c
}

// copyFrom makes s a copy of t, in s's own memory.
func (s *blackState) copyFrom(t *blackState) {
	s.open = t.open
	copy(s.allowed, t.allowed)
	copy(s.cand, t.cand)
	copy(s.left, t.left)
	copy(s.need, t.need)
	s.active = append(s.active[:0], t.active...)
}
