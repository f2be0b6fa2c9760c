package protocol

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gamelab/internal/child"
	"gamelab/internal/lines"
	"gamelab/internal/registry"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// Client is a 2048 player run as another program that speaks the
// protocol: a player.Strategy like ours, so that the benchmark and the
// game's hints can use other people's players (in any language) on the
// same seeded games. Its first failure (the program would not start,
// stopped, or answered a line that is no move of the board) ends its
// play: Move then reports no move, and Err says why.
type Client struct {
	command string
	p       *child.Process
	timeout time.Duration // for each answer
	err     error
}

// DefaultTimeout is how long a player may take to answer: generous, for
// a loaded machine, yet a program that has stopped answering is given
// up on.
const DefaultTimeout = 30 * time.Second

// Start runs command (split at spaces) as a player; ctx ending kills it.
// A program that cannot be started gives a Client whose Err says so, so
// that a Factory, which cannot fail, can make one. A program that does
// not answer a line within timeout (DefaultTimeout if 0) is killed, and
// the client fails.
func Start(ctx context.Context, command string, timeout time.Duration) *Client {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	p, err := child.Start(ctx, command)
	if err != nil {
		return &Client{command: command, err: fmt.Errorf("player %q: %w", command, err)}
	}
	return &Client{command: command, p: p, timeout: timeout}
}

// Seed implements player.Seeder: it begins a new game, as the protocol's
// new command, with the game's player seed.
func (c *Client) Seed(seed uint64) {
	command := NewCommand{seed}
	if reply, ok := c.ask(command); ok && reply != "ok" {
		c.fail("answered %q to %v, where ok was due", lines.Clip(reply), command)
	}
}

// Move implements player.Strategy.
func (c *Client) Move(b twenty48.Board) (twenty48.Direction, bool) { return c.MoveGrid(b.Grid()) }

// MoveGrid implements player.GridStrategy, so that the program sees tiles
// over 32768 as they are. A grid no move changes is not sent (the game is
// over); a reply that is not a move changing g is a failure.
func (c *Client) MoveGrid(g twenty48.Grid) (twenty48.Direction, bool) {
	if !g.CanMove() {
		return 0, false
	}
	command := BoardCommand{g}
	reply, ok := c.ask(command)
	if !ok {
		return 0, false
	}
	d, err := twenty48.ParseDirection(reply)
	if err != nil {
		c.fail("answered %q to %v", lines.Clip(reply), command)
		return 0, false
	}
	if _, _, moved := g.Move(d, nil); !moved {
		c.fail("answered %v to %v, a move that changes nothing", d, command)
		return 0, false
	}
	return d, true
}

// ask sends a command and returns the reply, or false after a failure.
func (c *Client) ask(command Command) (string, bool) {
	if c.err != nil {
		return "", false
	}
	if c.p.Send("%v", command) != nil {
		c.p.End(time.Second)
		c.fail("stopped")
		return "", false
	}
	reply, err := c.p.ReceiveWithin(c.timeout)
	if errors.Is(err, child.ErrSilent) {
		c.p.End(0)
		c.fail("gave no answer to %v within %v", command, c.timeout)
		return "", false
	}
	if err != nil {
		// Its last words on standard error are complete once it has ended.
		c.p.End(time.Second)
		c.fail("stopped")
		return "", false
	}
	if msg, ok := strings.CutPrefix(reply, "error:"); ok {
		c.fail("answered with an error:%s", msg)
		return "", false
	}
	return reply, true
}

// fail records the first failure, with the last line the program wrote
// to its standard error, which often says why it stopped.
func (c *Client) fail(format string, args ...any) {
	if c.err != nil {
		return
	}
	c.err = c.p.WithLastWords(fmt.Errorf("player %q %s", c.command, fmt.Sprintf(format, args...)))
}

// Err returns the client's first failure, if any.
func (c *Client) Err() error { return c.err }

// Close ends the session (quit) and waits for the program to end,
// killing it if it has not within a second. It reports the client's
// failure, if any, not the program's exit status.
func (c *Client) Close() error {
	if c.p == nil {
		return c.err
	}
	if c.err == nil {
		c.p.Send("quit")
	}
	c.p.End(time.Second)
	return c.err
}

// Program returns, if name is cmd:<command>, the factory of players run
// as that program, each given up on after timeout (DefaultTimeout if
// 0), and true; an error if it names none. For any other name it returns
// false: a registered player (player.Select).
func Program(ctx context.Context, name string, timeout time.Duration) (player.Factory, bool, error) {
	command, ok, err := registry.ParseCommand(name)
	if !ok || err != nil {
		return nil, ok, err
	}
	// Each worker of a benchmark runs a program of its own.
	return func(player.Options) player.Strategy { return Start(ctx, command, timeout) }, true, nil
}
