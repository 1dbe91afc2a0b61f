-- 00013_quota_tables.sql (PostgreSQL): a principal's waiting and playing tables are counted
-- together (--max-tables-per-principal) in the query that counts its waiting ones
-- (--max-waiting-per-principal; quota.go, CreateTableWithin): the partial index of 00009_quotas,
-- on the waiting tables only, is replaced by one on the waiting and playing tables, with their
-- state, which answers both counts.

-- +goose Up
CREATE INDEX tables_quota_live ON tables (quota_key, state) WHERE state IN ('waiting', 'playing');
DROP INDEX tables_quota_waiting;

-- +goose Down
CREATE INDEX tables_quota_waiting ON tables (quota_key) WHERE state = 'waiting';
DROP INDEX tables_quota_live;
