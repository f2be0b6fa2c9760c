package protocol

import (
	"fmt"
	"strconv"

	"gamelab/twenty48"
)

// The commands are typed here, each formatted by String and read by
// parseCommand, so that the server and the client (for a player of
// another program) speak one grammar. The reply to a board is a
// twenty48.Direction, which formats and parses itself.

// Command is a line the caller sends: NewCommand or BoardCommand.
type Command interface {
	fmt.Stringer
	command()
}

// NewCommand is "new": a game begins, and the player's random choices
// draw from Seed.
type NewCommand struct{ Seed uint64 }

// BoardCommand is "board": the player is to move on Grid.
type BoardCommand struct{ Grid twenty48.Grid }

func (c NewCommand) String() string   { return "new " + strconv.FormatUint(c.Seed, 10) }
func (c BoardCommand) String() string { return "board " + c.Grid.Exponents() }

func (NewCommand) command()   {}
func (BoardCommand) command() {}

// parseCommand reads a line's words as a command; its errors are the
// reply's reason.
func parseCommand(fields []string) (Command, error) {
	args := fields[1:]
	switch fields[0] {
	case "new":
		if len(args) != 1 {
			return nil, fmt.Errorf("new takes a seed, e.g. new 42")
		}
		seed, err := strconv.ParseUint(args[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("seed %q: want a whole number from 0 to %d", args[0], uint64(1<<64-1))
		}
		return NewCommand{seed}, nil
	case "board":
		g, err := twenty48.ParseGrid(args)
		if err != nil {
			return nil, err
		}
		return BoardCommand{g}, nil
	}
	return nil, fmt.Errorf("unknown command %q: use new, board or quit", fields[0])
}
