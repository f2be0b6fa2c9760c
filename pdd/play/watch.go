package play

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/internal/watch"
	"gamelab/pdd/learn"
)

// Watch shows a tournament's games at the table: the card on the pile,
// each seat's cards and the last turns, as the run plays them, paced by
// the watcher. It plays nothing itself: the run's loop plays, and its
// observer waits for the view before each turn is shown.
type Watch struct {
	*watch.Core
	turn    learn.Turn
	log     []string
	winners map[string]int // games won, by player
}

// NewWatch returns a view of a tournament of games games.
func NewWatch(games int) *Watch {
	return &Watch{Core: watch.New(games, 300*time.Millisecond), winners: map[string]int{}}
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	ev, cmd := w.Core.Update(msg)
	switch ev.Kind {
	case watch.Began:
		w.log, w.turn = nil, learn.Turn{}
	case watch.Stepped:
		if t, ok := ev.Step.(learn.Turn); ok {
			w.turn = t
			w.log = append(w.log, describeTurn(t))
			if len(w.log) > 6 {
				w.log = w.log[len(w.log)-6:]
			}
		}
	case watch.Ended:
		for i, name := range w.turn.Names {
			if w.turn.Cards[i] == 0 { // the winner laid their last card
				w.winners[name]++
			}
		}
	}
	return w, cmd
}

// describeTurn says what happened in a turn, in a line.
func describeTurn(t learn.Turn) string {
	name := t.Names[t.Player]
	switch {
	case !t.Laid:
		return fmt.Sprintf("%s drew on %s.", name, cardName(t.Turn.Top))
	case len(t.Refused) > 0:
		var by []string
		for _, s := range t.Refused {
			by = append(by, t.Names[s])
		}
		return fmt.Sprintf("%s laid %s on %s: refused by %s.", name, cardName(t.Played), cardName(t.Turn.Top), strings.Join(by, ", "))
	}
	return fmt.Sprintf("%s laid %s on %s.", name, cardName(t.Played), cardName(t.Turn.Top))
}

// View implements tea.Model.
func (w *Watch) View() string {
	layout := func() string {
		var seats []string
		for i, name := range w.turn.Names {
			seats = append(seats, fmt.Sprintf("%s %s", name, tui.Dim.Render(plural(w.turn.Cards[i], "card"))))
		}
		pile := ""
		if w.turn.Names != nil {
			pile = "on the pile: " + cardTile(w.turn.Top, false)
		}
		var won []string
		for _, name := range slices.Sorted(maps.Keys(w.winners)) {
			won = append(won, fmt.Sprintf("%s %d", name, w.winners[name]))
		}
		parts := []string{
			tui.Title.Render("PDD TOURNAMENT") + tui.Dim.Render("  "+w.Header()), "",
			strings.Join(seats, "   "), "", pile, "",
			strings.Join(w.log, "\n"), "",
			tui.Dim.Render("games won: " + strings.Join(won, ", ")),
		}
		if w.Err != nil {
			parts = append(parts, tui.Error.Render(w.Err.Error()))
		}
		parts = append(parts, "", w.Help(w.Width))
		return lipgloss.JoinVertical(lipgloss.Left, parts...)
	}
	return tui.Fit(w.Width, w.Height, "", layout)
}
