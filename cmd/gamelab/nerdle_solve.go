package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"gamelab/internal/bench"
	"gamelab/nerdle"
	"gamelab/nerdle/protocol"
	"gamelab/nerdle/solve"
)

// solverFlags are the flags of the commands that run a solver.
type solverFlags struct {
	Length int    `short:"n" default:"8" help:"Symbols per equation (5 to 11)."`
	Solver string `default:"best" help:"Solver: best (the default) or random (a random consistent guess)."`
	rulesFlag
}

func (f *solverFlags) Validate() error {
	if err := checkLength(f.Length); err != nil {
		return err
	}
	_, err := solve.Lookup(f.Solver)
	return err
}

// solver enumerates the equations and makes the solver.
func (f *solverFlags) solver(stderr io.Writer) (*solve.Universe, solve.Solver, error) {
	u, factory, err := f.universe(stderr)
	if err != nil {
		return nil, nil, err
	}
	s, err := factory(u)
	return u, s, err
}

// universe enumerates the equations and, for the default solver, prepares
// its book and says on stderr how it will play when nothing was cached.
func (f *solverFlags) universe(stderr io.Writer) (*solve.Universe, solve.Factory, error) {
	u, err := solve.NewUniverse(f.Length, f.rules())
	if err != nil {
		return nil, nil, err
	}
	factory, err := solve.Lookup(f.Solver)
	if err != nil {
		return nil, nil, err
	}
	if f.Solver != "best" {
		return u, factory, nil
	}
	// The book is made once per universe; the solvers made later share it.
	book := solve.BookFor(u)
	switch {
	case f.Length <= 8 && book.Tree == nil:
		fmt.Fprintf(stderr, "gamelab: no decision tree cached for length %d (%v); playing the online strategy. "+
			"`gamelab nerdle tree build --length %d --rules %v` builds the best-found tree.\n", f.Length, u.Rules, f.Length, u.Rules)
	case f.Length > 8 && !book.OpenerCached:
		fmt.Fprintf(stderr, "gamelab: no opener cached for length %d (%v); using one found quickly at start-up. "+
			"`gamelab nerdle tree build --length %d --rules %v` weighs openers thoroughly.\n", f.Length, u.Rules, f.Length, u.Rules)
	}
	return u, factory, nil
}

type nerdleBenchCmd struct {
	solverFlags
	Games   int    `help:"Games to play (default: every equation for lengths up to 8, else 1000)."`
	Seed    uint64 `default:"1" help:"Base seed of the secrets drawn."`
	Rows    int    `default:"6" help:"A game needing more guesses than this counts as failed."`
	Workers int    `help:"Games played at once (default: one per core)."`
	Shard   string `default:"0/1" help:"Play only part i/n of the run, to merge later with gamelab merge."`
	JSON    bool   `help:"Print the full report as JSON."`
	Watch   bool   `help:"Watch the solver play in the game's view: space pauses and resumes, s steps."`
}

func (c *nerdleBenchCmd) Validate() error {
	if c.Games < 0 {
		return fmt.Errorf("--games %d: want a positive number", c.Games)
	}
	if c.Rows < 1 {
		return fmt.Errorf("--rows %d: want a positive number", c.Rows)
	}
	if _, err := bench.ParseShard(c.Shard); err != nil {
		return fmt.Errorf("--shard: %w", err)
	}
	return nil
}

func (c *nerdleBenchCmd) Run(e *env) error {
	start := time.Now()
	u, factory, err := c.universe(e.stderr)
	if err != nil {
		return err
	}
	games := c.Games
	if games == 0 {
		games = 1000
		if c.Length <= 8 {
			games = len(u.All)
		}
	}
	exhaustive := games == len(u.All)
	if c.Watch {
		return watchNerdle(e, u, factory, games, c.Seed, exhaustive)
	}
	shard, _ := bench.ParseShard(c.Shard)
	cfg := bench.Config{
		Name:    fmt.Sprintf("nerdle length %d, %v rules, solver %s", c.Length, u.Rules, c.Solver),
		Unit:    "guesses",
		Games:   games,
		Seed:    c.Seed,
		Shard:   shard,
		Workers: c.Workers,
	}
	var progress bench.Progress
	if f, ok := e.stderr.(*os.File); ok {
		progress = bench.ForTerminal(f, "nerdle")
	}
	newPlayer := func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, c.Rows, exhaustive) }
	report, err := bench.Run(e.ctx, cfg, newPlayer, progress)
	if err != nil {
		return err
	}
	report.Setup = time.Since(start) - report.Wall
	if c.JSON {
		return report.WriteJSON(e.stdout)
	}
	return report.WriteSummary(e.stdout)
}

type nerdleSolveCmd struct {
	solverFlags
}

func (c *nerdleSolveCmd) Run(e *env) error {
	u, s, err := c.solver(e.stderr)
	if err != nil {
		return err
	}
	return protocol.Serve(e.stdin, e.stdout, u, s)
}

type nerdleTreeCmd struct {
	Build nerdleTreeBuildCmd `cmd:"" help:"Search the decision tree (lengths 5-8) or the opener (9-11) and cache it for the solver."`
}

type nerdleTreeBuildCmd struct {
	Length  int `short:"n" default:"8" help:"Symbols per equation (5 to 11)."`
	Openers int `help:"Trees only: first guesses weighed by the cost of their whole tree (default: all for 5 and 6, 16 for 7, 12 for 8)."`
	Width   int `help:"Trees only: guesses weighed at each later position (default: all for 5 and 6, 25 for 7, 8 for 8)."`
	rulesFlag
}

func (c *nerdleTreeBuildCmd) Validate() error {
	if err := checkLength(c.Length); err != nil {
		return err
	}
	if c.Openers < 0 || c.Width < 0 {
		return errors.New("--openers and --width must be positive")
	}
	return nil
}

func (c *nerdleTreeBuildCmd) Run(e *env) error {
	start := time.Now()
	u, err := solve.NewUniverse(c.Length, c.rules())
	if err != nil {
		return err
	}
	if c.Length > 8 {
		// Whole trees are out of reach; the opener is what is worth caching.
		fmt.Fprintf(e.stderr, "length %d (%v, %d equations): weighing openers against every equation\n", c.Length, u.Rules, len(u.All))
		g := solve.BuildOpener(u)
		path, err := solve.SaveOpener(u, g)
		if err != nil {
			return fmt.Errorf("saving the opener: %w", err)
		}
		fmt.Fprintf(e.stdout, "length %d, %v rules: opener %v\nsaved to %s in %v\n", c.Length, u.Rules, g, path, time.Since(start).Round(time.Millisecond))
		return nil
	}
	o := solve.DefaultSearch(c.Length)
	if c.Openers > 0 {
		o.Openers = c.Openers
	}
	if c.Width > 0 {
		o.Width = c.Width
	}
	fmt.Fprintf(e.stderr, "searching length %d (%v, %d equations): %d openers, width %d, at most %d guesses\n",
		c.Length, u.Rules, len(u.All), min(o.Openers, len(u.All)), min(o.Width, len(u.All)), o.Depth)
	t, err := solve.Search(e.ctx, u, o, func(g nerdle.Equation, total int) {
		if total >= 1<<40 {
			fmt.Fprintf(e.stderr, "  opener %v: no better tree  [%v]\n", g, time.Since(start).Round(time.Second))
			return
		}
		fmt.Fprintf(e.stderr, "  opener %v: %d guesses (%.4f)  [%v]\n", g, total, float64(total)/float64(len(u.All)), time.Since(start).Round(time.Second))
	})
	if err != nil {
		return err
	}
	path, err := solve.SaveTree(u, t)
	if err != nil {
		return fmt.Errorf("saving the tree: %w", err)
	}
	fmt.Fprintf(e.stdout, "length %d, %v rules: %d guesses over %d secrets, average %.4f, worst %d, opener %v\nsaved to %s in %v\n",
		c.Length, u.Rules, t.Total, t.Secrets, t.Average(), t.Worst, t.Root(), path, time.Since(start).Round(time.Millisecond))
	return nil
}
