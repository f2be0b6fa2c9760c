package protocol

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gamelab/internal/child"
	"gamelab/internal/lines"
	"gamelab/internal/registry"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Client is a solver run as another program that speaks the protocol: a
// solve.Solver like ours, so that the benchmark can measure other
// people's solvers (in any language) on the same secrets. Its first
// failure (the program would not start, stopped, fell silent, or answered
// what is no guess) ends its play, and Guess returns it from then on.
type Client struct {
	child.Talk
	pending string // the first guess, written unasked at the start
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
	c := &Client{Talk: child.Talk{Who: fmt.Sprintf("solver %q", command), P: p, Timeout: timeout}}
	// The protocol's first line is the first guess, written unasked.
	if c.pending, err = c.Receive("its first guess"); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Guess implements solve.Solver: it tells the program the colours of h's
// last row (or begins a new game for a history of none: the first takes
// the guess written at the start) and returns the guess it answers.
func (c *Client) Guess(h solve.History) (nerdle.Equation, error) {
	if err := c.Err(); err != nil {
		return 0, err
	}
	var line string
	var err error
	switch {
	case len(h.Rows) == 0 && c.pending != "":
		line, c.pending = c.pending, ""
	case len(h.Rows) == 0:
		line, err = c.Ask("new", "the first guess of a new game")
	default:
		// A game is never asked past its all-green row: the next begins
		// with new, which abandons it on the program's side too.
		colours := h.Rows[len(h.Rows)-1].Feedback.Format(h.Length)
		line, err = c.Ask(colours, "its guess after "+colours)
	}
	if err != nil {
		return 0, err
	}
	if msg, ok := strings.CutPrefix(line, "error:"); ok {
		if strings.Contains(msg, "no ") && strings.Contains(msg, "fits") {
			return 0, solve.ErrInconsistent
		}
		return 0, c.Fail(fmt.Errorf("answered with an error:%s", lines.Clip(msg)))
	}
	g, err := nerdle.ParseEquation(line)
	if err != nil {
		return 0, c.Fail(fmt.Errorf("answered %q, which is no equation", lines.Clip(line)))
	}
	return g, nil
}

// Lookup returns the factory of the solver name names: a registered one
// (solve.Lookup), or cmd:<command> for a program speaking the protocol,
// given up on after timeout (DefaultTimeout if 0).
func Lookup(ctx context.Context, name string, timeout time.Duration) (solve.Factory, error) {
	if command, ok, err := registry.ParseCommand(name); ok {
		return func(*solve.Universe) (solve.Solver, error) { return Start(ctx, command, timeout) }, err
	}
	return solve.Lookup(name)
}
