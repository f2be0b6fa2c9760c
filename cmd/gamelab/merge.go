package main

import (
	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
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
	reports, err := bench.ReadJSONFiles(c.Files...)
	if err != nil {
		return err
	}
	merged, err := bench.Merge(reports...)
	if err != nil {
		return err
	}
	return printReport(e, merged, c.JSON)
}

// finish prints what a bench command played, even a run stopped early
// (interrupted, or a player that failed), so that the finished games of a
// long run are never lost, and returns the error that stopped it.
func finish(e *env, f cmdline.ReportFlags, r *bench.Report, err error) error {
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
		return r.WriteJSON(e.Stdout)
	}
	return r.WriteSummary(e.Stdout)
}
