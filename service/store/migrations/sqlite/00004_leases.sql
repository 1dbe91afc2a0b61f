-- 00004_leases.sql (SQLite): nothing. Leases let several referees share a PostgreSQL database
-- (postgres/00004_leases.sql); a SQLite file serves one referee, which holds the flock on
-- PATH.lock (lock.go). The version exists here because every dialect folder holds the same
-- versions.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
