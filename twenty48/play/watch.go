package play

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/internal/watch"
	"gamelab/twenty48/player"
)

// quitKey leaves the views that play by themselves.
var quitKey = tui.Keys.Leave

// Watch shows a benchmark run in the game's own view. It plays nothing:
// the run's loop plays, and the Observer the watch hands out waits for the
// view's permission before each move is shown. Space pauses and resumes, s
// steps one move, + and - change the speed.
type Watch struct {
	*watch.Core
	frame player.Frame
	maxes []float64 // max tile of each finished game
}

// NewWatch returns a view of a run of games games.
func NewWatch(games int) *Watch {
	return &Watch{Core: watch.New(games, 40*time.Millisecond)}
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := w.Core.Update(msg)
	switch ev.Kind {
	case watch.Began:
		w.frame = player.Frame{}
	case watch.Stepped:
		if f, ok := ev.Step.(player.Frame); ok {
			w.frame = f
		}
	case watch.Ended:
		w.maxes = append(w.maxes, ev.Outcome.Values[0])
	}
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string { return fitTiles(w.Width, w.Height, "", w.layout) }

func (w *Watch) layout(size tileSize) string {
	title := tui.Title.Render("2048 PLAYER") + tui.Dim.Render("  "+w.Header())
	figures := fmt.Sprintf("score %s   moves %s", tui.Strong.Render(fmt.Sprint(w.frame.Score)), tui.Strong.Render(fmt.Sprint(w.frame.Moves)))
	board := ""
	if w.frame.Grid.Size() > 0 {
		board = boardView(w.frame.Grid, size)
	}
	sum := 0.0
	for _, m := range w.maxes {
		sum += m / 2048
	}
	finished := tui.Dim.Render(fmt.Sprintf("%d games finished · Σ max tile / 2048 = %.2f", len(w.maxes), sum))
	return lipgloss.JoinVertical(lipgloss.Center, title, figures, "", board, "", finished, w.Help(w.Width))
}
