package play

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
	"gamelab/internal/watch"
	"gamelab/oware"
	"gamelab/oware/match"
)

// Watch shows a match in the game's own board: each move as the run
// plays it, paced by the watcher, with the score of the games finished.
// It plays nothing itself: the run's loop plays, and its observer waits
// for the view before each move is shown.
type Watch struct {
	*watch.Core
	first, second string // the players, as the match names them
	ply           match.Ply
	moves         []oware.Move
	results       [3]int // the first player's losses, draws and wins so far
}

// NewWatch returns a view of a match of games games between first and
// second.
func NewWatch(first, second string, games int) *Watch {
	return &Watch{Core: watch.New(games, 300*time.Millisecond), first: first, second: second}
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := w.Core.Update(msg)
	switch ev.Kind {
	case watch.Began:
		w.moves = nil
	case watch.Stepped:
		if p, ok := ev.Step.(match.Ply); ok {
			w.ply = p
			if p.Move != oware.NoMove {
				w.moves = append(w.moves, p.Move)
			}
		}
	case watch.Ended:
		switch ev.Outcome.Result {
		case bench.Loss:
			w.results[0]++
		case bench.Draw:
			w.results[1]++
		case bench.Win:
			w.results[2]++
		}
	}
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string {
	p := w.ply.Position
	board := drawBoard(p, false, func(h int) string { return plainCell(p, h, w.ply.Move) })
	south, north := w.first, w.second
	if w.ply.First == oware.North {
		south, north = north, south
	}
	sides := tui.Dim.Render(fmt.Sprintf("North %s · South %s", north, south))
	score := fmt.Sprintf("%s: %d won, %d drawn, %d lost", w.first, w.results[2], w.results[1], w.results[0])
	layout := func() string {
		parts := []string{tui.Title.Render("OWARE MATCH") + tui.Dim.Render("  "+w.Header()), sides, "", board, "", tui.Dim.Render(fmt.Sprintf("%d moves", len(w.moves))), score}
		if w.Err != nil {
			parts = append(parts, tui.Error.Render(w.Err.Error()))
		}
		parts = append(parts, "", w.Help(w.Width))
		return lipgloss.JoinVertical(lipgloss.Center, parts...)
	}
	return tui.Fit(w.Width, w.Height, "", layout)
}
