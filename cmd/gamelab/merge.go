package main

import (
	"fmt"
	"os"

	"gamelab/internal/bench"
	"gamelab/mastermind/breaker"
	"gamelab/pdd/learn"
	"gamelab/twenty48/player"
)

// reportFigures derives each game's figures from a report, by the game
// named in its configuration.
var reportFigures = map[string]func(*bench.Report) []bench.Figure{
	"2048":       player.Figures,
	"mastermind": breaker.Figures,
	"pdd":        learn.Figures,
}

type mergeCmd struct {
	Files []string `arg:"" type:"existingfile" help:"Reports written by a bench command with --json --shard i/n."`
	JSON  bool     `help:"Print the merged report as JSON instead of a summary."`
}

func (c *mergeCmd) Run(e *env) error {
	var reports []*bench.Report
	for _, name := range c.Files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		r, err := bench.ReadJSON(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		reports = append(reports, r)
	}
	merged, err := bench.Merge(reports...)
	if err != nil {
		return err
	}
	return printReport(e, merged, c.JSON)
}

// runBench plays cfg, with a progress bar when stderr is a terminal.
func runBench(e *env, label string, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	var progress bench.Progress
	if f, ok := e.stderr.(*os.File); ok {
		progress = bench.ForFile(f, label)
	}
	return bench.Run(e.ctx, cfg, newPlayer, progress)
}

// workers is --workers: games played at once, 0 for one per core.
type workers int

// check reports a negative number of workers. The commands call it from
// their own Validate, so that kong's error names the command.
func (w workers) check() error {
	if w < 0 {
		return fmt.Errorf("--workers %d: want a positive number", w)
	}
	return nil
}

// reportFlags are the flags every benchmark shares: which part of the run
// to play, and how to print its report.
type reportFlags struct {
	Shard string `default:"0/1" help:"Play only part i/n of the run, to merge later with gamelab merge."`
	JSON  bool   `help:"Print the full report as JSON."`
}

// check reports a shard that is not i/n, or workers that are not.
func (f reportFlags) check(w workers) error {
	if _, err := bench.ParseShard(f.Shard); err != nil {
		return fmt.Errorf("--shard: %w", err)
	}
	return w.check()
}

// apply sets the run's shard and workers in cfg.
func (f reportFlags) apply(cfg *bench.Config, w workers) {
	cfg.Shard, _ = bench.ParseShard(f.Shard) // checked
	cfg.Workers = int(w)
}

// finish prints what a bench command played, even a run stopped early
// (interrupted, or a player that failed), so that the finished games of a
// long run are never lost, and returns the error that stopped it.
func (f reportFlags) finish(e *env, r *bench.Report, err error) error {
	if r == nil || len(r.Outcomes) == 0 {
		return err
	}
	if perr := printReport(e, r, f.JSON); err == nil {
		return perr
	}
	return err
}

// printReport adds the figures of the report's game and prints it as JSON
// or as a summary for people.
func printReport(e *env, r *bench.Report, asJSON bool) error {
	if figures := reportFigures[r.Config.Game]; figures != nil {
		r.Figures = figures(r)
	}
	if asJSON {
		return r.WriteJSON(e.stdout)
	}
	return r.WriteSummary(e.stdout)
}
