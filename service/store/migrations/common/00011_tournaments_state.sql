-- 00011_tournaments_state.sql (SQLite and PostgreSQL): the tournaments of one state in creation
-- order, for ListTournaments' state filter: a referee starts by reading the running ones, and
-- no longer walks every ended one to find them.

-- +goose Up
CREATE INDEX tournaments_state ON tournaments (state, created_at, id);

-- +goose Down
DROP INDEX tournaments_state;
