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
	for _, c := range []GoCommand{{}, {Depth: 8}, {MoveTime: 250 * time.Millisecond}, {Infinite: true},
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
		if back, err := parseBestMove(strings.Fields(formatBestMove(m))[1:]); err != nil || back != m {
			t.Errorf("%q read back as %v, %v", formatBestMove(m), back, err)
		}
	}
	if _, err := parseBestMove(strings.Fields(formatBestMove(oware.NoMove))[1:]); err == nil {
		t.Errorf("%q read as a move", formatBestMove(oware.NoMove))
	}
}

// TestGoAlwaysEnds: every go but go infinite has limits, and what cannot
// be honoured is refused.
func TestGoAlwaysEnds(t *testing.T) {
	for line, want := range map[string]search.Limits{
		"go":                   {MoveTime: DefaultMoveTime},
		"go winc 100 binc 100": {MoveTime: DefaultMoveTime},
		"go wtime 0 btime 0":   {MoveTime: time.Millisecond},
		"go wtime 3000":        {MoveTime: 100 * time.Millisecond},
		"go btime 3000":        {MoveTime: DefaultMoveTime}, // South to move
		"go depth 5":           {Depth: 5},
		"go infinite":          {},
	} {
		c, err := parseGo(strings.Fields(line)[1:])
		if got := c.Limits(oware.South); err != nil || got != want {
			t.Errorf("%q: limits %+v, %v; want %+v", line, got, err, want)
		}
	}
	for _, line := range []string{"go depth 0", "go depth 65", "go movetime 0", "go nodes 100", "go mate 3", "go depth", "go speed 3"} {
		if c, err := parseGo(strings.Fields(line)[1:]); err == nil {
			t.Errorf("%q taken: %+v", line, c)
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
		if !c.Infinite && (c.Limits(oware.South) == (search.Limits{}) || c.Limits(oware.North) == (search.Limits{})) {
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
