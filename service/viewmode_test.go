package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestLeanSeatPlaysAGame plays a whole two-handed game between a seat that joined with
// VIEW_MODE_NONE and one that joined with the SDK's default (VIEW_MODE_COMPACT, expanded by the
// SDK): every request of the lean seat has legal actions, a deadline and no view; every request
// the other seat's bot sees has the seat's view in the full form.
func TestLeanSeatPlaysAGame(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(5)})
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var mu sync.Mutex
	reqs := make([][]*pb.DecisionRequest, 2)
	results := make([]*pb.GameResult, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for seat := range 2 {
		cfg := r.botConfig(resp.GetTableId(), seat, tokenOf(resp, seat))
		if seat == 0 {
			cfg.ViewMode = pb.ViewMode_VIEW_MODE_NONE
		}
		random := botsdk.NewRandom(uint64(seat))
		bot := botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
			mu.Lock()
			reqs[seat] = append(reqs[seat], req)
			mu.Unlock()
			return random.Decide(ctx, req)
		})
		wg.Go(func() { results[seat], errs[seat] = botsdk.Play(ctx, cfg, bot) })
	}
	wg.Wait()
	for seat := range 2 {
		if errs[seat] != nil {
			t.Fatalf("seat %d: %v", seat, errs[seat])
		}
		if got := results[seat].GetOutcome(); got != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("seat %d: outcome %v, want completed", seat, got)
		}
		if len(reqs[seat]) < 50 {
			t.Fatalf("seat %d: %d requests, want a whole game's (at least 50)", seat, len(reqs[seat]))
		}
	}
	for i, req := range reqs[0] {
		if req.View != nil || len(req.GetLegalActions()) == 0 || req.GetDeadline() == nil || req.GetRequestId() == 0 {
			t.Fatalf("lean seat's request %d: view %v, %d legal actions, deadline %v, id %d; want no view, legal actions, a deadline and an id",
				i, req.View != nil, len(req.GetLegalActions()), req.GetDeadline(), req.GetRequestId())
		}
	}
	for i, req := range reqs[1] {
		if v := req.GetView(); v.Seat == nil || v.GetSeat() != 1 || len(v.GetHand()) == 0 || v.GetHand()[0].GetText() == "" || v.GetCompact() ||
			v.GetTrick() > 2 && len(v.GetPastTricks()) == 0 {
			t.Fatalf("full seat's request %d: view %v; want seat 1's full view with its hand and past tricks", i, req.GetView())
		}
	}
}

// TestViewModeOnReconnect checks that the open request re-sent on a reconnection follows the new
// connection's view mode (same request id), and that Welcome carries the snapshot in both modes.
func TestViewModeOnReconnect(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(5)})
	join := func(seat int, mode pb.ViewMode) *rawSeat {
		return r.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: uint32(seat), Token: tokenOf(resp, seat), BotName: "raw",
			BotVersion: "1", ProtocolVersion: ProtocolVersion, ViewMode: mode})
	}
	seats := []*rawSeat{join(0, pb.ViewMode_VIEW_MODE_NONE), join(1, pb.ViewMode_VIEW_MODE_NONE)}
	w := seats[0].welcome()
	if w.GetSnapshot().GetSeat() != 0 || len(w.GetSnapshot().GetHand()) != engine.TwoHanded.HandSize() {
		t.Fatalf("lean Welcome's snapshot: %v; want seat 0's view with its hand", w.GetSnapshot())
	}
	toAct := int(seats[1].welcome().GetSnapshot().GetToAct())
	first := seats[toAct].request()
	if first.View != nil {
		t.Fatalf("lean request has a view")
	}
	seats[toAct].close()
	again := join(toAct, pb.ViewMode_VIEW_MODE_FULL)
	got := again.request()
	if got.GetRequestId() != first.GetRequestId() || got.GetView().GetSeat() != uint32(toAct) || len(got.GetLegalActions()) != len(first.GetLegalActions()) {
		t.Fatalf("re-sent request: id %d (want %d), view of seat %v, %d legal actions (want %d)",
			got.GetRequestId(), first.GetRequestId(), got.GetView().Seat, len(got.GetLegalActions()), len(first.GetLegalActions()))
	}
	again.close()
	lean := join(toAct, pb.ViewMode_VIEW_MODE_NONE)
	if got := lean.request(); got.GetRequestId() != first.GetRequestId() || got.View != nil {
		t.Fatalf("re-sent lean request: id %d (want %d), view %v (want none)", got.GetRequestId(), first.GetRequestId(), got.View != nil)
	}
}

// TestJoinBadViewMode checks that a view mode out of the enum is refused, naming the field.
func TestJoinBadViewMode(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	s := r.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), ProtocolVersion: ProtocolVersion, ViewMode: 7})
	if err := s.wantStatus(codes.InvalidArgument); err.Error() != "rpc error: code = InvalidArgument desc = join.view_mode: 7 is not a view mode (0..3)" {
		t.Fatalf("status: %v", err)
	}
}

// TestCompactViewOnReconnect plays a seat that joined with VIEW_MODE_COMPACT into the deal, then
// reconnects it with VIEW_MODE_FULL: the open request re-sent (same id) carries the full view, and
// the compact view of the same request, expanded (wire.ExpandView), is exactly that view.
func TestCompactViewOnReconnect(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(5)})
	join := func(seat int, mode pb.ViewMode) *rawSeat {
		return r.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: uint32(seat), Token: tokenOf(resp, seat), BotName: "raw",
			BotVersion: "1", ProtocolVersion: ProtocolVersion, ViewMode: mode})
	}
	other := join(1, pb.ViewMode_VIEW_MODE_COMPACT)
	other.setAuto()
	seat := join(0, pb.ViewMode_VIEW_MODE_COMPACT)
	if w := seat.welcome(); w.GetSnapshot().GetCompact() || w.GetSnapshot().GetHand()[0].GetText() == "" {
		t.Fatalf("Welcome's snapshot is not in the full form: %v", w.GetSnapshot())
	}
	var compact *pb.DecisionRequest
	for {
		compact = seat.request()
		if compact.GetView().GetTrick() >= 6 {
			break
		}
		seat.decideID(compact.GetRequestId(), compact.GetLegalActions()[0].GetActionId())
	}
	v := compact.GetView()
	if !v.GetCompact() || len(v.GetPastTricks()) != 0 || len(v.GetPastTrickSizes()) < 5 || v.GetHand()[0].GetText() != "" {
		t.Fatalf("compact request at trick %d: compact %v, %d past_tricks, %d past_trick_sizes, first card %v; want compact, none, 5 or more, an id only",
			v.GetTrick(), v.GetCompact(), len(v.GetPastTricks()), len(v.GetPastTrickSizes()), v.GetHand()[0])
	}
	seat.close()
	full := join(0, pb.ViewMode_VIEW_MODE_FULL).request()
	if full.GetRequestId() != compact.GetRequestId() || full.GetView().GetCompact() || len(full.GetView().GetPastTricks()) != len(v.GetPastTrickSizes()) {
		t.Fatalf("re-sent full request: id %d (want %d), compact %v, %d past tricks (want %d)",
			full.GetRequestId(), compact.GetRequestId(), full.GetView().GetCompact(), len(full.GetView().GetPastTricks()), len(v.GetPastTrickSizes()))
	}
	if err := wire.ExpandView(v, nil); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(v, full.GetView()) {
		t.Fatalf("expanded compact view\n%v\nis not the full view\n%v", v, full.GetView())
	}
}
