-- +goose Up
-- Players are anonymous: an id in a signed cookie, a code to carry it to
-- another browser, and a name once they take one for the leaderboards.
CREATE TABLE players (
	id         TEXT PRIMARY KEY,
	code       TEXT NOT NULL UNIQUE,
	name       TEXT UNIQUE,
	created_ms BIGINT NOT NULL
);

-- Each player's settings, per game, as the game's page writes them.
CREATE TABLE settings (
	player_id TEXT NOT NULL REFERENCES players (id),
	game      TEXT NOT NULL,
	value     TEXT NOT NULL,
	PRIMARY KEY (player_id, game)
);

-- A game of any kind: its variant (Nerdle's length and rules, say), its
-- secret, which only the server reads, and where it stands.
CREATE TABLE games (
	id          TEXT PRIMARY KEY,
	player_id   TEXT NOT NULL REFERENCES players (id),
	game        TEXT NOT NULL,
	variant     TEXT NOT NULL,
	daily       TEXT NOT NULL DEFAULT '',
	secret      TEXT NOT NULL,
	options     TEXT NOT NULL DEFAULT '',
	status      INTEGER NOT NULL DEFAULT 0,
	moves       INTEGER NOT NULL DEFAULT 0,
	assisted    BOOLEAN NOT NULL DEFAULT FALSE,
	started_ms  BIGINT NOT NULL,
	finished_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX games_player ON games (player_id, game, variant, finished_ms);
CREATE INDEX games_daily ON games (game, variant, daily, status);
-- One daily game per player, day and variant.
CREATE UNIQUE INDEX games_one_daily ON games (player_id, game, variant, daily) WHERE daily <> '';

-- The moves of a game, in order: each is written before the player is
-- told its result.
CREATE TABLE moves (
	game_id TEXT NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL,
	move    TEXT NOT NULL,
	result  TEXT NOT NULL,
	at_ms   BIGINT NOT NULL,
	PRIMARY KEY (game_id, seq)
);

-- Secrets of the server itself (the key that signs cookies), shared by
-- every server on the database.
CREATE TABLE server_secrets (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

-- +goose Down
DROP TABLE server_secrets;
DROP TABLE moves;
DROP TABLE games;
DROP TABLE settings;
DROP TABLE players;
