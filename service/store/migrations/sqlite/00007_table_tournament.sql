-- 00007_table_tournament.sql (SQLite): the tournament whose game a table plays (NULL for a table
-- of its own). postgres/00007_table_tournament.sql also fences the creation of such a table by
-- the tournament's lease; a SQLite file serves one referee, so here it is only kept.

-- +goose Up
ALTER TABLE tables ADD COLUMN tournament_id TEXT;

-- +goose Down
ALTER TABLE tables DROP COLUMN tournament_id;
