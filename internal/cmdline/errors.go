package cmdline

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gamelab/internal/store"
	"gamelab/internal/tui"
)

// Crashed writes a panic's stack, and the command line args that led to
// it, to a log in the cache root and returns the one-line error that tells
// the user where it is.
func (e *Env) Crashed(args []string, pe *tui.PanicError) error {
	msg := OneLine(fmt.Sprint(pe.Value))
	dir, err := e.Cache()
	if err != nil || dir == "" {
		return fmt.Errorf("internal error: %s", msg)
	}
	path := dir.Path(fmt.Sprintf("crash-%s.log", time.Now().Format("20060102-150405.000")))
	text := fmt.Sprintf("gamelab %s\npanic: %v\n\n%s", strings.Join(args, " "), pe.Value, pe.Stack)
	if err := store.WriteAtomic(path, []byte(text)); err != nil {
		return fmt.Errorf("internal error: %s", msg)
	}
	return fmt.Errorf("internal error: %s (details in %s)", msg, path)
}

// briefHead and briefTail are how much of a long error message Brief
// keeps of its start and of its end (where a crash names its log).
const briefHead, briefTail = 240, 160

// Brief returns msg, or, if it is long (an error quoting a user's input of
// a hundred kilobytes, say), its start and its end with what lies between
// left out: an error stays one line a person can read.
func Brief(msg string) string {
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
