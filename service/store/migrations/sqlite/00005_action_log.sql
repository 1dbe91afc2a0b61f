-- 00005_action_log.sql (SQLite): the action log is appended to, not kept in table order.
-- postgres/00005_action_log.sql adds the same id and action_heads to PostgreSQL's actions table
-- but keeps its key (and the lease columns of 00004_leases.sql there).
--
-- Before, actions was keyed by (table_id, seq): the actions of the tables sharing one group
-- commit went to as many places of its B-tree, so a commit wrote a page per table. Now actions
-- is keyed by an id that only grows (the rowid): a commit writes the last page or two, whatever
-- the number of tables. action_heads holds, for every table that is waiting or playing (made
-- with the table), the last seq stored (a new action's seq must be above it: a repeated or older seq is
-- a conflict) and a lower bound of its first action's id (where a recovery starts reading). The
-- store deletes a table's head when the table ends, so action_heads stays as small as the set of
-- live tables and its pages stay few.

-- +goose Up
CREATE TABLE action_log (
    id          INTEGER PRIMARY KEY,
    table_id    TEXT    NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        INTEGER NOT NULL,
    payload     BLOB    NOT NULL,
    recorded_at BIGINT  NOT NULL
);
INSERT INTO action_log (table_id, seq, seat, payload, recorded_at)
    SELECT table_id, seq, seat, payload, recorded_at FROM actions ORDER BY table_id, seq;
DROP TABLE actions;
ALTER TABLE action_log RENAME TO actions;

CREATE TABLE action_heads (
    table_id TEXT   NOT NULL PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    first_id BIGINT NOT NULL,
    last_seq BIGINT NOT NULL
) WITHOUT ROWID;
INSERT INTO action_heads (table_id, first_id, last_seq)
    SELECT t.id, coalesce(min(a.id), (SELECT coalesce(max(id), 0) + 1 FROM actions)), coalesce(max(a.seq), 0)
    FROM tables t LEFT JOIN actions a ON a.table_id = t.id
    WHERE t.state IN ('waiting', 'playing') GROUP BY t.id;

-- +goose Down
DROP TABLE action_heads;
CREATE TABLE action_table (
    table_id    TEXT    NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        INTEGER NOT NULL,
    payload     BLOB    NOT NULL,
    recorded_at BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
INSERT INTO action_table (table_id, seq, seat, payload, recorded_at)
    SELECT table_id, seq, seat, payload, recorded_at FROM actions;
DROP TABLE actions;
ALTER TABLE action_table RENAME TO actions;
