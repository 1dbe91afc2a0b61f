package service

import (
	"context"
	"io"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Benchmarks of the referee over loopback TCP. They run on demand (see docs/BENCHMARKS.md,
// "Referee"), not in CI.

// echoService is a bare grpc-go bidirectional ping-pong: grpc's own interop TestService,
// FullDuplexCall answering each request with one response.
type echoService struct {
	testgrpc.UnimplementedTestServiceServer
}

func (echoService) FullDuplexCall(stream testgrpc.TestService_FullDuplexCallServer) error {
	resp := &testgrpc.StreamingOutputCallResponse{}
	for {
		req, err := stream.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		resp.Payload = req.GetPayload()
		if err := stream.Send(resp); err != nil {
			return err
		}
	}
}

// tcpReferee is a referee (and the bare echo service) on a loopback TCP port.
type tcpReferee struct {
	srv  *Server
	addr string
	cc   *grpc.ClientConn
}

func startTCPReferee(b *testing.B, tweak func(*Config)) *tcpReferee {
	b.Helper()
	cfg := Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour, MaxTables: 1 << 20, KeepFinished: 1 << 20}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	g := grpc.NewServer(ServerOptions(cfg.Metrics)...)
	srv.Register(g)
	testgrpc.RegisterTestServiceServer(g, echoService{})
	go func() { _ = g.Serve(lis) }()
	cc, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		cc.Close()
		g.Stop()
		srv.Close()
	})
	return &tcpReferee{srv: srv, addr: lis.Addr().String(), cc: cc}
}

// BenchmarkSeatRoundTrip measures, over loopback TCP, the time from a seat's Decide being sent to
// the first event of that action being received (ns/op), next to the bare grpc-go ping-pong on
// the same server and transport. Seat 1 is the built-in random bot; the reported decision_rt_ns is
// the time to the seat's next DecisionRequest (the built-in seat's move and the view included).
func BenchmarkSeatRoundTrip(b *testing.B) {
	b.Run("bare-grpc-pingpong", func(b *testing.B) {
		r := startTCPReferee(b, nil)
		stream, err := testgrpc.NewTestServiceClient(r.cc).FullDuplexCall(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		req := &testgrpc.StreamingOutputCallRequest{Payload: &testgrpc.Payload{Body: make([]byte, 16)}}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if err := stream.Send(req); err != nil {
				b.Fatal(err)
			}
			if _, err := stream.Recv(); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		_ = stream.CloseSend()
	})
	b.Run("seat", func(b *testing.B) {
		r := startTCPReferee(b, nil)
		client := pb.NewSeatServiceClient(r.cc)
		tables := pb.NewTableServiceClient(r.cc)
		var stream pb.SeatService_ConnectClient
		var cancel context.CancelFunc = func() {}
		defer func() { cancel() }()
		var req *pb.DecisionRequest
		newGame := func() {
			cancel()
			resp, err := tables.CreateTable(context.Background(), soloTable(nil, nil))
			if err != nil {
				b.Fatal(err)
			}
			var ctx context.Context
			ctx, cancel = context.WithCancel(context.Background())
			if stream, err = client.Connect(ctx); err != nil {
				b.Fatal(err)
			}
			if err := stream.Send(joinMsg(&pb.Join{TableId: resp.GetTableId(), Token: tokenOf(resp, 0), ProtocolVersion: 1})); err != nil {
				b.Fatal(err)
			}
			req = nil
			for req == nil {
				m, err := stream.Recv()
				if err != nil {
					b.Fatal(err)
				}
				req = m.GetDecisionRequest()
			}
		}
		newGame()
		var toDecision time.Duration
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			start := time.Now()
			if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: req.GetRequestId(),
				Choice: &pb.Decide_ActionId{ActionId: req.GetLegalActions()[0].GetActionId()}}}}); err != nil {
				b.Fatal(err)
			}
			first, over := true, false
			for {
				m, err := stream.Recv()
				if err != nil {
					b.Fatal(err)
				}
				if first && m.GetEvent() != nil {
					first = false
					b.StopTimer()
				}
				if d := m.GetDecisionRequest(); d != nil {
					req = d
					toDecision += time.Since(start)
					break
				}
				if m.GetGameOver() != nil {
					over = true
					break
				}
			}
			if over {
				newGame()
			}
			b.StartTimer()
		}
		b.StopTimer()
		b.ReportMetric(float64(toDecision.Nanoseconds())/float64(b.N), "decision_rt_ns")
	})
}

// BenchmarkThroughput plays whole games of random bots on 1, 64 and 1 000 concurrent tables and
// reports games/s and actions/s. With 1 and 64 tables every seat is a remote Go bot (botsdk.Play,
// one stream and connection per seat, loopback TCP); the 1 000-table case uses built-in random
// seats (no network: the referee's table actors alone). One op is one game.
func BenchmarkThroughput(b *testing.B) {
	cases := []struct {
		name    string
		tables  int
		builtin bool
	}{{"tables=1/remote", 1, false}, {"tables=64/remote", 64, false}, {"tables=1000/builtin", 1000, true}}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			r := startTCPReferee(b, nil)
			tables := pb.NewTableServiceClient(r.cc)
			var next, actions atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for w := range c.tables {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for next.Add(1) <= int64(b.N) {
						actions.Add(int64(throughputGame(b, r, tables, c.builtin, uint64(w))))
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "games/s")
			b.ReportMetric(float64(actions.Load())/elapsed.Seconds(), "actions/s")
		})
	}
}

// throughputGame plays one two-handed game and returns its number of actions.
func throughputGame(b *testing.B, r *tcpReferee, tables pb.TableServiceClient, builtin bool, seed uint64) int {
	ctx := context.Background()
	seats := remoteSeats(2)
	if builtin {
		seats = []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}
	}
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats})
	if err != nil {
		b.Error(err)
		return 0
	}
	if builtin {
		// The table plays itself; a spectator stream from beyond the history ends with the game.
		w, err := tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId(), FromSeq: 1 << 62})
		if err != nil {
			b.Error(err)
			return 0
		}
		for {
			if _, err := w.Recv(); err != nil {
				break
			}
		}
	} else {
		var wg sync.WaitGroup
		for _, st := range resp.GetSeatTokens() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cfg := botsdk.Config{Server: r.addr, TableID: resp.GetTableId(), Seat: int(st.GetSeat()), Token: st.GetToken(), BotName: "bench"}
				if _, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(seed+uint64(st.GetSeat()))); err != nil {
					b.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	rec, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil {
		b.Error(err)
		return 0
	}
	return len(rec.GetRecord().GetActions())
}

// BenchmarkIdleTableMemory creates b.N waiting tables (two remote seats each, nobody joins) and
// reports the heap they hold, in bytes per table.
func BenchmarkIdleTableMemory(b *testing.B) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour, MaxTables: 1 << 22})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		if _, err := srv.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(b.N), "heap_bytes/table")
	b.ReportMetric(float64(after.NumGC-before.NumGC), "gcs")
	_ = runtime.NumGoroutine()
}
