package play

import (
	"bytes"
	"testing"
	"time"

	"gamelab/internal/tui"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

// TestProgram plays as a real bubbletea program: a rule chosen, the
// computer players' turns on their clock, the person's own turns, until
// the game ends and every rule is shown; then quitting.
func TestProgram(t *testing.T) {
	m := New(Options{Seed: tui.Seed{Value: 5, Given: true}, Players: 2, Delay: time.Millisecond})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 40))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Invent your secret rule")) },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Your hand:")) },
		teatest.WithDuration(60*time.Second))
	// Draw on every turn of ours until the game ends (a key pressed on
	// another player's turn is ignored): the other player plays on its
	// clock meanwhile, and wins or the cards run out.
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
				tm.Type("d")
			}
		}
	}()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("The rules were:")) },
		teatest.WithDuration(60*time.Second))
	close(done)
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(*Model)
	if final.game.End() == 0 {
		t.Error("the game did not end")
	}
}
