package play

import (
	"bytes"
	"testing"
	"time"

	"gamelab/internal/tui"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// TestProgram plays as a real bubbletea program: a guess, the count of
// codes left, then the computer breaking a code, and quitting.
func TestProgram(t *testing.T) {
	m := New(Options{Seed: tui.Seed{Value: 1, Given: true}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(90, 30))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(30*time.Second))
	}
	waitFor("Break the code")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tm.Type("1234")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tm.Type("c")
	waitFor("codes are still possible")
	tm.Type("q")
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor("Think of a code")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(*Model)
	if final.screen != makeScreen || len(final.hints()) != 0 {
		t.Errorf("final screen %d, %d hints", final.screen, len(final.hints()))
	}
}
