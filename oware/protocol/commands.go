package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamelab/internal/lines"
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
// stop, and Ponder until ponderhit (the limits then apply) or stop;
// without either a search always ends, at DefaultMoveTime if no limit is
// given.
type GoCommand struct {
	Depth    int
	MoveTime time.Duration
	Clock    [2]time.Duration // time left to South (wtime) and North (btime)
	Clocked  [2]bool          // which sides' time was given
	Infinite bool
	Ponder   bool
}

// DefaultMoveTime is the time of a search given no limit.
const DefaultMoveTime = time.Second

// String formats the command, in whole milliseconds.
func (c GoCommand) String() string {
	line := "go"
	if c.Ponder {
		line += " ponder"
	}
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
// and moves to go, which the clock's share already allows for, and takes
// a depth beyond search.MaxDepth as the greatest (a client's "depth 127"
// means no limit). What it cannot honour (a node count, a depth or time
// of 0, a word it does not know) it leaves out, and its error says so:
// the command it returns is still searched, so that the client has its
// bestmove.
func parseGo(args []string) (GoCommand, error) {
	var c GoCommand
	var problems []string
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			c.Infinite = true
			continue
		case "ponder":
			c.Ponder = true
			continue
		case "depth", "movetime", "wtime", "stime", "btime", "ntime", "winc", "binc", "movestogo":
		case "nodes", "mate", "searchmoves":
			// Their values (moves, for searchmoves) are skipped as words
			// the loop does not know, without a word each.
			problems = append(problems, fmt.Sprintf("go %s: not supported (depth, movetime, wtime, btime, infinite, ponder limit a search)", key))
			for i+1 < len(args) && !goWords[args[i+1]] {
				i++
			}
			continue
		default:
			problems = append(problems, fmt.Sprintf("go: unknown limit %q (depth, movetime, wtime, btime, infinite, ponder)", lines.Clip(key)))
			continue
		}
		if i+1 >= len(args) || goWords[args[i+1]] {
			problems = append(problems, fmt.Sprintf("go %s needs a value", key))
			continue
		}
		i++
		n, err := strconv.Atoi(args[i])
		if err != nil || n < 0 {
			problems = append(problems, fmt.Sprintf("go %s: %q is not a whole number of 0 or more", key, lines.Clip(args[i])))
			continue
		}
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "depth":
			if n < 1 {
				problems = append(problems, "go depth 0: want 1 or more")
				continue
			}
			c.Depth = min(n, search.MaxDepth)
		case "movetime":
			if n < 1 {
				problems = append(problems, "go movetime 0: want 1 millisecond or more")
				continue
			}
			c.MoveTime = ms
		case "wtime", "stime":
			c.Clock[oware.South], c.Clocked[oware.South] = ms, true
		case "btime", "ntime":
			c.Clock[oware.North], c.Clocked[oware.North] = ms, true
		}
	}
	if len(problems) > 0 {
		return c, fmt.Errorf("%s; searching without it", strings.Join(problems, "; "))
	}
	return c, nil
}

// goWords are the words of go's limits, where a value cannot be.
var goWords = map[string]bool{
	"depth": true, "movetime": true, "wtime": true, "stime": true, "btime": true, "ntime": true, "winc": true,
	"binc": true, "movestogo": true, "nodes": true, "mate": true, "searchmoves": true, "infinite": true, "ponder": true,
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

// NullMove is bestmove's word for no move, in a finished game: UCI's, as
// Aalina writes it.
const NullMove = "0000"

// formatBestMove writes the reply that ends a search: its move, or
// NullMove when the game is over, then the reply it expects, from the
// principal variation, for a client that ponders.
func formatBestMove(r search.Result) string {
	if r.Move == oware.NoMove {
		return "bestmove " + NullMove
	}
	if len(r.PV) >= 2 && r.PV[0] == r.Move {
		return fmt.Sprintf("bestmove %v ponder %v", r.Move, r.PV[1])
	}
	return fmt.Sprintf("bestmove %v", r.Move)
}

// parseBestMove reads the words after "bestmove": the move (NoMove for
// NullMove or "(none)"), then the ponder move, if any, ignored.
func parseBestMove(fields []string) (oware.Move, error) {
	if len(fields) == 0 {
		return oware.NoMove, fmt.Errorf("bestmove without a move")
	}
	if fields[0] == NullMove || fields[0] == "(none)" {
		return oware.NoMove, nil
	}
	return oware.ParseMove(fields[0])
}
