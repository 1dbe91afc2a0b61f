-- 00009_quotas.sql (SQLite): the principal a table counts against (NULL for an in-process
-- creator). postgres/00009_quotas.sql also counts it there, for referees sharing the database; a
-- SQLite file serves one referee, which counts in its memory, so here the column is only kept
-- (both dialects share the insert).

-- +goose Up
ALTER TABLE tables ADD COLUMN quota_key TEXT;

-- +goose Down
ALTER TABLE tables DROP COLUMN quota_key;
