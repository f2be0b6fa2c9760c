// Package child runs another program that speaks a line protocol on its
// standard input and output (a player, an engine), as the games' protocol
// clients do: one command a line out, one line at a time back, and the
// program's last words on standard error kept to say why it stopped.
//
// A Process is used by one goroutine at a time, except that Send may be
// called from another while Receive waits (to stop a search, say), as
// long as the two do not send at once.
package child

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
)

// Process is a running program and its pipes.
type Process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr lastLine

	// lines carries the program's output, read on a goroutine of its
	// own once ReceiveWithin is first called, so that a wait can end.
	lines chan string
	once  sync.Once
	ended chan struct{} // closed by End: the reader stops handing lines on
	end   sync.Once
}

// ErrSilent is ReceiveWithin's error for a program that wrote no line in
// the time allowed.
var ErrSilent = errors.New("no answer in the time allowed")

// Start runs command, split at spaces; ctx ending kills it.
func Start(ctx context.Context, command string) (*Process, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	// A program killed may leave children holding its pipes (a shell
	// script's sleep): Wait gives up on them after this delay rather than
	// waiting for them to end.
	cmd.WaitDelay = 500 * time.Millisecond
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := Pipe(in, out)
	cmd.Stderr = &p.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p.cmd = cmd
	return p, nil
}

// Pipe returns a Process that writes to in and reads from out, with no
// program behind them: tests serve the protocol on the other ends.
func Pipe(in io.WriteCloser, out io.Reader) *Process {
	return &Process{in: in, out: bufio.NewScanner(out), ended: make(chan struct{})}
}

// Send writes one line to the program.
func (p *Process) Send(format string, args ...any) error {
	_, err := fmt.Fprintf(p.in, format+"\n", args...)
	return err
}

// Receive returns the program's next line, spaces trimmed, or false once
// its output has ended.
func (p *Process) Receive() (string, bool) {
	line, err := p.ReceiveWithin(0)
	return line, err == nil
}

// ReceiveWithin returns the program's next line, spaces trimmed, waiting
// at most d for it (for ever if d is 0). Once the output has ended it
// returns io.EOF; after d with no line, ErrSilent, and the program, which
// is taken not to answer any more, is killed.
func (p *Process) ReceiveWithin(d time.Duration) (string, error) {
	p.once.Do(func() {
		p.lines = make(chan string)
		go func() {
			defer close(p.lines)
			for p.out.Scan() {
				select {
				case p.lines <- strings.TrimSpace(p.out.Text()):
				case <-p.ended:
					return
				}
			}
		}()
	})
	var timeout <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", io.EOF
		}
		return line, nil
	case <-timeout:
		if p.cmd != nil && p.cmd.Process != nil {
			p.cmd.Process.Kill()
		}
		return "", ErrSilent
	}
}

// LastWords returns the last line the program wrote to its standard error
// (often why it stopped), or "". It is complete once End has returned.
func (p *Process) LastWords() string { return p.stderr.String() }

// WithLastWords returns err with the program's last words after it, if it
// wrote any: the reason a client gives for the program's failure.
func (p *Process) WithLastWords(err error) error {
	if words := p.LastWords(); words != "" {
		return fmt.Errorf("%w; its last words: %s", err, words)
	}
	return err
}

// End closes the program's input, which tells a well-behaved program to
// end, and waits for it to; one that has not ended after grace is
// killed. It returns the program's exit status, nil once ended before.
// Output not yet received is lost: End belongs after the last Receive.
func (p *Process) End(grace time.Duration) error {
	p.end.Do(func() { close(p.ended) })
	if p.in != nil {
		p.in.Close()
	}
	if p.cmd == nil {
		return nil
	}
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(grace):
		p.cmd.Process.Kill()
		err = <-done
	}
	p.cmd = nil
	return err
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
