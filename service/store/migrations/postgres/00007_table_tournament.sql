-- 00007_table_tournament.sql (PostgreSQL): the tournament whose game a table plays (NULL for a
-- table of its own), and the fence on creating it: a table inserted with a tournament_id needs
-- that tournament's lease held by the writing session's owner, as a tournament game inserted
-- does (00004_leases.sql; else SQLSTATE BZ001, ErrLeaseLost; a tournament_id that names no
-- tournament is not checked, as in SQLite). A referee that lost a tournament's
-- lease cannot create a game's table for it, so no game of the schedule is started by two
-- referees. The check takes FOR KEY SHARE on the lease row, so a takeover (FOR UPDATE SKIP LOCKED)
-- passes the lease by while the insert is in flight.

-- +goose Up
ALTER TABLE tables ADD COLUMN tournament_id TEXT COLLATE "C";

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_check_table_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM bezique_lease_epoch('tournament', NEW.tournament_id);
    RETURN NEW;
END $$;
-- +goose StatementEnd

CREATE TRIGGER tables_tournament_lease_check BEFORE INSERT ON tables
    FOR EACH ROW WHEN (NEW.tournament_id IS NOT NULL) EXECUTE FUNCTION bezique_lease_check_table_tournament();

-- +goose Down
DROP TRIGGER tables_tournament_lease_check ON tables;
DROP FUNCTION bezique_lease_check_table_tournament();
ALTER TABLE tables DROP COLUMN tournament_id;
