-- 00012_tournament_creator.sql (SQLite and PostgreSQL): the principal that created a tournament
-- ('' for one created before this column: only an admin cancels it), as a table's creator is
-- kept in its spec, so that only it or an admin cancels the tournament; and the tables of a
-- tournament, for its cancel, which read every game of the schedule one by one before (a
-- 1 000 000-game tournament took 104 s to cancel).

-- +goose Up
ALTER TABLE tournaments ADD COLUMN creator TEXT NOT NULL DEFAULT '';
CREATE INDEX tables_tournament ON tables (tournament_id) WHERE tournament_id IS NOT NULL;

-- +goose Down
DROP INDEX tables_tournament;
ALTER TABLE tournaments DROP COLUMN creator;
