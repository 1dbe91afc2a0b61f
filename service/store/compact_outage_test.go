package store

import (
	"context"
	"testing"
	"time"
)

// TestCompactLockSessionKilled: two stores share one PostgreSQL database; while the first holds
// the compaction's lock, its session is killed (pg_terminate_backend, as a database restart or a
// failover ends it). The lock goes with the session: the second store's round runs at once. The
// first store's unlock, on a connection that is gone, returns within LeaseTTL and leaves no broken
// connection in its pool: its next round runs.
func TestCompactLockSessionKilled(t *testing.T) {
	u := postgresSchemaForTest(t)
	a, b := openURLForTest(t, u), openURLForTest(t, u)
	ctx := context.Background()
	unlock, ok, err := a.compactLock(ctx)
	if err != nil || !ok {
		t.Fatalf("the first store's compaction lock: %v, %v; want it taken", ok, err)
	}
	var killed bool
	if err := b.w.QueryRowContext(ctx, "SELECT pg_terminate_backend(pid) FROM pg_locks "+
		"WHERE locktype = 'advisory' AND classid = $1 AND objid = 0 AND granted", compactLockClass).Scan(&killed); err != nil || !killed {
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
