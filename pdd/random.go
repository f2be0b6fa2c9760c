package pdd

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// SecretConditions are the conditions secret rules are drawn from: same
// suit, same value, same colour, higher, lower, values within 1 to 3,
// played value even or odd, played rank r, played suit s. Each may be
// negated in a rule.
//
// A condition is drawn as people invent one: a kind first (same suit, same
// value, same colour, higher, lower, within, even, odd, rank, suit: each
// as likely), then its number, rank or suit. Drawn instead from the 27
// conditions alike, rules are mostly "not rank r" (13 of them), which
// refuse a card whatever the top; then a game often never ends, and
// knowing the rules is worth little.
var SecretConditions = func() []Cond {
	cs := []Cond{{Kind: SameSuitCond}, {Kind: SameValueCond}, {Kind: SameColourCond}, {Kind: Higher}, {Kind: Lower},
		{Kind: Within, K: 1}, {Kind: Within, K: 2}, {Kind: Within, K: 3}, {Kind: IsEven}, {Kind: IsOdd}}
	for r := 1; r <= 13; r++ {
		cs = append(cs, Cond{Kind: IsRank, Rank: r})
	}
	for _, s := range Suits {
		cs = append(cs, Cond{Kind: IsSuit, Suit: s})
	}
	return cs
}()

// Band is a range of shares of the 52×52 (top, played) pairs a secret
// rule allows.
type Band struct{ Lo, Hi float64 }

// The bands of secret rules: permissive rules give a winner in nearly
// every game; restrictive ones leave most games without one.
var (
	Permissive  = Band{0.60, 0.95}
	Restrictive = Band{0.15, 0.70}
)

// ParseBand reads a band as people name it: permissive, restrictive, or
// percentages LO-HI at least 5 apart, such as 40-80.
func ParseBand(s string) (Band, error) {
	switch s {
	case "permissive":
		return Permissive, nil
	case "restrictive":
		return Restrictive, nil
	}
	lo, hi, ok := strings.Cut(s, "-")
	l, err1 := strconv.ParseFloat(lo, 64)
	h, err2 := strconv.ParseFloat(hi, 64)
	if !ok || err1 != nil || err2 != nil || l < 1 || h > 100 || h-l < 5 {
		return Band{}, fmt.Errorf("%q: permissive (60-95), restrictive (15-70), or a band of percentages LO-HI at least 5 apart, such as 40-80", s)
	}
	return Band{Lo: l / 100, Hi: h / 100}, nil
}

// Contains reports whether a table allowing n pairs is within the band.
func (b Band) Contains(n int) bool {
	share := float64(n) / Pairs
	return share >= b.Lo && share <= b.Hi
}

// SecretTables returns the table of each secret condition, in order,
// computed once and shared: do not change them.
var SecretTables = sync.OnceValue(func() []*Table {
	ts := make([]*Table, len(SecretConditions))
	for i, c := range SecretConditions {
		ts[i] = TableOf(c.Rule())
	}
	return ts
})

// Literal is a secret condition, negated or not.
type Literal struct {
	Cond int // index in SecretConditions
	Neg  bool
}

// Expr returns the literal as a rule.
func (l Literal) Expr() Expr {
	if l.Neg {
		return Not{SecretConditions[l.Cond]}
	}
	return SecretConditions[l.Cond]
}

// literalTables holds the table of every literal, at 2·Cond+1 when
// negated (the bits past the last pair clear either way), computed once.
var literalTables = sync.OnceValue(func() []*Table {
	ts := make([]*Table, 2*len(SecretConditions))
	for i, t := range SecretTables() {
		neg := *t
		neg.Invert()
		ts[2*i], ts[2*i+1] = t, &neg
	}
	return ts
})

// tableOf returns the literal's table, shared: do not change it.
func (l Literal) tableOf() *Table {
	i := 2 * l.Cond
	if l.Neg {
		i++
	}
	return literalTables()[i]
}

// Draw is one draw of the secret-rule generator: one to three literals,
// each joined to the next by "and" or "or" ("and" binding tighter).
type Draw struct {
	N    int
	Lits [3]Literal
	Ands [2]bool // Ands[i] joins Lits[i] and Lits[i+1]
}

// secretKinds groups the indexes of SecretConditions by kind, in order.
var secretKinds = func() [][]int {
	var kinds [][]int
	for i, c := range SecretConditions {
		if k := len(kinds) - 1; k >= 0 && SecretConditions[kinds[k][0]].Kind == c.Kind {
			kinds[k] = append(kinds[k], i)
		} else {
			kinds = append(kinds, []int{i})
		}
	}
	return kinds
}()

// condProbability[i] is the chance that a literal is SecretConditions[i].
var condProbability = func() []float64 {
	p := make([]float64, len(SecretConditions))
	for _, kind := range secretKinds {
		for _, i := range kind {
			p[i] = 1 / float64(len(secretKinds)*len(kind))
		}
	}
	return p
}()

// RandomDraw draws the number of literals (one to three alike), each
// literal (a kind of condition, then its parameter, then negated or not,
// each uniformly), and each join.
func RandomDraw(rng *rand.Rand) Draw {
	d := Draw{N: 1 + rng.IntN(3)}
	for i := range d.N {
		kind := secretKinds[rng.IntN(len(secretKinds))]
		d.Lits[i] = Literal{kind[rng.IntN(len(kind))], rng.IntN(2) == 0}
	}
	for i := range d.N - 1 {
		d.Ands[i] = rng.IntN(2) == 0
	}
	return d
}

// Probability returns the chance that RandomDraw draws d.
func (d Draw) Probability() float64 {
	p := 1.0 / 3
	for _, l := range d.Lits[:d.N] {
		p *= condProbability[l.Cond] / 2
	}
	for range d.N - 1 {
		p /= 2
	}
	return p
}

// EachDraw calls f with every draw RandomDraw can make.
func EachDraw(f func(Draw)) {
	var d Draw
	var rec func(i int)
	rec = func(i int) {
		if i == d.N {
			f(d)
			return
		}
		for c := range SecretConditions {
			for _, neg := range [2]bool{false, true} {
				d.Lits[i] = Literal{c, neg}
				if i == 0 {
					rec(1)
					continue
				}
				for _, and := range [2]bool{true, false} {
					d.Ands[i-1] = and
					rec(i + 1)
				}
			}
		}
	}
	for d.N = 1; d.N <= 3; d.N++ {
		d.Ands = [2]bool{}
		rec(0)
	}
}

// terms splits the draw into the terms joined by "or", each the
// literals joined by "and", in buf's storage.
func (d *Draw) terms(buf *[3][]Literal) [][]Literal {
	terms := append(buf[:0], d.Lits[:1])
	for i := 1; i < d.N; i++ {
		if k := len(terms) - 1; d.Ands[i-1] {
			terms[k] = d.Lits[i-len(terms[k]) : i+1]
		} else {
			terms = append(terms, d.Lits[i:i+1])
		}
	}
	return terms
}

// Table sets t to the table of the rule drawn, word by word from its
// literals' tables.
func (d Draw) Table(t *Table) {
	var lit [3]*Table
	for i := range d.N {
		lit[i] = d.Lits[i].tableOf()
	}
	a, b, c := lit[0], lit[1], lit[2]
	// Each form its own loop: the word's formula is then a few
	// instructions.
	switch {
	case d.N == 1:
		*t = *a
	case d.N == 2 && d.Ands[0]:
		for w := range t {
			t[w] = a[w] & b[w]
		}
	case d.N == 2:
		for w := range t {
			t[w] = a[w] | b[w]
		}
	case d.Ands[0] && d.Ands[1]:
		for w := range t {
			t[w] = a[w] & b[w] & c[w]
		}
	case d.Ands[0]:
		for w := range t {
			t[w] = a[w]&b[w] | c[w]
		}
	case d.Ands[1]:
		for w := range t {
			t[w] = a[w] | b[w]&c[w]
		}
	default:
		for w := range t {
			t[w] = a[w] | b[w] | c[w]
		}
	}
}

// Expr returns the rule drawn, in the rule language.
func (d Draw) Expr() Expr {
	var or Or
	var buf [3][]Literal
	for _, lits := range d.terms(&buf) {
		if len(lits) == 1 {
			or = append(or, lits[0].Expr())
			continue
		}
		var and And
		for _, l := range lits {
			and = append(and, l.Expr())
		}
		or = append(or, and)
	}
	if len(or) == 1 {
		return or[0]
	}
	return or
}

// RandomRule draws a secret rule, as if drawing again until the rule
// allows a share of the pairs within band. It returns the rule and its
// table. It panics if no rule falls in the band (every band at least 0.01
// wide holds some).
func RandomRule(rng *rand.Rand, band Band) (Expr, *Table) {
	var d [1]Draw
	RandomDraws(rng, band, d[:])
	t := new(Table)
	d[0].Table(t)
	return d[0].Expr(), t
}

// RandomDraws fills ds with draws of secret rules in band, as RandomRule
// draws them, without allocating. It panics if no rule falls in the band.
//
// Drawing until a rule falls in the band would take three or four draws
// for 60–95%, and a quarter of a simple tournament's time; instead the
// draws in the band are listed once (in about 70 ms) and each is picked
// with one random number, as likely as drawing until one falls in the
// band would make it. The list takes megabytes: a game's rules are picked
// together, so that their reads from memory can overlap.
func RandomDraws(rng *rand.Rand, band Band, ds []Draw) {
	s := samplerFor(band)
	for i := range ds {
		ds[i] = s.draw(rng)
	}
}

// sampler picks one of the draws of a band, by Walker's alias method: a
// random slot, then the slot's own draw if a random fraction falls below
// its cut (a fraction of 2³²), else the slot's alternative. A slot holds
// both draws, so that a pick reads one cache line of a table of megabytes.
type sampler []slot

type slot struct {
	cut      uint32
	own, alt drawCode
}

var samplers sync.Map // Band → func() sampler

// samplerFor returns the sampler of band, built on first use and shared.
func samplerFor(band Band) sampler {
	build, ok := samplers.Load(band)
	if !ok {
		build, _ = samplers.LoadOrStore(band, sync.OnceValue(func() sampler { return newSampler(band) }))
	}
	return build.(func() sampler)()
}

// newSampler lists the draws of band, weighted by their chance.
func newSampler(band Band) sampler {
	var s sampler
	var weights []float64
	total := 0.0
	EachDraw(func(d Draw) {
		if band.Contains(d.count()) {
			p := d.Probability()
			s = append(s, slot{own: d.code()})
			weights = append(weights, p)
			total += p
		}
	})
	if len(s) == 0 {
		panic(fmt.Sprintf("pdd: no secret rule allows %.0f–%.0f%% of the pairs", 100*band.Lo, 100*band.Hi))
	}
	// Vose's construction: slots over the mean weight lend to those under.
	var small, large []int
	for i := range weights {
		weights[i] *= float64(len(s)) / total
		if weights[i] < 1 {
			small = append(small, i)
		} else {
			large = append(large, i)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		lo, hi := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		s[lo].cut, s[lo].alt = uint32(weights[lo]*(1<<32)), s[hi].own
		weights[hi] -= 1 - weights[lo]
		if weights[hi] < 1 {
			large, small = large[:len(large)-1], append(small, hi)
		}
	}
	for _, i := range append(small, large...) { // weight 1 but for rounding
		s[i].cut, s[i].alt = 1<<32-1, s[i].own
	}
	return s
}

// draw picks a draw: the high half of one random number chooses the slot,
// the low half the slot's own draw or its alternative.
func (s sampler) draw(rng *rand.Rand) Draw {
	x := rng.Uint64()
	sl := &s[(x>>32)*uint64(len(s))>>32]
	if uint32(x) < sl.cut {
		return sl.own.draw()
	}
	return sl.alt.draw()
}

// drawCode packs a draw into 25 bits: N in two, then each literal in
// seven (its condition, then negated or not), then each join in one.
type drawCode uint32

func (d Draw) code() drawCode {
	c := drawCode(d.N)
	for i, l := range d.Lits {
		c |= drawCode(2*l.Cond+b2i(l.Neg)) << (2 + 7*i)
	}
	for i, and := range d.Ands {
		c |= drawCode(b2i(and)) << (23 + i)
	}
	return c
}

func (c drawCode) draw() Draw {
	d := Draw{N: int(c & 3)}
	for i := range d.Lits {
		l := int(c>>(2+7*i)) & 127
		d.Lits[i] = Literal{Cond: l / 2, Neg: l%2 == 1}
	}
	for i := range d.Ands {
		d.Ands[i] = c>>(23+i)&1 == 1
	}
	return d
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// count returns the number of pairs the rule drawn allows.
func (d *Draw) count() int {
	var t Table
	d.Table(&t)
	return t.Count()
}

// lastWord masks the bits of the last word that stand for pairs.
const lastWord = 1<<(Pairs%64) - 1

// Invert makes t the table of the opposite rule.
func (t *Table) Invert() {
	for i := range t {
		t[i] = ^t[i]
	}
	t[len(t)-1] &= lastWord
}
