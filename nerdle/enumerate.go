package nerdle

import (
	"cmp"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
)

// Enumerate returns every valid equation of n symbols under rules r, sorted
// as integers, which is the byte order of their text. It uses all cores.
// Stream gives the same equations in constant memory.
func Enumerate(n int, r Rules) ([]Equation, error) {
	var parts [][]Equation
	total := 0
	err := Stream(n, r, func(batch []Equation) error {
		parts = append(parts, slices.Clone(batch))
		total += len(batch)
		return nil
	})
	if err != nil {
		return nil, err
	}
	all := make([]Equation, 0, total)
	for _, p := range parts {
		all = append(all, p...)
	}
	return all, nil
}

// Stream calls emit with every valid equation of n symbols under rules r,
// in byte order, in batches: each batch is sorted and follows the one
// before. It stops at emit's first error and returns it. It uses all
// cores, and memory bounded by a few batches (a few MiB at length 11), not
// by the number of equations. A batch is valid only during the call.
//
// The left side of an equation is a sum of signed terms, each term a chain
// of numbers joined by * and /. Stream first tabulates, for every length,
// the terms whose value can occur in an equation of n symbols (value caps
// derived from the number of digits left for the right side keep the tables
// small), sorted by value. An expression is then either a single term or a
// shorter expression (the head) followed by + or - and a last term; for each
// head the admissible last terms form a contiguous range of a table, found
// by binary search. The work is thus proportional to the output plus the
// heads visited, not to the 15^n strings.
//
// The batches are the equations sharing their first two symbols: the first
// term of the left side decides them (or, for a first number of one digit,
// the operator after it). So a batch is made by taking, at the bottom of
// the recursion, only the first terms that begin with its two symbols,
// indexed in each table by a counting sort. Batches are made and sorted on
// all cores and emitted in order.
func Stream(n int, r Rules, emit func([]Equation) error) error {
	if err := CheckLength(n); err != nil {
		return fmt.Errorf("length %d: %w", n, err)
	}
	g := newGenerator(n, r)
	return inOrder(len(batchFirsts), runtime.GOMAXPROCS(0), func() func(int, []Equation) []Equation {
		var scratch []Equation
		return func(i int, buf []Equation) []Equation {
			buf, scratch = g.batch(i, buf[:0], scratch)
			return buf
		}
	}, func(batch []Equation) error {
		if len(batch) == 0 {
			return nil
		}
		return emit(batch)
	})
}

// WriteList writes every valid equation of n symbols under rules r to w,
// one a line, in byte order: Stream with the text made on all cores too.
func WriteList(w io.Writer, n int, r Rules) error {
	if err := CheckLength(n); err != nil {
		return fmt.Errorf("length %d: %w", n, err)
	}
	g := newGenerator(n, r)
	return inOrder(len(batchFirsts), runtime.GOMAXPROCS(0), func() func(int, []byte) []byte {
		var eqs, scratch []Equation
		return func(i int, text []byte) []byte {
			eqs, scratch = g.batch(i, eqs[:0], scratch)
			return AppendLines(slices.Grow(text[:0], len(eqs)*(n+1)), eqs)
		}
	}, func(text []byte) error {
		_, err := w.Write(text)
		return err
	})
}

// batchFirsts holds the first two symbols of every batch, in order; see
// generator.first.
var batchFirsts = func() (firsts []uint64) {
	for s0 := Digit0; s0 <= Digit9; s0++ {
		for s1 := Times; s1 <= Equals; s1++ {
			firsts = append(firsts, uint64(s0)<<4|uint64(s1))
		}
	}
	return firsts
}()

// inOrder builds parts 0 to n-1 on workers goroutines, each with its own
// builder from newBuilder, and emits them in order. At most workers+1
// parts exist at once: a worker takes a buffer that emit is done with
// before it takes a part to build, so the part to emit next always has one.
func inOrder[T any](n, workers int, newBuilder func() func(i int, buf T) T, emit func(T) error) error {
	type part struct {
		i   int
		out T
	}
	window := workers + 1
	free := make(chan T, window)
	for range window {
		var zero T
		free <- zero
	}
	jobs := make(chan int)
	done := make(chan part, window)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case jobs <- i:
			case <-quit:
				return
			}
		}
	}()
	for range workers {
		build := newBuilder()
		go func() {
			for {
				var buf T
				select {
				case buf = <-free:
				case <-quit:
					return
				}
				i, ok := <-jobs
				if !ok {
					return
				}
				select {
				case done <- part{i, build(i, buf)}:
				case <-quit:
					return
				}
			}
		}()
	}
	pending := map[int]T{}
	for next := 0; next < n; {
		p := <-done
		pending[p.i] = p.out
		for out, ok := pending[next]; ok; out, ok = pending[next] {
			delete(pending, next)
			next++
			if err := emit(out); err != nil {
				return err
			}
			free <- out
		}
	}
	return nil
}

// term is an entry of a term table: the value of a chain of numbers joined
// by * and / (a lone number included) and its symbols, packed as in an
// Equation but without the length.
type term struct {
	v    rat
	code uint64
}

// entry is a term as a table keeps it: its denominator is its group's.
type entry struct {
	num  int64
	code uint64
}

// termGroup is the run of a table's entries that share one denominator.
type termGroup struct {
	den    int64
	lo, hi int
}

// termTable holds the terms of one length, sorted by denominator and then
// numerator, so that the terms of a value range are a contiguous run.
type termTable struct {
	entries []entry
	groups  []termGroup
	maxVal  int64 // the largest value, rounded up

	// byStart indexes entries by their first two symbols (for terms of one
	// symbol, the symbol and Plus): the terms that start with key k are
	// entries[byStart[i]] for i in [starts[k], starts[k+1]).
	byStart []int32
	starts  [257]int32
}

// generator holds the term tables for equations of n symbols.
type generator struct {
	n      int
	rules  Rules
	tables [MaxLength]termTable

	// first, if not zero, keeps only the equations whose first two symbols
	// are first>>4 and first&15.
	first uint64
}

// capLimit saturates the value and denominator caps, which would otherwise
// overflow for short terms; it is far above any value of MaxLength symbols.
const capLimit = int64(1) << 50

var pow10 = func() (p [19]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = 10 * p[i-1]
	}
	return p
}()

func satMul(a, b int64) int64 {
	if a != 0 && b > capLimit/a {
		return capLimit
	}
	return min(a*b, capLimit)
}

// resultRange returns the values a left side of k symbols may have in an
// equation of n symbols: exactly n-1-k digits, no leading zero.
func resultRange(n, k int) (lo, hi int64) {
	d := n - 1 - k
	if d == 1 {
		return 0, 9
	}
	return pow10[d-1], pow10[d] - 1
}

func newGenerator(n int, r Rules) *generator {
	g := &generator{n: n, rules: r}
	maxLeft := n - 2
	// valueCap[m] bounds the value of a term of m symbols that can occur in
	// an equation. The term may be a whole left side, one term of a sum
	// (the others, with at most k-m-1 symbols, can offset at most
	// 10^(k-m-1)-1), or the prefix of a longer chain, which a division by a
	// number of j digits can shrink by at most 10^j-1. denCap[m] bounds the
	// denominator likewise: a fraction among the terms of a sum must be
	// offset by another (of at least 3 symbols, "a/b"), so fractional terms
	// of a sum have at most n-6 symbols; a chain prefix may have a
	// denominator that later multiplications cancel.
	var valueCap, denCap [MaxLength + 1]int64
	for m := maxLeft; m >= 1; m-- {
		c := int64(0)
		if m >= 3 {
			_, c = resultRange(n, m)
		}
		d := int64(1)
		if r.fractions() && m <= n-6 {
			d = capLimit
		}
		for k := m + 2; k <= maxLeft; k++ {
			_, hi := resultRange(n, k)
			c = max(c, hi+pow10[k-m-1]-1)
			c = max(c, satMul(valueCap[k], pow10[k-m-1]-1))
			d = max(d, satMul(denCap[k], pow10[k-m-1]-1))
		}
		valueCap[m], denCap[m] = c, d
	}
	// Table m is built from tables 1 to m-2, so m and m+1 can be built at
	// the same time.
	for m := 1; m <= maxLeft; m += 2 {
		var wg sync.WaitGroup
		for _, k := range []int{m, m + 1} {
			if k <= maxLeft {
				wg.Go(func() { g.tables[k] = g.buildTable(k, valueCap[k], denCap[k]) })
			}
		}
		wg.Wait()
	}
	return g
}

// buildTable tabulates the terms of m symbols with value at most valueCap
// and denominator at most denCap, from the tables of shorter terms.
func (g *generator) buildTable(m int, valueCap, denCap int64) termTable {
	var entries []term
	// A lone number.
	first := pow10[m-1]
	if m == 1 && g.rules.loneZero() {
		first = 0
	}
	for x := first; x <= min(pow10[m]-1, valueCap); x++ {
		entries = append(entries, term{rat{x, 1}, numberCode(x)})
	}
	// A shorter chain, then * or / and a number of j digits.
	for p := 1; p <= m-2; p++ {
		j := m - 1 - p
		lo, hi := pow10[j-1], pow10[j]-1
		shift := 4 * uint(j)
		prefixes := &g.tables[p]
		for _, grp := range prefixes.groups {
			for _, e := range prefixes.entries[grp.lo:grp.hi] {
				pre := term{rat{e.num, grp.den}, e.code}
				a, b := pre.v.num, pre.v.den
				if a == 0 {
					continue // 0 is never an operand of * or /
				}
				head := pre.code << 4
				// Multiplication: a/b * x <= valueCap.
				for x := lo; x <= min(hi, valueCap*b/a); x++ {
					v := pre.v.mulInt(x)
					if v.den <= denCap {
						entries = append(entries, term{v, (head|uint64(Times))<<shift | numberCode(x)})
					}
				}
				// Division: a/b / x <= valueCap.
				code := (head | uint64(Divide)) << shift
				if !g.rules.fractions() || denCap == 1 {
					// Only whole quotients count: a fraction divided stays
					// a fraction, a whole number must divide exactly.
					if b == 1 {
						entries = appendExactQuotients(entries, a, lo, hi, valueCap, code)
					}
					continue
				}
				// x/gcd(a,x) >= x/a, so the quotient's denominator b*x/gcd(a,x)
				// exceeds denCap once x > a*denCap/b.
				for x := max(lo, ceilDiv(a, satMul(b, valueCap))); x <= min(hi, satMul(a, denCap)/b); x++ {
					v := pre.v.divInt(x)
					if v.den <= denCap {
						entries = append(entries, term{v, code | numberCode(x)})
					}
				}
			}
		}
	}
	return makeTermTable(entries, m)
}

// appendExactQuotients appends a/x for every divisor x of a in [lo, hi] with
// a/x <= valueCap, iterating over divisors or quotients, whichever range is
// shorter.
func appendExactQuotients(entries []term, a, lo, hi, valueCap int64, code uint64) []term {
	xLo, xHi := max(lo, ceilDiv(a, valueCap)), min(hi, a)
	qLo, qHi := max(1, ceilDiv(a, hi)), min(valueCap, a/lo)
	if xHi-xLo <= qHi-qLo {
		for x := xLo; x <= xHi; x++ {
			if a%x == 0 {
				entries = append(entries, term{rat{a / x, 1}, code | numberCode(x)})
			}
		}
		return entries
	}
	for q := qHi; q >= qLo; q-- {
		if a%q == 0 {
			if x := a / q; x >= lo && x <= hi {
				entries = append(entries, term{rat{q, 1}, code | numberCode(x)})
			}
		}
	}
	return entries
}

// startKey returns the first two symbols of a term of m symbols, as
// generator.first holds them; for a term of one symbol, the symbol and
// Plus, which stands for the + or - after it.
func startKey(code uint64, m int) uint64 {
	if m == 1 {
		return code<<4 | uint64(Plus)
	}
	return code >> (4 * uint(m-2))
}

// indexStarts fills byStart and starts, a counting sort of the entries by
// their first two symbols.
func (t *termTable) indexStarts(m int) {
	for _, e := range t.entries {
		t.starts[startKey(e.code, m)+1]++
	}
	for k := 1; k < len(t.starts); k++ {
		t.starts[k] += t.starts[k-1]
	}
	next := t.starts
	t.byStart = make([]int32, len(t.entries))
	for i, e := range t.entries {
		k := startKey(e.code, m)
		t.byStart[next[k]] = int32(i)
		next[k]++
	}
}

func makeTermTable(terms []term, m int) termTable {
	slices.SortFunc(terms, func(x, y term) int {
		if x.v.den != y.v.den {
			return cmp.Compare(x.v.den, y.v.den)
		}
		return cmp.Compare(x.v.num, y.v.num)
	})
	t := termTable{entries: make([]entry, len(terms))}
	for i, e := range terms {
		t.entries[i] = entry{e.v.num, e.code}
	}
	for i := 0; i < len(terms); {
		j := i
		for j < len(terms) && terms[j].v.den == terms[i].v.den {
			j++
		}
		t.groups = append(t.groups, termGroup{terms[i].v.den, i, j})
		t.maxVal = max(t.maxVal, ceilDiv(terms[j-1].v.num, terms[i].v.den))
		i = j
	}
	t.indexStarts(m)
	return t
}

// groupOf returns the group of entry i.
func (t *termTable) groupOf(i int32) termGroup {
	if len(t.groups) == 1 {
		return t.groups[0]
	}
	g, _ := slices.BinarySearchFunc(t.groups, int(i), func(grp termGroup, i int) int {
		switch {
		case i < grp.lo:
			return 1
		case i >= grp.hi:
			return -1
		}
		return 0
	})
	return t.groups[g]
}

// numberCode packs the decimal digits of x >= 0.
func numberCode(x int64) uint64 {
	if x == 0 {
		return uint64(Digit0)
	}
	var c uint64
	for shift := uint(0); x > 0; shift += 4 {
		c |= uint64(Digit0+Symbol(x%10)) << shift
		x /= 10
	}
	return c
}

// hasOperator reports whether the m packed symbols of code include one of
// + - * / (codes 0 to 3, whose two high bits are clear).
func hasOperator(code uint64, m int) bool {
	const ones = 0x1111111111111111
	high := (code>>2 | code>>3) & ones
	return high != ones&(1<<(4*uint(m))-1)
}

// batch appends to buf the valid equations of batch i (see batchFirsts),
// sorted with scratch as scratch memory, and returns them and the scratch
// memory, grown if it had to be.
func (g *generator) batch(i int, buf, scratch []Equation) ([]Equation, []Equation) {
	w := *g
	w.first = batchFirsts[i]
	for k := g.n - 2; k >= 3; k-- {
		for m := 0; m <= k-2; m++ {
			buf = w.equations(buf, k, m)
		}
	}
	if cap(scratch) < len(buf) {
		scratch = make([]Equation, len(buf), cap(buf))
	}
	// The first two symbols are common to the batch: sort on the others.
	// Where the result lands, that slice is the batch and the other the
	// scratch memory.
	sorted := lsdSort(buf, scratch[:len(buf)], 4*(g.n-2))
	if len(buf) > 0 && &sorted[0] != &buf[0] {
		return sorted, buf
	}
	return sorted, scratch
}

// equations appends to out the valid equations whose left side has k
// symbols and whose last term has m symbols (m = 0: the left side is a
// single term).
func (g *generator) equations(out []Equation, k, m int) []Equation {
	lo, hi := resultRange(g.n, k)
	d := g.n - 1 - k
	g.exprsSplit(k, m, lo, hi, true, func(code uint64, v rat) {
		if v.den != 1 || !hasOperator(code, k) {
			return
		}
		bits := (code<<4|uint64(Equals))<<(4*uint(d)) | numberCode(v.num)
		out = append(out, withLength(bits, g.n))
	})
	return out
}

// lowerBound returns the first index in entries whose numerator is >= x.
func lowerBound(entries []entry, x int64) int {
	i, j := 0, len(entries)
	for i < j {
		h := int(uint(i+j) >> 1)
		if entries[h].num < x {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// emitRange calls emit for the terms of grp whose numerator is in [lo, hi].
func emitRange(t *termTable, grp termGroup, lo, hi int64, emit func(term)) {
	if lo > hi {
		return
	}
	run := t.entries[grp.lo:grp.hi]
	for i := lowerBound(run, lo); i < len(run) && run[i].num <= hi; i++ {
		emit(term{rat{run[i].num, grp.den}, run[i].code})
	}
}

// exprs calls emit for every expression of k symbols whose value v has
// lo <= v <= hi. With integral set, a head (the expression before the last
// + or -) is combined only with last terms of its own denominator, the only
// ones that can make the sum whole.
func (g *generator) exprs(k int, lo, hi int64, integral bool, emit func(code uint64, v rat)) {
	g.exprsSplit(k, 0, lo, hi, integral, emit) // a single term, at every length
	for m := 1; m <= k-2; m++ {
		g.exprsSplit(k, m, lo, hi, integral, emit)
	}
}

// exprsSplit is the part of exprs whose last term has m symbols; m = 0
// stands for the expressions that are a single term.
func (g *generator) exprsSplit(k, m int, lo, hi int64, integral bool, emit func(code uint64, v rat)) {
	if m == 0 {
		// A single term: the first of the equation, as heads are expanded
		// first.
		t := &g.tables[k]
		if g.first != 0 {
			g.firstTerms(t, k, lo, hi, emit)
			return
		}
		for _, grp := range t.groups {
			emitRange(t, grp, lo*grp.den, hi*grp.den, func(e term) { emit(e.code, e.v) })
		}
		return
	}
	// A head of h symbols, + or -, and a last term of m symbols.
	last := &g.tables[m]
	if len(last.groups) == 0 {
		return
	}
	h := k - 1 - m
	shift := 4 * uint(m)
	// A head of one symbol is the first number: the operator after it is
	// the equation's second symbol, which a batch may fix.
	plusOK, minusOK := true, true
	if g.first != 0 && h == 1 {
		plusOK, minusOK = Symbol(g.first&15) == Plus, Symbol(g.first&15) == Minus
	}
	g.exprs(h, lo-last.maxVal, hi+last.maxVal, false, func(hc uint64, hv rat) {
		a, b := hv.num, hv.den
		plus := (hc<<4 | uint64(Plus)) << shift
		minus := (hc<<4 | uint64(Minus)) << shift
		for _, grp := range last.groups {
			if integral && grp.den != b {
				continue
			}
			d := grp.den
			// a/b + c/d in [lo, hi]  <=>  c in [(lo*b-a)*d/b, (hi*b-a)*d/b].
			if plusOK {
				emitRange(last, grp, ceilDiv((lo*b-a)*d, b), floorDiv((hi*b-a)*d, b), func(e term) {
					emit(plus|e.code, hv.add(e.v))
				})
			}
			// a/b - c/d in [lo, hi]  <=>  c in [(a-hi*b)*d/b, (a-lo*b)*d/b].
			if minusOK {
				emitRange(last, grp, ceilDiv((a-hi*b)*d, b), floorDiv((a-lo*b)*d, b), func(e term) {
					emit(minus|e.code, hv.add(e.v.neg()))
				})
			}
		}
	})
}

// firstTerms calls emit for the terms of t, of k symbols, that begin with
// the symbols of g.first and whose value is in [lo, hi].
func (g *generator) firstTerms(t *termTable, k int, lo, hi int64, emit func(code uint64, v rat)) {
	key := g.first
	if k == 1 { // one digit, then the + or - that exprsSplit checks
		if s1 := Symbol(key & 15); s1 != Plus && s1 != Minus {
			return
		}
		key = key&^15 | uint64(Plus)
	}
	// byStart keeps the table's order within a key: the entries of one
	// denominator are a run sorted by numerator, to search by value.
	idx := t.byStart[t.starts[key]:t.starts[key+1]]
	for len(idx) > 0 {
		grp := t.groupOf(idx[0])
		end, _ := slices.BinarySearch(idx, int32(grp.hi))
		run := idx[:end]
		from, to := lo*grp.den, hi*grp.den
		i, _ := slices.BinarySearchFunc(run, from, func(i int32, x int64) int { return cmp.Compare(t.entries[i].num, x) })
		for ; i < len(run) && t.entries[run[i]].num <= to; i++ {
			e := t.entries[run[i]]
			emit(e.code, rat{e.num, grp.den})
		}
		idx = idx[end:]
	}
}

// lsdSort sorts a on its low bits with a least-significant-digit radix
// sort, using scratch (as long as a) for the passes, and returns the one of
// the two that holds the result. Digits are at most 12 bits, so that the
// counts stay in the first-level cache: 36 bits take three passes.
func lsdSort(a, scratch []Equation, bits int) []Equation {
	if len(a) < 2 {
		return a // sorted, and the caller may tell a from scratch by address
	}
	const maxDigit = 12
	passes := max(1, (bits+maxDigit-1)/maxDigit)
	digit := (bits + passes - 1) / passes
	mask := Equation(1)<<digit - 1
	src, dst := a, scratch
	for shift := 0; shift < bits; shift += digit {
		var count [1<<maxDigit + 1]int
		for _, e := range src {
			count[(e>>uint(shift))&mask+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, e := range src {
			b := (e >> uint(shift)) & mask
			dst[count[b]] = e
			count[b]++
		}
		src, dst = dst, src
	}
	return src
}
