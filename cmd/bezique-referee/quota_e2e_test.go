package main

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBinaryLimits: the limit flags reach the referee: --max-waiting-per-principal refuses the
// third waiting table, --max-streams-per-conn holds a third stream on one connection until one
// ends, --waiting-expiry ends a waiting table as OUTCOME_EXPIRED, and --max-conns-per-addr 1 does
// not count loopback's connections (three clients of 127.0.0.1 are served).
func TestBinaryLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	p := startBinary(t, buildReferee(t), "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory",
		"--max-waiting-per-principal", "2", "--max-streams-per-conn", "2", "--waiting-expiry", "2s", "--max-conns-per-addr", "1")
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	ctx := context.Background()
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}}}
	var ids []string
	for range 2 {
		resp, err := tables.CreateTable(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, resp.GetTableId())
	}
	if _, err := tables.CreateTable(ctx, req); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("third waiting table: %v, want ResourceExhausted", err)
	}
	for i := range 2 {
		if _, err := pb.NewTableServiceClient(dialReferee(t, p.addr)).GetTable(ctx, &pb.GetTableRequest{TableId: ids[0]}); err != nil {
			t.Fatalf("client %d more from loopback, with --max-conns-per-addr 1: %v", i+2, err)
		}
	}

	watch := func(ctx context.Context, id string) error {
		stream, err := tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	for _, id := range ids {
		if err := watch(wctx, id); err != nil {
			t.Fatal(err)
		}
	}
	short, cancelShort := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancelShort()
	if err := watch(short, ids[0]); status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("a third stream on the connection: %v, want it held until its deadline", err)
	}
	cancel()
	if err := watch(ctx, ids[0]); err != nil {
		t.Fatalf("a stream after the others ended: %v", err)
	}

	for _, id := range ids {
		var ti *pb.TableInfo
		for deadline := time.Now().Add(30 * time.Second); ti.GetState() != pb.TableState_TABLE_STATE_EXPIRED; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("table %s not expired: %v", id, ti)
			}
			resp, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
			if err != nil {
				t.Fatal(err)
			}
			ti = resp.GetTable()
		}
		if ti.GetResult().GetOutcome() != pb.Outcome_OUTCOME_EXPIRED {
			t.Fatalf("table %s ended with %v, want OUTCOME_EXPIRED", id, ti.GetResult())
		}
	}
}
