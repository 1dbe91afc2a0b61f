package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Quota is a principal's limits on creating tables, which [Leaser.CreateTableWithin] enforces
// for every referee sharing the store.
type Quota struct {
	// Key is the principal the table counts against (the service's quotaKey: "key:ID" or
	// "ip:ADDR"); "" for none, which no limit applies to.
	Key string
	// MaxWaiting is the most tables of Key that may be waiting (StateWaiting) when the table is
	// created: at MaxWaiting the creation is refused.
	MaxWaiting int
	// MaxTables is the most tables of Key that may be waiting or playing (StateWaiting,
	// StatePlaying) when the table is created: at MaxTables the creation is refused.
	MaxTables int
	// PerMinute is the size of Key's token bucket, refilled at PerMinute tokens per minute; each
	// creation takes one token, and a creation that finds less than one is refused.
	PerMinute int
}

// QuotaLimit names the limit of a [Quota] that a [QuotaExceededError] refused a creation at.
type QuotaLimit int

const (
	// QuotaRate is Quota.PerMinute: Key's token bucket is empty.
	QuotaRate QuotaLimit = iota
	// QuotaWaiting is Quota.MaxWaiting: Key has that many tables waiting, or more.
	QuotaWaiting
	// QuotaTables is Quota.MaxTables: Key has that many tables waiting or playing, or more.
	QuotaTables
)

// QuotaExceededError is the error of [Leaser.CreateTableWithin] when creating the table would
// go beyond one of its [Quota]'s limits; nothing was stored.
type QuotaExceededError struct {
	// Key is the principal refused (Quota.Key).
	Key string
	// Limit is the limit Key is at: QuotaWaiting and QuotaTables are checked in that order, then
	// QuotaRate.
	Limit QuotaLimit
	// Count is how many tables of Key are waiting (QuotaWaiting), or waiting or playing
	// (QuotaTables); 0 for QuotaRate.
	Count int
	// RetryAfter is how long until Key's bucket holds a token again (QuotaRate); 0 for the others.
	RetryAfter time.Duration
}

// Error returns "store: quota of KEY: ..." naming the limit.
func (e *QuotaExceededError) Error() string {
	switch e.Limit {
	case QuotaWaiting:
		return fmt.Sprintf("store: quota of %s: %d tables waiting", e.Key, e.Count)
	case QuotaTables:
		return fmt.Sprintf("store: quota of %s: %d tables waiting or playing", e.Key, e.Count)
	default:
		return fmt.Sprintf("store: quota of %s: no creation left for %s", e.Key, e.RetryAfter)
	}
}

// quotaLockClass is the first key of the advisory locks taken per principal (the second is the
// hash of the store's schema and its Quota.Key: advisory locks are the database's, and the
// creations of stores in other schemas, which share nothing, waited for each other): a key
// space of its own among the database's advisory locks.
const quotaLockClass = 0x627a7171 // "bzqq"

// CreateTableWithin implements [Leaser.CreateTableWithin]: in the transaction of the insert, it
// takes pg_advisory_xact_lock on the hash of the schema and q.Key (creations by one principal
// through any referee sharing the schema are serialised), counts q.Key's waiting tables and its
// waiting and playing ones (one scan of the index tables_quota_live), refills q.Key's token bucket by the time passed on PostgreSQL's
// clock and takes a token (the arithmetic of golang.org/x/time/rate's Limiter, which a lone
// referee uses), and deletes a few buckets untouched for a minute (full again: the same as no
// row).
func (s *pgStore) CreateTableWithin(ctx context.Context, t Table, q Quota) error {
	if q.Key == "" {
		return s.CreateTable(ctx, t)
	}
	op := fmt.Sprintf("create table %q", t.ID)
	return s.createTable(ctx, t, q.Key, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema() || ' ' || $2))", quotaLockClass, q.Key); err != nil {
			return s.wrap(op, err)
		}
		var waiting, live int
		var now int64 // microseconds; clock_timestamp, not the transaction's start: the lock may have waited
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FILTER (WHERE state = 'waiting'), count(*), "+
			"(extract(epoch FROM clock_timestamp()) * 1000000)::bigint "+
			"FROM tables WHERE quota_key = $1 AND state IN ('waiting', 'playing')", q.Key).Scan(&waiting, &live, &now); err != nil {
			return s.wrap(op, err)
		}
		if waiting >= q.MaxWaiting {
			return &QuotaExceededError{Key: q.Key, Limit: QuotaWaiting, Count: waiting}
		}
		if live >= q.MaxTables {
			return &QuotaExceededError{Key: q.Key, Limit: QuotaTables, Count: live}
		}
		n := float64(q.PerMinute)
		tokens, at := n, now
		err := tx.QueryRowContext(ctx, "SELECT tokens, updated_at FROM quota_buckets WHERE quota_key = $1", q.Key).Scan(&tokens, &at)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return s.wrap(op, err)
		}
		tokens = min(n, tokens+float64(max(now-at, 0))*n/float64(time.Minute.Microseconds()))
		if tokens < 1 {
			return &QuotaExceededError{Key: q.Key, RetryAfter: time.Duration((1 - tokens) / n * float64(time.Minute))}
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO quota_buckets (quota_key, tokens, updated_at) VALUES ($1, $2, $3) "+
			"ON CONFLICT (quota_key) DO UPDATE SET tokens = EXCLUDED.tokens, updated_at = EXCLUDED.updated_at", q.Key, tokens-1, now); err != nil {
			return s.wrap(op, err)
		}
		// SKIP LOCKED: never waits for, nor deadlocks with, another creation pruning or writing.
		if _, err := tx.ExecContext(ctx, "DELETE FROM quota_buckets WHERE quota_key IN (SELECT quota_key FROM quota_buckets "+
			"WHERE updated_at < $1 ORDER BY updated_at LIMIT 16 FOR UPDATE SKIP LOCKED)", now-time.Minute.Microseconds()); err != nil {
			return s.wrap(op, err)
		}
		return nil
	})
}
