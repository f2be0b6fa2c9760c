package play

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
	"gamelab/internal/watch"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Watch shows a benchmark run in the game's own view. It plays nothing
// itself: the run's loop (bench.Run with the solver's bench player) plays
// the games, and the Observer the watch hands out waits for the view's
// permission before each guess is shown. So the watched games are the
// benchmark's games, played by the same code. Space pauses and resumes, s
// shows one guess while paused, + and - change the speed.
type Watch struct {
	*watch.Core
	u      *solve.Universe
	secret nerdle.Equation // of the game on the board, for the person watching
	rows   []nerdle.Row
	tries  []float64 // guesses of each finished game
}

// NewWatch returns a view of a run of games games over u.
func NewWatch(u *solve.Universe, games int) *Watch {
	return &Watch{Core: watch.New(games, 400*time.Millisecond), u: u}
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := w.Core.Update(msg)
	switch ev.Kind {
	case watch.Began:
		w.secret, w.rows = w.u.All[ev.Secret], nil
	case watch.Stepped:
		if row, ok := ev.Step.(nerdle.Row); ok {
			w.rows = append(w.rows, row)
		}
	case watch.Ended:
		w.tries = append(w.tries, ev.Outcome.Values[0])
	}
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string {
	return tui.Fit(w.Width, w.Height, "",
		func() string { return w.layout(large) },
		func() string { return w.layout(small) })
}

func (w *Watch) layout(size tileSize) string {
	title := tui.Title.Render("NERDLE SOLVER") + tui.Dim.Render("  "+w.Header())
	rows := make([]string, 0, nerdle.DefaultRows)
	for _, r := range w.rows {
		rows = append(rows, RenderRow(GuessCells(r, usual), size))
	}
	for len(rows) < nerdle.DefaultRows {
		rows = append(rows, RenderRow(EmptyCells(w.u.Length), size))
	}
	secret := ""
	if w.Started && !w.Done {
		secret = tui.Dim.Render("secret " + w.secret.String())
	}
	parts := []string{title, "", tui.JoinRows(rows, size.gapY), "", secret, "", w.statistics()}
	if w.Err != nil {
		parts = append(parts, tui.Error.Render(w.Err.Error()))
	}
	parts = append(parts, "", w.Help(w.Width))
	return lipgloss.JoinVertical(lipgloss.Center, parts...)
}

// statistics summarises the finished games with the benchmark's histogram.
func (w *Watch) statistics() string {
	if len(w.tries) == 0 {
		return tui.Dim.Render("no game finished yet")
	}
	sum, worst := 0.0, 0.0
	for _, t := range w.tries {
		sum += t
		worst = max(worst, t)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d games · average %.3f · worst %d\n", len(w.tries), sum/float64(len(w.tries)), int(worst))
	if err := bench.WriteHistogram(&b, bench.MakeHistogram(w.tries), "guesses", 24); err != nil {
		return err.Error()
	}
	return strings.TrimRight(b.String(), "\n")
}
