package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Leaving guards a game in progress, which leaving would lose, against a
// stray key: the first press of a key that leaves puts Question in the
// game's message, the second leaves, and any other key takes the
// question back. ctrl+c leaves at once, as everywhere.
type Leaving struct {
	Question string // what the first press asks, such as "Leave? …"
	asked    bool
}

// Key handles msg, pressed during a game in progress, given the keys that
// leave there and the message line the game shows: leave reports that the
// game is to be left now; handled, that msg was a key that leaves (the
// first press, the question now in *message). Any other key is the
// caller's, the question taken off *message if it is still there.
func (l *Leaving) Key(msg tea.KeyMsg, leaveKeys key.Binding, message *string) (leave, handled bool) {
	if !key.Matches(msg, leaveKeys) {
		if l.asked && *message == l.Question {
			*message = ""
		}
		l.asked = false
		return false, false
	}
	if msg.Type == tea.KeyCtrlC || l.asked {
		l.asked = false
		return true, true
	}
	l.asked = true
	*message = l.Question
	return false, true
}
