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

// ParseBoard reads a board from its sixteen exponents, row by row, each
// at most 15 (32768, the most a Board holds).
func ParseBoard(fields []string) (Board, error) {
	exps, err := parseExponents(fields, 15)
	if err != nil {
		return 0, err
	}
	var b Board
	for i, e := range exps {
		b |= Board(e) << (4 * i)
	}
	return b, nil
}

// MaxExp4 is the largest exponent a 4×4 game can make: 17, for 131072
// (the last merge needs 65536, 32768, … 8, 4 and a spawned 4 at once: all
// sixteen cells).
const MaxExp4 = 17

// ParseGrid reads a 4×4 grid from its sixteen exponents, row by row, each
// at most MaxExp4: the player protocol's boards, as a game may hold tiles
// beyond a Board's.
func ParseGrid(fields []string) (Grid, error) {
	exps, err := parseExponents(fields, MaxExp4)
	if err != nil {
		return Grid{}, err
	}
	return GridOf(4, exps...)
}

// parseExponents reads sixteen exponents from 0 to most.
func parseExponents(fields []string, most int) ([]uint8, error) {
	if len(fields) != 16 {
		return nil, fmt.Errorf("a board has 16 cells, this one %d", len(fields))
	}
	exps := make([]uint8, 16)
	for i, f := range fields {
		e, err := strconv.Atoi(f)
		if err != nil || e < 0 || e > most {
			return nil, fmt.Errorf("cell %d: %q is not an exponent from 0 to %d", i+1, f, most)
		}
		exps[i] = uint8(e)
	}
	return exps, nil
}

// Exponents returns b as ParseBoard reads it: its sixteen exponents, row
// by row, separated by spaces.
func (b Board) Exponents() string { return b.Grid().Exponents() }

// Exponents returns g's cells as the protocol's board command gives them:
// their exponents, row by row from the top left, separated by spaces.
func (g Grid) Exponents() string {
	var s strings.Builder
	for i, e := range g.cells[:g.n*g.n] {
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(strconv.Itoa(int(e)))
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
