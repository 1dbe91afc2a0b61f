package service

import (
	"context"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestRecoveredBuiltinBotsPlayOn: a table of built-in random bots rebuilt from the first k of its
// stored actions (as after a crash) plays on to the very game it played uninterrupted: same
// actions, same result. Without bots.Resumer the random bots restarted their choices at the
// recovery and the game diverged, so a tournament's standings depended on when the referee died.
func TestRecoveredBuiltinBotsPlayOn(t *testing.T) {
	ctx := context.Background()
	r := newCore(t, Config{Store: store.NewMemory(0)})
	resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(5)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Await(ctx, resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	want, err := r.GetRecord(ctx, resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	row, err := r.store.GetTable(ctx, resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, len(want.GetActions()) / 3, len(want.GetActions()) - 1} {
		var actions []store.Action
		for i, ra := range want.GetActions()[:k] {
			b, err := proto.Marshal(ra)
			if err != nil {
				t.Fatal(err)
			}
			actions = append(actions, store.Action{Seq: int64(i + 1), Seat: int(ra.GetSeat()), Payload: b})
		}
		r2 := newCore(t, Config{})
		// r2's store holds the table in play with its first k actions, as after a crash: the
		// rebuilt table stores its next actions there.
		if err := r2.store.CreateTable(ctx, store.Table{ID: row.ID, State: store.StatePlaying, Variant: row.Variant, Spec: row.Spec,
			Seed: row.Seed, Commitment: row.Commitment, CreatedAt: row.CreatedAt}); err != nil {
			t.Fatal(err)
		}
		if err := r2.store.AppendActions(ctx, row.ID, actions); err != nil {
			t.Fatal(err)
		}
		tb, err := r2.rebuild(row, actions)
		if err != nil {
			t.Fatal(err)
		}
		r2.mu.Lock()
		r2.active++
		r2.mu.Unlock()
		r2.start(tb)
		res, err := r2.Await(ctx, row.ID)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r2.GetRecord(ctx, row.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.GetActions()) != len(want.GetActions()) || !proto.Equal(res, want.GetResult()) {
			t.Fatalf("resumed after %d actions: %d actions, result %v; uninterrupted %d actions, result %v",
				k, len(got.GetActions()), res, len(want.GetActions()), want.GetResult())
		}
		for i, a := range got.GetActions() {
			if !proto.Equal(a.GetAction(), want.GetActions()[i].GetAction()) {
				t.Fatalf("resumed after %d actions: action %d is %v, uninterrupted %v", k, i, a.GetAction(), want.GetActions()[i].GetAction())
			}
		}
	}
}
