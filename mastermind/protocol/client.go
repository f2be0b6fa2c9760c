package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamelab/internal/child"
	"gamelab/internal/lines"
	"gamelab/internal/registry"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
)

// Client is a codebreaker run as another program that speaks the
// protocol: a breaker.Breaker like ours, so that the benchmark can
// measure other people's codebreakers (in any language) on the same
// secrets. Its first failure (the program would not start, stopped, fell
// silent, or answered what is no code of the game) ends its play: Guess
// then returns nil, and Err says why.
type Client struct {
	child.Talk
	pegs, colours int
	pending       string // the first guess, written unasked at the start
}

// DefaultTimeout is how long a codebreaker may take to answer: generous,
// for a loaded machine, yet a program that has stopped answering is given
// up on.
const DefaultTimeout = 60 * time.Second

// Start runs command (split at spaces) as a codebreaker of codes of pegs
// pegs over colours colours; ctx ending kills it. A program that does not
// answer within timeout (DefaultTimeout if 0) is killed, and the client
// fails.
func Start(ctx context.Context, command string, pegs, colours int, timeout time.Duration) (*Client, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	p, err := child.Start(ctx, command)
	if err != nil {
		return nil, fmt.Errorf("codebreaker %q: %w", command, err)
	}
	c := &Client{Talk: child.Talk{Who: fmt.Sprintf("codebreaker %q", command), P: p, Timeout: timeout}, pegs: pegs, colours: colours}
	if c.pending, err = c.Receive("its first guess"); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Guess implements breaker.Breaker: it sends the answer to the last guess
// of hints (or begins a new game for no hints: the first takes the guess
// written at the start) and returns the guess the program answers; nil
// after a failure.
func (c *Client) Guess(hints []mastermind.Hint) mastermind.Code {
	if c.Err() != nil {
		return nil
	}
	var line string
	var err error
	switch {
	case len(hints) == 0 && c.pending != "":
		line, c.pending = c.pending, ""
	case len(hints) == 0:
		// A game is never asked past its all-black answer: new abandons
		// it on the program's side too.
		line, err = c.Ask("new", "the first guess of a new game")
	default:
		answer := hints[len(hints)-1].Answer.String()
		line, err = c.Ask(answer, "its guess after "+answer)
	}
	if err != nil {
		return nil
	}
	if msg, ok := strings.CutPrefix(line, "error:"); ok {
		c.Fail(fmt.Errorf("answered with an error:%s", msg))
		return nil
	}
	code, err := parseCode(line, c.pegs, c.colours)
	if err != nil {
		c.Fail(fmt.Errorf("answered %q: %w", lines.Clip(line), err))
		return nil
	}
	return code
}

// parseCode reads a guess as the protocol writes it: pegs colours from 1
// to colours, spaced.
func parseCode(line string, pegs, colours int) (mastermind.Code, error) {
	words := strings.Fields(line)
	if len(words) != pegs {
		return nil, fmt.Errorf("a code of %d pegs, not %d", len(words), pegs)
	}
	code := make(mastermind.Code, pegs)
	for i, w := range words {
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || n > colours {
			return nil, fmt.Errorf("peg %d: %q is not a colour from 1 to %d", i+1, w, colours)
		}
		code[i] = uint8(n)
	}
	return code, nil
}

// Lookup returns the factory of the codebreaker name names: a registered
// one (breaker.Lookup), or cmd:<command> for a program speaking the
// protocol, given up on after timeout (DefaultTimeout if 0).
func Lookup(ctx context.Context, name string, timeout time.Duration) (breaker.Factory, error) {
	if command, ok, err := registry.ParseCommand(name); ok {
		return func(pegs, colours int, _ breaker.Options) (breaker.Breaker, error) {
			return Start(ctx, command, pegs, colours, timeout)
		}, err
	}
	return breaker.Lookup(name)
}
