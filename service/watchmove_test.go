package service

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestWatchThroughOwnerHandover (issue #16): a spectator watches, through referee B, a game that
// referee A plays; A hands over mid-game. The forwarded watch ends UNAVAILABLE "the referee that
// owns it: the referee is shutting down; reconnect to resume" (it said "the referee is
// shutting down", which read as B's); the seat, joining again through C, is refused UNAVAILABLE
// while the table has no owner, then resumes on the referee that took it over; watched again
// through B from the next seq, the game is followed to its end (OK): no event twice, none out of
// order, and the last one the game's end.
func TestWatchThroughOwnerHandover(t *testing.T) {
	u, _ := sharedSchema(t)
	a, b, c := startPeer(t, u, nil), startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, remoteVsRandom())
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	seat := a.join(t, resp, 0, 0)
	seat.welcome()
	for range 3 {
		req := seat.request()
		seat.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	}
	seat.request() // the game waits for seat 0
	var events []*pb.Event
	watch := func(from uint64) (pb.TableService_WatchTableClient, error) {
		w, err := b.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id, FromSeq: from})
		if err != nil {
			return nil, err
		}
		m, err := w.Recv() // the first event: the table exists at the far end
		if err == nil {
			events = append(events, m.GetEvent())
		}
		return w, err
	}
	drain := func(w pb.TableService_WatchTableClient) error {
		for {
			m, err := w.Recv()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if m.GetEvent() != nil {
				events = append(events, m.GetEvent())
			}
		}
	}
	w, err := watch(0)
	if err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- drain(w) }()
	for last := uint64(0); ; time.Sleep(10 * time.Millisecond) { // the history has arrived
		if n := len(seat.eventsSnapshot()); n > 0 && seat.eventsSnapshot()[n-1].GetSeq() == last {
			break
		} else if n > 0 {
			last = seat.eventsSnapshot()[n-1].GetSeq()
		}
	}
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	if err := a.srv.Handover(ctx); err != nil {
		t.Fatal(err)
	}
	err = <-ended
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "the referee that owns it: the referee is shutting down; reconnect to resume" {
		t.Fatalf("the watch through B ended with %v; want Unavailable, the referee that owns it is shutting down", err)
	}
	before := len(events)
	// Seat 0 reconnects through C: refused UNAVAILABLE while the table has no owner.
	refused := 0
	var resumed *rawSeat
	for resumed == nil {
		s := c.join(t, resp, 0, seat.eventsSnapshot()[len(seat.eventsSnapshot())-1].GetSeq())
		s.setAuto() // before any decision request arrives
		select {
		case m := <-s.in:
			s.pending = append(s.pending, m)
			resumed = s
		case err := <-s.end:
			if status.Code(err) != codes.Unavailable || ctx.Err() != nil {
				t.Fatalf("seat 0 joining again through C: %v; want Unavailable until the table is taken over", err)
			}
			refused++
			time.Sleep(50 * time.Millisecond)
		}
	}
	resumed.welcome()
	took := time.Since(start)
	w, err = watch(events[len(events)-1].GetSeq() + 1)
	if err != nil {
		t.Fatalf("watching again through B once the table was taken over: %v", err)
	}
	resumed.gameOver()
	if err := drain(w); err != nil {
		t.Fatalf("the second watch through B ended with %v, want OK at the game's end", err)
	}
	t.Logf("%d events before the handover, %d after; seat 0 refused %d times, for %v", before, len(events)-before, refused, took)
	for i := 1; i < len(events); i++ {
		if events[i].GetSeq() <= events[i-1].GetSeq() {
			t.Fatalf("event %d has seq %d after %d", i, events[i].GetSeq(), events[i-1].GetSeq())
		}
	}
	if events[len(events)-1].GetGameEnded() == nil {
		t.Fatalf("the last event watched is %v, want the game's end", events[len(events)-1])
	}
}
