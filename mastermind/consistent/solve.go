package consistent

import (
	"gamelab/mastermind"

	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"io"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// The solver works in two steps. The whites carry most of the information
// when there are many colours, and they depend only on how many pegs of
// each colour the code has. So it first enumerates the colour counts (a
// multiset of pegs) whose matches with every guess (blacks plus whites, the
// sum over colours of the smaller count) are the hints'. It goes colour by
// colour, each hint's matches so far bounded by what the colours left can
// still add, each two hints' together (pairsFit), and all of them at once
// by the linear relaxation (countlp.go) where the search runs long. Then,
// for each such multiset, it arranges the pegs: over many colours, or where
// few arrangements are expected (blacksFirst), by placing each hint's
// blacks first (blacks.go), else position by position, keeping each hint's
// blacks within what the pegs and positions left can still give. An
// instance without solutions usually fails in the first step, at once.

// problem is an instance prepared for the searches: what every search
// reads of the hints (hintTables), the tables of the colour counts' search
// (countTables) and those of the arrangements' searches in words
// (arrangeTables), which prepare makes only where those searches run.
type problem struct {
	hintTables
	countTables
	arrangeTables
	stop *atomic.Bool // set when the caller gives up: the search unwinds
	// fail, if set by the jobs' search (widePlainJobs), is why it
	// stopped short: the solve fails.
	fail error
}

// hintTables is what every search reads of the instance: the hints, by
// hint and by position, and how its codes are searched for.
type hintTables struct {
	mode             searchMode
	pegs, max, hints int
	guess            [][]uint8 // by hint
	blacks, matches  []int     // wanted, by hint
	// near is set for guesses near the code (near): the multisets are
	// arranged blacks first, with the count rules (countRules).
	near bool
	// at[p*hints+i] is hint i's guess's colour at position p.
	at []uint8
	// clash is set when a hint's answer is one no code gives, or two
	// hints' answers cannot hold together (answersPossible, pairsAgree):
	// there are no jobs.
	clash bool
	// palette, if not nil, maps the colours of this compact instance back
	// onto those of the instance over more colours it stands for.
	palette *palette
}

// searchMode is how a problem's codes are searched for.
type searchMode uint8

const (
	// wordSearch enumerates the colour counts, then arranges each
	// multiset, in words of a byte a hint (or meets in the middle).
	wordSearch searchMode = iota
	// plainSearch is for codes longer than wordPegs (plain.go).
	plainSearch
	// wideSearch is for a compact instance over more than wordColours
	// colours: its multisets are arranged blacks first, which holds
	// colours by their rank in the multiset (wideJobs).
	wideSearch
	// widePlainSearch is for both: each multiset is arranged by the
	// plain search over its own colours (widePlainJobs).
	widePlainSearch
)

// plain reports whether p's codes are too long for the word searches.
func (p *problem) plain() bool { return p.mode == plainSearch || p.mode == widePlainSearch }

// wide reports whether p is over too many colours for the word searches'
// tables, which hold sets of colours in words.
func (p *problem) wide() bool { return p.mode == wideSearch || p.mode == widePlainSearch }

// countTables are the colour counts' search's.
type countTables struct {
	// order lists the colours in the order multisets choose their counts
	// (from index 1); of the s-th, count[s] holds the number of pegs of
	// each hint's guess of that colour, and after[s] of the colours after
	// it; want holds each hint's matches: a byte a hint (lanes.go).
	// full[s] is the most pegs of that colour in one guess: from there
	// on, more pegs of it match no more.
	// countOf and afterOf are count and after, an int a hint.
	order            []int
	count, after     [][]uint64
	countOf, afterOf [][]int
	full             []int
	want             []uint64
	// pairs[s] bounds what the colours from the s-th on can give two
	// hints together (pairsFit), for the first pairHints hints; made by
	// the colour counts' search, which alone uses them (a problem
	// reversed for its suffixes does not).
	pairHints int
	pairs     [][]pairBound
	// touched[s] lists the first pairHints hints whose guess has the s-th
	// colour, and touchedSet[s*pairWords:][:pairWords] holds them a bit
	// each (pairsFitAfter).
	touched    [][]int32
	touchedSet []uint64
	pairWords  int
	// relaxAfter is how many nodes the colour counts' search visits
	// before it solves its relaxation (countLP), or negative for never.
	relaxAfter int
}

// arrangeTables are the arrangements' searches': by positions and blacks
// first, in words, and the relaxation's settings.
type arrangeTables struct {
	// The arrangements' tables, a byte a hint in lanes words a row
	// (lanes.go): from[(q*(max+1)+c)*lanes:][:lanes] holds the number
	// of positions from q on where each hint's guess has colour c, and
	// hit[(p*(max+1)+c)*lanes:][:lanes] 0xff for the hints whose guess
	// has c at p; own[p*lanes:][:lanes] is from's count at p of each
	// hint's own colour there. blackLanes holds the blacks, valid 0xff
	// for each hint.
	lanes             int
	from, hit         []uint64
	own               []uint64
	blackLanes, valid []uint64
	// guessed[((p*lanes+j)*2+h)*16+n] is the colours (bit c-1) of the
	// guesses at p of the hints in nibble n (a bit a hint) of the h-th
	// half of word j's hints.
	guessed []uint64
	// colourLanes is the words of a byte a colour (colour c at byte c-1,
	// as in sets of colours); of them,
	// fromColours[(q*hints+i)*colourLanes:] is from for hint i, by colour.
	colourLanes int
	fromColours []uint64
	// A state of an arrangement is named by a sum of random words, one
	// a peg left of each colour (wLeft) and one a black wanted of each
	// hint (wNeed, matches so far in the multisets' search), with the
	// exclusive or of the position's (zPos). Being a sum, the name of
	// what a suffix takes is the name of the whole less the name of what
	// it leaves: the suffixes listed backwards are named without a look
	// at every colour and hint. A problem and its reverse have the same
	// words.
	wLeft, wNeed []uint64
	zPos         []uint64
	// wBlacks[p*(max+1)+c] is the sum of wNeed over the hints whose
	// guess has colour c at position p: what a peg c there takes from the
	// name of the state.
	wBlacks []uint64
	// The hints by place (hintsByPlace) and the places two guesses agree
	// (pairPlaces), each made once for every worker's search.
	byPlaceOnce            sync.Once
	byPlaceAt, byPlaceFrom []int32
	sameOnce               sync.Once
	sameAt                 samePairs
	reverseOnce            sync.Once
	rev                    *problem // the guesses read backwards, to list suffixes on
	backsMu                sync.Mutex
	backs                  []*arranger // arrangers of rev free to list with
	// relaxArrangements says where the searches of arrangements solve
	// their relaxation (relaxes).
	relaxArrangements relaxMode
	// relaxLate is the unit of lateRelaxation: a multiset's blacks-first
	// search that has met relaxLate times as many nodes as codes found
	// and one, and at least lateFloor times it, solves its relaxation
	// from there on where it pays.
	relaxLate int
	// shut[c] holds the places hints answered with no blacks shut colour c
	// out of; shutColours the colours with any, to seat first
	// (places.go).
	shut        []uint64
	shutColours []uint8
}

// prepare prepares in for the search that suits it: the plain one for codes
// longer than wordPegs, the word searches for the rest, with the count rules
// for guesses near the code; over the compact instance's colours (compact)
// where they are fewer, as they must be over more than wordColours colours.
// Where they are fewer, the compact instance is searched anyway: its codes
// stand for many each, expanded as they are written, and the colours the
// code cannot have are one. Measured in
// docs/notes/mastermind-code.md#solve-prepare.
func prepare(in *mastermind.Instance) *problem {
	in = distinctHints(in)
	c, pal := compact(in)
	p := prepareAs(c, c.Pegs() > wordPegs)
	p.near = near(in)
	p.palette = pal
	return p
}

// distinctHints returns in without the hints that repeat an earlier one,
// guess and answer: they add nothing, and every search's work grows with
// the hints (20,000 random hints of 4 pegs are at most 1,296 guesses). A
// guess repeated with another answer is kept, for pairsAgree to refute.
func distinctHints(in *mastermind.Instance) *mastermind.Instance {
	seen := make(map[string]bool, len(in.Hints))
	var kept []mastermind.Hint
	for i, h := range in.Hints {
		key := string(h.Guess) + " " + strconv.Itoa(h.Answer.Blacks) + "/" + strconv.Itoa(h.Answer.Whites)
		if seen[key] {
			if kept == nil {
				kept = slices.Clone(in.Hints[:i])
			}
			continue
		}
		seen[key] = true
		if kept != nil {
			kept = append(kept, h)
		}
	}
	if kept == nil {
		return in
	}
	return &mastermind.Instance{Max: in.Max, Hints: kept}
}

// Guesses near the code leave each hint few places to spare for its
// blacks. They give at least nearBlacks times the blacks a random code
// would (a peg in max) or, over few colours, nearShare of the way from
// there to all pegs black, and there are nearHints hints or more, as
// with a codebreaker's late guesses. There the plain search's rules
// bind, so such instances are arranged blacks first with those rules
// too (countRules); on random instances the rules cost more than they
// prune. Measured in docs/notes/mastermind-code.md#solve-near.
const (
	nearBlacks = 3
	nearShare  = 0.4
	nearHints  = 4
)

// near reports whether in's guesses are near the code (nearBlacks).
func near(in *mastermind.Instance) bool {
	if len(in.Hints) < nearHints {
		return false
	}
	blacks := 0
	for _, h := range in.Hints {
		blacks += h.Answer.Blacks
	}
	n := len(in.Hints) * in.Pegs() // a random code's blacks, times max
	share := float64(blacks*in.Max-n) / float64(n*(in.Max-1))
	return blacks*in.Max >= nearBlacks*n || in.Max > 1 && share >= nearShare
}

// prepareAs prepares in for the plain search (plain.go) if plain, else
// for the word searches, which take codes of up to wordPegs.
func prepareAs(in *mastermind.Instance, plain bool) *problem {
	n := len(in.Hints)
	p := &problem{
		hintTables:    hintTables{pegs: in.Pegs(), max: in.Max, hints: n, guess: make([][]uint8, n), blacks: make([]int, n), matches: make([]int, n)},
		countTables:   countTables{relaxAfter: countRelaxAfter},
		arrangeTables: arrangeTables{relaxLate: relaxLateUnit},
		stop:          new(atomic.Bool),
	}
	switch wide := in.Max > wordColours; {
	case plain && wide:
		p.mode = widePlainSearch
	case plain:
		p.mode = plainSearch
	case wide:
		p.mode = wideSearch
	}
	byColour := make([][]int, in.Max+1) // byColour[c][i]: pegs of colour c in hint i's guess
	for c := range byColour {
		byColour[c] = make([]int, n)
	}
	// A colour's weight is its pegs in the guesses, each weighing the more
	// the fewer matches its hint wants: a hint with few matches caps the
	// colours of its guess soonest.
	var weight [mastermind.MaxColours + 1]float64
	for i, h := range in.Hints {
		p.guess[i] = h.Guess
		p.blacks[i], p.matches[i] = h.Answer.Blacks, h.Answer.Blacks+h.Answer.Whites
		few := 1 / math.Pow(float64(p.matches[i]+1), 3)
		for _, c := range h.Guess {
			byColour[c][i]++
			weight[c] += few
		}
	}
	p.order = colourOrder(byColour, weight[:in.Max+1], p.matches)
	p.countOf, p.afterOf = make([][]int, in.Max+1), make([][]int, in.Max+1)
	p.full = make([]int, in.Max+1)
	after := make([]int, n) // no colour after the last
	for s := in.Max; s >= 0; s-- {
		c := p.order[s]
		p.countOf[s], p.afterOf[s] = byColour[c], slices.Clone(after)
		p.full[s] = slices.Max(append(byColour[c], 0))
		for i, g := range byColour[c] {
			after[i] += g
		}
	}
	p.at = make([]uint8, p.pegs*n)
	for i, h := range in.Hints {
		for q, c := range h.Guess {
			p.at[q*n+i] = c
		}
	}
	p.clash = !answersPossible(in) || !pairsAgree(in)
	if plain {
		return p
	}
	p.count, p.after = make([][]uint64, in.Max+1), make([][]uint64, in.Max+1)
	for s := range p.countOf {
		p.count[s], p.after[s] = packLanes(p.countOf[s]), packLanes(p.afterOf[s])
	}
	p.want = packLanes(p.matches)
	p.shutPlaces()
	if !p.wide() {
		p.zobristTables()
		p.laneTables()
	}
	return p
}

// answersPossible reports whether every hint's answer is one a code can
// give its guess (Answer.Possible: not all pegs but one black with the
// last one white). The search would find out only by trying every code
// near the guess: at 10,000 pegs 4.7 s, at 65,536 pegs more memory than
// the machine had.
func answersPossible(in *mastermind.Instance) bool {
	for _, h := range in.Hints {
		if !h.Answer.Possible(len(h.Guess)) {
			return false
		}
	}
	return true
}

// pairsAgree reports whether the answers of every two hints can hold
// together. Where two guesses have the same colour, a code gives both a
// black or neither; where they differ, one of them at most. So their
// blacks differ by no more than the positions where the guesses differ,
// and the smaller beyond the positions where they agree takes two of
// those each. Their matches (blacks and whites) differ by no more than
// the pegs one guess has beyond the other's of each colour, and add up
// to no more than the pegs and the pegs the guesses share (pairsFit's
// bounds, over every colour). Two guesses alike with different answers
// (a contradiction that costs nothing to write down, at any length) fail
// here at once, where the search would meet it only at the end of every
// branch.
func pairsAgree(in *mastermind.Instance) bool {
	colours := in.Max + 1
	counts := make([]int, len(in.Hints)*colours) // of hint i's guess at i*colours
	for i, h := range in.Hints {
		for _, c := range h.Guess {
			counts[i*colours+int(c)]++
		}
	}
	apart := apartFromFirst(in)
	agree := func(i, j int, delta []int) bool {
		h, o := in.Hints[i], in.Hints[j]
		// more is the pegs of h's guess beyond o's of each colour, as many
		// as o's beyond h's: the guesses are equally long.
		var same, more int
		if a, b := apart[i], apart[j]; a != nil && b != nil {
			same, more = compareApart(h.Guess, o.Guess, a, b, delta)
		} else {
			same = samePlaces(h.Guess, o.Guess)
			for c := 1; c <= in.Max; c++ {
				more += max(0, counts[i*colours+c]-counts[j*colours+c])
			}
		}
		differ := len(h.Guess) - same
		b, d := h.Answer.Blacks, o.Answer.Blacks
		if max(b-d, d-b)+2*max(0, min(b, d)-same) > differ {
			return false
		}
		mh, mo := h.Answer.Blacks+h.Answer.Whites, o.Answer.Blacks+o.Answer.Whites
		return max(mh-mo, mo-mh) <= more && mh+mo+more <= 2*len(h.Guess)
	}
	// Past pairsWork the pairs of the first hints only are checked: the
	// check refutes early and proves nothing, so the search finds what it
	// leaves, and all pairs of 20,000 hints of 12 pegs took seconds.
	n := len(in.Hints)
	for n*n*in.Pegs() > pairsWork {
		n = int(math.Sqrt(float64(pairsWork / in.Pegs())))
	}
	workers := 1
	if n*n*in.Pegs() >= pairsParallel {
		workers = runtime.GOMAXPROCS(0)
	}
	// Guess i is paired with those before it, the workers taking guesses
	// in turn, so that each has about as many pairs.
	var clash atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			delta := make([]int, colours) // compareApart's
			for i := w; i < n && !clash.Load(); i += workers {
				for j := range i {
					if !agree(i, j, delta) {
						clash.Store(true)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	return !clash.Load()
}

// pairsWork bounds the work of pairsAgree (guesses squared times pegs).
const pairsWork = 1 << 26

// pairsParallel is the work (guesses squared times pegs) from which
// pairsAgree shares the pairs among the cores: below it a goroutine's
// start costs more than it saves.
const pairsParallel = 1 << 20

// apartFromFirst returns, for each guess of in, the positions where it
// differs from the first guess, or nil where there are too many of them
// for compareApart to be faster than samePlaces: guesses near each
// other (a codebreaker's last ones, or each the code with a peg or two
// changed) are compared at those positions alone. A thousand guesses of a
// thousand pegs, each the code with one peg changed, took pairsAgree 210
// ms a word at a time.
func apartFromFirst(in *mastermind.Instance) [][]int32 {
	apart := make([][]int32, len(in.Hints))
	if len(in.Hints) == 0 {
		return apart
	}
	first := in.Hints[0].Guess
	most := len(first) / apartShare
	for i, h := range in.Hints {
		at := []int32{} // not nil, which says too many
		for q, c := range h.Guess {
			if c != first[q] {
				if len(at) == most {
					at = nil
					break
				}
				at = append(at, int32(q))
			}
		}
		apart[i] = at
	}
	return apart
}

// apartShare sets how few positions apart from the first guess make a
// guess compared at those alone: fewer than its pegs / apartShare. A
// position there costs about what samePlaces pays for four words.
const apartShare = 32

// compareApart returns the positions where the equally long codes a and b
// have the same colour, and the pegs of a beyond b's of each colour,
// given the positions where each differs from a third code (sorted):
// elsewhere both have its colour. delta is scratch space, all zero, and
// left so.
func compareApart(a, b mastermind.Code, apartA, apartB []int32, delta []int) (same, more int) {
	differ := 0
	i, j := 0, 0
	for i < len(apartA) || j < len(apartB) {
		var q int32
		switch {
		case j == len(apartB) || i < len(apartA) && apartA[i] < apartB[j]:
			q, i = apartA[i], i+1
		case i == len(apartA) || apartB[j] < apartA[i]:
			q, j = apartB[j], j+1
		default:
			q, i, j = apartA[i], i+1, j+1
		}
		if a[q] != b[q] {
			differ++
			delta[a[q]]++
			delta[b[q]]--
		}
	}
	// Only the colours at those positions moved: sum their excess, and
	// clear them.
	for _, apart := range [2][]int32{apartA, apartB} {
		for _, q := range apart {
			for _, c := range [2]uint8{a[q], b[q]} {
				more += max(0, delta[c])
				delta[c] = 0
			}
		}
	}
	return len(a) - differ, more
}

// Two hints bound each other's matches in the colour counts' search, as
// pairsAgree bounds their answers, over the colours not yet counted. With L
// pegs left for them, two hints wanting a and b matches from them need a+b
// ≤ L + Σ min(g, h), and a-b ≤ Σ max(0, g-h), over those colours, g and h
// the pegs of each colour in the two guesses. A peg of a colour both
// guesses have matches both only within the fewer of the two. Measured in
// docs/notes/mastermind-code.md#solve-maxpairhints.
const maxPairHints = 128

// pairBound is what some colours can give two hints i > j together, in
// three lanes of pairLane bits of a word, from the low end. The lanes
// are both (the sum of the fewer pegs of each colour in the two
// guesses), iBeyond (the sum of the pegs of i's guess beyond j's) and
// jBeyond (j's beyond i's). So a pair is checked with two additions and
// an and (pairLater), twice as fast as three comparisons. Measured in
// docs/notes/mastermind-code.md#solve-pairbound.
type pairBound uint64

// The lanes of pair bounds and of the sums checked against them: a lane
// holds a pair's slack in a bound plus pairTop, which keeps bit pairTop
// set while the slack is not negative. Every slack is within ±2^17 (the
// pegs are at most MaxPegs, 2^16), so a lane never carries into the next.
const (
	pairLane  = 21
	laneMask  = 1<<pairLane - 1
	pairTop   = 1 << (pairLane - 1)
	pairTops  = pairTop | pairTop<<pairLane | pairTop<<(2*pairLane)
	pairShift = 1 << 17 // more than any want: no lane of an addend is negative
)

func packPair(both, iBeyond, jBeyond int) pairBound {
	return pairBound(both | iBeyond<<pairLane | jBeyond<<(2*pairLane))
}

// pairLater and pairEarlier return what hint i wanting w, later (i > j) or
// earlier (i < j) in a pair, adds to the pair's bounds. The sum of the
// bounds and both hints' words holds each slack plus pairTop, its slacks
// being both + left - wi - wj, iBeyond - wi + wj and jBeyond - wj + wi.
func pairLater(w, left int) uint64 {
	return uint64(left-w+pairTop-pairShift) | uint64(pairTop-w)<<pairLane | uint64(w+pairTop-pairShift)<<(2*pairLane)
}

func pairEarlier(w int) uint64 {
	return uint64(pairShift-w) | uint64(w)<<pairLane | uint64(pairShift-w)<<(2*pairLane)
}

// pairBounds makes pairs: pairs[s] holds the bounds of the colours from
// the s-th in order on, pair (i, j), i > j, at i*(i-1)/2+j.
func (p *problem) pairBounds() {
	p.pairHints = min(p.hints, maxPairHints)
	p.pairs = make([][]pairBound, p.max+2)
	p.pairs[p.max+1] = make([]pairBound, p.pairHints*(p.pairHints-1)/2)
	for s := p.max; s >= 1; s-- {
		b, g := slices.Clone(p.pairs[s+1]), p.countOf[s]
		k := 0
		for i := 1; i < p.pairHints; i++ {
			for j := range i {
				b[k] += packPair(min(g[i], g[j]), max(0, g[i]-g[j]), max(0, g[j]-g[i]))
				k++
			}
		}
		p.pairs[s] = b
	}
	p.pairWords = (p.pairHints + 63) / 64
	p.touched = make([][]int32, p.max+1)
	p.touchedSet = make([]uint64, (p.max+1)*p.pairWords)
	for s := 1; s <= p.max; s++ {
		for i, g := range p.countOf[s][:p.pairHints] {
			if g > 0 {
				p.touched[s] = append(p.touched[s], int32(i))
				p.touchedSet[s*p.pairWords+i/64] |= 1 << (i % 64)
			}
		}
	}
}

// pairWants holds each hint's words as the later or the earlier hint of
// a pair (pairLater, pairEarlier), for the wants and pegs left of a step
// of the colour counts' search: its scratch space, made once, as arrays
// made at each step cost more than the check on a few hints.
type pairWants struct{ later, earlier [maxPairHints]uint64 }

// set fills w for the matches each hint wants (want, by hint), with left
// pegs for them.
func (w *pairWants) set(want []int, left int) {
	for i, x := range want {
		w.later[i], w.earlier[i] = pairLater(x, left), pairEarlier(x)
	}
}

// pairsFit reports whether the matches each hint wants from the colours
// from the s-th on, with the pegs left for them (w, set), pass the bounds
// of every two hints.
func (p *problem) pairsFit(s int, w *pairWants) bool {
	b := p.pairs[s]
	k := 0
	for i := 1; i < p.pairHints; i++ {
		all, x := uint64(pairTops), w.later[i]
		for j, y := range w.earlier[:i] {
			all &= uint64(b[k+j]) + x + y
		}
		if all != pairTops {
			return false
		}
		k += i
	}
	return true
}

// pairsFitAfter reports whether pairsFit(s+1, ...) holds for the
// matches wanted after n pegs of the s-th colour, given that it held
// for those wanted before them. The colour counts' search checks every
// step so, and pairsAgree the root. It looks only at the bounds the
// step can have broken: two hints whose guesses both lack the colour
// want what they wanted, and only the pegs left for their sum shrink,
// by n. Over many colours most pairs are such; where a colour is in
// more than a third of the guesses, every pair is looked at, which is
// as fast there. Measured in
// docs/notes/mastermind-code.md#solve-pairsfitafter.
func (p *problem) pairsFitAfter(s, n int, want []int, left int, w *pairWants) bool {
	w.set(want[:p.pairHints], left)
	touched := p.touched[s]
	if 3*len(touched) > p.pairHints {
		return p.pairsFit(s+1, w)
	}
	b := p.pairs[s+1]
	set := p.touchedSet[s*p.pairWords:][:p.pairWords]
	later, earlier := &w.later, &w.earlier
	for _, i := range touched {
		all, x, row := uint64(pairTops), later[i], b[int(i)*int(i-1)/2:][:i]
		for j, y := range earlier[:i] {
			all &= uint64(row[j]) + x + y
		}
		// The pairs of i with a later hint, each two touched hints once
		// (from the later one, above).
		y := earlier[i]
		for j := int(i) + 1; j < p.pairHints; j++ {
			if set[j/64]>>(j%64)&1 == 0 {
				all &= uint64(b[j*(j-1)/2+int(i)]) + later[j] + y
			}
		}
		if all != pairTops {
			return false
		}
	}
	if n == 0 {
		return true
	}
	// The untouched pairs' sums: none passes its bound (the pegs left,
	// and what the colours both guesses have give both) unless its two
	// wants together pass the pegs left.
	first, second := 0, 0 // the two largest wants of untouched hints
	for i, w := range want[:p.pairHints] {
		if set[i/64]>>(i%64)&1 == 1 {
			continue
		}
		if w > first {
			first, second = w, first
		} else if w > second {
			second = w
		}
	}
	if first+second <= left {
		return true
	}
	for i := 1; i < p.pairHints; i++ {
		wi := want[i]
		if wi+first <= left || set[i/64]>>(i%64)&1 == 1 {
			continue
		}
		for j, x := range b[i*(i-1)/2:][:i] {
			if wi+want[j] > left+int(x&laneMask) && set[j/64]>>(j%64)&1 == 0 {
				return false
			}
		}
	}
	return true
}

// samePlaces returns the positions where the equally long codes a and b
// have the same colour, eight positions a word operation: pairsAgree
// compares every two guesses, a thousand guesses of a thousand pegs half
// a billion positions.
func samePlaces(a, b mastermind.Code) int {
	n, q := 0, 0
	for ; q+8 <= len(a); q += 8 {
		n += bits.OnesCount64(agreeBytes(a[q:], b[q:]))
	}
	for ; q < len(a); q++ {
		if a[q] == b[q] {
			n++
		}
	}
	return n
}

// agreeBytes returns bit 0 of each byte of a word set where the first
// eight pegs of a and b have the same colour there.
func agreeBytes(a, b mastermind.Code) uint64 {
	x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
	// Bit 0 of each byte becomes the or of the byte's bits: whether its
	// colours differ.
	x |= x >> 4
	x |= x >> 2
	x |= x >> 1
	return ^x & 0x0101010101010101
}

// sameMask sets in mask (a bit a position, zero beforehand) the positions
// where the equally long codes a and b have the same colour, eight
// positions a word operation, as samePlaces counts them.
func sameMask(a, b mastermind.Code, mask []uint64) {
	q := 0
	for ; q+8 <= len(a); q += 8 {
		// Bit 0 of byte k goes to bit 56+k: the top byte gathers them.
		mask[q/64] |= (agreeBytes(a[q:], b[q:]) * 0x0102040810204080 >> 56) << (q % 64)
	}
	for ; q < len(a); q++ {
		if a[q] == b[q] {
			mask[q/64] |= 1 << (q % 64)
		}
	}
}

// colourOrder returns the order in which the multisets' search chooses the
// colours' counts (from index 1; index 0 is 0), given byColour[c][i], the
// pegs of colour c in hint i's guess. A hint is settled once every colour
// of its guess has its count, and a hint settled early prunes early. So the
// order takes the hint whose guess has the fewest colours not yet taken (of
// those, the one wanting the fewest matches) and appends those colours, the
// ones it has most of first (ties: the heavier in weight). It goes on until
// every guess's colours are taken; the colours of no guess come last. On 32
// instances of 10 to 16 pegs over 12 to 20 colours this visits 342,038
// nodes against 715,257 taking the colours by weight alone (one core: 26 ms
// in all against 51).
func colourOrder(byColour [][]int, weight []float64, matches []int) []int {
	max := len(byColour) - 1
	byWeight := make([]int, max)
	for c := range byWeight {
		byWeight[c] = c + 1
	}
	slices.SortStableFunc(byWeight, func(x, y int) int { return cmp.Compare(weight[y], weight[x]) })
	order := make([]int, 1, max+1)
	taken := make([]bool, max+1)
	for {
		hint, fewest := -1, 0
		for i, m := range matches {
			open := 0
			for c := 1; c <= max; c++ {
				if byColour[c][i] > 0 && !taken[c] {
					open++
				}
			}
			if open > 0 && (hint < 0 || open < fewest || open == fewest && m < matches[hint]) {
				hint, fewest = i, open
			}
		}
		if hint < 0 {
			break
		}
		from := len(order)
		for _, c := range byWeight {
			if byColour[c][hint] > 0 && !taken[c] {
				order = append(order, c)
				taken[c] = true
			}
		}
		slices.SortStableFunc(order[from:], func(x, y int) int { return cmp.Compare(byColour[y][hint], byColour[x][hint]) })
	}
	for _, c := range byWeight {
		if !taken[c] {
			order = append(order, c)
		}
	}
	return order
}

// laneTables fills the problem's tables for arranging, a byte a hint.
func (p *problem) laneTables() {
	w := lanesFor(p.hints)
	row := (p.max + 1) * w
	p.lanes = w
	p.from = make([]uint64, (p.pegs+1)*row) // no positions from the end on
	p.hit = make([]uint64, p.pegs*row)
	for q := p.pegs - 1; q >= 0; q-- {
		copy(p.from[q*row:(q+1)*row], p.from[(q+1)*row:])
		for i, c := range p.at[q*p.hints : (q+1)*p.hints] {
			p.from[q*row+int(c)*w+i/8] += 1 << (8 * (i % 8))
			p.hit[q*row+int(c)*w+i/8] |= 0xff << (8 * (i % 8))
		}
	}
	p.own = make([]uint64, p.pegs*w)
	for q := range p.pegs {
		for i, c := range p.at[q*p.hints : (q+1)*p.hints] {
			p.own[q*w+i/8] |= p.from[q*row+int(c)*w+i/8] & (0xff << (8 * (i % 8)))
		}
	}
	p.blackLanes = packLanes(p.blacks)
	p.valid = make([]uint64, w)
	for i := range p.hints {
		p.valid[i/8] |= 0xff << (8 * (i % 8))
	}
	p.guessed = make([]uint64, p.pegs*w*32)
	for q := range p.pegs {
		for i, c := range p.at[q*p.hints : (q+1)*p.hints] {
			table := p.guessed[(q*w+i/8)*32+i%8/4*16:][:16]
			for n := range table {
				if n>>(i%4)&1 == 1 {
					table[n] |= 1 << (c - 1)
				}
			}
		}
	}
	cw := lanesFor(p.max)
	p.colourLanes = cw
	p.fromColours = make([]uint64, (p.pegs+1)*p.hints*cw)
	for q := range p.pegs + 1 {
		for i := range p.hints {
			for c := 1; c <= p.max; c++ {
				n := p.from[(q*(p.max+1)+c)*w+i/8] >> (8 * (i % 8)) & 0xff
				p.fromColours[(q*p.hints+i)*cw+(c-1)/8] |= n << (8 * ((c - 1) % 8))
			}
		}
	}
}

// counts is a multiset's array: the pegs of each colour, index 1 to max.
// The searches take up to wordColours colours; a wide instance, over
// more, has its multisets counted over all MaxColours.
type counts[N uint8 | int] interface {
	[wordColours + 1]N | [mastermind.MaxColours + 1]N
}

// multisets calls yield with every colour count (index 1 to max) whose
// matches with every guess are the hint's; yield may keep the array. It
// is colourCounts with each hint's matches still wanted in a lane of a
// word (lanes.go), a guess's pegs of a colour matched in one step for
// eight hints at once.
func (p *problem) multisets(yield func(*[wordColours + 1]uint8) bool) { countMultisets(p, yield) }

// countMultisets is multisets into arrays of any length the counts take.
func countMultisets[K counts[uint8]](p *problem, yield func(*K) bool) {
	w := len(p.want)
	p.pairBounds()
	wants := make([]int, p.pairHints) // next's first lanes, for pairsFit
	pw := new(pairWants)
	colourCounts[uint64, uint8](p, p.want, func(s, n, used int, r, next []uint64) (more, ok bool) {
		// n pegs of c match min(g, n) pegs of each guess with g: no
		// more than the hint wants (more pegs only add matches: stop at
		// the first that does), and leave no more wanted than the pegs
		// left and the colours after c can match.
		count, after := p.count[s][:w], p.after[s][:w]
		pegs, left := uint64(n)*laneOnes, uint64(p.pegs-used-n)*laneOnes
		for i, g := range count {
			if anyAbove(laneMin(g, pegs), r[i]) {
				return false, false
			}
		}
		ok = true
		for i, g := range count {
			next[i] = r[i] - laneMin(g, pegs)
			if anyAbove(next[i], laneMin(left, after[i])) {
				ok = false
			}
		}
		if !ok {
			return true, false
		}
		for i := range wants {
			wants[i] = int(next[i/8] >> (8 * (i % 8)) & 0x7f)
		}
		return true, p.pairsFitAfter(s, n, wants, p.pegs-used-n, pw)
	}, yield)
}

// colourCounts is the colour counts' search of multisets and
// plainMultisets, which hold each hint's matches still wanted in want's
// words (lanes of a word, or an int a hint): it calls yield with every
// colour count whose matches give every hint its own, choosing the
// counts colour by colour in p.order. step takes the matches r still
// wanted before the s-th colour with used pegs placed before it, and
// writes to next those wanted after n pegs of it; more is false if no
// more pegs of it can do (nor can these), ok if the search goes on from
// next.
//
// A colour with as many pegs as it has in any one guess (full) matches
// no more with more: its counts from there on are one branch of the
// search, the colour full, taking pegs beyond that only once the others
// are chosen. The search so chooses for each colour a count below full
// or full, and each choice that gives every hint its matches with no
// more pegs than the code has yields every way to share the pegs left
// among its full colours. Without this, the counts of a colour past
// full made as many branches, each dead end searched again with fewer
// pegs left: over 20 colours, where each guess has each colour once or
// twice, most of the search.
//
// States (the next colour, pegs used, whether a colour is full, each
// hint's matches still wanted) from which no multiset completes are
// remembered, the recent ones at least (deadCache): the counts of the
// colours before them reach the same state in many ways.
func colourCounts[W uint64 | int, N uint8 | int, K counts[N]](p *problem, want []W, step func(s, n, used int, r, next []W) (more, ok bool), yield func(*K) bool) {
	var k K
	w := len(want)
	// wanted[s*w:][:w] is what is still wanted before the s-th colour.
	wanted := make([]W, (p.max+2)*w)
	copy(wanted[w:], want)
	full := make([]int, 0, p.max) // the colours chosen full
	var dead deadCache
	found := 0
	// The relaxation (countLP) is made and solved only once the search
	// has visited p.relaxAfter nodes: the searches that end sooner would
	// pay more for it than it saves. Its states are then made along the
	// path the search is on; lpDead is the first depth of that path with
	// no shares that fit, 0 if none.
	relax, nodes := p.relaxAfter >= 0, 0
	var lp *countLP
	lpDead := 0
	var rec func(s, used int) bool
	rec = func(s, used int) bool {
		if p.stop.Load() {
			return false
		}
		if nodes++; relax && nodes > p.relaxAfter {
			relax = false
			if lp = newCountLP(p); lp != nil {
				lpDead = lp.follow(s, func(t int) int { return int(k[p.order[t]]) })
			}
		}
		r := wanted[s*w:][:w]
		if s > p.max {
			for _, x := range r {
				if x != 0 {
					return true
				}
			}
			if used < p.pegs && len(full) == 0 {
				return true
			}
			found++
			return shares[N](&k, full, p.pegs-used, yield)
		}
		c, most := p.order[s], p.full[s]
		memo := s > 1 && s < p.max
		key := zobrist(4, s, used)
		if len(full) > 0 {
			key = ^key
		}
		if memo {
			for _, x := range r {
				key = mix(key ^ uint64(x))
			}
			if dead.has(key) {
				return true
			}
		}
		before := found
		next := wanted[(s+1)*w:][:w]
		for n := 0; n <= min(most, p.pegs-used); n++ {
			if lpDead != 0 {
				if s >= lpDead {
					break
				}
				lpDead = 0
			}
			more, ok := step(s, n, used, r, next)
			if !more {
				break
			}
			if !ok || lp != nil && !lp.fix(s, n) {
				continue
			}
			k[c] = N(n)
			if n == most {
				full = append(full, c)
			}
			more = rec(s+1, used+n)
			if n == most {
				full = full[:len(full)-1]
			}
			if !more {
				return false
			}
		}
		k[c] = 0
		if memo && found == before {
			dead.add(key)
		}
		return true
	}
	rec(1, 0)
}

// shares calls yield with k and every way to add extra pegs to the
// colours full (those in k so far); false if yield stopped it.
func shares[N uint8 | int, K counts[N]](k *K, full []int, extra int, yield func(*K) bool) bool {
	if len(full) <= 1 || extra == 0 {
		cp := *k
		if len(full) > 0 {
			cp[full[0]] += N(extra)
		}
		return yield(&cp)
	}
	c := full[0]
	for n := extra; n >= 0; n-- {
		(*k)[c] += N(n)
		ok := shares[N](k, full[1:], extra-n, yield)
		(*k)[c] -= N(n)
		if !ok {
			return false
		}
	}
	return true
}

// arranger places the pegs of one multiset, position by position.
//
// For each hint it keeps need, the blacks still wanted, and slack, how many
// more than those the positions left could still give: the sum over colours
// of the smaller of the pegs left and the guess's positions left of that
// colour, less need. A peg of colour c at position p takes one from need of
// the hints whose guess has c there (slack stays). From the slack of each
// other hint i it takes one for each of these: its guess's colour g at p
// had no more positions left than pegs (P[g] ≤ L[g]: a position lost to g),
// and c had no more pegs left than the guess's positions (L[c] ≤ P[c]: a
// peg of c lost to a non-black). A placement is possible while no need and
// no slack falls below zero; only the hints with need 0 or slack 0 or 1 can
// stop one, so only those are looked at for every colour.
//
// Need, slack and lost are kept a byte a hint (lanes.go), so that placing
// a peg updates eight hints a word operation; the positions left of each
// colour in each guess are the problem's tables (from), as they depend
// on the position alone.
type arranger struct {
	*problem
	code mastermind.Code
	// left holds the pegs of each colour still to place: 256 of them, as
	// a colour byte indexes it with no bounds check.
	left  [256]uint8
	avail uint64 // colours with pegs left: bit c-1
	// leftLanes is left, a byte a colour.
	leftLanes []uint64
	need      []uint64 // blacks still wanted, a byte a hint
	slack     []uint64 // blacks each hint can still get beyond need
	// lost[p*lanes:][:lanes] is 1 in the byte of each hint that position
	// p costs a black unless its peg is the guess's colour; saved holds
	// need and slack at each position, to restore; forced is canMeet's.
	lost   []uint64
	saved  []uint64
	forced []uint64
	first  uint64 // if not 0, the colours the first peg may have (bit c-1)
	key    uint64
	nodes  int // placed so far, to look at stop now and then
	// dead holds the states (position, pegs left of each colour, blacks
	// still wanted of each hint) from which no arrangement completes:
	// reached again by another order of the same pegs, they are skipped.
	// found counts the arrangements yielded, to tell a dead state.
	dead  stateSet
	found int
	// At position tail, the last pegs left: the arrangements of a state
	// there are kept (packed 7 bits a peg, in kept) and replayed when
	// another order of the same pegs reaches the same state. suffixes maps
	// a state to where its arrangements start in kept and how many.
	tail       int
	suffixes   stateMap
	kept       []uint64
	recording  bool // the search below tail keeps what it yields
	recordFrom int  // the position the kept suffixes start at
	// suffix, when not nil, holds the arrangements of the positions from
	// suffix.from on: the search stops there and replays them. They are
	// listed by arrangers of the reversed problem, which stop at meetAt
	// and hand their arrangement to listing, packed listWidth bits a peg
	// (position q at bits listWidth*q).
	suffix    *suffixTable
	meetAt    int
	listing   func(packed uint64) bool
	listWidth int
	listed    []listed       // the suffixes listing found, reused from one list to the next
	byBlacks  *blackFirst    // the search of blacksFirst instances, made on first use
	byPlain   *plainArranger // the search of plain instances, made on first use
	met       []listed       // the suffixes placeLast meets, reused from one state to the next
	expansion expansion      // for the palette's codes
	relax     relaxer        // the relaxation of the multiset arranged (arrangelp.go)
	narrow    *arranger      // of the narrowed problem of the last job that had one (forJob)
	// probe is placeLast's: the states each colour of its position
	// leaves, their filter words and the colours.
	probe struct {
		keys, words [wordColours]uint64
		colours     [wordColours]uint8
	}
	// multiset is the multiset arranged; seatChecked is set once its
	// search has looked at whether its pegs can be seated (unseated), as
	// a search that has run some time does (halt).
	multiset    *[wordColours + 1]uint8
	seatChecked bool
	unseated    bool
}

// tailPegs is how many last positions have their arrangements kept, and
// maxSuffixes bounds the arrangements kept per multiset.
const (
	tailPegs    = 5
	maxSuffixes = 1 << 22
)

// zobrist returns the random word standing for one part of a state: a
// colour's pegs left, a hint's blacks wanted, or the position.
func zobrist(kind, index, value int) uint64 {
	return mix(uint64(kind)<<56 ^ uint64(index)<<32 ^ uint64(value))
}

// mix returns a word that looks random for each x, a bijection
// (SplitMix64's finaliser).
func mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// zobristTables fills the problem's words for hashing states.
func (p *problem) zobristTables() {
	p.wLeft = make([]uint64, p.max+1)
	for c := range p.wLeft {
		p.wLeft[c] = zobrist(1, c, 0)
	}
	p.wNeed = make([]uint64, p.hints)
	for i := range p.wNeed {
		p.wNeed[i] = zobrist(2, i, 0)
	}
	p.zPos = make([]uint64, p.pegs+1)
	for q := range p.zPos {
		p.zPos[q] = zobrist(3, 0, q)
	}
	p.wBlacks = make([]uint64, p.pegs*(p.max+1))
	for q := range p.pegs {
		for i, c := range p.at[q*p.hints : (q+1)*p.hints] {
			p.wBlacks[q*(p.max+1)+int(c)] += p.wNeed[i]
		}
	}
}

func newArranger(p *problem) *arranger {
	w := p.lanes
	// The words every peg placed writes are carved from one block, a
	// cache line clear of anything else: small slices of two arrangers'
	// own would share lines, and the cores running them would pass the
	// lines back and forth.
	const line = 64 // bytes
	words := (3+3*p.pegs)*w + p.colourLanes
	block := make([]uint64, line/8+words+line/8)[line/8:]
	carve := func(n int) []uint64 {
		s := block[:n:n]
		block = block[n:]
		return s
	}
	return &arranger{problem: p, need: carve(w), slack: carve(w), forced: carve(w),
		lost: carve(p.pegs * w), saved: carve(2 * p.pegs * w), leftLanes: carve(p.colourLanes),
		code: make(mastermind.Code, line+p.pegs+line)[line : line+p.pegs : line+p.pegs]}
}

// arrange calls yield with every arrangement of multiset k that gives each
// hint its blacks, in lexicographic order; false if yield stopped it.
func (a *arranger) arrange(k *[wordColours + 1]uint8, yield func(mastermind.Code) bool) bool {
	if !a.reset(k) {
		return true
	}
	a.dead.clear()
	a.suffixes.clear()
	a.kept = a.kept[:0]
	a.tail = max(1, a.pegs-tailPegs)
	if a.listing != nil {
		// It lists up to meetAt, which may be past tail: placeTail would
		// keep none of what it lists there, and replay nothing.
		a.tail = a.pegs
	}
	a.relax.begin(a.problem, k[:])
	a.multiset, a.seatChecked, a.unseated = k, false, false
	return a.place(0, yield) || a.unseated
}

// refuted reports whether the relaxation of the node at position p, its
// pegs before p placed, is proved to have no shares that fit; false
// where it is not solved.
func (a *arranger) refuted(p int) bool {
	st := a.relax.at(p, false)
	if st == nil {
		return false
	}
	a.relax.boundPlaced(st, a.code, p, &a.left)
	return a.relax.refuted(st)
}

// reset sets the arranger to place multiset k from the first position;
// false if some hint cannot get its blacks from it at all.
func (a *arranger) reset(k *[wordColours + 1]uint8) bool {
	a.avail, a.key = 0, 0
	clear(a.leftLanes)
	for c := 1; c <= a.max; c++ {
		a.leftLanes[(c-1)/8] |= uint64(k[c]) << (8 * ((c - 1) % 8))
		a.left[c] = k[c]
		a.key += uint64(a.left[c]) * a.wLeft[c]
		if k[c] > 0 {
			a.avail |= 1 << (c - 1)
		}
	}
	for i, b := range a.blacks {
		a.key += uint64(b) * a.wNeed[i]
	}
	// Each hint's reach, the most blacks the multiset can give it, is
	// the sum over colours of the smaller of the pegs and the positions.
	w := a.lanes
	copy(a.need, a.blackLanes)
	reach := a.slack
	clear(reach)
	for c := 1; c <= a.max; c++ {
		if a.left[c] > 0 {
			pegs := uint64(a.left[c]) * laneOnes
			for j, positions := range a.from[c*w:][:w] {
				reach[j] += laneMin(pegs, positions)
			}
		}
	}
	for j, need := range a.need {
		if anyAbove(need, reach[j]) {
			return false
		}
		a.slack[j] = reach[j] - need
	}
	return true
}

func (a *arranger) place(p int, yield func(mastermind.Code) bool) bool {
	if p == a.pegs {
		a.found++
		if a.recording {
			var packed uint64
			for q := a.recordFrom; q < a.pegs; q++ {
				packed = packed<<7 | uint64(a.code[q])
			}
			a.kept = append(a.kept, packed)
		}
		return yield(a.code)
	}
	if t := a.suffix; t != nil && p+1 == t.from {
		return a.placeLast(p, t, yield)
	}
	if a.listing != nil && p+1 == a.meetAt {
		return a.listLast(p)
	}
	if p == a.tail {
		return a.placeTail(p, yield)
	}
	if a.nodes++; a.nodes%4096 == 0 && a.halt() {
		return false
	}
	// Only states with a few positions left are worth remembering: above
	// them the subtrees are too big to meet again, below too small to pay.
	// A search that stops in the middle has no deep subtrees: remembering
	// costs it more than it saves (20 pegs of 4 colours: 25% slower).
	memo := p >= 2 && a.suffix == nil && a.listing == nil
	key := a.key ^ a.zPos[p]
	if memo {
		if a.dead.has(key) {
			return true
		}
	}
	if a.refuted(p) {
		if memo {
			a.dead.add(key)
		}
		return true
	}
	before := a.found
	// Position p leaves those to come: for each hint, its guess's colour
	// here loses a position, and whether that costs it a black unless the
	// peg is of that colour (lost[i]) is known before choosing the peg.
	lost := a.lost[p*a.lanes : (p+1)*a.lanes]
	need, slack := a.save(p)
	key0 := a.key
	ok := true
	set := a.allowed(p, lost)
	if p == 0 && a.first != 0 {
		set &= a.first
	}
	for ; set != 0; set &= set - 1 {
		c := uint8(bits.TrailingZeros64(set) + 1)
		a.take(p, c, lost)
		// The forced-blacks bound pays only near the end: earlier it costs
		// more than it cuts (measured on 12x12x8 and 20x10x10).
		if a.pegs-p > 3 || a.canMeet(p+1) {
			a.code[p] = c
			ok = a.place(p+1, yield)
		}
		copy(a.need, need)
		copy(a.slack, slack)
		a.key = key0
		a.leftLanes[(c-1)/8] += 1 << (8 * ((c - 1) % 8))
		if a.left[c]++; a.left[c] == 1 {
			a.avail |= 1 << (c - 1)
		}
		if !ok {
			break
		}
	}
	if ok && memo && a.found == before {
		a.dead.add(key)
	}
	return ok
}

// halt reports whether the search stops: the caller gave up, or its
// multiset's pegs cannot be seated (rootSeated, looked at once, when the
// search has run some time): it has no arrangement, and arrange says the
// search is done.
func (a *arranger) halt() bool {
	if a.stop.Load() {
		return true
	}
	if !a.seatChecked {
		a.seatChecked = true
		a.unseated = !a.rootSeated()
	}
	return a.unseated
}

// save copies each hint's need and slack at position p, to restore after
// each peg tried there.
func (a *arranger) save(p int) (need, slack []uint64) {
	need = a.saved[2*p*a.lanes : (2*p+1)*a.lanes]
	slack = a.saved[(2*p+1)*a.lanes : (2*p+2)*a.lanes]
	copy(need, a.need)
	copy(slack, a.slack)
	return need, slack
}

// allowed returns the colours (bit c-1) a peg at position p may have
// without taking any hint below its blacks or past them. Only hints with
// no blacks wanted or with no more slack than lost can forbid one: for
// the first, their guess's colour here; for the others, if the slack is
// short, every colour but the guess's, else the colours that would cost
// more slack than they have. On the way it sets lost: for each hint,
// whether position p costs it a black unless the peg is its guess's
// colour (the guess's colour has no more positions left than pegs).
func (a *arranger) allowed(p int, lost []uint64) uint64 {
	set := a.avail
	at := a.at[p*a.hints : (p+1)*a.hints]
	own := a.own[p*a.lanes : (p+1)*a.lanes][:len(lost)]
	for j := range lost {
		var left uint64 // of each hint's guess's colour here
		for b, g := range at[8*j : min(8*j+8, len(at))] {
			left |= uint64(a.left[g]) << (8 * b)
		}
		lost[j] = atLeast(left, own[j]) & a.valid[j] & laneOnes
	}
	cw := a.colourLanes
	after := a.fromColours[(p+1)*a.hints*cw:]
	for j, valid := range a.valid {
		need, slack := a.need[j], a.slack[j]
		// One bit a hint: the low bit of its byte.
		none := ^atLeast(need, laneOnes) & valid & laneOnes
		guessed := a.guessed[(p*a.lanes+j)*32:][:32]
		bits8 := gather(none)
		set &^= guessed[bits8&15] | guessed[16+bits8>>4]
		short := atLeast(lost[j], slack) & valid & laneOnes &^ none
		for m := short; m != 0; m &= m - 1 {
			shift := bits.TrailingZeros64(m)
			i := 8*j + shift/8
			bit := uint64(1) << (at[i] - 1)
			if slack>>shift&0xff < lost[j]>>shift&0xff {
				set &= bit
				continue
			}
			// The colours with no more pegs left than the guess's
			// positions of them after p.
			var full uint64
			for wc, positions := range after[i*cw:][:cw] {
				full |= gather(atLeast(positions, a.leftLanes[wc])&laneOnes) << (8 * wc)
			}
			set &^= full &^ bit
		}
	}
	return set
}

// take places a peg of colour c at position p: the hints whose guess has
// c there get a black; the others lose the slack of lost, and one more if
// c had no more pegs left than their guess's positions of c after p.
func (a *arranger) take(p int, c uint8, lost []uint64) {
	w := a.lanes
	here := (p*(a.max+1) + int(c)) * w
	hit, after := a.hit[here:][:w], a.from[here+(a.max+1)*w:][:w]
	need, slack, lost := a.need[:w], a.slack[:w], lost[:w]
	pegs := uint64(a.left[c]) * laneOnes
	for j, h := range hit {
		need[j] -= h & laneOnes
		slack[j] -= (lost[j] + atLeast(after[j], pegs)&laneOnes) &^ h
	}
	a.key -= a.wBlacks[p*(a.max+1)+int(c)] + a.wLeft[c]
	a.leftLanes[(c-1)/8] -= 1 << (8 * ((c - 1) % 8))
	if a.left[c]--; a.left[c] == 0 {
		a.avail &^= 1 << (c - 1)
	}
}

// placeTail places the last pegs from position p = a.tail: from the kept
// arrangements of this state if it has been met, else by search, keeping
// what it finds.
func (a *arranger) placeTail(p int, yield func(mastermind.Code) bool) bool {
	key := a.key ^ a.zPos[p]
	if at, ok := a.suffixes.get(key); ok {
		for _, packed := range a.kept[at>>32 : at>>32+at&(1<<32-1)] {
			for q := a.pegs - 1; q >= p; q-- {
				a.code[q] = uint8(packed & 127)
				packed >>= 7
			}
			a.found++
			if !yield(a.code) {
				return false
			}
		}
		return true
	}
	start := len(a.kept)
	a.recording, a.recordFrom = true, p
	a.tail = a.pegs // place below searches as usual
	ok := a.place(p, yield)
	a.tail = p
	a.recording = false
	if ok && len(a.kept) <= maxSuffixes {
		a.suffixes.put(key, uint64(start)<<32|uint64(len(a.kept)-start))
	} else {
		a.kept = a.kept[:start]
	}
	return ok
}

// canMeet reports whether, with the pegs of positions from p on still to
// place, every hint can still get exactly its blacks: no more than it
// wants, counting the pegs that cannot avoid a black. A colour with more
// pegs left than positions whose guess is another colour must put its
// excess on positions of its own colour.
func (a *arranger) canMeet(p int) bool {
	remaining := a.pegs - p
	w := a.lanes
	forced := a.forced
	clear(forced)
	positions := a.from[p*(a.max+1)*w:]
	for set := a.avail; set != 0; set &= set - 1 {
		c := bits.TrailingZeros64(set) + 1
		// The excess of c's pegs and the guess's positions of c over the
		// positions left: left[c] + positions - remaining, if positive.
		others := uint64(remaining-int(a.left[c])) * laneOnes
		for j, n := range positions[c*w:][:w] {
			forced[j] += laneExcess(n, others)
		}
	}
	for j, n := range forced {
		if anyAbove(n, a.need[j]) {
			return false
		}
	}
	return true
}

// Solve calls yield with every code that agrees with the hints, each once,
// until yield returns false. The code passed is reused: copy it to keep
// it. The instance must be valid (Validate). It fails on a code of more
// than wordPegs pegs over more than wordColours colours that may have
// wordColours colours or more at once (widePlainJobs), after the codes
// of the colours' counts before that one.
func Solve(in *mastermind.Instance, yield func(mastermind.Code) bool) error {
	return prepare(in).solve(yield)
}

// SolveContext is Solve that gives up with ctx's error when ctx is done
// before the codes are all given or yield stops them.
func SolveContext(ctx context.Context, in *mastermind.Instance, yield func(mastermind.Code) bool) error {
	p := prepare(in)
	defer context.AfterFunc(ctx, func() { p.stop.Store(true) })()
	stopped := false
	err := p.solve(func(c mastermind.Code) bool {
		if !yield(c) {
			stopped = true
		}
		return !stopped
	})
	if err == nil && !stopped {
		err = ctx.Err() // the search may have been cut short
	}
	return err
}

// solve calls yield with p's solutions, as Solve does.
func (p *problem) solve(yield func(mastermind.Code) bool) error {
	a := newArranger(p)
	p.jobs(func(j job) bool { return a.forJob(j).solve(j, yield) })
	return p.fail
}

// forJob returns the arranger of job j's problem: a itself, or, for a
// job of a narrowed problem, an arranger of that, kept for the next job
// of the same problem.
func (a *arranger) forJob(j job) *arranger {
	if j.sub == nil {
		return a
	}
	if a.narrow == nil || a.narrow.problem != j.sub {
		a.narrow = newArranger(j.sub)
	}
	return a.narrow
}

// job is a share of the search one worker does alone: the arrangements
// of a multiset, or the solutions of a run of first halves when the
// instance meets in the middle.
type job struct {
	k      *[wordColours + 1]uint8
	blacks bool                              // k is arranged blacks first (blacksFirst)
	wide   *[mastermind.MaxColours + 1]uint8 // if not nil, a wide instance's multiset, arranged blacks first
	// sub, if not nil, is the problem the job arranges counts in: a wide
	// multiset over its own colours (narrowed).
	sub      *problem
	first    uint64                // the colours the first peg may have (bit c-1), 0 for any
	start    *blackStart           // if not nil, the node of k's blacks-first search to search from
	counts   *[wordColours + 1]int // if not nil, the multiset the plain search arranges
	plain    *plainStart           // if not nil, the node of counts' plain search to search from
	meet     *meeting
	from, to int // the first halves of meet
	// suffix is the suffixes of k, listed by the first job of k to need
	// them, when the code is long enough to meet in the middle.
	suffix *suffixTable
}

// blackCounts returns the counts of the multiset j arranges blacks first,
// if it does.
func (j *job) blackCounts() []uint8 {
	switch {
	case j.wide != nil:
		return j.wide[:]
	case j.k != nil && j.blacks:
		return j.k[:]
	}
	return nil
}

// jobChunk is how many first halves a job of a meeting takes.
const jobChunk = 4096

// jobs calls yield with the jobs of p's search, in order.
func (p *problem) jobs(yield func(job) bool) {
	if p.clash {
		return
	}
	switch p.mode {
	case widePlainSearch:
		p.widePlainJobs(yield)
	case plainSearch:
		p.plainJobs(yield)
	case wideSearch:
		p.wideJobs(yield)
	case wordSearch:
		p.wordJobs(yield)
	}
}

// wordJobs calls yield with the jobs of the word searches: each multiset
// of the colour counts' search, or the halves of a meeting in the middle.
func (p *problem) wordJobs(yield func(job) bool) {
	m := meetFor(p)
	if m == nil {
		p.multisetJobs(yield)
		return
	}
	n := len(m.first.codes)
	for from := 0; from < n; from += jobChunk {
		if !yield(job{meet: m, from: from, to: min(n, from+jobChunk)}) {
			return
		}
	}
}

// fewMultisets is how many multisets a search may have for each to be
// split by the colour of its first peg: with fewer multisets than cores,
// one multiset's search would keep the others waiting.
const fewMultisets = 4

// fewToSplit runs each, a search of multisets, and hands each multiset to
// whole, unless there are at most fewMultisets: those it returns (and
// none otherwise), for their searches to be shared out.
func fewToSplit[K any](each func(yield func(K) bool), whole func(K) bool) []K {
	var few []K
	many := false
	each(func(k K) bool {
		if many {
			return whole(k)
		}
		if few = append(few, k); len(few) <= fewMultisets {
			return true
		}
		many = true
		for _, k := range few {
			if !whole(k) {
				return false
			}
		}
		return true
	})
	if many {
		return nil
	}
	return few
}

// multisetJobs calls yield with a job for each multiset, or, when there
// are few, for each node of a multiset's blacks-first search at
// splitDepth (blacks.go), or for each multiset and colour of the first
// peg when the positions' search arranges them.
func (p *problem) multisetJobs(yield func(job) bool) {
	few := fewToSplit(seatable[[wordColours + 1]uint8](p), func(k *[wordColours + 1]uint8) bool {
		if p.blacksFirst(k) {
			return yield(job{k: k, blacks: true})
		}
		return yield(job{k: k, suffix: p.newSuffixTable()})
	})
	var b *blackFirst
	for _, k := range few {
		if p.relaxes(k[:]) && p.relaxationRefutes(k[:]) {
			continue
		}
		if p.blacksFirst(k) {
			if b == nil {
				b = newBlackFirst(p)
			}
			if !b.split(k[:], func(start *blackStart) bool { return yield(job{k: k, blacks: true, start: start}) }) {
				return
			}
			continue
		}
		t := p.newSuffixTable()
		for c := 1; c <= p.max; c++ {
			if k[c] > 0 && !yield(job{k: k, first: 1 << (c - 1), suffix: t}) {
				return
			}
		}
	}
}

// wideJobs calls yield with a job for each multiset of a wide instance,
// or, when there are few, for each node of a multiset's blacks-first
// search at splitDepth, as multisetJobs does. Over so many colours each
// guess matches the code in few places, where blacks first is the search
// that suits (blacksFirstRatio), and the only one that takes the colours
// of a multiset by their rank.
func (p *problem) wideJobs(yield func(job) bool) {
	few := fewToSplit(seatable[[mastermind.MaxColours + 1]uint8](p),
		func(k *[mastermind.MaxColours + 1]uint8) bool { return yield(job{wide: k}) })
	if len(few) == 0 {
		return
	}
	b := newBlackFirst(p)
	for _, k := range few {
		if !b.split(k[:], func(start *blackStart) bool { return yield(job{wide: k, start: start}) }) {
			return
		}
	}
}

// solve calls yield with the solutions of job j; false if yield stopped
// it.
func (a *arranger) solve(j job, yield func(mastermind.Code) bool) bool {
	if pal := a.palette; pal != nil {
		// One compact code may stand for billions (8 pegs over 255
		// colours, a guess answered 0/0: 247^8), so the expansion looks
		// at stop as the searches do, every few thousand codes: else a
		// cancelled solve went on until its last.
		n := 0
		return a.search(j, func(c mastermind.Code) bool {
			return pal.expand(&a.expansion, c, func(code mastermind.Code) bool {
				if n++; n%4096 == 0 && a.stop.Load() {
					return false
				}
				return yield(code)
			})
		})
	}
	return a.search(j, yield)
}

// search calls yield with the solutions of job j in the compact
// instance's colours; false if yield stopped it.
func (a *arranger) search(j job, yield func(mastermind.Code) bool) bool {
	// The searches look at stop every few thousand nodes, which a job
	// queued or made after it was set would search first: a multiset
	// split into hundreds of jobs of a few thousand nodes each went on for
	// seconds after its time was up.
	if a.stop.Load() {
		return false
	}
	if j.counts != nil {
		if a.byPlain == nil {
			a.byPlain = newPlainArranger(a.problem)
		}
		if j.plain != nil {
			return a.byPlain.resume(j.plain, yield)
		}
		return a.byPlain.arrange(j.counts, yield)
	}
	if k := j.blackCounts(); k != nil {
		if a.byBlacks == nil {
			a.byBlacks = newBlackFirst(a.problem)
		}
		if j.start != nil {
			return a.byBlacks.resume(k, j.start, yield)
		}
		return a.byBlacks.arrange(k, yield)
	}
	if j.k != nil {
		a.suffix = nil
		if t := j.suffix; t != nil {
			t.once.Do(func() { t.list(a, j.k) })
			if t.ok {
				a.suffix = t
			}
		}
		a.first = j.first
		return a.arrange(j.k, yield)
	}
	return j.meet.meet(a.problem, a.code, j.from, j.to, yield)
}

// parallel does the jobs on all cores. work hands a job's results to
// emit as it makes them, and done gets every result, in the jobs' order,
// the results of each job in the order it made them; when done returns
// false the search stops (the results made meanwhile are dropped). Only
// the jobs being worked on have results waiting, each its share of
// pendingResults at most, so a job of billions of codes streams through
// a few blocks: the worker of a later job waits for the earlier ones
// rather than keeping all its text.
func parallel[R any](ctx context.Context, in *mastermind.Instance, work func(a *arranger, j job, emit func(R)), done func(R) bool) error {
	p := prepare(in)
	defer context.AfterFunc(ctx, func() { p.stop.Store(true) })()
	workers := runtime.GOMAXPROCS(0)
	// A job's queue carries its results, then one marked last; the
	// queues are used again, as a search may have thousands of jobs of a
	// few codes each, and a queue of room for hundreds of results each
	// took longer to make than the job (a fifth of a 5 ms search).
	type result struct {
		r    R
		last bool
	}
	type task struct {
		j   job
		out chan result
	}
	tasks := make(chan task, 4*workers)
	order := make(chan chan result, 4*workers)
	spare := make(chan chan result, 6*workers)
	queue := max(pendingResults/workers, 4)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			a := newArranger(p)
			for t := range tasks {
				// Tasks are taken in the jobs' order, so the job whose
				// results done waits for always has a worker: the
				// workers blocked on a full queue hold later jobs.
				work(a.forJob(t.j), t.j, func(r R) { t.out <- result{r: r} })
				t.out <- result{last: true}
			}
		})
	}
	go func() {
		p.jobs(func(j job) bool {
			if p.stop.Load() {
				return false
			}
			var out chan result
			select {
			case out = <-spare:
			default:
				out = make(chan result, queue)
			}
			order <- out
			tasks <- task{j, out}
			return true
		})
		close(tasks)
		close(order)
	}()
	taking := true
	for out := range order {
		for r := <-out; !r.last; r = <-out {
			if taking && !done(r.r) {
				taking = false
				p.stop.Store(true)
			}
		}
		select {
		case spare <- out:
		default:
		}
	}
	wg.Wait()
	if p.fail != nil {
		return p.fail
	}
	return context.Cause(ctx) // names the signal that stopped it, if one did
}

// pendingResults is how many results may wait for done, shared among
// the workers: for WriteSolutions, blocks of outputBlock bytes, 32 MB
// in all. Smaller queues kept the worker of a later job waiting while
// the earlier one's codes were written. Measured in
// docs/notes/mastermind-code.md#solve-pendingresults.
const pendingResults = 512

// Count returns the number of codes that agree with the hints, counted on
// all cores. It gives up with ctx's error when ctx is done.
//
// Where the instance is solved as a compact one (prepare), it counts each
// compact code as the codes it stands for, without listing them:
// 2,897,022,976 codes of 4 pegs over 255 colours in milliseconds where
// listing them took 8 s. Past the largest int it returns ErrTooMany.
func Count(ctx context.Context, in *mastermind.Instance) (int, error) {
	total := 0
	err := parallel(ctx, in, func(a *arranger, j job, emit func(int)) {
		n := 0
		if pal := a.palette; pal != nil {
			a.search(j, func(c mastermind.Code) bool {
				n = addCount(n, pal.ways(c))
				return n >= 0
			})
		} else {
			a.search(j, func(mastermind.Code) bool { n++; return true }) // as before palettes: a count a code
		}
		emit(n)
	}, func(n int) bool {
		total = addCount(total, n)
		return total >= 0
	})
	if err == nil && total < 0 {
		err = ErrTooMany
	}
	return total, err
}

// Exists reports whether some code agrees with the hints: the solver
// stopped at the first code, so that it answers at once where codes are
// many, even past what Count can count (a codebreaker's contradiction
// check, 30 pegs over 50 colours). It gives up with ctx's error when ctx
// is done.
func Exists(ctx context.Context, in *mastermind.Instance) (bool, error) {
	p := prepare(in)
	defer context.AfterFunc(ctx, func() { p.stop.Store(true) })()
	found := false
	err := p.solve(func(mastermind.Code) bool { found = true; return false })
	if err == nil && !found {
		err = ctx.Err() // stopped, not proved empty
	}
	return found, err
}

// addCount returns a+b, or -1 if either is -1 or the sum passes the
// largest int.
func addCount(a, b int) int {
	if a < 0 || b < 0 || a > math.MaxInt-b {
		return -1
	}
	return a + b
}

// WriteSolutions writes every code that agrees with the hints as the
// source's list, [[3,1,4],[4,1,3]]. and a newline ([]. for none), in
// Solve's order, searched and formatted on all cores, and returns their
// number. It gives up with ctx's error when ctx is done.
func WriteSolutions(ctx context.Context, w io.Writer, in *mastermind.Instance) (int, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	// Each job formats its codes into blocks of a fixed size, handed to the
	// writer as they fill and back once written for the next to fill. So
	// the text of millions of codes passes through the same few blocks. A
	// buffer a job, grown by doubling, took fresh memory for all of it: its
	// page faults and collections cost as much as the search, and a job of
	// a billion codes took all the machine's memory.
	room := codeRoom(in.Pegs())
	free := make(chan []byte, pendingResults+2*runtime.GOMAXPROCS(0))
	block := func() []byte {
		select {
		case b := <-free:
			return b
		default:
			return make([]byte, 0, max(outputBlock, room))
		}
	}
	type chunk struct {
		text []byte
		n    int
	}
	total, started := 0, false
	var err error
	bw.WriteByte('[')
	perr := parallel(ctx, in, func(a *arranger, j job, emit func(chunk)) {
		var ch chunk
		a.solve(j, func(code mastermind.Code) bool {
			if cap(ch.text)-len(ch.text) < room {
				if ch.text != nil {
					emit(ch)
				}
				ch = chunk{text: block()}
			}
			ch.text = appendCode(ch.text, code)
			ch.n++
			return true
		})
		if ch.text != nil {
			emit(ch)
		}
	}, func(ch chunk) bool {
		text := ch.text
		if !started {
			text, started = text[1:], true // no comma before the first code
		}
		_, err = bw.Write(text)
		select {
		case free <- ch.text[:0]:
		default:
		}
		total += ch.n
		return err == nil
	})
	if err != nil {
		return total, err
	}
	if perr != nil {
		return total, perr
	}
	bw.WriteString("].\n")
	return total, bw.Flush()
}

// pegText[c] holds the text of colour c and a comma ("12,") in the low
// bytes of a word, and pegLen[c] its length: appendCode writes each peg
// with one store, where appending its digits and a comma took two calls
// of a copy of one or two bytes (a third of the time of writing 3.6
// million codes of 20 pegs).
var (
	pegText [mastermind.MaxColours + 1]uint32
	pegLen  [mastermind.MaxColours + 1]uint8
)

// init fills pegText and pegLen in place: a function returning them would
// build them on the stack and copy them, at every start of the binary.
func init() {
	for c := range pegText {
		var b [4]byte
		k := len(strconv.AppendInt(b[:0], int64(c), 10))
		b[k] = ','
		pegText[c], pegLen[c] = binary.LittleEndian.Uint32(b[:]), uint8(k+1)
	}
}

// codeRoom returns the room appendCode needs for a code of pegs: ",[", a
// colour of up to three digits and a comma a peg (the last comma becomes
// "]"), and the bytes past the last peg that its word may write.
func codeRoom(pegs int) int { return 2 + 4*pegs + 4 }

// appendCode appends ",[" and code's text, "[3,1,4]", to text, which must
// have codeRoom(len(code)) bytes of room beyond its length; code has a peg
// at least.
func appendCode(text []byte, code mastermind.Code) []byte {
	n := len(text)
	buf := text[n : n+codeRoom(len(code))]
	buf[0], buf[1] = ',', '['
	at := 2
	for _, c := range code {
		binary.LittleEndian.PutUint32(buf[at:], pegText[c])
		at += int(pegLen[c])
	}
	buf[at-1] = ']' // the last peg's comma
	return text[:n+at]
}

// WriteSolutions formats codes in blocks of outputBlock bytes.
const outputBlock = 1 << 16
