package player

import (
	"bytes"
	"fmt"
	"maps"
	"math/bits"
	"os"
	"slices"
	"sync"

	"gamelab/internal/bench"
	"gamelab/twenty48"
)

// Suite makes a benchmark of part of a game: games that begin at given
// positions (the late game, say, from where games first made a 16384)
// and that end when they first make a given tile. The zero Suite is whole
// games from two spawned tiles.
type Suite struct {
	// Starts, if any, are the positions the games begin at, game i at
	// Starts[bench.Game.Secret] (each once when the run plays as many
	// games as there are positions), its tiles to come drawn from the
	// game's seed. A game's score is then the points made from there.
	Starts []twenty48.Board
	// StopAt, if not zero, ends a game when it first holds a tile of this
	// exponent or more (14 for 16384).
	StopAt uint8
	// Reached, if not nil, is told the board where game i stopped at
	// StopAt (not one lost by the move that made the tile: no game goes
	// on from there); the games of a run tell it from their goroutines.
	Reached func(game int, b twenty48.Board)
}

// Config returns cfg for the suite's games: one secret a start (a
// position, in the summary), and the run's name says where games begin
// and end.
func (s Suite) Config(cfg bench.Config) bench.Config {
	cfg.Secrets, cfg.Secret = len(s.Starts), "position"
	if len(s.Starts) > 0 {
		cfg.Name += fmt.Sprintf(", from %d positions", len(s.Starts))
	}
	if s.StopAt > 0 {
		cfg.Name += fmt.Sprintf(", up to %d", 1<<s.StopAt)
	}
	return cfg
}

// DefaultGames is the number of games a benchmark plays unless told: each
// start once, or 100 whole games.
func (s Suite) DefaultGames() int {
	if len(s.Starts) > 0 {
		return len(s.Starts)
	}
	return 100
}

// LoadSuite returns the suite of the positions of the file from (whole
// games if from is empty) that ends games when they make the tile stopAt
// (never if 0). The file holds a board a line, as WriteBoards writes.
func LoadSuite(from string, stopAt int) (Suite, error) {
	var s Suite
	var err error
	if s.StopAt, err = StopExponent(stopAt); err != nil || from == "" {
		return s, err
	}
	f, err := os.Open(from)
	if err != nil {
		return s, err
	}
	defer f.Close()
	if s.Starts, err = twenty48.ReadBoards(f); err != nil {
		return s, fmt.Errorf("%s: %w", from, err)
	}
	if len(s.Starts) == 0 {
		return s, fmt.Errorf("%s: no positions", from)
	}
	return s, nil
}

// StopExponent returns the exponent of tile, a suite's StopAt: 0 for 0,
// else 2 to 15 for the tiles 4 to 32768.
func StopExponent(tile int) (uint8, error) {
	switch {
	case tile == 0:
		return 0, nil
	case tile < 4 || tile > 32768 || tile&(tile-1) != 0:
		return 0, fmt.Errorf("%d: want a tile from 4 to 32768", tile)
	}
	return uint8(bits.TrailingZeros(uint(tile))), nil
}

// Reached gathers the boards where a suite's games made its tile, from
// the games' goroutines: set a suite's Reached to its Add.
type Reached struct {
	mu     sync.Mutex
	boards map[int]twenty48.Board
}

// Add records that game ended at b.
func (r *Reached) Add(game int, b twenty48.Board) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.boards == nil {
		r.boards = map[int]twenty48.Board{}
	}
	r.boards[game] = b
}

// Boards returns the boards gathered, in game order, so that a run's
// positions are the same however its games were shared among workers.
func (r *Reached) Boards() []twenty48.Board {
	r.mu.Lock()
	defer r.mu.Unlock()
	boards := make([]twenty48.Board, 0, len(r.boards))
	for _, i := range slices.Sorted(maps.Keys(r.boards)) {
		boards = append(boards, r.boards[i])
	}
	return boards
}

// Save writes the boards gathered to the position file name, a file
// LoadSuite reads.
func (r *Reached) Save(name string) error {
	var buf bytes.Buffer
	if err := twenty48.WriteBoards(&buf, r.Boards()); err != nil {
		return err
	}
	return os.WriteFile(name, buf.Bytes(), 0o644)
}

// ForBench returns o for a benchmark's games, which the workers play side
// by side: each searches on one core, so that a seed replays its game move
// for move, unless o has a time per move, which replays nothing and is
// spent on all cores as in the engine.
func ForBench(o Options) Options {
	o.OneCore = o.Budget.PerMove == 0
	return o
}
