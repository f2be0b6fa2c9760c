package mastermind

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseError reports a malformed instance file, at a line (counted from
// 1).
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// token is a word of the file and its line.
type token struct {
	text string
	line int
}

// Parse reads an instance in the source's format: the number of colours,
// then each hint as its guess (positive integers) and its answer
// (blacks/whites), all separated by whitespace, newlines included.
func Parse(r io.Reader) (*Instance, error) {
	var toks []token
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for line := 1; sc.Scan(); line++ {
		for _, w := range strings.Fields(sc.Text()) {
			toks = append(toks, token{w, line})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the instance: %w", err)
	}
	if len(toks) == 0 {
		return nil, &ParseError{1, "the file is empty: want the number of colours, then hints"}
	}
	max, err := strconv.Atoi(toks[0].text)
	if err != nil || max < 1 || max > MaxColours {
		return nil, &ParseError{toks[0].line, fmt.Sprintf("%q is not a number of colours from 1 to %d", toks[0].text, MaxColours)}
	}
	in := &Instance{Max: max}
	var guess Code
	guessLine := 0
	for _, t := range toks[1:] {
		if b, w, ok := strings.Cut(t.text, "/"); ok {
			if len(guess) == 0 {
				return nil, &ParseError{t.line, fmt.Sprintf("answer %q without a guess before it", t.text)}
			}
			blacks, err1 := strconv.Atoi(b)
			whites, err2 := strconv.Atoi(w)
			if err1 != nil || err2 != nil || blacks < 0 || whites < 0 {
				return nil, &ParseError{t.line, fmt.Sprintf("%q is not an answer blacks/whites such as 2/1", t.text)}
			}
			if blacks+whites > len(guess) {
				return nil, &ParseError{t.line, fmt.Sprintf("answer %s: %d blacks and whites for a guess of %d pegs", t.text, blacks+whites, len(guess))}
			}
			if n := in.Pegs(); n > 0 && len(guess) != n {
				return nil, &ParseError{guessLine, fmt.Sprintf("a guess of %d pegs; the first guess has %d", len(guess), n)}
			}
			in.Hints = append(in.Hints, Hint{Guess: guess, Answer: Answer{blacks, whites}})
			guess = nil
			continue
		}
		c, err := strconv.Atoi(t.text)
		if err != nil {
			return nil, &ParseError{t.line, fmt.Sprintf("%q is neither a colour nor an answer blacks/whites", t.text)}
		}
		if c < 1 || c > max {
			return nil, &ParseError{t.line, fmt.Sprintf("colour %d is not one of 1 to %d", c, max)}
		}
		if len(guess) == MaxPegs {
			return nil, &ParseError{t.line, fmt.Sprintf("a guess of more than %d pegs", MaxPegs)}
		}
		if len(guess) == 0 {
			guessLine = t.line
		}
		guess = append(guess, uint8(c))
	}
	if len(guess) > 0 {
		return nil, &ParseError{guessLine, fmt.Sprintf("the guess %v has no answer blacks/whites after it", guess)}
	}
	if len(in.Hints) == 0 {
		return nil, &ParseError{toks[0].line, "no hints after the number of colours"}
	}
	return in, nil
}

// Format writes the instance in the source's format: the number of
// colours on a line, then a hint a line.
func (in *Instance) Format(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, in.Max)
	for _, h := range in.Hints {
		for _, c := range h.Guess {
			fmt.Fprintf(bw, "%d ", c)
		}
		fmt.Fprintf(bw, " %v\n", h.Answer)
	}
	return bw.Flush()
}

// ParseSolutions reads a list of codes as the source writes them,
// [[3,1,4],[4,1,3]]. (whitespace anywhere, the final dot optional).
func ParseSolutions(r io.Reader) ([]Code, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	s := strings.Join(strings.Fields(string(data)), "")
	s = strings.TrimSuffix(s, ".")
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, errors.New("not a list of codes such as [[3,1,4],[4,1,3]]")
	}
	s = s[1 : len(s)-1]
	var codes []Code
	for s != "" {
		if s[0] != '[' {
			return nil, fmt.Errorf("code %d: want [", len(codes)+1)
		}
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return nil, fmt.Errorf("code %d: no closing ]", len(codes)+1)
		}
		var code Code
		if body := s[1:end]; body != "" {
			for _, f := range strings.Split(body, ",") {
				c, err := strconv.Atoi(f)
				if err != nil || c < 1 || c > MaxColours {
					return nil, fmt.Errorf("code %d: %q is not a colour", len(codes)+1, f)
				}
				code = append(code, uint8(c))
			}
		}
		codes = append(codes, code)
		s = s[end+1:]
		if strings.HasPrefix(s, ",") {
			s = s[1:]
			if s == "" {
				return nil, fmt.Errorf("a comma after the last code")
			}
		} else if s != "" {
			return nil, fmt.Errorf("code %d: want , or ] after it", len(codes))
		}
	}
	return codes, nil
}
