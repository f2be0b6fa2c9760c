package twenty48

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Record is a game as (seed, moves), with its board size and mode: all it
// takes to replay it anywhere. Its JSON form is the replay file.
type Record struct {
	Size  int
	Mode  Mode
	Seed  uint64
	Moves []Move
	Score int64   // the final score, checked on replay
	Start []uint8 // the starting position of a game made by NewFrom, row by row
}

// recordFormat names the replay file's format; recordVersion is its
// version.
const (
	recordFormat  = "gamelab 2048 replay"
	recordVersion = 1
)

type recordJSON struct {
	Format  string  `json:"format"`
	Version int     `json:"version"`
	Size    int     `json:"size"`
	Mode    string  `json:"mode"`
	Seed    uint64  `json:"seed"`
	Moves   string  `json:"moves"`
	Score   int64   `json:"score"`
	Start   []uint8 `json:"start,omitempty"`
}

// Record returns the game's record.
func (g *Game) Record() Record {
	r := Record{Size: g.grid.n, Mode: g.mode, Seed: g.seed, Moves: g.Moves(), Score: g.score}
	if g.start != nil {
		r.Start = g.start.Cells()
	}
	return r
}

// MarshalJSON writes the replay file.
func (r Record) MarshalJSON() ([]byte, error) {
	var moves strings.Builder
	for _, m := range r.Moves {
		moves.WriteString(m.String())
	}
	return json.Marshal(recordJSON{recordFormat, recordVersion, r.Size, r.Mode.String(), r.Seed, moves.String(), r.Score, r.Start})
}

// UnmarshalJSON reads a replay file, checking its fields (not the moves:
// Replay does that).
func (r *Record) UnmarshalJSON(data []byte) error {
	var j recordJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	switch {
	case j.Format != recordFormat:
		return fmt.Errorf("not a 2048 replay (format %q)", j.Format)
	case j.Version != recordVersion:
		return fmt.Errorf("replay version %d; this gamelab reads %d", j.Version, recordVersion)
	case j.Size < MinSize || j.Size > MaxSize:
		return fmt.Errorf("size %d: boards are %d to %d", j.Size, MinSize, MaxSize)
	}
	mode, err := ParseMode(j.Mode)
	if err != nil {
		return err
	}
	moves, err := ParseMoves(j.Moves)
	if err != nil {
		return err
	}
	if j.Start != nil {
		if _, err := GridOf(j.Size, j.Start...); err != nil {
			return fmt.Errorf("start: %w", err)
		}
	}
	*r = Record{Size: j.Size, Mode: mode, Seed: j.Seed, Moves: moves, Score: j.Score, Start: j.Start}
	return nil
}

// Replay plays r's moves from its seed and returns the game after each
// move (the first, index 0, is the start): a move that changes nothing, a
// shuffle outside the shuffle mode, or a final score other than r's is an
// error naming the move.
func Replay(r Record) ([]*Game, error) {
	g, err := New(r.Size, r.Seed, r.Mode, 0)
	if r.Start != nil {
		var start Grid
		if start, err = GridOf(r.Size, r.Start...); err == nil {
			g, err = NewFrom(start, r.Seed, r.Mode, 0)
		}
	}
	if err != nil {
		return nil, err
	}
	games := []*Game{g.clone()}
	for i, m := range r.Moves {
		if err := g.Play(m, nil); err != nil {
			return nil, fmt.Errorf("move %d (%v): %w", i+1, m, err)
		}
		games = append(games, g.clone())
	}
	if g.score != r.Score {
		return nil, fmt.Errorf("the moves make a score of %d; the record says %d", g.score, r.Score)
	}
	return games, nil
}

// clone returns a copy of g that shares nothing with it.
func (g *Game) clone() *Game {
	c := *g
	c.moves = g.Moves()
	c.history = append([]state(nil), g.history...)
	return &c
}
