// Package protocol is the line protocol of the 2048 player, for other
// programs: one command a line, one reply a line (docs/protocols/2048.md).
//
//	new <seed>                → ok
//	board e0 e1 … e15         → U, D, L or R
//	quit                      → (the end)
//
// The caller owns the game: its board and its spawns. A board is the
// sixteen exponents (0 empty, 11 for 2048, up to 17), row by row from the
// top left.
// The reply to a board is a move that changes it; a line the player cannot
// answer gets "error: " and the reason, and the session goes on.
package protocol

import (
	"io"
	"strconv"

	"gamelab/internal/lines"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// Serve answers the commands read from r on w with moves of s, until quit
// or the end of r.
func Serve(r io.Reader, w io.Writer, s player.Strategy) error {
	reply := lines.NewReplier(w).Say
	tooLong := func() error { return reply("error: %v", lines.ErrTooLong) }
	return lines.Serve(r, tooLong, func(_ string, fields []string) error {
		switch fields[0] {
		case "new":
			return newGame(fields[1:], s, reply)
		case "board":
			return move(fields[1:], s, reply)
		}
		return reply("error: unknown command %q: use new, board or quit", fields[0])
	})
}

func newGame(args []string, s player.Strategy, reply func(string, ...any) error) error {
	if len(args) != 1 {
		return reply("error: new takes a seed, e.g. new 42")
	}
	seed, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		return reply("error: seed %q: want a whole number from 0 to %d", args[0], uint64(1<<64-1))
	}
	if sd, ok := s.(player.Seeder); ok {
		sd.Seed(seed)
	}
	return reply("ok")
}

func move(args []string, s player.Strategy, reply func(string, ...any) error) error {
	g, err := twenty48.ParseGrid(args)
	if err != nil {
		return reply("error: %v", err)
	}
	d, ok := player.Choose(s, g)
	if !ok {
		return reply("error: no move changes this board: the game is over")
	}
	return reply("%v", d)
}
