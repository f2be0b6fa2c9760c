package pdd

import "slices"

// Listener is told of every card laid, after the game has judged it.
type Listener interface {
	// ValidMove: p laid played on top and nobody objected.
	ValidMove(p Player, top, played Card)
	// InvalidMove: p laid played on top and it broke another player's
	// rule; p drew a card for it.
	InvalidMove(p Player, top, played Card)
}

// Objections is implemented by listeners that also want to know who
// objected to a refused card: in the game the players whose rule it broke
// point it out, so this is known to everyone at the table.
type Objections interface {
	Objected(p Player, top, played Card, by []Player)
}

// Player is a seat at the game: a person or a program.
type Player interface {
	Listener
	Name() string
	// StartNewGame replaces the hand with a copy of hand.
	StartNewGame(hand []Card)
	// Take adds c to the hand.
	Take(c Card)
	NumberOfCards() int
	// Invent returns the player's secret rule for the game about to
	// start.
	Invent() Rule
	// Play returns a card of the hand to lay on top, taken out of the
	// hand, or false to lay nothing (and so draw).
	Play(top Card) (Card, bool)
}

// Hand is the hand bookkeeping every player shares; embed it.
type Hand struct {
	cards []Card
}

// StartNewGame implements Player: the hand becomes a copy of hand.
func (h *Hand) StartNewGame(hand []Card) { h.cards = append(h.cards[:0], hand...) }

// Take implements Player.
func (h *Hand) Take(c Card) { h.cards = append(h.cards, c) }

// NumberOfCards implements Player.
func (h *Hand) NumberOfCards() int { return len(h.cards) }

// Cards returns a copy of the hand, in the order the cards came.
func (h *Hand) Cards() []Card { return slices.Clone(h.cards) }

// Card returns the i-th card of the hand.
func (h *Hand) Card(i int) Card { return h.cards[i] }

// RemoveAt takes the i-th card out of the hand and returns it.
func (h *Hand) RemoveAt(i int) Card {
	c := h.cards[i]
	h.cards = slices.Delete(h.cards, i, i+1)
	return c
}

// Remove takes one copy of c out of the hand, and reports whether there
// was one.
func (h *Hand) Remove(c Card) bool {
	i := slices.Index(h.cards, c)
	if i < 0 {
		return false
	}
	h.RemoveAt(i)
	return true
}

// SimplePlayer is the course's computer player: it lays a card its own
// rule allows, preferring a (top, card) pair seen allowed, then one never
// seen, then one seen refused; with no card its rule allows, it draws.
type SimplePlayer struct {
	Hand
	name  string
	rule  Rule
	table *Table // the rule's table, when it was given one: a faster Play
	know  *ExtensibleRule
}

// NewSimplePlayer returns a simple player whose rule is Mau-Mau's (same
// suit or same value, jacks always).
func NewSimplePlayer(name string) *SimplePlayer { return NewSimplePlayerWithRule(name, MauMau()) }

// NewSimplePlayerWithRule returns a simple player with rule r.
func NewSimplePlayerWithRule(name string, r Rule) *SimplePlayer {
	return &SimplePlayer{name: name, rule: r, know: NewExtensibleRule(r)}
}

// SetRule gives the player a new rule and forgets what it had seen: what
// others allowed was judged against rules that may have changed too.
func (s *SimplePlayer) SetRule(r Rule) {
	s.rule, s.table = r, nil
	s.know.base = r
	s.know.Forget()
}

// SetTable is SetRule with the rule as a table, which lets the player
// weigh its whole hand with a few word operations.
func (s *SimplePlayer) SetTable(t *Table) {
	s.SetRule(t.Rule())
	s.table = t
}

// ruleTable returns the player's rule as a table, if it was given one.
func (s *SimplePlayer) ruleTable() *Table { return s.table }

// Name implements Player.
func (s *SimplePlayer) Name() string { return s.name }

// String returns the player's name.
func (s *SimplePlayer) String() string { return s.name }

// Invent implements Player: always the player's rule.
func (s *SimplePlayer) Invent() Rule { return s.rule }

// Play implements Player. It weighs the hand with the rows of its tables
// for top: the cards its rule allows (from the rule's table when it has
// one, else asking the rule card by card), those known allowed and those
// known forbidden.
func (s *SimplePlayer) Play(top Card) (Card, bool) {
	if !top.Valid() {
		return Card{}, false
	}
	var own uint64
	if s.table != nil {
		own = s.table.Row(top)
	} else {
		for _, c := range s.cards {
			if c.Valid() && s.rule(top, c) {
				own |= 1 << c.Index()
			}
		}
	}
	allowed, forbidden := s.know.allowed.Row(top), s.know.forbidden.Row(top)
	best, rank := -1, 3
	for i, c := range s.cards {
		if !c.Valid() || own>>c.Index()&1 == 0 {
			continue
		}
		r := 1 // never seen
		switch bit := uint64(1) << c.Index(); {
		case allowed&bit != 0:
			r = 0
		case forbidden&bit != 0:
			r = 2
		}
		if r < rank {
			best, rank = i, r
			if r == 0 {
				break
			}
		}
	}
	if best < 0 {
		return Card{}, false
	}
	return s.RemoveAt(best), true
}

// ValidMove implements Listener: the pair is known allowed.
func (s *SimplePlayer) ValidMove(_ Player, top, played Card) { s.know.AddAllowed(top, played) }

// InvalidMove implements Listener: the pair is known forbidden.
func (s *SimplePlayer) InvalidMove(_ Player, top, played Card) { s.know.AddForbidden(top, played) }
