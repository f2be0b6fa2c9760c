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
	if figures := reportFigures[merged.Config.Game]; figures != nil {
		merged.Figures = figures(merged)
	}
	if c.JSON {
		return merged.WriteJSON(e.stdout)
	}
	return merged.WriteSummary(e.stdout)
}
