package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// listLimit is the most remaining equations assist lists in full.
const listLimit = 20

// Assist runs the assistant's dialogue on in and out: a person reports each
// row of a real puzzle; Assist says how many equations remain, lists them
// when few, and suggests the solver's next guess.
func Assist(in io.Reader, out io.Writer, u *solve.Universe, s solve.Solver) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	h := solve.History{Length: u.Length, Rules: u.Rules}
	var suggestion nerdle.Equation
	fmt.Fprintf(w, "Nerdle assistant: %d symbols, %v rules, %d equations possible.\n", u.Length, u.Rules, len(u.All))
	fmt.Fprintf(w, "After each guess type it and its colours (G green, M magenta, B black), e.g. %s,\n", exampleRow(u))
	fmt.Fprintln(w, "or only the colours if you played the suggestion. Also: undo, list, new, quit.")
	suggest := func() {
		cands := u.Candidates(h)
		switch {
		case len(cands) == 0:
			fmt.Fprintln(w, "No equation fits these colours: check the last row, then undo.")
			suggestion = 0
			return
		case len(h.Rows) > 0 && len(cands) == 1:
			fmt.Fprintf(w, "Only one equation remains: %v\n", cands[0])
		case len(h.Rows) > 0:
			fmt.Fprintf(w, "%s remain.\n", count(len(cands)))
			if len(cands) <= listLimit {
				fmt.Fprintln(w, "  "+joinEquations(cands))
			}
		}
		g, err := s.Guess(h)
		if err != nil {
			fmt.Fprintf(w, "No suggestion: %v\n", err)
			suggestion = 0
			return
		}
		suggestion = g
		fmt.Fprintf(w, "Suggested guess: %v\n", g)
	}
	suggest()
	sc := bufio.NewScanner(in)
	for {
		fmt.Fprint(w, "> ")
		w.Flush()
		if !sc.Scan() {
			fmt.Fprintln(w)
			return sc.Err()
		}
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
			continue
		case fields[0] == "quit":
			return nil
		case fields[0] == "new":
			h.Rows = nil
			fmt.Fprintln(w, "New puzzle.")
			suggest()
			continue
		case fields[0] == "undo":
			if len(h.Rows) == 0 {
				fmt.Fprintln(w, "Nothing to undo.")
				continue
			}
			h.Rows = h.Rows[:len(h.Rows)-1]
			suggest()
			continue
		case fields[0] == "list":
			cands := u.Candidates(h)
			fmt.Fprintf(w, "%s possible.\n", count(len(cands)))
			if len(cands) <= 200 {
				fmt.Fprintln(w, "  "+joinEquations(cands))
			} else {
				fmt.Fprintln(w, "  (too many to list; the first 200:)\n  "+joinEquations(cands[:200]))
			}
			continue
		}
		row, err := parseAssistRow(fields, u, suggestion)
		if err != nil {
			fmt.Fprintf(w, "error: %v\n", err)
			continue
		}
		h.Rows = append(h.Rows, row)
		if row.Feedback == nerdle.AllGreen(u.Length) {
			fmt.Fprintf(w, "Solved in %d! Type new for another puzzle, or quit.\n", len(h.Rows))
			continue
		}
		suggest()
	}
}

// parseAssistRow reads "GUESS COLOURS", or "COLOURS" for the suggestion.
func parseAssistRow(fields []string, u *solve.Universe, suggestion nerdle.Equation) (nerdle.Row, error) {
	var guess nerdle.Equation
	colours := fields[len(fields)-1]
	switch len(fields) {
	case 1:
		if suggestion == 0 {
			return nerdle.Row{}, errors.New("there is no suggestion to colour: type the guess and its colours")
		}
		guess = suggestion
	case 2:
		if err := nerdle.Check(fields[0], u.Rules); err != nil {
			return nerdle.Row{}, fmt.Errorf("%s: %v", fields[0], err)
		}
		if len(fields[0]) != u.Length {
			return nerdle.Row{}, fmt.Errorf("%s has %d symbols, the puzzle %d", fields[0], len(fields[0]), u.Length)
		}
		guess = nerdle.MustParseEquation(fields[0])
	default:
		return nerdle.Row{}, errors.New("type the guess and its colours, e.g. 12+35=47 BMGGBGMG")
	}
	f, err := nerdle.ParseFeedback(colours, u.Length)
	if err != nil {
		return nerdle.Row{}, err
	}
	return nerdle.Row{Guess: guess, Feedback: f}, nil
}

func joinEquations(list []nerdle.Equation) string {
	s := make([]string, len(list))
	for i, e := range list {
		s[i] = e.String()
	}
	return strings.Join(s, "  ")
}

// exampleRow shows the input format with an equation of the puzzle's
// length.
func exampleRow(u *solve.Universe) string {
	e := u.All[len(u.All)/2]
	return e.String() + " " + nerdle.Score(u.All[0], e).Format(u.Length)
}

// count says "1 equation" or "n equations".
func count(n int) string {
	if n == 1 {
		return "1 equation"
	}
	return fmt.Sprintf("%d equations", n)
}
