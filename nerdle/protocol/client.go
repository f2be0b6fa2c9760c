package protocol

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gamelab/internal/child"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Client is a solver run as another program that speaks the protocol: a
// solve.Solver like ours, so that the benchmark can measure other
// people's solvers (in any language) on the same secrets. Its first
// failure (the program would not start, stopped, fell silent, or answered
// what is no guess) ends its play, and Guess returns it from then on.
type Client struct {
	command string
	p       *child.Process
	timeout time.Duration
	pending string // the first guess, written unasked at the start
	err     error
}

// DefaultTimeout is how long a solver may take to answer: generous, for
// the start-up of a long length, yet a program that has stopped answering
// is given up on.
const DefaultTimeout = 60 * time.Second

// Start runs command (split at spaces) as a solver; ctx ending kills it.
// A program that does not answer within timeout (DefaultTimeout if 0) is
// killed, and the client fails.
func Start(ctx context.Context, command string, timeout time.Duration) (*Client, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	p, err := child.Start(ctx, command)
	if err != nil {
		return nil, fmt.Errorf("solver %q: %w", command, err)
	}
	c := &Client{command: command, p: p, timeout: timeout}
	// The protocol's first line is the first guess, written unasked.
	if c.pending, err = c.receive("its first guess"); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Guess implements solve.Solver: it tells the program the colours of h's
// last row (or begins a new game for a history of none: the first takes
// the guess written at the start) and returns the guess it answers.
func (c *Client) Guess(h solve.History) (nerdle.Equation, error) {
	if c.err != nil {
		return 0, c.err
	}
	var line string
	var err error
	switch {
	case len(h.Rows) == 0 && c.pending != "":
		line, c.pending = c.pending, ""
	case len(h.Rows) == 0:
		line, err = c.ask("new", "the first guess of a new game")
	default:
		// A game is never asked past its all-green row: the next begins
		// with new, which abandons it on the program's side too.
		colours := h.Rows[len(h.Rows)-1].Feedback.Format(h.Length)
		line, err = c.ask(colours, "its guess after "+colours)
	}
	if err != nil {
		return 0, err
	}
	if msg, ok := strings.CutPrefix(line, "error:"); ok {
		if strings.Contains(msg, "no ") && strings.Contains(msg, "fits") {
			return 0, solve.ErrInconsistent
		}
		return 0, c.fail(fmt.Errorf("answered with an error:%s", msg))
	}
	g, err := nerdle.ParseEquation(line)
	if err != nil {
		return 0, c.fail(fmt.Errorf("answered %q, which is no equation", line))
	}
	return g, nil
}

// ask sends line and returns the reply, what it waits for named in the
// error if none comes.
func (c *Client) ask(line, waitingFor string) (string, error) {
	if err := c.p.Send("%s", line); err != nil {
		return "", c.fail(fmt.Errorf("stopped"))
	}
	return c.receive(waitingFor)
}

// receive returns the program's next line.
func (c *Client) receive(waitingFor string) (string, error) {
	line, err := c.p.ReceiveWithin(c.timeout)
	switch {
	case errors.Is(err, child.ErrSilent):
		c.p.End(0)
		return "", c.fail(fmt.Errorf("gave no answer within %v, waiting for %s", c.timeout, waitingFor))
	case err != nil:
		c.p.End(time.Second)
		return "", c.fail(fmt.Errorf("stopped, waiting for %s", waitingFor))
	}
	return line, nil
}

// fail records the first failure, with the program's last words.
func (c *Client) fail(err error) error {
	if c.err == nil {
		c.err = c.p.WithLastWords(fmt.Errorf("solver %q %w", c.command, err))
	}
	return c.err
}

// Err returns the client's first failure, if any.
func (c *Client) Err() error { return c.err }

// Close ends the session (quit) and waits for the program to end,
// killing it if it has not within a second.
func (c *Client) Close() error {
	if c.err == nil {
		c.p.Send("quit")
	}
	c.p.End(time.Second)
	return nil
}
