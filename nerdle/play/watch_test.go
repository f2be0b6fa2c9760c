package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/bench"
	"gamelab/internal/watch"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// TestWatchIsAViewOfTheRun runs a benchmark through the watch: the view
// sees the run's own games, shows a running game's secret to the watcher
// and, once the run is over, none.
func TestWatchIsAViewOfTheRun(t *testing.T) {
	u, err := solve.NewUniverse(5, nerdle.Standard, "")
	if err != nil {
		t.Fatal(err)
	}
	w := NewWatch(u, 3)
	w.Update(tea.WindowSizeMsg{Width: 100, Height: 50})
	cfg := solve.BenchConfig(u, "random", 3, 7)
	factory, _ := solve.Lookup("random")
	report, err := watch.Drive(w, cfg, func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, 6) })
	if err != nil {
		t.Fatal(err)
	}
	if view := ansi.Strip(w.View()); !strings.Contains(view, "secret "+w.secret.String()) {
		t.Errorf("the last game does not show its secret:\n%s", view)
	}
	w.Update(w.Finished(nil))
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
