package consistent

import (
	"gamelab/mastermind"

	"fmt"
	"math/bits"
	"slices"
)

// The plain search: the same two steps as the word searches, the colour
// counts and then their arrangements, with an int for each count and no
// word tricks, the arrangements found by propagating and branching on the
// places of each hint's blacks (plainArranger). The word searches keep
// positions as the bits of a word and counts in 7-bit lanes, so they take
// codes of up to wordPegs; the plain search takes codes of any length,
// and it is the oracle the word searches are tested against on instances
// too large to try every code of. Its rules on each hint's slack are the
// blacks-first search's count rules for guesses near the code (near), and
// for those it has that search's rule of two hints too (pairRules) and
// branches, as it does, where the most guesses share the colour.
//
// Codes that long have astronomically many solutions unless their hints
// pin them down, so what the plain search meets in practice is a handful
// of solutions or none: it spends its care on rules that prune, not on
// the cost of a node. On codes the word searches take it is two to ten
// times slower than they are, more on few colours, where their
// positions' search remembers dead states and this one does not.

// wordPegs is the longest code the word searches take.
const wordPegs = 64

// plainMultisets calls yield with every colour count (index 1 to max)
// whose matches with every guess are the hints', as multisets does and
// in its order; yield may keep the array.
func (p *problem) plainMultisets(yield func(*[wordColours + 1]int) bool) { plainCounts(p, yield) }

// plainCounts is plainMultisets into arrays of any length the counts
// take.
func plainCounts[K counts[int]](p *problem, yield func(*K) bool) {
	p.pairBounds()
	pw := new(pairWants)
	colourCounts[int, int](p, p.matches, func(s, n, used int, r, next []int) (more, ok bool) {
		// As in multisets: no hint matched beyond its answer (more pegs
		// only add matches), none wanting more than the pegs left and
		// the colours after c can match.
		count, after := p.countOf[s], p.afterOf[s]
		left := p.pegs - used - n
		for i, g := range count {
			if min(g, n) > r[i] {
				return false, false
			}
		}
		ok = true
		for i, g := range count {
			next[i] = r[i] - min(g, n)
			if next[i] > min(left, after[i]) {
				ok = false
			}
		}
		return true, ok && p.pairsFitAfter(s, n, next, left, pw)
	}, yield)
}

// plainJobs calls yield with a job for each multiset of the plain search,
// or, when there are few (fewMultisets), with a job for each share of
// each one's search (split), as multisetJobs does.
func (p *problem) plainJobs(yield func(job) bool) {
	few := fewToSplit(p.plainMultisets, func(k *[wordColours + 1]int) bool { return yield(job{counts: k}) })
	if len(few) == 0 {
		return
	}
	a := newPlainArranger(p)
	for _, k := range few {
		if !a.split(k, func(start *plainStart) bool { return yield(job{counts: k, plain: start}) }) {
			return
		}
	}
}

// widePlainJobs calls yield with the jobs of a wide instance of the plain
// search, as plainJobs does: each multiset, over up to MaxColours
// colours, is arranged over its own colours (narrowed), which the plain
// search's sets of colours hold if they are fewer than wordColours. If
// one has more, it sets p.fail and stops.
func (p *problem) widePlainJobs(yield func(job) bool) {
	narrow := func(k *[mastermind.MaxColours + 1]int) (job, bool) {
		sub, counts, ok := p.narrowed(k)
		if !ok {
			p.fail = fmt.Errorf("a code may have %d colours at once: codes of more than %d pegs are arranged over at most %d", len(countedColours(k[:])), wordPegs, wordColours-1)
		}
		return job{counts: counts, sub: sub}, ok
	}
	few := fewToSplit(func(each func(*[mastermind.MaxColours + 1]int) bool) { plainCounts(p, each) },
		func(k *[mastermind.MaxColours + 1]int) bool {
			j, ok := narrow(k)
			return ok && yield(j)
		})
	for _, k := range few {
		j, ok := narrow(k)
		if !ok {
			return
		}
		a := newPlainArranger(j.sub)
		if !a.split(j.counts, func(start *plainStart) bool { return yield(job{counts: j.counts, plain: start, sub: j.sub}) }) {
			return
		}
	}
}

// countedColours returns the colours of multiset k, in order.
func countedColours(k []int) []uint8 {
	var colours []uint8
	for c, n := range k {
		if c > 0 && n > 0 {
			colours = append(colours, uint8(c))
		}
	}
	return colours
}

// narrowed returns the problem of arranging multiset k of wide problem p
// over k's colours alone, numbered from 1 in order, and one more standing
// for all the others (the code has none of them: only where a guess has
// one does it matter, as no black), with k over those colours; false if
// k has wordColours colours or more. Its palette maps its codes back to
// the instance's colours, through p's own if p has one. It has no
// matches: only arranging k, which wants the blacks alone, searches it,
// and p's matches, counted over p's colours, are not its own.
func (p *problem) narrowed(k *[mastermind.MaxColours + 1]int) (*problem, *[wordColours + 1]int, bool) {
	colours := countedColours(k[:])
	if len(colours) >= wordColours {
		return nil, nil, false
	}
	var rank [mastermind.MaxColours + 1]uint8 // 0 for the others, until absent is known
	var counts [wordColours + 1]int
	pal := &palette{colour: make([]uint8, len(colours)+2)}
	for r, c := range colours {
		rank[c] = uint8(r + 1)
		counts[r+1] = k[c]
		pal.colour[r+1] = c
		if p.palette != nil {
			pal.colour[r+1] = p.palette.colour[c]
			if c == p.palette.other {
				pal.other, pal.others = uint8(r+1), p.palette.others
			}
		}
	}
	absent := uint8(len(colours) + 1)
	relabel := func(c uint8) uint8 {
		if rank[c] == 0 {
			return absent
		}
		return rank[c]
	}
	q := &problem{hintTables: hintTables{mode: plainSearch, pegs: p.pegs, max: int(absent), hints: p.hints, guess: make([][]uint8, p.hints), blacks: p.blacks,
		near: p.near, palette: pal, at: make([]uint8, len(p.at))}, stop: p.stop}
	for i, g := range p.guess {
		q.guess[i] = make([]uint8, len(g))
		for x, c := range g {
			q.guess[i][x] = relabel(c)
		}
	}
	for x, c := range p.at {
		q.at[x] = relabel(c)
	}
	return q, &counts, true
}

// plainArranger arranges the pegs of a multiset by propagating and
// branching, as a constraint solver does: each position keeps the colours
// it may still have (a word, bit c-1), and rules cut them until nothing
// changes (propagate). Then the search takes the hint with the least
// slack (the blacks its guess can still get beyond those it wants) and one
// of the places its blacks may go, and branches: a black there, or not.
// This is the word searches' blacks first with positions of any number,
// and the rules tell an empty multiset early at any length. Of the places
// of that hint's blacks it takes the one whose colour the most guesses
// share there, as mostShared does: where guesses agree with each other
// they agree with the code, and the place decides the most hints.
//
// The search changes one state in place and keeps what it changed on a
// trail, undone on the way back. A copy of the state for each level, as the
// search goes as many levels deep as the code has pegs and more, took
// memory growing with the square of the pegs (13 GB after a minute for
// 65,536 pegs: docs/notes/mastermind-code.md#plain-trail).
type plainArranger struct {
	*problem
	s     plainState
	trail []change // the changes to s since the root, the latest last
	// places[i*(max+1)+c] holds the open positions where hint i's guess
	// has colour c and c may go, and open[c] the open positions c may go
	// to: propagate's counts, kept as the state changes (count).
	places []int
	open   [wordColours + 1]int
	slack  []int // by hint, from the last propagate
	// For guesses near the code (pairRules): the positions where each
	// two guesses have the same colour, and cand[i*words:] the open places
	// of hint i's blacks, kept as places is; cand is nil elsewhere.
	samePairs
	cand  []uint64
	nodes int // searched, for the tests
	// hintsAt[hintsFrom[x]:hintsFrom[x+1]] lists the hints whose guess
	// has colour c at position q, x = q*(max+1)+c (hintsWith), as the
	// blacks-first search keeps them.
	hintsAt, hintsFrom []int32
	// depth counts the branches on the path to the node searched; emit,
	// while split runs, takes the nodes at plainSplitDepth in place of
	// their search.
	depth int
	emit  func(*plainStart) bool
}

// plainSplitDepth is the depth at which split shares out a multiset's
// search: up to 256 shares. The search branches two ways, a black or
// not; counting only the branches that place a black, as the blacks-first
// search does, left most of the nodes to split itself (2 such branches:
// no faster on two cores than on one; 8: 1.4 times as fast, as the
// depth of 8 branches either way).
const plainSplitDepth = 8

// plainStart is a node of a multiset's plain search, where a job's share
// of it starts (split), or a solution found on the way there.
type plainStart struct {
	state  plainState
	solved bool
}

// samePairs holds, for each two hints i < j, the positions where their
// guesses have the same colour, a bit each:
// same[(i*hints+j)*words:][:words].
type samePairs struct {
	same  []uint64
	words int
}

// pairWords bounds the memory of the rule of two hints in the plain
// search (words of same): 32 MB.
const pairWords = 1 << 22

// pairPlaces returns p's samePairs, made on the first call; none where
// they would take more than pairWords.
func (p *problem) pairPlaces() samePairs {
	p.sameOnce.Do(func() {
		w := (p.pegs + 63) / 64
		if p.hints*p.hints*w > pairWords {
			return
		}
		p.sameAt = samePairs{same: make([]uint64, p.hints*p.hints*w), words: w}
		for i := range p.hints {
			for j := i + 1; j < p.hints; j++ {
				sameMask(p.guess[i], p.guess[j], p.sameAt.same[(i*p.hints+j)*w:][:w])
			}
		}
	})
	return p.sameAt
}

// plainState is the state of the plain search.
type plainState struct {
	may  []uint64        // the colours each position may have (bit c-1)
	code mastermind.Code // the colour placed at each position, 0 while open
	left [wordColours + 1]int
	need []int // blacks still wanted, by hint
}

// change is a part of the state the search changed, and its value before.
type change struct {
	kind  changeKind
	index int32
	old   uint64
}

type changeKind uint8

const (
	mayChange   changeKind = iota // old: the colours position index may have
	placeChange                   // a peg placed at position index (place)
)

func newPlainArranger(p *problem) *plainArranger {
	a := &plainArranger{problem: p, places: make([]int, p.hints*(p.max+1)), slack: make([]int, p.hints),
		s: plainState{may: make([]uint64, p.pegs), code: make(mastermind.Code, p.pegs), need: make([]int, p.hints)}}
	a.hintsAt, a.hintsFrom = p.hintsByPlace()
	if p.near {
		if a.samePairs = p.pairPlaces(); a.same != nil {
			a.cand = make([]uint64, p.hints*a.words)
		}
	}
	return a
}

// setMay sets the colours position q may have.
func (a *plainArranger) setMay(q int, may uint64) {
	old := a.s.may[q]
	a.trail = append(a.trail, change{mayChange, int32(q), old})
	a.s.may[q] = may
	a.count(q, old&^may, -1)
	a.count(q, may&^old, 1)
}

// count adds d (1 or -1) to open position q's counts for colours: open, and
// the places of the hints whose guess has one of them there (read from
// hintsWith, rather than every hint's guess at q: 0.75 to 0.85 times the
// time on 34 guesses near the code of 72 to 96 pegs). Kept so, the counts
// cost a pass over the hints a change rather than a pass over every hint
// and position at every step of propagate, which had taken 70% of the time
// on guesses of 96 pegs near the code
// (docs/notes/mastermind-code.md#plain-counts).
func (a *plainArranger) count(q int, colours uint64, d int) {
	if colours == 0 {
		return
	}
	m := a.max + 1
	for cs := colours; cs != 0; cs &= cs - 1 {
		c := bits.TrailingZeros64(cs) + 1
		a.open[c] += d
		for _, i := range a.hintsWith(q, c) {
			a.places[int(i)*m+c] += d
			if a.cand == nil {
				continue
			}
			if w := &a.cand[int(i)*a.words+q/64]; d > 0 {
				*w |= 1 << (q % 64)
			} else {
				*w &^= 1 << (q % 64)
			}
		}
	}
}

// hintsWith returns the hints whose guess has colour c at position q.
func (a *plainArranger) hintsWith(q, c int) []int32 {
	x := q*(a.max+1) + c
	return a.hintsAt[a.hintsFrom[x]:a.hintsFrom[x+1]]
}

// place puts a peg of colour c at position q: a peg fewer of c, a black
// fewer wanted by the hints whose guess has c there; false if that is
// beyond the pegs or the blacks.
//
// The trail keeps the position alone: undo gives the pegs and blacks back
// as place took them (kept a hint at a time, the trail of a thousand pegs
// pinned down by a thousand hints grew to a million entries, and the
// solve from 48 to 320 ms).
func (a *plainArranger) place(q int, c uint8) bool {
	s := &a.s
	a.trail = append(a.trail, change{placeChange, int32(q), 0})
	s.code[q] = c
	a.count(q, s.may[q], -1)
	ok := true
	if s.left[c]--; s.left[c] < 0 {
		ok = false
	}
	for _, i := range a.hintsWith(q, int(c)) {
		if s.need[i]--; s.need[i] < 0 {
			ok = false
		}
	}
	return ok
}

// unplace takes back the peg place put at position q.
func (a *plainArranger) unplace(q int) {
	s := &a.s
	c := s.code[q]
	s.code[q] = 0
	a.count(q, s.may[q], 1)
	s.left[c]++
	for _, i := range a.hintsWith(q, int(c)) {
		s.need[i]++
	}
}

// undo takes the state back to where the trail was mark long.
func (a *plainArranger) undo(mark int) {
	s := &a.s
	for _, ch := range slices.Backward(a.trail[mark:]) {
		if ch.kind == mayChange {
			q, now := int(ch.index), s.may[ch.index]
			s.may[q] = ch.old
			a.count(q, now&^ch.old, -1)
			a.count(q, ch.old&^now, 1)
		} else {
			a.unplace(int(ch.index))
		}
	}
	a.trail = a.trail[:mark]
}

// arrange calls yield with every arrangement of multiset k that gives
// each hint its blacks; false if yield stopped it.
func (a *plainArranger) arrange(k *[wordColours + 1]int, yield func(mastermind.Code) bool) bool {
	a.reset(k)
	return a.search(yield)
}

// reset makes the state the root of multiset k's search.
func (a *plainArranger) reset(k *[wordColours + 1]int) {
	s := &a.s
	var colours uint64
	for c := 1; c <= a.max; c++ {
		if k[c] > 0 {
			colours |= 1 << (c - 1)
		}
	}
	for q := range s.may {
		s.may[q], s.code[q] = colours, 0
	}
	s.left = *k
	copy(s.need, a.blacks)
	a.recount()
}

// recount makes the counts (count) those of the state, and empties the
// trail.
func (a *plainArranger) recount() {
	clear(a.places)
	clear(a.open[:])
	clear(a.cand)
	for q, c := range a.s.code {
		if c == 0 {
			a.count(q, a.s.may[q], 1)
		}
	}
	a.trail = a.trail[:0]
}

// split calls emit with the nodes of multiset k's search at depth
// plainSplitDepth, and the solutions found above; each is a share of the
// search one worker does alone (resume), so that a multiset with many
// arrangements or dead ends keeps every core busy. False if emit stopped
// it.
func (a *plainArranger) split(k *[wordColours + 1]int, emit func(*plainStart) bool) bool {
	a.reset(k)
	a.emit, a.depth = emit, 0
	defer func() { a.emit = nil }()
	return a.search(func(mastermind.Code) bool { return emit(&plainStart{state: a.s.clone(), solved: true}) })
}

// resume searches the share of a multiset's search that start begins
// (split); false if yield stopped it.
func (a *plainArranger) resume(start *plainStart, yield func(mastermind.Code) bool) bool {
	if start.solved {
		return yield(start.state.code)
	}
	s := &a.s
	copy(s.may, start.state.may)
	copy(s.code, start.state.code)
	copy(s.need, start.state.need)
	s.left = start.state.left
	a.recount()
	return a.search(yield)
}

// clone returns a copy of s in memory of its own.
func (s *plainState) clone() plainState {
	return plainState{may: slices.Clone(s.may), code: slices.Clone(s.code), left: s.left, need: slices.Clone(s.need)}
}

// search arranges from the state as it is, and leaves it so; false if
// yield stopped it.
func (a *plainArranger) search(yield func(mastermind.Code) bool) bool {
	// Each node reads every position and hint (a thousand pegs of a
	// thousand hints: milliseconds), so it looks at stop every time.
	if a.stop.Load() {
		return false
	}
	if a.emit != nil && a.depth == plainSplitDepth {
		return a.emit(&plainStart{state: a.s.clone()})
	}
	a.nodes++
	mark := len(a.trail)
	defer a.undo(mark)
	s := &a.s
	if !a.propagate(s) || a.depth == 0 && !a.seated(s) {
		return true
	}
	q, c := a.choose(s)
	if q < 0 {
		return yield(s.code)
	}
	for _, black := range [2]bool{true, false} {
		branch, depth := len(a.trail), a.depth
		if black {
			a.setMay(q, 1<<(c-1))
		} else {
			a.setMay(q, s.may[q]&^(1<<(c-1)))
		}
		a.depth++
		ok := a.search(yield)
		a.undo(branch)
		a.depth = depth
		if !ok {
			return false
		}
	}
	return true
}

// choose returns the position and colour to branch on in s, after
// propagate: a place of the blacks of the hint with the least slack, or,
// when every hint has its blacks, an open position with the fewest
// colours and its first; -1 if every position has its peg.
func (a *plainArranger) choose(s *plainState) (int, uint8) {
	hint := -1
	for i, n := range s.need {
		if n > 0 && (hint < 0 || a.slack[i] < a.slack[hint]) {
			hint = i
		}
	}
	if hint >= 0 {
		best, most := -1, -1
		for q, c := range s.code {
			if g := a.guess[hint][q]; c == 0 && s.may[q]>>(g-1)&1 == 1 {
				if n := len(a.hintsWith(q, int(g))); n > most {
					best, most = q, n
				}
			}
		}
		if best >= 0 {
			return best, a.guess[hint][best]
		}
	}
	q, fewest := -1, 0
	for p, c := range s.code {
		if n := bits.OnesCount64(s.may[p]); c == 0 && (q < 0 || n < fewest) {
			q, fewest = p, n
		}
	}
	if q < 0 {
		return -1, 0
	}
	return q, uint8(bits.TrailingZeros64(s.may[q]) + 1)
}

// propagate applies the rules to s until none changes it, and reports
// whether s may still have arrangements:
//
//   - a position left one colour takes it: a peg fewer of that colour, a
//     black fewer wanted by the hints whose guess has it there;
//   - a colour with no pegs left goes nowhere, and one with as many pegs
//     left as open positions it may go to takes them all;
//   - a hint that wants no more blacks keeps its guess's colour from its
//     open positions;
//   - a hint whose guess can get no more blacks than it wants (the sum
//     over colours of the smaller of pegs left and places) gets them all:
//     a colour with no more places than pegs takes its places, one with
//     more keeps its pegs off the other positions;
//   - a hint is wanted no fewer blacks than the pegs left force on it: of
//     each colour, the pegs beyond the open positions where its guess has
//     another colour.
func (a *plainArranger) propagate(s *plainState) bool {
	m := a.max + 1
	for changed := true; changed; {
		changed = false
		for q, c := range s.code {
			if c != 0 {
				continue
			}
			may := s.may[q]
			if may == 0 {
				return false
			}
			if may&(may-1) != 0 {
				continue
			}
			if !a.place(q, uint8(bits.TrailingZeros64(may)+1)) {
				return false
			}
		}
		var colours uint64
		for c := 1; c < m; c++ {
			if s.left[c] > 0 {
				colours |= 1 << (c - 1)
			}
		}
		for q, c := range s.code {
			if c != 0 {
				continue
			}
			if may := s.may[q] & colours; may != s.may[q] {
				if a.setMay(q, may); may == 0 {
					return false
				}
			}
		}
		for c := 1; c < m; c++ {
			if a.open[c] < s.left[c] {
				return false
			}
			if a.open[c] == s.left[c] && s.left[c] > 0 {
				for q, x := range s.code {
					if x == 0 && s.may[q]>>(c-1)&1 == 1 && s.may[q] != 1<<(c-1) {
						a.setMay(q, 1<<(c-1))
						changed = true
					}
				}
			}
		}
		for i := range a.hints {
			if a.hintRules(s, i) {
				changed = true
			} else if a.slack[i] < 0 {
				return false
			}
		}
		if !changed && a.same != nil {
			var ok bool
			if changed, ok = a.pairRules(s); !ok {
				return false
			}
		}
	}
	return true
}

// pairRules applies to s the rule of two hints, as the blacks-first
// search does for guesses near the code (blackFirst.pairRules): a place
// where the guesses of hints i and j have the same colour gives both a
// black or neither, any other place at most one of them. It reports
// whether it changed s, and false if s has no arrangement. A pass over
// every two hints, it runs only where the other rules change nothing.
//
// Near the code, the rule and the choice of place decide whether instances
// of 72 pegs and more are solved in seconds at all
// (docs/notes/mastermind-code.md#plain-near).
func (a *plainArranger) pairRules(s *plainState) (changed, ok bool) {
	w := a.words
	for i := range a.hints {
		needI := s.need[i]
		if needI == 0 {
			continue
		}
		candI := a.cand[i*w:][:w]
		for j := i + 1; j < a.hints; j++ {
			needJ := s.need[j]
			if needJ == 0 {
				continue
			}
			candJ, same := a.cand[j*w:][:w], a.same[(i*a.hints+j)*w:][:w]
			alike, other := 0, 0
			for x, m := range same {
				alike += bits.OnesCount64(candI[x] & m)
				other += bits.OnesCount64((candI[x] | candJ[x]) &^ m)
			}
			least := (needI + needJ - other + 1) / 2
			switch {
			case least > min(alike, needI, needJ):
				return false, false
			case least == alike && alike > 0:
				guess := a.guess[i]
				for x, m := range same {
					for m &= candI[x]; m != 0; m &= m - 1 {
						q := x*64 + bits.TrailingZeros64(m)
						a.setMay(q, 1<<(guess[q]-1))
					}
				}
				return true, true
			}
		}
	}
	return false, true
}

// hintRules applies propagate's rules of hint i to s and reports whether
// they changed it; a.slack[i] < 0 when s has no arrangement.
func (a *plainArranger) hintRules(s *plainState, i int) bool {
	m, guess := a.max+1, a.guess[i]
	places := a.places[i*m:][:m]
	most, forced, total := 0, 0, 0
	for c := 1; c < m; c++ {
		total += places[c]
		most += min(s.left[c], places[c])
		forced += max(0, s.left[c]-(a.open[c]-places[c]))
	}
	a.slack[i] = most - s.need[i]
	if a.slack[i] < 0 || forced > s.need[i] {
		a.slack[i] = -1
		return false
	}
	changed := false
	switch {
	case s.need[i] == 0:
		if total == 0 {
			break // its colour is off its places already
		}
		for q, c := range s.code {
			if g := guess[q]; c == 0 && s.may[q]>>(g-1)&1 == 1 {
				a.setMay(q, s.may[q]&^(1<<(g-1)))
				changed = true
			}
		}
	case a.slack[i] == 0:
		// The colours with more places than pegs put all their pegs on
		// their places: none where the guess has another colour.
		var spread uint64
		for c := 1; c < m; c++ {
			if places[c] > s.left[c] {
				spread |= 1 << (c - 1)
			}
		}
		for q, c := range s.code {
			if c != 0 {
				continue
			}
			g := guess[q]
			if s.may[q]>>(g-1)&1 == 1 && places[g] <= s.left[g] {
				if s.may[q] != 1<<(g-1) {
					a.setMay(q, 1<<(g-1))
					changed = true
				}
				continue
			}
			if off := spread &^ (1 << (g - 1)); s.may[q]&off != 0 {
				a.setMay(q, s.may[q]&^off)
				changed = true
			}
		}
	}
	return changed
}
