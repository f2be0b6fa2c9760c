package pdd

import "math/bits"

// Rule says whether played may be laid on top.
type Rule func(top, played Card) bool

// And returns the rule that holds when both r and o do.
func (r Rule) And(o Rule) Rule { return func(t, p Card) bool { return r(t, p) && o(t, p) } }

// Or returns the rule that holds when r or o does.
func (r Rule) Or(o Rule) Rule { return func(t, p Card) bool { return r(t, p) || o(t, p) } }

// Not returns the rule that holds when r does not.
func (r Rule) Not() Rule { return func(t, p Card) bool { return !r(t, p) } }

// SameValue allows a card of the top card's value.
func SameValue() Rule { return func(t, p Card) bool { return t.Value == p.Value } }

// SameSuit allows a card of the top card's suit.
func SameSuit() Rule { return func(t, p Card) bool { return t.Suit == p.Suit } }

// IncreasingValue allows only a card of higher value than the top card's.
func IncreasingValue() Rule { return func(t, p Card) bool { return p.Value > t.Value } }

// Joker allows the card c, whatever the top card.
func Joker(c Card) Rule { return func(_, p Card) bool { return p == c } }

// MauMau is the simple player's rule: same suit or same value, and every
// jack is a joker that may always be laid.
func MauMau() Rule {
	r := SameSuit().Or(SameValue())
	for _, s := range Suits {
		r = r.Or(Joker(Card{s, Jack}))
	}
	return r
}

// Pairs is the number of (top, played) pairs of distinct or equal cards.
const Pairs = 52 * 52

// pairIndex numbers the pair (top, played) from 0 to Pairs-1.
func pairIndex(top, played Card) int { return top.Index()*52 + played.Index() }

// Table is a rule as the set of (top, played) pairs it allows: a bit per
// pair, so that testing a pair is one lookup and rules combine with word
// operations.
type Table [(Pairs + 63) / 64]uint64

// TableOf evaluates r on every pair of cards.
func TableOf(r Rule) *Table {
	var t Table
	for top := range 52 {
		for played := range 52 {
			if r(CardAt(top), CardAt(played)) {
				i := top*52 + played
				t[i/64] |= 1 << (i % 64)
			}
		}
	}
	return &t
}

// Allows reports whether played may be laid on top. Both must be valid
// cards.
func (t *Table) Allows(top, played Card) bool { return t.has(pairIndex(top, played)) }

// has reports whether the table holds pair q.
func (t *Table) has(q int) bool { return t[uint(q)/64]>>(uint(q)%64)&1 != 0 }

// Row returns the cards that may be laid on top, as a set of card indexes
// (bit i for CardAt(i)). Top must be a valid card.
func (t *Table) Row(top Card) uint64 {
	q := uint(top.Index() * 52)
	w, off := q/64, q%64
	row := t[w] >> off
	if off > 64-52 {
		row |= t[w+1] << (64 - off)
	}
	return row & (1<<52 - 1)
}

// Rule returns the table as a Rule (one lookup a call); cards outside the
// 52 are refused.
func (t *Table) Rule() Rule {
	return func(top, played Card) bool { return top.Valid() && played.Valid() && t.has(pairIndex(top, played)) }
}

// Count returns the number of pairs the table allows.
func (t *Table) Count() int {
	n := 0
	for _, w := range t {
		n += bits.OnesCount64(w)
	}
	return n
}

// ExtensibleRule is a computer player's knowledge: its own rule (the base,
// never to be broken) and the (top, played) pairs seen allowed and seen
// refused. A pair seen both ways counts as what was seen last.
type ExtensibleRule struct {
	base               Rule
	allowed, forbidden Table
}

// NewExtensibleRule returns a rule with base and nothing known yet.
func NewExtensibleRule(base Rule) *ExtensibleRule { return &ExtensibleRule{base: base} }

// AddAllowed records that played was laid on top without objection.
func (e *ExtensibleRule) AddAllowed(top, played Card) {
	if top.Valid() && played.Valid() {
		i := uint(pairIndex(top, played))
		e.allowed[i/64] |= 1 << (i % 64)
		e.forbidden[i/64] &^= 1 << (i % 64)
	}
}

// AddForbidden records that played on top broke somebody's rule.
func (e *ExtensibleRule) AddForbidden(top, played Card) {
	if top.Valid() && played.Valid() {
		i := uint(pairIndex(top, played))
		e.forbidden[i/64] |= 1 << (i % 64)
		e.allowed[i/64] &^= 1 << (i % 64)
	}
}

// Test reports whether played may be laid on top by the base rule and is
// not known to be forbidden.
func (e *ExtensibleRule) Test(top, played Card) bool {
	return e.base(top, played) && !(top.Valid() && played.Valid() && e.forbidden.Allows(top, played))
}

// TestAllowed reports whether played may be laid on top by the base rule
// and is known to be allowed.
func (e *ExtensibleRule) TestAllowed(top, played Card) bool {
	return e.base(top, played) && top.Valid() && played.Valid() && e.allowed.Allows(top, played)
}

// Forget clears what was seen, keeping the base rule.
func (e *ExtensibleRule) Forget() { e.allowed, e.forbidden = Table{}, Table{} }
