package learn

import (
	"fmt"
	"math/rand/v2"

	"gamelab/pdd"
)

// Person is the seat of a person (or a program driving the game from
// outside): it lays the card chosen with Lay, or draws. Beside it sits a
// learner told everything the person is (its advisor), whose choice is
// the hint.
type Person struct {
	pdd.Hand
	rule    pdd.Rule
	choice  *pdd.Card
	advisor *Learner
}

// NewPerson returns a person's seat playing by rule.
func NewPerson(rule pdd.Rule) *Person {
	p := &Person{rule: rule, advisor: NewLearner("advisor", rule, pdd.Permissive)}
	p.advisor.Advise(p)
	return p
}

// Allows reports whether the person's own rule allows c on top.
func (p *Person) Allows(top, c pdd.Card) bool { return p.rule(top, c) }

// Lay sets the card the person lays on their next turn; without one they
// draw.
func (p *Person) Lay(c pdd.Card) { p.choice = &c }

// Laying returns the card set to be laid, if any.
func (p *Person) Laying() (pdd.Card, bool) {
	if p.choice == nil {
		return pdd.Card{}, false
	}
	return *p.choice, true
}

// Advice returns the card the advisor would lay on top and the chance
// that the others allow it, from what they accepted and refused; false:
// draw, as the person's rule allows none of the hand.
func (p *Person) Advice(top pdd.Card) (pdd.Card, float64, bool) { return p.advisor.Choose(top) }

// Name implements pdd.Player.
func (p *Person) Name() string { return "You" }

// Invent implements pdd.Player.
func (p *Person) Invent() pdd.Rule { return p.rule }

// StartNewGame implements pdd.Player.
func (p *Person) StartNewGame(hand []pdd.Card) {
	p.Hand.StartNewGame(hand)
	p.advisor.StartNewGame(hand)
}

// Take implements pdd.Player.
func (p *Person) Take(c pdd.Card) {
	p.Hand.Take(c)
	p.advisor.Take(c)
}

// Play implements pdd.Player: the card set with Lay, or none.
func (p *Person) Play(pdd.Card) (pdd.Card, bool) {
	if p.choice == nil {
		return pdd.Card{}, false
	}
	c := *p.choice
	p.choice = nil
	p.advisor.Remove(c)
	return c, p.Remove(c)
}

// ValidMove implements pdd.Listener.
func (p *Person) ValidMove(pl pdd.Player, top, c pdd.Card) { p.advisor.ValidMove(pl, top, c) }

// InvalidMove implements pdd.Listener.
func (p *Person) InvalidMove(pl pdd.Player, top, c pdd.Card) { p.advisor.InvalidMove(pl, top, c) }

// Objected implements pdd.Objections.
func (p *Person) Objected(pl pdd.Player, top, c pdd.Card, by []pdd.Player) {
	p.advisor.Objected(pl, top, c, by)
}

// ComputerNames are the computer players' names, seat by seat after the
// person's.
var ComputerNames = []string{"Ada", "Boris", "Clara", "Dmitri", "Elena"}

// MaxPlayers is the largest table a person sits at.
const MaxPlayers = 6

// Table is a game of a person, in seat 0, against computer players of
// one kind, dealt from a seed: a random secret rule for each computer
// player (allowing a share of the pairs within pdd.Permissive), a
// shuffled deck of packs packs. The same seed, rule, players, packs and
// kind deal the same game, and the same moves of the person replay it.
type Table struct {
	Game    *pdd.Game
	You     *Person
	Secrets []pdd.Expr // the computer players' rules, by seat (nil for the person)
}

// NewTable deals the table of seed, not started: the caller Deals.
func NewTable(seed uint64, rule pdd.Rule, players, packs int, kind string) (*Table, error) {
	if players < 2 || players > MaxPlayers {
		return nil, fmt.Errorf("players %d: 2 to %d", players, MaxPlayers)
	}
	if packs != 1 && packs != 2 {
		return nil, fmt.Errorf("packs %d: 1 or 2", packs)
	}
	maker, err := Lookup(kind)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x706464))
	t := &Table{You: NewPerson(rule), Secrets: []pdd.Expr{nil}}
	seats := []pdd.Player{t.You}
	for i := 1; i < players; i++ {
		x, tab := pdd.RandomRule(rng, pdd.Permissive)
		t.Secrets = append(t.Secrets, x)
		seats = append(seats, maker(ComputerNames[i-1], tab.Rule(), pdd.Band{}))
	}
	deck := pdd.SingleDeck(rng)
	if packs == 2 {
		deck = pdd.DoubleDeck(rng)
	}
	t.Game = pdd.NewGame(seats, deck)
	return t, nil
}
