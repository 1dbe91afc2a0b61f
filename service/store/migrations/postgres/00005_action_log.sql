-- 00005_action_log.sql (PostgreSQL): action_heads, and an id that orders the action log.
-- sqlite/00005_action_log.sql rebuilds the SQLite actions table to be appended to (see there
-- why); here actions keeps its key (table_id, seq), and the lease columns and trigger of
-- 00004_leases.sql, and gains what the store's queries share with SQLite: an id that only grows
-- (an identity column, indexed), and action_heads, one row per waiting or playing table
-- (made with the table, dropped when it ends): its last seq, which a new action must exceed, and a
-- lower bound of its first action's id, where a recovery starts reading.

-- +goose Up
ALTER TABLE actions ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY;
CREATE INDEX actions_id ON actions (id);

CREATE TABLE action_heads (
    table_id TEXT COLLATE "C" NOT NULL PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    first_id BIGINT NOT NULL,
    last_seq BIGINT NOT NULL
);
INSERT INTO action_heads (table_id, first_id, last_seq)
    SELECT t.id, coalesce(min(a.id), (SELECT coalesce(max(id), 0) + 1 FROM actions)), coalesce(max(a.seq), 0)
    FROM tables t LEFT JOIN actions a ON a.table_id = t.id
    WHERE t.state IN ('waiting', 'playing') GROUP BY t.id;

-- +goose Down
DROP TABLE action_heads;
DROP INDEX actions_id;
ALTER TABLE actions DROP COLUMN id;
