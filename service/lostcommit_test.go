package service

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestUncountedStoredActionReplayed: with a shared store, an entry of a table's log that the table
// did not count (a commit that landed while its answer was lost: PostgreSQL restarted during the
// commit, found by an outside trial) made every later append conflict, for ever, while the table
// held its lease and its bots were told to send again. The table now stops and is replayed from
// the store, the entry included: here a forfeit by seat 0, which ends the game. Its lease is
// released at the next renewal, so that it is taken over at once.
func TestUncountedStoredActionReplayed(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	ctx := context.Background()
	resp := a.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	id := resp.GetTableId()
	seats := []*rawSeat{a.join(t, resp, 0, 0), a.join(t, resp, 1, 0)}
	var actor *rawSeat
	var req *pb.DecisionRequest
	for deadline := time.Now().Add(waitFor); actor == nil; time.Sleep(5 * time.Millisecond) {
		for _, s := range seats {
			s.mu.Lock()
			for _, m := range s.all {
				if r := m.GetDecisionRequest(); r != nil {
					actor, req = s, r
				}
			}
			s.mu.Unlock()
		}
		if time.Now().After(deadline) {
			t.Fatal("no decision request")
		}
	}
	info, err := a.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	forfeit, err := (&pb.RecordedAction{Seq: info.GetLastSeq() + 1, Seat: 0, Intervention: pb.InterventionKind_INTERVENTION_KIND_FORFEIT}).MarshalVT()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.srv.store.AppendActions(ctx, id, []store.Action{{Seq: 1, Seat: 0, Payload: forfeit}}); err != nil {
		t.Fatal(err)
	}
	actor.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rec, err := a.srv.Referee.GetRecord(ctx, id)
		if err == nil {
			if res := rec.GetResult(); res.GetOutcome() != pb.Outcome_OUTCOME_FORFEIT || res.GetForfeitSeat() != 0 || len(rec.GetActions()) != 1 {
				t.Fatalf("result %v with %d actions; want the stored forfeit by seat 0, alone", res, len(rec.GetActions()))
			}
			// The stopped table's lease was released at the next renewal, as an idle one
			// (releaseIdleLeases), and taken over again.
			if n := testutil.ToFloat64(a.srv.metrics.leasesIdle.WithLabelValues("table")); n != 1 {
				t.Errorf("bezique_leases_released_idle_total{kind=\"table\"} = %v; want 1", n)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table never ended from its stored log: %v", err)
		}
	}
}
