package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamelab/oware"
	"gamelab/oware/search"
)

// The commands and replies that carry values are typed here, each
// formatted by String and read by its parser, so that the server and the
// client (for an engine of another program) speak one grammar.

// PositionCommand is "position": a start and the moves played from it.
type PositionCommand struct {
	Start oware.Position
	Moves []oware.Move
}

// String formats the command: startpos for the usual start, else fen.
func (c PositionCommand) String() string {
	line := "position startpos"
	if c.Start != oware.Start() {
		line = "position fen " + c.Start.String()
	}
	if len(c.Moves) > 0 {
		line += " moves " + oware.FormatMoves(c.Moves)
	}
	return line
}

// parsePosition reads the words after "position": startpos or fen
// <position>, then the moves, written together or apart.
func parsePosition(args []string) (PositionCommand, error) {
	c := PositionCommand{Start: oware.Start()}
	if len(args) == 0 {
		return c, fmt.Errorf("position needs startpos or fen <position>")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		if len(args) < 2 {
			return c, fmt.Errorf("position fen needs a position, e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
		}
		p, err := oware.ParsePosition(args[1])
		if err != nil {
			return c, err
		}
		c.Start, rest = p, args[2:]
	default:
		return c, fmt.Errorf("position %q: want startpos or fen", args[0])
	}
	if len(rest) == 0 {
		return c, nil
	}
	if rest[0] != "moves" {
		return c, fmt.Errorf("position: %q where moves belongs", rest[0])
	}
	moves, err := oware.ParseMoves(strings.Join(rest[1:], ""))
	c.Moves = moves
	return c, err
}

// Game returns the game the command sets under rules, every move checked.
func (c PositionCommand) Game(rules oware.Rules) (*oware.Game, error) {
	g := oware.NewGame(c.Start, rules)
	for i, m := range c.Moves {
		if _, err := g.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return g, nil
}

// GoCommand is "go": the limits of a search. Infinite searches until
// stop; without it a search always ends, at DefaultMoveTime if no limit
// is given.
type GoCommand struct {
	Depth    int
	MoveTime time.Duration
	Clock    [2]time.Duration // time left to South (wtime) and North (btime)
	Clocked  [2]bool          // which sides' time was given
	Infinite bool
}

// DefaultMoveTime is the time of a search given no limit.
const DefaultMoveTime = time.Second

// String formats the command, in whole milliseconds.
func (c GoCommand) String() string {
	line := "go"
	if c.Depth > 0 {
		line += " depth " + strconv.Itoa(c.Depth)
	}
	if c.MoveTime > 0 {
		line += " movetime " + strconv.FormatInt(c.MoveTime.Milliseconds(), 10)
	}
	if c.Clocked[oware.South] {
		line += " wtime " + strconv.FormatInt(c.Clock[oware.South].Milliseconds(), 10)
	}
	if c.Clocked[oware.North] {
		line += " btime " + strconv.FormatInt(c.Clock[oware.North].Milliseconds(), 10)
	}
	if c.Infinite {
		line += " infinite"
	}
	return line
}

// parseGo reads the words after "go". It ignores the clock's increments
// and moves to go, which the clock's share already allows for, and
// refuses what it cannot honour (a node count), so that every go it
// takes ends unless it says infinite.
func parseGo(args []string) (GoCommand, error) {
	var c GoCommand
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" {
			c.Infinite = true
			continue
		}
		switch key {
		case "depth", "movetime", "wtime", "stime", "btime", "ntime", "winc", "binc", "movestogo":
		case "nodes", "mate", "searchmoves", "ponder":
			return c, fmt.Errorf("go %s: not supported; limit the search by depth, movetime, wtime and btime, or infinite", key)
		default:
			return c, fmt.Errorf("go: unknown limit %q (depth, movetime, wtime, btime, infinite)", key)
		}
		if i+1 >= len(args) {
			return c, fmt.Errorf("go %s needs a value", key)
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n < 0 {
			return c, fmt.Errorf("go %s: %q is not a whole number of 0 or more", key, args[i+1])
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "depth":
			if n < 1 || n > search.MaxDepth {
				return c, fmt.Errorf("go depth %d: want 1 to %d", n, search.MaxDepth)
			}
			c.Depth = n
		case "movetime":
			if n < 1 {
				return c, fmt.Errorf("go movetime 0: want 1 millisecond or more")
			}
			c.MoveTime = ms
		case "wtime", "stime":
			c.Clock[oware.South], c.Clocked[oware.South] = ms, true
		case "btime", "ntime":
			c.Clock[oware.North], c.Clocked[oware.North] = ms, true
		}
	}
	return c, nil
}

// Limits returns the search's limits for side to move: its clock, if it
// has one and no time per move is set, spread over 30 moves; with no
// limit at all, and not infinite, DefaultMoveTime.
func (c GoCommand) Limits(toMove oware.Side) search.Limits {
	limits := search.Limits{Depth: c.Depth, MoveTime: c.MoveTime}
	if c.Clocked[toMove] && limits.MoveTime == 0 {
		limits.MoveTime = max(c.Clock[toMove]/30, time.Millisecond)
	}
	if limits == (search.Limits{}) && !c.Infinite {
		limits.MoveTime = DefaultMoveTime
	}
	return limits
}

// formatInfo writes a search's progress as an info line.
func formatInfo(i search.Info) string {
	nps := uint64(0)
	if i.Time > 0 {
		nps = uint64(float64(i.Nodes) / i.Time.Seconds())
	}
	return fmt.Sprintf("info depth %d score %s nodes %d time %d nps %d pv %s", i.Depth, formatScore(i.Score), i.Nodes, i.Time.Milliseconds(), nps, oware.FormatMoves(i.PV))
}

// parseInfo reads what it knows of the words after "info".
func parseInfo(fields []string) search.Info {
	var info search.Info
	for i := 0; i+1 < len(fields); i++ {
		n, _ := strconv.ParseInt(fields[i+1], 10, 64)
		switch fields[i] {
		case "depth":
			info.Depth = int(n)
		case "nodes":
			info.Nodes = uint64(n)
		case "time":
			info.Time = time.Duration(n) * time.Millisecond
		case "score":
			if i+2 < len(fields) {
				info.Score, _ = parseScore(fields[i+1], fields[i+2])
			}
		case "pv":
			if moves, err := oware.ParseMoves(strings.Join(fields[i+1:], "")); err == nil {
				info.PV = moves
			}
			return info
		}
	}
	return info
}

// formatScore writes a score as UCI does: "cp N" in hundredths of a seed,
// or "mate N" in moves of the side to move (negative when it loses).
func formatScore(s search.Score) string {
	if !s.Decided() {
		return fmt.Sprintf("cp %d", s)
	}
	if s > 0 {
		return fmt.Sprintf("mate %d", (search.WinScore-s+1)/2)
	}
	return fmt.Sprintf("mate -%d", (search.WinScore+s+1)/2)
}

// parseScore reads a score formatScore wrote: kind cp or mate, then n.
func parseScore(kind, n string) (search.Score, error) {
	v, err := strconv.Atoi(n)
	if err != nil {
		return 0, err
	}
	switch kind {
	case "cp":
		return search.Score(v), nil
	case "mate":
		if v < 0 {
			return -search.WinScore - search.Score(2*v), nil
		}
		return search.WinScore - search.Score(2*v-1), nil
	}
	return 0, fmt.Errorf("score %q: want cp or mate", kind)
}

// formatBestMove writes the reply that ends a search: the move, or
// (none) when the game is over.
func formatBestMove(m oware.Move) string {
	if m == oware.NoMove {
		return "bestmove (none)"
	}
	return fmt.Sprintf("bestmove %v", m)
}

// parseBestMove reads the words after "bestmove" as a move.
func parseBestMove(fields []string) (oware.Move, error) {
	if len(fields) == 0 {
		return oware.NoMove, fmt.Errorf("bestmove without a move")
	}
	return oware.ParseMove(fields[0])
}
