package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// wantOver checks that err is a [*store.QuotaExceededError] equal to want but for RetryAfter,
// and returns its RetryAfter.
func wantOver(t *testing.T, err error, want store.QuotaExceededError) time.Duration {
	t.Helper()
	var over *store.QuotaExceededError
	if !errors.As(err, &over) {
		t.Fatalf("got %v, want a QuotaExceededError", err)
	}
	got := *over
	got.RetryAfter = 0
	if got != want {
		t.Fatalf("got %+v, want %+v", *over, want)
	}
	return over.RetryAfter
}

// TestCreateTableWithinWaiting: two PostgreSQL stores share one schema; a principal's waiting
// tables count on both: at Quota.MaxWaiting the next creation through either is refused and
// stores nothing; a table that starts (or ends) frees a place; another principal and an
// in-process creation ("" key) are not counted.
func TestCreateTableWithinWaiting(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	_, la := leaser(t, u)
	bs, lb := leaser(t, u)
	q := store.Quota{Key: "ip:10.0.0.1", MaxWaiting: 2, MaxTables: 100, PerMinute: 100}
	if err := la.CreateTableWithin(ctx, storetest.Table("t1", store.StateWaiting, 0), q); err != nil {
		t.Fatal(err)
	}
	if err := lb.CreateTableWithin(ctx, storetest.Table("t2", store.StateWaiting, 1), q); err != nil {
		t.Fatal(err)
	}
	for i, l := range []store.Leaser{la, lb} {
		err := l.CreateTableWithin(ctx, storetest.Table(fmt.Sprintf("x%d", i), store.StateWaiting, 2), q)
		wantOver(t, err, store.QuotaExceededError{Key: q.Key, Limit: store.QuotaWaiting, Count: 2})
	}
	var n int
	if err := b.raw(t, u).QueryRow("SELECT count(*) FROM tables WHERE id LIKE 'x%'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d refused tables stored (%v), want 0", n, err)
	}
	other := q
	other.Key = "key:p2"
	if err := la.CreateTableWithin(ctx, storetest.Table("o1", store.StateWaiting, 3), other); err != nil {
		t.Fatalf("another principal: %v", err)
	}
	if err := la.CreateTableWithin(ctx, storetest.Table("l1", store.StateWaiting, 3), store.Quota{}); err != nil {
		t.Fatalf("in-process: %v", err)
	}
	if err := bs.UpdateTable(ctx, "t2", store.TableUpdate{State: store.StatePlaying}); err != nil {
		t.Fatal(err)
	}
	if err := la.CreateTableWithin(ctx, storetest.Table("t3", store.StateWaiting, 4), q); err != nil {
		t.Fatalf("after a table started: %v", err)
	}
	err := lb.CreateTableWithin(ctx, storetest.Table("t4", store.StateWaiting, 5), q)
	wantOver(t, err, store.QuotaExceededError{Key: q.Key, Limit: store.QuotaWaiting, Count: 2})
}

// TestCreateTableWithinTables: a principal's waiting and playing tables count together on both
// stores: at Quota.MaxTables (2: one playing, one waiting) the next creation through either is
// refused with QuotaTables and stores nothing, while its waiting ones are under
// Quota.MaxWaiting; a table that ends frees a place; another principal is not counted. At both
// limits the waiting one is named.
func TestCreateTableWithinTables(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	as, la := leaser(t, u)
	_, lb := leaser(t, u)
	q := store.Quota{Key: "key:p1", MaxWaiting: 5, MaxTables: 2, PerMinute: 100}
	if err := la.CreateTableWithin(ctx, storetest.Table("t1", store.StateWaiting, 0), q); err != nil {
		t.Fatal(err)
	}
	if err := as.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}); err != nil {
		t.Fatal(err)
	}
	if err := lb.CreateTableWithin(ctx, storetest.Table("t2", store.StateWaiting, 1), q); err != nil {
		t.Fatal(err)
	}
	for i, l := range []store.Leaser{la, lb} {
		err := l.CreateTableWithin(ctx, storetest.Table(fmt.Sprintf("x%d", i), store.StateWaiting, 2), q)
		wantOver(t, err, store.QuotaExceededError{Key: q.Key, Limit: store.QuotaTables, Count: 2})
	}
	var n int
	if err := b.raw(t, u).QueryRow("SELECT count(*) FROM tables WHERE id LIKE 'x%'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d refused tables stored (%v), want 0", n, err)
	}
	if err := lb.CreateTableWithin(ctx, storetest.Table("o1", store.StateWaiting, 3), store.Quota{Key: "key:p2", MaxWaiting: 5, MaxTables: 2, PerMinute: 100}); err != nil {
		t.Fatalf("another principal: %v", err)
	}
	if err := as.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished, Result: "completed", WinnerSide: store.NoWinner}); err != nil {
		t.Fatal(err)
	}
	if err := lb.CreateTableWithin(ctx, storetest.Table("t3", store.StateWaiting, 4), q); err != nil {
		t.Fatalf("after a table ended: %v", err)
	}
	wantOver(t, la.CreateTableWithin(ctx, storetest.Table("x2", store.StateWaiting, 5), q),
		store.QuotaExceededError{Key: q.Key, Limit: store.QuotaTables, Count: 2})
	q.MaxWaiting = 2 // t2 and t3 wait: both limits are reached, the waiting one is named
	wantOver(t, la.CreateTableWithin(ctx, storetest.Table("x3", store.StateWaiting, 5), q),
		store.QuotaExceededError{Key: q.Key, Limit: store.QuotaWaiting, Count: 2})
}

// TestCreateTableWithinRate: a principal's token bucket is shared by the stores: PerMinute
// creations through either, then a refusal whose RetryAfter is the time one token takes to come
// back (a minute/PerMinute, less the time already passed); a bucket last touched 20 s ago has a
// third of a minute's tokens back.
func TestCreateTableWithinRate(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	_, la := leaser(t, u)
	_, lb := leaser(t, u)
	q := store.Quota{Key: "key:p1", MaxWaiting: 100, MaxTables: 100, PerMinute: 3}
	for i, l := range []store.Leaser{la, lb, la} {
		if err := l.CreateTableWithin(ctx, storetest.Table(fmt.Sprintf("t%d", i), store.StateWaiting, i), q); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	d := wantOver(t, lb.CreateTableWithin(ctx, storetest.Table("x", store.StateWaiting, 3), q), store.QuotaExceededError{Key: q.Key})
	if max := 20 * time.Second; d <= max-time.Since(start)-time.Second || d > max {
		t.Fatalf("RetryAfter %v, want just under %v", d, max)
	}
	// 20 s later by the bucket's clock: one token back (and a fraction of another at most).
	raw := b.raw(t, u)
	if _, err := raw.Exec("UPDATE quota_buckets SET updated_at = updated_at - 20000000 WHERE quota_key = $1", q.Key); err != nil {
		t.Fatal(err)
	}
	if err := la.CreateTableWithin(ctx, storetest.Table("t3", store.StateWaiting, 3), q); err != nil {
		t.Fatalf("after 20 s: %v", err)
	}
	wantOver(t, la.CreateTableWithin(ctx, storetest.Table("x", store.StateWaiting, 4), q), store.QuotaExceededError{Key: q.Key})
	// A bucket untouched for a minute is full: its row is deleted by the next creation of anyone.
	if _, err := raw.Exec("UPDATE quota_buckets SET updated_at = updated_at - 60000000 WHERE quota_key = $1", q.Key); err != nil {
		t.Fatal(err)
	}
	if err := lb.CreateTableWithin(ctx, storetest.Table("o1", store.StateWaiting, 5), store.Quota{Key: "key:p2", MaxWaiting: 1, MaxTables: 1, PerMinute: 1}); err != nil {
		t.Fatal(err)
	}
	var keys []string
	rows, err := raw.Query("SELECT quota_key FROM quota_buckets ORDER BY quota_key")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if fmt.Sprint(keys) != "[key:p2]" {
		t.Fatalf("buckets %v, want [key:p2] (key:p1's full bucket deleted)", keys)
	}
	for i := range 3 {
		if err := la.CreateTableWithin(ctx, storetest.Table(fmt.Sprintf("t%d", 4+i), store.StateWaiting, 6), q); err != nil {
			t.Fatalf("creation %d with a full bucket: %v", i, err)
		}
	}
}

// TestCreateTableWithinRace: 24 creations of one principal race through three stores (8
// each) against MaxWaiting 5: exactly 5 are stored, the others refused.
func TestCreateTableWithinRace(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	var ls []store.Leaser
	for range 3 {
		_, l := leaser(t, u)
		ls = append(ls, l)
	}
	q := store.Quota{Key: "ip:10.0.0.9", MaxWaiting: 5, MaxTables: 100, PerMinute: 1000}
	var wg sync.WaitGroup
	errs := make([]error, 24)
	for i := range errs {
		wg.Go(func() {
			errs[i] = ls[i%3].CreateTableWithin(ctx, storetest.Table(fmt.Sprintf("t%02d", i), store.StateWaiting, i), q)
		})
	}
	wg.Wait()
	made := 0
	for _, err := range errs {
		var over *store.QuotaExceededError
		switch {
		case err == nil:
			made++
		case !errors.As(err, &over) || over.Limit != store.QuotaWaiting || over.Count != 5:
			t.Fatalf("refusal %v, want 5 tables waiting", err)
		}
	}
	var stored int
	if err := b.raw(t, u).QueryRow("SELECT count(*) FROM tables WHERE quota_key = $1", q.Key).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if made != 5 || stored != 5 {
		t.Fatalf("%d creations succeeded, %d tables stored; want 5 and 5", made, stored)
	}
}
