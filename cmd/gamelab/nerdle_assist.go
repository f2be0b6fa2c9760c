package main

import (
	"errors"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/peterh/liner"

	"gamelab/nerdle/protocol"
)

type nerdleAssistCmd struct {
	solverFlags
}

func (c *nerdleAssistCmd) Run(e *env) error {
	u, s, err := c.solver(e)
	if err != nil {
		return err
	}
	in, width, done := assistLines(e)
	defer done()
	return protocol.Assist(in, e.stdout, width, u, s)
}

// assistLines returns where the assistant reads lines: on a terminal, a
// line editor (arrows, history, ctrl+d to leave); elsewhere the plain
// lines of stdin. It also returns the terminal's width (0 if unknown) and
// what to call when done.
func assistLines(e *env) (protocol.Lines, int, func()) {
	in, inOK := e.stdin.(*os.File)
	out, outOK := e.stdout.(*os.File)
	if !inOK || !outOK || !isTerminal(in) || !isTerminal(out) {
		return protocol.ScanLines(e.stdin, e.stdout), 0, func() {}
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
