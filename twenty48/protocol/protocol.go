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

	"gamelab/internal/lines"
	"gamelab/twenty48/player"
)

// Serve answers the commands read from r on w with moves of s, until quit
// or the end of r.
func Serve(r io.Reader, w io.Writer, s player.Strategy) error {
	reply := lines.NewReplier(w).Say
	tooLong := func() error { return reply("error: %v", lines.ErrTooLong) }
	return lines.Serve(r, tooLong, func(_ string, fields []string) error {
		command, err := parseCommand(fields)
		if err != nil {
			return reply("error: %s", lines.Clip(err.Error()))
		}
		switch c := command.(type) {
		case NewCommand:
			if sd, ok := s.(player.Seeder); ok {
				sd.Seed(c.Seed)
			}
			return reply("ok")
		case BoardCommand:
			d, ok := player.Choose(s, c.Grid)
			if !ok {
				return reply("error: no move changes this board: the game is over")
			}
			return reply("%v", d)
		}
		return nil
	})
}
