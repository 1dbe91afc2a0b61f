package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestSeatsShareAConn plays a two-handed game whose two seats share one connection
// (botsdk.Config.Conn, a stream each), and checks that Play leaves the connection open.
func TestSeatsShareAConn(t *testing.T) {
	r := startReferee(t, nil, nil)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(9)})
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	results := make([]*pb.GameResult, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for seat := range 2 {
		cfg := botsdk.Config{Conn: r.cc, TableID: resp.GetTableId(), Seat: seat, Token: tokenOf(resp, seat), BotName: "shared"}
		wg.Go(func() { results[seat], errs[seat] = botsdk.Play(ctx, cfg, botsdk.NewRandom(uint64(seat))) })
	}
	wg.Wait()
	for seat := range 2 {
		if errs[seat] != nil || results[seat].GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("seat %d: %v, %v; want a completed game", seat, results[seat].GetOutcome(), errs[seat])
		}
	}
	if _, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()}); err != nil {
		t.Fatalf("the shared connection after Play: %v", err)
	}
}
