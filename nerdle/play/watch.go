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

// Watch shows a solver playing a series of games in the game's own view:
// it runs on its own, space pauses and resumes, s plays one guess while
// paused, + and - change the speed.
type Watch struct {
	u      *solve.Universe
	solver solve.Solver
	games  int
	secret func(i int) nerdle.Equation

	game    int // index of the game on the board
	history solve.History
	tries   []float64 // guesses of each finished game
	paused  bool
	delay   time.Duration
	err     error

	width, height int
}

var watchKeys = struct {
	Pause, Step, Faster, Slower, Quit key.Binding
}{
	Pause:  key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "pause/run")),
	Step:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "step")),
	Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+/-", "speed")),
	Slower: key.NewBinding(key.WithKeys("-")),
	Quit:   key.NewBinding(key.WithKeys("q", "esc", "ctrl+c"), key.WithHelp("q", "quit")),
}

// NewWatch returns a viewer of solver s playing games games of u, game i
// with secret(i).
func NewWatch(u *solve.Universe, s solve.Solver, games int, secret func(i int) nerdle.Equation) *Watch {
	return &Watch{u: u, solver: s, games: games, secret: secret, delay: 400 * time.Millisecond,
		history: solve.History{Length: u.Length, Rules: u.Rules}}
}

// Err returns what stopped the solver, if anything did.
func (w *Watch) Err() error { return w.err }

type tickMsg struct{}

func (w *Watch) tick() tea.Cmd {
	return tea.Tick(w.delay, func(time.Time) tea.Msg { return tickMsg{} })
}

// Init implements tea.Model.
func (w *Watch) Init() tea.Cmd { return w.tick() }

// done reports whether the game on the board is over.
func (w *Watch) done() bool {
	n := len(w.history.Rows)
	return n > 0 && w.history.Rows[n-1].Feedback == nerdle.AllGreen(w.u.Length)
}

// Step plays one guess, or moves on to the next game if the one on the
// board is over. It reports false when every game has been played.
func (w *Watch) Step() bool {
	if w.done() {
		w.tries = append(w.tries, float64(len(w.history.Rows)))
		w.history.Rows = nil
		w.game++
	}
	if w.game >= w.games || w.err != nil {
		return false
	}
	if len(w.history.Rows) >= solve.GiveUp {
		w.err = fmt.Errorf("secret %v: not found in %d guesses", w.secret(w.game), solve.GiveUp)
		return false
	}
	g, err := w.solver.Guess(w.history)
	if err != nil {
		w.err = err
		return false
	}
	f := nerdle.Score(w.secret(w.game), g)
	w.history.Rows = append(w.history.Rows, nerdle.Row{Guess: g, Feedback: f})
	return true
}

// Update implements tea.Model.
func (w *Watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		w.width, w.height = msg.Width, msg.Height
	case tickMsg:
		if w.paused {
			return w, nil
		}
		if !w.Step() {
			w.paused = true
			return w, nil
		}
		return w, w.tick()
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, watchKeys.Quit):
			return w, tea.Quit
		case key.Matches(msg, watchKeys.Pause):
			w.paused = !w.paused
			if !w.paused {
				return w, w.tick()
			}
		case key.Matches(msg, watchKeys.Step):
			w.paused = true
			w.Step()
		case key.Matches(msg, watchKeys.Faster):
			w.delay = max(10*time.Millisecond, w.delay/2)
		case key.Matches(msg, watchKeys.Slower):
			w.delay = min(5*time.Second, w.delay*2)
		}
	}
	return w, nil
}

// View implements tea.Model.
func (w *Watch) View() string {
	size := large
	view := w.layout(size)
	if w.width > 0 && (lipgloss.Width(view) > w.width || lipgloss.Height(view) > w.height) {
		view = w.layout(small)
		if lipgloss.Width(view) > w.width || lipgloss.Height(view) > w.height {
			return tui.TooSmall(w.width, w.height, lipgloss.Width(view), lipgloss.Height(view))
		}
	}
	return tui.Centre(w.width, w.height, view)
}

func (w *Watch) layout(size tileSize) string {
	state := "running"
	switch {
	case w.err != nil:
		state = "stopped"
	case w.game >= w.games:
		state = "finished"
	case w.paused:
		state = "paused"
	}
	title := tui.Title.Render("NERDLE SOLVER") + tui.Dim.Render(fmt.Sprintf("  game %d of %d · %s · every %v", min(w.game+1, w.games), w.games, state, w.delay))
	rows := make([]string, 0, nerdle.DefaultRows)
	for _, r := range w.history.Rows {
		rows = append(rows, RenderRow(GuessCells(r), size))
	}
	for len(rows) < nerdle.DefaultRows {
		rows = append(rows, RenderRow(EmptyCells(w.u.Length), size))
	}
	secret := tui.Dim.Render("secret " + w.secret(min(w.game, w.games-1)).String())
	parts := []string{title, "", tui.JoinRows(rows, size.gapY), "", secret, "", w.statistics()}
	if w.err != nil {
		parts = append(parts, tui.Error.Render(w.err.Error()))
	}
	parts = append(parts, "", tui.KeyHelp(watchKeys.Pause, watchKeys.Step, watchKeys.Faster, watchKeys.Quit))
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
