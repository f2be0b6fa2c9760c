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

// exitCode reports err on stderr (unless it was already reported) and
// returns the process's exit status: 0 for success, 2 for a command line
// that could not be parsed, 1 for anything else.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintln(stderr, "gamelab: "+cmdline.Brief(err.Error()))
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}
