package service

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBatchedSeatGetsTheSameMessages plays one game twice (seed fixed; the remote seat 0 takes
// the first legal action, seat 1 is the built-in random bot), once joined with Join.batch and
// once without: unpacked, the batched seat's messages are the unbatched seat's, in the same order
// (deadlines aside), in fewer gRPC messages; a Batch holds two messages or more and no Batch; and
// the first message after each Decide carries that action's events and no decision request (the
// events are not held back until the next request is built).
func TestBatchedSeatGetsTheSameMessages(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.PingInterval = time.Hour })
	play := func(batch bool) (flat []*pb.ConnectResponse, grpcMsgs int) {
		t.Helper()
		resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(31)})
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		stream, err := r.seats.Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		join := &pb.Join{TableId: resp.GetTableId(), Token: tokenOf(resp, 0), ProtocolVersion: ProtocolVersion, Batch: batch}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: join}}); err != nil {
			t.Fatal(err)
		}
		decided := false
		for {
			m, err := stream.Recv()
			if err != nil {
				t.Fatalf("batch=%v: after %d messages: %v", batch, len(flat), err)
			}
			grpcMsgs++
			msgs := unbatch(m)
			if b := m.GetBatch(); b != nil {
				if !batch {
					t.Fatalf("a seat that joined without batch got a Batch: %v", m)
				}
				if len(msgs) < 2 {
					t.Fatalf("a Batch of %d messages", len(msgs))
				}
			}
			if decided {
				hasEvent, hasRequest := false, false
				for _, x := range msgs {
					hasEvent = hasEvent || x.GetEvent() != nil
					hasRequest = hasRequest || x.GetDecisionRequest() != nil
				}
				if !hasEvent || hasRequest {
					t.Fatalf("batch=%v: the first message after a Decide (%d messages: event %v, request %v); want the action's events alone", batch, len(msgs), hasEvent, hasRequest)
				}
				decided = false
			}
			for _, x := range msgs {
				if x.GetBatch() != nil {
					t.Fatalf("a Batch in a Batch: %v", m)
				}
				flat = append(flat, x)
				if req := x.GetDecisionRequest(); req != nil {
					d := &pb.Decide{RequestId: req.GetRequestId(), Choice: &pb.Decide_ActionId{ActionId: req.GetLegalActions()[0].GetActionId()}}
					if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: d}}); err != nil {
						t.Fatal(err)
					}
					decided = true
				}
				if x.GetGameOver() != nil {
					return flat, grpcMsgs
				}
			}
		}
	}
	alone, aloneMsgs := play(false)
	batched, batchedMsgs := play(true)
	if len(batched) != len(alone) {
		t.Fatalf("batched seat: %d messages unpacked; unbatched seat: %d", len(batched), len(alone))
	}
	for i := range alone {
		a, b := withoutClock(alone[i]), withoutClock(batched[i])
		if i == 0 { // the Welcome names its table and its commitment (salted per table)
			a.GetWelcome().TableId, b.GetWelcome().TableId = "", ""
			a.GetWelcome().SeedCommitment, b.GetWelcome().SeedCommitment = "", ""
		}
		if !proto.Equal(a, b) {
			t.Fatalf("message %d: batched seat got %v; unbatched seat got %v", i, b, a)
		}
	}
	if aloneMsgs != len(alone) || batchedMsgs >= aloneMsgs*2/3 {
		t.Errorf("gRPC messages: %d unbatched (of %d), %d batched; want one each unbatched and at most two thirds of that batched", aloneMsgs, len(alone), batchedMsgs)
	}
	t.Logf("%d messages: %d gRPC messages unbatched, %d batched", len(alone), aloneMsgs, batchedMsgs)
}

// withoutClock returns a copy of m without the times that differ between two plays of one game:
// a decision request's deadline and clocks.
func withoutClock(m *pb.ConnectResponse) *pb.ConnectResponse {
	m = proto.CloneOf(m)
	if req := m.GetDecisionRequest(); req != nil {
		req.Deadline, req.DecisionLeftMs, req.BankLeftMs = nil, 0, 0
	}
	return m
}
