package mastermind

import (
	"bufio"
	"bytes"
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

// byteOrderMark is how some Windows editors begin a UTF-8 file; the
// readers of instances and of solutions skip it.
const byteOrderMark = "\ufeff"

// Parse reads an instance in the source's format: the number of colours,
// then each hint as its guess (positive integers) and its answer
// (blacks/whites), all separated by whitespace, newlines included. It
// reads word by word, never holding the file's words: an instance of a
// thousand hints of a thousand pegs is a million of them.
func Parse(r io.Reader) (*Instance, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var in *Instance
	var guess Code
	guessLine, line := 0, 0
	maxLine := 1
	word := func(w []byte) error {
		if in == nil {
			w = bytes.TrimPrefix(w, []byte(byteOrderMark))
			max, err := atoi(w)
			if err != nil || max < 1 || max > MaxColours {
				return &ParseError{line, fmt.Sprintf("%q is not a number of colours from 1 to %d", w, MaxColours)}
			}
			in, maxLine = &Instance{Max: max}, line
			return nil
		}
		if bytes.IndexByte(w, '/') >= 0 {
			if len(guess) == 0 {
				return &ParseError{line, fmt.Sprintf("answer %q without a guess before it", w)}
			}
			a, ok := ParseAnswer(w)
			if !ok {
				return &ParseError{line, fmt.Sprintf("%q is not an answer blacks/whites such as 2/1", w)}
			}
			if a.Blacks+a.Whites > len(guess) {
				return &ParseError{line, fmt.Sprintf("answer %s: %d blacks and whites for a guess of %d pegs", w, a.Blacks+a.Whites, len(guess))}
			}
			if n := in.Pegs(); n > 0 && len(guess) != n {
				return &ParseError{guessLine, fmt.Sprintf("a guess of %d pegs; the first guess has %d", len(guess), n)}
			}
			in.Hints = append(in.Hints, Hint{Guess: guess, Answer: a})
			guess = make(Code, 0, len(guess))
			return nil
		}
		c, err := atoi(w)
		if err != nil {
			return &ParseError{line, fmt.Sprintf("%q is neither a colour nor an answer blacks/whites", w)}
		}
		if c < 1 || c > in.Max {
			return &ParseError{line, fmt.Sprintf("colour %d is not one of 1 to %d", c, in.Max)}
		}
		if len(guess) == MaxPegs {
			return &ParseError{line, fmt.Sprintf("a guess of more than %d pegs", MaxPegs)}
		}
		if len(guess) == 0 {
			guessLine = line
		}
		guess = append(guess, uint8(c))
		return nil
	}
	for sc.Scan() {
		line++
		for w := range bytes.FieldsSeq(sc.Bytes()) { // no slice of the line's words
			if err := word(w); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the instance: %w", err)
	}
	if in == nil {
		return nil, &ParseError{1, "the file is empty: want the number of colours, then hints"}
	}
	if len(guess) > 0 {
		return nil, &ParseError{guessLine, fmt.Sprintf("the guess %v has no answer blacks/whites after it", guess)}
	}
	if len(in.Hints) == 0 {
		return nil, &ParseError{maxLine, "no hints after the number of colours"}
	}
	return in, nil
}

// ParseAnswer reads an answer as the source's files write it,
// blacks/whites (2/1): two whole numbers and a slash, nothing else; ok is
// false if w is not one.
func ParseAnswer(w []byte) (a Answer, ok bool) {
	b, wh, found := bytes.Cut(w, []byte("/"))
	blacks, err1 := atoi(b)
	whites, err2 := atoi(wh)
	if !found || err1 != nil || err2 != nil || blacks < 0 || whites < 0 {
		return Answer{}, false
	}
	return Answer{blacks, whites}, true
}

// atoi reads a number as strconv.Atoi does, without making a string of
// the plain digits that nearly every word of a file is.
func atoi(w []byte) (int, error) {
	if len(w) == 0 || len(w) > 9 {
		return strconv.Atoi(string(w))
	}
	n := 0
	for _, d := range w {
		if d < '0' || d > '9' {
			return strconv.Atoi(string(w))
		}
		n = 10*n + int(d-'0')
	}
	return n, nil
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
	s := strings.Join(strings.Fields(strings.TrimPrefix(string(data), byteOrderMark)), "")
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
