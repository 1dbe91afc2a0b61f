-- 00006_action_kind.sql (SQLite and PostgreSQL): each entry of the action log has a kind, the
-- referee's (store.Action.Kind), opaque to the store like its payload: 0, the kind of every entry
-- stored before, is an action; the referee also logs its tables' team messages (consultation,
-- RULES.md §3.5), so that a recovered table has them.

-- +goose Up
ALTER TABLE actions ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE actions DROP COLUMN kind;
