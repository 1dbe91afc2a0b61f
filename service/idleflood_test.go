package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestIdleMessageFlood: a seat stream that sends stale Decides (a request that was never open)
// as fast as it can is ended ResourceExhausted once it passes MaxIdleMessagesPerSecond, each
// refused before that, and the seat joins again and plays its open request. One token holder
// sent 2.3 million in 15 s, each refused and answered, for 9.6 s of the referee's CPU (an outside
// trial).
func TestIdleMessageFlood(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil))
	s := r.join(t, resp, 0, 0)
	req := s.request()
	for range 10 * MaxIdleMessagesPerSecond { // many more than the limit: the referee reads them faster than it refills, under -race too
		if err := s.stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: req.GetRequestId() + 1000, Choice: &pb.Decide_ActionId{ActionId: 1}}}}); err != nil {
			break // the referee ended the stream
		}
	}
	err := s.wantStatus(codes.ResourceExhausted)
	want := "seat 0 member 0: more than 1000 messages a second that change nothing (answers to requests not open or refused, " +
		"pongs to no ping, joins on a joined stream); reconnect with resume_after_seq"
	if msg := status.Convert(err).Message(); msg != want {
		t.Fatalf("the flood ended with %q, want %q", msg, want)
	}
	wantRefusals(t, r, LimitSeatMessages, 1) // it went uncounted (an operator's trial)
	refused := 0
	for _, m := range s.pending {
		if rej := m.GetRejection(); rej != nil && rej.GetCode() == pb.RejectionCode_REJECTION_CODE_STALE_REQUEST && strings.Contains(rej.GetMessage(), "; nothing changed: ") {
			refused++
		}
	}
	if refused < MaxIdleMessagesPerSecond {
		t.Fatalf("%d stale answers refused before the end, want %d at least", refused, MaxIdleMessagesPerSecond)
	}
	again := r.join(t, resp, 0, 0)
	req = again.request()
	again.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	again.event("seat 0's action", func(e *pb.Event) bool { return actionEvents([]*pb.Event{e}, 0) == 1 })
}

// TestIdleUnaryDecideFlood: stale unary Decides for a seat count with its stream's messages that
// change nothing: past MaxIdleMessagesPerSecond at one instant (decideFor with one arrival time,
// so that no token comes back) the call is refused ResourceExhausted and the seat's stream ends
// with it; the unary Decide then finds no stream. 152 000 in 10 s went round the stream's limit,
// each refused and relayed on the stream (an outside trial). (A flood through gRPC would test the
// machine's speed: under -race 3 000 calls took 3 s, as slow as the limit's refill.)
func TestIdleUnaryDecideFlood(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil))
	s := r.join(t, resp, 0, 0)
	req := s.request()
	tb, err := r.srv.table(resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	stale := &pb.DecideRequest{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), Decide: &pb.Decide{RequestId: req.GetRequestId() + 1000, Choice: &pb.Decide_ActionId{ActionId: 1}}}
	at := time.Now()
	var errs []error
	if err := tb.post(context.Background(), func() {
		for range MaxIdleMessagesPerSecond + 1 {
			errs = append(errs, tb.decideFor(context.Background(), stale, at))
		}
	}); err != nil {
		t.Fatal(err)
	}
	for i, err := range errs[:MaxIdleMessagesPerSecond] {
		if err != nil {
			t.Fatalf("stale Decide %d: %v, want it refused on the stream only", i, err)
		}
	}
	want := "seat 0 member 0: more than 1000 messages a second that change nothing (answers to requests not open or refused, " +
		"pongs to no ping, joins on a joined stream); reconnect with resume_after_seq"
	if st := status.Convert(errs[MaxIdleMessagesPerSecond]); st.Code() != codes.ResourceExhausted || st.Message() != want {
		t.Fatalf("stale Decide %d: %v; want ResourceExhausted %q", MaxIdleMessagesPerSecond, errs[MaxIdleMessagesPerSecond], want)
	}
	if st := status.Convert(s.wantStatus(codes.ResourceExhausted)); st.Message() != want {
		t.Fatalf("the seat's stream ended with %q, want %q", st.Message(), want)
	}
	wantRefusals(t, r, LimitSeatMessages, 1)
	_, err = r.seats.Decide(context.Background(), stale)
	wantMessage(t, "a unary Decide after", err, codes.FailedPrecondition, "seat 0 has no stream: open SeatService.Play (or Connect) first")
}
