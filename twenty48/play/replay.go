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
	rec    twenty48.Record
	games  []*twenty48.Game // the game after each move; games[0] is the start
	at     int
	paused bool
	delay  time.Duration

	width, height int
}

var replayKeys = struct {
	Pause, Step, Back, Forth, Faster, Slower, Quit key.Binding
}{
	Pause:  key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "pause/run")),
	Step:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "step")),
	Back:   key.NewBinding(key.WithKeys("left", "up"), key.WithHelp("←/→", "back/forth")),
	Forth:  key.NewBinding(key.WithKeys("right", "down")),
	Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+/-", "speed")),
	Slower: key.NewBinding(key.WithKeys("-")),
	Quit:   tui.Keys.Leave,
}

// NewReplay returns the viewer of rec, checking that its moves replay.
func NewReplay(rec twenty48.Record) (*Replay, error) {
	games, err := twenty48.Replay(rec)
	if err != nil {
		return nil, err
	}
	return &Replay{rec: rec, games: games, delay: 250 * time.Millisecond}, nil
}

type replayTick struct{}

func (r *Replay) tick() tea.Cmd {
	return tea.Tick(r.delay, func(time.Time) tea.Msg { return replayTick{} })
}

// Init implements tea.Model.
func (r *Replay) Init() tea.Cmd { return r.tick() }

// At returns the number of moves shown.
func (r *Replay) At() int { return r.at }

// Update implements tea.Model.
func (r *Replay) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.width, r.height = msg.Width, msg.Height
	case replayTick:
		if r.paused || r.at == len(r.games)-1 {
			return r, nil
		}
		r.at++
		return r, r.tick()
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, replayKeys.Quit):
			return r, tea.Quit
		case key.Matches(msg, replayKeys.Pause):
			r.paused = !r.paused
			if !r.paused {
				if r.at == len(r.games)-1 {
					r.at = 0 // at the end, space plays it again
				}
				return r, r.tick()
			}
		case key.Matches(msg, replayKeys.Step), key.Matches(msg, replayKeys.Forth):
			r.paused = true
			r.at = min(r.at+1, len(r.games)-1)
		case key.Matches(msg, replayKeys.Back):
			r.paused = true
			r.at = max(r.at-1, 0)
		case key.Matches(msg, replayKeys.Faster):
			r.delay = max(10*time.Millisecond, r.delay/2)
		case key.Matches(msg, replayKeys.Slower):
			r.delay = min(5*time.Second, r.delay*2)
		}
	}
	return r, nil
}

// View implements tea.Model.
func (r *Replay) View() string {
	layouts := make([]func() string, len(tileSizes))
	for i, size := range tileSizes {
		layouts[i] = func() string { return r.layout(size) }
	}
	return tui.Fit(r.width, r.height, "", layouts...)
}

func (r *Replay) layout(size tileSize) string {
	g := r.games[r.at]
	state := "playing"
	switch {
	case r.at == len(r.games)-1:
		state = "end"
	case r.paused:
		state = "paused"
	}
	last := ""
	if r.at > 0 {
		last = " · last move " + r.rec.Moves[r.at-1].String()
	}
	title := tui.Title.Render("2048 REPLAY") + tui.Dim.Render(fmt.Sprintf("  %d×%d %v · seed %d · %s", r.rec.Size, r.rec.Size, r.rec.Mode, r.rec.Seed, state))
	figures := fmt.Sprintf("move %s of %d   score %s%s", tui.Strong.Render(fmt.Sprint(r.at)), len(r.games)-1,
		tui.Strong.Render(fmt.Sprint(g.Score())), last)
	board := boardView(g.Grid(), size)
	help := tui.HelpLines(r.width, []key.Binding{replayKeys.Pause, replayKeys.Step, replayKeys.Back},
		[]key.Binding{replayKeys.Faster, replayKeys.Quit})
	return lipgloss.JoinVertical(lipgloss.Center, title, figures, "", board, "", help)
}
