package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/tui/tuitest"
)

// TestScreensFit80x24: the rule choice, the table and its log, a refused
// card, the help and the end of a game fit a terminal of 80×24, at the
// largest table.
func TestScreensFit80x24(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		keys []tea.Msg
	}{
		{"setup", Options{}, nil},
		{"setup, own rule", Options{}, []tea.Msg{down, down, down, down, down, down, down, down}},
		{"game", Options{}, []tea.Msg{enter, right}},
		{"refused", Options{}, []tea.Msg{enter, enter}},
		{"largest table", Options{Players: MaxPlayers, Packs: 2}, []tea.Msg{enter, enter, tuitest.Runes("d"), tuitest.Runes("d")}},
		{"help", Options{}, []tea.Msg{tuitest.Runes("?")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(tc.opts)
			tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
			tuitest.Send(m, tc.keys...)
			view := m.View()
			if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
				t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
			}
		})
	}
}
