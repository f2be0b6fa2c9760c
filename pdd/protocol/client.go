package protocol

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"gamelab/internal/child"
	"gamelab/internal/lines"
	"gamelab/pdd"
)

// Client is a computer player run as another program that speaks the
// protocol: a seat at a tournament's table like ours, so that the
// benchmark can measure other people's players (in any language) in the
// same games. The client keeps the hand the program was dealt and drew,
// and refuses a card it does not hold. Its first failure (the program
// would not start, stopped, fell silent, or answered what is no move)
// ends its play: it then draws at every turn, and Err says why.
type Client struct {
	child.Talk
	name string
	rule pdd.Rule
	hand []pdd.Card
}

// DefaultTimeout is how long a player may take to answer.
const DefaultTimeout = 30 * time.Second

// StartSeat runs command (split at spaces) as the player seated as name;
// ctx ending kills it. A program that does not answer within timeout
// (DefaultTimeout if 0) is killed, and the client fails.
func StartSeat(ctx context.Context, command, name string, timeout time.Duration) (*Client, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	p, err := child.Start(ctx, command)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", command, err)
	}
	return &Client{Talk: child.Talk{Who: "player " + name, P: p, Timeout: timeout}, name: name, rule: pdd.MauMau()}, nil
}

// Name implements pdd.Player.
func (c *Client) Name() string { return c.name }

// Invent implements pdd.Player: the rule the table gave the seat.
func (c *Client) Invent() pdd.Rule { return c.rule }

// SetRule implements learn.Seat: the rule, which the program cannot be
// told without its words (SetExpr).
func (c *Client) SetRule(r pdd.Rule) { c.rule = r }

// SetExpr gives the seat its rule in the rule language, and tells the
// program (rule EXPR).
func (c *Client) SetExpr(x pdd.Expr) {
	c.rule = x.Rule()
	c.ask("rule " + x.String())
}

// StartNewGame implements pdd.Player: new C1 C2 ….
func (c *Client) StartNewGame(hand []pdd.Card) {
	c.hand = slices.Clone(hand)
	c.ask("new " + cardList(hand))
}

// Take implements pdd.Player: take C.
func (c *Client) Take(card pdd.Card) {
	c.hand = append(c.hand, card)
	c.ask("take " + card.Short())
}

// NumberOfCards implements pdd.Player.
func (c *Client) NumberOfCards() int { return len(c.hand) }

// Play implements pdd.Player: play TOP, answered by lay C or draw.
func (c *Client) Play(top pdd.Card) (pdd.Card, bool) {
	reply := c.ask("play " + top.Short())
	card, ok := strings.CutPrefix(reply, "lay ")
	if !ok {
		if reply != "draw" && c.Err() == nil {
			c.Fail(fmt.Errorf("answered %q to play %s, where lay C or draw was due", lines.Clip(reply), top.Short()))
		}
		return pdd.Card{}, false
	}
	laid, err := pdd.ParseCard(strings.TrimSpace(card))
	i := slices.Index(c.hand, laid)
	if err != nil || i < 0 {
		c.Fail(fmt.Errorf("laid %q, which it does not hold", lines.Clip(card)))
		return pdd.Card{}, false
	}
	c.hand = slices.Delete(c.hand, i, i+1)
	return laid, true
}

// ValidMove implements pdd.Listener: valid P TOP C.
func (c *Client) ValidMove(p pdd.Player, top, played pdd.Card) {
	c.ask(fmt.Sprintf("valid %s %s %s", c.nameOf(p), top.Short(), played.Short()))
}

// InvalidMove implements pdd.Listener; Objected tells the program, with
// who objected.
func (c *Client) InvalidMove(pdd.Player, pdd.Card, pdd.Card) {}

// Objected implements pdd.Objections: invalid P TOP C by Q R ….
func (c *Client) Objected(p pdd.Player, top, played pdd.Card, by []pdd.Player) {
	line := fmt.Sprintf("invalid %s %s %s", c.nameOf(p), top.Short(), played.Short())
	if len(by) > 0 {
		names := make([]string, len(by))
		for i, q := range by {
			names[i] = c.nameOf(q)
		}
		line += " by " + strings.Join(names, " ")
	}
	c.ask(line)
}

// nameOf names a player in the protocol: me for this seat, else its name
// with its spaces joined.
func (c *Client) nameOf(p pdd.Player) string {
	if p == pdd.Player(c) {
		return Me
	}
	return strings.ReplaceAll(p.Name(), " ", "-")
}

// ask sends line and returns the answer, or "" after a failure: an
// error line is one.
func (c *Client) ask(line string) string {
	reply, err := c.Ask(line, "the answer to "+line)
	if err != nil {
		return ""
	}
	if msg, ok := strings.CutPrefix(reply, "error:"); ok {
		c.Fail(fmt.Errorf("answered %q with an error:%s", lines.Clip(line), lines.Clip(msg)))
		return ""
	}
	return reply
}

// cardList writes cards as the protocol does, spaced.
func cardList(cards []pdd.Card) string {
	words := make([]string, len(cards))
	for i, c := range cards {
		words[i] = c.Short()
	}
	return strings.Join(words, " ")
}
