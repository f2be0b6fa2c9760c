package main

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
)

// watchView is a game's view of a benchmark run: a model fed by the
// Observer it hands out, which paces the run.
type watchView interface {
	tea.Model
	Observer(send func(tea.Msg)) bench.Observer
	Close()                     // releases a run waiting for the view
	Finished(err error) tea.Msg // tells the view the run has ended
}

// watchBench runs the benchmark on one worker with the view as its
// observer, then returns the report of the games played, all or some, or
// nil (having said so) if the person watching left before any ended.
func watchBench(e *env, name string, view watchView, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return nil, errors.New("--watch needs a terminal")
	}
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	prog := newProgram(e, view)
	cfg.Workers, cfg.Observer = 1, view.Observer(prog.Send)
	type result struct {
		report *bench.Report
		err    error
	}
	done := make(chan result, 1)
	go func() {
		r, err := bench.Run(ctx, cfg, newPlayer, nil)
		prog.Send(view.Finished(err))
		done <- result{r, err}
	}()
	_, perr := runProgram(e, prog, name)
	cancel() // first: released, the run must not race through the rest
	view.Close()
	res := <-done
	if perr != nil {
		return res.report, perr
	}
	if res.err != nil && !errors.Is(res.err, context.Canceled) {
		return res.report, res.err
	}
	if res.report == nil || len(res.report.Outcomes) == 0 {
		fmt.Fprintln(e.stderr, "gamelab: no game finished before the watch ended: nothing to report")
		return nil, nil
	}
	return res.report, nil
}
