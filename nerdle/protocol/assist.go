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

// listLimit is the most remaining equations assist lists in full.
const listLimit = 20

// Lines is where the assistant reads what the person types: a line
// editor on a terminal, ScanLines elsewhere. Line returns io.EOF at the
// end of the input.
type Lines interface {
	Line(prompt string) (string, error)
}

// ScanLines returns Lines that read r line by line, writing each prompt to
// w first.
func ScanLines(r io.Reader, w io.Writer) Lines { return &scanLines{bufio.NewScanner(r), w} }

type scanLines struct {
	sc *bufio.Scanner
	w  io.Writer
}

func (s *scanLines) Line(prompt string) (string, error) {
	fmt.Fprint(s.w, prompt)
	if !s.sc.Scan() {
		fmt.Fprintln(s.w)
		if err := s.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return s.sc.Text(), nil
}

// assistHelp lists what the assistant understands.
const assistHelp = `Type what the puzzle showed after each guess:
  12+35=47 BMGGBGMG   a guess and its colours (G green, M magenta, B black)
  BMGGBGMG            the colours alone, if you played the suggested guess
  undo                take back the last row
  list                the equations still possible
  new                 start another puzzle
  help                this list
  quit                leave (or ctrl+d)`

// Assist runs the assistant's dialogue: a person reports each row of a
// real puzzle; Assist says how many equations remain, lists them when few
// in columns width cells wide, and suggests the solver's next guess.
func Assist(in Lines, out io.Writer, width int, u *solve.Universe, s solve.Solver) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	h := solve.History{Length: u.Length, Rules: u.Rules}
	var suggestion nerdle.Equation
	fmt.Fprintf(w, "Nerdle assistant: %d symbols, %v rules, %d equations possible.\n", u.Length, u.Rules, len(u.All))
	fmt.Fprintf(w, "After each guess type it and its colours (G green, M magenta, B black), e.g. %s,\n", exampleRow(u))
	fmt.Fprintln(w, "or only the colours if you played the suggestion. Also: undo, list, new, help, quit.")
	list := func(cands []nerdle.Equation) {
		fmt.Fprint(w, columns(cands, width))
	}
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
				list(cands)
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
	for {
		w.Flush()
		line, err := in.Line("> ")
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
			continue
		case fields[0] == "quit" || fields[0] == "exit":
			return nil
		case fields[0] == "help" || fields[0] == "?":
			fmt.Fprintln(w, assistHelp)
			continue
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
			last := h.Rows[len(h.Rows)-1]
			h.Rows = h.Rows[:len(h.Rows)-1]
			fmt.Fprintf(w, "Took back %v %s.\n", last.Guess, last.Feedback.Format(u.Length))
			suggest()
			continue
		case fields[0] == "list":
			cands := u.Candidates(h)
			fmt.Fprintf(w, "%s possible.\n", count(len(cands)))
			if len(cands) > 200 {
				fmt.Fprintln(w, "  (too many to list; the first 200:)")
				cands = cands[:200]
			}
			list(cands)
			continue
		}
		row, err := parseAssistRow(fields, u, suggestion)
		if err != nil {
			fmt.Fprintf(w, "error: %s\n", lines.Clip(err.Error()))
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

// columns lays equations out in as many columns as fit width cells (80
// if width is unknown), each line indented by two.
func columns(list []nerdle.Equation, width int) string {
	if len(list) == 0 {
		return ""
	}
	if width <= 0 {
		width = 80
	}
	// A line of k equations of n symbols is 2 + k*n + 2*(k-1) = k*(n+2)
	// cells wide.
	perLine := max(1, width/(list[0].Len()+2))
	var b strings.Builder
	for i, e := range list {
		b.WriteString("  ")
		b.WriteString(e.String())
		if i%perLine == perLine-1 || i == len(list)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// parseAssistRow reads "GUESS COLOURS", or "COLOURS" for the suggestion.
func parseAssistRow(fields []string, u *solve.Universe, suggestion nerdle.Equation) (nerdle.Row, error) {
	var guess nerdle.Equation
	colours := fields[len(fields)-1]
	switch len(fields) {
	case 1:
		if strings.Trim(strings.ToUpper(colours), "GMB") != "" {
			return nerdle.Row{}, fmt.Errorf("%q is neither colours nor a command: type a guess and its colours (e.g. %s), the colours of the suggestion, or help", colours, exampleRow(u))
		}
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
		return nerdle.Row{}, fmt.Errorf("type the guess and its colours, e.g. %s", exampleRow(u))
	}
	f, err := nerdle.ParseFeedback(colours, u.Length)
	if err != nil {
		return nerdle.Row{}, err
	}
	return nerdle.Row{Guess: guess, Feedback: f}, nil
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
