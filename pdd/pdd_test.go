package pdd

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func card(v int, s Suit) Card { return Card{s, v} }

func TestCardAndSuitStrings(t *testing.T) {
	for _, tt := range []struct {
		c    Card
		want string
	}{
		{card(11, Hearts), "11 of HEARTS"},
		{card(1, Diamonds), "1 of DIAMONDS"},
		{card(13, Spades), "13 of SPADES"},
		{card(7, Clubs), "7 of CLUBS"},
	} {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%#v: %q, want %q", tt.c, got, tt.want)
		}
	}
	seen := map[Card]int{}
	for i := range 52 {
		c := CardAt(i)
		if c.Index() != i || !c.Valid() {
			t.Fatalf("card %d: %v, index %d", i, c, c.Index())
		}
		seen[c]++
	}
	seen[card(5, Clubs)]++
	if len(seen) != 52 || seen[card(5, Clubs)] != 2 || card(5, Clubs) != (Card{Clubs, 5}) {
		t.Error("cards are not equal by suit and value")
	}
}

func TestShortNotation(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Card // the zero Card: an error
	}{
		{"AS", card(1, Spades)}, {"as", card(1, Spades)}, {"1S", card(1, Spades)},
		{"10H", card(10, Hearts)}, {"10h", card(10, Hearts)},
		{"2D", card(2, Diamonds)}, {"JC", card(11, Clubs)}, {"11C", card(11, Clubs)},
		{"QD", card(12, Diamonds)}, {"kS", card(13, Spades)}, {"13S", card(13, Spades)},
		{"", Card{}}, {"S", Card{}}, {"10", Card{}}, {"0H", Card{}}, {"14H", Card{}},
		{"010H", Card{}}, {"+5H", Card{}}, {"-1H", Card{}}, {"XH", Card{}}, {"AX", Card{}},
		{"10 H", Card{}}, {"AAS", Card{}}, {"7♥", Card{}}, {"\x00H", Card{}},
	} {
		got, err := ParseCard(tt.in)
		switch {
		case tt.want == Card{} && err == nil:
			t.Errorf("ParseCard(%q) = %v, want an error", tt.in, got)
		case tt.want != Card{} && (err != nil || got != tt.want):
			t.Errorf("ParseCard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for i := range 52 {
		c := CardAt(i)
		if back, err := ParseCard(c.Short()); err != nil || back != c {
			t.Errorf("%v: Short %q reads back as %v, %v", c, c.Short(), back, err)
		}
	}
	if got := card(12, Hearts).Short(); got != "QH" {
		t.Errorf("queen of hearts: %q, want QH", got)
	}
}

// FuzzParseCard checks that whatever ParseCard accepts is a valid card
// that Short writes back in a form ParseCard reads as the same card.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"AS", "10h", "13C", "0H", "QX", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = %#v, not a card", s, c)
		}
		if back, err := ParseCard(c.Short()); err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, whose Short %q reads back as %v, %v", s, c, c.Short(), back, err)
		}
	})
}

// drain takes every card the deck gives before running out.
func drain(t *testing.T, d Deck) []Card {
	t.Helper()
	var cards []Card
	for {
		c, err := d.Take()
		if errors.Is(err, ErrOutOfCards) {
			return cards
		}
		if err != nil {
			t.Fatal(err)
		}
		cards = append(cards, c)
		if len(cards) > 200 {
			t.Fatal("the deck never runs out")
		}
	}
}

func TestDeckSizes(t *testing.T) {
	for _, tt := range []struct {
		name   string
		deck   func(*rand.Rand) Deck
		copies int
	}{{"single", SingleDeck, 1}, {"double", DoubleDeck, 2}} {
		d := tt.deck(rand.New(rand.NewPCG(1, 2)))
		top := d.Top()
		cards := append(drain(t, d), top)
		if len(cards) != 52*tt.copies {
			t.Errorf("%s: %d cards", tt.name, len(cards))
		}
		count := map[Card]int{}
		for _, c := range cards {
			count[c]++
		}
		for i := range 52 {
			if count[CardAt(i)] != tt.copies {
				t.Errorf("%s: %v %d times", tt.name, CardAt(i), count[CardAt(i)])
			}
		}
		if d.Top() != top {
			t.Errorf("%s: the face-up card changed", tt.name)
		}
	}
}

func TestDecksAreShuffled(t *testing.T) {
	a, b := SingleDeck(rand.New(rand.NewPCG(1, 1))), SingleDeck(rand.New(rand.NewPCG(2, 2)))
	if slices.Equal(drain(t, a), drain(t, b)) {
		t.Error("two seeds gave the same order")
	}
	c, d := SingleDeck(rand.New(rand.NewPCG(3, 3))), SingleDeck(rand.New(rand.NewPCG(3, 3)))
	if !slices.Equal(drain(t, c), drain(t, d)) {
		t.Error("one seed gave two orders")
	}
}

// TestRefill: an empty draw pile is refilled with the discard pile but
// its top card.
func TestRefill(t *testing.T) {
	d := SingleDeck(rand.New(rand.NewPCG(4, 5)))
	first := d.Top()
	taken := drain(t, d)
	for _, c := range taken[:10] {
		d.Play(c)
	}
	top := d.Top()
	if top != taken[9] {
		t.Fatalf("top %v, want %v", top, taken[9])
	}
	refilled := drain(t, d)
	if len(refilled) != 10 { // the first face-up card and nine played
		t.Fatalf("refilled with %d cards, want 10", len(refilled))
	}
	want := append([]Card{first}, taken[:9]...)
	slices.SortFunc(want, func(a, b Card) int { return a.Index() - b.Index() })
	slices.SortFunc(refilled, func(a, b Card) int { return a.Index() - b.Index() })
	if !slices.Equal(refilled, want) {
		t.Errorf("refilled with %v, want %v", refilled, want)
	}
	if d.Top() != top {
		t.Errorf("top %v after the refill, want %v", d.Top(), top)
	}
}

func TestOutOfCardsWithOneCardDiscarded(t *testing.T) {
	d := SingleDeck(rand.New(rand.NewPCG(6, 7)))
	drain(t, d)
	_, err := d.Take()
	if !errors.Is(err, ErrOutOfCards) {
		t.Fatalf("Take: %v", err)
	}
	if !strings.Contains(err.Error(), "out of cards") {
		t.Errorf("error %q says nothing of why", err)
	}
}

func TestRules(t *testing.T) {
	h7, h9, s7, c3, dJ := card(7, Hearts), card(9, Hearts), card(7, Spades), card(3, Clubs), card(11, Diamonds)
	for _, tt := range []struct {
		name        string
		rule        Rule
		top, played Card
		want        bool
	}{
		{"same value", SameValue(), h7, s7, true},
		{"same value", SameValue(), h7, h9, false},
		{"same suit", SameSuit(), h7, h9, true},
		{"same suit", SameSuit(), h7, s7, false},
		{"increasing", IncreasingValue(), h7, h9, true},
		{"increasing, equal", IncreasingValue(), h7, s7, false},
		{"increasing, lower", IncreasingValue(), h9, c3, false},
		{"joker", Joker(dJ), c3, dJ, true},
		{"joker, other card", Joker(dJ), c3, card(11, Hearts), false},
		{"and", SameSuit().And(IncreasingValue()), h7, h9, true},
		{"and, one fails", SameSuit().And(IncreasingValue()), h9, h7, false},
		{"or", SameSuit().Or(SameValue()), h7, s7, true},
		{"or, neither", SameSuit().Or(SameValue()), h7, c3, false},
		{"not", SameSuit().Not(), h7, c3, true},
		{"not", SameSuit().Not(), h7, h9, false},
		{"mau-mau", MauMau(), h7, s7, true},
		{"mau-mau, jack", MauMau(), h7, dJ, true},
		{"mau-mau, no", MauMau(), h7, c3, false},
	} {
		if got := tt.rule(tt.top, tt.played); got != tt.want {
			t.Errorf("%s: %v on %v: %v, want %v", tt.name, tt.played, tt.top, got, tt.want)
		}
	}
}

func TestExtensibleRule(t *testing.T) {
	e := NewExtensibleRule(SameSuit())
	h7, h9, h2, s9 := card(7, Hearts), card(9, Hearts), card(2, Hearts), card(9, Spades)
	check := func(when string, top, played Card, test, allowed bool) {
		t.Helper()
		if got := e.Test(top, played); got != test {
			t.Errorf("%s: Test(%v, %v) = %v", when, top, played, got)
		}
		if got := e.TestAllowed(top, played); got != allowed {
			t.Errorf("%s: TestAllowed(%v, %v) = %v", when, top, played, got)
		}
	}
	check("nothing known", h7, h9, true, false)
	check("against the base", h7, s9, false, false)
	e.AddAllowed(h7, h9)
	check("known allowed", h7, h9, true, true)
	check("the other way round is unknown", h9, h7, true, false)
	e.AddForbidden(h7, h2)
	check("known forbidden", h7, h2, false, false)
	e.AddAllowed(h7, s9)
	check("allowed by others, not by the base", h7, s9, false, false)
	e.AddForbidden(h7, h9)
	check("seen refused since", h7, h9, false, false)
}

// script is a test player that lays the cards it is given, in order, and
// records what it is told.
type script struct {
	Hand
	name  string
	rule  Rule
	plays []Card // laid one per turn while they last (a zero Card: draw)
	told  []string
}

func (s *script) Name() string { return s.name }
func (s *script) Invent() Rule { return s.rule }
func (s *script) Play(Card) (Card, bool) {
	if len(s.plays) == 0 {
		return Card{}, false
	}
	c := s.plays[0]
	s.plays = s.plays[1:]
	if c == (Card{}) || !s.Remove(c) {
		return Card{}, false
	}
	return c, true
}
func (s *script) ValidMove(p Player, top, played Card) {
	s.told = append(s.told, "valid "+p.Name()+" "+played.String()+" on "+top.String())
}
func (s *script) InvalidMove(p Player, top, played Card) {
	s.told = append(s.told, "invalid "+p.Name()+" "+played.String()+" on "+top.String())
}

// stacked is a deck whose draw pile is given, top last.
type stacked struct{ draw, discard []Card }

func (d *stacked) Take() (Card, error) {
	if len(d.draw) == 0 {
		return Card{}, ErrOutOfCards
	}
	c := d.draw[len(d.draw)-1]
	d.draw = d.draw[:len(d.draw)-1]
	return c, nil
}
func (d *stacked) Play(c Card) { d.discard = append(d.discard, c) }
func (d *stacked) Top() Card   { return d.discard[len(d.discard)-1] }

// deckDealing returns a deck that deals hands (seat by seat, as given),
// then has extra to draw, with top face up.
func deckDealing(top Card, hands [][]Card, extra ...Card) *stacked {
	var order []Card // in the order they are taken
	for k := range HandSize {
		for _, h := range hands {
			order = append(order, h[k])
		}
	}
	order = append(order, extra...)
	slices.Reverse(order)
	return &stacked{draw: order, discard: []Card{top}}
}

func hand(v0 int, s Suit) []Card {
	h := make([]Card, HandSize)
	for i := range h {
		h[i] = card(v0+i, s)
	}
	return h
}

func TestHandIsACopy(t *testing.T) {
	p := NewSimplePlayer("ann")
	cards := hand(1, Hearts)
	p.StartNewGame(cards)
	cards[0] = card(13, Spades)
	_ = append(cards[:0], card(2, Clubs))
	if p.NumberOfCards() != HandSize || p.Cards()[0] != card(1, Hearts) {
		t.Errorf("the hand changed with the slice given: %v", p.Cards())
	}
	p.Take(card(5, Clubs))
	if p.NumberOfCards() != HandSize+1 {
		t.Errorf("%d cards after taking one", p.NumberOfCards())
	}
	if p.Name() != "ann" || p.String() != "ann" {
		t.Errorf("name %q, string %q", p.Name(), p.String())
	}
}

func TestTurnsWinnerAndListeners(t *testing.T) {
	// Ann lays all her hearts, one a turn; Bob draws every turn.
	ann := &script{name: "ann", rule: SameSuit(), plays: hand(2, Hearts)}
	bob := &script{name: "bob", rule: SameSuit().Or(SameValue())}
	d := deckDealing(card(1, Hearts), [][]Card{hand(2, Hearts), hand(1, Clubs)}, hand(1, Spades)...)
	g := NewGame([]Player{ann, bob}, d)
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	w, ok := g.Winner()
	if !ok || w != Player(ann) || g.End() != Won {
		t.Fatalf("winner %v %v, end %v", w, ok, g.End())
	}
	if g.Turns() != 2*HandSize-1 {
		t.Errorf("%d turns, want %d", g.Turns(), 2*HandSize-1)
	}
	if bob.NumberOfCards() != HandSize+HandSize-1 {
		t.Errorf("bob holds %d cards", bob.NumberOfCards())
	}
	want := "valid ann 2 of HEARTS on 1 of HEARTS"
	for _, p := range []*script{ann, bob} {
		if len(p.told) != HandSize || p.told[0] != want {
			t.Errorf("%s was told %q", p.name, p.told)
		}
	}
}

func TestPenaltyDraw(t *testing.T) {
	// Ann's 5 of clubs on the 1 of hearts breaks Bob's same-suit rule:
	// it stays on the pile and Ann draws.
	ann := &script{name: "ann", rule: SameValue().Not(), plays: []Card{card(5, Clubs)}}
	bob := &script{name: "bob", rule: SameSuit()}
	annHand := append([]Card{card(5, Clubs)}, hand(2, Spades)[:HandSize-1]...)
	d := deckDealing(card(1, Hearts), [][]Card{annHand, hand(2, Diamonds)}, card(13, Spades), card(13, Diamonds), card(12, Diamonds))
	g := NewGame([]Player{ann, bob}, d)
	if err := g.Deal(); err != nil {
		t.Fatal(err)
	}
	turn, err := g.Step()
	if err != nil {
		t.Fatal(err)
	}
	if !turn.Laid || !turn.Drew || !slices.Equal(turn.Refused, []int{1}) {
		t.Errorf("turn %+v", turn)
	}
	if d.Top() != card(5, Clubs) {
		t.Errorf("top %v: the refused card stays on the pile", d.Top())
	}
	if ann.NumberOfCards() != HandSize || !slices.Contains(ann.Cards(), card(13, Spades)) {
		t.Errorf("ann holds %v", ann.Cards())
	}
	if want := "invalid ann 5 of CLUBS on 1 of HEARTS"; len(bob.told) != 1 || bob.told[0] != want || ann.told[0] != want {
		t.Errorf("told %q and %q", ann.told, bob.told)
	}
}

func TestOwnRuleBroken(t *testing.T) {
	ann := &script{name: "ann", rule: SameSuit(), plays: []Card{card(2, Clubs)}}
	bob := &script{name: "bob", rule: SameSuit()}
	annHand := append([]Card{card(2, Clubs)}, hand(2, Hearts)[:HandSize-1]...)
	g := NewGame([]Player{ann, bob}, deckDealing(card(1, Hearts), [][]Card{annHand, hand(1, Spades)}))
	err := g.Start()
	if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "ann") {
		t.Errorf("Start: %v", err)
	}
}

func TestGameOutOfCards(t *testing.T) {
	// Nobody can lay anything: three draws, and the fourth finds no card.
	ann := &script{name: "ann", rule: SameSuit()}
	bob := &script{name: "bob", rule: SameSuit()}
	g := NewGame([]Player{ann, bob}, deckDealing(card(1, Hearts), [][]Card{hand(1, Clubs), hand(1, Spades)}, card(9, Clubs), card(9, Spades), card(8, Clubs)))
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Winner(); ok || g.End() != OutOfCards || g.Turns() != 4 {
		t.Errorf("end %v after %d turns", g.End(), g.Turns())
	}
}

func TestTurnCap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	// Nobody may lay anything, and a draw pile that never runs out.
	never := Rule(func(Card, Card) bool { return false })
	g := NewGame([]Player{NewSimplePlayerWithRule("a", never), NewSimplePlayerWithRule("b", never)}, &endless{r})
	g.SetMaxTurns(100)
	if err := g.Start(); err != nil || g.End() != Capped || g.Turns() != 100 {
		t.Errorf("Start %v: end %v after %d turns", err, g.End(), g.Turns())
	}
}

type endless struct{ r *rand.Rand }

func (e *endless) Take() (Card, error) { return CardAt(e.r.IntN(52)), nil }
func (e *endless) Play(Card)           {}
func (e *endless) Top() Card           { return card(1, Hearts) }

func TestTooFewPlayers(t *testing.T) {
	g := NewGame([]Player{NewSimplePlayer("solo")}, SingleDeck(rand.New(rand.NewPCG(1, 1))))
	if err := g.Start(); err == nil {
		t.Error("a game of one")
	}
}

// TestSimplePlayerPreference: a pair known allowed first, then an unknown
// one, then one known forbidden; nothing when the rule allows no card.
func TestSimplePlayerPreference(t *testing.T) {
	top := card(5, Hearts)
	forbidden, unknown, allowed := card(2, Hearts), card(3, Hearts), card(4, Hearts)
	for _, tt := range []struct {
		name string
		hand []Card
		want Card
		ok   bool
	}{
		{"allowed first", []Card{forbidden, unknown, allowed}, allowed, true},
		{"unknown next", []Card{forbidden, unknown}, unknown, true},
		{"forbidden last", []Card{forbidden, card(9, Clubs)}, forbidden, true},
		{"none fits the rule", []Card{card(9, Clubs), card(2, Spades)}, Card{}, false},
	} {
		p := NewSimplePlayerWithRule("s", SameSuit())
		other := NewSimplePlayer("o")
		p.InvalidMove(other, top, forbidden)
		p.ValidMove(other, top, allowed)
		p.StartNewGame(tt.hand)
		got, ok := p.Play(top)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: %v %v, want %v %v", tt.name, got, ok, tt.want, tt.ok)
		}
		if ok && (p.NumberOfCards() != len(tt.hand)-1 || slices.Contains(p.Cards(), got)) {
			t.Errorf("%s: %v still in the hand %v", tt.name, got, p.Cards())
		}
	}
}

func TestSimplePlayerDefaultRule(t *testing.T) {
	r := NewSimplePlayer("s").Invent()
	for top := range 52 {
		for played := range 52 {
			tc, pc := CardAt(top), CardAt(played)
			want := tc.Suit == pc.Suit || tc.Value == pc.Value || pc.Value == Jack
			if r(tc, pc) != want {
				t.Fatalf("%v on %v: %v", pc, tc, !want)
			}
		}
	}
}

// TestSimplePlayersPlay: games of simple players end, and every card is
// somewhere: in a hand or in the deck.
func TestSimplePlayersPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	winners := 0
	for i := range 300 {
		players := []Player{NewSimplePlayer("a"), NewSimplePlayer("b"), NewSimplePlayer("c")}
		deck := SingleDeck(r).(*pile)
		if i%2 == 1 {
			deck = DoubleDeck(r).(*pile)
		}
		g := NewGame(players, deck)
		if err := g.Start(); err != nil {
			t.Fatal(err)
		}
		if g.End() == Running {
			t.Fatal("Start returned a game still running")
		}
		total := deck.DrawPile() + deck.DiscardPile()
		for _, p := range players {
			total += p.NumberOfCards()
		}
		if want := 52 * (1 + i%2); total != want {
			t.Fatalf("game %d: %d cards, want %d", i, total, want)
		}
		if _, ok := g.Winner(); ok {
			winners++
		}
	}
	if winners < 200 {
		t.Errorf("%d of 300 Mau-Mau games had a winner", winners)
	}
}

func TestTurnOrder(t *testing.T) {
	// Nobody can lay anything: everyone draws, in the order given.
	never := Rule(func(Card, Card) bool { return false })
	players := []Player{NewSimplePlayerWithRule("a", never), NewSimplePlayerWithRule("b", never), NewSimplePlayerWithRule("c", never)}
	g := NewGame(players, SingleDeck(rand.New(rand.NewPCG(1, 1))))
	if err := g.Deal(); err != nil {
		t.Fatal(err)
	}
	for i := range 9 {
		if g.Next() != i%3 {
			t.Fatalf("turn %d: seat %d plays, want %d", i, g.Next(), i%3)
		}
		turn, err := g.Step()
		if err != nil || turn.Player != i%3 || !turn.Drew || turn.Laid {
			t.Fatalf("turn %d: %+v, %v", i, turn, err)
		}
	}
	for i, p := range players {
		if p.NumberOfCards() != HandSize+3 {
			t.Errorf("seat %d holds %d cards after drawing three", i, p.NumberOfCards())
		}
	}
}

// TestResetAndReshuffle: a game reset with a reshuffled deck plays as a
// new game with a new deck from the same seed, and the deck has every card
// back, however many the last game left in the players' hands.
func TestResetAndReshuffle(t *testing.T) {
	for _, packs := range []int{1, 2} {
		newDeck := SingleDeck
		if packs == 2 {
			newDeck = DoubleDeck
		}
		players := func() []Player {
			return []Player{NewSimplePlayer("a"), NewSimplePlayer("b"), NewSimplePlayer("c")}
		}
		reused := newDeck(rand.New(rand.NewPCG(1, 1))).(*pile)
		g := NewGame(players(), reused)
		for seed := range uint64(20) {
			if err := g.Start(); err != nil {
				t.Fatal(err)
			}
			reused.Reshuffle(rand.New(rand.NewPCG(seed, 7)))
			if n := reused.DrawPile() + reused.DiscardPile(); n != 52*packs {
				t.Fatalf("%d packs, seed %d: %d cards after Reshuffle", packs, seed, n)
			}
			fresh := NewGame(players(), newDeck(rand.New(rand.NewPCG(seed, 7))))
			g.Reset(players(), reused)
			if err := fresh.Start(); err != nil {
				t.Fatal(err)
			}
			if err := g.Start(); err != nil {
				t.Fatal(err)
			}
			if g.Turns() != fresh.Turns() || g.WinnerSeat() != fresh.WinnerSeat() || g.End() != fresh.End() {
				t.Fatalf("%d packs, seed %d: reset game %d turns, winner %d; new game %d turns, winner %d",
					packs, seed, g.Turns(), g.WinnerSeat(), fresh.Turns(), fresh.WinnerSeat())
			}
			reused.Reshuffle(rand.New(rand.NewPCG(seed+100, 7)))
			g.Reset(players(), reused)
		}
	}
}

func TestParseBand(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Band
		ok   bool
	}{
		{"permissive", Permissive, true},
		{"restrictive", Restrictive, true},
		{"40-80", Band{Lo: 0.4, Hi: 0.8}, true},
		{"1-100", Band{Lo: 0.01, Hi: 1}, true},
		{"40-44", Band{}, false},
		{"0-50", Band{}, false},
		{"50-101", Band{}, false},
		{"40", Band{}, false},
		{"a-b", Band{}, false},
		{"", Band{}, false},
	} {
		got, err := ParseBand(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseBand(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
