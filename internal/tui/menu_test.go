package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
)

var items = []MenuItem{
	{Name: "Soon", Description: "not yet"},
	{Name: "Nerdle", Description: "guess the equation", Ready: true},
	{Name: "Later", Description: "not yet either"},
}

func press(k tea.KeyType) tea.KeyMsg { return tea.KeyMsg{Type: k} }

func TestMenuKeys(t *testing.T) {
	tests := []struct {
		name   string
		keys   []tea.KeyMsg
		chosen int
		quit   bool
	}{
		{"starts on the first ready game", []tea.KeyMsg{press(tea.KeyEnter)}, 1, true},
		{"up wraps around", []tea.KeyMsg{press(tea.KeyUp), press(tea.KeyUp), press(tea.KeyEnter)}, -1, false},
		{"down then up", []tea.KeyMsg{press(tea.KeyDown), press(tea.KeyUp), press(tea.KeyEnter)}, 1, true},
		{"a coming game is not chosen", []tea.KeyMsg{press(tea.KeyDown), press(tea.KeyEnter)}, -1, false},
		{"esc quits with no choice", []tea.KeyMsg{press(tea.KeyEsc)}, -1, true},
		{"j and k move", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyRunes, Runes: []rune("k")}, press(tea.KeyEnter)}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMenu(items)
			var cmd tea.Cmd
			for _, k := range tt.keys {
				_, cmd = m.Update(k)
			}
			if m.Chosen != tt.chosen {
				t.Errorf("chosen %d, want %d", m.Chosen, tt.chosen)
			}
			if quit := cmd != nil && isQuit(cmd); quit != tt.quit {
				t.Errorf("quit %v, want %v", quit, tt.quit)
			}
		})
	}
}

func isQuit(cmd tea.Cmd) bool {
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestMenuView(t *testing.T) {
	lipgloss.SetColorProfile(termenv.Ascii)
	m := NewMenu(items)
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 14})
	m.Update(press(tea.KeyDown))
	m.Update(press(tea.KeyEnter))
	golden.RequireEqual(t, m.View())
}

func TestTooSmall(t *testing.T) {
	got := TooSmall(40, 5, 60, 30)
	if lipgloss.Width(got) != 40 || lipgloss.Height(got) != 5 {
		t.Errorf("TooSmall is %dx%d, want the screen's 40x5", lipgloss.Width(got), lipgloss.Height(got))
	}
	golden.RequireEqual(t, got)
}

func TestMenuTooSmall(t *testing.T) {
	m := NewMenu(items)
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 8})
	if got := m.View(); !strings.Contains(got, "Terminal too small: 30×8.") {
		t.Errorf("view in 30×8:\n%s", got)
	}
}
