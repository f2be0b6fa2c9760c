package pdd

import (
	"math/bits"
	"math/rand/v2"
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

// table sets dst to the literal's table.
func (l Literal) table(dst *Table) { *dst = *l.tableOf() }

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

// Table sets t to the table of the rule drawn.
func (d Draw) Table(t *Table) {
	*t = Table{}
	var term, u Table
	var buf [3][]Literal
	for _, lits := range d.terms(&buf) {
		lits[0].table(&term)
		for _, l := range lits[1:] {
			l.table(&u)
			term.Intersect(&u)
		}
		t.Union(&term)
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

// RandomRule draws a secret rule, drawing again until the rule allows a
// share of the pairs within band. It returns the rule and its table.
func RandomRule(rng *rand.Rand, band Band) (Expr, *Table) {
	t := new(Table)
	d := RandomTable(rng, band, t)
	return d.Expr(), t
}

// RandomTable is RandomRule without allocating: it sets t to the table of
// the rule drawn and returns the draw. Most draws fall outside the band
// (seven in ten for 60–95%): they are counted without building a table.
func RandomTable(rng *rand.Rand, band Band, t *Table) Draw {
	for {
		d := RandomDraw(rng)
		if band.Contains(d.count()) {
			d.Table(t)
			return d
		}
	}
}

// count returns the number of pairs the rule drawn allows: Table's count,
// word by word, without storing the table.
func (d *Draw) count() int {
	var lit [3]*Table
	for i := range d.N {
		lit[i] = d.Lits[i].tableOf()
	}
	a, b, c := lit[0], lit[1], lit[2]
	n := 0
	// Each form its own loop: the word's formula is then a few
	// instructions.
	switch {
	case d.N == 1:
		for w := range a {
			n += bits.OnesCount64(a[w])
		}
	case d.N == 2 && d.Ands[0]:
		for w := range a {
			n += bits.OnesCount64(a[w] & b[w])
		}
	case d.N == 2:
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w])
		}
	case d.Ands[0] && d.Ands[1]:
		for w := range a {
			n += bits.OnesCount64(a[w] & b[w] & c[w])
		}
	case d.Ands[0]:
		for w := range a {
			n += bits.OnesCount64(a[w]&b[w] | c[w])
		}
	case d.Ands[1]:
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w]&c[w])
		}
	default:
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w] | c[w])
		}
	}
	return n
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

// Intersect keeps in t the pairs u allows too: t and u.
func (t *Table) Intersect(u *Table) {
	for i := range t {
		t[i] &= u[i]
	}
}

// Union adds to t the pairs u allows: t or u.
func (t *Table) Union(u *Table) {
	for i := range t {
		t[i] |= u[i]
	}
}
