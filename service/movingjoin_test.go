package service

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// movingReferee is a referee on loopback TCP whose tables move to another referee for its first
// `moving` joins: it answers those Unavailable with ErrMoving's message, as a referee does while
// another takes a dead referee's table over (forward.go), with a RetryInfo of retry if it is not
// 0 (without one, as a referee did before it sent ErrMoving's), then serves the joins as usual.
// Its first `moving` GetTable calls get ErrMoving's own status (statusOf).
type movingReferee struct {
	addr   string
	tables pb.TableServiceClient
	joins  atomic.Int32 // SeatService.Connect streams opened
	gets   atomic.Int32 // TableService.GetTable calls
}

func startMovingReferee(t *testing.T, moving int32, retry time.Duration) *movingReferee {
	t.Helper()
	cfg := Config{Store: store.NewMemory(0), Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: 50 * time.Millisecond}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &movingReferee{addr: lis.Addr().String()}
	refuse := func(s any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if info.FullMethod == pb.SeatService_Connect_FullMethodName && r.joins.Add(1) <= moving {
			st := status.New(codes.Unavailable, "table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect")
			if retry > 0 {
				st, _ = st.WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(retry)})
			}
			return st.Err()
		}
		return handler(s, ss)
	}
	refuseGet := func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if info.FullMethod == pb.TableService_GetTable_FullMethodName && r.gets.Add(1) <= moving {
			return nil, statusOf(errorf(ErrMoving, "table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect"))
		}
		return handler(ctx, req)
	}
	g := grpc.NewServer(append(ServerOptions(cfg.Metrics), grpc.ChainStreamInterceptor(refuse), grpc.ChainUnaryInterceptor(refuseGet))...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	cc, err := grpc.NewClient(r.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	r.tables = pb.NewTableServiceClient(cc)
	t.Cleanup(func() {
		cc.Close()
		g.Stop()
		srv.Close()
	})
	return r
}

// botFor creates a two-handed table of a remote seat 0 against the built-in random bot and
// returns the Go SDK's configuration of seat 0.
func (r *movingReferee) botFor(t *testing.T) botsdk.Config {
	t.Helper()
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(3)})
	if err != nil {
		t.Fatal(err)
	}
	return botsdk.Config{Server: r.addr, TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "moving",
		ConnectAttempts: 3, MaxBackoff: 100 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
}

// TestBotJoinsThroughATakeover: a bot started while its table moves to another referee is
// refused with Unavailable by the referee, more times than its connect attempts; those refusals
// do not count as failed dials (issue #16: the SDK gave up after 3 with "cannot reach"), so it
// joins once the table has moved and plays the game to its end.
func TestBotJoinsThroughATakeover(t *testing.T) {
	r := startMovingReferee(t, 6, 0)
	res, err := botsdk.Play(context.Background(), r.botFor(t), botsdk.NewRandom(1))
	if err != nil {
		t.Fatalf("Play = %v; want the game played after 6 refusals", err)
	}
	if res.GetOutcome() == pb.Outcome_OUTCOME_UNSPECIFIED {
		t.Errorf("result %v has no outcome", res)
	}
	if n := r.joins.Load(); n != 7 {
		t.Errorf("%d joins, want 7 (6 refused, 1 played)", n)
	}
}

// TestBotJoinsThroughATakeoverAfterItsRetryInfo: a refusal of the moving referee that carries a
// RetryInfo is waited out (at least its delay, far above the backoff) and not counted either.
func TestBotJoinsThroughATakeoverAfterItsRetryInfo(t *testing.T) {
	r := startMovingReferee(t, 4, 250*time.Millisecond)
	start := time.Now()
	if _, err := botsdk.Play(context.Background(), r.botFor(t), botsdk.NewRandom(1)); err != nil {
		t.Fatalf("Play = %v; want the game played after 4 refusals", err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("played after %v; want 4 waits of at least the RetryInfo's 250ms", d)
	}
	if n := r.joins.Load(); n != 5 {
		t.Errorf("%d joins, want 5 (4 refused, 1 played)", n)
	}
}

// TestRetryInterceptorWaitsOutAMove: the CLI's client (botsdk.RetryInterceptor), which retried
// only rate limits, makes a GetTable refused with ErrMoving's status again after its RetryInfo's
// second, twice, and gets the table.
func TestRetryInterceptorWaitsOutAMove(t *testing.T) {
	r := startMovingReferee(t, 2, 0)
	cfg := r.botFor(t)
	cc, err := grpc.NewClient(r.addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(botsdk.RetryInterceptor(3, slog.New(slog.DiscardHandler))))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	start := time.Now()
	got, err := pb.NewTableServiceClient(cc).GetTable(context.Background(), &pb.GetTableRequest{TableId: cfg.TableID})
	if err != nil || got.GetTable().GetTableId() != cfg.TableID {
		t.Fatalf("GetTable = %v, %v; want table %s after 2 refusals", got, err, cfg.TableID)
	}
	if n := r.gets.Load(); n != 3 {
		t.Errorf("%d GetTable calls, want 3 (2 refused, 1 answered)", n)
	}
	if d := time.Since(start); d < 2*time.Second {
		t.Errorf("answered after %v; want 2 waits of the RetryInfo's second", d)
	}
}

// TestBotGivesUpOnATableThatDoesNotMove: a referee that answers Unavailable for longer than the
// bot's TakeoverWait makes it give up with the referee's own message, not "cannot reach".
func TestBotGivesUpOnATableThatDoesNotMove(t *testing.T) {
	r := startMovingReferee(t, 1<<30, 0)
	cfg := r.botFor(t)
	cfg.TakeoverWait = 700 * time.Millisecond
	start := time.Now()
	_, err := botsdk.Play(context.Background(), cfg, botsdk.NewRandom(1))
	want := "botsdk: referee at " + r.addr + " answered UNAVAILABLE: table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect for 700ms"
	if err == nil || err.Error() != want {
		t.Fatalf("Play = %v; want %q", err, want)
	}
	if d := time.Since(start); d < 500*time.Millisecond || d > 3*time.Second {
		t.Errorf("giving up took %v, want about 700ms", d)
	}
	if n := r.joins.Load(); n < 4 {
		t.Errorf("%d joins in 700ms, want more than the 3 connect attempts", n)
	}
}

// TestBotJoinsThroughARealTakeover: two referees on one PostgreSQL schema (docs/OPERATIONS.md);
// a bot is started, through B, on a table of A just as A goes away (its port closed, then its
// table handed over). B answers its joins Unavailable ("forwarded to the referee at A, which
// owns it and does not answer", then "this referee has just taken it over") until its takeover
// round; with ConnectAttempts 1 the SDK used to give up on the first of them with "cannot reach
// B". It now joins once B runs the table and plays the game to its end.
func TestBotJoinsThroughARealTakeover(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	a.grpc.Stop() // A's port closes; its referee lives on and keeps its lease
	handedOver := make(chan error, 1)
	go func() {
		time.Sleep(500 * time.Millisecond)
		handedOver <- a.srv.Handover(ctx) // A stops the table and releases its lease: B takes it within a second
	}()
	logs := &logRecords{}
	cfg := botsdk.Config{Server: b.addr, TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "moving",
		ConnectAttempts: 1, MaxBackoff: 200 * time.Millisecond, Logger: slog.New(logs)}
	res, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	if err != nil {
		t.Fatalf("Play through B = %v; want the game played once B took the table over", err)
	}
	if err := <-handedOver; err != nil {
		t.Fatalf("Handover: %v", err)
	}
	if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("outcome %v, want completed", res.GetOutcome())
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	refused := 0
	for _, rec := range logs.records {
		if strings.HasPrefix(rec.Message, "the referee answered UNAVAILABLE") {
			refused++
		}
	}
	if refused == 0 {
		t.Error("B never answered Unavailable: the bot joined before the table moved, and the test shows nothing")
	}
}

// TestMovingRefusalCarriesRetryInfo: two referees on one PostgreSQL schema; A owns a table and
// its port closes. B answers a GetTable of it Unavailable ("forwarded to the referee at A, which
// owns it and does not answer") with a RetryInfo of a second, the referees' takeover round, which
// it did not carry before; the CLI's client (botsdk.RetryInterceptor), which retried only rate
// limits, waits that second between calls and gets the table once A has handed it over to B.
func TestMovingRefusalCarriesRetryInfo(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	a.grpc.Stop() // A's port closes; its referee lives on and keeps its lease

	_, err = b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	st := status.Convert(err)
	wantPrefix := "forwarded to the referee that owns it, which does not answer: if it stopped, another referee takes its tables and tournaments over within 10s; reconnect"
	if st.Code() != codes.Unavailable || !strings.HasPrefix(st.Message(), wantPrefix) || botsdk.RetryDelay(err) != time.Second {
		t.Fatalf("GetTable through B = %v %q, RetryInfo %v; want Unavailable %q..., 1s", st.Code(), st.Message(), botsdk.RetryDelay(err), wantPrefix)
	}

	logs := &logRecords{}
	cc, err := grpc.NewClient(b.addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(botsdk.RetryInterceptor(12, slog.New(logs))))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	handedOver := make(chan error, 1)
	go func() {
		time.Sleep(1500 * time.Millisecond)
		handedOver <- a.srv.Handover(ctx) // A stops the table and releases its lease: B takes it within a second
	}()
	start := time.Now()
	got, err := pb.NewTableServiceClient(cc).GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatalf("GetTable through B with the retry interceptor = %v; want the table once B has taken it over", err)
	}
	if err := <-handedOver; err != nil {
		t.Fatalf("Handover: %v", err)
	}
	if got.GetTable().GetTableId() != id {
		t.Errorf("GetTable answered table %q, want %q", got.GetTable().GetTableId(), id)
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	if n := len(logs.records); n < 2 {
		t.Errorf("%d retries logged, want 2 or more (1.5 s before the handover, a second apart)", n)
	}
	if d := time.Since(start); d < time.Duration(len(logs.records))*time.Second {
		t.Errorf("%d retries took %v, less than their RetryInfo's second each", len(logs.records), d)
	}
}
