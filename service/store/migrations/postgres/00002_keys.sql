-- 00002_keys.sql (PostgreSQL): API keys (by the SHA-256 of their secret, never the secret) and the
-- audit trail of operator actions. It differs from sqlite/00002_keys.sql only in BLOB/BYTEA
-- and COLLATE "C". Times are BIGINT microseconds since the Unix epoch, UTC.

-- +goose Up
CREATE TABLE api_keys (
    id         TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    hash       BYTEA  NOT NULL UNIQUE,
    name       TEXT   NOT NULL,
    role       TEXT   NOT NULL,
    owner      TEXT   NOT NULL,
    creator    TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX api_keys_created ON api_keys (created_at, id);

CREATE TABLE audit_events (
    id        TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    at        BIGINT NOT NULL,
    principal TEXT   NOT NULL,
    action    TEXT   NOT NULL,
    target    TEXT   NOT NULL,
    detail    TEXT   NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at, id);

-- +goose Down
DROP TABLE audit_events;
DROP TABLE api_keys;
