package play

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Watch shows a benchmark run in the game's own view. It plays nothing
// itself: the run's loop (bench.Run with the solver's bench player) plays
// the games and reports each guess to the Observer the watch hands out,
// which waits for the view's permission before every guess is shown. So the
// watched games are the benchmark's games, played by the same code.
//
// Space pauses and resumes, s shows one guess while paused, + and - change
// the speed.
type Watch struct {
	u     *solve.Universe
	games int
	pace  *bench.Pacer // the run shows a guess once the view permits

	game    int             // index of the game on the board
	secret  nerdle.Equation // its secret, for the person watching
	rows    []nerdle.Row
	tries   []float64 // guesses of each finished game
	started bool      // a game has begun
	done    bool      // the run is over
	clock   *tui.Clock
	err     error

	width, height int
}

var quitKey = tui.Keys.Leave

// NewWatch returns a view of a run of games games over u.
func NewWatch(u *solve.Universe, games int) *Watch {
	return &Watch{u: u, games: games, clock: tui.NewClock(400*time.Millisecond, 10*time.Millisecond, 5*time.Second),
		pace: bench.NewPacer()}
}

// Observer returns the bench.Observer to run the benchmark with: it hands
// the run's events to send (the program's Send) and paces the guesses.
// The run must have one worker.
func (w *Watch) Observer(send func(tea.Msg)) bench.Observer {
	return &watchObserver{w.u, w.pace, send}
}

// Finished returns the message that tells the view the run has ended.
func (w *Watch) Finished(err error) tea.Msg { return RunDone{Err: err} }

// Close releases a run waiting for the view: call it when the program has
// ended, after cancelling the run's context, so that the run stops where
// the person watching left it.
func (w *Watch) Close() { w.pace.Close() }

// RunDone tells the view that the run has ended, with its error if any.
type RunDone struct{ Err error }

// watchObserver is the run's side of a Watch.
type watchObserver struct {
	u    *solve.Universe
	pace *bench.Pacer
	send func(tea.Msg)
}

type (
	beginMsg struct {
		game   int
		secret nerdle.Equation
	}
	rowMsg struct{ row nerdle.Row }
	endMsg struct{ guesses float64 }
)

// Begin waits for a permit, so that the last game stays on the board for
// a moment, then shows the new one.
func (o *watchObserver) Begin(g bench.Game) {
	o.paced(beginMsg{g.Index, o.u.All[g.Secret]})
}

func (o *watchObserver) Step(g bench.Game, event any) {
	if row, ok := event.(nerdle.Row); ok {
		o.paced(rowMsg{row})
	}
}

// paced sends msg once the view permits, or drops it once the view is gone.
func (o *watchObserver) paced(msg tea.Msg) {
	if o.pace.Wait() {
		o.send(msg)
	}
}

func (o *watchObserver) End(g bench.Game, out bench.Outcome) {
	o.send(endMsg{out.Values[0]})
}

// Err returns what stopped the run, if anything did.
func (w *Watch) Err() error { return w.err }

// Init implements tea.Model.
func (w *Watch) Init() tea.Cmd { return w.clock.Tick() }

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		w.width, w.height = msg.Width, msg.Height
	case beginMsg:
		w.game, w.secret, w.rows, w.started = msg.game, msg.secret, nil, true
	case rowMsg:
		w.rows = append(w.rows, msg.row)
	case endMsg:
		w.tries = append(w.tries, msg.guesses)
	case RunDone:
		w.done, w.err, w.clock.Done = true, msg.Err, true
	case tea.KeyMsg:
		if key.Matches(msg, quitKey) {
			// The run stays held until the caller has stopped it and
			// calls Close: released now, it would race through the rest.
			return w, tea.Quit
		}
	}
	cmd, _ := w.clock.Update(msg, w.pace.Permit)
	return w, cmd
}

// View implements tea.Model.
func (w *Watch) View() string {
	return tui.Fit(w.width, w.height, "",
		func() string { return w.layout(large) },
		func() string { return w.layout(small) })
}

func (w *Watch) layout(size tileSize) string {
	state := w.clock.State()
	if w.err != nil {
		state = "stopped"
	}
	title := tui.Title.Render("NERDLE SOLVER") + tui.Dim.Render(fmt.Sprintf("  game %d of %d · %s · every %v", min(w.game+1, w.games), w.games, state, w.clock.Delay))
	rows := make([]string, 0, nerdle.DefaultRows)
	for _, r := range w.rows {
		rows = append(rows, RenderRow(GuessCells(r, usual), size))
	}
	for len(rows) < nerdle.DefaultRows {
		rows = append(rows, RenderRow(EmptyCells(w.u.Length), size))
	}
	secret := ""
	if w.started && !w.done {
		secret = tui.Dim.Render("secret " + w.secret.String())
	}
	parts := []string{title, "", tui.JoinRows(rows, size.gapY), "", secret, "", w.statistics()}
	if w.err != nil {
		parts = append(parts, tui.Error.Render(w.err.Error()))
	}
	parts = append(parts, "", tui.KeyHelp(tui.ClockKeys.Pause, tui.ClockKeys.Step, tui.ClockKeys.Faster, quitKey))
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
