-- 00015_idempotency_key.sql (SQLite and PostgreSQL): the idempotency key of the CreateTable call
-- that made a table, its caller's principal before it (the service composes them), so that a
-- call made again after its answer was lost returns the same table rather than a second one.
-- NULL for the tables made without a key, and for those made before.

-- +goose Up
ALTER TABLE tables ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX tables_idempotency_key ON tables (idempotency_key) WHERE idempotency_key IS NOT NULL;

-- +goose Down
DROP INDEX tables_idempotency_key;
ALTER TABLE tables DROP COLUMN idempotency_key;
