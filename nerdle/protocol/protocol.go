// Package protocol holds the line-based text interfaces to the Nerdle
// solver: Serve, the protocol that lets other programs play against it
// (docs/protocols/nerdle.md), and Assist, the dialogue that helps a person
// with a real puzzle. Both read and write only the streams they are given.
package protocol

import (
	"errors"
	"io"

	"gamelab/internal/lines"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Serve speaks the solver protocol of docs/protocols/nerdle.md on in and
// out until in ends: a guess per line out, a line of colours in. It
// returns an error only if writing fails or the solver fails.
func Serve(in io.Reader, out io.Writer, u *solve.Universe, s solve.Solver) error {
	say := lines.NewReplier(out).Say
	h := solve.History{Length: u.Length, Rules: u.Rules}
	waiting := false // after an error, until "new"
	next := func() error {
		g, err := s.Guess(h)
		if errors.Is(err, solve.ErrInconsistent) {
			waiting = true
			return say("error: no %d-symbol equation fits these colours; send new to start again", u.Length)
		}
		if err != nil {
			return err
		}
		h.Rows = append(h.Rows, nerdle.Row{Guess: g})
		return say("%v", g)
	}
	newGame := func() error {
		h.Rows, waiting = h.Rows[:0], false
		return next()
	}
	if err := newGame(); err != nil {
		return err
	}
	tooLong := func() error { return say("error: %v", lines.ErrTooLong) }
	return lines.Serve(in, tooLong, func(line string, words []string) error {
		switch {
		case len(words) == 1 && words[0] == "new":
			return newGame()
		case waiting:
			return say("error: the last colours fit no equation; send new to start again")
		}
		f, err := nerdle.ParseFeedback(line, u.Length)
		if err != nil {
			return say("error: %s", lines.Clip(err.Error()))
		}
		if f == nerdle.AllGreen(u.Length) {
			return newGame()
		}
		h.Rows[len(h.Rows)-1].Feedback = f
		return next()
	})
}
