// Package lines reads the protocols' input a line at a time, as
// bufio.Scanner does, with one difference that a line-based protocol
// needs: a line too long to keep does not end the input. bufio.Scanner
// stops at a line of more than 64 KiB ("token too long"), and a server
// built on it ended its session there; a Scanner skips such a line, says
// so (TooLong), and reads on, so that the server can answer it with an
// error and go on, as it does any other line it cannot follow.
//
// Lines end at "\n"; a "\r" before it is dropped, and so is the end of the
// input, which may end the last line.
package lines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// MaxLen is the longest line a Scanner keeps, in bytes, its end left out:
// room for a Mastermind guess of 65,536 pegs of three-digit colours.
const MaxLen = 1 << 20

// ErrTooLong describes a line longer than MaxLen, for a server's reply.
var ErrTooLong = fmt.Errorf("a line of more than %d bytes", MaxLen)

// Scanner reads lines. Its zero value is not usable: see NewScanner.
type Scanner struct {
	r       *bufio.Reader
	max     int
	line    []byte
	tooLong bool
	err     error
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner { return newScanner(r, MaxLen, 64<<10) }

// newScanner returns a Scanner keeping lines of up to max bytes, reading
// through a buffer of size bytes (the tests' small ones reach the paths
// of long lines with short input).
func newScanner(r io.Reader, max, size int) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(r, size), max: max}
}

// Scan advances to the next line, which Text then returns; it returns
// false at the end of the input or at an error reading it (Err).
func (s *Scanner) Scan() bool {
	s.line, s.tooLong = s.line[:0], false
	read := false // any byte of this line, its end included
	for {
		chunk, err := s.r.ReadSlice('\n')
		read = read || len(chunk) > 0
		// Kept up to max and its end ("\r\n"); past that the line is
		// only read, to find where the next begins.
		if !s.tooLong {
			if len(s.line)+len(chunk) > s.max+2 {
				s.tooLong, s.line = true, s.line[:0]
			} else {
				s.line = append(s.line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == nil || errors.Is(err, io.EOF):
			if !read {
				return false
			}
			s.trimEnd()
			return true
		default:
			s.err = err
			return false
		}
	}
}

// trimEnd takes the line's end off the line, and marks it too long if it
// is so without it.
func (s *Scanner) trimEnd() {
	if n := len(s.line); n > 0 && s.line[n-1] == '\n' {
		s.line = s.line[:n-1]
	}
	if n := len(s.line); n > 0 && s.line[n-1] == '\r' {
		s.line = s.line[:n-1]
	}
	if len(s.line) > s.max {
		s.tooLong, s.line = true, s.line[:0]
	}
}

// Text returns the line Scan read, its end left out; "" if it was too
// long.
func (s *Scanner) Text() string { return string(s.line) }

// TooLong reports whether the line Scan read was longer than MaxLen: its
// text is not kept.
func (s *Scanner) TooLong() bool { return s.tooLong }

// Err returns the error that ended reading, nil at the end of the input.
func (s *Scanner) Err() error { return s.err }
