package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/tui"
	"gamelab/internal/tui/tuitest"
)

// TestScreensFit80x24: every screen fits a terminal of 80×24, with the
// longest codes and the most rows.
func TestScreensFit80x24(t *testing.T) {
	wrong := tuitest.Runes(strings.Repeat("9", MaxPegs))
	var lose []tea.Msg
	for range MaxRows {
		lose = append(lose, wrong, enter)
	}
	for _, tc := range []struct {
		name string
		opts Options
		keys []tea.Msg
	}{
		{"choose", Options{}, nil},
		{"break", Options{}, []tea.Msg{enter, tuitest.Runes("1122"), enter}},
		{"break, most rows", Options{Pegs: MaxPegs, Colours: MaxColours, Rows: MaxRows}, []tea.Msg{enter}},
		{"break, lost", Options{Pegs: MaxPegs, Colours: MaxColours, Rows: MaxRows}, append([]tea.Msg{enter}, lose...)},
		{"make", Options{}, []tea.Msg{down, enter, tuitest.Runes("1")}},
		{"help", Options{}, []tea.Msg{tuitest.Runes("?")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Seed = tui.Seed{Value: 1, Given: true}
			m := New(tc.opts)
			send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
			send(m, tc.keys...)
			view := m.View()
			if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
				t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
			}
		})
	}
}
