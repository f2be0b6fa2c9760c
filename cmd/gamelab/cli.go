package main

import (
	"context"
	"errors"
	"io"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"

	"gamelab/internal/cmdline"
	"gamelab/internal/store"
	"gamelab/internal/tui"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	mmplay "gamelab/mastermind/play"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
	"gamelab/oware"
	"gamelab/oware/egdb"
	"gamelab/oware/match"
	oplay "gamelab/oware/play"
	"gamelab/oware/search"
	"gamelab/pdd"
	"gamelab/pdd/learn"
	pddplay "gamelab/pdd/play"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// cli is the command tree: `gamelab <game> <verb> [flags]`.
type cli struct {
	CacheDir string           `name:"cache-dir" env:"GAMELAB_CACHE_DIR" placeholder:"DIR" help:"Where to keep caches (trees, openers, crash logs); default: gamelab in the user cache directory."`
	Version  kong.VersionFlag `help:"Print gamelab's version and exit."`

	Menu  menuCmd      `cmd:"" default:"1" hidden:"" help:"Open the menu of games."`
	Games kong.Plugins `embed:""` // the games' commands: gameTrees
	Merge mergeCmd     `cmd:"" help:"Merge the --json reports of the shards of one benchmark run."`
	Serve serveCmd     `cmd:"" help:"Serve the games in a browser, with their JSON API (docs/api.md)."`
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
// of the game args begin with, else all of them. Kong builds every flag
// of the tree at each start, and most commands touch one game
// (docs/notes/cli.md).
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
type env struct{ cmdline.Env }

// runArgs parses args as a command of e's own tree and runs it: the
// menu's way to play a game with the defaults of its flags.
func (e *env) runArgs(args []string) error {
	kctx, _, err := parse(args, e.Stdout, e.Stderr)
	if err != nil {
		return err
	}
	return kctx.Run(e)
}

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
		"version":            cmdline.Version(),
		"rules":              strings.Join(rules, ","),
		"size2048":           strconv.Itoa(twenty48.DefaultSize),
		"player2048":         player.DefaultPlayer,
		"budget2048":         defaultBudget2048,
		"networkgames":       strconv.Itoa(player.NetworkGames),
		"players2048":        strings.Join(player.Names(), ", ") + " (" + player.DefaultPlayer + " is the strongest), or cmd:<command> for a program speaking the protocol (docs/protocols/2048.md)",
		"pddplayers":         strings.Join(learn.Names(), ", "),
		"strategy":           breaker.DefaultStrategy,
		"owaremovetime":      oplay.DefaultMoveTime.String(),
		"owaredelay":         oplay.DefaultDelay.String(),
		"pddplayers_default": strconv.Itoa(pddplay.DefaultPlayers),
		"mmbreakerpegs":      strconv.Itoa(breaker.MaxPegs),
		"mmmaxcolors":        strconv.Itoa(mastermind.MaxColours),
		"mmmaxrows":          strconv.Itoa(mmplay.MaxRows),
		"mmpegs":             strconv.Itoa(mastermind.DefaultPegs),
		"mmcolours":          strconv.Itoa(mastermind.DefaultColours),
		"mmrows":             strconv.Itoa(mastermind.DefaultRows),
		"mmmaxpegs":          strconv.Itoa(mmplay.MaxPegs),
		"mmallsecrets":       strconv.Itoa(breaker.AllSecrets),
		"mmsampled":          strconv.Itoa(breaker.SampledGames),
		"mmmaxcolours":       strconv.Itoa(mmplay.MaxColours),
		"strategies":         strings.Join(breaker.Names(), ", "),
		"pddturns":           strconv.Itoa(pdd.DefaultMaxTurns),
		"owareengine":        search.DefaultEngine,
		"owareplayers":       strings.Join(search.Names(), ", "),
		"oweropening":        strconv.Itoa(match.DefaultOpeningPlies),
		"owareegdbseeds":     strconv.Itoa(egdb.DefaultSeeds),
		"pddmaxplayers":      strconv.Itoa(pddplay.MaxPlayers),
		"min_size2048":       strconv.Itoa(twenty48.MinSize),
		"max_size2048":       strconv.Itoa(twenty48.MaxSize),
		"rules_or":           strings.Join(rules, " or "),
		"rule":               nerdle.Standard.String(),
		"length":             strconv.Itoa(nerdle.DefaultLength),
		"min_length":         strconv.Itoa(nerdle.MinLength),
		"max_length":         strconv.Itoa(nerdle.MaxLength),
		"rows":               strconv.Itoa(nerdle.DefaultRows),
		"max_rows":           strconv.Itoa(nerdle.MaxRows),
		"solver":             solve.DefaultSolver,
		"solvers":            strings.Join(solve.Names(), ", ") + " (" + solve.DefaultSolver + " is the strongest)",
	}
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
		cmdline.Expand(vars()),
		kong.Vars{"version": cmdline.Version()}, // read by --version itself
		// The games' values the flags hold, each read by its game's parser.
		cmdline.Parsed(nerdle.ParseRules),
		cmdline.Parsed(twenty48.ParseMode),
		cmdline.Parsed(oware.ParseRules),
		cmdline.Parsed(func(s string) (oware.Position, error) {
			if s == "startpos" {
				return oware.Start(), nil
			}
			return oware.ParsePosition(s)
		}),
		cmdline.Parsed(pdd.ParseBand),
		cmdline.Parsed(pdd.Parse),
	)
}

// run parses args and runs the command they name. It is main without the
// process: everything it reads and writes goes through its arguments.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	e := &env{cmdline.Env{Ctx: ctx, Stdin: stdin, Stdout: stdout, Stderr: stderr}}
	defer func() {
		if r := recover(); r != nil {
			if code, ok := r.(kongExit); ok {
				err = nil
				if code != 0 {
					err = &cmdline.ExitError{Code: int(code)}
				}
				return
			}
			err = e.Crashed(args, &tui.PanicError{Value: r, Stack: debug.Stack()})
		}
	}()
	kctx, root, err := parse(args, stdout, stderr)
	if err != nil {
		return err
	}
	e.CacheDir = root.CacheDir
	if err := kctx.Run(e); err != nil {
		var pe *tui.PanicError
		if errors.As(err, &pe) {
			return e.Crashed(args, pe)
		}
		var ue *cmdline.UsageError
		if errors.As(err, &ue) && ue.Command == "" {
			ue.Command = cmdline.CommandOf(kctx)
		}
		if ctx.Err() != nil {
			err = cmdline.Interrupted(err)
		}
		return &cmdline.CommandError{Command: cmdline.CommandOf(kctx), Err: err}
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
	kctx, err := parser.Parse(cmdline.HelpForBranch(parser, args))
	if err != nil {
		var pe *kong.ParseError
		var command string
		if errors.As(err, &pe) {
			command = cmdline.CommandOf(pe.Context)
		}
		return nil, nil, &cmdline.CommandError{Command: command, Err: &cmdline.UsageError{Err: err, Command: command}}
	}
	return kctx, root, nil
}

// loadProfile reads the profile file name of the user's configuration
// directory, of format and version.
func loadProfile[T any, P interface {
	*T
	store.State
}](name, format string, version int) (store.Profile[T, P], error) {
	file, err := store.UserFile(name, format, version)
	if err != nil {
		return store.Profile[T, P]{}, err
	}
	return store.OpenProfile[T, P](file), nil
}
