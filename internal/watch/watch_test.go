package watch

import (
	"context"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
)

// counter is the smallest view: it counts what the core hands it.
type counter struct {
	*Core
	began, steps, ended int
}

func (c *counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := c.Core.Update(msg)
	switch ev.Kind {
	case Began:
		c.began++
	case Stepped:
		c.steps += ev.Step.(int)
	case Ended:
		c.ended++
	}
	return c, cmd
}

func (c *counter) View() string { return c.Header() }

// TestDrive: every game's begin, steps and end reach the view, in a run
// that waits for the view before each step.
func TestDrive(t *testing.T) {
	v := &counter{Core: New(3, 0)}
	cfg := bench.Config{Games: 3, Metrics: []bench.Metric{{Name: "x"}}}
	player := bench.PlayerFunc(func(_ context.Context, g bench.Game) (bench.Outcome, error) {
		for range 4 {
			g.Observe(1)
		}
		return bench.Outcome{Values: []float64{1}}, nil
	})
	if _, err := Drive(v, cfg, func() (bench.Player, error) { return player, nil }); err != nil {
		t.Fatal(err)
	}
	if v.began != 3 || v.steps != 12 || v.ended != 3 {
		t.Errorf("began %d, steps %d, ended %d; want 3, 12, 3", v.began, v.steps, v.ended)
	}
	v.Update(v.Finished(nil))
	if !v.Done || v.Header() == "" {
		t.Errorf("after the run: done %v, header %q", v.Done, v.Header())
	}
	if _, cmd := v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Error("q does not leave")
	}
	v.Update(tui.ClockTick{})
	v.Close()
}
