package cmdline

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
)

// ExitError ends the program with a status and no further message: the
// command has already said what there was to say (`nerdle check` on an
// invalid equation).
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// UsageError is a command line that could not be used; Command is the
// command it names as far as it could be read ("oware egdb"), for the
// help it points to.
type UsageError struct {
	Err     error
	Command string
}

func (e *UsageError) Error() string {
	help := strings.Join(append(append([]string{"gamelab"}, strings.Fields(e.Command)...), "--help"), " ")
	return Plain(e.Err.Error()) + " (see " + help + ")"
}

func (e *UsageError) Unwrap() error { return e.Err }

// CommandError is an error of a command, which ExitCode reports as
// "gamelab <command>: <message>".
type CommandError struct {
	Command string // "oware engine"
	Err     error
}

func (e *CommandError) Error() string { return e.Err.Error() }
func (e *CommandError) Unwrap() error { return e.Err }

// CommandOf returns the command kctx names, without flags or arguments:
// "oware egdb build".
func CommandOf(kctx *kong.Context) string {
	if kctx == nil {
		return ""
	}
	var words []string
	for _, trace := range kctx.Path {
		if trace.Command != nil {
			words = append(words, trace.Command.Name)
		}
	}
	return strings.Join(words, " ")
}

// errInterrupted marks the error of a command stopped by a signal.
var errInterrupted = errors.New("interrupted")

// interruptedError is the error of a command stopped by a signal.
type interruptedError struct{ err error }

func (e *interruptedError) Error() string   { return e.err.Error() }
func (e *interruptedError) Unwrap() []error { return []error{e.err, errInterrupted} }

// Interrupted marks err as the end of a command stopped by a signal.
func Interrupted(err error) error { return &interruptedError{err} }

// ExitCode reports err on stderr (unless it was already reported) and
// returns the process's exit status: 0 for success, 2 for a command line
// that could not be used, 130 for a command interrupted (an interrupt or
// a SIGTERM), 1 for anything else. The message names the command:
// "gamelab oware engine: …".
func ExitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	prefix, msg := "gamelab", err.Error()
	var ce *CommandError
	if errors.As(err, &ce) && ce.Command != "" {
		prefix += " " + ce.Command
		// Kong and the commands name the command themselves at times.
		msg = strings.TrimPrefix(msg, ce.Command+": ")
	}
	fmt.Fprintln(stderr, prefix+": "+Brief(msg))
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		return 2
	case errors.Is(err, errInterrupted):
		return 130
	}
	return 1
}
