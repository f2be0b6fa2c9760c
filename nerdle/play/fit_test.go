package play

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"gamelab/internal/tui/tuitest"
	"gamelab/nerdle"
)

// TestScreensFit80x24: every screen a player meets fits a terminal of 80
// columns and 24 lines, for the longest equations and the most rows.
func TestScreensFit80x24(t *testing.T) {
	for _, tc := range []struct {
		name, secret string
		rows         int
		keys         []tea.Msg
	}{
		{"playing", "12+34-5=41", 6, []tea.Msg{tuitest.Runes("12+34-6=40"), enter}},
		{"playing 11", "1+2+34+5=42", 6, nil},
		{"won", "12+34-5=41", 6, []tea.Msg{tuitest.Runes("12+34-6=40"), enter, tuitest.Runes("12+34-5=41"), enter}},
		{"won 11", "1+2+34+5=42", 6, []tea.Msg{tuitest.Runes("1+2+34+5=42"), enter}},
		{"lost", "1+1=2", 2, []tea.Msg{tuitest.Runes("2*3=6"), enter, tuitest.Runes("2+2=4"), enter}},
		{"shared", "12+34-5=41", 6, []tea.Msg{tuitest.Runes("12+34-6=40"), enter, tuitest.Runes("12+34-5=41"), enter, tuitest.Runes("s")}},
		{"help", "12+34-5=41", 6, []tea.Msg{tuitest.Runes("?")}},
		{"settings", "12+34-5=41", 6, []tea.Msg{tuitest.Runes("o")}},
		{"most rows", "12+34-5=41", 9, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, tc.secret, tc.rows)
			tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
			tuitest.Send(m, tc.keys...)
			view := m.View()
			if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
				t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
			}
		})
	}
}

// TestDailyResultFits80x24: the daily puzzle's end screen, with its
// longer title, fits too.
func TestDailyResultFits80x24(t *testing.T) {
	list, err := nerdle.Enumerate(11, nerdle.Standard)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Length: 11, Rules: nerdle.Standard, Daily: "2026-12-07", Equations: list})
	tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, e := range list[:12] {
		if m.Game() == nil || m.Game().Status() != nerdle.Playing {
			break
		}
		tuitest.Send(m, tuitest.Runes(e.String()), enter)
	}
	if m.Game() == nil || m.Game().Status() == nerdle.Playing {
		t.Fatal("the daily game did not end")
	}
	for _, keys := range [][]tea.Msg{nil, {tuitest.Runes("s")}} {
		tuitest.Send(m, keys...)
		view := m.View()
		if w, h := lipgloss.Width(view), lipgloss.Height(view); w > 80 || h > 24 || strings.Contains(ansi.Strip(view), "too small") {
			t.Errorf("%d×%d:\n%s", w, h, ansi.Strip(view))
		}
	}
}

func TestUntilTomorrow(t *testing.T) {
	for _, tc := range []struct {
		now  string
		want string
	}{
		{"2026-12-07T00:00:00Z", "24h 00m"},
		{"2026-12-07T18:47:30Z", "5h 12m"},
		{"2026-12-07T23:59:45Z", "1m"},
	} {
		now, _ := time.Parse(time.RFC3339, tc.now)
		if got := untilTomorrow(now); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.now, got, tc.want)
		}
	}
}
