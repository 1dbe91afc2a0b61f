-- 00001_init.sql (SQLite): the first schema of the referee's store.
-- It differs from postgres/00001_init.sql only in column types (BLOB, not BYTEA)
-- and in storage hints (WITHOUT ROWID); column names, keys and meaning are identical.
-- Times are BIGINT microseconds since the Unix epoch, UTC, in both dialects.

-- +goose Up
CREATE TABLE tables (
    id          TEXT    NOT NULL PRIMARY KEY,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('waiting', 'playing', 'finished', 'cancelled')),
    variant     TEXT    NOT NULL,
    spec        BLOB    NOT NULL,
    seed        BLOB    NOT NULL,
    commitment  TEXT    NOT NULL,
    finished_at BIGINT,
    winner_side INTEGER,
    result      TEXT,
    scores      TEXT
);
CREATE INDEX tables_created ON tables (created_at, id);
CREATE INDEX tables_state_created ON tables (state, created_at, id);

CREATE TABLE actions (
    table_id    TEXT    NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        INTEGER NOT NULL,
    payload     BLOB    NOT NULL,
    recorded_at BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TABLE records (
    table_id    TEXT   NOT NULL PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    record      TEXT   NOT NULL,
    variant     TEXT   NOT NULL,
    finished_at BIGINT NOT NULL,
    result      TEXT   NOT NULL
);
CREATE INDEX records_finished ON records (finished_at, table_id);

CREATE TABLE game_bots (
    table_id TEXT NOT NULL REFERENCES records (table_id) ON DELETE CASCADE,
    bot_name TEXT NOT NULL,
    PRIMARY KEY (table_id, bot_name)
) WITHOUT ROWID;
CREATE INDEX game_bots_bot ON game_bots (bot_name, table_id);

-- +goose Down
DROP TABLE game_bots;
DROP TABLE records;
DROP TABLE actions;
DROP TABLE tables;
