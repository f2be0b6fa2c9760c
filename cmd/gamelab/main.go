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
	"unicode/utf8"

	_ "gamelab/internal/quietterm" // before bubbletea: see its documentation
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// briefHead and briefTail are how much of a long error message brief
// keeps of its start and of its end (where a crash names its log).
const briefHead, briefTail = 240, 160

// brief returns msg, or, if it is long (an error quoting a user's input of
// a hundred kilobytes, say), its start and its end with what lies between
// left out: an error stays one line a person can read.
func brief(msg string) string {
	if len(msg) <= briefHead+briefTail+40 {
		return msg
	}
	head, tail := briefHead, len(msg)-briefTail
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	for tail < len(msg) && !utf8.RuneStart(msg[tail]) {
		tail++
	}
	return fmt.Sprintf("%s … (%d bytes left out) … %s", msg[:head], tail-head, msg[tail:])
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
	fmt.Fprintln(stderr, "gamelab: "+brief(err.Error()))
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}
