package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// playTable creates a table and plays every remote seat with a random Go bot over gRPC; it returns
// the results the seats saw and the record.
func playTable(t *testing.T, r *referee, req *pb.CreateTableRequest) ([]*pb.GameResult, *pb.GameRecord) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, req)
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	var wg sync.WaitGroup
	results := make([]*pb.GameResult, len(req.GetSeats()))
	errs := make([]error, len(req.GetSeats()))
	for _, st := range resp.GetSeatTokens() {
		seat := int(st.GetSeat())
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[seat], errs[seat] = botsdk.Play(ctx, r.botConfig(resp.GetTableId(), seat, st.GetToken()), botsdk.NewRandom(uint64(seat)))
		}()
	}
	wg.Wait()
	for seat, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
	return results, r.record(t, resp.GetTableId())
}

// TestWholeGamesOverGRPC plays whole games to the target with Go bots as separate seat streams and
// checks that the scores equal an independent replay of the record through the engine.
func TestWholeGamesOverGRPC(t *testing.T) {
	r := startReferee(t, nil, nil)
	cases := []struct {
		name  string
		req   *pb.CreateTableRequest
		sides int
	}{
		{"two-handed", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(1)}, 2},
		{"four-handed", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seats: remoteSeats(4), Seed: seed32(2)}, 2},
		{"three-handed mixed", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_THREE_HANDED,
			Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random"), remoteSeats(1)[0]}, Seed: seed32(3)}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			results, rec := playTable(t, r, c.req)
			rp, err := wire.ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := rp.Verify(rec); err != nil {
				t.Fatal(err)
			}
			if !rp.Game.Over() || len(rec.GetResult().GetScores()) != c.sides {
				t.Fatalf("replayed game over=%v, %d scores", rp.Game.Over(), len(rec.GetResult().GetScores()))
			}
			target := rp.Game.Rules().Target
			if best := int(rec.GetResult().GetScores()[rp.Game.Winner()].GetTotal()); best < target {
				t.Fatalf("winner has %d < target %d", best, target)
			}
			for seat, res := range results {
				if res == nil {
					continue
				}
				for side, sc := range res.GetScores() {
					if sc.GetTotal() != rec.GetResult().GetScores()[side].GetTotal() {
						t.Fatalf("seat %d saw side %d total %d, record says %d", seat, side, sc.GetTotal(), rec.GetResult().GetScores()[side].GetTotal())
					}
				}
			}
		})
	}
}
