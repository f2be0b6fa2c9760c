package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/bench"
	"gamelab/internal/tui/tuitest"
	"gamelab/internal/watch"
	"gamelab/mastermind/breaker"
)

// TestWatch plays a benchmark of Knuth's codebreaker through the watch,
// as the command does: each guess waits for the view, which shows it.
func TestWatch(t *testing.T) {
	f, _ := breaker.Lookup("knuth")
	b, _ := f(4, 6, breaker.Options{})
	cfg := breaker.BenchConfig(b, "knuth", 4, 6, 3, 1)
	w := NewWatch(4, cfg.Games)
	tuitest.Send(w, tea.WindowSizeMsg{Width: 80, Height: 24})
	if _, err := watch.Drive(w, cfg, func() (bench.Player, error) {
		b, err := f(4, 6, breaker.Options{})
		return breaker.NewBenchPlayer(b, 4, 6, cfg), err
	}); err != nil {
		t.Fatal(err)
	}
	view := ansi.Strip(w.View())
	if len(w.guesses) != 3 || !strings.Contains(view, "3 games finished") || !strings.Contains(view, "MASTERMIND") {
		t.Errorf("%d games seen:\n%s", len(w.guesses), view)
	}
	w.Close()
}
