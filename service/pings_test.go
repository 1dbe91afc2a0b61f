package service

import (
	"slices"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPingsSkipBusyStreams: a seat stream's writer pings at a tick when the table sent the
// stream nothing since the tick before (a ClockReport, which answers a Pong, does not count), and
// at a busy stream's fourth tick in a row at the latest.
func TestPingsSkipBusyStreams(t *testing.T) {
	c := newConn(0, 0, 16)
	got := make(chan *pb.ConnectResponse)
	tick := make(chan time.Time)
	sent := make(chan error, 1)
	go writeSeat(func(m *pb.ConnectResponse) error { got <- m; return nil }, tick, c, sent)
	// sendAndWait queues m and returns what the writer sent up to m, m excluded.
	sendAndWait := func(m *pb.ConnectResponse) []*pb.ConnectResponse {
		t.Helper()
		if !c.enqueue(m, true) {
			t.Fatal("queue full")
		}
		var before []*pb.ConnectResponse
		for {
			select {
			case g := <-got:
				if g == m {
					return before
				}
				before = append(before, g)
			case <-time.After(10 * time.Second):
				t.Fatal("the writer sent nothing for 10 s")
			}
		}
	}
	var trace []string
	for i, busy := range []bool{false, true, true, true, true, false, true, false} {
		if busy {
			if extra := sendAndWait(&pb.ConnectResponse{Kind: &pb.ConnectResponse_Event{Event: &pb.Event{Seq: uint64(i)}}}); len(extra) > 0 {
				t.Fatalf("tick %d: %d messages before the event", i, len(extra))
			}
		}
		tick <- time.Now()
		// A ClockReport marks the end of what the tick sent, and does not make the stream busy.
		what := "-"
		for _, m := range sendAndWait(&pb.ConnectResponse{Kind: &pb.ConnectResponse_ClockReport{ClockReport: &pb.ClockReport{}}}) {
			if m.GetPing() == nil {
				t.Fatalf("tick %d: sent %v", i, m)
			}
			what = "ping"
		}
		trace = append(trace, what)
	}
	c.close(nil)
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	if want := []string{"ping", "-", "-", "-", "ping", "ping", "-", "ping"}; !slices.Equal(trace, want) {
		t.Fatalf("pings at ticks %q, want %q (busy: an event sent since the tick before)", trace, want)
	}
}
