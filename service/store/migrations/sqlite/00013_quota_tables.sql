-- 00013_quota_tables.sql (SQLite): nothing. postgres/00013_quota_tables.sql indexes the tables a
-- principal has waiting or playing, for the count of referees sharing the database; a SQLite
-- file serves one referee, which counts in its memory (as 00009_quotas says). The version is
-- kept in both dialects so that their schema versions stay the same.

-- +goose Up

-- +goose Down
