package cmdline

import (
	"context"
	"errors"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
)

// Workers is --workers: games played at once, 0 for one per core.
type Workers int

// MaxWorkers bounds --workers: each worker makes its own player, some of
// which hold tables of megabytes, and more than the cores gain nothing
// but for players that wait on another program.
const MaxWorkers = 256

// Check reports a number of workers out of range. Commands call it from
// their own Validate, so that kong's error names the command.
func (w Workers) Check() error {
	if w < 0 || w > MaxWorkers {
		return fmt.Errorf("--workers %d: want 0 (one per core) to %d", w, MaxWorkers)
	}
	return nil
}

// CheckGames reports a --games value a run cannot play; nil (the flag
// not given) stands for the command's own number.
func CheckGames(n *int) error {
	if n != nil && bench.CheckGames(*n) != nil {
		return fmt.Errorf("--games %d: want 1 to %d", *n, bench.MaxGames)
	}
	return nil
}

// ReportFlags are the flags every benchmark shares: which part of the run
// to play, and how to print its report.
type ReportFlags struct {
	Shard string `default:"0/1" help:"Play only part i/n of the run, to merge later with gamelab merge."`
	JSON  bool   `help:"Print the full report as JSON."`
}

// Check reports a shard that is not i/n, or workers that are not.
func (f ReportFlags) Check(w Workers) error {
	if _, err := bench.ParseShard(f.Shard); err != nil {
		return fmt.Errorf("--shard: %w", err)
	}
	return w.Check()
}

// Apply sets the run's shard and workers in cfg.
func (f ReportFlags) Apply(cfg *bench.Config, w Workers) {
	cfg.Shard, _ = bench.ParseShard(f.Shard) // checked
	cfg.Workers = int(w)
}

// RunBench plays cfg, with a progress bar when stderr is a terminal.
func (e *Env) RunBench(label string, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	var progress bench.Progress
	if f, ok := e.Stderr.(*os.File); ok {
		progress = bench.ForFile(f, label)
	}
	return bench.Run(e.Ctx, cfg, newPlayer, progress)
}

// WatchView is a game's view of a benchmark run: a model fed by the
// Observer it hands out, which paces the run.
type WatchView interface {
	tea.Model
	Observer(send func(tea.Msg)) bench.Observer
	Close()                     // releases a run waiting for the view
	Finished(err error) tea.Msg // tells the view the run has ended
}

// WatchBench runs the benchmark on one worker with the view as its
// observer, then returns the report of the games played, all or some, or
// nil (having said so) if the person watching left before any ended.
func (e *Env) WatchBench(name string, view WatchView, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	if !e.Terminal() {
		return nil, errors.New("--watch needs a terminal")
	}
	ctx, cancel := context.WithCancel(e.Ctx)
	defer cancel()
	prog := e.Program(view)
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
	_, perr := e.Run(prog, name)
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
		fmt.Fprintln(e.Stderr, "gamelab: no game finished before the watch ended: nothing to report")
		return nil, nil
	}
	return res.report, nil
}

// Bench plays cfg as a benchmark command does: in the game's view of the
// run (WatchBench) when watch is set, else with a progress bar
// (RunBench). label is the game's command name.
func (e *Env) Bench(label string, watch bool, view func() WatchView, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	if watch {
		return e.WatchBench(label+" bench --watch", view(), cfg, newPlayer)
	}
	return e.RunBench(label, cfg, newPlayer)
}
