-- 00010_end_reason.sql (SQLite and PostgreSQL): tables.end_reason is the reason a table ended for, in the
-- referee's words (a cancellation's reason, a forfeit's cause), as GameResult.reason says it; ''
-- for a completed game and for tables ended before this version. The record holds it too, but
-- a table ended without a record (a quarantined table cancelled, which does not replay) has
-- only this column to say why.

-- +goose Up
ALTER TABLE tables ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE tables DROP COLUMN end_reason;
