package service

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestQuarantinedTableTakenOver: referees share a PostgreSQL store; a table whose stored spec
// cannot be read is taken over (its referee handed over) and quarantined by the referee that
// took it, which holds its lease. GetTable about it, through that referee or another, was answered
// UNAVAILABLE "this referee has just taken it over and is loading it; reconnect" for as long as
// that referee lived (the lease renewed, the table never loaded); it is now the quarantined
// table, as ListTables shows it and as a lone referee answers.
func TestQuarantinedTableTakenOver(t *testing.T) {
	ctx, owner, other, id := quarantinedElsewhere(t)
	for name, r := range map[string]*peerReferee{"its owner": owner, "the other referee": other} {
		got, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_QUARANTINED || !strings.HasPrefix(got.GetTable().GetQuarantineReason(), "table "+id) {
			t.Errorf("GetTable through %s: %v, %v; want it QUARANTINED with the reason", name, got, err)
		}
	}
	// CancelTable through the other referee is forwarded to its owner, which ends it in the
	// store without replaying it: cancelled, its lease gone.
	got, err := other.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "spec lost"})
	if err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_CANCELLED || got.GetTable().GetResult().GetReason() != "spec lost" {
		t.Fatalf("CancelTable through the other referee: %v, %v; want it CANCELLED, reason \"spec lost\"", got, err)
	}
	if _, ok := owner.srv.quarantineReason(id); ok {
		t.Error("the owner still holds the table quarantined")
	}
	if h, err := owner.srv.leaser.Holder(ctx, store.LeaseTable, id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the cancelled table's lease: %+v, %v; want none", h, err)
	}
	if got, err := owner.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id}); err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_CANCELLED {
		t.Errorf("GetTable through its former owner: %v, %v; want it CANCELLED", got, err)
	}
	// Await (a tournament's runner, the CLI) waited for its record for good: it has none.
	actx, acancel := context.WithTimeout(ctx, 3*time.Second)
	defer acancel()
	for name, r := range map[string]*peerReferee{"its owner": owner, "the other referee": other} {
		if _, err := r.srv.Await(actx, id); !errors.Is(err, ErrEnded) {
			t.Errorf("Await through %s: %v; want ErrEnded at once", name, err)
		}
	}
}

// quarantinedElsewhere starts three referees sharing a PostgreSQL schema, creates a table on the
// first, makes its stored spec unreadable (as the first's session: the lease triggers let only
// its owner write a table) and hands the first over. It returns a context ending in 30 s, the
// referee that took the table over and quarantined it, the other that did not, and its id.
func quarantinedElsewhere(t *testing.T) (ctx context.Context, owner, other *peerReferee, id string) {
	t.Helper()
	u, raw := sharedSchema(t)
	a, b, c := startPeer(t, u, nil), startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	resp, err := a.tables.CreateTable(ctx, twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	id = resp.GetTableId()
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
	return ctx, owner, other, id
}
