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
}

// Start runs command, split at spaces; ctx ending kills it.
func Start(ctx context.Context, command string) (*Process, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
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
	return &Process{in: in, out: bufio.NewScanner(out)}
}

// Send writes one line to the program.
func (p *Process) Send(format string, args ...any) error {
	_, err := fmt.Fprintf(p.in, format+"\n", args...)
	return err
}

// Receive returns the program's next line, spaces trimmed, or false once
// its output has ended.
func (p *Process) Receive() (string, bool) {
	if !p.out.Scan() {
		return "", false
	}
	return strings.TrimSpace(p.out.Text()), true
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
