package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/bench"
	"gamelab/internal/watch"
	"gamelab/pdd"
	"gamelab/pdd/learn"
)

// TestWatch plays a short tournament through the watch: every game with
// a winner is counted, and the last turns are shown.
func TestWatch(t *testing.T) {
	tour := learn.Tournament{Players: []string{"learner", "simple", "simple"}, Packs: 1, Band: pdd.Permissive}
	cfg := learn.BenchConfig(tour, 4, 1)
	w := NewWatch(cfg.Games)
	w.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	r, err := watch.Drive(w, cfg, func() (bench.Player, error) { return learn.NewBenchPlayer(tour) })
	if err != nil {
		t.Fatal(err)
	}
	won := 0
	for _, o := range r.Outcomes {
		for _, v := range o.Values[1:] {
			won += int(v)
		}
	}
	counted := 0
	for _, n := range w.winners {
		counted += n
	}
	view := ansi.Strip(w.View())
	if counted != won || len(w.log) == 0 || !strings.Contains(view, "PDD TOURNAMENT") {
		t.Errorf("%d wins counted of %d:\n%s", counted, won, view)
	}
	w.Close()
}
