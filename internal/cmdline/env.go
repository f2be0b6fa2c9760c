// Package cmdline holds what every command of gamelab shares beneath its
// own flags: the streams and context a command runs with, flag types
// (times, workers, shards), the parser's messages in the command line's
// words, and the running of full-screen programs and benchmarks.
package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/cache"
	"gamelab/internal/tui"
)

// Env is what a command may touch of the outside world; tests replace it.
type Env struct {
	Ctx      context.Context
	Stdin    io.Reader
	Stdout   io.Writer
	Stderr   io.Writer
	CacheDir string // --cache-dir, if given
}

// Interruptible runs work until it returns or e's context ends, at an
// interrupt or a SIGTERM, and then returns the context's cause. Work that
// never looks (a protocol server blocked reading its input, a perft deep
// in the engine's pure code) would otherwise never see the signal: Ctrl-C
// in a terminal and a tournament runner's SIGTERM left the servers
// running. On a signal the work is left where it is; the process exits.
func (e *Env) Interruptible(work func() error) error {
	done := make(chan error, 1)
	go func() { done <- work() }()
	select {
	case err := <-done:
		return err
	case <-e.Ctx.Done():
		return context.Cause(e.Ctx)
	}
}

// Cache returns the cache root: --cache-dir, GAMELAB_CACHE_DIR or the
// user's cache directory.
func (e *Env) Cache() (cache.Dir, error) {
	if e.CacheDir != "" {
		return cache.Dir(e.CacheDir), nil
	}
	return cache.Default()
}

// Terminal reports whether both stdin and stdout are a terminal, as the
// full-screen programs need.
func (e *Env) Terminal() bool { return IsTerminal(e.Stdin) && IsTerminal(e.Stdout) }

// Program returns the full-screen program of model m on e's streams.
func (e *Env) Program(m tea.Model) *tui.Program {
	return tui.NewProgram(e.Ctx, e.Stdin, e.Stdout, m)
}

// Run runs p and names the command in its errors (but a panic's, which
// the caller logs whole).
func (e *Env) Run(p *tui.Program, name string) (tea.Model, error) {
	m, err := p.Run(e.Stdout)
	var pe *tui.PanicError
	if err != nil && !errors.As(err, &pe) {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return m, err
}

// Play runs the full-screen program of m, named name in its errors.
func (e *Env) Play(m tea.Model, name string) error {
	_, err := e.Run(e.Program(m), name)
	return err
}

// IsTerminal reports whether f is a terminal, for choosing between the
// interactive and the plain form of a command.
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	info, err := file.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
