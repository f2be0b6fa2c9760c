package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
	"gamelab/internal/tui"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	"gamelab/mastermind/consistent"
	mmplay "gamelab/mastermind/play"
	mmprotocol "gamelab/mastermind/protocol"
)

type mastermindCmd struct {
	Solve  mastermindSolveCmd  `cmd:"" help:"Every code consistent with the hints of an instance file (the source's megold and stopper)."`
	Test   mastermindTestCmd   `cmd:"" help:"Solve every testXXXd.txt of a folder against its testXXXs.txt, with a time limit."`
	Bench  mastermindBenchCmd  `cmd:"" help:"Benchmark a codebreaker over every secret (or a seeded sample)."`
	Play   mastermindPlayCmd   `cmd:"" help:"Play Mastermind: break the computer's code, or make one for it to break."`
	Engine mastermindEngineCmd `cmd:"" help:"Speak the codebreaker protocol on stdin/stdout: it guesses, you answer (docs/protocols/mastermind.md)."`
}

type mastermindPlayCmd struct {
	Pegs    int          `default:"${mmpegs}" help:"Pegs of a code: 1 to ${mmmaxpegs}."`
	Colours int          `default:"${mmcolours}" aliases:"colors" help:"Colours: 2 to ${mmmaxcolours}."`
	Rows    int          `default:"${mmrows}" help:"Guesses you may make: 1 to ${mmmaxrows}."`
	Seed    *uint64      `help:"Seed of the secrets, to play the same games again."`
	Player  strategyName `default:"${strategy}" aliases:"strategy" help:"The codebreaker that guesses your codes: ${strategies}."`
}

func (c *mastermindPlayCmd) Validate() error {
	switch {
	case c.Pegs < 1 || c.Pegs > mmplay.MaxPegs:
		return fmt.Errorf("--pegs %d: want 1 to %d", c.Pegs, mmplay.MaxPegs)
	case c.Colours < 2 || c.Colours > mmplay.MaxColours:
		return fmt.Errorf("--colours %d: want 2 to %d", c.Colours, mmplay.MaxColours)
	case c.Rows < 1 || c.Rows > mmplay.MaxRows:
		return fmt.Errorf("--rows %d: want 1 to %d", c.Rows, mmplay.MaxRows)
	}
	return nil
}

func (c *mastermindPlayCmd) Run(e *env) error { return playMastermind(e, c) }

// playMastermind runs the game with c's flags and the player's record.
func playMastermind(e *env, c *mastermindPlayCmd) error {
	if !e.Terminal() {
		return errors.New("needs a terminal")
	}
	pr, err := loadProfile[mmplay.Profile](mmplay.ProfileName, mmplay.ProfileFormat, mmplay.ProfileVersion)
	if err != nil {
		return err
	}
	factory, err := c.Player.factory(e, 0)
	if err != nil {
		return err
	}
	opts := mmplay.Options{Pegs: c.Pegs, Colours: c.Colours, Rows: c.Rows, Profile: pr.Loaded, Notice: pr.Notice, Update: pr.Update, Breaker: factory, Seed: tui.SeedOf(c.Seed)}
	opts.Cache, _ = e.Cache() // without one, trees are built each time
	return e.Play(mmplay.New(opts), "mastermind play")
}

// shapeFlags are the shape of the codes a codebreaker breaks.
type shapeFlags struct {
	Pegs    int `default:"${mmpegs}" help:"Pegs of a code: 1 to ${mmbreakerpegs}."`
	Colours int `default:"${mmcolours}" aliases:"colors" help:"Colours to choose from: 1 to ${mmmaxcolors}."`
}

// check reports a shape the codebreakers do not play.
func (f shapeFlags) check() error {
	switch {
	case f.Pegs < 1 || f.Pegs > breaker.MaxPegs:
		return fmt.Errorf("--pegs %d: want 1 to %d", f.Pegs, breaker.MaxPegs)
	case f.Colours < 1 || f.Colours > mastermind.MaxColours:
		return fmt.Errorf("--colours %d: want 1 to %d", f.Colours, mastermind.MaxColours)
	}
	return nil
}

type mastermindBenchCmd struct {
	shapeFlags
	Player  strategyName    `default:"${strategy}" aliases:"strategy" help:"The codebreaker: ${strategies}, or cmd:<command> for a program speaking the protocol (docs/protocols/mastermind.md)."`
	Games   *int            `help:"Games to play (default: every secret once; over ${mmallsecrets} secrets, ${mmsampled} drawn from --seed, unless a strategy tree plays them)."`
	Seed    uint64          `default:"1" help:"Base seed of the secrets, when not every one is played."`
	Workers cmdline.Workers `help:"Games played at once (default: one per core)."`
	cmdline.ReportFlags
	Watch       bool            `help:"Watch the codebreaker play in the game's board: space pauses and resumes, s steps, +/- change the speed."`
	MoveTimeout cmdline.Seconds `name:"move-timeout" default:"60s" help:"How long an outside program (cmd:) may take to answer; one that takes longer forfeits the game and is restarted."`
}

func (c *mastermindBenchCmd) Validate() error {
	if err := c.check(); err != nil {
		return err
	}
	if err := cmdline.CheckGames(c.Games); err != nil {
		return err
	}
	return c.Check(c.Workers)
}

// strategyName is a codebreaker named on the command line.
type strategyName string

// Validate implements kong's validation hook.
func (s strategyName) Validate() error {
	_, err := mmprotocol.Lookup(context.Background(), string(s), 0)
	return err
}

// make returns the factory of the codebreaker named and one codebreaker
// it made for codes of pegs pegs over colours colours, with the strategy
// trees kept in the cache directory and their building told on stderr
// (seconds to minutes, once); a usage error if the codebreaker cannot
// play that shape.
// factory returns the factory of the codebreaker named: a registered one,
// or a program speaking the protocol (cmd:).
func (s strategyName) factory(e *env, timeout time.Duration) (breaker.Factory, error) {
	return mmprotocol.Lookup(e.Ctx, string(s), timeout)
}

func (s strategyName) make(e *env, pegs, colours int, timeout time.Duration) (breaker.Factory, breaker.Options, breaker.Breaker, error) {
	dir, _ := e.Cache() // without one, trees are built each time
	opts := breaker.Options{Cache: dir, Building: func(name string) {
		fmt.Fprintf(e.Stderr, "building the strategy tree %s, once: it is kept in the cache\n", name)
	}}
	factory, err := s.factory(e, timeout)
	if err != nil {
		return nil, opts, nil, err
	}
	// The first breaker of a strategy may build its tree (the optimal
	// one searches for seconds): an interrupt ends the wait. The tree
	// file is written atomically, so an interrupt leaves none half
	// written.
	var b breaker.Breaker
	if err := e.Interruptible(func() (err error) {
		b, err = factory(pegs, colours, opts)
		return err
	}); err != nil {
		if e.Ctx.Err() != nil {
			return nil, opts, nil, err
		}
		return nil, opts, nil, &cmdline.UsageError{Err: err}
	}
	return factory, opts, b, nil
}

func (c *mastermindBenchCmd) Run(e *env) error {
	factory, opts, b, err := c.Player.make(e, c.Pegs, c.Colours, time.Duration(c.MoveTimeout))
	if err != nil {
		return err
	}
	games := 0 // the breaker's own number
	if c.Games != nil {
		games = *c.Games
	}
	cfg := breaker.BenchConfig(b, string(c.Player), c.Pegs, c.Colours, games, c.Seed)
	if closer, ok := b.(io.Closer); ok {
		closer.Close() // it only told the games to play; each worker runs its own
	}
	c.Apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) {
		b, err := factory(c.Pegs, c.Colours, opts)
		renew := func() (breaker.Breaker, error) { return factory(c.Pegs, c.Colours, opts) }
		return breaker.NewBenchPlayer(b, c.Pegs, c.Colours, cfg).RenewWith(renew), err
	}
	report, err := e.Bench("mastermind", c.Watch, func() cmdline.WatchView { return mmplay.NewWatch(c.Pegs, cfg.Games) }, cfg, newPlayer)
	return finish(e, c.ReportFlags, report, err)
}

type mastermindEngineCmd struct {
	shapeFlags
	Player strategyName `default:"${strategy}" aliases:"strategy" help:"The codebreaker: ${strategies}, or cmd:<command> for a program speaking the protocol (docs/protocols/mastermind.md)."`
	Seed   uint64       `default:"1" help:"Seed of the first game, for codebreakers that draw at random (the next games take the seeds after it)."`
}

func (c *mastermindEngineCmd) Validate() error { return c.check() }

func (c *mastermindEngineCmd) Run(e *env) error {
	_, _, b, err := c.Player.make(e, c.Pegs, c.Colours, 0) // interruptible itself
	if err != nil {
		return err
	}
	return e.Interruptible(func() error {
		return mmprotocol.Serve(e.Ctx, e.Stdin, e.Stdout, mmprotocol.Config{Pegs: c.Pegs, Colours: c.Colours, Breaker: b, Seed: c.Seed})
	})
}

type mastermindSolveCmd struct {
	File   string `arg:"" type:"existingfile" help:"The instance: the number of colours, then each guess and its answer blacks/whites."`
	Output string `short:"o" placeholder:"OUT" help:"Write the solutions to OUT instead of standard output."`
	Count  bool   `help:"Print only the number of solutions."`
	Check  string `type:"existingfile" placeholder:"EXPECTED" help:"Compare the solutions with the list in EXPECTED, as sets."`
}

func (c *mastermindSolveCmd) Run(e *env) error {
	job := consistent.Job{File: c.File, Output: c.Output, Count: c.Count, Check: c.Check}
	var ok bool
	// The instance is read and prepared before the search looks at the
	// context: a large file must still end at an interrupt.
	err := e.Interruptible(func() (err error) {
		ok, err = job.Run(e.Ctx, e.Stdout, e.Stderr)
		return err
	})
	if err == nil && !ok {
		return &cmdline.ExitError{Code: 1}
	}
	return err
}

type mastermindTestCmd struct {
	Dir     string          `arg:"" optional:"" default:"tests" help:"The folder of testXXXd.txt and testXXXs.txt files."`
	Timeout cmdline.Seconds `default:"10" placeholder:"S" help:"Time allowed for each test, in seconds (10, 2.5) or with a unit (500ms)."`
	Out     string          `default:"tests_output" help:"Folder for the testXXXt.txt results (created when missing)."`
}

func (c *mastermindTestCmd) Run(e *env) error {
	if c.Timeout <= 0 {
		return &cmdline.UsageError{Err: fmt.Errorf("--timeout %v: want a positive time", time.Duration(c.Timeout))}
	}
	suite := consistent.Suite{Dir: c.Dir, Out: c.Out, Timeout: time.Duration(c.Timeout)}
	passed, total, err := suite.Run(e.Ctx, func(id, line string) {
		fmt.Fprintf(e.Stdout, "test%s  %s\n", id, line)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%d of %d passed\n", passed, total)
	if passed < total {
		return &cmdline.ExitError{Code: 1}
	}
	return nil
}
