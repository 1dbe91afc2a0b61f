package service

import (
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestWelcomeShowsTheJoiningSeat: the Welcome of a seat's stream shows that seat connected, with
// the bot name its Join gave, and a stream that supersedes another for the seat, resuming after
// after the last event the first one saw, gets every event after that one, in order and without
// a gap (the first stream's drop, its own connection, the game's). Before, the Welcome was made before the seat counted the stream: it showed
// the joining seat disconnected, and without the name its own Join gave (an outside trial), and
// the superseding stream missed the first one's SeatDisconnected.
func TestWelcomeShowsTheJoiningSeat(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, soloTable(nil, nil))
	a := r.join(t, resp, 0, 0)
	w := a.welcome()
	if s := w.GetSeats()[0]; !s.GetConnected() || s.GetBotName() != "raw" {
		t.Fatalf("the first Welcome shows the joining seat as %v; want connected, bot raw", s)
	}
	a.request()
	events := a.eventsSnapshot()
	resumed := events[len(events)-1].GetSeq()
	b := r.join(t, resp, 0, resumed)
	a.wantStatus(codes.Aborted)
	w = b.welcome()
	if s := w.GetSeats()[0]; !s.GetConnected() || s.GetBotName() != "raw" {
		t.Fatalf("the superseding Welcome shows the joining seat as %v; want connected, bot raw", s)
	}
	req := b.request()
	b.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	b.event("seat 0's action", func(e *pb.Event) bool { return actionEvents([]*pb.Event{e}, 0) == 1 })
	last := resumed
	for _, e := range b.eventsSnapshot() {
		if e.GetSeq() != last+1 {
			t.Fatalf("resumed after %d, event %d, then event %d (%T)", resumed, last, e.GetSeq(), e.GetPayload())
		}
		last = e.GetSeq()
	}
	if last <= w.GetLastSeq() {
		t.Fatalf("the events end at %d, the Welcome's last_seq %d: want the action after it", last, w.GetLastSeq())
	}
	r.cancelTable(t, resp.GetTableId())
	b.wantStatus(codes.OK)
}
