package main

import (
	"context"
	"errors"
	"fmt"

	"gamelab/internal/bench"
	"gamelab/nerdle/play"
	"gamelab/nerdle/solve"
)

// watchNerdle runs the benchmark on one worker with the watch view as its
// observer, then prints the summary of the games played, all or some.
func watchNerdle(e *env, u *solve.Universe, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return nil, errors.New("--watch needs a terminal")
	}
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	w := play.NewWatch(u, cfg.Games)
	prog := newProgram(e, w)
	cfg.Workers, cfg.Observer = 1, w.Observer(prog.Send)
	type result struct {
		report *bench.Report
		err    error
	}
	done := make(chan result, 1)
	go func() {
		r, err := bench.Run(ctx, cfg, newPlayer, nil)
		prog.Send(play.RunDone{Err: err})
		done <- result{r, err}
	}()
	_, perr := runProgram(e, prog, "nerdle bench --watch")
	cancel() // first: released, the run must not race through the rest
	w.Close()
	res := <-done
	if perr != nil {
		return res.report, perr
	}
	if res.err != nil && !errors.Is(res.err, context.Canceled) {
		return res.report, res.err
	}
	if res.report == nil || len(res.report.Outcomes) == 0 {
		return nil, fmt.Errorf("no game finished")
	}
	return res.report, nil
}
