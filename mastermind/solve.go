package mastermind

import (
	"bufio"
	"context"
	"io"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// The solver works in two steps. The whites carry most of the information
// when there are many colours, and they depend only on how many pegs of
// each colour the code has: so it first enumerates the colour counts (a
// multiset of pegs) whose matches with every guess (blacks plus whites,
// the sum over colours of the smaller count) are the hints' — colour by
// colour, each hint's matches so far bounded by what the colours left can
// still add. Then, for each such multiset, it arranges the pegs position
// by position, keeping each hint's blacks within what the pegs and
// positions left can still give. An instance without solutions usually
// fails in the first step, at once.

// problem is an instance prepared for the search.
type problem struct {
	pegs, max, hints int
	guess            [][]uint8 // by hint
	blacks, matches  []int     // wanted, by hint
	count            [][MaxColours + 2]int
	// after[i][c] is the number of pegs of hint i's guess of colours
	// above c.
	after [][MaxColours + 2]int
	stop  atomic.Bool // set when the caller gives up: the search unwinds
}

func prepare(in *Instance) *problem {
	n := len(in.Hints)
	p := &problem{pegs: in.Pegs(), max: in.Max, hints: n, guess: make([][]uint8, n), blacks: make([]int, n), matches: make([]int, n),
		count: make([][MaxColours + 2]int, n), after: make([][MaxColours + 2]int, n)}
	for i, h := range in.Hints {
		p.guess[i] = h.Guess
		p.blacks[i], p.matches[i] = h.Answer.Blacks, h.Answer.Blacks+h.Answer.Whites
		for _, c := range h.Guess {
			p.count[i][c]++
		}
		for c := in.Max - 1; c >= 0; c-- {
			p.after[i][c] = p.after[i][c+1] + p.count[i][c+1]
		}
	}
	return p
}

// multisets calls yield with every colour count (index 1 to max) whose
// matches with every guess are the hint's; yield may keep the array.
func (p *problem) multisets(yield func(*[MaxColours + 1]uint8) bool) {
	var k [MaxColours + 1]uint8
	part := make([]int, p.hints)
	var rec func(c, used int) bool
	rec = func(c, used int) bool {
		if p.stop.Load() {
			return false
		}
		if c > p.max {
			for i := range p.hints {
				if part[i] != p.matches[i] {
					return true
				}
			}
			cp := k
			return yield(&cp)
		}
		lo, hi := 0, p.pegs-used
		if c == p.max {
			lo = hi // the last colour takes the pegs left
		}
		for n := lo; n <= hi; n++ {
			ok := true
			for i := range p.hints {
				part[i] += min(p.count[i][c], n)
				left := p.pegs - used - n
				if part[i] > p.matches[i] || part[i]+min(left, p.after[i][c]) < p.matches[i] {
					ok = false
				}
			}
			if ok {
				k[c] = uint8(n)
				if !rec(c+1, used+n) {
					return false
				}
			}
			for i := range p.hints {
				part[i] -= min(p.count[i][c], n)
			}
			// More pegs of c only add matches: once some hint has too
			// many, stop.
			over := false
			for i := range p.hints {
				if part[i]+min(p.count[i][c], n) > p.matches[i] {
					over = true
				}
			}
			if over {
				break
			}
		}
		k[c] = 0
		return true
	}
	rec(1, 0)
}

// arranger places the pegs of one multiset, position by position.
type arranger struct {
	*problem
	code  Code
	left  [MaxColours + 1]int // pegs of each colour still to place
	avail uint64              // colours with pegs left: bit c-1
	got   []int               // blacks so far, by hint
	// reach[i] is the most blacks hint i can still get: the sum over
	// colours of the smaller of the pegs left and the guess's positions
	// left of that colour.
	reach []int
	// posLeft[i][c] is the number of positions from the next one on where
	// hint i's guess has colour c.
	posLeft [][MaxColours + 1]int
	delta   []int // the change of reach made at each position, by hint, to undo
	nodes   int   // placed so far, to look at stop now and then
	// dead holds the states (position, pegs left of each colour, blacks
	// so far of each hint) from which no arrangement completes: reached
	// again by another order of the same pegs, they are skipped. found
	// counts the arrangements yielded, to tell a dead state.
	dead  map[uint64]struct{}
	found int
	// At position tail, the last pegs left: the arrangements of a state
	// there are kept (packed 6 bits a peg) and replayed when another
	// order of the same pegs reaches the same state.
	tail       int
	suffixes   map[uint64][]uint64
	stored     int      // suffixes kept for this multiset
	recording  bool     // the search below tail records what it yields
	recordFrom int      // the position the recorded suffixes start at
	record     []uint64 // the suffixes found below the current tail state
}

// tailPegs is how many last positions have their arrangements kept, and
// maxSuffixes bounds the arrangements kept per multiset.
const (
	tailPegs    = 5
	maxSuffixes = 1 << 22
)

// maxDead bounds the dead states kept per multiset.
const maxDead = 1 << 20

// stateKey hashes the state of an arrangement at position p.
func (a *arranger) stateKey(p int) uint64 {
	h := uint64(p) * 0x9e3779b97f4a7c15
	for c := 1; c <= a.max; c++ {
		h = (h ^ uint64(a.left[c])) * 0x100000001b3
	}
	for _, g := range a.got {
		h = (h ^ uint64(g)) * 0x100000001b3
	}
	return h ^ h>>29
}

func newArranger(p *problem) *arranger {
	return &arranger{problem: p, code: make(Code, p.pegs), got: make([]int, p.hints), reach: make([]int, p.hints),
		posLeft: make([][MaxColours + 1]int, p.hints), delta: make([]int, p.pegs*p.hints)}
}

// arrange calls yield with every arrangement of multiset k that gives each
// hint its blacks, in lexicographic order; false if yield stopped it.
func (a *arranger) arrange(k *[MaxColours + 1]uint8, yield func(Code) bool) bool {
	a.avail = 0
	for c := 1; c <= a.max; c++ {
		a.left[c] = int(k[c])
		if k[c] > 0 {
			a.avail |= 1 << (c - 1)
		}
	}
	for i := range a.hints {
		a.got[i] = 0
		a.posLeft[i] = [MaxColours + 1]int{}
		for _, c := range a.guess[i] {
			a.posLeft[i][c]++
		}
		a.reach[i] = 0
		for c := 1; c <= a.max; c++ {
			a.reach[i] += min(a.left[c], a.posLeft[i][c])
		}
		if a.reach[i] < a.blacks[i] {
			return true
		}
	}
	if a.dead == nil || len(a.dead) > 0 {
		a.dead = make(map[uint64]struct{})
	}
	if a.suffixes == nil || len(a.suffixes) > 0 {
		a.suffixes = make(map[uint64][]uint64)
	}
	a.tail, a.stored = max(1, a.pegs-tailPegs), 0
	return a.place(0, yield)
}

func (a *arranger) place(p int, yield func(Code) bool) bool {
	if p == a.pegs {
		a.found++
		if a.recording {
			var packed uint64
			for q := a.recordFrom; q < a.pegs; q++ {
				packed = packed<<6 | uint64(a.code[q])
			}
			a.record = append(a.record, packed)
		}
		return yield(a.code)
	}
	if p == a.tail {
		return a.placeTail(p, yield)
	}
	if a.nodes++; a.nodes%4096 == 0 && a.stop.Load() {
		return false
	}
	// Only states with a few positions left are worth remembering: above
	// them the subtrees are too big to meet again, below too small to pay.
	var key uint64
	memo := p >= 2
	if memo {
		key = a.stateKey(p)
		if _, ok := a.dead[key]; ok {
			return true
		}
	}
	before := a.found
	delta := a.delta[p*a.hints : (p+1)*a.hints]
	for set := a.avail; set != 0; set &= set - 1 {
		c := uint8(bits.TrailingZeros64(set) + 1)
		ok := true
		for i := range a.hints {
			// Position p leaves those to come, and colour c loses a peg.
			g := a.guess[i][p]
			var before, after int
			if g == c {
				before = min(a.left[c], a.posLeft[i][g])
				a.posLeft[i][g]--
				after = min(a.left[c]-1, a.posLeft[i][g])
				a.got[i]++
			} else {
				before = min(a.left[g], a.posLeft[i][g]) + min(a.left[c], a.posLeft[i][c])
				a.posLeft[i][g]--
				after = min(a.left[g], a.posLeft[i][g]) + min(a.left[c]-1, a.posLeft[i][c])
			}
			delta[i] = after - before
			a.reach[i] += delta[i]
			if a.got[i] > a.blacks[i] || a.got[i]+a.reach[i] < a.blacks[i] {
				ok = false
			}
		}
		a.left[c]--
		if a.left[c] == 0 {
			a.avail &^= 1 << (c - 1)
		}
		// The forced-blacks bound pays only near the end: earlier it costs
		// more than it cuts (measured on 12x12x8 and 20x10x10).
		if ok && a.pegs-p <= 3 && !a.canMeet(p+1) {
			ok = false
		}
		if ok {
			a.code[p] = c
			ok = a.place(p+1, yield)
		} else {
			ok = true
		}
		a.left[c]++
		a.avail |= 1 << (c - 1)
		for i := range a.hints {
			g := a.guess[i][p]
			a.posLeft[i][g]++
			a.reach[i] -= delta[i]
			if g == c {
				a.got[i]--
			}
		}
		if !ok {
			return false
		}
	}
	if memo && a.found == before && len(a.dead) < maxDead {
		a.dead[key] = struct{}{}
	}
	return true
}

// placeTail places the last pegs from position p = a.tail: from the kept
// arrangements of this state if it has been met, else by search, keeping
// what it finds.
func (a *arranger) placeTail(p int, yield func(Code) bool) bool {
	key := a.stateKey(p)
	if list, ok := a.suffixes[key]; ok {
		for _, packed := range list {
			for q := a.pegs - 1; q >= p; q-- {
				a.code[q] = uint8(packed & 63)
				packed >>= 6
			}
			a.found++
			if !yield(a.code) {
				return false
			}
		}
		return true
	}
	a.recording, a.recordFrom, a.record = true, p, a.record[:0]
	a.tail = a.pegs // place below searches as usual
	ok := a.place(p, yield)
	a.tail = p
	a.recording = false
	if ok && a.stored+len(a.record) <= maxSuffixes {
		a.suffixes[key] = slices.Clone(a.record)
		a.stored += len(a.record)
	}
	return ok
}

// canMeet reports whether, with the pegs of positions from p on still to
// place, every hint can still get exactly its blacks: no more than it
// has, plus the pegs that cannot avoid a black. A colour with more pegs
// left than positions whose guess is another colour must put its excess
// on positions of its own colour.
func (a *arranger) canMeet(p int) bool {
	remaining := a.pegs - p
	for i := range a.hints {
		forced := a.got[i]
		for set := a.avail; set != 0; set &= set - 1 {
			c := bits.TrailingZeros64(set) + 1
			if extra := a.left[c] + a.posLeft[i][c] - remaining; extra > 0 {
				forced += extra
			}
		}
		if forced > a.blacks[i] {
			return false
		}
	}
	return true
}

// Solve calls yield with every code that agrees with the hints, each once,
// until yield returns false: grouped by colour counts, each group in
// lexicographic order. The code passed is reused: copy it to keep it. The
// instance must be valid (Validate).
func Solve(in *Instance, yield func(Code) bool) {
	p := prepare(in)
	a := newArranger(p)
	p.multisets(func(k *[MaxColours + 1]uint8) bool { return a.arrange(k, yield) })
}

// parallel arranges the multisets on all cores, handing the result of
// each (made by work) to done in the multisets' order; a few results wait
// at a time at most.
func parallel[R any](ctx context.Context, in *Instance, work func(a *arranger, k *[MaxColours + 1]uint8) R, done func(R)) error {
	p := prepare(in)
	defer context.AfterFunc(ctx, func() { p.stop.Store(true) })()
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		k   *[MaxColours + 1]uint8
		out chan R
	}
	jobs := make(chan job, 4*workers)
	order := make(chan chan R, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			a := newArranger(p)
			for j := range jobs {
				j.out <- work(a, j.k)
			}
		})
	}
	go func() {
		p.multisets(func(k *[MaxColours + 1]uint8) bool {
			out := make(chan R, 1)
			order <- out
			jobs <- job{k, out}
			return true
		})
		close(jobs)
		close(order)
	}()
	for out := range order {
		done(<-out)
	}
	wg.Wait()
	return ctx.Err()
}

// Count returns the number of codes that agree with the hints, counted on
// all cores. It gives up with ctx's error when ctx is done.
func Count(ctx context.Context, in *Instance) (int, error) {
	total := 0
	err := parallel(ctx, in, func(a *arranger, k *[MaxColours + 1]uint8) int {
		n := 0
		a.arrange(k, func(Code) bool { n++; return true })
		return n
	}, func(n int) { total += n })
	return total, err
}

// WriteSolutions writes every code that agrees with the hints as the
// source's list, [[3,1,4],[4,1,3]]. and a newline ([]. for none), in
// Solve's order, searched and formatted on all cores, and returns their
// number. It gives up with ctx's error when ctx is done.
func WriteSolutions(ctx context.Context, w io.Writer, in *Instance) (int, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	var digits [MaxColours + 1][]byte
	for c := range digits {
		digits[c] = strconv.AppendInt(nil, int64(c), 10)
	}
	type chunk struct {
		text []byte
		n    int
	}
	total := 0
	var err error
	bw.WriteByte('[')
	perr := parallel(ctx, in, func(a *arranger, k *[MaxColours + 1]uint8) chunk {
		var ch chunk
		a.arrange(k, func(code Code) bool {
			ch.text = append(ch.text, ',', '[')
			for i, c := range code {
				if i > 0 {
					ch.text = append(ch.text, ',')
				}
				ch.text = append(ch.text, digits[c]...)
			}
			ch.text = append(ch.text, ']')
			ch.n++
			return true
		})
		return ch
	}, func(ch chunk) {
		if ch.n == 0 || err != nil {
			return
		}
		text := ch.text
		if total == 0 {
			text = text[1:] // no comma before the first code
		}
		total += ch.n
		_, err = bw.Write(text)
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
