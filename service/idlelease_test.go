package service

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// joinsWithin joins seat 0 of the table of resp through r, again every 200 ms while the stream
// ends without a Welcome (the table between two referees), and fails the test unless a Welcome
// comes within limit.
func joinsWithin(t *testing.T, r *peerReferee, resp *pb.CreateTableResponse, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		stream, err := r.seats.Connect(ctx)
		if err == nil {
			err = stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0)}}})
		}
		var m *pb.ConnectResponse
		if err == nil {
			m, err = stream.Recv()
		}
		cancel()
		if err == nil && m.GetWelcome() != nil {
			return
		}
		last = err
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("no Welcome through %s within %s of trying; the last join: %v", r.addr, limit, last)
}

// leaseEpoch returns the epoch of table id's lease.
func leaseEpoch(t *testing.T, raw *sql.DB, id string) int64 {
	t.Helper()
	var epoch int64
	if err := raw.QueryRow("SELECT epoch FROM leases WHERE kind = 'table' AND id = $1", id).Scan(&epoch); err != nil {
		t.Fatal(err)
	}
	return epoch
}

// TestTakeoverThatCannotLoadIsTakenAgain: referee A dies (Close: no handover) while its table's
// actions cannot be read (a lock held, as a long statement or a paused PostgreSQL holds one), so
// B takes the lease over and its load of the table fails on its round's deadline. B released the
// lease with that expired context, which failed unseen, then renewed the lease for as long as
// it ran with the table not loaded: the bots were told "this referee has just taken it over and
// is loading it" for good (an outside trial: 110 s, until B was stopped). Now the lease is
// released at B's next renewal and taken over again, and the seat joins once the lock is gone.
func TestTakeoverThatCannotLoadIsTakenAgain(t *testing.T) {
	a, b, raw, resp := tableOnA(t)
	id := resp.GetTableId()
	a.srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	for leaseEpoch(t, raw, id) < 2 { // A's lease expires; B takes it over and starts loading
		if ctx.Err() != nil {
			t.Fatal("B never took the table over")
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(7 * time.Second) // B's load waits past its round's 5 s, and fails
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	joinsWithin(t, b, resp, 15*time.Second)
	if e := leaseEpoch(t, raw, id); e < 3 {
		t.Errorf("the lease's epoch is %d; want 3 or more: taken over again after the failed load", e)
	}
	if n := testutil.ToFloat64(b.srv.metrics.leasesIdle.WithLabelValues("table")); n < 1 {
		t.Errorf("B's bezique_leases_released_idle_total{kind=\"table\"} = %v; want 1 or more", n)
	}
}

// TestIdleLeaseIsReleased: referee B holds a table's lease with the table not in its memory, as
// when its takeover's statement committed after B stopped waiting for it (PostgreSQL paused past
// its round's deadline). B renewed that lease for as long as it ran, and the table stood still.
// Now B releases it once it has been so for idleLeaseAge, the table is taken over again and
// loaded, and its seat joins.
func TestIdleLeaseIsReleased(t *testing.T) {
	a, b, raw, resp := tableOnA(t)
	id := resp.GetTableId()
	if _, err := raw.Exec("UPDATE leases SET owner = $1, epoch = epoch + 1, expires_at = now() + interval '5 seconds' WHERE kind = 'table' AND id = $2",
		b.srv.leaser.Owner(), id); err != nil {
		t.Fatal(err)
	}
	awaitForgotten(t, a.srv.Referee, id) // A finds its lease gone at its next renewal
	joinsWithin(t, a, resp, 15*time.Second)
	if e := leaseEpoch(t, raw, id); e < 3 {
		t.Errorf("the lease's epoch is %d; want 3 or more: released by B and taken over again", e)
	}
	if n := testutil.ToFloat64(b.srv.metrics.leasesIdle.WithLabelValues("table")); n != 1 {
		t.Errorf("B's bezique_leases_released_idle_total{kind=\"table\"} = %v; want 1", n)
	}
}
