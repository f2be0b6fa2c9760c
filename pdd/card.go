// Package pdd is the engine of People's Democratic Dictatorship, a card
// game of secret rules related to Mau-Mau: every player invents a rule
// saying which card may be laid on which, and tries to be rid of their hand
// without breaking their own rule; a card that breaks another player's rule
// is refused and its player draws.
//
// The API follows the course exercise the game comes from (its names kept,
// in Go's idiom): cards and decks, rules as predicates over (top, played)
// that combine with And, Or and Not, the extensible rule of the computer
// players, the game and the simple player. Beyond it: a rule language
// people can write and read back ([Parse]), rules compiled to tables of
// the 52×52 pairs ([Table]) for speed, and random secret rules for
// tournaments ([RandomRule]).
//
// The package does no I/O.
package pdd

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Suit is a card's suit.
type Suit int

// The suits, in the source's order.
const (
	Diamonds Suit = iota
	Clubs
	Hearts
	Spades
)

// Suits lists the suits in order.
var Suits = [4]Suit{Diamonds, Clubs, Hearts, Spades}

var suitNames = [4]string{"DIAMONDS", "CLUBS", "HEARTS", "SPADES"}

// String returns the suit's name in capitals: DIAMONDS, CLUBS, HEARTS,
// SPADES.
func (s Suit) String() string {
	if s < 0 || int(s) >= len(suitNames) {
		return fmt.Sprintf("Suit(%d)", int(s))
	}
	return suitNames[s]
}

// Red reports whether the suit is red (diamonds and hearts).
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// The values of the court cards and the ace.
const (
	Ace   = 1
	Jack  = 11
	Queen = 12
	King  = 13
)

// Card is a playing card: a suit and a value from 1 (ace) to 13 (king).
// Cards are equal when suit and value are.
type Card struct {
	Suit  Suit
	Value int
}

// String returns the card as "<value> of <suit>", such as "11 of HEARTS".
func (c Card) String() string { return fmt.Sprintf("%d of %v", c.Value, c.Suit) }

// Short returns the card in two or three characters, its rank (A, 2 to
// 10, J, Q, K) and its suit's initial (D, C, H, S): AS, 10H, QD. It is the
// notation of the engine protocol, which ParseCard reads.
func (c Card) Short() string {
	if !c.Valid() {
		return c.String()
	}
	rank := strconv.Itoa(c.Value)
	if r := rankLetters[c.Value]; r != 0 {
		rank = string(r)
	}
	return rank + suitNames[c.Suit][:1]
}

// rankLetters holds the letters of the ranks Short writes with one.
var rankLetters = [14]byte{1: 'A', 11: 'J', 12: 'Q', 13: 'K'}

// ParseCard reads a card as Short writes it, in either case; the ranks
// may also be written as numbers (1 for the ace, 11 to 13 for the court
// cards).
func ParseCard(s string) (Card, error) {
	bad := func(why string) (Card, error) {
		return Card{}, fmt.Errorf("card %q: %s (a rank A, 2-10, J, Q, K and a suit D, C, H, S, as in 10H or QS)", s, why)
	}
	if len(s) < 2 {
		return bad("too short")
	}
	rank, suit := strings.ToUpper(s[:len(s)-1]), strings.ToUpper(s[len(s)-1:])
	i := strings.Index("DCHS", suit)
	if i < 0 {
		return bad("no such suit")
	}
	v, err := strconv.Atoi(rank)
	if err != nil || strconv.Itoa(v) != rank { // no sign, no leading zero
		v = -1
		if len(rank) == 1 {
			v = bytes.IndexByte(rankLetters[:], rank[0])
		}
	}
	if v < 1 || v > 13 {
		return bad("no such rank")
	}
	return Card{Suit(i), v}, nil
}

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool {
	return c.Suit >= Diamonds && c.Suit <= Spades && c.Value >= 1 && c.Value <= 13
}

// Index returns the card's number from 0 to 51: suits in order, values in
// order within a suit. It is meaningful for valid cards only.
func (c Card) Index() int { return int(c.Suit)*13 + c.Value - 1 }

// CardAt returns the card of index i (0 to 51).
func CardAt(i int) Card { return Card{Suit(i / 13), i%13 + 1} }

// ErrOutOfCards reports that the cards ran out: the draw pile is empty and
// the discard pile has no card to refill it with but its top.
var ErrOutOfCards = errors.New("out of cards")

// ErrIllegalMove reports a player laying a card against their own rule.
var ErrIllegalMove = errors.New("illegal move")

// Deck is the cards of a game: a draw pile and a discard pile.
type Deck interface {
	// Take takes the top card of the draw pile. An empty draw pile is
	// first refilled with the discard pile but its top card, shuffled; if
	// that leaves nothing, Take fails with ErrOutOfCards.
	Take() (Card, error)
	// Play lays c on the discard pile.
	Play(c Card)
	// Top returns the top card of the discard pile.
	Top() Card
}

// pile is a deck of one or more packs of 52.
type pile struct {
	packs   int
	rng     *rand.Rand
	draw    []Card // top at the end
	discard []Card // top at the end
}

// SingleDeck returns a shuffled deck of the 52 cards, one face up on the
// discard pile, drawn from rng.
func SingleDeck(rng *rand.Rand) Deck { return newPile(rng, 1) }

// DoubleDeck returns a shuffled deck of 104 cards, every card twice, one
// face up on the discard pile.
func DoubleDeck(rng *rand.Rand) Deck { return newPile(rng, 2) }

func newPile(rng *rand.Rand, packs int) *pile {
	p := &pile{packs: packs, rng: rng, draw: make([]Card, 0, 52*packs), discard: make([]Card, 0, 52*packs)}
	p.reset()
	return p
}

// Reshuffle gathers every card back and shuffles them with rng, one face
// up: the deck as new, for the next game, without allocating.
func (p *pile) Reshuffle(rng *rand.Rand) {
	p.rng = rng
	p.reset()
}

// reset gathers the cards of the deck's packs and shuffles them, one face
// up.
func (p *pile) reset() {
	p.draw, p.discard = p.draw[:0], p.discard[:0]
	for range p.packs {
		for i := range 52 {
			p.draw = append(p.draw, CardAt(i))
		}
	}
	p.rng.Shuffle(len(p.draw), func(i, j int) { p.draw[i], p.draw[j] = p.draw[j], p.draw[i] })
	p.discard = append(p.discard, p.draw[len(p.draw)-1])
	p.draw = p.draw[:len(p.draw)-1]
}

// Take implements Deck.
func (p *pile) Take() (Card, error) {
	if len(p.draw) == 0 {
		if len(p.discard) <= 1 {
			return Card{}, fmt.Errorf("taking a card: the draw pile is empty and the discard pile holds only its top: %w", ErrOutOfCards)
		}
		top := p.discard[len(p.discard)-1]
		p.draw = append(p.draw, p.discard[:len(p.discard)-1]...)
		p.discard = append(p.discard[:0], top)
		p.rng.Shuffle(len(p.draw), func(i, j int) { p.draw[i], p.draw[j] = p.draw[j], p.draw[i] })
	}
	c := p.draw[len(p.draw)-1]
	p.draw = p.draw[:len(p.draw)-1]
	return c, nil
}

// Play implements Deck.
func (p *pile) Play(c Card) { p.discard = append(p.discard, c) }

// Top implements Deck.
func (p *pile) Top() Card { return p.discard[len(p.discard)-1] }

// DrawPile returns the number of cards in the draw pile (for views: a
// Deck made here has it).
func (p *pile) DrawPile() int { return len(p.draw) }

// DiscardPile returns the number of cards in the discard pile.
func (p *pile) DiscardPile() int { return len(p.discard) }
