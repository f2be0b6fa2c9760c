package db

import (
	"context"
	"database/sql"
	"errors"
)

// Player is a person playing on the web: anonymous but for the name they
// may take, and known by the id their cookie carries.
type Player struct {
	ID   string
	Code string // carries the player to another browser: keep it private
	Name string // "" until they take one
}

// NewPlayer records a new player.
func (d *DB) NewPlayer(ctx context.Context) (Player, error) {
	p := Player{ID: NewID(), Code: NewID()[:12]}
	_, err := d.sql.ExecContext(ctx, d.q("INSERT INTO players (id, code, created_ms) VALUES (?, ?, ?)"), p.ID, p.Code, now())
	return p, err
}

// Player returns the player of that id, or ErrNotFound.
func (d *DB) Player(ctx context.Context, id string) (Player, error) {
	return d.player(ctx, "id", id)
}

// PlayerByCode returns the player whose code that is, or ErrNotFound.
func (d *DB) PlayerByCode(ctx context.Context, code string) (Player, error) {
	return d.player(ctx, "code", code)
}

func (d *DB) player(ctx context.Context, column, value string) (Player, error) {
	var p Player
	var name sql.NullString
	err := d.sql.QueryRowContext(ctx, d.q("SELECT id, code, name FROM players WHERE "+column+" = ?"), value).Scan(&p.ID, &p.Code, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	p.Name = name.String
	return p, err
}

// SetName gives the player a display name, or ErrTaken if another has it.
func (d *DB) SetName(ctx context.Context, id, name string) error {
	_, err := d.sql.ExecContext(ctx, d.q("UPDATE players SET name = ? WHERE id = ?"), name, id)
	if unique(err) {
		return ErrTaken
	}
	return err
}

// Settings returns the player's settings for game as the page wrote
// them, or "" if it has written none.
func (d *DB) Settings(ctx context.Context, player, game string) (string, error) {
	var v string
	err := d.sql.QueryRowContext(ctx, d.q("SELECT value FROM settings WHERE player_id = ? AND game = ?"), player, game).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// PutSettings replaces the player's settings for game.
func (d *DB) PutSettings(ctx context.Context, player, game, value string) error {
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO settings (player_id, game, value) VALUES (?, ?, ?)
		ON CONFLICT (player_id, game) DO UPDATE SET value = excluded.value`), player, game, value)
	return err
}

// ServerSecret returns the server's secret of that name, made by make
// and stored on first use: every server on the database reads the same.
func (d *DB) ServerSecret(ctx context.Context, name string, make func() string) (string, error) {
	if _, err := d.sql.ExecContext(ctx, d.q("INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING"), name, make()); err != nil {
		return "", err
	}
	var v string
	err := d.sql.QueryRowContext(ctx, d.q("SELECT value FROM server_secrets WHERE name = ?"), name).Scan(&v)
	return v, err
}
