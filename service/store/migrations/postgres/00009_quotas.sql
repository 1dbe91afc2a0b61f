-- 00009_quotas.sql (PostgreSQL): the per-principal limits on creating tables, kept by the
-- database so that they hold across every referee sharing it (quota.go, CreateTableWithin):
--   - tables.quota_key is the principal a table counts against (the service's quotaKey: "key:ID"
--     or "ip:ADDR"; NULL for an in-process creator, and for tables stored before this version,
--     which stop waiting within --waiting-expiry); the partial index counts a principal's waiting
--     tables (--max-waiting-per-principal);
--   - quota_buckets holds one token bucket per principal (--creates-per-minute): tokens left and
--     when they were counted (microseconds, PostgreSQL's clock). A bucket untouched for a minute
--     is full again, the same as no row, so such rows are deleted by later creations.
-- A creation reads and writes its principal's rows under pg_advisory_xact_lock (the key's hash):
-- creations by one principal through any referee are serialised, so no count is exceeded.

-- +goose Up
ALTER TABLE tables ADD COLUMN quota_key TEXT COLLATE "C";
CREATE INDEX tables_quota_waiting ON tables (quota_key) WHERE state = 'waiting';

CREATE TABLE quota_buckets (
    quota_key  TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    tokens     DOUBLE PRECISION NOT NULL,
    updated_at BIGINT           NOT NULL
);
CREATE INDEX quota_buckets_updated ON quota_buckets (updated_at);

-- +goose Down
DROP TABLE quota_buckets;
DROP INDEX tables_quota_waiting;
ALTER TABLE tables DROP COLUMN quota_key;
