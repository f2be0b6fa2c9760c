package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/tui/tuitest"
	"gamelab/oware"
)

// TestScreensFit80x24: the board, its help and a finished game fit a
// terminal of 80×24.
func TestScreensFit80x24(t *testing.T) {
	over, _ := oware.ParsePosition("0-0-0-0-0-0-0-0-0-0-0-1-24-23-S")
	for _, tc := range []struct {
		name string
		opts Options
		keys []tea.Msg
	}{
		{"board", Options{Players: [2]Who{Human, Human}}, []tea.Msg{tuitest.Runes("F")}},
		{"help", Options{Players: [2]Who{Human, Human}}, []tea.Msg{tuitest.Runes("?")}},
		{"over", Options{Players: [2]Who{Human, Human}, Game: oware.NewGame(over, oware.Abapa)}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(tc.opts)
			m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			send(m, tc.keys...)
			view := m.View()
			if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
				t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
			}
		})
	}
}

// TestTurnedBoard: a person playing North sees North's row nearer, a to f
// from the left, and South's above it, F to A; the moves so far are
// listed.
func TestTurnedBoard(t *testing.T) {
	m := New(Options{Players: [2]Who{Computer, Human}, Game: oware.NewGame(oware.Start(), oware.Abapa)})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := ansi.Strip(m.View())
	south, north := strings.Index(view, "F  │  E"), strings.Index(view, "a  │  b")
	if south < 0 || north < 0 || north < south {
		t.Errorf("North's row is not the nearer one:\n%s", view)
	}
	m = New(Options{Players: [2]Who{Human, Human}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	send(m, tuitest.Runes("F"), tuitest.Runes("a"), tuitest.Runes("E"))
	if view := ansi.Strip(m.View()); !strings.Contains(view, "1.Fa 2.E") {
		t.Errorf("no move list:\n%s", view)
	}
}
