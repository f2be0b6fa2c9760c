package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"gamelab/internal/bench"
	"gamelab/nerdle"
	"gamelab/nerdle/play"
	"gamelab/nerdle/protocol"
	"gamelab/nerdle/solve"
)

// solverFlags are the flags of the commands that run a solver.
type solverFlags struct {
	lengthFlag
	Solver solverName `default:"${solver}" help:"Solver: ${solvers}."`
	rulesFlag
}

// solverName is a solver named on the command line; kong validates it
// wherever it is used.
type solverName string

// Validate implements kong's validation hook.
func (s solverName) Validate() error {
	_, err := solve.Lookup(string(s))
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
	c, err := e.cache()
	if err != nil {
		return nil, nil, err
	}
	u, err := solve.NewUniverse(int(f.Length), f.rules(), c)
	if err != nil {
		return nil, nil, err
	}
	factory, err := solve.Lookup(string(f.Solver))
	if err != nil || f.Solver != solve.DefaultSolver {
		return u, factory, err
	}
	// The book is made once per universe; the solvers made later share it.
	reportBook(e.stderr, u, solve.BookFor(u))
	return u, factory, nil
}

// reportBook says on w what the default solver could not take from the
// cache and how it plays instead.
func reportBook(w io.Writer, u *solve.Universe, book *solve.Book) {
	if book.CacheErr != nil {
		fmt.Fprintf(w, "gamelab: %v\n", book.CacheErr)
	}
	build := fmt.Sprintf("`gamelab nerdle tree build --length %d --rules %v`", u.Length, u.Rules)
	switch {
	case solve.WholeTree(u) && book.Tree == nil:
		fmt.Fprintf(w, "gamelab: no decision tree cached for length %d (%v); playing the online strategy. %s builds the best-found tree.\n", u.Length, u.Rules, build)
	case !solve.WholeTree(u) && !book.OpenerCached:
		fmt.Fprintf(w, "gamelab: no opener cached for length %d (%v); using one found quickly at start-up. %s weighs openers thoroughly.\n", u.Length, u.Rules, build)
	}
}

type nerdleBenchCmd struct {
	solverFlags
	Games   int     `help:"Games to play (default: every equation for lengths up to 8, else 1000)."`
	Seed    uint64  `default:"1" help:"Base seed of the secrets drawn."`
	Rows    int     `default:"${rows}" help:"A game needing more guesses than this counts as failed."`
	Workers workers `help:"Games played at once (default: one per core)."`
	reportFlags
	Watch bool `help:"Watch the solver play in the game's view: space pauses and resumes, s steps."`
}

func (c *nerdleBenchCmd) Validate() error {
	if c.Games < 0 {
		return fmt.Errorf("--games %d: want a positive number", c.Games)
	}
	if c.Rows < 1 {
		return fmt.Errorf("--rows %d: want a positive number", c.Rows)
	}
	return c.check(c.Workers)
}

func (c *nerdleBenchCmd) Run(e *env) error {
	start := time.Now()
	u, factory, err := c.universe(e)
	if err != nil {
		return err
	}
	games := c.Games
	if games == 0 {
		games = solve.DefaultBenchGames(u)
	}
	cfg := solve.BenchConfig(u, string(c.Solver), games, c.Seed)
	c.apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, c.Rows) }
	var report *bench.Report
	if c.Watch {
		report, err = watchBench(e, "nerdle bench --watch", play.NewWatch(u, cfg.Games), cfg, newPlayer)
	} else {
		report, err = runBench(e, "nerdle", cfg, newPlayer)
	}
	if report != nil {
		report.Setup = time.Since(start) - report.Wall
	}
	return c.finish(e, report, err)
}

type nerdleSolveCmd struct {
	solverFlags
}

func (c *nerdleSolveCmd) Run(e *env) error {
	// Making the solver is interruptible too: the equations of 11
	// symbols take seconds to list.
	return e.interruptible(func() error {
		u, s, err := c.solver(e)
		if err != nil {
			return err
		}
		return protocol.Serve(e.stdin, e.stdout, u, s)
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
	start := time.Now()
	dir, err := e.cache()
	if err != nil {
		return err
	}
	u, err := solve.NewUniverse(int(c.Length), c.rules(), dir)
	if err != nil {
		return err
	}
	if !solve.WholeTree(u) {
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
	o := solve.DefaultSearch(int(c.Length))
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
	summary := func(t *solve.Tree) string {
		return fmt.Sprintf("%d guesses over %d secrets, average %.4f, worst %d, opener %v", t.Total, t.Secrets, t.Average(), t.Worst, t.Root())
	}
	kept, path, damaged, err := solve.KeepBetter(u, t, c.Force)
	if damaged != nil {
		fmt.Fprintf(e.stderr, "gamelab: %v\n", damaged)
	}
	if err != nil {
		return fmt.Errorf("saving the tree: %w", err)
	}
	if kept != t {
		fmt.Fprintf(e.stdout, "length %d, %v rules: found %s\nkept the cached tree, which is better: %s (--force replaces it)\n",
			c.Length, u.Rules, summary(t), summary(kept))
		return nil
	}
	fmt.Fprintf(e.stdout, "length %d, %v rules: %s\nsaved to %s in %v\n", c.Length, u.Rules, summary(t), path, time.Since(start).Round(time.Millisecond))
	return nil
}
