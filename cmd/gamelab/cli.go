package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/kong"
)

// cli is the command tree: `gamelab <game> <verb> [flags]`.
type cli struct {
	Menu   menuCmd   `cmd:"" default:"1" hidden:"" help:"Open the menu of games."`
	Nerdle nerdleCmd `cmd:"" help:"Nerdle: guess the equation."`
	Merge  mergeCmd  `cmd:"" help:"Merge the --json reports of the shards of one benchmark run."`
}

// env is what commands may touch of the outside world; tests replace it.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// exitError ends the program with a status and no further message: the
// command has already said what there was to say (`nerdle check` on an
// invalid equation).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// usageError is a command line that could not be parsed.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() + " (see gamelab --help)" }
func (e *usageError) Unwrap() error { return e.err }

// kongExit carries kong's request to exit (after --help) out of Parse.
type kongExit int

// run parses args and runs the command they name. It is main without the
// process: everything it reads and writes goes through its arguments.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	var root cli
	parser, err := kong.New(&root,
		kong.Name("gamelab"),
		kong.Description("Play, study and beat classic puzzle and strategy games."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(kongExit(code)) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true, NoExpandSubcommands: true}),
	)
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			code, ok := r.(kongExit)
			if !ok {
				panic(r)
			}
			err = nil
			if code != 0 {
				err = &exitError{int(code)}
			}
		}
	}()
	kctx, err := parser.Parse(args)
	if err != nil {
		return &usageError{err}
	}
	return kctx.Run(&env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr})
}

// isTerminal reports whether w is a terminal, for choosing between the
// interactive and the plain form of a command.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// oneLine folds an error message onto a single line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
