package protocol

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"gamelab/internal/child"
	"gamelab/internal/lines"
	"gamelab/oware"
	"gamelab/oware/search"
)

// Client is an external engine that speaks the protocol, run as a child
// process: a Searcher like ours, for matches against other programs.
type Client struct {
	Name  string // from its "id name", or the command
	p     *child.Process
	grace time.Duration // how long past its time the engine may take to answer
	mu    sync.Mutex    // sending and err, for stop from another goroutine
	err   error         // the first failure: every later search reports it

	predicted oware.Move  // the reply its last bestmove named to ponder on
	pondering *oware.Game // the game it ponders, if it does
}

// DefaultGrace is how long an engine may take to answer beyond the time
// it was given: generous, for a loaded machine, yet an engine that has
// stopped answering is given up on.
const DefaultGrace = 30 * time.Second

// Start runs command (split at spaces) and waits for its uciok. An
// engine that does not answer a command within grace (DefaultGrace if 0)
// of the time it was given is killed, and the client fails.
func Start(command string, grace time.Duration) (*Client, error) {
	p, err := child.Start(context.Background(), command)
	if err != nil {
		return nil, fmt.Errorf("engine %q: %w", command, err)
	}
	if grace <= 0 {
		grace = DefaultGrace
	}
	c := &Client{Name: command, p: p, grace: grace}
	c.send("uci")
	for line := range c.lines(c.grace) {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			c.Name = name
		}
		if line == "uciok" {
			break
		}
	}
	if err := c.ready(); err != nil {
		c.Close()
		return nil, fmt.Errorf("engine %q: %w", command, err)
	}
	return c, nil
}

func (c *Client) send(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = c.p.Send(format, args...)
	}
}

// lines yields the engine's lines until it ends, or until the time d
// runs out: the engine is then taken to have stopped answering.
func (c *Client) lines(d time.Duration) func(func(string) bool) {
	deadline := time.Now().Add(d)
	return func(yield func(string) bool) {
		for c.Err() == nil {
			line, err := c.p.ReceiveWithin(max(time.Until(deadline), time.Millisecond))
			if errors.Is(err, child.ErrSilent) {
				c.p.End(0)
				c.fail(c.p.WithLastWords(fmt.Errorf("the engine gave no answer within %v", d.Round(time.Millisecond))))
				return
			}
			if err != nil {
				c.stopped()
				return
			}
			if !yield(line) {
				return
			}
		}
	}
}

// stopped records the engine's end as the failure, with the last line it
// wrote to its standard error, which often says why.
func (c *Client) stopped() {
	// Its last words are complete once it has ended.
	c.p.End(closeGrace)
	c.fail(c.p.WithLastWords(errors.New("the engine stopped")))
}

// fail records the first failure.
func (c *Client) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
	}
}

func (c *Client) ready() error {
	c.send("isready")
	for line := range c.lines(c.grace) {
		if line == "readyok" {
			return nil
		}
	}
	return c.Err()
}

// NewGame tells the engine a new game begins.
func (c *Client) NewGame() { c.send("ucinewgame") }

// Err returns the first failure talking to the engine, if any.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Search implements search.Searcher: it sends the game's start and moves
// and the limits, reads the info lines into report and returns bestmove.
// An engine pondering (Ponder) is told ponderhit if g is the position it
// ponders, else stop, and its answer is thrown away. A failure (the
// engine died, an illegal bestmove, no bestmove within the time given and
// the client's grace) returns oware.NoMove; Err says what happened.
func (c *Client) Search(ctx context.Context, g *oware.Game, limits search.Limits, report func(search.Info)) search.Result {
	command := GoCommand{Depth: limits.Depth, MoveTime: limits.MoveTime}
	if command == (GoCommand{}) {
		command.Depth = search.ClassicDepth // the engine's own default may be to search until stop
	}
	if p := c.pondering; p != nil {
		if p.Start() == g.Start() && slices.Equal(p.Moves(), g.Moves()) {
			c.pondering = nil
			c.send("ponderhit")
			return c.answer(ctx, g, limits, report)
		}
		c.StopPondering()
	}
	c.send("%s", PositionCommand{Start: g.Start(), Moves: g.Moves()})
	c.send("%s", command)
	return c.answer(ctx, g, limits, report)
}

// answer reads the engine's answer to a search of g: its info lines into
// report, then its bestmove, which must be legal in g.
func (c *Client) answer(ctx context.Context, g *oware.Game, limits search.Limits, report func(search.Info)) search.Result {
	result := search.Result{Move: oware.NoMove}
	// Cancelling the search tells the engine to stop; it answers bestmove.
	defer context.AfterFunc(ctx, func() { c.send("stop") })()
	start := time.Now()
	for line := range c.lines(limits.MoveTime + c.grace) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "info":
			info := parseInfo(fields[1:])
			result.Info = info
			if report != nil {
				report(info)
			}
		case "bestmove":
			result.Time = time.Since(start)
			m, err := parseBestMove(fields[1:])
			if err != nil || !g.Legal().Contains(m) {
				c.fail(fmt.Errorf("%q is not a legal move in %v", lines.Clip(line), g.Position()))
				return result
			}
			result.Move, c.predicted = m, oware.NoMove
			if len(fields) == 4 && fields[2] == "ponder" {
				c.predicted, _ = oware.ParseMove(fields[3])
			}
			return result
		}
	}
	return result
}

// Ponder has the engine think in its opponent's time, after the move it
// made in g: on g and the reply its bestmove predicted, until the next
// Search. An engine that predicted none does not ponder.
func (c *Client) Ponder(g *oware.Game, limits search.Limits) {
	if c.predicted == oware.NoMove || !g.Legal().Contains(c.predicted) || c.Err() != nil {
		return
	}
	p := oware.NewGame(g.Start(), g.Rules())
	for _, m := range append(g.Moves(), c.predicted) {
		p.Play(m)
	}
	c.send("%s", PositionCommand{Start: p.Start(), Moves: p.Moves()})
	c.send("%s", GoCommand{Ponder: true, Depth: limits.Depth, MoveTime: limits.MoveTime})
	c.pondering = p
}

// StopPondering ends the engine's pondering, if it ponders, and throws
// its answer away: the opponent played another move, or the game ended.
func (c *Client) StopPondering() {
	if c.pondering == nil {
		return
	}
	c.pondering = nil
	c.send("stop")
	for line := range c.lines(c.grace) {
		if strings.HasPrefix(line, "bestmove") {
			return
		}
	}
}

// closeGrace is how long an engine has to end once its input is closed
// before it is killed.
const closeGrace = 2 * time.Second

// Close asks the engine to quit and waits for it, killing it if it has
// not ended within two seconds; it returns its exit status.
func (c *Client) Close() error {
	c.send("quit")
	return c.p.End(closeGrace)
}
