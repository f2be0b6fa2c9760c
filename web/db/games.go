package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The states of a game.
const (
	Playing = 0
	Won     = 1
	Lost    = 2
)

// Game is a game of any kind, its moves in order. Secret is the server's
// alone: nothing derived from it may leave the server before the game
// ends.
type Game struct {
	ID       string
	Player   string
	Game     string // "nerdle", …
	Variant  string // the game's own words for its settings: "8 standard"
	Daily    string // the day of a daily puzzle, "2006-01-02", or ""
	Secret   string
	Options  string // fixed for the game: Nerdle's modes, say
	Status   int
	Score    int64 // where the game keeps one; AddMove writes it
	Played   int   // moves recorded, whether or not Moves holds them
	Assisted bool  // a hint was asked for
	Started  time.Time
	Finished time.Time // zero while playing
	Moves    []Move
}

// Move is one move of a game and what it gave.
type Move struct {
	Move, Result string
	At           time.Time
}

// CreateGame records g, a new game, giving it an id. A second daily game
// of the same player, variant and day is ErrTaken.
func (d *DB) CreateGame(ctx context.Context, g *Game) error {
	g.ID, g.Started = NewID(), time.Now()
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO games (id, player_id, game, variant, daily, secret, options, started_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), g.ID, g.Player, g.Game, g.Variant, g.Daily, g.Secret, g.Options, g.Started.UnixMilli())
	if unique(err) {
		return ErrTaken
	}
	return err
}

const gameColumns = "id, player_id, game, variant, daily, secret, options, status, score, moves, assisted, started_ms, finished_ms"

// Game returns the game of that id with its moves, or ErrNotFound.
func (d *DB) Game(ctx context.Context, id string) (*Game, error) {
	return d.oneGame(ctx, "SELECT "+gameColumns+" FROM games WHERE id = ?", id)
}

// Head returns the game of that id without its moves (Played counts
// them), or ErrNotFound: for games of thousands of moves that the server
// keeps in memory, and reads whole only when its copy is behind.
func (d *DB) Head(ctx context.Context, id string) (*Game, error) {
	return d.scanGame(d.sql.QueryRowContext(ctx, d.q("SELECT "+gameColumns+" FROM games WHERE id = ?"), id))
}

// Unfinished returns the player's latest game of game and variant still
// being played, not a daily one, or ErrNotFound.
func (d *DB) Unfinished(ctx context.Context, player, game, variant string) (*Game, error) {
	return d.oneGame(ctx, "SELECT "+gameColumns+` FROM games WHERE player_id = ? AND game = ? AND variant = ? AND daily = '' AND status = 0
		ORDER BY started_ms DESC LIMIT 1`, player, game, variant)
}

// Daily returns the player's daily game of game and variant on day, or
// ErrNotFound.
func (d *DB) Daily(ctx context.Context, player, game, variant, day string) (*Game, error) {
	return d.oneGame(ctx, "SELECT "+gameColumns+" FROM games WHERE player_id = ? AND game = ? AND variant = ? AND daily = ?", player, game, variant, day)
}

func (d *DB) scanGame(row *sql.Row) (*Game, error) {
	var g Game
	var started, finished int64
	err := row.Scan(&g.ID, &g.Player, &g.Game, &g.Variant, &g.Daily, &g.Secret, &g.Options,
		&g.Status, &g.Score, &g.Played, &g.Assisted, &started, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	g.Started = time.UnixMilli(started)
	if finished != 0 {
		g.Finished = time.UnixMilli(finished)
	}
	return &g, nil
}

func (d *DB) oneGame(ctx context.Context, query string, args ...any) (*Game, error) {
	g, err := d.scanGame(d.sql.QueryRowContext(ctx, d.q(query), args...))
	if err != nil {
		return nil, err
	}
	rows, err := d.sql.QueryContext(ctx, d.q("SELECT move, result, at_ms FROM moves WHERE game_id = ? ORDER BY seq"), g.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var m Move
		var at int64
		if err := rows.Scan(&m.Move, &m.Result, &at); err != nil {
			return nil, err
		}
		m.At = time.UnixMilli(at)
		g.Moves = append(g.Moves, m)
	}
	return g, rows.Err()
}

// AddMove records m as the next move of g, which it leaves in the state
// status with the score g.Score, and commits it. If another move was
// recorded since g was read (the same game played in two tabs) it
// records nothing and returns ErrConflict.
func (d *DB) AddMove(ctx context.Context, g *Game, m Move, status int) error {
	tx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	seq := g.Played
	var finished int64
	if status != Playing {
		finished = m.At.UnixMilli()
	}
	res, err := tx.ExecContext(ctx, d.q("UPDATE games SET moves = ?, status = ?, score = ?, finished_ms = ? WHERE id = ? AND moves = ? AND status = 0"),
		seq+1, status, g.Score, finished, g.ID, seq)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrConflict
	}
	if _, err := tx.ExecContext(ctx, d.q("INSERT INTO moves (game_id, seq, move, result, at_ms) VALUES (?, ?, ?, ?, ?)"),
		g.ID, seq, m.Move, m.Result, m.At.UnixMilli()); err != nil {
		if unique(err) {
			return ErrConflict
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	g.Played++
	if len(g.Moves) == seq {
		g.Moves = append(g.Moves, m)
	}
	g.Status = status
	if status != Playing {
		g.Finished = m.At
	}
	return nil
}

// SetAssisted marks the game as played with help.
func (d *DB) SetAssisted(ctx context.Context, id string) error {
	_, err := d.sql.ExecContext(ctx, d.q("UPDATE games SET assisted = ? WHERE id = ?"), true, id)
	return err
}

// Abandon ends a game still being played as lost.
func (d *DB) Abandon(ctx context.Context, id string) error { return d.End(ctx, id, Lost) }

// End ends a game still being played in the state status: a 2048 game
// left for a new one is won if it made 2048.
func (d *DB) End(ctx context.Context, id string, status int) error {
	_, err := d.sql.ExecContext(ctx, d.q("UPDATE games SET status = ?, finished_ms = ? WHERE id = ? AND status = 0"), status, now(), id)
	return err
}

// Result is a finished game, for a player's record.
type Result struct {
	Status   int
	Moves    int
	Score    int64
	Assisted bool
	Daily    string
}

// Results returns the player's finished games of game and variant, the
// oldest first.
func (d *DB) Results(ctx context.Context, player, game, variant string) ([]Result, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT status, moves, score, assisted, daily FROM games
		WHERE player_id = ? AND game = ? AND variant = ? AND status <> 0 ORDER BY finished_ms`), player, game, variant)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		if err := rows.Scan(&r.Status, &r.Moves, &r.Score, &r.Assisted, &r.Daily); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Entry is a line of a daily leaderboard.
type Entry struct {
	Name  string
	Moves int
	Time  time.Duration
}

// Leaderboard returns the best unassisted wins of the day's puzzle of
// game and variant by players with a name: fewest moves, then fastest.
func (d *DB) Leaderboard(ctx context.Context, game, variant, day string, limit int) ([]Entry, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT p.name, g.moves, g.finished_ms - g.started_ms AS took FROM games g JOIN players p ON p.id = g.player_id
		WHERE g.game = ? AND g.variant = ? AND g.daily = ? AND g.status = ? AND NOT g.assisted AND p.name IS NOT NULL
		ORDER BY g.moves, took, p.name LIMIT ?`), game, variant, day, Won, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var ms int64
		if err := rows.Scan(&e.Name, &e.Moves, &ms); err != nil {
			return nil, err
		}
		e.Time = time.Duration(ms) * time.Millisecond
		out = append(out, e)
	}
	return out, rows.Err()
}

// Score is a line of a leaderboard of scores.
type Score struct {
	Name  string
	Score int64
	Moves int
	Game  string // its id, for its replay
}

// BestScores returns the best score of each player with a name over the
// finished games of game and variant played without help and with
// options "" (a game whose options say it was seeded by its player does
// not count), the highest first.
func (d *DB) BestScores(ctx context.Context, game, variant string, limit int) ([]Score, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT p.name, g.score, g.moves, g.id FROM games g JOIN players p ON p.id = g.player_id
		WHERE g.game = ? AND g.variant = ? AND g.status <> 0 AND NOT g.assisted AND g.options = '' AND p.name IS NOT NULL
		AND g.score = (SELECT MAX(h.score) FROM games h WHERE h.player_id = g.player_id AND h.game = g.game AND h.variant = g.variant
			AND h.status <> 0 AND NOT h.assisted AND h.options = '')
		ORDER BY g.score DESC, g.moves, p.name LIMIT ?`), game, variant, limit*2)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Score
	seen := map[string]bool{}
	for rows.Next() {
		var s Score
		if err := rows.Scan(&s.Name, &s.Score, &s.Moves, &s.Game); err != nil {
			return nil, err
		}
		if !seen[s.Name] && len(out) < limit { // one line a player, whose best may be tied
			seen[s.Name] = true
			out = append(out, s)
		}
	}
	return out, rows.Err()
}
