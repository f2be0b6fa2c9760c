package cmdline

import (
	"errors"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"
	"github.com/peterh/liner"
)

// LineReader reads the lines a person types, each after a prompt.
type LineReader interface {
	Line(prompt string) (string, error)
}

// Lines returns where a dialogue reads its lines: on a terminal, a line
// editor (arrows, history, ctrl+d or ctrl+c to leave); elsewhere plain,
// which is called for. It also returns the terminal's width (0 if
// unknown) and what to call when done.
func (e *Env) Lines(plain func() LineReader) (LineReader, int, func()) {
	out, ok := e.Stdout.(*os.File)
	if !ok || !e.Terminal() {
		return plain(), 0, func() {}
	}
	width, _, err := term.GetSize(out.Fd())
	if err != nil {
		width = 0
	}
	// liner is the well-kept line editor of several Go interpreters: it
	// handles the terminal's modes, arrows, ctrl keys and history, which
	// raw reads would not.
	l := liner.NewLiner()
	l.SetCtrlCAborts(true)
	return &linerLines{l}, width, func() { l.Close() }
}

// linerLines reads lines with liner, keeping a history of what was typed.
type linerLines struct{ l *liner.State }

func (ll *linerLines) Line(prompt string) (string, error) {
	line, err := ll.l.Prompt(prompt)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", io.EOF // ctrl+c leaves, as quit does
	}
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(line) != "" {
		ll.l.AppendHistory(line)
	}
	return line, nil
}

// Clipboard returns a copier to the terminal's clipboard by OSC 52
// through stdout, or nil if stdout is not a terminal.
func (e *Env) Clipboard() func(string) error {
	f, ok := e.Stdout.(*os.File)
	if !ok || !IsTerminal(f) {
		return nil
	}
	out := termenv.NewOutput(f)
	return func(text string) error {
		out.Copy(text)
		return nil
	}
}
