package tui

import (
	"os"
	"slices"
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
		chosen string
		quit   bool
	}{
		{"starts on the first ready game", []tea.KeyMsg{press(tea.KeyEnter)}, "Nerdle", true},
		{"up wraps around", []tea.KeyMsg{press(tea.KeyUp), press(tea.KeyUp), press(tea.KeyEnter)}, "", false},
		{"down then up", []tea.KeyMsg{press(tea.KeyDown), press(tea.KeyUp), press(tea.KeyEnter)}, "Nerdle", true},
		{"a coming game is not chosen", []tea.KeyMsg{press(tea.KeyDown), press(tea.KeyEnter)}, "", false},
		{"esc quits with no choice", []tea.KeyMsg{press(tea.KeyEsc)}, "", true},
		{"j and k move", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyRunes, Runes: []rune("k")}, press(tea.KeyEnter)}, "Nerdle", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMenu(items)
			var cmd tea.Cmd
			for _, k := range tt.keys {
				_, cmd = m.Update(k)
			}
			if m.Chosen != tt.chosen {
				t.Errorf("chosen %q, want %q", m.Chosen, tt.chosen)
			}
			if quit := cmd != nil && isQuit(cmd); quit != tt.quit {
				t.Errorf("quit %v, want %v", quit, tt.quit)
			}
		})
	}
}

// TestMenuSelect: Select puts the cursor on a ready game by its name, and
// leaves it where it is for a game not ready or not there.
func TestMenuSelect(t *testing.T) {
	two := append(slices.Clone(items), MenuItem{Name: "2048", Ready: true})
	for _, tc := range []struct{ name, want string }{
		{"2048", "2048"},
		{"Nerdle", "Nerdle"},
		{"Later", "Nerdle"},
		{"", "Nerdle"},
		{"Chess", "Nerdle"},
	} {
		m := NewMenu(two)
		m.Select(tc.name)
		m.Update(press(tea.KeyEnter))
		if m.Chosen != tc.want {
			t.Errorf("Select(%q), enter: chosen %q, want %q", tc.name, m.Chosen, tc.want)
		}
	}
}

func isQuit(cmd tea.Cmd) bool {
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// TestMain renders without colours, once for all tests: the golden files
// pin layout, not colour.
func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

func TestMenuView(t *testing.T) {
	m := NewMenu(items)
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 14})
	m.Update(press(tea.KeyDown))
	m.Update(press(tea.KeyEnter))
	golden.RequireEqual(t, m.View())
}

func TestTooSmall(t *testing.T) {
	got := TooSmall(40, 5, 60, 30, "")
	if lipgloss.Width(got) != 40 || lipgloss.Height(got) != 5 {
		t.Errorf("TooSmall is %dx%d, want the screen's 40x5", lipgloss.Width(got), lipgloss.Height(got))
	}
	golden.RequireEqual(t, got)
}

// TestTooSmallKeepsNotice: a notice is never hidden by the too-small
// screen; it wraps to the width.
func TestTooSmallKeepsNotice(t *testing.T) {
	notice := "Your saved statistics were unreadable and were kept as /home/someone/.config/gamelab/nerdle.json.corrupt-1; starting afresh."
	got := TooSmall(30, 12, 60, 30, notice)
	if w := lipgloss.Width(got); w > 30 {
		t.Errorf("the screen is %d wide, want at most 30:\n%s", w, got)
	}
	flat := strings.Join(strings.Fields(got), " ")
	if !strings.Contains(flat, "kept as") || !strings.Contains(flat, "starting afresh.") {
		t.Errorf("the notice is not shown whole:\n%s", got)
	}
}

func TestFit(t *testing.T) {
	big := func() string { return strings.Repeat("x", 50) }
	small := func() string { return strings.Repeat("y", 20) }
	if got := Fit(30, 5, "", big, small); !strings.Contains(got, "yyyy") || strings.Contains(got, "xxxx") {
		t.Errorf("Fit chose the wrong layout:\n%s", got)
	}
	if got := Fit(100, 5, "", big, small); !strings.Contains(got, "xxxx") {
		t.Errorf("Fit did not take the largest layout that fits:\n%s", got)
	}
	if got := Fit(10, 5, "", big, small); !strings.Contains(got, "too small") {
		t.Errorf("Fit of nothing that fits:\n%s", got)
	}
	if got := Fit(0, 0, "", big, small); got != big() {
		t.Errorf("Fit of an unknown size: %q", got)
	}
}

func TestMenuTooSmall(t *testing.T) {
	m := NewMenu(items)
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 8})
	if got := m.View(); !strings.Contains(got, "Terminal too small: 30×8.") {
		t.Errorf("view in 30×8:\n%s", got)
	}
}
