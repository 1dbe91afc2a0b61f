-- 00004_action_log.sql (PostgreSQL): the action log is appended to, not kept in table order.
-- It differs from sqlite/00004_action_log.sql only in column types and in how the id is made
-- (an identity column here, the rowid there); see that file for why.

-- +goose Up
CREATE TABLE action_log (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id    TEXT COLLATE "C" NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        INTEGER NOT NULL,
    payload     BYTEA   NOT NULL,
    recorded_at BIGINT  NOT NULL
);
INSERT INTO action_log (table_id, seq, seat, payload, recorded_at)
    SELECT table_id, seq, seat, payload, recorded_at FROM actions ORDER BY table_id, seq;
DROP TABLE actions;
ALTER TABLE action_log RENAME TO actions;

CREATE TABLE action_heads (
    table_id TEXT COLLATE "C" NOT NULL PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    first_id BIGINT NOT NULL,
    last_seq BIGINT NOT NULL
);
INSERT INTO action_heads (table_id, first_id, last_seq)
    SELECT a.table_id, min(a.id), max(a.seq) FROM actions a JOIN tables t ON t.id = a.table_id
    WHERE t.state IN ('waiting', 'playing') GROUP BY a.table_id;

-- +goose Down
DROP TABLE action_heads;
CREATE TABLE action_table (
    table_id    TEXT COLLATE "C" NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        INTEGER NOT NULL,
    payload     BYTEA   NOT NULL,
    recorded_at BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq)
);
INSERT INTO action_table (table_id, seq, seat, payload, recorded_at)
    SELECT table_id, seq, seat, payload, recorded_at FROM actions;
DROP TABLE actions;
ALTER TABLE action_table RENAME TO actions;
