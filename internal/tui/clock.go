package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Clock runs a view that plays by itself (a watched benchmark, a replay):
// it ticks every Delay and, unless paused, takes a step on each tick; space
// pauses and resumes, s takes one step and pauses, + and - halve and double
// the delay. The zero Clock is not usable: make one with NewClock.
type Clock struct {
	Delay  time.Duration
	Paused bool
	Done   bool // the run has ended: the clock stops ticking

	fastest, slowest time.Duration
}

// ClockKeys are the clock's bindings, for the help line.
var ClockKeys = struct {
	Pause, Step, Faster, Slower key.Binding
}{
	Pause:  key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "pause/run")),
	Step:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "step")),
	Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+/-", "speed")),
	Slower: key.NewBinding(key.WithKeys("-")),
}

// NewClock returns a running clock ticking every delay, its speed kept
// between fastest and slowest.
func NewClock(delay, fastest, slowest time.Duration) *Clock {
	return &Clock{Delay: delay, fastest: fastest, slowest: slowest}
}

// ClockTick is the clock's tick message.
type ClockTick struct{}

// Tick returns the command of the next tick.
func (c *Clock) Tick() tea.Cmd {
	return tea.Tick(c.Delay, func(time.Time) tea.Msg { return ClockTick{} })
}

// Update handles msg if it is the clock's: a tick (a step unless paused,
// then the next tick) or one of its keys. It calls step for each step and
// reports whether msg was the clock's.
func (c *Clock) Update(msg tea.Msg, step func()) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case ClockTick:
		if c.Done {
			return nil, true
		}
		if !c.Paused {
			step()
		}
		return c.Tick(), true
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, ClockKeys.Pause):
			c.Paused = !c.Paused
		case key.Matches(msg, ClockKeys.Step):
			c.Paused = true
			step()
		case key.Matches(msg, ClockKeys.Faster):
			c.Delay = max(c.fastest, c.Delay/2)
		case key.Matches(msg, ClockKeys.Slower):
			c.Delay = min(c.slowest, c.Delay*2)
		default:
			return nil, false
		}
		return nil, true
	}
	return nil, false
}

// State says what the clock is doing, for a title: running, paused, or
// finished.
func (c *Clock) State() string {
	switch {
	case c.Done:
		return "finished"
	case c.Paused:
		return "paused"
	}
	return "running"
}
