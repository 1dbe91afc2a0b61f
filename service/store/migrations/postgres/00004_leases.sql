-- 00004_leases.sql (PostgreSQL): several referees on one database. Each waiting or playing table
-- and each running tournament has a lease: the referee that owns it (its owner id, set per
-- session as the setting bezique.lease_owner when the store connects), an epoch (the fencing
-- token, incremented at every takeover) and an expiry (PostgreSQL's clock, renewed by the
-- owner). Triggers enforce it on every write, so no code path can bypass it:
--   - a table or tournament inserted gets its lease at epoch 1, owned by the inserting session
--     (the referee that receives CreateTable owns the table);
--   - an action inserted, a table or tournament updated, a tournament game inserted need the
--     lease to be held by the writing session's owner (else SQLSTATE BZ001, ErrLeaseLost); an
--     action is stamped with the owner and epoch that wrote it; the check takes FOR KEY SHARE on
--     the lease row, so a takeover (FOR UPDATE SKIP LOCKED) never changes an owner while one of
--     its writes is in flight;
--   - a table or tournament that ends loses its lease.
-- referees maps an owner id to the address other referees forward its tables' calls to.

-- +goose Up
CREATE TABLE referees (
    owner   TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    address TEXT        NOT NULL,
    seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE leases (
    kind       TEXT COLLATE "C" NOT NULL CHECK (kind IN ('table', 'tournament')),
    id         TEXT COLLATE "C" NOT NULL,
    owner      TEXT COLLATE "C" NOT NULL,
    epoch      BIGINT      NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE INDEX leases_owner ON leases (owner);
CREATE INDEX leases_expires ON leases (kind, expires_at);

ALTER TABLE actions ADD COLUMN lease_owner TEXT, ADD COLUMN lease_epoch BIGINT;

-- Tables and tournaments stored before leases: expired at once, so that the first referee to
-- start takes them.
INSERT INTO leases (kind, id, owner, epoch, expires_at)
    SELECT 'table', id, '', 0, '-infinity' FROM tables WHERE state IN ('waiting', 'playing');
INSERT INTO leases (kind, id, owner, epoch, expires_at)
    SELECT 'tournament', id, '', 0, '-infinity' FROM tournaments WHERE state = 'running';

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_owner() RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
    o TEXT := current_setting('bezique.lease_owner', true);
BEGIN
    IF o IS NULL OR o = '' THEN
        RAISE EXCEPTION 'bezique: this session has no lease owner (the setting bezique.lease_owner)'
            USING ERRCODE = 'BZ001';
    END IF;
    RETURN o;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_epoch(k TEXT, i TEXT) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    e BIGINT;
BEGIN
    SELECT epoch INTO e FROM leases WHERE kind = k AND id = i AND owner = bezique_lease_owner() FOR KEY SHARE;
    IF NOT FOUND THEN
        -- Nothing of that id: let the foreign key refuse the write (ErrNotFound).
        IF k = 'table' THEN
            PERFORM 1 FROM tables WHERE id = i;
        ELSE
            PERFORM 1 FROM tournaments WHERE id = i;
        END IF;
        IF NOT FOUND THEN
            RETURN NULL;
        END IF;
        RAISE EXCEPTION 'bezique: the lease of % % is not held by referee %', k, i, bezique_lease_owner()
            USING ERRCODE = 'BZ001';
    END IF;
    RETURN e;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_take() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO leases (kind, id, owner, epoch, expires_at)
        VALUES (TG_ARGV[0], NEW.id, bezique_lease_owner(), 1,
                now() + current_setting('bezique.lease_ttl')::interval);
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM bezique_lease_epoch(TG_ARGV[0], OLD.id);
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM leases WHERE kind = TG_ARGV[0] AND id = NEW.id;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_stamp_action() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.lease_epoch := bezique_lease_epoch('table', NEW.table_id);
    NEW.lease_owner := bezique_lease_owner();
    RETURN NEW;
END $$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION bezique_lease_check_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM bezique_lease_epoch('tournament', NEW.tournament_id);
    RETURN NEW;
END $$;
-- +goose StatementEnd

CREATE TRIGGER tables_lease_take AFTER INSERT ON tables
    FOR EACH ROW EXECUTE FUNCTION bezique_lease_take('table');
CREATE TRIGGER tables_lease_check BEFORE UPDATE ON tables
    FOR EACH ROW WHEN (OLD.state IN ('waiting', 'playing')) EXECUTE FUNCTION bezique_lease_check('table');
CREATE TRIGGER tables_lease_end AFTER UPDATE ON tables
    FOR EACH ROW WHEN (NEW.state IN ('finished', 'cancelled')) EXECUTE FUNCTION bezique_lease_end('table');
CREATE TRIGGER actions_lease_stamp BEFORE INSERT ON actions
    FOR EACH ROW EXECUTE FUNCTION bezique_lease_stamp_action();
CREATE TRIGGER tournaments_lease_take AFTER INSERT ON tournaments
    FOR EACH ROW WHEN (NEW.state = 'running') EXECUTE FUNCTION bezique_lease_take('tournament');
CREATE TRIGGER tournaments_lease_check BEFORE UPDATE ON tournaments
    FOR EACH ROW WHEN (OLD.state = 'running') EXECUTE FUNCTION bezique_lease_check('tournament');
CREATE TRIGGER tournaments_lease_end AFTER UPDATE ON tournaments
    FOR EACH ROW WHEN (NEW.state IN ('finished', 'cancelled')) EXECUTE FUNCTION bezique_lease_end('tournament');
CREATE TRIGGER tournament_games_lease_check BEFORE INSERT ON tournament_games
    FOR EACH ROW EXECUTE FUNCTION bezique_lease_check_game();

-- +goose Down
DROP TRIGGER tournament_games_lease_check ON tournament_games;
DROP TRIGGER tournaments_lease_end ON tournaments;
DROP TRIGGER tournaments_lease_check ON tournaments;
DROP TRIGGER tournaments_lease_take ON tournaments;
DROP TRIGGER actions_lease_stamp ON actions;
DROP TRIGGER tables_lease_end ON tables;
DROP TRIGGER tables_lease_check ON tables;
DROP TRIGGER tables_lease_take ON tables;
DROP FUNCTION bezique_lease_check_game();
DROP FUNCTION bezique_lease_stamp_action();
DROP FUNCTION bezique_lease_end();
DROP FUNCTION bezique_lease_check();
DROP FUNCTION bezique_lease_take();
DROP FUNCTION bezique_lease_epoch(TEXT, TEXT);
DROP FUNCTION bezique_lease_owner();
ALTER TABLE actions DROP COLUMN lease_epoch, DROP COLUMN lease_owner;
DROP TABLE leases;
DROP TABLE referees;
