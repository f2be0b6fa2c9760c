// Command gamelab plays, studies and solves classic puzzle and strategy
// games in the terminal. Run it without arguments for a menu of the games,
// or see `gamelab --help`.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"gamelab/internal/cmdline"
	_ "gamelab/internal/quietterm" // before bubbletea: see its documentation
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// errInterrupted marks the error of a command stopped by a signal.
var errInterrupted = errors.New("interrupted")

// interruptedError is the error of a command stopped by a signal.
type interruptedError struct{ err error }

func (e *interruptedError) Error() string   { return e.err.Error() }
func (e *interruptedError) Unwrap() []error { return []error{e.err, errInterrupted} }

// exitCode reports err on stderr (unless it was already reported) and
// returns the process's exit status: 0 for success, 2 for a command line
// that could not be parsed, 130 for a command interrupted (an interrupt
// or a SIGTERM), 1 for anything else. The message names the command:
// "gamelab oware engine: …".
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	prefix, msg := "gamelab", err.Error()
	var ce *commandError
	if errors.As(err, &ce) && ce.command != "" {
		prefix += " " + ce.command
		// Kong and the commands name the command themselves at times.
		msg = strings.TrimPrefix(msg, ce.command+": ")
	}
	fmt.Fprintln(stderr, prefix+": "+cmdline.Brief(msg))
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		return 2
	case errors.Is(err, errInterrupted):
		return 130
	}
	return 1
}
