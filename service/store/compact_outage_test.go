package store

import (
	"context"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/internal/testpg"
)

// TestCompactLockSessionKilled: two stores share one PostgreSQL database; while the first holds
// the compaction's lock, its session is killed (pg_terminate_backend, as a database restart or a
// failover ends it). The lock goes with the session: the second store's round runs at once. The
// first store's unlock, on a connection that is gone, returns within LeaseTTL and leaves no broken
// connection in its pool: its next round runs.
func TestCompactLockSessionKilled(t *testing.T) {
	u := testpg.Schema(t, testpg.URL(t), "store_internal")
	a, b := openURLForTest(t, u), openURLForTest(t, u)
	ctx := context.Background()
	unlock, ok, err := a.compactLock(ctx)
	if err != nil || !ok {
		t.Fatalf("the first store's compaction lock: %v, %v; want it taken", ok, err)
	}
	var killed bool
	if err := b.w.QueryRowContext(ctx, "SELECT pg_terminate_backend(pid) FROM pg_locks "+
		"WHERE locktype = 'advisory' AND classid = $1 AND objid::bigint = hashtext(current_schema())::bigint & 4294967295 AND objsubid = 2 AND granted", compactLockClass).Scan(&killed); err != nil || !killed {
		t.Fatalf("killing the session that holds the lock: %v, %v", killed, err)
	}
	later := time.Now().Add(keepEndedActions + time.Minute)
	var r round
	for deadline := time.Now().Add(5 * time.Second); !r.ran && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if r, err = b.compactRound(ctx, later, 0); err != nil {
			t.Fatal(err)
		}
	}
	if !r.ran {
		t.Fatal("the second store's round did not run once the lock's session was killed")
	}
	start := time.Now()
	unlock()
	if took := time.Since(start); took >= LeaseTTL {
		t.Errorf("unlock on a killed session took %s; want under LeaseTTL (%s)", took, LeaseTTL)
	}
	for i := range 20 { // every connection of the pool, more than once
		if r, err := a.compactRound(ctx, later, 0); err != nil || !r.ran {
			t.Fatalf("the first store's round %d after its lock's session was killed: %+v, %v; want it run", i, r, err)
		}
	}
}

// TestRefereeBackAfterLongOutage is the regression test of a referee cut from the database for
// longer than goneAfter (its renewals failing meanwhile, so its row unstamped) while it held no
// lease: another referee's compaction deleted its row, as a referee gone for good. When the
// database came back it renewed (stamping nothing: no row) and made tables, whose leases named no
// address: every call about them through another referee was UNAVAILABLE, "its referee stopped",
// for as long as it ran, and no referee took them over (their leases were renewed). A renewal now
// writes the referee's row back with the address it advertised.
func TestRefereeBackAfterLongOutage(t *testing.T) {
	u := testpg.Schema(t, testpg.URL(t), "store_internal")
	ctx := context.Background()
	st, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	pg, other := st.(*pgStore), openURLForTest(t, u)
	if err := pg.Advertise(ctx, "back:1"); err != nil {
		t.Fatal(err)
	}
	if _, err := other.w.ExecContext(ctx, "UPDATE referees SET seen_at = now() - interval '2 hours' WHERE owner = $1", pg.owner); err != nil {
		t.Fatal(err)
	}
	if _, err := other.compactRound(ctx, time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := other.r.QueryRowContext(ctx, "SELECT count(*) FROM referees WHERE owner = $1", pg.owner).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("the unseen referee's rows after the compaction: %d, %v; want it forgotten", rows, err)
	}
	if _, err := pg.RenewLeases(ctx); err != nil { // the database is back
		t.Fatal(err)
	}
	if err := pg.CreateTable(ctx, Table{ID: "after"}); err != nil {
		t.Fatal(err)
	}
	if h, err := pg.Holder(ctx, LeaseTable, "after"); err != nil || h.Owner != pg.owner || h.Address != "back:1" {
		t.Fatalf("the lease of a table it made once back: %+v, %v; want it held by %s at back:1", h, err, pg.owner)
	}
}
