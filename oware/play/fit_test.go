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
