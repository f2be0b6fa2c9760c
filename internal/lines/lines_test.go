package lines

import (
	"bufio"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// line is what a Scanner reads of a line: its text, or that it was too
// long.
type line struct {
	text    string
	tooLong bool
}

// scanAll reads every line of s.
func scanAll(s *Scanner) (got []line) {
	for s.Scan() {
		got = append(got, line{s.Text(), s.TooLong()})
	}
	return got
}

// splitLines is the obvious slow reading of input the tests compare with:
// split at "\n", the last line dropped if empty, a "\r" off each end.
func splitLines(input string, max int) (want []line) {
	parts := strings.Split(input, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	for _, p := range parts {
		p = strings.TrimSuffix(p, "\r")
		if len(p) > max {
			want = append(want, line{tooLong: true})
		} else {
			want = append(want, line{text: p})
		}
	}
	return want
}

func TestScanner(t *testing.T) {
	long := strings.Repeat("x", 20)
	for _, tc := range []struct {
		name, input string
		want        []line
	}{
		{"empty", "", nil},
		{"one", "go\n", []line{{text: "go"}}},
		{"no end", "go", []line{{text: "go"}}},
		{"crlf", "a\r\nb\r\n", []line{{text: "a"}, {text: "b"}}},
		{"cr at the end", "a\r", []line{{text: "a"}}},
		{"blank lines", "\n\nx\n", []line{{}, {}, {text: "x"}}},
		{"at the limit", strings.Repeat("y", 10) + "\r\nz\n", []line{{text: strings.Repeat("y", 10)}, {text: "z"}}},
		{"one past", strings.Repeat("y", 11) + "\nz\n", []line{{tooLong: true}, {text: "z"}}},
		{"long, then more", long + "\nquit\n", []line{{tooLong: true}, {text: "quit"}}},
		{"long at the end", "a\n" + long, []line{{text: "a"}, {tooLong: true}}},
		{"long with cr", long + "\r\n", []line{{tooLong: true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{16, 4096} {
				got := scanAll(newScanner(iotest.HalfReader(strings.NewReader(tc.input)), 10, size))
				if !slices.Equal(got, tc.want) {
					t.Errorf("buffer %d: %q read as %v, want %v", size, tc.input, got, tc.want)
				}
			}
		})
	}
}

// TestLongLineGoesOn reads past a line of two mebibytes, which ended
// bufio.Scanner's input.
func TestLongLineGoesOn(t *testing.T) {
	input := "board " + strings.Repeat("1 ", MaxLen) + "\nquit\n"
	bs := bufio.NewScanner(strings.NewReader(input))
	for bs.Scan() {
	}
	if !errors.Is(bs.Err(), bufio.ErrTooLong) {
		t.Fatalf("bufio.Scanner: %v; the test no longer shows what Scanner is for", bs.Err())
	}
	s := NewScanner(strings.NewReader(input))
	if got := scanAll(s); !slices.Equal(got, []line{{tooLong: true}, {text: "quit"}}) || s.Err() != nil {
		t.Errorf("read %v, %v; want a line too long, then quit", got, s.Err())
	}
}

func TestReadError(t *testing.T) {
	broken := errors.New("broken pipe")
	s := NewScanner(iotest.ErrReader(broken))
	if s.Scan() || !errors.Is(s.Err(), broken) {
		t.Errorf("Scan on a failing reader: Err %v, want %v", s.Err(), broken)
	}
}

// FuzzScanner compares the Scanner, through a small buffer and small
// lines, with the obvious reading of the same input.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{"", "a\nb", "a\r\n\r\n", "0123456789abc\nx\r", "\r\r\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		got := scanAll(newScanner(iotest.OneByteReader(strings.NewReader(input)), 10, 16))
		if want := splitLines(input, 10); !slices.Equal(got, want) {
			t.Errorf("%q read as %v, want %v", input, got, want)
		}
	})
}
