package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestLeaving(t *testing.T) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	q := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}
	other := tea.KeyMsg{Type: tea.KeyLeft}
	ctrlC := tea.KeyMsg{Type: tea.KeyCtrlC}
	const question = "Leave?"
	type step struct {
		key            tea.KeyMsg
		leave, handled bool
		message        string // after the key
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"twice leaves", []step{{esc, false, true, question}, {esc, true, true, question}}},
		{"either key of the binding", []step{{q, false, true, question}, {esc, true, true, question}}},
		{"another key takes the question back", []step{{esc, false, true, question}, {other, false, false, ""}, {esc, false, true, question}, {q, true, true, question}}},
		{"ctrl+c at once", []step{{ctrlC, true, true, "before"}}},
		{"ctrl+c after the question", []step{{esc, false, true, question}, {ctrlC, true, true, question}}},
		{"another key leaves other messages", []step{{other, false, false, "before"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Leaving{Question: question}
			message := "before"
			for i, s := range tc.steps {
				leave, handled := l.Key(s.key, Keys.Leave, &message)
				if leave != s.leave || handled != s.handled || message != s.message {
					t.Fatalf("key %d (%v): leave %v, handled %v, message %q; want %v, %v, %q", i, s.key, leave, handled, message, s.leave, s.handled, s.message)
				}
			}
		})
	}
}
