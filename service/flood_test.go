package service

// A bot that floods its stream with answers and never reads what the referee sends back.

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestFloodWithoutReading: a bot that sends Decides without end (stale ones: each is answered with
// a Rejection) and never reads is dropped with ResourceExhausted, as docs/write-a-bot.md and
// Connect promise, and its seat is then disconnected.
//
// FINDING: the stream's reader sends its own answers (conn.sendOwn) since the table's turn
// replaced the actor. Once the bot's flow-control window is full the reader blocks in that send
// and reads nothing more, so no more Rejections are queued and the queue (Config.SeatQueue) never
// fills: the seat stayed connected, its stream open and its three goroutines blocked, for as long
// as the bot kept the stream (the actor's reader kept reading, and the queue filled at once). Now
// a send of the reader's that waits Config.SendStall drops the connection (or the queue, when it
// fills first: a CI run on a loaded machine).
func TestFloodWithoutReading(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) { c.SeatQueue = 64; c.SendStall = 200 * time.Millisecond; c.PingInterval = time.Hour })
	resp := r.create(t, soloTable(nil, nil))
	stream, cancel := joinSeat0(t, r, resp)
	flooding := make(chan int, 1)
	go func() {
		n := 0
		junk := &pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: 1 << 40, Choice: &pb.Decide_ActionId{ActionId: 1}}}}
		// Under MaxIdleMessagesPerSecond (which ends a stream past it, TestIdleMessageFlood): bursts
		// of half of it twice a second, whose Rejections fill the unread window within seconds.
		for {
			for range MaxIdleMessagesPerSecond / 2 {
				if stream.Send(junk) != nil {
					flooding <- n
					return
				}
				n++
			}
			time.Sleep(500 * time.Millisecond)
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetTable().GetState() == pb.TableState_TABLE_STATE_PLAYING && !got.GetTable().GetSeats()[0].GetConnected() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the flooding seat that never reads is still connected after 5 s (table %v, last seq %d)", got.GetTable().GetState(), got.GetTable().GetLastSeq())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for {
		if _, err := stream.Recv(); err != nil {
			// Dropped by the reader's send that waited SendStall, or, when the table queued 64
			// messages first (a loaded machine: a CI run), by the full queue.
			stalled := "seat 0: a message has waited 200ms for the bot to read its stream; reconnect with resume_after_seq"
			full := "seat 0: 64 messages queued and unread; reconnect with resume_after_seq"
			if msg := status.Convert(err).Message(); status.Code(err) != codes.ResourceExhausted || msg != stalled && msg != full {
				t.Fatalf("the flooding seat's stream ended with %v, want ResourceExhausted: %s (or: %s)", err, stalled, full)
			}
			break
		}
	}
	cancel()
	t.Logf("%d Decides sent before the stream ended", <-flooding)
}
