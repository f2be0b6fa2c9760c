// Package watch is what every game's view of a benchmark run shares: the
// run's observer, which waits for the view's permission before each step
// is shown, the clock that gives it (space pauses, s steps, + and -
// change the speed), the game on the board and the run's end. A game's
// view embeds a Core, hands its Update the messages, applies the events
// it returns to its own board, and draws.
package watch

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
	"gamelab/internal/tui"
)

// Core is the state every watch view shares.
type Core struct {
	Games   int  // in the run
	Game    int  // index of the game on the board
	Started bool // a game has begun
	Done    bool // the run is over
	Err     error
	Clock   *tui.Clock
	pace    *bench.Pacer

	Width, Height int // of the terminal
}

// New returns the core of a view of a run of games games, a step shown
// every delay unless the watcher changes it.
func New(games int, delay time.Duration) *Core {
	return &Core{Games: games, Clock: tui.NewClock(delay, 10*time.Millisecond, 5*time.Second), pace: bench.NewPacer()}
}

// The messages the observer sends, and the end of the run.
type (
	beginMsg struct{ game, secret int }
	stepMsg  struct{ event any }
	endMsg   struct{ outcome bench.Outcome }
	doneMsg  struct{ err error }
)

// Observer returns the bench.Observer to run the benchmark with (on one
// worker); send is the program's Send.
func (c *Core) Observer(send func(tea.Msg)) bench.Observer { return &observer{c.pace, send} }

// Finished returns the message that tells the view the run has ended.
func (c *Core) Finished(err error) tea.Msg { return doneMsg{err} }

// Close releases a run waiting for the view: call it after cancelling
// the run, when the program has ended.
func (c *Core) Close() { c.pace.Close() }

// Init starts the clock.
func (c *Core) Init() tea.Cmd { return c.Clock.Tick() }

// Kind says what a message meant to the view.
type Kind int

const (
	Nothing Kind = iota // the core's own business, or not its
	Began               // a game began: clear the board
	Stepped             // Event.Step happened in the game on the board
	Ended               // the game on the board ended with Event.Outcome
	Quit                // the watcher leaves
)

// Event is what Update made of a message.
type Event struct {
	Kind    Kind
	Secret  int // of the game begun (bench.Game.Secret), for a view that shows it to the watcher
	Step    any
	Outcome bench.Outcome
}

// Update handles msg: the terminal's size, the run's events, the end of
// the run, the clock and the keys of every watch.
func (c *Core) Update(msg tea.Msg) (Event, tea.Cmd) {
	var ev Event
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.Width, c.Height = msg.Width, msg.Height
	case beginMsg:
		c.Game, c.Started = msg.game, true
		ev = Event{Kind: Began, Secret: msg.secret}
	case stepMsg:
		ev = Event{Kind: Stepped, Step: msg.event}
	case endMsg:
		ev = Event{Kind: Ended, Outcome: msg.outcome}
	case doneMsg:
		c.Done, c.Err, c.Clock.Done = true, msg.err, true
	case tea.KeyMsg:
		if key.Matches(msg, QuitKey) {
			// The run stays held until the caller has stopped it and
			// calls Close: released now, it would race through the rest.
			return Event{Kind: Quit}, tea.Quit
		}
	}
	cmd, _ := c.Clock.Update(msg, c.pace.Permit)
	return ev, cmd
}

// QuitKey leaves a watch.
var QuitKey = tui.Keys.Leave

// Header says where the run stands: the game on the board, the clock's
// state and the time between steps.
func (c *Core) Header() string {
	return fmt.Sprintf("game %d of %d · %s · every %v", min(c.Game+1, c.Games), c.Games, c.Clock.State(), c.Clock.Delay)
}

// Help is the keys of every watch.
func (c *Core) Help(width int) string {
	return tui.HelpLines(width, []key.Binding{tui.ClockKeys.Pause, tui.ClockKeys.Step}, []key.Binding{tui.ClockKeys.Faster, QuitKey})
}

// observer is the run's side of a Core.
type observer struct {
	pace *bench.Pacer
	send func(tea.Msg)
}

// paced sends msg once the view permits, or drops it once the view is
// gone.
func (o *observer) paced(msg tea.Msg) {
	if o.pace.Wait() {
		o.send(msg)
	}
}

func (o *observer) Begin(g bench.Game)                  { o.paced(beginMsg{g.Index, g.Secret}) }
func (o *observer) Step(_ bench.Game, event any)        { o.paced(stepMsg{event}) }
func (o *observer) End(_ bench.Game, out bench.Outcome) { o.send(endMsg{out}) }
