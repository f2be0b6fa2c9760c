package pdd

import (
	"errors"
	"fmt"
)

// HandSize is the number of cards dealt to each player.
const HandSize = 7

// DefaultMaxTurns caps a game: with some secret rules nobody can ever
// finish, and the piles never run out.
const DefaultMaxTurns = 5000

// End says how a game ended.
type End int

// The ends of a game.
const (
	Running    End = iota // not over
	Won                   // a player laid their last card
	OutOfCards            // a card was needed and none was left
	Capped                // the turn limit was reached
)

var endNames = [...]string{"running", "won", "out of cards", "turn limit"}

func (e End) String() string { return endNames[e] }

// Turn is what happened in one turn.
type Turn struct {
	Player int  // the seat whose turn it was
	Top    Card // the top card the player faced
	Laid   bool // the player laid Played (else drew)
	Played Card
	// Refused lists the seats whose rules Played broke; the player drew
	// for it.
	Refused []int
	Drew    bool // the player drew a card (none laid, or one refused)
}

// Game is one game of People's Democratic Dictatorship between players,
// who play in the order given, with deck.
type Game struct {
	players   []Player
	deck      Deck
	rules     []Rule
	tables    []*Table     // the rules that are tables (else nil): a faster test
	objectors []Objections // the players who want to know who objected (else nil)
	next      int
	turns     int
	maxTurns  int
	end       End
	winner    int
	refused   []int
	blame     []Player
	hands     []Card // the deal, HandSize a seat
}

// NewGame returns a game of players with deck, capped at DefaultMaxTurns
// turns.
func NewGame(players []Player, deck Deck) *Game {
	g := &Game{}
	g.Reset(players, deck)
	return g
}

// Reset makes g a new game of players with deck, capped at
// DefaultMaxTurns turns, keeping its storage: for programs that play
// games by the million.
func (g *Game) Reset(players []Player, deck Deck) {
	g.players, g.deck, g.maxTurns, g.winner, g.end, g.turns, g.next = players, deck, DefaultMaxTurns, -1, Running, 0, 0
}

// SetMaxTurns caps the game at n turns (n <= 0: no cap, which may never
// end).
func (g *Game) SetMaxTurns(n int) { g.maxTurns = n }

// Start plays the game: it deals the hands, asks each player for their
// rule, and plays turns until the game ends. It fails, wrapping
// ErrIllegalMove, if a player breaks their own rule.
func (g *Game) Start() error {
	if err := g.Deal(); err != nil {
		return err
	}
	for g.end == Running {
		if _, err := g.Step(); err != nil {
			return err
		}
	}
	return nil
}

// Deal starts the game: it asks each player for their rule and deals
// HandSize cards to each, one at a time in turn. If the deck runs out
// while dealing the game is over at once, without a winner.
func (g *Game) Deal() error {
	if len(g.players) < 2 {
		return fmt.Errorf("a game needs two players or more, not %d", len(g.players))
	}
	g.rules, g.tables, g.objectors = g.rules[:0], g.tables[:0], g.objectors[:0]
	for _, p := range g.players {
		r := p.Invent()
		var t *Table
		if tp, ok := p.(tabled); ok {
			t = tp.ruleTable()
		}
		o, _ := p.(Objections)
		g.rules, g.tables, g.objectors = append(g.rules, r), append(g.tables, t), append(g.objectors, o)
	}
	g.next, g.turns, g.end, g.winner = 0, 0, Running, -1
	n := len(g.players)
	if cap(g.hands) < n*HandSize {
		g.hands = make([]Card, n*HandSize)
	}
	g.hands = g.hands[:n*HandSize]
	// Seat i holds held(i) cards: dealt, or one more for the seats served
	// in a round the deck ran out in.
	dealt, served := 0, 0
deal:
	for ; dealt < HandSize; dealt++ {
		for served = 0; served < n; served++ {
			c, err := g.deck.Take()
			if err != nil {
				g.end = OutOfCards
				break deal
			}
			g.hands[served*HandSize+dealt] = c
		}
	}
	for i, p := range g.players {
		held := dealt
		if g.end == OutOfCards && i < served {
			held++
		}
		p.StartNewGame(g.hands[i*HandSize : i*HandSize+held])
	}
	return nil
}

// Step plays the next turn and reports it. The player whose turn it is
// lays a card or draws one. A laid card that breaks the player's own rule
// is an illegal move: Step fails and the game stops. One that breaks
// another player's rule stays on the pile and its player draws. Every
// player is told of the card laid; a player whose hand is then empty, and
// who did not have to draw, wins.
func (g *Game) Step() (Turn, error) {
	if g.end != Running {
		return Turn{}, errors.New("the game is over")
	}
	i := g.next
	p := g.players[i]
	top := g.deck.Top()
	t := Turn{Player: i, Top: top}
	card, laid := p.Play(top)
	if !laid {
		t.Drew = true
		g.draw(p)
	} else {
		t.Laid, t.Played = true, card
		if !card.Valid() {
			return t, fmt.Errorf("%s laid %v, which is no card: %w", p.Name(), card, ErrIllegalMove)
		}
		if !g.allows(i, top, card) {
			return t, fmt.Errorf("%s laid %v on %v against their own rule: %w", p.Name(), card, top, ErrIllegalMove)
		}
		g.deck.Play(card)
		g.refused, g.blame = g.refused[:0], g.blame[:0]
		for j := range g.rules {
			if j != i && !g.allows(j, top, card) {
				g.refused = append(g.refused, j)
				g.blame = append(g.blame, g.players[j])
			}
		}
		t.Refused = g.refused
		for j, l := range g.players {
			if len(g.refused) == 0 {
				l.ValidMove(p, top, card)
				continue
			}
			l.InvalidMove(p, top, card)
			if o := g.objectors[j]; o != nil {
				o.Objected(p, top, card, g.blame)
			}
		}
		switch {
		case len(g.refused) > 0:
			t.Drew = true
			g.draw(p)
		case p.NumberOfCards() == 0:
			g.end, g.winner = Won, i
		}
	}
	g.turns++
	if g.end == Running && g.maxTurns > 0 && g.turns >= g.maxTurns {
		g.end = Capped
	}
	g.next = (i + 1) % len(g.players)
	return t, nil
}

// tabled is a player whose rule is a table (Invent returns its Rule), or
// nil.
type tabled interface{ ruleTable() *Table }

// allows reports whether seat j's rule allows played on top; played must
// be a valid card.
func (g *Game) allows(j int, top, played Card) bool {
	if t := g.tables[j]; t != nil && top.Valid() {
		return t.has(pairIndex(top, played))
	}
	return g.rules[j](top, played)
}

// draw gives p the top card of the draw pile, or ends the game if there is
// none.
func (g *Game) draw(p Player) {
	c, err := g.deck.Take()
	if err != nil {
		g.end = OutOfCards
		return
	}
	p.Take(c)
}

// Winner returns the player who won, if the game has a winner.
func (g *Game) Winner() (Player, bool) {
	if g.winner < 0 {
		return nil, false
	}
	return g.players[g.winner], true
}

// WinnerSeat returns the seat of the winner, or -1.
func (g *Game) WinnerSeat() int { return g.winner }

// End returns how the game ended, or Running.
func (g *Game) End() End { return g.end }

// Turns returns the number of turns played.
func (g *Game) Turns() int { return g.turns }

// Next returns the seat whose turn is next.
func (g *Game) Next() int { return g.next }

// Players returns the players, in seat order.
func (g *Game) Players() []Player { return g.players }

// Deck returns the game's deck.
func (g *Game) Deck() Deck { return g.deck }
