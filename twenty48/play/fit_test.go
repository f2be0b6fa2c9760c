package play

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/tui"
	"gamelab/internal/tui/tuitest"
	"gamelab/twenty48"
)

// TestScreensFit80x24: the game at every size and mode, its help, a lost
// game and the replay viewer fit a terminal of 80×24.
func TestScreensFit80x24(t *testing.T) {
	var moves []tea.Msg
	for range 300 {
		moves = append(moves, left, down, right, down)
	}
	for _, tc := range []struct {
		name string
		opts Options
		keys []tea.Msg
	}{
		{"classic", Options{}, nil},
		{"eight", Options{Size: twenty48.MaxSize}, nil},
		{"evil", Options{Mode: twenty48.EvilMode}, nil},
		{"help", Options{}, []tea.Msg{tuitest.Runes("?")}},
		{"help, evil", Options{Mode: twenty48.EvilMode}, []tea.Msg{tuitest.Runes("?")}},
		{"lost", Options{}, moves},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Seed = tui.Seed{Value: 7, Given: true}
			tc.opts.Profile = &Profile{Settings: Settings{NoAnimation: true}}
			m := newModel(t, tc.opts)
			tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
			tuitest.Send(m, tc.keys...)
			view := m.View()
			if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
				t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
			}
		})
	}
}
