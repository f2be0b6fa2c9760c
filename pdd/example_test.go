package pdd_test

import (
	"fmt"
	"math/rand/v2"

	"gamelab/pdd"
)

// A game of three simple players with the Mau-Mau rule.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	players := []pdd.Player{pdd.NewSimplePlayer("Ada"), pdd.NewSimplePlayer("Boris"), pdd.NewSimplePlayer("Clara")}
	game := pdd.NewGame(players, pdd.SingleDeck(rng))
	if err := game.Start(); err != nil {
		fmt.Println(err)
		return
	}
	if w, ok := game.Winner(); ok {
		fmt.Println(w.Name(), "won")
	}
	// Output: Boris won
}

// Rules people write read back in one canonical form.
func ExampleParse() {
	rule, err := pdd.Parse("Same Colour or (played is a KING and not higher)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rule)
	allows := rule.Rule()
	fmt.Println(allows(pdd.Card{Suit: pdd.Hearts, Value: 3}, pdd.Card{Suit: pdd.Diamonds, Value: 9}))
	fmt.Println(allows(pdd.Card{Suit: pdd.Hearts, Value: 3}, pdd.Card{Suit: pdd.Spades, Value: 9}))
	_, err = pdd.Parse("same suit or")
	fmt.Println(err)
	// Output:
	// same colour or played is king and not higher value
	// true
	// false
	// at the end of the rule: expected a condition: same suit, same value, same colour, higher value, lower value, values within K, played is …, top is …, anything
}

// The engine protocol's notation of cards: rank and suit initial.
func ExampleParseCard() {
	c, err := pdd.ParseCard("qh")
	fmt.Println(c, err)
	fmt.Println(c.Short(), pdd.Card{Suit: pdd.Clubs, Value: 10}.Short())
	_, err = pdd.ParseCard("1X")
	fmt.Println(err)
	// Output:
	// 12 of HEARTS <nil>
	// QH 10C
	// card "1X": no such suit (a rank A, 2-10, J, Q, K and a suit D, C, H, S, as in 10H or QS)
}
