package service

import (
	"context"
	"net"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestBotRejoinsARefereeBackOnItsAddress: a Go bot's referee (SQLite, real TCP) stops mid-game
// and is started again on the same address 7 s later, as a referee restarted in place after a
// crash; the bot, with the default Config.MaxBackoff (5 s), decides again within 3 s of the new
// referee listening. With grpc-go's own backoff between connection attempts (up to 120 s, about
// 6 s after 10 s of refusals) the bot's calls failed at once with the last dial error
// ("connection refused") for seconds after the referee was back; then it waited out its own
// backoff, up to 5 s (an operator's trial of the Python SDK, whose games were auto-played).
func TestBotRejoinsARefereeBackOnItsAddress(t *testing.T) {
	if testing.Short() {
		t.Skip("waits 10 s for a referee to come back (not in -short)")
	}
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	serve := func(lis net.Listener) *referee {
		reg := prometheus.NewRegistry()
		cfg := Config{Store: st, Metrics: NewMetrics(reg)}
		quiet(&cfg)
		return serveLoopback(t, lis, cfg, reg)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	r1 := serve(lis)
	resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(3)})
	if err != nil {
		t.Fatal(err)
	}

	var decisions atomic.Int64
	first := make(chan struct{})
	var back atomic.Int64 // UnixNano of the first decision after the referee came back
	var backSince atomic.Int64
	random := botsdk.NewRandom(1)
	bot := botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		if decisions.Add(1) == 1 {
			close(first)
		}
		if since := backSince.Load(); since != 0 && back.Load() == 0 {
			back.Store(time.Now().UnixNano())
		}
		return random.Decide(ctx, req)
	})
	cfg := botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "back",
		BotVersion: "1"}
	type played struct {
		res *pb.GameResult
		err error
	}
	done := make(chan played, 1)
	go func() {
		res, err := botsdk.Play(ctx, cfg, bot)
		done <- played{res, err}
	}()
	select {
	case <-first:
	case <-time.After(10 * time.Second):
		t.Fatal("no decision request in 10 s")
	}
	r1.grpc.Stop() // the connections drop; the table stops, kept in the store
	r1.srv.Close()
	// 7 s: the bot's own waits (0.1 s doubling to 5 s) had it try at 6.3 s and next at 11.3 s,
	// over 4 s after the referee's return (10 s fell 1.3 s before an attempt, and passed).
	time.Sleep(7 * time.Second)

	lis, err = net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s again: %v", addr, err)
	}
	backSince.Store(time.Now().UnixNano())
	serve(lis)
	var p played
	select {
	case p = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the game did not end within 60 s of the referee's return")
	}
	if p.err != nil || p.res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Play = %v, %v; want a completed game", p.res, p.err)
	}
	if back.Load() == 0 {
		t.Fatal("the bot never decided after the referee came back")
	}
	if wait := time.Duration(back.Load() - backSince.Load()); wait > 3*time.Second {
		t.Errorf("the bot decided again %v after the referee listened again; want within 3 s", wait.Round(time.Millisecond))
	}
}
