package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
	"gamelab/nerdle"
	"gamelab/nerdle/play"
	"gamelab/nerdle/protocol"
	"gamelab/nerdle/solve"
)

// solverFlags are the flags of the commands that run a solver.
type solverFlags struct {
	lengthFlag
	Player      solverName      `default:"${solver}" aliases:"solver" help:"The solver: ${solvers}, or cmd:<command> for a program speaking the protocol (docs/protocols/nerdle.md)."`
	MoveTimeout cmdline.Seconds `name:"move-timeout" default:"60s" help:"How long an outside program (cmd:) may take to answer before it is given up on."`
	rulesFlag
}

// solverName is a solver named on the command line; kong validates it
// wherever it is used.
type solverName string

// Validate implements kong's validation hook.
func (s solverName) Validate() error {
	_, err := protocol.Lookup(context.Background(), string(s), 0)
	return err
}

// solver enumerates the equations and makes the solver.
func (f *solverFlags) solver(e *env) (*solve.Universe, solve.Solver, error) {
	u, factory, err := f.universe(e)
	if err != nil {
		return nil, nil, err
	}
	s, err := factory(u)
	return u, s, err
}

// universe enumerates the equations and, for the default solver, prepares
// its book and says on stderr how it will play when nothing was cached.
func (f *solverFlags) universe(e *env) (*solve.Universe, solve.Factory, error) {
	c, err := e.Cache()
	if err != nil {
		return nil, nil, err
	}
	u, err := solve.NewUniverse(int(f.Length), f.Rules, c)
	if err != nil {
		return nil, nil, err
	}
	factory, err := protocol.Lookup(e.Ctx, string(f.Player), time.Duration(f.MoveTimeout))
	if err != nil || f.Player != solve.DefaultSolver {
		return u, factory, err
	}
	// The book is made once per universe; the solvers made later share it.
	for _, line := range solve.BookFor(u).Advice() {
		fmt.Fprintln(e.Stderr, "gamelab:", line)
	}
	return u, factory, nil
}

type nerdleBenchCmd struct {
	solverFlags
	Games   *int            `help:"Games to play (default: every equation for lengths up to 8, else 1000)."`
	Seed    uint64          `default:"1" help:"Base seed of the secrets drawn."`
	Rows    int             `default:"${rows}" help:"A game needing more guesses than this counts as failed."`
	Workers cmdline.Workers `help:"Games played at once (default: one per core)."`
	cmdline.ReportFlags
	Watch bool `help:"Watch the solver play in the game's view: space pauses and resumes, s steps."`
}

func (c *nerdleBenchCmd) Validate() error {
	if err := cmdline.CheckGames(c.Games); err != nil {
		return err
	}
	if err := flagError("--rows", c.Rows, nerdle.CheckRows(c.Rows)); err != nil {
		return err
	}
	return c.Check(c.Workers)
}

func (c *nerdleBenchCmd) Run(e *env) error {
	start := time.Now()
	u, factory, err := c.universe(e)
	if err != nil {
		return err
	}
	games := solve.DefaultBenchGames(u)
	if c.Games != nil {
		games = *c.Games
	}
	cfg := solve.BenchConfig(u, string(c.Player), games, c.Seed)
	c.Apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, c.Rows) }
	report, err := e.Bench("nerdle", c.Watch, func() cmdline.WatchView { return play.NewWatch(u, cfg.Games) }, cfg, newPlayer)
	if report != nil {
		report.Setup = time.Since(start) - report.Wall
	}
	return finish(e, c.ReportFlags, report, err)
}

type nerdleSolveCmd struct {
	solverFlags
}

func (c *nerdleSolveCmd) Run(e *env) error {
	// Making the solver is interruptible too: the equations of 11
	// symbols take seconds to list.
	return e.Interruptible(func() error {
		u, s, err := c.solver(e)
		if err != nil {
			return err
		}
		return protocol.Serve(e.Stdin, e.Stdout, u, s)
	})
}

type nerdleTreeCmd struct {
	Build nerdleTreeBuildCmd `cmd:"" help:"Search the decision tree (lengths 5-8: every game played from it) or the opener (9-11: the first guess, weighed against every equation; later guesses stay online) and cache it for the solver."`
}

type nerdleTreeBuildCmd struct {
	lengthFlag
	Openers int  `help:"Trees only: first guesses weighed by the cost of their whole tree (default: the search's own for the length; all for 5 and 6)."`
	Width   int  `help:"Trees only: guesses weighed at each later position (default: the search's own for the length; all for 5 and 6)."`
	Force   bool `help:"Replace the cached tree even with a worse one."`
	rulesFlag
}

func (c *nerdleTreeBuildCmd) Validate() error {
	if c.Openers < 0 || c.Width < 0 {
		return errors.New("--openers and --width must be positive")
	}
	return nil
}

func (c *nerdleTreeBuildCmd) Run(e *env) error {
	dir, err := e.Cache()
	if err != nil {
		return err
	}
	u, err := solve.NewUniverse(int(c.Length), c.Rules, dir)
	if err != nil {
		return err
	}
	build := solve.Build{Openers: c.Openers, Width: c.Width, Force: c.Force}
	// The search looks at the context between openers, which take
	// seconds each at length 8: an interrupt ends the command at once.
	var summary string
	if err := e.Interruptible(func() (err error) {
		summary, err = build.Run(e.Ctx, u, e.Stderr)
		return err
	}); err != nil {
		return err
	}
	fmt.Fprintln(e.Stdout, summary)
	return nil
}
