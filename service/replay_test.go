package service

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestGetReplay: a finished game's replay shows both hands as dealt, numbers its events from 1,
// and ends with the record's final scores; a missing id and a table in play are refused.
func TestGetReplay(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx := context.Background()
	if _, err := r.tables.GetReplay(ctx, &pb.GetReplayRequest{}); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("GetReplay without table_id: %v, want InvalidArgument", err)
	}
	waiting := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if _, err := r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: waiting.GetTableId()}); status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("GetReplay of a table in play: %v, want FailedPrecondition", err)
	}

	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random")}, Seed: seed32(5)})
	rec := r.record(t, resp.GetTableId())
	got, err := r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	evs := got.GetEvents()
	hands := 0
	for i, ev := range evs {
		if ev.GetSeq() != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, ev.GetSeq())
		}
		if h := ev.GetHandDealt(); h != nil && i < 3 {
			hands++
			if len(h.GetCards()) != 8 || h.GetCount() != 8 {
				t.Errorf("seat %d dealt %d cards shown of %d, want 8 of 8", h.GetSeat(), len(h.GetCards()), h.GetCount())
			}
		}
	}
	if hands != 2 {
		t.Errorf("%d hands dealt in the first events, want 2", hands)
	}
	end := evs[len(evs)-1].GetGameEnded()
	if end == nil {
		t.Fatalf("last event %v, want game_ended", evs[len(evs)-1])
	}
	// GameEnded gives the last deal's points too; GameResult the totals only (its doc).
	var endTotals []*pb.SideScore
	for _, sc := range end.GetScores() {
		endTotals = append(endTotals, &pb.SideScore{Side: sc.GetSide(), Total: sc.GetTotal()})
	}
	if !proto.Equal(&pb.GameResult{Scores: endTotals}, &pb.GameResult{Scores: rec.GetResult().GetScores()}) {
		t.Errorf("replay ends with scores %v, the record has %v", end.GetScores(), rec.GetResult().GetScores())
	}
	if end.GetWinnerSide() != rec.GetResult().GetWinnerSide() {
		t.Errorf("replay winner %d, record %d", end.GetWinnerSide(), rec.GetResult().GetWinnerSide())
	}
}

// TestGetReplayComputedOnce: a finished game's replay is derived once, however many callers ask
// for it at once, and kept for the next: 20 concurrent GetReplay calls of one table get the same
// events, as one message (an outside trial's 150 concurrent calls, each replaying the game
// through the engine, took the referee's memory to 1.6 GB and another client's GetTable to 2.9 s).
func TestGetReplayComputedOnce(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random")}, Seed: seed32(5)})
	r.record(t, resp.GetTableId()) // waits for the game's end
	req := &pb.GetReplayRequest{TableId: resp.GetTableId()}
	got := make([]*pb.GetReplayResponse, 20)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			var err error
			if got[i], err = r.srv.GetReplay(context.Background(), req); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i, g := range got {
		if g != got[0] || len(g.GetEvents()) < 100 {
			t.Fatalf("replay %d: %d events at %p; want the %d events of replay 0, at %p", i, len(g.GetEvents()), g, len(got[0].GetEvents()), got[0])
		}
	}
	if n := r.srv.replays.kept.Len(); n != 1 {
		t.Fatalf("%d replays kept, want 1", n)
	}
	// Over gRPC, as before: the same events.
	wire, err := r.tables.GetReplay(context.Background(), req)
	if err != nil || !proto.Equal(wire, got[0]) {
		t.Fatalf("GetReplay over gRPC: %v; want the kept replay", err)
	}
}

// TestGetReplayShowsInterventions: a game whose remote seat never answers (each of its actions
// auto-played at its deadline; or forfeited at the first) replays with the Intervention events
// the table announced, each before its action's events: the replay is the watch of the ended
// table less its connection events, its seqs and the interventions' reasons (which a record does
// not keep), and with every card shown. GetReplay had no intervention at all, so a replay viewer could not show which moves
// the referee made for a bot (an HTTP bot author's trial).
func TestGetReplayShowsInterventions(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx := t.Context()
	for _, policy := range []pb.FailureAction{pb.FailureAction_FAILURE_ACTION_AUTO_PLAY, pb.FailureAction_FAILURE_ACTION_FORFEIT} {
		resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(7), Options: map[string]string{"target": "1"},
			Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "sleeper"}}}, builtinSeat("random")},
			Clock: &pb.Clock{DecisionMs: 10, BankMs: proto.Uint32(0)}, FailurePolicy: &pb.FailurePolicy{OnTimeout: policy}})
		stream, err := r.seats.Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0,
			Token: resp.GetSeatTokens()[0].GetToken(), ProtocolVersion: ProtocolVersion}}}); err != nil {
			t.Fatal(err)
		}
		for { // the sleeper answers nothing
			msg, err := stream.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if msg.GetGameOver() != nil {
				break
			}
		}
		rec := r.record(t, resp.GetTableId())
		chosen := 0 // the actions the referee chose
		for _, a := range rec.GetActions() {
			if a.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
				chosen++
			}
		}
		watch, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		var want []*pb.Event
		for {
			msg, err := watch.Recv()
			if err != nil {
				break
			}
			ev := msg.GetEvent()
			if ev == nil || ev.GetSeatConnected() != nil || ev.GetSeatDisconnected() != nil {
				continue
			}
			ev.Seq = uint64(len(want) + 1)
			if i := ev.GetIntervention(); i != nil {
				i.Reason = ""
			}
			want = append(want, ev)
		}
		got, err := r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		interventions := 0
		for _, ev := range got.GetEvents() {
			if ev.GetIntervention() != nil {
				interventions++
			}
		}
		if (policy == pb.FailureAction_FAILURE_ACTION_FORFEIT) != (chosen == 1) || chosen < 1 || interventions != chosen || len(got.GetEvents()) != len(want) {
			t.Fatalf("%v: the replay has %d events, %d of them interventions; the watch %d; the record %d actions chosen by the referee", policy, len(got.GetEvents()), interventions, len(want), chosen)
		}
		for i, ev := range got.GetEvents() { // the same events in the same order; the watch's hands and draws are a spectator's, hidden
			same := proto.Equal(ev, want[i])
			if ev.GetIntervention() == nil {
				same = reflect.TypeOf(ev.GetPayload()) == reflect.TypeOf(want[i].GetPayload())
			}
			if !same {
				t.Fatalf("%v: replay event %d: %v\nthe watch's: %v", policy, i, ev, want[i])
			}
		}
		t.Logf("%v: %d events, %d interventions", policy, len(want), chosen)
	}
}
