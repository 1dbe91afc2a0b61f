package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestCancelQuarantinedTableConcurrently: referees share a PostgreSQL store and one of them holds
// a quarantined table (taken over, its stored spec unreadable); twelve CancelTable calls about it
// race, half through its owner and half through another referee (forwarded to the owner). One
// cancels it; every other is FAILED_PRECONDITION, the table ended; the table is cancelled with the
// winner's reason, no referee holds it quarantined, and its lease is gone.
func TestCancelQuarantinedTableConcurrently(t *testing.T) {
	u, raw := sharedSchema(t)
	a, b, c := startPeer(t, u, nil), startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("SELECT set_config('bezique.lease_owner', $1, true)", a.srv.leaser.Owner()); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec("UPDATE tables SET spec = $1 WHERE id = $2", []byte("{not json"), id); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := a.srv.Handover(ctx); err != nil {
		t.Fatal(err)
	}
	var owner, other *peerReferee
	for owner == nil {
		for _, r := range [][2]*peerReferee{{b, c}, {c, b}} {
			if _, ok := r[0].srv.quarantineReason(id); ok {
				owner, other = r[0], r[1]
			}
		}
		if ctx.Err() != nil {
			t.Fatal("no referee took the table over and quarantined it")
		}
		time.Sleep(20 * time.Millisecond)
	}
	const calls = 12
	reasons := make([]string, calls)
	errs := make([]error, calls)
	var wg sync.WaitGroup
	for i := range calls {
		r := owner
		if i%2 == 1 {
			r = other
		}
		reasons[i] = string(rune('a' + i))
		wg.Go(func() {
			got, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: reasons[i]})
			if err == nil && (got.GetTable().GetState() != pb.TableState_TABLE_STATE_CANCELLED || got.GetTable().GetResult().GetReason() != reasons[i]) {
				t.Errorf("call %d: %v; want it CANCELLED with reason %q", i, got, reasons[i])
			}
			errs[i] = err
		})
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won < 0:
			won = i
		case err == nil:
			t.Errorf("calls %d and %d both cancelled the table", won, i)
		case status.Code(err) != codes.FailedPrecondition:
			t.Errorf("call %d: %v; want FAILED_PRECONDITION (ended) or the cancel", i, err)
		}
	}
	if won < 0 {
		t.Fatalf("no call cancelled the table: %v", errs)
	}
	for name, r := range map[string]*peerReferee{"its owner": owner, "the other referee": other} {
		if _, ok := r.srv.quarantineReason(id); ok {
			t.Errorf("%s still holds the table quarantined", name)
		}
		got, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_CANCELLED || got.GetTable().GetResult().GetReason() != reasons[won] {
			t.Errorf("GetTable through %s: %v, %v; want it CANCELLED, reason %q", name, got, err, reasons[won])
		}
	}
}
