-- 00003_tournaments.sql (SQLite and PostgreSQL): tournaments and the results of their games.
-- Byte values are stored as lowercase hex TEXT so that one file serves both dialects.
-- Times are BIGINT microseconds since the Unix epoch, UTC.

-- +goose Up
CREATE TABLE tournaments (
    id          TEXT   NOT NULL PRIMARY KEY,
    created_at  BIGINT NOT NULL,
    state       TEXT   NOT NULL CHECK (state IN ('running', 'finished', 'cancelled')),
    spec        TEXT   NOT NULL,
    seed        TEXT   NOT NULL,
    salt        TEXT   NOT NULL,
    commitment  TEXT   NOT NULL,
    finished_at BIGINT
);
CREATE INDEX tournaments_created ON tournaments (created_at, id);

CREATE TABLE tournament_games (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game          INTEGER NOT NULL,
    table_id      TEXT    NOT NULL,
    result        TEXT    NOT NULL,
    finished_at   BIGINT  NOT NULL,
    PRIMARY KEY (tournament_id, game)
);

-- +goose Down
DROP TABLE tournament_games;
DROP TABLE tournaments;
