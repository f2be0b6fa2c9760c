package consistent

import (
	"gamelab/mastermind"

	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gamelab/internal/hugepage"
)

// Long codes meet in the middle of the arrangement too. The arrangement
// search of a multiset meets most of its dead ends in the middle of the
// code, where each hint alone can still get its blacks but not all
// together; there are too many such states to remember. So the last
// positions' arrangements are listed first, by the same search run from
// the far end of the code (each hint kept within its blacks by the
// positions before), and grouped by the state the first positions must
// leave for them: the pegs of each colour and each hint's blacks still
// wanted. The search from the start then stops in the middle and looks
// its state up: every arrangement it reaches there is a solution.

// suffixMinPegs is the shortest code whose arrangements meet in the
// middle: shorter ones are searched at once (eight instances of 12 pegs, 8
// colours and 8 hints: 83 ms searched, 27 met; at 10 pegs alike).
const suffixMinPegs = 11

// maxListed bounds the suffixes listed for a multiset: past it the list
// costs more than the search it saves.
const maxListed = 1 << 22

// suffixTable holds the arrangements of a multiset's positions from from
// on, grouped by the state the positions before must leave.
type suffixTable struct {
	once  sync.Once
	from  int
	width int  // bits a peg
	ok    bool // listed in full: false if there were too many
	// suffixes are grouped in buckets by the top bits of their states,
	// as a hash table's (start[b] is where bucket b begins), and within a
	// bucket left in the order they were listed: of sorts the few the
	// search from the start meets. Codes are packed width bits a peg,
	// position from in the highest.
	suffixes []listed
	start    []int32
	shift    uint
	// filter is a blocked Bloom filter of the states listed: two bits in
	// the word of the state's bucket. Most states the search from the
	// start reaches have no suffix; the filter, about a byte a suffix,
	// answers most of them from the cache where the table would miss it
	// twice.
	filter []uint64
	expect float64 // the suffixes from from on, as estimated
}

// filterBits returns a state's two bits in the filter's word of its
// bucket, from the key mixed (the names of states are sums).
func filterBits(key uint64) uint64 {
	h := (key ^ key>>31) * 0x9e3779b97f4a7c15
	return 1<<(h>>20&63) | 1<<(h>>26&63)
}

// listed is a suffix and the state the positions before it must leave.
type listed struct{ key, code uint64 }

// newSuffixTable returns the table of suffixes for a multiset of p: the
// second half of the code, or as much of it as fits a word; nil if p's
// codes are too short to meet in the middle.
func (p *problem) newSuffixTable() *suffixTable {
	if p.pegs < suffixMinPegs {
		return nil
	}
	width := bits.Len(uint(p.max))
	t := &suffixTable{width: width}
	t.from = p.pegs - min(t.most(), p.pegs/2)
	return t
}

// most returns the most pegs a suffix may have: it is packed in a word.
func (t *suffixTable) most() int { return 64 / t.width }

// reversed returns p with every guess read from its last position, built
// once: the suffixes are searched on it.
func (p *problem) reversed() *problem {
	p.reverseOnce.Do(func() {
		in := &mastermind.Instance{Max: p.max, Hints: make([]mastermind.Hint, p.hints)}
		for i, g := range p.guess {
			r := slices.Clone(g)
			slices.Reverse(r)
			in.Hints[i] = mastermind.Hint{Guess: r, Answer: mastermind.Answer{Blacks: p.blacks[i], Whites: p.matches[i] - p.blacks[i]}}
		}
		p.rev = prepareAs(in, false) // p is a word problem: so is its reverse
	})
	return p.rev
}

// minSuffixPegs is the shortest suffix worth listing.
const minSuffixPegs = 5

// list fills t with the arrangements of multiset k's positions from t.from
// on, searched backwards on p's reversed problem. If there are more than
// maxListed, it lists shorter suffixes (each position less divides them
// by about the number of colours), down to minSuffixPegs; t.ok is false if
// even those were too many.
func (t *suffixTable) list(a *arranger, k *[wordColours + 1]uint8) {
	p := a.problem
	t.from = t.split(a, k)
	for ; p.pegs-t.from >= minSuffixPegs; t.from++ {
		if t.listFrom(p, k) {
			t.ok = true
			return
		}
	}
}

// listFrom lists the suffixes from t.from on, on all cores, each taking
// the colours of the last peg one by one; false if there were more than
// maxListed.
func (t *suffixTable) listFrom(p *problem, k *[wordColours + 1]uint8) bool {
	var last []uint64 // the colours the last peg may have, one bit each
	for c := 1; c <= p.max; c++ {
		if k[c] > 0 {
			last = append(last, 1<<(c-1))
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(last))
	backs := make([]*arranger, workers)
	for w := range backs {
		backs[w] = p.backArranger()
	}
	defer func() {
		for _, a := range backs {
			p.releaseBack(a)
		}
	}()
	var next, total atomic.Int64
	var over atomic.Bool
	var wg sync.WaitGroup
	for _, a := range backs {
		wg.Go(func() {
			all := a.listed[:0]
			if want := int(t.expect * 1.25 / float64(workers)); cap(all) < want {
				all = hugepage.Slice[listed](want)[:0]
			}
			depth := p.pegs - t.from
			// The name of the whole multiset with every black wanted.
			whole := uint64(0)
			for c := 1; c <= p.max; c++ {
				whole += uint64(k[c]) * p.wLeft[c]
			}
			for i := range p.hints {
				whole += uint64(p.blacks[i]) * p.wNeed[i]
			}
			// code[q] is position pegs-1-q: position from goes highest.
			a.meetAt, a.listWidth = depth, t.width
			a.listing = func(packed uint64) bool {
				key := (whole - a.key) ^ p.zPos[t.from]
				if len(all) == cap(all) { // past the estimate
					all = append(hugepage.Slice[listed](2*cap(all) + 1024)[:0], all...)
				}
				all = append(all, listed{key, packed})
				// The reversed problem does not see the caller give up:
				// look here.
				if len(all)%1024 != 0 {
					return true
				}
				return total.Add(1024) <= maxListed && !p.stop.Load()
			}
			for i := int(next.Add(1) - 1); i < len(last) && !over.Load(); i = int(next.Add(1) - 1) {
				a.first = last[i]
				if !a.arrange(k, nil) {
					over.Store(true)
				}
			}
			a.meetAt, a.listing, a.listed = 0, nil, all
		})
	}
	wg.Wait()
	if over.Load() {
		return false
	}
	lists := make([][]listed, len(backs))
	n := 0
	for w, a := range backs {
		lists[w] = a.listed
		n += len(a.listed)
	}
	if n > maxListed {
		return false
	}
	t.group(lists, n)
	return true
}

// group puts the n suffixes of lists into t's buckets by state, on all
// cores. The states are spread over buckets by their top bits (they are
// hashes: a few suffixes a bucket); each list is counted and scattered
// apart, into places of its own in each bucket, then each share of the
// buckets is entered in the filter apart. Sorting the buckets by state
// and code cost a tenth of a long code's solve, for the few thousand
// suffixes of millions that a search meets.
func (t *suffixTable) group(lists [][]listed, n int) {
	buckets := max(8, min(20, bits.Len(uint(n))-3))
	t.shift = uint(64 - buckets)
	counts := make([][]int32, len(lists))
	var wg sync.WaitGroup
	for w, l := range lists {
		counts[w] = make([]int32, 1<<buckets)
		wg.Go(func() {
			for _, s := range l {
				counts[w][s.key>>t.shift]++
			}
		})
	}
	wg.Wait()
	// Bucket b starts at t.start[b]; list w's share of it after the
	// shares of the lists before w, which counts[w] becomes.
	t.start = hugepage.Slice[int32](1<<buckets + 1)
	at := int32(0)
	for b := range 1 << buckets {
		t.start[b] = at
		for w := range lists {
			at, counts[w][b] = at+counts[w][b], at
		}
	}
	t.start[1<<buckets] = at
	t.suffixes = hugepage.Slice[listed](n)
	for w, l := range lists {
		wg.Go(func() {
			next := counts[w]
			for _, s := range l {
				b := s.key >> t.shift
				t.suffixes[next[b]] = s
				next[b]++
			}
		})
	}
	wg.Wait()
	t.filter = hugepage.Slice[uint64](1 << buckets)
	shares := runtime.GOMAXPROCS(0)
	for i := range shares {
		wg.Go(func() {
			for b := i << buckets / shares; b < (i+1)<<buckets/shares; b++ {
				for _, s := range t.suffixes[t.start[b]:t.start[b+1]] {
					t.filter[b] |= filterBits(s.key)
				}
			}
		})
	}
	wg.Wait()
}

// lessListed orders suffixes by state, then code.
func lessListed(x, y listed) bool {
	return x.key < y.key || x.key == y.key && x.code < y.code
}

// compareListed is lessListed as slices.SortFunc takes it.
func compareListed(x, y listed) int {
	switch {
	case lessListed(x, y):
		return -1
	case lessListed(y, x):
		return 1
	}
	return 0
}

// sortListed sorts suffixes by lessListed: by insertion, as most runs
// hold a few.
func sortListed(run []listed) {
	if len(run) > 16 {
		slices.SortFunc(run, compareListed)
		return
	}
	for i := 1; i < len(run); i++ {
		for j := i; j > 0 && lessListed(run[j], run[j-1]); j-- {
			run[j], run[j-1] = run[j-1], run[j]
		}
	}
}

// backArranger returns an arranger of p's reversed problem no one uses.
func (p *problem) backArranger() *arranger {
	p.backsMu.Lock()
	defer p.backsMu.Unlock()
	if n := len(p.backs); n > 0 {
		a := p.backs[n-1]
		p.backs = p.backs[:n-1]
		return a
	}
	return newArranger(p.reversed())
}

// releaseBack gives back an arranger of backArranger.
func (p *problem) releaseBack(a *arranger) {
	p.backsMu.Lock()
	defer p.backsMu.Unlock()
	p.backs = append(p.backs, a)
}

// filterWord returns the filter's word of the state key's bucket.
func (t *suffixTable) filterWord(key uint64) uint64 { return t.filter[key>>t.shift] }

// mayHave reports whether the state key may have suffixes, given its
// filter word: if not, it has none.
func mayHave(key, word uint64) bool {
	f := filterBits(key)
	return word&f == f
}

// of returns the suffixes listed for the state key, in lexicographic
// order, in buf's memory.
func (t *suffixTable) of(key uint64, buf []listed) []listed {
	met := buf[:0]
	if !mayHave(key, t.filterWord(key)) {
		return met
	}
	b := key >> t.shift
	for _, s := range t.suffixes[t.start[b]:t.start[b+1]] {
		if s.key == key {
			met = append(met, s)
		}
	}
	sortListed(met)
	return met
}

// placeLast places the peg of position p, the last before t.from, and
// ends the arrangement with the listed suffixes of the state it leaves.
// The pegs are not checked against the hints there, only the name of that
// state worked out: a peg that takes a hint past its blacks leaves a state
// no suffix has, which the filter turns away for less than the checks
// cost (long codes 10% faster). The filter's words of all the colours are
// read before any is tested, so that their cache misses overlap rather
// than follow one another (the read of the filter was 30% of a long
// code's solve).
func (a *arranger) placeLast(p int, t *suffixTable, yield func(mastermind.Code) bool) bool {
	set := a.avail
	if p == 0 && a.first != 0 {
		set &= a.first
	}
	words := a.wBlacks[p*(a.max+1) : (p+1)*(a.max+1)]
	keys, filterWords, colours := &a.probe.keys, &a.probe.words, &a.probe.colours
	n := 0
	for ; set != 0; set &= set - 1 {
		c := bits.TrailingZeros64(set) + 1
		keys[n] = (a.key - words[c] - a.wLeft[c]) ^ a.zPos[p+1]
		colours[n] = uint8(c)
		n++
	}
	for i, key := range keys[:n] {
		filterWords[i] = t.filterWord(key)
	}
	mask := uint64(1)<<t.width - 1
	for i, key := range keys[:n] {
		if !mayHave(key, filterWords[i]) {
			continue
		}
		c := colours[i]
		a.met = t.of(key, a.met)
		for _, l := range a.met {
			a.code[p] = c
			packed := l.code
			for q := a.pegs - 1; q > p; q-- {
				a.code[q] = uint8(packed & mask)
				packed >>= t.width
			}
			a.found++
			if !yield(a.code) {
				return false
			}
		}
	}
	return true
}

// listLast places the peg of position p, the last a listing arranger
// places, and hands each arrangement to listing. The state each leaves
// is all listing reads of it: only its name is worked out, and the
// pegs before p are packed once for every peg there.
func (a *arranger) listLast(p int) bool {
	set := a.allowed(p, a.lost[p*a.lanes:(p+1)*a.lanes])
	if p == 0 && a.first != 0 {
		set &= a.first
	}
	ok := true
	key := a.key
	words := a.wBlacks[p*(a.max+1) : (p+1)*(a.max+1)]
	var before uint64
	for q, c := range a.code[:p] {
		before |= uint64(c) << (a.listWidth * q)
	}
	for ; set != 0 && ok; set &= set - 1 {
		c := bits.TrailingZeros64(set) + 1
		a.code[p] = uint8(c)
		a.key = key - words[c] - a.wLeft[c]
		a.found++
		ok = a.listing(before | uint64(c)<<(a.listWidth*p))
	}
	a.key = key
	return ok
}

// estimate adds to paths[d], for d from 1 to len(paths)-1, an estimate
// of the number of ways the search places multiset k's first d pegs:
// the product of the choices along one random descent (Knuth, 1975), an
// unbiased estimate whose mean over many descents converges.
func (a *arranger) estimate(k *[wordColours + 1]uint8, rnd uint64, paths []float64) {
	if !a.reset(k) {
		return
	}
	ways := 1.0
	for p := range len(paths) - 1 {
		lost := a.lost[p*a.lanes : (p+1)*a.lanes]
		set := a.allowed(p, lost)
		n := bits.OnesCount64(set)
		if n == 0 {
			return
		}
		ways *= float64(n)
		paths[p+1] += ways
		rnd = rnd*6364136223846793005 + 1442695040888963407
		for range (rnd >> 33) % uint64(n) {
			set &= set - 1
		}
		a.take(p, uint8(bits.TrailingZeros64(set)+1), lost)
	}
}

// Where the arrangements meet is chosen from estimates of the search
// trees of both directions: descents whose number grows with the tree.
const (
	fewDescents  = 32
	manyDescents = 1024
	// smallTree is the estimated size of a search not worth more
	// descents: it meets in the middle.
	smallTree = 1 << 16
	// listCost is what a suffix listed costs against a node of the search
	// from the start (kept, sorted, looked up).
	listCost = 1.3
)

// split returns the position the arrangements of multiset k meet at:
// where the nodes of the search from the start before it, and the
// suffixes listed after it (each at listCost), cost least, as estimated
// by random descents of both searches.
func (t *suffixTable) split(a *arranger, k *[wordColours + 1]uint8) int {
	p := a.problem
	b := p.backArranger()
	defer p.releaseBack(b)
	fw := make([]float64, p.pegs+1)
	bw := make([]float64, p.pegs+1)
	descend := func(from, to int) {
		for i := from; i < to; i++ {
			seed := uint64(i+1) * 0x9e3779b97f4a7c15
			a.estimate(k, seed, fw)
			b.estimate(k, seed^0xdeadbeef, bw)
		}
	}
	cost := func(from int) float64 {
		c := 0.0
		for d := 1; d <= from; d++ {
			c += fw[d]
		}
		for d := 1; d <= p.pegs-from; d++ {
			c += listCost * bw[d]
		}
		return c
	}
	descend(0, fewDescents)
	if cost(t.from) < smallTree*fewDescents {
		return t.from
	}
	descend(fewDescents, manyDescents)
	// Of the meeting points whose suffixes fit maxListed (with a margin:
	// the estimates err by a few percent), the cheapest. Listing past
	// maxListed only to give up is the dearest choice of all.
	best := -1
	for from := p.pegs - min(t.most(), p.pegs-1); from <= p.pegs-minSuffixPegs; from++ {
		if bw[p.pegs-from] > 0.8*maxListed*manyDescents {
			continue
		}
		if best < 0 || cost(from) < cost(best) {
			best = from
		}
	}
	if best < 0 {
		best = p.pegs - minSuffixPegs
	}
	t.expect = bw[p.pegs-best] / manyDescents
	return best
}
