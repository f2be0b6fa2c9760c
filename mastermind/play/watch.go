package play

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/internal/watch"
	"gamelab/mastermind"
)

// Watch shows a codebreaker's benchmark in the game's own board: each
// guess and its answer as the run plays it, paced by the watcher. It
// plays nothing itself: the run's loop plays, and its observer waits for
// the view before each guess is shown.
type Watch struct {
	*watch.Core
	pegs    int
	hints   []mastermind.Hint
	guesses []float64 // of each finished game
}

// NewWatch returns a view of a run of games games of codes of pegs pegs.
func NewWatch(pegs, games int) *Watch {
	return &Watch{Core: watch.New(games, 500*time.Millisecond), pegs: pegs}
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := w.Core.Update(msg)
	switch ev.Kind {
	case watch.Began:
		w.hints = nil
	case watch.Stepped:
		if h, ok := ev.Step.(mastermind.Hint); ok {
			w.hints = append(w.hints, h)
		}
	case watch.Ended:
		w.guesses = append(w.guesses, ev.Outcome.Values[0])
	}
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string {
	layout := func(window int) func() string {
		return func() string {
			var b strings.Builder
			b.WriteString(tui.Title.Render("MASTERMIND CODEBREAKER") + tui.Dim.Render("  "+w.Header()) + "\n\n")
			first := 0
			if window > 0 && len(w.hints) > window {
				first = len(w.hints) - window
				b.WriteString(tui.Dim.Render(fmt.Sprintf("    ⋮ %s before", plural(first, "row"))) + "\n")
			}
			for i, h := range w.hints[first:] {
				b.WriteString(fmt.Sprintf("%2d  %s   %s\n", first+i+1, pegs(h.Guess), pins(h.Answer, w.pegs)))
			}
			mean := 0.0
			for _, g := range w.guesses {
				mean += g
			}
			if n := len(w.guesses); n > 0 {
				mean /= float64(n)
			}
			b.WriteString("\n" + tui.Dim.Render(fmt.Sprintf("%s finished · %.4f guesses a game", plural(len(w.guesses), "game"), mean)) + "\n")
			if w.Err != nil {
				b.WriteString(tui.Error.Render(w.Err.Error()) + "\n")
			}
			b.WriteString(w.Help(w.Width))
			return lipgloss.JoinVertical(lipgloss.Left, strings.Split(b.String(), "\n")...)
		}
	}
	return tui.Fit(w.Width, w.Height, "", layout(0), layout(12), layout(6), layout(2))
}
