package play

import (
	"bytes"
	"testing"
	"time"

	"gamelab/internal/tui"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// TestProgram plays the game as a real bubbletea program, with the slide
// animation on: moves, an undo, a new game, and quitting.
func TestProgram(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 42, Given: true}, Undo: 2})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 40))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(5*time.Second))
	}
	for _, k := range []tea.KeyType{tea.KeyLeft, tea.KeyDown, tea.KeyLeft} {
		tm.Send(tea.KeyMsg{Type: k})
	}
	tm.Type("u")
	waitFor("Undone: 1 more possible.")
	tm.Type("n")
	waitFor("seed 43")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if final.Game().Seed() != 43 || len(final.Game().Moves()) != 0 {
		t.Errorf("final game: seed %d, %d moves", final.Game().Seed(), len(final.Game().Moves()))
	}
}
