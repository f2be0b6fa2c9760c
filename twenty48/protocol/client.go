package protocol

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"gamelab/twenty48"
)

// Client is a 2048 player run as another program that speaks the
// protocol: a player.Strategy like ours, so that the benchmark and the
// game's hints can use other people's players (in any language) on the
// same seeded games. Its first failure (the program would not start,
// stopped, or answered a line that is no move of the board) ends its
// play: Move then reports no move, and Err says why.
type Client struct {
	command string
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	stderr  *lastLine
	err     error
}

// Start runs command (split at spaces) as a player; ctx ending kills it.
// A program that cannot be started gives a Client whose Err says so, so
// that a Factory, which cannot fail, can make one.
func Start(ctx context.Context, command string) *Client {
	args := strings.Fields(command)
	if len(args) == 0 {
		return &Client{command: command, err: errors.New("player command: empty")}
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return &Client{command: command, err: fmt.Errorf("player %q: %w", command, err)}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return &Client{command: command, err: fmt.Errorf("player %q: %w", command, err)}
	}
	c := newClient(command, in, out)
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		c.err = fmt.Errorf("player %q: %w", command, err)
		return c
	}
	c.cmd = cmd
	return c
}

// newClient returns a client talking to a player through in and out.
func newClient(command string, in io.WriteCloser, out io.Reader) *Client {
	return &Client{command: command, in: in, out: bufio.NewScanner(out), stderr: &lastLine{}}
}

// Seed implements player.Seeder: it begins a new game, as the protocol's
// new command, with the game's player seed.
func (c *Client) Seed(seed uint64) {
	if reply, ok := c.ask("new %d", seed); ok && reply != "ok" {
		c.fail("answered %q to new %d, where ok was due", reply, seed)
	}
}

// Move implements player.Strategy. A board no move changes is not sent
// (the game is over); a reply that is not a move changing b is a failure.
func (c *Client) Move(b twenty48.Board) (twenty48.Direction, bool) {
	if !live(b) {
		return 0, false
	}
	reply, ok := c.ask("board %s", b.Exponents())
	if !ok {
		return 0, false
	}
	d, err := twenty48.ParseDirection(reply)
	if err != nil {
		c.fail("answered %q to board %s", reply, b.Exponents())
		return 0, false
	}
	if next, _ := b.Move(d); next == b {
		c.fail("answered %v to board %s, a move that changes nothing", d, b.Exponents())
		return 0, false
	}
	return d, true
}

// live reports whether some move changes b.
func live(b twenty48.Board) bool {
	for _, d := range twenty48.Directions {
		if next, _ := b.Move(d); next != b {
			return true
		}
	}
	return false
}

// ask sends a command and returns the reply, or false after a failure.
func (c *Client) ask(format string, args ...any) (string, bool) {
	if c.err != nil {
		return "", false
	}
	if _, err := fmt.Fprintf(c.in, format+"\n", args...); err != nil || !c.out.Scan() {
		// Its last words on standard error are complete once it has ended.
		c.end()
		c.fail("stopped")
		return "", false
	}
	reply := strings.TrimSpace(c.out.Text())
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
	c.err = fmt.Errorf("player %q %s", c.command, fmt.Sprintf(format, args...))
	if line := c.stderr.String(); line != "" {
		c.err = fmt.Errorf("%w; its last words: %s", c.err, line)
	}
}

// Err returns the client's first failure, if any.
func (c *Client) Err() error { return c.err }

// Close ends the session (quit) and waits for the program to end. It
// reports the client's failure, if any, not the program's exit status.
func (c *Client) Close() error {
	if c.in != nil && c.err == nil {
		fmt.Fprintln(c.in, "quit")
	}
	c.end()
	return c.err
}

// end closes the program's input and waits for it to end, killing it if
// it has not within a second.
func (c *Client) end() {
	if c.in != nil {
		c.in.Close()
	}
	if c.cmd == nil {
		return
	}
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		c.cmd.Process.Kill()
		<-done
	}
	c.cmd = nil
}

// lastLine keeps the last non-empty line written to it.
type lastLine struct {
	mu      sync.Mutex
	partial []byte
	last    string
}

func (l *lastLine) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		if line := strings.TrimSpace(string(l.partial[:i])); line != "" {
			l.last = line
		}
		l.partial = l.partial[i+1:]
	}
	// A program writing without newlines must not fill the memory.
	if len(l.partial) > 4096 {
		l.partial = l.partial[len(l.partial)-4096:]
	}
	return len(p), nil
}

// String returns the last line, or the unfinished one after it.
func (l *lastLine) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if line := strings.TrimSpace(string(l.partial)); line != "" {
		return line
	}
	return l.last
}
