package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/bench"
	"gamelab/internal/watch"
	"gamelab/oware"
	"gamelab/oware/match"
)

// TestWatch plays a short match through the watch: the board shows the
// last position of the last game, and the score counts every game.
func TestWatch(t *testing.T) {
	first, _ := match.ParsePlayer("alphabeta@1")
	second, _ := match.ParsePlayer("minimax@1")
	mc := match.Config{First: first, Second: second, Rules: oware.Abapa, Seed: 1}
	cfg := mc.BenchConfig(2)
	w := NewWatch("alphabeta@1", "minimax@1", cfg.Games)
	w.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if _, err := watch.Drive(w, cfg, func() (bench.Player, error) { return match.NewBenchPlayer(mc) }); err != nil {
		t.Fatal(err)
	}
	view := ansi.Strip(w.View())
	if w.results[0]+w.results[1]+w.results[2] != 2 || len(w.moves) == 0 || !strings.Contains(view, "OWARE MATCH") {
		t.Errorf("results %v, %d moves:\n%s", w.results, len(w.moves), view)
	}
	w.Close()
}
