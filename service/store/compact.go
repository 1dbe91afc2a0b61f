package store

import (
	"context"
	"time"
)

// Compaction of the action log. A table's actions are read back only to resume it while it is
// waiting or playing (LoadActive); once it ends, its record holds the game. Every action below
// the lowest first_id of the live tables' heads (a table waiting or playing without a head counts
// as 0, as in loadActive) belongs to an ended table, so the store deletes them, oldest first, in
// transactions of at most compactChunk rows: the committer's next batch gets the write connection
// between two of them. Measured before it (500 two-handed games of 400 actions each, docs/OPERATIONS.md
// "Disk"): ended games' actions were 70 % of a SQLite file and 90 % of PostgreSQL's space.
const (
	compactEvery = 10 * time.Second
	compactChunk = 10_000
)

// compactLoop compacts the action log every compactEvery until ctx ends. A round that fails
// (the database unreachable for a moment) is tried again at the next.
func (s *sqlStore) compactLoop(ctx context.Context) {
	defer close(s.compactorDone)
	tick := time.NewTicker(compactEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			_, _ = s.compact(ctx)
		}
	}
}

// compact deletes the actions of ended tables below the live tables' lowest first_id and returns
// how many it deleted.
func (s *sqlStore) compact(ctx context.Context) (int64, error) {
	var low, oldest int64
	err := s.r.QueryRowContext(ctx, "SELECT coalesce((SELECT min(coalesce(h.first_id, 0)) FROM tables t "+
		"LEFT JOIN action_heads h ON h.table_id = t.id WHERE t.state IN ('waiting', 'playing')), "+
		"(SELECT coalesce(max(id), 0) + 1 FROM actions)), (SELECT coalesce(min(id), 0) FROM actions)").Scan(&low, &oldest)
	if err != nil {
		return 0, err
	}
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
