package store

import (
	"context"
	"database/sql/driver"
	"time"
)

// Compaction of the action log. A table's actions are read back only to resume it while it is
// waiting or playing (LoadActive); once it ends, its record holds the game. Every action below
// the lowest first_id of the live tables' heads (a table waiting or playing without a head counts
// as 0, as in loadActive) belongs to an ended table. The store deletes those stored more than
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
// round of compaction (the second is 0), so that of the referees sharing a database one at a time
// compacts: each runs a round every compactEvery, and before it they all deleted the same rows at
// once (the work done as many times, each waiting for the others' row locks). A key space of its
// own among the database's advisory locks, as quotaLockClass.
const compactLockClass = 0x627a7163 // "bzqc"

// logMark is the highest action id of the log (0 when empty) at a time: the actions up to it were
// stored by then.
type logMark struct {
	at    time.Time
	maxID int64
}

// compactLoop compacts the action log every compactEvery until ctx ends. It notes the log's
// highest id at every round and deletes below the marks at least keepEndedActions old (so nothing
// in the first keepEndedActions after a start). A round that fails (the database unreachable for
// a moment) or that another referee's round holds off is tried again at the next.
func (s *sqlStore) compactLoop(ctx context.Context) {
	defer close(s.compactorDone)
	tick := time.NewTicker(compactEvery)
	defer tick.Stop()
	var marks []logMark
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			var maxID int64
			if err := s.r.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM actions").Scan(&maxID); err != nil {
				continue
			}
			marks = append(marks, logMark{at: now, maxID: maxID})
			if below, rest, ok := dueBelow(marks, now); ok {
				if ran, _, err := s.compactRound(ctx, below); err == nil && ran {
					marks = rest
				}
			}
		}
	}
}

// dueBelow returns the id below which the actions of marks (oldest first) were stored at least
// keepEndedActions before now, and the marks to keep (the newest of those old ones, then the
// younger); ok is false when no mark is that old.
func dueBelow(marks []logMark, now time.Time) (below int64, rest []logMark, ok bool) {
	old := 0
	for old < len(marks) && now.Sub(marks[old].at) >= keepEndedActions {
		old++
	}
	if old == 0 {
		return 0, marks, false
	}
	return marks[old-1].maxID + 1, marks[old-1:], true
}

// compactRound deletes the actions of ended tables below below (compact): with PostgreSQL, only
// when this store takes the advisory lock compactLockClass, held for the round; ran is false when
// another store's round holds it (the round is skipped).
func (s *sqlStore) compactRound(ctx context.Context, below int64) (ran bool, deleted int64, err error) {
	unlock, ok, err := s.compactLock(ctx)
	if err != nil || !ok {
		return false, 0, err
	}
	defer unlock()
	deleted, err = s.compact(ctx, below)
	return true, deleted, err
}

// compactLock takes the compaction's advisory lock of a PostgreSQL store, on a connection of its
// own held until unlock, and reports whether it got it (false: another store's round holds it).
// A SQLite store serves one referee: ok at once, unlock does nothing. If the lock cannot be given
// back, unlock closes its connection, which ends the session and so the lock.
func (s *sqlStore) compactLock(ctx context.Context) (unlock func(), ok bool, err error) {
	if s.d.name != postgresDialect.name {
		return func() {}, true, nil
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return nil, false, err
	}
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1::integer, 0)", compactLockClass).Scan(&ok); err != nil || !ok {
		_ = conn.Close()
		return nil, false, err
	}
	return func() {
		if _, err := conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1::integer, 0)", compactLockClass); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // discarded: its session ends, and the lock with it
		}
		_ = conn.Close()
	}, true, nil
}

// compact deletes the actions of ended tables with an id below below and below the live tables'
// lowest first_id, and returns how many it deleted.
func (s *sqlStore) compact(ctx context.Context, below int64) (int64, error) {
	var low, oldest int64
	err := s.r.QueryRowContext(ctx, "SELECT coalesce((SELECT min(coalesce(h.first_id, 0)) FROM tables t "+
		"LEFT JOIN action_heads h ON h.table_id = t.id WHERE t.state IN ('waiting', 'playing')), "+
		"(SELECT coalesce(max(id), 0) + 1 FROM actions)), (SELECT coalesce(min(id), 0) FROM actions)").Scan(&low, &oldest)
	if err != nil {
		return 0, err
	}
	low = min(low, below)
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
