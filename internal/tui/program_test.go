package tui

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// bomb is a model that panics where it is told to.
type bomb struct{ where string }

type goMsg struct{}

func (b bomb) Init() tea.Cmd {
	if b.where == "init" {
		panic("boom in init")
	}
	return func() tea.Msg { return goMsg{} }
}

func (b bomb) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(goMsg); !ok {
		return b, nil
	}
	switch b.where {
	case "update":
		panic("boom in update")
	case "command":
		return b, func() tea.Msg { panic("boom in a command") }
	case "batch":
		return b, tea.Batch(nil, func() tea.Msg { panic("boom in a batch") })
	case "view":
		b.where = "view now"
	case "none":
		return b, tea.Quit
	}
	return b, nil
}

func (b bomb) View() string {
	if b.where == "view now" {
		panic("boom in view")
	}
	return "ok"
}

func TestProgramCatchesPanics(t *testing.T) {
	for _, where := range []string{"init", "update", "command", "batch", "view"} {
		t.Run(where, func(t *testing.T) {
			var out bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			p := NewProgram(ctx, strings.NewReader(""), &out, bomb{where})
			_, err := p.Run(&out)
			var pe *PanicError
			if !errors.As(err, &pe) || !strings.Contains(pe.Error(), "boom") || len(pe.Stack) == 0 {
				t.Fatalf("Run = %v, want the panic with its stack", err)
			}
			if strings.Contains(out.String(), "goroutine") {
				t.Errorf("the stack reached the terminal:\n%s", out.String())
			}
		})
	}
}

func TestProgramEndsCleanly(t *testing.T) {
	var out bytes.Buffer
	p := NewProgram(context.Background(), strings.NewReader(""), &out, bomb{"none"})
	if _, err := p.Run(&out); err != nil {
		t.Errorf("Run = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p = NewProgram(ctx, strings.NewReader(""), &out, bomb{"wait"})
	if _, err := p.Run(&out); err != nil {
		t.Errorf("a program ended by its context: %v, want no error", err)
	}
}

func TestClock(t *testing.T) {
	c := NewClock(100*time.Millisecond, 10*time.Millisecond, time.Second)
	steps := 0
	step := func() { steps++ }
	if cmd, ok := c.Update(ClockTick{}, step); !ok || cmd == nil || steps != 1 {
		t.Fatalf("a tick: %v %v, %d steps", cmd, ok, steps)
	}
	c.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}, step)
	c.Update(ClockTick{}, step)
	if !c.Paused || steps != 1 || c.State() != "paused" {
		t.Errorf("paused: %d steps, state %s", steps, c.State())
	}
	c.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")}, step)
	if steps != 2 || !c.Paused {
		t.Errorf("s: %d steps, paused %v", steps, c.Paused)
	}
	for range 10 {
		c.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("+")}, step)
	}
	if c.Delay != 10*time.Millisecond {
		t.Errorf("fastest %v", c.Delay)
	}
	if _, ok := c.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}, step); ok {
		t.Error("the clock took a key that is not its own")
	}
	c.Done = true
	if cmd, _ := c.Update(ClockTick{}, step); cmd != nil || c.State() != "finished" {
		t.Error("a finished clock ticks on")
	}
}

// recorder is a model that keeps the keys it is given and quits on q.
type recorder struct{ keys *[]string }

func (r recorder) Init() tea.Cmd { return nil }

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		*r.keys = append(*r.keys, k.String())
		if k.String() == "q" {
			return r, tea.Quit
		}
	}
	return r, nil
}

func (r recorder) View() string { return "" }

// TestProgramKeysOneByOne: keys that arrive in one read (typed faster than
// the program reads them) reach the model one by one, where its bindings
// match them; a paste stays whole.
func TestProgramKeysOneByOne(t *testing.T) {
	var keys []string
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var out bytes.Buffer
	p := NewProgram(ctx, strings.NewReader("jk\rq"), &out, recorder{&keys})
	if _, err := p.Run(&out); err != nil {
		t.Fatalf("Run = %v", err)
	}
	if want := []string{"j", "k", "enter", "q"}; !slices.Equal(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}

	keys = nil
	g := &guard{model: recorder{&keys}}
	g.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jq"), Paste: true})
	if want := []string{"[jq]"}; !slices.Equal(keys, want) {
		t.Errorf("a paste: keys %q, want %q", keys, want)
	}
}
