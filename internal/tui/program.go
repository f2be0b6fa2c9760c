package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// PanicError is a panic caught inside a terminal program: in its model's
// Init, Update or View, or in a command the model returned. The program
// has ended and the terminal is restored when it is returned.
type PanicError struct {
	Value any    // what was passed to panic
	Stack []byte // the goroutine's stack where it panicked
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Program runs a game's model full screen, as every gamelab terminal UI
// runs: in the alternate screen, on the given streams, ending when ctx is
// done, and with every panic of the model caught so that the terminal is
// restored and Run reports a *PanicError.
type Program struct {
	ctx     context.Context
	program *tea.Program
	guard   *guard
}

// NewProgram returns the program of model m on in and out.
func NewProgram(ctx context.Context, in io.Reader, out io.Writer, m tea.Model) *Program {
	g := &guard{model: m, panics: make(chan *PanicError, 1)}
	p := tea.NewProgram(g, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	g.quit = p.Quit
	return &Program{ctx: ctx, program: p, guard: g}
}

// Send sends msg to the model; once the program has ended it does nothing.
func (p *Program) Send(msg tea.Msg) { p.program.Send(msg) }

// Run shows the program until the model quits or ctx is done (which is no
// error) and returns the model. The terminal's background colour is asked
// for first, while the program does not yet own the terminal: see package
// quietterm.
func (p *Program) Run(out io.Writer) (tea.Model, error) {
	if f, ok := out.(*os.File); ok {
		lipgloss.SetHasDarkBackground(termenv.NewOutput(f).HasDarkBackground())
	}
	_, err := p.program.Run()
	select {
	case pe := <-p.guard.panics:
		return p.guard.model, pe
	default:
	}
	switch {
	case errors.Is(err, tea.ErrProgramPanic):
		// A panic bubbletea caught itself (in its own code): still a crash.
		return p.guard.model, &PanicError{Value: err, Stack: debug.Stack()}
	case errors.Is(err, tea.ErrProgramKilled) && p.ctx.Err() != nil:
		return p.guard.model, nil
	}
	return p.guard.model, err
}

// guard wraps a model and catches its panics, including those of the
// commands it returns, which bubbletea runs on other goroutines.
type guard struct {
	model  tea.Model
	panics chan *PanicError // the first panic; the program quits on it
	quit   func()           // ends the program from outside its loop
}

// panicMsg carries a command's panic back to Update.
type panicMsg struct{ err *PanicError }

// catch records a recovered panic and reports whether there was one.
func (g *guard) catch(r any) *PanicError {
	pe := &PanicError{Value: r, Stack: debug.Stack()}
	select {
	case g.panics <- pe:
	default: // the first is the one to report
	}
	return pe
}

func (g *guard) Init() (cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			g.catch(r)
			cmd = tea.Quit
		}
	}()
	return g.wrap(g.model.Init())
}

func (g *guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	if _, ok := msg.(panicMsg); ok {
		return g, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			g.catch(r)
			m, cmd = g, tea.Quit
		}
	}()
	msgs := OneByOne(msg)
	cmds := make([]tea.Cmd, len(msgs))
	for i, msg := range msgs {
		g.model, cmds[i] = g.model.Update(msg)
	}
	return g, g.wrap(tea.Batch(cmds...))
}

// OneByOne returns the messages a Program's model is given for msg: keys
// typed faster than the program reads them (a held key, a slow frame, a
// script) arrive as one message of several runes, which no key binding
// matches, and are handed on one by one, as if typed alone; a paste stays
// whole, as does any other message.
func OneByOne(msg tea.Msg) []tea.Msg {
	k, ok := msg.(tea.KeyMsg)
	if !ok || k.Type != tea.KeyRunes || len(k.Runes) < 2 || k.Paste {
		return []tea.Msg{msg}
	}
	msgs := make([]tea.Msg, len(k.Runes))
	for i, r := range k.Runes {
		msgs[i] = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
	}
	return msgs
}

func (g *guard) View() (view string) {
	defer func() {
		if r := recover(); r != nil {
			g.catch(r)
			view = ""
			// View returns no command; the loop that calls it cannot be
			// sent to from its own goroutine.
			go g.quit()
		}
	}()
	return g.model.View()
}

// wrap returns cmd made safe: a panic in it becomes a panicMsg, and the
// commands of a batch it returns are wrapped in turn.
func (g *guard) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = panicMsg{g.catch(r)}
			}
		}()
		msg = cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			wrapped := make(tea.BatchMsg, len(batch))
			for i, c := range batch {
				wrapped[i] = g.wrap(c)
			}
			return wrapped
		}
		return msg
	}
}
