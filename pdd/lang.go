package pdd

import (
	"fmt"
	"strconv"
	"strings"
)

// Expr is a rule written in the rule language, which reads as English:
//
//	same suit or same value or played is jack
//	higher value and not same suit
//	played is 7 of hearts
//	(same colour or values within 2) and played is not a king
//
// Conditions: same suit, same value, same colour (or color), higher value,
// lower value, values within K (the values differ by K at most), anything.
// Also "played is" or "top is" followed by even, odd, red, black, a rank
// (ace, 2 to 10, jack, queen, king), a suit (diamonds, clubs, hearts,
// spades), or a rank of a suit. "is not" negates, as does "not" before any
// rule; "and" binds tighter than "or"; parentheses group. Words are not
// case-sensitive; "a" and "an" may be put before a rank. String writes an
// expression back in the language, in one canonical form that parses to the
// same rule.
type Expr interface {
	// Rule returns the rule as a predicate.
	Rule() Rule
	// String writes the rule in the language.
	String() string
	prec() int // binding strength: or 1, and 2, not and conditions 3
}

// CondKind is a kind of condition of the rule language.
type CondKind int

// The kinds of conditions.
const (
	Anything CondKind = iota
	SameSuitCond
	SameValueCond
	SameColourCond
	Higher
	Lower
	Within // values within K
	IsEven
	IsOdd
	IsRed
	IsBlack
	IsRank // Rank
	IsSuit // Suit
	IsCard // Rank of Suit
)

// Cond is one condition of the rule language.
type Cond struct {
	Kind CondKind
	Top  bool // the "is" conditions: of the top card, not the card played
	K    int  // Within
	Rank int  // IsRank, IsCard
	Suit Suit // IsSuit, IsCard
}

// Not is the negation of a rule.
type Not struct{ X Expr }

// And holds when every one of its terms does.
type And []Expr

// Or holds when any of its terms does.
type Or []Expr

func (Cond) prec() int { return 3 }
func (Not) prec() int  { return 3 }
func (And) prec() int  { return 2 }
func (Or) prec() int   { return 1 }

// Rule implements Expr.
func (c Cond) Rule() Rule {
	card := func(t, p Card) Card {
		if c.Top {
			return t
		}
		return p
	}
	switch c.Kind {
	case SameSuitCond:
		return SameSuit()
	case SameValueCond:
		return SameValue()
	case SameColourCond:
		return func(t, p Card) bool { return t.Suit.Red() == p.Suit.Red() }
	case Higher:
		return IncreasingValue()
	case Lower:
		return func(t, p Card) bool { return p.Value < t.Value }
	case Within:
		return func(t, p Card) bool { return max(t.Value-p.Value, p.Value-t.Value) <= c.K }
	case IsEven:
		return func(t, p Card) bool { return card(t, p).Value%2 == 0 }
	case IsOdd:
		return func(t, p Card) bool { return card(t, p).Value%2 == 1 }
	case IsRed:
		return func(t, p Card) bool { return card(t, p).Suit.Red() }
	case IsBlack:
		return func(t, p Card) bool { return !card(t, p).Suit.Red() }
	case IsRank:
		return func(t, p Card) bool { return card(t, p).Value == c.Rank }
	case IsSuit:
		return func(t, p Card) bool { return card(t, p).Suit == c.Suit }
	case IsCard:
		return func(t, p Card) bool { return card(t, p) == Card{c.Suit, c.Rank} }
	}
	return func(Card, Card) bool { return true }
}

// Rule implements Expr.
func (n Not) Rule() Rule { return n.X.Rule().Not() }

// Rule implements Expr.
func (a And) Rule() Rule {
	r := a[0].Rule()
	for _, x := range a[1:] {
		r = r.And(x.Rule())
	}
	return r
}

// Rule implements Expr.
func (o Or) Rule() Rule {
	r := o[0].Rule()
	for _, x := range o[1:] {
		r = r.Or(x.Rule())
	}
	return r
}

var rankWords = [14]string{1: "ace", 11: "jack", 12: "queen", 13: "king"}

// RankName returns the word for value v: ace, 2 to 10, jack, queen, king.
func RankName(v int) string {
	if v >= 1 && v < len(rankWords) && rankWords[v] != "" {
		return rankWords[v]
	}
	return strconv.Itoa(v)
}

// String implements Expr.
func (c Cond) String() string {
	subject := "played is "
	if c.Top {
		subject = "top is "
	}
	switch c.Kind {
	case SameSuitCond:
		return "same suit"
	case SameValueCond:
		return "same value"
	case SameColourCond:
		return "same colour"
	case Higher:
		return "higher value"
	case Lower:
		return "lower value"
	case Within:
		return fmt.Sprintf("values within %d", c.K)
	case IsEven:
		return subject + "even"
	case IsOdd:
		return subject + "odd"
	case IsRed:
		return subject + "red"
	case IsBlack:
		return subject + "black"
	case IsRank:
		return subject + RankName(c.Rank)
	case IsSuit:
		return subject + strings.ToLower(c.Suit.String())
	case IsCard:
		return subject + RankName(c.Rank) + " of " + strings.ToLower(c.Suit.String())
	}
	return "anything"
}

// String implements Expr.
func (n Not) String() string { return "not " + wrap(n.X, 3) }

// String implements Expr.
func (a And) String() string { return join(a, " and ", 2) }

// String implements Expr.
func (o Or) String() string { return join(o, " or ", 1) }

func join(xs []Expr, sep string, prec int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = wrap(x, prec)
	}
	return strings.Join(parts, sep)
}

// wrap writes x, in parentheses if it binds more loosely than prec; a
// term of its own kind too, so that the form read back is the same tree.
func wrap(x Expr, prec int) string {
	if x.prec() < prec || x.prec() == prec && prec < 3 {
		return "(" + x.String() + ")"
	}
	return x.String()
}

// SyntaxError reports a rule that does not parse: the word it stopped at
// (counted from 1) and what it expected.
type SyntaxError struct {
	Word  int    // 0 at the end of the rule
	Found string // the word, or "" at the end
	Msg   string
}

func (e *SyntaxError) Error() string {
	if e.Found == "" {
		return "at the end of the rule: " + e.Msg
	}
	return fmt.Sprintf("at word %d (%q): %s", e.Word, e.Found, e.Msg)
}

// Parse reads a rule of the rule language.
func Parse(s string) (Expr, error) {
	p := &parser{words: tokenize(s)}
	if len(p.words) == 0 {
		return nil, &SyntaxError{Msg: "the rule is empty: write a condition such as same suit"}
	}
	x, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.words) {
		return nil, p.fail(`expected "and", "or" or the end of the rule`)
	}
	return x, nil
}

// MustParse is Parse for rules known to be right; it panics on an error.
func MustParse(s string) Expr {
	x, err := Parse(s)
	if err != nil {
		panic("pdd: " + s + ": " + err.Error())
	}
	return x
}

// tokenize splits s into lower-case words, parentheses apart.
func tokenize(s string) []string {
	s = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(strings.ToLower(s))
	return strings.Fields(s)
}

type parser struct {
	words []string
	i     int
}

func (p *parser) peek() string {
	if p.i < len(p.words) {
		return p.words[p.i]
	}
	return ""
}

func (p *parser) accept(w string) bool {
	if p.peek() == w {
		p.i++
		return true
	}
	return false
}

func (p *parser) fail(msg string) error {
	if p.i >= len(p.words) {
		return &SyntaxError{Msg: msg}
	}
	return &SyntaxError{Word: p.i + 1, Found: p.words[p.i], Msg: msg}
}

func (p *parser) or() (Expr, error) {
	terms, err := p.joined("or", p.and)
	if len(terms) == 1 || err != nil {
		return first(terms), err
	}
	return Or(terms), nil
}

func (p *parser) and() (Expr, error) {
	terms, err := p.joined("and", p.unary)
	if len(terms) == 1 || err != nil {
		return first(terms), err
	}
	return And(terms), nil
}

// joined reads terms, each read by term, joined by the word join.
func (p *parser) joined(join string, term func() (Expr, error)) ([]Expr, error) {
	var terms []Expr
	for {
		x, err := term()
		if err != nil {
			return nil, err
		}
		terms = append(terms, x)
		if !p.accept(join) {
			return terms, nil
		}
	}
}

func first(xs []Expr) Expr {
	if len(xs) == 0 {
		return nil
	}
	return xs[0]
}

func (p *parser) unary() (Expr, error) {
	switch {
	case p.accept("not"):
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return Not{x}, nil
	case p.accept("("):
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.accept(")") {
			return nil, p.fail(`expected ")"`)
		}
		return x, nil
	}
	return p.cond()
}

const condHelp = "expected a condition: same suit, same value, same colour, higher value, lower value, values within K, played is …, top is …, anything"

func (p *parser) cond() (Expr, error) {
	switch w := p.peek(); w {
	case "anything":
		p.i++
		return Cond{Kind: Anything}, nil
	case "same":
		p.i++
		switch p.peek() {
		case "suit":
			p.i++
			return Cond{Kind: SameSuitCond}, nil
		case "value", "rank":
			p.i++
			return Cond{Kind: SameValueCond}, nil
		case "colour", "color":
			p.i++
			return Cond{Kind: SameColourCond}, nil
		}
		return nil, p.fail("expected suit, value or colour after same")
	case "higher", "lower":
		p.i++
		p.accept("value")
		if w == "higher" {
			return Cond{Kind: Higher}, nil
		}
		return Cond{Kind: Lower}, nil
	case "values", "within":
		p.i++
		if w == "values" && !p.accept("within") {
			return nil, p.fail("expected within after values")
		}
		k, err := strconv.Atoi(p.peek())
		if err != nil || k < 0 || k > 12 {
			return nil, p.fail("expected a difference of values from 0 to 12")
		}
		p.i++
		return Cond{Kind: Within, K: k}, nil
	case "played", "top":
		p.i++
		if !p.accept("is") {
			return nil, p.fail("expected is after " + w)
		}
		negate := p.accept("not")
		c, err := p.card()
		if err != nil {
			return nil, err
		}
		c.Top = w == "top"
		if negate {
			return Not{c}, nil
		}
		return c, nil
	}
	return nil, p.fail(condHelp)
}

// card reads what follows "played is": even, odd, red, black, a rank, a
// suit, or a rank of a suit.
func (p *parser) card() (Cond, error) {
	if p.accept("a") || p.accept("an") {
		if r, ok := rankOf(p.peek()); ok {
			p.i++
			return p.ofSuit(r)
		}
		return Cond{}, p.fail("expected a rank: ace, 2 to 10, jack, queen, king")
	}
	w := p.peek()
	switch w {
	case "even":
		p.i++
		return Cond{Kind: IsEven}, nil
	case "odd":
		p.i++
		return Cond{Kind: IsOdd}, nil
	case "red":
		p.i++
		return Cond{Kind: IsRed}, nil
	case "black":
		p.i++
		return Cond{Kind: IsBlack}, nil
	}
	if s, ok := suitOf(w); ok {
		p.i++
		return Cond{Kind: IsSuit, Suit: s}, nil
	}
	if r, ok := rankOf(w); ok {
		p.i++
		return p.ofSuit(r)
	}
	return Cond{}, p.fail("expected even, odd, red, black, a rank (ace, 2 to 10, jack, queen, king) or a suit (diamonds, clubs, hearts, spades)")
}

func (p *parser) ofSuit(rank int) (Cond, error) {
	if !p.accept("of") {
		return Cond{Kind: IsRank, Rank: rank}, nil
	}
	s, ok := suitOf(p.peek())
	if !ok {
		return Cond{}, p.fail("expected a suit: diamonds, clubs, hearts, spades")
	}
	p.i++
	return Cond{Kind: IsCard, Rank: rank, Suit: s}, nil
}

func rankOf(w string) (int, bool) {
	for v, name := range rankWords {
		if name != "" && w == name {
			return v, true
		}
	}
	if v, err := strconv.Atoi(w); err == nil && v >= 1 && v <= 13 {
		return v, true
	}
	return 0, false
}

func suitOf(w string) (Suit, bool) {
	for _, s := range Suits {
		name := strings.ToLower(s.String())
		if w == name || w == strings.TrimSuffix(name, "s") {
			return s, true
		}
	}
	return 0, false
}
