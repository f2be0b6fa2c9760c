package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alecthomas/kong"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/cache"
	"gamelab/internal/store"
	"gamelab/internal/tui"
	"gamelab/mastermind/breaker"
	mmplay "gamelab/mastermind/play"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
	"gamelab/oware/match"
	"gamelab/oware/search"
	"gamelab/pdd"
	"gamelab/pdd/learn"
	pddplay "gamelab/pdd/play"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// cli is the command tree: `gamelab <game> <verb> [flags]`.
type cli struct {
	CacheDir string `name:"cache-dir" env:"GAMELAB_CACHE_DIR" placeholder:"DIR" help:"Where to keep caches (trees, openers, crash logs); default: gamelab in the user cache directory."`

	Menu  menuCmd      `cmd:"" default:"1" hidden:"" help:"Open the menu of games."`
	Games kong.Plugins `embed:""` // the games' commands: gameTrees
	Merge mergeCmd     `cmd:"" help:"Merge the --json reports of the shards of one benchmark run."`
}

// Each game's commands are a struct of their own, so that the tree holds
// the commands of one game or of all (gameTrees).
type (
	nerdleTree struct {
		Nerdle nerdleCmd `cmd:"" help:"Nerdle: guess the equation."`
	}
	twenty48Tree struct {
		Twenty48 twenty48Cmd `cmd:"" name:"2048" help:"2048: slide and merge tiles."`
	}
	mastermindTree struct {
		Mastermind mastermindCmd `cmd:"" help:"Mastermind: every code consistent with the hints; break the colour code."`
	}
	owareTree struct {
		Oware owareCmd `cmd:"" help:"Oware (Abapa): the mancala game, its engines and its endgame database."`
	}
	pddTree struct {
		PDD pddCmd `cmd:"" name:"pdd" help:"People's Democratic Dictatorship: the card game of secret rules."`
	}
)

// gameTrees returns the games' commands for the command line args: those
// of the game args begin with, else all of them. Kong builds each flag of
// each command from its struct tags when the tree is made: the whole tree
// took 5 ms of every command's start, most of it for games the command
// does not touch (1.6 ms warm, 0.2 ms for one game).
func gameTrees(args []string) kong.Plugins {
	var all kong.Plugins
	for _, g := range games {
		if len(args) > 0 && args[0] == g.name {
			return kong.Plugins{g.tree()}
		}
		all = append(all, g.tree())
	}
	return all
}

// env is what commands may touch of the outside world; tests replace it.
type env struct {
	ctx      context.Context
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	cacheDir string // --cache-dir, if given
}

// interruptible runs work until it returns or e's context ends, at an
// interrupt or a SIGTERM, and then returns the context's cause. main
// catches both signals so that commands can stop cleanly, and work that
// never looks (a protocol server blocked reading its input, a perft deep
// in the engine's pure code) would otherwise never see them: Ctrl-C in a
// terminal and a tournament runner's SIGTERM left the servers running.
// On a signal the work is left where it is; the process exits.
func (e *env) interruptible(work func() error) error {
	done := make(chan error, 1)
	go func() { done <- work() }()
	select {
	case err := <-done:
		return err
	case <-e.ctx.Done():
		return context.Cause(e.ctx)
	}
}

// runArgs parses args as a command of e's own tree and runs it: the
// menu's way to play a game with the defaults of its flags.
func (e *env) runArgs(args []string) error {
	kctx, _, err := parse(args, e.stdout, e.stderr)
	if err != nil {
		return err
	}
	return kctx.Run(e)
}

// cache returns the cache root: --cache-dir, GAMELAB_CACHE_DIR or the
// user's cache directory.
func (e *env) cache() (cache.Dir, error) {
	if e.cacheDir != "" {
		return cache.Dir(e.cacheDir), nil
	}
	return cache.Default()
}

// exitError ends the program with a status and no further message: the
// command has already said what there was to say (`nerdle check` on an
// invalid equation).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// usageError is a command line that could not be parsed.
type usageError struct{ err error }

func (e *usageError) Error() string { return plainUsage(e.err.Error()) + " (see gamelab --help)" }

// kongPhrases rewrites the parser's messages in the words of the command
// line: no Go types, no <EOL>. Compiled when a command line fails to parse,
// not at every start (0.4 ms).
var kongPhrases = sync.OnceValue(func() []phrase {
	return []phrase{
		{regexp.MustCompile(`expected \w+ value but got "EOL" \(<EOL>\)`), "needs a value"},
		{regexp.MustCompile(`expected \w+ value but got "(-[^"]*)" \(short flag\); perhaps try (--[a-z0-9-]+)="-[^"]*"\?`), `"$1" reads as a flag; write $2=$1`},
		{regexp.MustCompile(`expected (a valid 64 bit |)int( value|) but got ("[^"]*").*`), "$3 is not a whole number"},
		{regexp.MustCompile(`expected (a valid 64 bit |)uint( value|) but got ("[^"]*").*`), "$3 is not a whole number of 0 or more"},
		{regexp.MustCompile(`expected (a valid 64 bit |)float( value|) but got ("[^"]*").*`), "$3 is not a number"},
		{regexp.MustCompile(`^expected "(<[^>]+>)( \.\.\.)?"$`), "missing $1"},
		{regexp.MustCompile(`"EOL"|<EOL>`), "the end of the line"},
		{regexp.MustCompile(`--[a-z-]+: (--[a-z-]+) `), "$1 "}, // a flag's own check names it already
		// A file named that is not there or not a file: the path says which.
		{regexp.MustCompile(`^<[^>]+>( \.\.\.)?: stat `), ""},
		{regexp.MustCompile(`^<[^>]+>( \.\.\.)?: ("[^"]*" exists but is a directory)`), "$2"},
		{regexp.MustCompile(`^(--[a-z-]+): stat `), "$1 "},
		{regexp.MustCompile(`"([^"]*)" exists but is a directory`), "$1 is a folder, not a file"},
	}
})

// phrase is a rewrite of a parser message: what re matches becomes with.
type phrase struct {
	re   *regexp.Regexp
	with string
}

// plainUsage rewrites a parser message with kongPhrases.
func plainUsage(msg string) string {
	for _, p := range kongPhrases() {
		msg = p.re.ReplaceAllString(msg, p.with)
	}
	return msg
}
func (e *usageError) Unwrap() error { return e.err }

// kongExit carries kong's request to exit (after --help) out of Parse.
type kongExit int

// vars are the values the command tree's defaults and help take from the
// game packages, which own them.
func vars() kong.Vars {
	var rules []string
	for _, r := range nerdle.AllRules {
		rules = append(rules, r.String())
	}
	return kong.Vars{
		"rules":          strings.Join(rules, ","),
		"size2048":       strconv.Itoa(twenty48.DefaultSize),
		"player2048":     player.DefaultPlayer,
		"budget2048":     defaultBudget2048,
		"networkgames":   strconv.Itoa(player.NetworkGames),
		"players2048":    strings.Join(player.Names(), ", ") + " (" + player.DefaultPlayer + " is the strongest), or cmd:<command> for a program speaking the protocol (docs/protocols/2048.md)",
		"pddplayers":     strings.Join(learn.Names(), ", "),
		"strategy":       breaker.DefaultStrategy,
		"mmmaxpegs":      strconv.Itoa(mmplay.MaxPegs),
		"mmallsecrets":   strconv.Itoa(breaker.AllSecrets),
		"mmsampled":      strconv.Itoa(breaker.SampledGames),
		"mmmaxcolours":   strconv.Itoa(mmplay.MaxColours),
		"strategies":     strings.Join(breaker.Names(), ", "),
		"pddturns":       strconv.Itoa(pdd.DefaultMaxTurns),
		"owareengine":    search.DefaultEngine,
		"owareplayers":   strings.Join(search.Names(), ", "),
		"oweropening":    strconv.Itoa(match.DefaultOpeningPlies),
		"owareegdbseeds": "14",
		"pddmaxplayers":  strconv.Itoa(pddplay.MaxPlayers),
		"min_size2048":   strconv.Itoa(twenty48.MinSize),
		"max_size2048":   strconv.Itoa(twenty48.MaxSize),
		"rules_or":       strings.Join(rules, " or "),
		"rule":           nerdle.Standard.String(),
		"length":         strconv.Itoa(nerdle.DefaultLength),
		"min_length":     strconv.Itoa(nerdle.MinLength),
		"max_length":     strconv.Itoa(nerdle.MaxLength),
		"rows":           strconv.Itoa(nerdle.DefaultRows),
		"max_rows":       strconv.Itoa(nerdle.MaxRows),
		"solver":         solve.DefaultSolver,
		"solvers":        strings.Join(solve.Names(), ", ") + " (" + solve.DefaultSolver + " is the strongest)",
	}
}

// expand writes vars into the command tree's help, defaults and enums
// once it is built, where kong would: handed to kong, every flag gets its
// own copy of them all and has each interpolated in turn, which cost every
// command 10 ms of its start (kong.New 16 -> 5 ms). A ${name} that vars
// lacks is left for kong, which reports it.
func expand(vars kong.Vars) kong.Option {
	var pairs []string
	for name, value := range vars {
		pairs = append(pairs, "${"+name+"}", value)
	}
	r := strings.NewReplacer(pairs...)
	return kong.PostBuild(func(k *kong.Kong) error {
		return kong.Visit(k.Model, func(n kong.Visitable, next kong.Next) error {
			switch n := n.(type) {
			case *kong.Node:
				n.Help, n.Detail = r.Replace(n.Help), r.Replace(n.Detail)
			case *kong.Value:
				n.Help, n.Default, n.Enum = r.Replace(n.Help), r.Replace(n.Default), r.Replace(n.Enum)
				if n.Flag != nil {
					n.Flag.PlaceHolder = r.Replace(n.Flag.PlaceHolder)
				}
			}
			return next(nil)
		})
	})
}

// newParser returns the parser of the command tree root, writing help and
// errors to stdout and stderr; a request to exit (after --help) panics
// with kongExit.
func newParser(root *cli, stdout, stderr io.Writer) (*kong.Kong, error) {
	return kong.New(root,
		kong.Name("gamelab"),
		kong.Description("Play, study and beat classic puzzle and strategy games."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(kongExit(code)) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true, NoExpandSubcommands: true}),
		expand(vars()),
	)
}

// run parses args and runs the command they name. It is main without the
// process: everything it reads and writes goes through its arguments.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}
	defer func() {
		if r := recover(); r != nil {
			if code, ok := r.(kongExit); ok {
				err = nil
				if code != 0 {
					err = &exitError{int(code)}
				}
				return
			}
			err = crashed(e, args, &tui.PanicError{Value: r, Stack: debug.Stack()})
		}
	}()
	kctx, root, err := parse(args, stdout, stderr)
	if err != nil {
		return err
	}
	e.cacheDir = root.CacheDir
	if err := kctx.Run(e); err != nil {
		var pe *tui.PanicError
		if errors.As(err, &pe) {
			return crashed(e, args, pe)
		}
		return err
	}
	return nil
}

// parse builds the command tree for args and parses them, a command line
// it cannot follow being a *usageError; help and errors go to stdout and
// stderr.
func parse(args []string, stdout, stderr io.Writer) (*kong.Context, *cli, error) {
	root := &cli{Games: gameTrees(args)}
	parser, err := newParser(root, stdout, stderr)
	if err != nil {
		return nil, nil, err
	}
	kctx, err := parser.Parse(helpForBranch(parser, args))
	if err != nil {
		return nil, nil, &usageError{err}
	}
	return kctx, root, nil
}

// crashed writes a panic's stack, and the command line args that led to
// it, to a log in the cache root and returns the one-line error that tells
// the user where it is.
func crashed(e *env, args []string, pe *tui.PanicError) error {
	msg := oneLine(fmt.Sprint(pe.Value))
	dir, err := e.cache()
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

// helpForBranch turns a command line that names a group of commands and
// nothing else (`gamelab nerdle`) into a request for its help.
func helpForBranch(parser *kong.Kong, args []string) []string {
	if len(args) != 1 {
		return args
	}
	for _, n := range parser.Model.Children {
		if n.Name == args[0] && len(n.Children) > 0 {
			return []string{args[0], "--help"}
		}
	}
	return args
}

// newProgram returns the full-screen program of model m on e's streams.
func newProgram(e *env, m tea.Model) *tui.Program {
	return tui.NewProgram(e.ctx, e.stdin, e.stdout, m)
}

// runProgram runs p and names the command in its errors.
func runProgram(e *env, p *tui.Program, name string) (tea.Model, error) {
	m, err := p.Run(e.stdout)
	var pe *tui.PanicError
	if err != nil && !errors.As(err, &pe) {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return m, err
}

// profile is a game's saved profile as the command line hands it to the
// game: as loaded, a notice if it could not be read (damaged, or from a
// newer gamelab), and the function that saves a change under the file's
// lock.
type profile[T any, P interface {
	*T
	store.State
}] struct {
	loaded P
	notice string
	update func(change func(P)) (P, error)
}

// loadProfile reads the profile file name of the user's configuration
// directory, of format and version.
func loadProfile[T any, P interface {
	*T
	store.State
}](name, format string, version int) (profile[T, P], error) {
	file, err := store.UserFile(name, format, version)
	if err != nil {
		return profile[T, P]{}, err
	}
	pr := profile[T, P]{update: func(change func(P)) (P, error) { return store.Update[T, P](file, change) }}
	if pr.loaded, err = store.Read[T, P](file); err != nil {
		pr.notice = err.Error()
	}
	return pr, nil
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
