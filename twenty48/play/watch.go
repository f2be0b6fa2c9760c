package play

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
	"gamelab/twenty48/player"
)

// quitKey leaves the views that play by themselves.
var quitKey = tui.Keys.Leave

// Watch shows a benchmark run in the game's own view. It plays nothing:
// the run's loop plays, and the Observer the watch hands out waits for the
// view's permission before each move is shown. Space pauses and resumes, s
// steps one move, + and - change the speed.
type Watch struct {
	games int
	pace  *bench.Pacer // the run shows a move once the view permits

	game    int
	frame   player.Frame
	started bool
	maxes   []float64 // max tile of each finished game
	done    bool
	clock   *tui.Clock
	err     error

	width, height int
}

// NewWatch returns a view of a run of games games.
func NewWatch(games int) *Watch {
	return &Watch{games: games, clock: tui.NewClock(40*time.Millisecond, time.Millisecond, 2*time.Second), pace: bench.NewPacer()}
}

// WatchDone tells the view that the run has ended.
type WatchDone struct{ Err error }

type (
	watchBegin struct{ game int }
	watchFrame struct{ frame player.Frame }
	watchEnd   struct{ max float64 }
)

// Observer returns the bench.Observer to run the benchmark with (on one
// worker); send is the program's Send.
func (w *Watch) Observer(send func(tea.Msg)) bench.Observer {
	return &watchObserver{w.pace, send}
}

// Finished returns the message that tells the view the run has ended.
func (w *Watch) Finished(err error) tea.Msg { return WatchDone{Err: err} }

// Close releases a run waiting for the view: call it after cancelling the
// run, when the program has ended.
func (w *Watch) Close() { w.pace.Close() }

type watchObserver struct {
	pace *bench.Pacer
	send func(tea.Msg)
}

func (o *watchObserver) paced(msg tea.Msg) {
	if o.pace.Wait() {
		o.send(msg)
	}
}

func (o *watchObserver) Begin(g bench.Game) { o.paced(watchBegin{g.Index}) }

func (o *watchObserver) Step(_ bench.Game, ev any) {
	if f, ok := ev.(player.Frame); ok {
		o.paced(watchFrame{f})
	}
}

func (o *watchObserver) End(_ bench.Game, out bench.Outcome) { o.send(watchEnd{out.Values[0]}) }

// Init implements tea.Model.
func (w *Watch) Init() tea.Cmd { return w.clock.Tick() }

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		w.width, w.height = msg.Width, msg.Height
	case watchBegin:
		w.game, w.started, w.frame = msg.game, true, player.Frame{}
	case watchFrame:
		w.frame = msg.frame
	case watchEnd:
		w.maxes = append(w.maxes, msg.max)
	case WatchDone:
		w.done, w.err, w.clock.Done = true, msg.Err, true
	case tea.KeyMsg:
		if key.Matches(msg, quitKey) {
			return w, tea.Quit
		}
	}
	cmd, _ := w.clock.Update(msg, w.pace.Permit)
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string { return fitTiles(w.width, w.height, "", w.layout) }

func (w *Watch) layout(size tileSize) string {
	state := w.clock.State()
	title := tui.Title.Render("2048 PLAYER") + tui.Dim.Render(fmt.Sprintf("  game %d of %d · %s · every %v", min(w.game+1, w.games), w.games, state, w.clock.Delay))
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
	help := tui.HelpLines(w.width, []key.Binding{tui.ClockKeys.Pause, tui.ClockKeys.Step}, []key.Binding{tui.ClockKeys.Faster, quitKey})
	return lipgloss.JoinVertical(lipgloss.Center, title, figures, "", board, "", finished, help)
}
