package twenty48

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestReadBoards(t *testing.T) {
	const start = "14 13 12 11 0 0 0 0 0 0 0 0 0 0 1 2"
	want := Board(14 | 13<<4 | 12<<8 | 11<<12 | 1<<56 | 2<<60)
	tests := []struct {
		name, in string
		want     []Board
		err      string
	}{
		{"one", start + "\n", []Board{want}, ""},
		{"no final newline", start, []Board{want}, ""},
		{"comments and blanks", "# from seed 9\n\n  " + start + "  \n\t\n" + start + "\n", []Board{want, want}, ""},
		{"empty", "", nil, ""},
		{"short", "# a\n" + start + "\n1 2 3\n", nil, "line 3: a board has 16 cells, this one 3"},
		{"too big", strings.Replace(start, "14", "16", 1), nil, `line 1: cell 1: "16" is not an exponent from 0 to 15`},
		{"negative", strings.Replace(start, "13", "-1", 1), nil, `line 1: cell 2: "-1" is not an exponent from 0 to 15`},
		{"word", strings.Replace(start, "12", "x", 1), nil, `line 1: cell 3: "x" is not an exponent from 0 to 15`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadBoards(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

func TestExponents(t *testing.T) {
	b := Board(0xfedcba9876543210)
	if got, want := b.Exponents(), "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"; got != want {
		t.Fatalf("Exponents() = %q, want %q", got, want)
	}
}

// FuzzReadBoards checks that whatever ReadBoards accepts, WriteBoards
// writes back as the same boards.
func FuzzReadBoards(f *testing.F) {
	f.Add("14 13 12 11 0 0 0 0 0 0 0 0 0 0 1 2\n# c\n")
	f.Add("1 2 3\n")
	f.Add("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 +15")
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := ReadBoards(strings.NewReader(in))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteBoards(&out, boards); err != nil {
			t.Fatal(err)
		}
		again, err := ReadBoards(&out)
		if err != nil || !slices.Equal(again, boards) {
			t.Fatalf("%q read as %v, written as %q, read back as %v, %v", in, boards, out.String(), again, err)
		}
	})
}
