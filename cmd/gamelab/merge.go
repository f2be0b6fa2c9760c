package main

import (
	"fmt"
	"os"

	"gamelab/internal/bench"
)

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
	if c.JSON {
		return merged.WriteJSON(e.stdout)
	}
	return merged.WriteSummary(e.stdout)
}
