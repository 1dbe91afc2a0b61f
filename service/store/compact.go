package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"strconv"
	"time"
)

// Compaction of the action log. A table's actions are read back only to resume it while it is
// waiting or playing (LoadActive); once it ends, its record holds the game. Every action below
// liveLowestID (the lowest first_id of the heads of the live tables that stored an action; a
// table waiting or playing without a head counts as 0, as in loadActive) belongs to an ended
// table; so does the newest action, kept all the same (see compact). The store deletes those stored more than
// keepEndedActions ago, oldest first, in transactions of at most compactChunk rows, so that the
// committer's next batch gets the write connection between two of them. Until then they stay,
// with their lease stamps (which referee wrote each action) for an operator to inspect.
//
// Measured with the deletion at once (500 two-handed games to 1 000 points, README "Disk"): a
// SQLite file of 21.4 MB without it, 8.2 MB with it.
const (
	compactEvery     = 10 * time.Second
	compactChunk     = 10_000
	keepEndedActions = 24 * time.Hour
)

// compactLockClass is the first key of the PostgreSQL advisory lock that a store holds for a
// round of compaction (the second is the hash of the store's schema, current_schema(): advisory
// locks are the database's, and the rounds of stores in other schemas, which share nothing,
// held off this one's), so that of the referees sharing a schema one at a time compacts: each runs a round every compactEvery, and before it they all deleted the same rows at
// once (the work done as many times, each waiting for the others' row locks). A key space of its
// own among the database's advisory locks, as quotaLockClass.
const compactLockClass = 0x627a7163 // "bzqc"

// compactLoop runs a round of compaction every compactEvery until ctx ends, the first
// compactEvery after the store opens. A round that fails (the database unreachable for a moment)
// or that another referee's round holds off is run again at the next.
func (s *sqlStore) compactLoop(ctx context.Context) {
	defer close(s.compactorDone)
	tick := time.NewTicker(compactEvery)
	defer tick.Stop()
	var old int64 // every action below it was stored keepEndedActions ago: where the next search starts
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if r, err := s.compactRound(ctx, now, old); err == nil && r.ran {
				old = r.below
			}
		}
	}
}

// round is what one round of compaction did: ran is false when another store sharing the
// database held the lock (nothing done); below is the id below which every action was stored at
// least keepEndedActions before the round; deleted is how many actions it deleted.
type round struct {
	ran            bool
	below, deleted int64
}

// compactRound is one round of compaction at now: with PostgreSQL, only when this store takes the
// advisory lock compactLockClass, held for the round (another store's round holds it: the round
// is skipped, ran false); it finds the id below which every action was stored keepEndedActions
// before now (dueBelow, the search starting from old, such an id found before), deletes the
// actions of ended tables below it (compact), forgets the referees long gone
// (forgetGoneReferees) and the audit events older than KeepAudit (forgetOldAudit).
func (s *sqlStore) compactRound(ctx context.Context, now time.Time, old int64) (round, error) {
	unlock, ok, err := s.compactLock(ctx)
	if err != nil || !ok {
		return round{}, err
	}
	defer unlock()
	below, err := s.dueBelow(ctx, old, micros(now.Add(-keepEndedActions)))
	if err != nil {
		return round{}, err
	}
	deleted, err := s.compact(ctx, below)
	if err == nil {
		err = s.forgetGoneReferees(ctx)
	}
	if err == nil {
		_, err = s.forgetOldAudit(ctx, now.Add(-KeepAudit))
	}
	return round{ran: true, below: below, deleted: deleted}, err
}

// KeepAudit is how long the audit trail (KeyStore.AppendAudit: keys created and revoked, tables
// and tournaments created and cancelled) keeps an event in a SQLite or PostgreSQL store: a round
// of compaction deletes the older ones. A platform that creates a table per game of its players
// wrote an event each, kept for ever (the memory store keeps MemoryAuditKeep events). A year, as
// security logs are commonly kept; docs/OPERATIONS.md § Audit.
const KeepAudit = 365 * 24 * time.Hour

// forgetOldAudit deletes the audit events that happened before cutoff, oldest first, at most
// compactChunk in a transaction, and returns how many it deleted. The store's errors.
func (s *sqlStore) forgetOldAudit(ctx context.Context, cutoff time.Time) (int64, error) {
	var deleted int64
	for {
		res, err := s.w.ExecContext(ctx, s.d.rebind("DELETE FROM audit_events WHERE id IN "+
			"(SELECT id FROM audit_events WHERE at < ? ORDER BY at LIMIT ?)"), micros(cutoff), compactChunk)
		if err != nil {
			return deleted, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return deleted, err
		}
		if deleted += n; n < compactChunk {
			return deleted, nil
		}
	}
}

// goneAfter is how long a referee's row (PostgreSQL's referees: its owner id and the address that
// other referees forward to) stays after its last lease renewal once it holds no lease.
const goneAfter = time.Hour

// forgetGoneReferees deletes, from a PostgreSQL store, the rows of the referees not seen for
// goneAfter (a referee stamps its row at every lease renewal, every second) that hold no lease,
// not even an expired one: the referees that died and never came back on their address (each
// crashed pod of a Kubernetes deployment), whose rows nothing else deleted. A SQLite store has
// none. The store's errors.
func (s *sqlStore) forgetGoneReferees(ctx context.Context) error {
	if s.d.name != postgresDialect.name {
		return nil
	}
	_, err := s.w.ExecContext(ctx, "DELETE FROM referees r WHERE r.seen_at < now() - $1::interval "+
		"AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.owner = r.owner)", strconv.FormatInt(goneAfter.Milliseconds(), 10)+" milliseconds")
	return err
}

// compactLock takes the compaction's advisory lock of a PostgreSQL store, on a connection of its
// own held until unlock, and reports whether it got it (false: another store's round holds it).
// A SQLite store serves one referee: ok at once, unlock does nothing. If the lock cannot be given
// back within LeaseTTL (the database out of reach), unlock closes its connection, which ends the
// session and so the lock.
func (s *sqlStore) compactLock(ctx context.Context) (unlock func(), ok bool, err error) {
	if s.d.name != postgresDialect.name {
		return func() {}, true, nil
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return nil, false, err
	}
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1::integer, hashtext(current_schema()))", compactLockClass).Scan(&ok); err != nil || !ok {
		_ = conn.Close()
		return nil, false, err
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), LeaseTTL) // not the round's: it may have ended (Close)
		defer cancel()
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1::integer, hashtext(current_schema()))", compactLockClass); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // discarded: its session ends, and the lock with it
		}
		_ = conn.Close()
	}, true, nil
}

// dueBelow returns the id below which every action was stored before cutoff (microseconds, as
// recorded_at), from what the store holds, so that a store just opened (a referee restarted)
// deletes at once what is a day old. The actions table has no index on recorded_at, but ids grow
// with time: a binary search over the ids from old (below which every action is known to be that
// old) to the highest, each step one lookup of the id index (the first action at or after an id),
// about 40 for a log of a million million ids, rather than a scan of the day's rows every round.
// A recorded_at slightly out of id order (stamped by referees whose clocks differ) moves the bound
// by that much, no more, and one that is not a number counts as old: nothing of a live table is
// deleted whatever the bound (compact).
func (s *sqlStore) dueBelow(ctx context.Context, old, cutoff int64) (int64, error) {
	var top int64
	if err := s.r.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM actions").Scan(&top); err != nil {
		return 0, err
	}
	return searchDue(old, top+1, cutoff, func(from int64) (int64, int64, bool, error) {
		var id, at int64
		// CAST: SQLite keeps a value of any type in any column, and a recorded_at that is not a
		// number (0 then) must not fail every round.
		err := s.r.QueryRowContext(ctx, s.d.rebind("SELECT id, CAST(recorded_at AS BIGINT) FROM actions WHERE id >= ? ORDER BY id LIMIT 1"), from).Scan(&id, &at)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, 0, false, nil
		}
		return id, at, err == nil, err
	})
}

// searchDue is dueBelow's binary search over the ids [lo, hi): every action below lo was stored
// before cutoff, none at or above hi exists or was. first returns the first action at or after
// an id (its id and recorded_at), ok false when there is none.
func searchDue(lo, hi, cutoff int64, first func(from int64) (id, at int64, ok bool, err error)) (int64, error) {
	for lo < hi {
		mid := lo + (hi-lo)/2
		id, at, ok, err := first(mid)
		if err != nil {
			return 0, err
		}
		if ok && id < hi && at < cutoff {
			lo = id + 1 // that action and every one before it are old enough
		} else {
			hi = mid // none in [mid, hi), or the first of them is too young, and so are those after it
		}
	}
	return lo, nil
}

// compact deletes the actions of ended tables with an id below below and below the live tables'
// lowest first_id (liveLowestID), and returns how many it deleted. It keeps the newest action
// whatever its table: SQLite gives an emptied table's ids out again from 1 (an INTEGER PRIMARY
// KEY without AUTOINCREMENT takes the highest id plus one), below the first_id of a table created
// before, whose actions a recovery then did not read.
func (s *sqlStore) compact(ctx context.Context, below int64) (int64, error) {
	var low, oldest, newest int64
	err := s.r.QueryRowContext(ctx, "SELECT coalesce(("+liveLowestID+"), (SELECT coalesce(max(id), 0) + 1 FROM actions)), "+
		"(SELECT coalesce(min(id), 0) FROM actions), (SELECT coalesce(max(id), 0) FROM actions)").Scan(&low, &oldest, &newest)
	if err != nil {
		return 0, err
	}
	low = min(low, below, newest)
	var deleted int64
	for from := oldest; from < low; from += compactChunk {
		res, err := s.w.ExecContext(ctx, s.d.rebind("DELETE FROM actions WHERE id < ?"), min(from+compactChunk, low))
		if err != nil {
			return deleted, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return deleted, err
		}
		deleted += n
	}
	return deleted, nil
}
