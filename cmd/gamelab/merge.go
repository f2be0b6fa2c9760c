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

// finishBench prints what a bench command played, even a run stopped
// early (interrupted, or a player that failed), so that the finished games
// of a long run are never lost, and returns the error that stopped it.
func finishBench(e *env, r *bench.Report, err error, asJSON bool) error {
	if r == nil || len(r.Outcomes) == 0 {
		return err
	}
	if perr := printReport(e, r, asJSON); err == nil {
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
