package mastermind

import (
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	// suffixes are sorted by state, then code (packed width bits a peg,
	// position from in the highest); start[b] is where the states whose
	// top bits are b begin, as a hash table's buckets would.
	suffixes []listed
	start    []int32
	shift    uint
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
	return &suffixTable{from: p.pegs - min(64/width, p.pegs/2), width: width}
}

// reversed returns p with every guess read from its last position, built
// once: the suffixes are searched on it.
func (p *problem) reversed() *problem {
	p.reverseOnce.Do(func() {
		in := &Instance{Max: p.max, Hints: make([]Hint, p.hints)}
		for i, g := range p.guess {
			r := slices.Clone(g)
			slices.Reverse(r)
			in.Hints[i] = Hint{Guess: r, Answer: Answer{Blacks: p.blacks[i], Whites: p.matches[i] - p.blacks[i]}}
		}
		p.rev = prepare(in)
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
func (t *suffixTable) list(p *problem, k *[MaxColours + 1]uint8) {
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
func (t *suffixTable) listFrom(p *problem, k *[MaxColours + 1]uint8) bool {
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
			depth := p.pegs - t.from
			a.meetAt, a.listing = depth, func(code Code) bool {
				key := p.zPos[t.from]
				for c := 1; c <= p.max; c++ {
					key ^= p.zLeft[c][int(k[c])-a.left[c]]
				}
				for i := range p.hints {
					key ^= p.zNeed[i][p.blacks[i]-a.need[i]]
				}
				// code[q] is position pegs-1-q: position from goes highest.
				var packed uint64
				for q := depth - 1; q >= 0; q-- {
					packed = packed<<t.width | uint64(code[q])
				}
				all = append(all, listed{key, packed})
				// The reversed problem does not see the caller give up:
				// look here.
				return total.Add(1) <= maxListed && !p.stop.Load()
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
	// Sort by state: spread by the top bits (the keys are hashes, so a
	// few suffixes a bucket), then sort each bucket.
	n := int(total.Load())
	buckets := max(8, min(20, bits.Len(uint(n))-3))
	t.shift = uint(64 - buckets)
	t.start = make([]int32, 1<<buckets+1)
	for _, a := range backs {
		for _, l := range a.listed {
			t.start[l.key>>t.shift+1]++
		}
	}
	for b := 1; b < len(t.start); b++ {
		t.start[b] += t.start[b-1]
	}
	t.suffixes = make([]listed, n)
	at := slices.Clone(t.start[:len(t.start)-1])
	for _, a := range backs {
		for _, l := range a.listed {
			b := l.key >> t.shift
			t.suffixes[at[b]] = l
			at[b]++
		}
	}
	for b := range len(t.start) - 1 {
		slices.SortFunc(t.suffixes[t.start[b]:t.start[b+1]], func(x, y listed) int {
			if c := cmp.Compare(x.key, y.key); c != 0 {
				return c
			}
			return cmp.Compare(x.code, y.code)
		})
	}
	return true
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

// of returns the suffixes listed for the state key, in lexicographic order.
func (t *suffixTable) of(key uint64) []listed {
	b := key >> t.shift
	run := t.suffixes[t.start[b]:t.start[b+1]]
	i := 0
	for i < len(run) && run[i].key < key {
		i++
	}
	j := i
	for j < len(run) && run[j].key == key {
		j++
	}
	return run[i:j]
}

// placeSuffixes ends the arrangement at position p = t.from with the
// listed suffixes of its state, if any.
func (a *arranger) placeSuffixes(p int, t *suffixTable, yield func(Code) bool) bool {
	mask := uint64(1)<<t.width - 1
	for _, l := range t.of(a.key ^ a.zPos[p]) {
		packed := l.code
		for q := a.pegs - 1; q >= p; q-- {
			a.code[q] = uint8(packed & mask)
			packed >>= t.width
		}
		a.found++
		if !yield(a.code) {
			return false
		}
	}
	return true
}
