package pdd

import (
	"math/rand/v2"
	"sync"
)

// SecretConditions are the conditions secret rules are drawn from: same
// suit, same value, same colour, higher, lower, values within 1 to 3,
// played value even or odd, played rank r, played suit s. Each may be
// negated in a rule.
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

// condTables holds the table of each secret condition, in order.
var condTables = sync.OnceValue(func() []*Table {
	ts := make([]*Table, len(SecretConditions))
	for i, c := range SecretConditions {
		ts[i] = TableOf(c.Rule())
	}
	return ts
})

// literal is a secret condition, negated or not.
type literal struct {
	cond int // index in SecretConditions
	neg  bool
}

func (l literal) expr() Expr {
	if l.neg {
		return Not{SecretConditions[l.cond]}
	}
	return SecretConditions[l.cond]
}

func (l literal) table(dst *Table) {
	*dst = *condTables()[l.cond]
	if l.neg {
		dst.not()
	}
}

// RandomRule draws a secret rule: one to three conditions, each negated
// half the time, joined by "and" or "or" (and binding tighter), drawn
// again until the rule allows a share of the pairs within band. It
// returns the rule and its table.
func RandomRule(rng *rand.Rand, band Band) (Expr, *Table) {
	t := new(Table)
	for {
		n := 1 + rng.IntN(3)
		var lits [3]literal
		var ands [2]bool
		for i := range n {
			lits[i] = literal{rng.IntN(len(SecretConditions)), rng.IntN(2) == 0}
		}
		for i := range n - 1 {
			ands[i] = rng.IntN(2) == 0
		}
		// Terms joined by "or", each an "and" of literals.
		var terms [3][]literal
		k := 0
		terms[0] = lits[:1]
		for i := 1; i < n; i++ {
			if ands[i-1] {
				terms[k] = lits[i-len(terms[k]) : i+1]
			} else {
				k++
				terms[k] = lits[i : i+1]
			}
		}
		var term Table
		*t = Table{}
		for _, lits := range terms[:k+1] {
			lits[0].table(&term)
			for _, l := range lits[1:] {
				var u Table
				l.table(&u)
				term.and(&u)
			}
			t.or(&term)
		}
		if !band.Contains(t.Count()) {
			continue
		}
		var or Or
		for _, lits := range terms[:k+1] {
			var and And
			for _, l := range lits {
				and = append(and, l.expr())
			}
			if len(and) == 1 {
				or = append(or, and[0])
			} else {
				or = append(or, and)
			}
		}
		if len(or) == 1 {
			return or[0], t
		}
		return or, t
	}
}

// lastWord masks the bits of the last word that stand for pairs.
const lastWord = 1<<(Pairs%64) - 1

func (t *Table) not() {
	for i := range t {
		t[i] = ^t[i]
	}
	t[len(t)-1] &= lastWord
}

func (t *Table) and(u *Table) {
	for i := range t {
		t[i] &= u[i]
	}
}

func (t *Table) or(u *Table) {
	for i := range t {
		t[i] |= u[i]
	}
}
