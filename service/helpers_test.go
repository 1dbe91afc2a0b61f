package service

import (
	"context"
	"net"
	"runtime"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// referee is a real referee on an in-memory gRPC connection (bufconn) for protocol tests.
type referee struct {
	srv     *Server
	reg     *prometheus.Registry
	lis     *bufconn.Listener
	grpc    *grpc.Server
	tables  pb.TableServiceClient
	seats   pb.SeatServiceClient
	cc      *grpc.ClientConn
	dialOpt []grpc.DialOption
}

func startReferee(t testing.TB, st store.Store, tweak func(*Config)) *referee {
	t.Helper()
	reg := prometheus.NewRegistry()
	cfg := Config{Store: st, Metrics: NewMetrics(reg), PingInterval: 50 * time.Millisecond}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	lis := bufconn.Listen(1 << 20)
	g := grpc.NewServer(append(append(ServerOptions(cfg.Metrics), srv.LogFailures()...), srv.AuthOptions()...)...)
	srv.Register(g)
	healthpb.RegisterHealthServer(g, health.NewServer())
	files, err := pb.SourceFiles()
	if err != nil {
		t.Fatal(err)
	}
	RegisterReflection(g, files)
	go func() { _ = g.Serve(lis) }()
	dial := []grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
	}
	cc, err := grpc.NewClient("passthrough:///bufnet", dial...)
	if err != nil {
		t.Fatal(err)
	}
	r := &referee{srv: srv, reg: reg, lis: lis, grpc: g, tables: pb.NewTableServiceClient(cc), seats: pb.NewSeatServiceClient(cc), cc: cc, dialOpt: dial}
	t.Cleanup(func() {
		cc.Close()
		g.Stop()
		srv.Close()
	})
	return r
}

// botConfig returns the botsdk config of a seat of a table on this referee.
func (r *referee) botConfig(tableID string, seat int, token string) botsdk.Config {
	return botsdk.Config{Server: "passthrough:///bufnet", TableID: tableID, Seat: seat, Token: token, BotName: "test-random",
		BotVersion: "1", DialOptions: r.dialOpt, MaxBackoff: 100 * time.Millisecond}
}

func remoteSeats(n int) []*pb.SeatConfig {
	out := make([]*pb.SeatConfig, n)
	for i := range out {
		out[i] = &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "remote"}}}
	}
	return out
}

func builtinSeat(bot string) *pb.SeatConfig {
	return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: bot}}}
}

func seed32(n byte) []byte {
	b := make([]byte, 32)
	b[31] = n
	return b
}

func tokenOf(resp *pb.CreateTableResponse, seat int) string {
	for _, st := range resp.GetSeatTokens() {
		if int(st.GetSeat()) == seat {
			return st.GetToken()
		}
	}
	return ""
}

// settledGoroutines returns the number of goroutines once two reads 20 ms apart agree (a GC
// before each; at most 100 tries): the count a leak check compares its work's end with
// (goroutinesDownTo).
func settledGoroutines() int {
	var n int
	for range 100 {
		runtime.GC()
		n = runtime.NumGoroutine()
		time.Sleep(20 * time.Millisecond)
		if m := runtime.NumGoroutine(); m == n {
			break
		}
	}
	return n
}

// goroutinesDownTo returns the number of goroutines, less those expected to stay (counted by
// expected, nil for none), once it is at most limit, or after 10 s. A count taken once two reads
// agreed could catch goroutines on their way out on a loaded machine.
func goroutinesDownTo(limit int, expected func() int) int {
	var n int
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		runtime.GC()
		n = runtime.NumGoroutine()
		if expected != nil {
			n -= expected()
		}
		if n <= limit || time.Now().After(deadline) {
			return n
		}
	}
}
