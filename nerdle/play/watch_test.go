package play

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// TestWatchIsAViewOfTheRun runs a benchmark with the watch as its observer
// and paces it by ticks, as the program does: the view shows the run's own
// games and, once finished, no secret.
func TestWatchIsAViewOfTheRun(t *testing.T) {
	u, err := solve.NewUniverse(5, nerdle.Standard, "")
	if err != nil {
		t.Fatal(err)
	}
	w := NewWatch(u, 3)
	msgs := make(chan tea.Msg, 64)
	cfg := solve.BenchConfig(u, "random", 3, 7)
	cfg.Workers, cfg.Observer = 1, w.Observer(func(m tea.Msg) { msgs <- m })
	factory, _ := solve.Lookup("random")
	done := make(chan *bench.Report, 1)
	go func() {
		r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, 6) }, nil)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	w.Update(tea.WindowSizeMsg{Width: 100, Height: 50})
	var report *bench.Report
	for report == nil {
		select {
		case m := <-msgs:
			w.Update(m)
			if _, ok := m.(beginMsg); ok && !strings.Contains(ansi.Strip(w.View()), "secret "+w.secret.String()) {
				t.Errorf("a running game does not show its secret:\n%s", ansi.Strip(w.View()))
			}
		case report = <-done:
		case <-time.After(10 * time.Millisecond):
			w.Update(tui.ClockTick{}) // the clock, faster
		}
	}
	for len(msgs) > 0 {
		w.Update(<-msgs)
	}
	w.Update(RunDone{})
	if len(w.tries) != 3 {
		t.Fatalf("the view saw %d games, want 3", len(w.tries))
	}
	for i, o := range report.Outcomes {
		if w.tries[i] != o.Values[0] {
			t.Errorf("game %d: the view saw %v guesses, the report %v", i, w.tries[i], o.Values[0])
		}
	}
	view := ansi.Strip(w.View())
	if !strings.Contains(view, "finished") || strings.Contains(view, "secret") {
		t.Errorf("finished view:\n%s", view)
	}
}

// TestWatchHoldsTheRun: without a permit the run does not go on, so the
// person watching sets the pace; Close releases it.
func TestWatchHoldsTheRun(t *testing.T) {
	u, _ := solve.NewUniverse(5, nerdle.Standard, "")
	w := NewWatch(u, 1)
	obs := w.Observer(func(tea.Msg) {})
	g := bench.GameFor(bench.Config{Games: 1, Secrets: len(u.All)}, 0)
	returned := make(chan struct{})
	go func() { obs.Begin(g); close(returned) }()
	select {
	case <-returned:
		t.Fatal("the run went on without a permit")
	case <-time.After(20 * time.Millisecond):
	}
	if _, cmd := w.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Fatal("q does not quit")
	}
	select {
	case <-returned:
		t.Fatal("quitting released the run before Close")
	case <-time.After(20 * time.Millisecond):
	}
	w.Close()
	select {
	case <-returned:
	case <-time.After(time.Second):
		t.Fatal("Close did not release the run")
	}
}
