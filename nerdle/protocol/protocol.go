// Package protocol holds the line-based text interfaces to the Nerdle
// solver: Serve, the protocol that lets other programs play against it
// (docs/protocols/nerdle.md), and Assist, the dialogue that helps a person
// with a real puzzle. Both read and write only the streams they are given.
package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"gamelab/internal/lines"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Serve speaks the solver protocol of docs/protocols/nerdle.md on in and
// out until in ends: a guess per line out, a line of colours in. It
// returns an error only if writing fails or the solver fails.
func Serve(in io.Reader, out io.Writer, u *solve.Universe, s solve.Solver) error {
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) error {
		fmt.Fprintf(w, format+"\n", args...)
		return w.Flush()
	}
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
	sc := lines.NewScanner(in)
	for sc.Scan() {
		if sc.TooLong() {
			if err := say("error: %v", lines.ErrTooLong); err != nil {
				return err
			}
			continue
		}
		line := strings.TrimSpace(sc.Text())
		var err error
		switch {
		case line == "":
			continue
		case line == "new":
			err = newGame()
		case line == "quit":
			return nil
		case waiting:
			err = say("error: the last colours fit no equation; send new to start again")
		default:
			f, perr := nerdle.ParseFeedback(line, u.Length)
			if perr != nil {
				err = say("error: %v", perr)
				break
			}
			if f == nerdle.AllGreen(u.Length) {
				err = newGame()
				break
			}
			h.Rows[len(h.Rows)-1].Feedback = f
			err = next()
		}
		if err != nil {
			return err
		}
	}
	return sc.Err()
}
