package play

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"gamelab/nerdle"
)

// TestProgram runs the game as a real bubbletea program, typing as a player
// would, through a win and into the next game.
func TestProgram(t *testing.T) {
	m := newModel(t, "23+34=57", 6)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(90, 45))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(5*time.Second))
	}
	tm.Type("12+35=47")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tm.Type("9-2*4=28")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor("left side is 1, right side says 28")
	for range 8 {
		tm.Send(tea.KeyMsg{Type: tea.KeyBackspace})
	}
	tm.Type("23+34=57")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor("Solved in 2 of 6!")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if final.Game().Status() != nerdle.Won || len(final.Game().Rows()) != 2 {
		t.Errorf("final game: %v after %d rows", final.Game().Status(), len(final.Game().Rows()))
	}
}
