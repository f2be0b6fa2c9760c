-- +goose Up
-- A game's score where the game keeps one (2048's points, Oware's seeds),
-- for the players' best and the leaderboards of scores.
ALTER TABLE games ADD COLUMN score BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_scores ON games (game, variant, status, score);

-- +goose Down
DROP INDEX games_scores;
ALTER TABLE games DROP COLUMN score;
