package watch

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
)

// Drive runs the benchmark cfg (on one worker) with view's observer and
// hands view every message the run sends, permitting each step at once,
// as a program would with the clock at its fastest; for tests of a view.
// It returns the run's report once every message has been handed over.
func Drive(view interface {
	tea.Model
	Observer(send func(tea.Msg)) bench.Observer
}, cfg bench.Config, newPlayer func() (bench.Player, error)) (*bench.Report, error) {
	msgs := make(chan tea.Msg, 64)
	cfg.Workers, cfg.Observer = 1, view.Observer(func(m tea.Msg) { msgs <- m })
	type result struct {
		r   *bench.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := bench.Run(context.Background(), cfg, newPlayer, nil)
		done <- result{r, err}
	}()
	for {
		view.Update(tui.ClockTick{}) // a permit for the next step
		select {
		case m := <-msgs:
			view.Update(m)
		case res := <-done:
			for len(msgs) > 0 {
				view.Update(<-msgs)
			}
			return res.r, res.err
		}
	}
}
