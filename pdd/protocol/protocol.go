// Package protocol is the line protocol of People's Democratic
// Dictatorship's computer players, for other programs
// (docs/protocols/pdd.md): the caller runs the table (deck, turns, the
// other players and their rules) and gamelab's player takes a seat at it.
//
//	new C1 C2 …                 → ok        a new game, this hand dealt
//	take C                      → ok        a card drawn
//	play TOP                    → lay C     a card of the hand laid on TOP
//	                            → draw      nothing laid
//	valid P TOP C               → ok        P laid C on TOP unopposed
//	invalid P TOP C [by Q R …]  → ok        P's C was refused (by Q, R, …)
//	allows TOP C                → yes, no   the player's own rule on C
//	rule [EXPR]                 → the rule, or ok for a new one
//	hand                        → C1 C2 …   the cards held (none: none)
//	quit                        → (the end)
//
// Cards are written as pdd.ParseCard reads them (AS, 10H, QD). P is me for
// gamelab's player and any other word for another player. A line the
// player cannot use gets "error: " and the reason, and changes nothing.
package protocol

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"gamelab/internal/lines"
	"gamelab/pdd"
	"gamelab/pdd/learn"
)

// Me is the name by which the caller means gamelab's player.
const Me = "me"

// Seat is a computer player the protocol can seat: told its rule, and
// showing its hand (as players embedding pdd.Hand do).
type Seat interface {
	learn.Seat
	Cards() []pdd.Card
}

// Config is the seat a session plays: the computer player and its rule.
type Config struct {
	Player Seat
	Rule   pdd.Expr
}

// other stands for a player of the caller's table, whom gamelab's player
// knows only by name: it is told of their cards as a pdd.Player, the
// identity its listener methods take, but never asks them anything.
type other struct {
	pdd.Hand
	name string
}

func (o *other) Name() string                               { return o.name }
func (o *other) Invent() pdd.Rule                           { return nil }
func (o *other) Play(pdd.Card) (pdd.Card, bool)             { return pdd.Card{}, false }
func (o *other) ValidMove(pdd.Player, pdd.Card, pdd.Card)   {}
func (o *other) InvalidMove(pdd.Player, pdd.Card, pdd.Card) {}

// session is the state of one connection.
type session struct {
	cfg    Config
	table  *pdd.Table        // cfg.Rule's, for allows
	others map[string]*other // by name, kept across games
	dealt  bool              // a game was begun (new): play and the rest need one
}

// Serve speaks the protocol on in and out until quit or the end of in.
// It returns an error only if reading or writing fails.
func Serve(in io.Reader, out io.Writer, cfg Config) error {
	s := &session{cfg: cfg, table: pdd.TableOf(cfg.Rule.Rule()), others: map[string]*other{}}
	say := lines.NewReplier(out).Say
	tooLong := func() error { return say("error: %v", lines.ErrTooLong) }
	return lines.Serve(in, tooLong, func(_ string, words []string) error {
		reply, err := s.do(words[0], words[1:])
		if err != nil {
			return say("error: %s", lines.Clip(err.Error()))
		}
		return say("%s", reply)
	})
}

// do carries out one command and returns its reply.
func (s *session) do(command string, args []string) (string, error) {
	p := s.cfg.Player
	switch command {
	case "take", "play", "valid", "invalid":
		if !s.dealt {
			return "", fmt.Errorf("%s before any game: begin one with new C1 C2 …", command)
		}
	}
	switch command {
	case "new":
		hand, err := cards(args, 1, -1, "new C1 C2 …: the cards dealt")
		if err != nil {
			return "", err
		}
		p.StartNewGame(hand)
		s.dealt = true
		return "ok", nil
	case "take":
		c, err := cards(args, 1, 1, "take C: the card drawn")
		if err != nil {
			return "", err
		}
		p.Take(c[0])
		return "ok", nil
	case "play":
		top, err := cards(args, 1, 1, "play TOP: the top card of the discard pile")
		if err != nil {
			return "", err
		}
		if c, ok := p.Play(top[0]); ok {
			return "lay " + c.Short(), nil
		}
		return "draw", nil
	case "valid", "invalid":
		return s.told(command == "valid", args)
	case "allows":
		pair, err := cards(args, 2, 2, "allows TOP C")
		if err != nil {
			return "", err
		}
		if s.table.Allows(pair[0], pair[1]) {
			return "yes", nil
		}
		return "no", nil
	case "rule":
		if len(args) == 0 {
			return s.cfg.Rule.String(), nil
		}
		x, err := pdd.Parse(strings.Join(args, " "))
		if err != nil {
			return "", err
		}
		s.cfg.Rule, s.table = x, pdd.TableOf(x.Rule())
		p.SetRule(x.Rule())
		return "ok", nil
	case "hand":
		if len(args) > 0 {
			return "", errors.New("hand takes nothing: it answers with the cards held")
		}
		return s.hand(), nil
	}
	return "", fmt.Errorf("unknown command %q: new, take, play, valid, invalid, allows, rule, hand or quit", command)
}

// told passes on a card laid at the table: "valid P TOP C" or "invalid P
// TOP C [by Q …]".
func (s *session) told(valid bool, args []string) (string, error) {
	usage := "valid P TOP C"
	if !valid {
		usage = "invalid P TOP C [by Q R …]"
	}
	var objectors []string
	if i := slices.Index(args, "by"); i >= 0 {
		if valid || i == len(args)-1 {
			return "", fmt.Errorf("want %s", usage)
		}
		args, objectors = args[:i], args[i+1:]
	}
	if len(args) != 3 {
		return "", fmt.Errorf("want %s", usage)
	}
	pair, err := cards(args[1:], 2, 2, usage)
	if err != nil {
		return "", err
	}
	mover, err := s.player(args[0])
	if err != nil {
		return "", err
	}
	var by []pdd.Player
	for _, name := range objectors {
		q, err := s.player(name)
		switch {
		case err != nil:
			return "", err
		case q == mover:
			return "", fmt.Errorf("%s cannot object to their own card", name)
		case slices.Contains(by, q):
			return "", fmt.Errorf("%s objects twice", name)
		}
		by = append(by, q)
	}
	p := s.cfg.Player
	if valid {
		p.ValidMove(mover, pair[0], pair[1])
		return "ok", nil
	}
	p.InvalidMove(mover, pair[0], pair[1])
	if o, ok := p.(pdd.Objections); ok && len(by) > 0 {
		o.Objected(mover, pair[0], pair[1], by)
	}
	return "ok", nil
}

// player returns the player the caller names: gamelab's for Me, else the
// stand-in of that name, made when first named.
func (s *session) player(name string) (pdd.Player, error) {
	if name == Me {
		return s.cfg.Player, nil
	}
	if name == "by" {
		return nil, errors.New(`"by" is no name: it comes before the players who objected`)
	}
	o := s.others[name]
	if o == nil {
		o = &other{name: name}
		s.others[name] = o
	}
	return o, nil
}

// hand writes the cards the player holds.
func (s *session) hand() string {
	held := s.cfg.Player.Cards()
	if len(held) == 0 {
		return "none"
	}
	return format(held)
}

// format writes cards as the protocol does: Short, spaced.
func format(cs []pdd.Card) string {
	words := make([]string, len(cs))
	for i, c := range cs {
		words[i] = c.Short()
	}
	return strings.Join(words, " ")
}

// cards reads words as cards, at least least of them and at most most
// (-1: any number); usage says what the command wants.
func cards(words []string, least, most int, usage string) ([]pdd.Card, error) {
	if len(words) < least || most >= 0 && len(words) > most {
		return nil, fmt.Errorf("want %s", usage)
	}
	cs := make([]pdd.Card, len(words))
	for i, w := range words {
		c, err := pdd.ParseCard(w)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	return cs, nil
}

// NewSeat returns the computer player of kind (learn.Names) with rule,
// told band of the other players' rules, for a session: one whose random
// choices draw from seed. Players that show no hand cannot play through
// the protocol.
func NewSeat(kind string, rule pdd.Rule, band pdd.Band, seed uint64) (Seat, error) {
	m, err := learn.Lookup(kind)
	if err != nil {
		return nil, err
	}
	seat, ok := m(Me, rule, band).(Seat)
	if !ok {
		return nil, fmt.Errorf("%s: this player shows no hand, which the protocol needs", kind)
	}
	if s, ok := seat.(interface{ Seed(uint64) }); ok {
		s.Seed(seed)
	}
	return seat, nil
}
