package service

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/resolver/manual"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// wantRetry fails the test unless err is Unavailable with message want and a RetryInfo of a
// second (takeoverRetry), the status of every "try again in a moment" refusal.
func wantRetry(t *testing.T, what string, err error, want string) {
	t.Helper()
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want || botsdk.RetryDelay(err) != time.Second {
		t.Errorf("%s: %v %q, RetryInfo %v; want Unavailable %q, 1s", what, st.Code(), st.Message(), botsdk.RetryDelay(err), want)
	}
}

// TestForwardToAnAddressThatDoesNotParse (issue #16): a table's owner advertises an address that
// grpc-go cannot dial (it does not parse as a target: a mistyped --advertise). A call forwarded
// to it reached the client as Unknown "service: dial the referee at bad%zz: parse ..."; it is now
// Unavailable with the second's RetryInfo, saying the owner's address cannot be dialled (the log names it), for a unary
// call (GetTable, Decide) as for a seat stream.
func TestForwardToAnAddressThatDoesNotParse(t *testing.T) {
	a, b, raw, resp := tableOnA(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id := resp.GetTableId()
	if _, err := raw.Exec("UPDATE referees SET address = 'bad%zz' WHERE owner = $1", a.srv.leaser.Owner()); err != nil {
		t.Fatal(err)
	}
	want := "forwarded to the referee that owns it: its advertised address (--advertise) cannot be dialled (this referee's log says which); reconnect"
	_, err := b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	wantRetry(t, "GetTable through B", err, want)
	_, err = b.seats.Decide(ctx, &pb.DecideRequest{TableId: id, Token: tokenOf(resp, 0), Decide: &pb.Decide{RequestId: 1, Choice: &pb.Decide_ActionId{ActionId: 1}}})
	wantRetry(t, "Decide through B", err, want)
	stream, err := b.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(joinMsg(&pb.Join{TableId: id, Token: tokenOf(resp, 0), ProtocolVersion: 1})); err != nil {
		t.Fatal(err)
	}
	_, err = stream.Recv()
	wantRetry(t, "Connect through B", err, want)
}

// TestForwardedUnaryCallOnHandover (issue #16): a unary call forwarded through referee B, which
// the owner A holds (its CancelTable waits to store the cancel: a test transaction holds the
// table's row in PostgreSQL), is in flight when B hands over (SIGTERM with a shared store). The
// client gets, at once, Unavailable naming A with the second's RetryInfo, as a forwarded stream
// does (TestForwardedSeatStreamOnHandover). A, which received the call, goes on with it: once the
// row is free the table is cancelled, so the same call made again (through any referee) is
// refused as for a table that has ended. A unary call that ends so may have taken effect.
func TestForwardedUnaryCallOnHandover(t *testing.T) {
	a, b, raw, resp := tableOnA(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id := resp.GetTableId()
	lock, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()
	var pid int
	if err := lock.QueryRowContext(ctx, "SELECT pg_backend_pid() FROM tables WHERE id = $1 FOR UPDATE", id).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() {
		_, err := b.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "through B"})
		ended <- err
	}()
	for blocked := 0; blocked != 1; time.Sleep(10 * time.Millisecond) {
		if err := raw.QueryRowContext(ctx, "SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", pid).Scan(&blocked); err != nil {
			t.Fatalf("waiting for A's cancel to wait for the row: %v", err)
		}
	}
	select {
	case err := <-ended:
		t.Fatalf("CancelTable through B ended while A held it: %v", err)
	default:
	}
	if err := b.srv.Handover(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ended:
		wantRetry(t, "CancelTable through B, in flight at its handover", err,
			"forwarding to the referee that owns it: this referee is shutting down; reconnect (any referee sharing the store serves it)")
	case <-time.After(5 * time.Second):
		t.Fatal("CancelTable through B did not end within 5 s of B's handover")
	}
	if err := lock.Rollback(); err != nil {
		t.Fatal(err)
	}
	for {
		got, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetTable().GetState() == pb.TableState_TABLE_STATE_CANCELLED {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, err = a.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id})
	if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != "table "+id+" is cancelled" {
		t.Errorf("CancelTable made again through A: %v; want FailedPrecondition, table %s is cancelled", err, id)
	}
}

// TestBotReconnectsThroughAnotherRefereeOnHandover (issue #16): a Go SDK bot plays seat 0 of a
// table of referee A, its seat stream forwarded through referee B; the built-in rulebook plays
// seat 1 at A. B drains in the middle of the game as bezique-referee does on SIGTERM (Handover,
// then its port stops). The bot's stream ends Unavailable with the second's RetryInfo; the bot
// waits it out, reconnects through referee C (forwarded to A again), resumes from its last event
// and finishes the game, whose record, read through C, replays to the result the bot saw.
//
// botsdk.Config takes one server address, a gRPC target: the docs give bots one address that
// outlives any referee (a load balancer, the Kubernetes Service), out of reach here. The target
// here resolves to B then C (grpc-go's manual resolver, as a DNS name with an address per
// referee resolves with dns:///), and grpc-go's pick_first takes C once B's port is closed.
func TestBotReconnectsThroughAnotherRefereeOnHandover(t *testing.T) {
	u, _ := sharedSchema(t)
	a, b, c := startPeer(t, u, nil), startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("rulebook")}, Seed: seed32(16)})
	if err != nil {
		t.Fatal(err)
	}
	referees := manual.NewBuilderWithScheme("referees")
	referees.InitialState(resolver.State{Addresses: []resolver.Address{{Addr: b.addr}, {Addr: c.addr}}})

	// The bot's fifth decision waits for B's handover, so that B drains in the middle of the game.
	const drainAt = 5
	reached, drained := make(chan struct{}), make(chan struct{})
	random, decisions := botsdk.NewRandom(1), 0
	bot := botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		if decisions++; decisions == drainAt {
			close(reached)
			<-drained
		}
		return random.Decide(ctx, req)
	})
	welcomes := 0
	logs := &logRecords{}
	cfg := botsdk.Config{Server: "referees:///bezique", TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "mover",
		DialOptions: []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithResolvers(referees)},
		OnWelcome:   func(*pb.Welcome) { welcomes++ }, Logger: slog.New(logs)}
	played := make(chan error, 1)
	var res *pb.GameResult
	go func() {
		var err error
		res, err = botsdk.Play(ctx, cfg, bot)
		played <- err
	}()
	select {
	case <-reached:
	case err := <-played:
		t.Fatalf("Play ended before its decision %d: %v", drainAt, err)
	}
	if err := b.srv.Handover(ctx); err != nil {
		t.Fatal(err)
	}
	close(drained)
	b.grpc.GracefulStop()
	if err := <-played; err != nil {
		t.Fatalf("Play through B, then C: %v", err)
	}
	if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("outcome %v, want completed", res.GetOutcome())
	}
	if welcomes != 2 {
		t.Errorf("%d Welcomes; want 2, the join through B and the resume through C", welcomes)
	}
	lost := slog.Record{Level: slog.LevelWarn, Message: "connection lost; reconnecting"}
	if n := logs.count(lost); n != 1 {
		t.Errorf("the bot lost its stream %d times, want once", n)
	}
	want := "forwarding to the referee that owns it: this referee is shutting down; reconnect (any referee sharing the store serves it)"
	logs.mu.Lock()
	for _, r := range logs.records {
		if r.Message == lost.Message {
			r.Attrs(func(at slog.Attr) bool {
				if at.Key == "err" {
					err, _ := at.Value.Any().(error)
					wantRetry(t, "the end of the bot's stream through B", err, want)
				}
				return true
			})
		}
	}
	logs.mu.Unlock()
	for name, r := range map[string]*peerReferee{"B": b, "C": c} {
		if n := forwardedCalls(r.srv.metrics, pb.SeatService_Connect_FullMethodName); n != 1 {
			t.Errorf("%s forwarded %v calls, want 1 (the bot's stream)", name, n)
		}
	}
	got, err := c.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	rec := got.GetRecord()
	if !proto.Equal(rec.GetResult(), res) {
		t.Errorf("the record's result %v, want the bot's %v", rec.GetResult(), res)
	}
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Verify(rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}
