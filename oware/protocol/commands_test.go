package protocol

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gamelab/oware"
	"gamelab/oware/search"
)

// TestCommandsRoundTrip: what one side formats, the other reads back.
func TestCommandsRoundTrip(t *testing.T) {
	fen, _ := oware.ParsePosition("0-0-0-0-0-2-1-1-1-0-0-0-22-21-S")
	moves, _ := oware.ParseMoves("FaEb")
	for _, c := range []PositionCommand{{Start: oware.Start()}, {Start: oware.Start(), Moves: moves}, {Start: fen}, {Start: fen, Moves: []oware.Move{5}}} {
		back, err := parsePosition(strings.Fields(c.String())[1:])
		if err != nil || back.Start != c.Start || !slices.Equal(back.Moves, c.Moves) {
			t.Errorf("%q read back as %v, %v", c.String(), back, err)
		}
	}
	for _, c := range []GoCommand{{}, {Depth: 8}, {MoveTime: 250 * time.Millisecond}, {Infinite: true}, {Ponder: true},
		{Ponder: true, MoveTime: 100 * time.Millisecond, Depth: 64},
		{Depth: 3, Clock: [2]time.Duration{time.Second, 2 * time.Second}, Clocked: [2]bool{true, true}}, {Clocked: [2]bool{true, false}}} {
		back, err := parseGo(strings.Fields(c.String())[1:])
		if err != nil || back != c {
			t.Errorf("%q read back as %+v, %v", c.String(), back, err)
		}
	}
	// Mate counts moves, not plies: a win is read back as the odd number
	// of plies that reaches it, a loss as the even one.
	for _, score := range []search.Score{0, 150, -320, search.WinScore - 1, search.WinScore - 5, -search.WinScore + 2, -search.WinScore + 10} {
		info := search.Info{Depth: 7, Score: score, Nodes: 12345, Time: 1500 * time.Millisecond, PV: moves}
		back := parseInfo(strings.Fields(formatInfo(info))[1:])
		if back.Depth != info.Depth || back.Score != info.Score || back.Nodes != info.Nodes || back.Time != info.Time || !slices.Equal(back.PV, info.PV) {
			t.Errorf("%q read back as %+v", formatInfo(info), back)
		}
	}
	for _, m := range []oware.Move{0, 5, 6, 11} {
		r := search.Result{Move: m}
		if back, err := parseBestMove(strings.Fields(formatBestMove(r))[1:]); err != nil || back != m {
			t.Errorf("%q read back as %v, %v", formatBestMove(r), back, err)
		}
	}
	for _, line := range []string{"bestmove 0000", "bestmove (none)"} {
		if m, err := parseBestMove(strings.Fields(line)[1:]); err != nil || m != oware.NoMove {
			t.Errorf("%q read as %v, %v; want no move", line, m, err)
		}
	}
}

// TestBestMove: bestmove offers the principal variation's reply as the
// move to ponder on, and says 0000 in a finished game.
func TestBestMove(t *testing.T) {
	for _, tc := range []struct {
		r    search.Result
		want string
	}{
		{search.Result{Move: oware.NoMove}, "bestmove 0000"},
		{search.Result{Move: 5}, "bestmove F"},
		{search.Result{Move: 5, Info: search.Info{PV: []oware.Move{5}}}, "bestmove F"},
		{search.Result{Move: 5, Info: search.Info{PV: []oware.Move{5, 6, 4}}}, "bestmove F ponder a"},
		{search.Result{Move: 4, Info: search.Info{PV: []oware.Move{5, 6}}}, "bestmove E"}, // a PV of another move
	} {
		if got := formatBestMove(tc.r); got != tc.want {
			t.Errorf("formatBestMove(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

// TestGoAlwaysEnds: every go but go infinite and go ponder has limits;
// what cannot be honoured is said and left out, and a depth beyond the
// greatest is the greatest.
func TestGoAlwaysEnds(t *testing.T) {
	for line, want := range map[string]search.Limits{
		"go":                        {MoveTime: DefaultMoveTime},
		"go winc 100 binc 100":      {MoveTime: DefaultMoveTime},
		"go wtime 0 btime 0":        {MoveTime: time.Millisecond},
		"go wtime 3000":             {MoveTime: 100 * time.Millisecond},
		"go btime 3000":             {MoveTime: DefaultMoveTime}, // South to move
		"go depth 5":                {Depth: 5},
		"go movetime 100 depth 127": {Depth: search.MaxDepth, MoveTime: 100 * time.Millisecond},
		"go infinite":               {},
	} {
		c, err := parseGo(strings.Fields(line)[1:])
		if got := c.Limits(oware.South); err != nil || got != want {
			t.Errorf("%q: limits %+v, %v; want %+v", line, got, err, want)
		}
	}
	for line, want := range map[string]search.Limits{
		"go depth 0":                   {MoveTime: DefaultMoveTime},
		"go movetime 0":                {MoveTime: DefaultMoveTime},
		"go nodes 100":                 {MoveTime: DefaultMoveTime},
		"go nodes 100 movetime 50":     {MoveTime: 50 * time.Millisecond},
		"go searchmoves A B C depth 3": {Depth: 3},
		"go mate 3":                    {MoveTime: DefaultMoveTime},
		"go depth":                     {MoveTime: DefaultMoveTime},
		"go depth movetime 20":         {MoveTime: 20 * time.Millisecond},
		"go speed 3":                   {MoveTime: DefaultMoveTime},
		"go movetime -5":               {MoveTime: DefaultMoveTime},
	} {
		c, err := parseGo(strings.Fields(line)[1:])
		if got := c.Limits(oware.South); err == nil || got != want {
			t.Errorf("%q: limits %+v, %v; want %+v and an error", line, got, err, want)
		}
	}
}

// FuzzParseGo: a go command read is formatted so that it reads the same.
func FuzzParseGo(f *testing.F) {
	for _, s := range []string{"depth 8", "movetime 100", "wtime 1000 btime 900 winc 10", "infinite", "depth", "depth -1", "nodes 5 depth 99999", "depth 5 infinite", "winc 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parseGo(strings.Fields(line))
		if err != nil {
			return
		}
		if !c.Infinite && !c.Ponder && (c.Limits(oware.South) == (search.Limits{}) || c.Limits(oware.North) == (search.Limits{})) {
			t.Fatalf("%q: limits %v and %v, infinite %v", line, c.Limits(oware.South), c.Limits(oware.North), c.Infinite)
		}
		back, err := parseGo(strings.Fields(c.String())[1:])
		if err != nil || back != c {
			t.Fatalf("%q: %+v formats as %q, read back as %+v, %v", line, c, c.String(), back, err)
		}
	})
}

// FuzzParsePosition: a position command read is formatted so that it
// reads the same.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"startpos", "startpos moves FaEb", "fen 0-0-0-0-0-2-1-1-1-0-0-0-22-21-S moves F", "fen", "startpos moves F a", "moves"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parsePosition(strings.Fields(line))
		if err != nil {
			return
		}
		back, err := parsePosition(strings.Fields(c.String())[1:])
		if err != nil || back.Start != c.Start || !slices.Equal(back.Moves, c.Moves) {
			t.Fatalf("%q: formats as %q, read back as %v, %v", line, c.String(), back, err)
		}
	})
}
