package nerdle

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
)

// Enumerate returns every valid equation of n symbols under rules r, sorted
// as integers, which is the byte order of their text. It uses all cores.
//
// The left side of an equation is a sum of signed terms, each term a chain
// of numbers joined by * and /. Enumerate first tabulates, for every length,
// the terms whose value can occur in an equation of n symbols (value caps
// derived from the number of digits left for the right side keep the tables
// small), sorted by value. An expression is then either a single term or a
// shorter expression (the head) followed by + or - and a last term; for each
// head the admissible last terms form a contiguous range of a table, found
// by binary search. The work is thus proportional to the output plus the
// heads visited, not to the 15^n strings.
func Enumerate(n int, r Rules) ([]Equation, error) {
	if err := CheckLength(n); err != nil {
		return nil, fmt.Errorf("length %d: %w", n, err)
	}
	g := newGenerator(n, r)
	// Left sides of each length k, split by the length m of their last term
	// (m = 0: a single term), are independent jobs. The longest left sides
	// carry most of the work, so they start first.
	type job struct{ k, m int }
	var jobs []job
	for k := n - 2; k >= 3; k-- {
		for m := 0; m <= k-2; m++ {
			jobs = append(jobs, job{k, m})
		}
	}
	queue := make(chan int, len(jobs))
	for i := range jobs {
		queue <- i
	}
	close(queue)
	parts := make([][]Equation, len(jobs))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range queue {
				parts[i] = g.equations(jobs[i].k, jobs[i].m)
			}
		})
	}
	wg.Wait()
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	all := make([]Equation, 0, total)
	for _, p := range parts {
		all = append(all, p...)
	}
	radixSort(all, 4*n)
	return all, nil
}

// term is an entry of a term table: the value of a chain of numbers joined
// by * and / (a lone number included) and its symbols, packed as in an
// Equation but without the length.
type term struct {
	v    rat
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
	entries []term
	groups  []termGroup
	maxVal  int64 // the largest value, rounded up
}

// generator holds the term tables for equations of n symbols.
type generator struct {
	n      int
	rules  Rules
	tables [MaxLength]termTable
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
	// an equation: as a whole left side, as one term of a sum (the others,
	// with at most k-m-1 symbols, can offset at most 10^(k-m-1)-1), or as
	// the prefix of a longer chain, which a division by a number of j digits
	// can shrink by at most 10^j-1.
	// denCap[m] bounds the denominator likewise: a fraction among the terms
	// of a sum must be offset by another (of at least 3 symbols, "a/b"), so
	// fractional terms of a sum have at most n-6 symbols; a chain prefix may
	// have a denominator that later multiplications cancel.
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
	for m := 1; m <= maxLeft; m++ {
		g.tables[m] = g.buildTable(m, valueCap[m], denCap[m])
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
			for _, pre := range prefixes.entries[grp.lo:grp.hi] {
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
	return makeTermTable(entries)
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

func makeTermTable(entries []term) termTable {
	slices.SortFunc(entries, func(x, y term) int {
		if x.v.den != y.v.den {
			return cmpInt(x.v.den, y.v.den)
		}
		return cmpInt(x.v.num, y.v.num)
	})
	t := termTable{entries: entries}
	for i := 0; i < len(entries); {
		j := i
		for j < len(entries) && entries[j].v.den == entries[i].v.den {
			j++
		}
		t.groups = append(t.groups, termGroup{entries[i].v.den, i, j})
		t.maxVal = max(t.maxVal, ceilDiv(entries[j-1].v.num, entries[i].v.den))
		i = j
	}
	return t
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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

// equations returns the valid equations whose left side has k symbols and
// whose last term has m symbols (m = 0: the left side is a single term).
func (g *generator) equations(k, m int) []Equation {
	lo, hi := resultRange(g.n, k)
	d := g.n - 1 - k
	var out []Equation
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
func lowerBound(entries []term, x int64) int {
	i, j := 0, len(entries)
	for i < j {
		h := int(uint(i+j) >> 1)
		if entries[h].v.num < x {
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
	for i := lowerBound(run, lo); i < len(run) && run[i].v.num <= hi; i++ {
		emit(run[i])
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
		t := &g.tables[k]
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
			emitRange(last, grp, ceilDiv((lo*b-a)*d, b), floorDiv((hi*b-a)*d, b), func(e term) {
				emit(plus|e.code, hv.add(e.v))
			})
			// a/b - c/d in [lo, hi]  <=>  c in [(a-hi*b)*d/b, (a-lo*b)*d/b].
			emitRange(last, grp, ceilDiv((a-hi*b)*d, b), floorDiv((a-lo*b)*d, b), func(e term) {
				emit(minus|e.code, hv.add(e.v.neg()))
			})
		}
	})
}

// radixSort sorts equations on their low bits (the symbols; all have one
// length). A first pass scatters them by their leading two symbols into
// buckets small enough for the cache; the buckets are then sorted on the
// remaining bits with a least-significant-digit radix sort, in parallel.
// On millions of keys this is several times faster than a comparison sort.
func radixSort(a []Equation, bits int) {
	if len(a) < 2 {
		return
	}
	const top = 8 // bits of the leading two symbols
	rest := bits - top
	var start [1<<top + 1]int
	for _, e := range a {
		start[e>>uint(rest)&(1<<top-1)+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	tmp := make([]Equation, len(a))
	next := start
	for _, e := range a {
		b := e >> uint(rest) & (1<<top - 1)
		tmp[next[b]] = e
		next[b]++
	}
	buckets := make(chan int, 1<<top)
	for b := range 1 << top {
		if start[b+1]-start[b] > 0 {
			buckets <- b
		}
	}
	close(buckets)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for b := range buckets {
				lsdSort(tmp[start[b]:start[b+1]], a[start[b]:start[b+1]], rest)
			}
		})
	}
	wg.Wait()
}

// lsdSort sorts src on its low bits with 11-bit digits, using dst as
// scratch, and leaves the result in dst.
func lsdSort(src, dst []Equation, bits int) {
	const digit = 11
	if passes := (bits + digit - 1) / digit; passes%2 == 0 {
		// Each pass moves the keys to the other slice, so an even number
		// of passes ends where it starts: start from dst.
		copy(dst, src)
		src, dst = dst, src
	}
	for shift := 0; shift < bits; shift += digit {
		var count [1<<digit + 1]int
		for _, e := range src {
			count[(e>>uint(shift))&(1<<digit-1)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, e := range src {
			b := (e >> uint(shift)) & (1<<digit - 1)
			dst[count[b]] = e
			count[b]++
		}
		src, dst = dst, src
	}
}
