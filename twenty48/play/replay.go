package play

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/twenty48"
)

// Replay shows a saved game move by move: it runs on its own, space
// pauses and resumes, s steps one move, the arrows go back and forth, + and
// - change the speed.
type Replay struct {
	rec   twenty48.Record
	games []*twenty48.Game // the game after each move; games[0] is the start
	at    int
	clock *tui.Clock

	width, height int
}

var replayKeys = struct {
	Back, Forth, Start, End key.Binding
}{
	Back:  key.NewBinding(key.WithKeys("left", "up"), key.WithHelp("←/→", "back/forth")),
	Forth: key.NewBinding(key.WithKeys("right", "down")),
	Start: key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/end", "first/last move")),
	End:   key.NewBinding(key.WithKeys("end", "G")),
}

// NewReplay returns the viewer of rec, checking that its moves replay.
func NewReplay(rec twenty48.Record) (*Replay, error) {
	games, err := twenty48.Replay(rec)
	if err != nil {
		return nil, err
	}
	return &Replay{rec: rec, games: games, clock: tui.NewClock(250*time.Millisecond, 10*time.Millisecond, 5*time.Second)}, nil
}

// Init implements tea.Model.
func (r *Replay) Init() tea.Cmd { return r.clock.Tick() }

// At returns the number of moves shown.
func (r *Replay) At() int { return r.at }

// Update implements tea.Model.
func (r *Replay) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	last := len(r.games) - 1
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.width, r.height = msg.Width, msg.Height
		return r, nil
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, quitKey):
			return r, tea.Quit
		case key.Matches(msg, tui.ClockKeys.Pause) && r.clock.Paused && r.at == last:
			r.at = 0 // at the end, space plays it again
		case key.Matches(msg, replayKeys.Forth):
			r.clock.Paused = true
			r.at = min(r.at+1, last)
			return r, nil
		case key.Matches(msg, replayKeys.Back):
			r.clock.Paused = true
			r.at = max(r.at-1, 0)
			return r, nil
		case key.Matches(msg, replayKeys.Start):
			r.clock.Paused, r.at = true, 0
			return r, nil
		case key.Matches(msg, replayKeys.End):
			r.clock.Paused, r.at = true, last
			return r, nil
		}
	}
	cmd, _ := r.clock.Update(msg, func() {
		if r.at < last {
			r.at++
		} else {
			r.clock.Paused = true // the end: stay on it
		}
	})
	return r, cmd
}

// View implements tea.Model.
func (r *Replay) View() string { return fitTiles(r.width, r.height, "", r.layout) }

func (r *Replay) layout(size tileSize) string {
	g := r.games[r.at]
	state := r.clock.State()
	if r.at == len(r.games)-1 {
		state = "end"
	}
	last := ""
	if r.at > 0 {
		last = " · last move " + r.rec.Moves[r.at-1].String()
	}
	title := tui.Title.Render("2048 REPLAY") + tui.Dim.Render(fmt.Sprintf("  %d×%d %v · seed %d · %s", r.rec.Size, r.rec.Size, r.rec.Mode, r.rec.Seed, state))
	figures := fmt.Sprintf("move %s of %d   score %s%s", tui.Strong.Render(fmt.Sprint(r.at)), len(r.games)-1,
		tui.Strong.Render(fmt.Sprint(g.Score())), last)
	board := boardView(g.Grid(), size)
	help := tui.HelpLines(r.width, []key.Binding{tui.ClockKeys.Pause, tui.ClockKeys.Step, replayKeys.Back},
		[]key.Binding{replayKeys.Start, tui.ClockKeys.Faster, quitKey})
	return lipgloss.JoinVertical(lipgloss.Center, title, figures, "", board, "", help)
}
