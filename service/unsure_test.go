package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestStoreSilentStopsTableTruthfully: when a referee's PostgreSQL stops answering (the link
// frozen: a server stopped with SIGSTOP), the referee stops its tables once no renewal has
// succeeded for a lease's term (dropUnsure), and their seats are told what happened: this referee
// lost touch with its store. They were told the table "has moved to another referee", which no
// referee had done (an outside trial).
func TestStoreSilentStopsTableTruthfully(t *testing.T) {
	link, u := linkedSchema(t)
	st, _ := openShared(t, u)
	logs := &logRecords{}
	a := startReferee(t, st, func(c *Config) { c.Advertise = "127.0.0.1:1"; c.Logger = slog.New(logs) })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	stream, err := a.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0)}}}); err != nil {
		t.Fatal(err)
	}
	if m, err := stream.Recv(); err != nil || m.GetWelcome() == nil {
		t.Fatalf("first message %v, %v; want a Welcome", m, err)
	}
	held := func() float64 {
		return testutil.ToFloat64(a.srv.metrics.leasesHeld.WithLabelValues(string(store.LeaseTable)))
	}
	for deadline := time.Now().Add(5 * time.Second); held() != 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("bezique_leases_held{kind=\"table\"} %v 5 s after the table's creation; want 1", held())
		}
	}
	link.freeze()
	start := time.Now()
	for {
		if _, err = stream.Recv(); err != nil {
			break
		}
	}
	// The table stopped, the gauge no longer counts its lease (it kept the last renewal's count
	// through the outage: an operator's trial).
	if got := held(); got != 0 {
		t.Errorf("bezique_leases_held{kind=\"table\"} %v once the table stopped; want 0", got)
	}
	want := fmt.Sprintf("table %s: this referee has lost touch with its store and stopped the table; reconnect to resume it on the referee that takes it over (any referee, this one included, once the store answers)", resp.GetTableId())
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
		t.Fatalf("seat stream ended with %v after %v; want Unavailable %q", err, time.Since(start).Round(time.Millisecond), want)
	}
	if took := time.Since(start); took < store.LeaseTTL-store.LeaseRenewEvery {
		t.Errorf("the table stopped %v after the store went silent; want no sooner than a lease's term less a renewal, %v", took, store.LeaseTTL-store.LeaseRenewEvery)
	}
	link.cut() // the referee's stop then fails its store calls at once rather than at their deadlines
	// The renewals that found the store silent are warnings, as for a store out of reach: they
	// were errors, every round's (an outside trial).
	if n, e := logs.count(slog.Record{Level: slog.LevelWarn, Message: "renewing leases failed"}), logs.count(slog.Record{Level: slog.LevelError, Message: "renewing leases failed"}); n == 0 || e != 0 {
		t.Errorf("renewing leases failed: %d warnings and %d errors; want warnings only", n, e)
	}
}

// TestStoreGoneEndsDecidingSeatTruthfully: the seat whose action the store refuses when it goes
// out of reach (its Decide sent again at each Rejection, as the SDKs do) is told why its stream
// ends once the referee stops the table, as the other seat is: the referee's side of what
// TestSDKSeesWhyItsTableStopped checks in the Go SDK.
func TestStoreGoneEndsDecidingSeatTruthfully(t *testing.T) {
	link, u := linkedSchema(t)
	st, _ := openShared(t, u)
	logs := &logRecords{}
	a := startReferee(t, st, func(c *Config) { c.Advertise, c.Logger = "127.0.0.1:1", slog.New(logs) })
	resp := a.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(7)})
	s0, s1 := a.join(t, resp, 0, 0), a.join(t, resp, 1, 0)
	s0.welcome()
	s1.welcome()
	req := s0.request()
	link.cut() // every store call fails at once: the action is refused UNAVAILABLE, and sent again
	cut := time.Now()
	s0.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	go func() { // the bot's answer to each Rejection: the same Decide again
		for m := range s0.in {
			if m.GetRejection() != nil {
				time.Sleep(50 * time.Millisecond)
				s0.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
			}
		}
	}()
	want := fmt.Sprintf("table %s: this referee has lost touch with its store and stopped the table; reconnect to resume it on the referee that takes it over (any referee, this one included, once the store answers)", resp.GetTableId())
	for i, s := range []*rawSeat{s0, s1} {
		var err error
		select {
		case err = <-s.end:
		case <-time.After(waitFor):
			t.Fatalf("seat %d: the stream did not end within %v of the store going silent", i, waitFor)
		}
		if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
			t.Errorf("seat %d: the stream ended with %v; want Unavailable %q", i, err, want)
		}
	}
	// The answers sent again every 50 ms are refused without trying the store, which the table
	// tries at most every storeRetry: it was tried, and the failure logged, at each.
	took := time.Since(cut)
	logs.mu.Lock()
	tries := 0
	for _, r := range logs.records {
		if r.Message == "storing an action failed; the table will try again" {
			tries++
		}
	}
	logs.mu.Unlock()
	if most := int(took/storeRetry) + 1; tries < 1 || tries > most {
		t.Errorf("the store was tried %d times for the action in the %v the table lived on; want 1 to %d", tries, took.Round(time.Millisecond), most)
	}
}

// TestSDKSeesWhyItsTableStopped: a Go SDK bot whose answer the store refused (a Rejection
// UNAVAILABLE, answered by sending it again 200 ms later) learns why its stream ended when the
// referee stops the table meanwhile, having lost touch with its store: the SDK took the io.EOF of
// its Send for the connection's loss and logged "connection lost … err=EOF", without the
// referee's message (an outside trial).
func TestSDKSeesWhyItsTableStopped(t *testing.T) {
	link, u := linkedSchema(t)
	a := startPeer(t, u, nil)
	resp := a.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(7)})
	ctx, cancel := context.WithCancel(context.Background())
	deciding := make(chan struct{})
	var once sync.Once
	logs := &logRecords{}
	played := make(chan error, 2)
	for seat := range 2 {
		bot := bots.Func(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
			once.Do(func() { // the first decision waits for the store to be gone
				close(deciding)
				<-time.After(200 * time.Millisecond)
			})
			return req.GetLegalActions()[0].GetActionId(), nil
		})
		cfg := botsdk.Config{Server: a.addr, DialOptions: a.dialOpt, TableID: resp.GetTableId(), Seat: seat, Token: tokenOf(resp, seat),
			BotName: "b", BotVersion: "1", MaxBackoff: 200 * time.Millisecond, Logger: slog.New(logs)}
		go func() {
			_, err := botsdk.Play(ctx, cfg, bot)
			played <- err
		}()
	}
	<-deciding
	link.cut() // the answer is refused UNAVAILABLE, and sent again every 200 ms until the table stops
	want := fmt.Sprintf("table %s: this referee has lost touch with its store", resp.GetTableId())
	lost := func() (why []string) {
		logs.mu.Lock()
		defer logs.mu.Unlock()
		for _, r := range logs.records {
			if r.Message == "connection lost; reconnecting" {
				r.Attrs(func(a slog.Attr) bool {
					if a.Key == "err" {
						why = append(why, a.Value.String())
					}
					return true
				})
			}
		}
		return why
	}
	for deadline := time.Now().Add(waitFor); len(lost()) < 2 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
	}
	cancel()
	<-played
	<-played
	got := lost()
	if len(got) < 2 {
		t.Fatalf("the bots logged %q as their connections' losses within %v of the store's; want both seats'", got, waitFor)
	}
	for _, why := range got[:2] {
		if !strings.Contains(why, want) {
			t.Errorf("a bot logged its connection lost with err=%q; want the referee's %q", why, want)
		}
	}
}
