package twenty48

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A position file lists boards, one a line, each as the sixteen exponents
// of its cells (0 empty, 11 for 2048) row by row from the top left, as the
// player protocol's board command gives them. Blank lines and lines
// beginning with # are skipped: a suite of positions can say where it
// comes from.

// ParseBoard reads a board from its sixteen exponents, row by row.
func ParseBoard(fields []string) (Board, error) {
	if len(fields) != 16 {
		return 0, fmt.Errorf("a board has 16 cells, this one %d", len(fields))
	}
	var b Board
	for i, f := range fields {
		e, err := strconv.Atoi(f)
		if err != nil || e < 0 || e > 15 {
			return 0, fmt.Errorf("cell %d: %q is not an exponent from 0 to 15", i+1, f)
		}
		b |= Board(e) << (4 * i)
	}
	return b, nil
}

// Exponents returns b as ParseBoard reads it: its sixteen exponents, row
// by row, separated by spaces.
func (b Board) Exponents() string {
	var s strings.Builder
	for i := range 16 {
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(strconv.Itoa(int(b >> (4 * i) & 15)))
	}
	return s.String()
}

// ReadBoards reads a position file; an error names the line it is on.
func ReadBoards(r io.Reader) ([]Board, error) {
	var boards []Board
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		b, err := ParseBoard(fields)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		boards = append(boards, b)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading positions: %w", err)
	}
	return boards, nil
}

// WriteBoards writes boards as a position file, one a line.
func WriteBoards(w io.Writer, boards []Board) error {
	bw := bufio.NewWriter(w)
	for _, b := range boards {
		bw.WriteString(b.Exponents())
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
