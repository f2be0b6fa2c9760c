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

func TestParseGrid(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []uint8 // the first cells, the rest 0
		err      string
	}{
		{"small", "1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0", []uint8{1, 2}, ""},
		{"131072", "17 16 15 0 0 0 0 0 0 0 0 0 0 0 0 0", []uint8{17, 16, 15}, ""},
		{"too big", "18 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", nil, `cell 1: "18" is not an exponent from 0 to 17`},
		{"short", "1 2", nil, "a board has 16 cells, this one 2"},
		{"word", "0 0 x 0 0 0 0 0 0 0 0 0 0 0 0 0", nil, `cell 3: "x" is not an exponent from 0 to 17`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGrid(strings.Fields(tt.in))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			want := make([]uint8, 16)
			copy(want, tt.want)
			if err != nil || g.Size() != 4 || !slices.Equal(g.Cells(), want) {
				t.Fatalf("got %v, %v; want %v", g.Cells(), err, want)
			}
		})
	}
}

// TestBoardOfBeyond: a Board holds tiles to 32768; a player sees larger
// ones as 32768s, and no Board is made of evil tiles or other sizes.
func TestBoardOfBeyond(t *testing.T) {
	g, _ := GridOf(4, 17, 16, 15, 14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	if b, ok := BoardOf(g); !ok || b != Board(15|15<<4|15<<8|14<<12|1<<16) {
		t.Errorf("BoardOf = %x, %v", uint64(b), ok)
	}
	evil, _ := GridOf(4, Evil, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	if _, ok := BoardOf(evil); ok {
		t.Error("a grid with an evil tile made a Board")
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
