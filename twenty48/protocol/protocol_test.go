package protocol

import (
	"strings"
	"testing"

	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

func TestServe(t *testing.T) {
	in := strings.Join([]string{
		"new 42",
		"board 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
		"board 1 2 1 2 2 1 2 1 1 2 1 2 2 1 2 1", // no move
		"board 1 2 3",
		"board 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 18",
		"board 15 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", // only 32768s merge
		"board 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", // no move: 65536 and 32768 do not merge
		"new x",
		"jump",
		strings.Repeat("x", 100_000),
		"",
		"quit",
		"board 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
	}, "\n")
	var out strings.Builder
	if err := Serve(strings.NewReader(in), &out, player.NewExpectimax(player.Fast, nil)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"ok", "", "error: no move changes this board", "error: a board has 16 cells, this one 3",
		"error: cell 16: \"18\"", "", "error: no move changes this board", "error: seed \"x\"", "error: unknown command \"jump\"",
		"error: unknown command \"xxxxxxxx"}
	if len(lines) != len(want) {
		t.Fatalf("replies:\n%s", out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("reply %d: %q, want %q…", i+1, lines[i], w)
		}
	}
	if long := lines[9]; len(long) > 220 || !strings.HasSuffix(long, "bytes)…xxxxxxxxxxxxxxx\": use new, board or quit") {
		t.Errorf("reply to a line of 100,000 bytes, %d bytes long: %q", len(long), long)
	}
	if d := lines[1]; d != "L" && d != "R" && d != "U" && d != "D" {
		t.Errorf("reply to a board: %q", d)
	}
	if d := lines[5]; d != "L" && d != "R" {
		t.Errorf("reply to a board where only two 32768s merge: %q", d)
	}
}

// FuzzServe sends any lines: every reply is ok, a move that changes the
// board it answers, or an error line.
func FuzzServe(f *testing.F) {
	f.Add("new 1\nboard 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nquit\n")
	f.Add("board 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nboard a\n")
	f.Add("board 15 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1\nboard 17 16 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n")
	s := player.NewExpectimax(player.Budget{MinDepth: 1, MaxDepth: 1, MinProbability: 0.01}, nil)
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Serve(strings.NewReader(in), &out, s); err != nil {
			t.Fatal(err)
		}
		replies := strings.Split(out.String(), "\n")
		k := 0
		for _, line := range strings.Split(in, "\n") {
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			if fields[0] == "quit" {
				break
			}
			r := replies[k]
			k++
			if fields[0] == "board" && !strings.HasPrefix(r, "error: ") {
				g, err := twenty48.ParseGrid(fields[1:])
				d, perr := twenty48.ParseDirection(r)
				if err != nil || perr != nil {
					t.Fatalf("%q answered %q", line, r)
				}
				if _, _, moved := g.Move(d, nil); !moved {
					t.Fatalf("%q answered %v, which changes nothing", line, d)
				}
			}
		}
	})
}

// FuzzParseCommand: a command read is formatted so that it reads the
// same, as the client writes what the server reads.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"new 42", "new 18446744073709551615", "board 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "board 17 16 0 0 0 0 0 0 0 0 0 0 0 0 0 1", "board 1 2", "new -1", "jump"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return
		}
		c, err := parseCommand(fields)
		if err != nil {
			return
		}
		back, err := parseCommand(strings.Fields(c.String()))
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q: formats as %q, read back as %v, %v", line, c.String(), back, err)
		}
	})
}
