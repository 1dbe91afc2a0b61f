package service

import (
	"sync"
	"testing"

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
	ctx, owner, other, id := quarantinedElsewhere(t)
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
