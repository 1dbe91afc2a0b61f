package service

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/codec"
	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Benchmarks of the referee over loopback TCP. They run on demand (see docs/BENCHMARKS.md,
// "Referee"), not in CI.

// echoService is a bare grpc-go bidirectional ping-pong: grpc's own interop TestService,
// FullDuplexCall answering each request with one response.
type echoService struct {
	testgrpc.UnimplementedTestServiceServer
}

// registerEcho registers an [echoService] on g.
func registerEcho(g *grpc.Server) { testgrpc.RegisterTestServiceServer(g, echoService{}) }

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

// AuthFuncOverride lets every caller use the echo service when the referee requires keys
// (go-grpc-middleware's auth interceptor asks the service first): it is not the referee's.
func (echoService) AuthFuncOverride(ctx context.Context, _ string) (context.Context, error) {
	return ctx, nil
}

// benchSecureEnv names the environment variable that runs the referee benchmarks on TCP
// (startTCPReferee) with TLS and API keys: "1" serves TLS on every referee's port and turns on
// authentication, and every client (the benchmark's, the bots, the bot processes) connects with
// TLS and sends the admin key (the benchmarks choose their seeds, which only an admin may).
// docs/BENCHMARKS.md, "With TLS and API keys".
const benchSecureEnv = "BEZIQUE_BENCH_SECURE"

// benchAdminKey is the admin key of a referee started with benchSecureEnv.
const benchAdminKey = "bench-admin-key-0123456789abcdef"

// tcpReferee is a referee (and the bare echo service) on a loopback TCP port.
type tcpReferee struct {
	srv       *Server
	addr      string
	cc        *grpc.ClientConn // sends key
	tables    pb.TableServiceClient
	caFile    string      // with TLS, the CA that signed the referee's certificate; "-" without
	clientTLS *tls.Config // with TLS, the clients' config; nil without
	key       string      // with authentication, the key every client sends; "" without
}

// startTCPReferee starts a referee with tweak applied to its Config and, withTLS or with
// benchSecureEnv set, TLS on its port (a certificate from a CA made here, written to caFile for
// a bot process); with benchSecureEnv set it also requires API keys, and the clients send the
// admin key. The per-principal limits are raised past what one benchmark client needs.
func startTCPReferee(b *testing.B, tweak func(*Config), withTLS bool) *tcpReferee {
	b.Helper()
	secure := os.Getenv(benchSecureEnv) == "1"
	cfg := Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour, MaxTables: 1 << 20, KeepFinished: 1 << 20,
		MaxWaitingPerPrincipal: 1 << 20, MaxTablesPerPrincipal: 1 << 20, CreatesPerMinute: 1 << 30, MaxWatchersPerTable: 1 << 20, MaxWatchersPerPrincipal: 1 << 20}
	if secure {
		cfg.Auth = &Auth{AdminKey: benchAdminKey}
	}
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
	r := &tcpReferee{srv: srv, addr: lis.Addr().String(), caFile: "-"}
	clientCreds := insecure.NewCredentials()
	var portTLS *tls.Config // TLS ends at the port, as in the referee
	if withTLS || secure {
		ca := testpki.NewCA(b, "bench CA")
		portTLS = &tls.Config{Certificates: []tls.Certificate{ca.Issue(b, 2, "127.0.0.1").TLS(b)}}
		r.clientTLS = &tls.Config{RootCAs: ca.Pool()}
		clientCreds = credentials.NewTLS(r.clientTLS)
		r.caFile = ca.WriteCA(b, b.TempDir(), "ca.crt")
	}
	port, err := NewPort(lis, PortConfig{TLS: portTLS, MaxConnectionIdle: DefaultMaxConnectionIdle}, func(g *grpc.Server) { // as the referee serves its port
		srv.Register(g)
		registerEcho(g)
	}, append(ServerOptions(cfg.Metrics), srv.AuthOptions()...)...)
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	opts := append(botsdk.WindowOptions(), grpc.WithTransportCredentials(clientCreds)) // as the Go SDK dials
	if secure {
		r.key = benchAdminKey
		opts = append(opts, grpc.WithPerRPCCredentials(botsdk.KeyCredentials(r.key)))
	}
	if r.cc, err = grpc.NewClient(r.addr, opts...); err != nil {
		b.Fatal(err)
	}
	r.tables = pb.NewTableServiceClient(r.cc)
	b.Cleanup(func() {
		r.cc.Close()
		port.Stop(0)
		srv.Close()
	})
	return r
}

// botConfig is the configuration of a Go bot (botsdk) in seat of table, with r's TLS and key.
func (r *tcpReferee) botConfig(tableID string, seat int, token string) botsdk.Config {
	return botsdk.Config{Server: r.addr, TLS: r.clientTLS, Key: r.key, TableID: tableID, Seat: seat, Token: token, BotName: "bench"}
}

// BenchmarkSeatRoundTrip measures, over loopback TCP, the time from a seat's Decide being sent to
// the first event of that action being received (ns/op), next to a bare grpc-go ping-pong on the
// same server and transport. Seat 1 is the built-in random bot; decision_rt_ns is the time to the
// seat's next DecisionRequest (the built-in seat's move and the view included). The seat joins
// with Join.batch and the full view; "seat-compact" is that seat joined with VIEW_MODE_COMPACT (as
// the SDKs join), "seat-lean" with VIEW_MODE_NONE (requests without the view), "seat-unbatched"
// without Join.batch (every message alone, as a client that does not know Batch gets them).
// "bare-grpc-pingpong-paced" is the ping-pong whose client, between its round trips, decodes
// what a compact seat's client decodes between its own (a mid-deal action's events and the next
// decision request): the server's CPUs then idle between round trips as long as a referee's do
// with a bot, which, with the bot in its own process, makes the bare round trip slower.
// "paired" runs seat-compact and the paced ping-pong on one connection, taking turns every
// pairedBlock round trips (runPaired): ns/op, p50_ns and decision_rt_ns are the seat's,
// paced_p50_ns the ping-pong's median, p50_ratio and mean_ratio the seat's over the ping-pong's
// (the goal of issue #16: at most 1.3), and cpu_ns/op both clients' work on the referee.
//
// Three placements of the client: "in-process" (the client shares the referee's Go runtime, and
// so its scheduler, on the same CPUs), "bot-process" (the client is this test binary started
// again as a separate process, as every real bot is) and "bot-process-tls" (the same over TLS
// 1.3, ECDSA P-256 certificate, for the seat and the ping-pong alike). Each iteration is timed by the client
// itself (no b.StopTimer, whose stop-the-world memory statistics would land between the seat's
// round trips but not between the ping-pong's).
func BenchmarkSeatRoundTrip(b *testing.B) {
	for _, place := range []string{"in-process", "bot-process", "bot-process-tls"} {
		for _, mode := range []string{"bare-grpc-pingpong", "bare-grpc-pingpong-paced", "seat", "seat-compact", "seat-lean", "seat-unbatched", "paired"} {
			b.Run(place+"/"+mode, func(b *testing.B) {
				r := startTCPReferee(b, nil, place == "bot-process-tls")
				var rt roundTrips
				cpu, writes := processCPU(b), processWrites(b)
				if place == "in-process" {
					rt = runRoundTrips(b, r.cc, mode, b.N)
				} else {
					rt = roundTripsInBotProcess(b, r, mode, b.N)
				}
				b.ReportMetric(float64(processCPU(b)-cpu)/float64(b.N), "cpu_ns/op")
				b.ReportMetric(float64(processWrites(b)-writes)/float64(b.N), "writes/op")
				if place != "in-process" {
					b.ReportMetric(float64(rt.BotCPUNs)/float64(b.N), "bot_cpu_ns/op")
				}
				b.ReportMetric(float64(rt.FirstNs)/float64(b.N), "ns/op")
				b.ReportMetric(float64(rt.P50Ns), "p50_ns")
				b.ReportMetric(float64(rt.P90Ns), "p90_ns")
				if strings.HasPrefix(mode, "seat") || mode == "paired" {
					b.ReportMetric(float64(rt.DecisionNs)/float64(b.N), "decision_rt_ns")
					b.ReportMetric(float64(rt.Messages)/float64(b.N), "msgs/op")
				}
				if mode == "paired" {
					b.ReportMetric(float64(rt.PacedP50Ns), "paced_p50_ns")
					b.ReportMetric(float64(rt.P50Ns)/float64(rt.PacedP50Ns), "p50_ratio")
					b.ReportMetric(float64(rt.FirstNs)/float64(rt.PacedNs), "mean_ratio")
				}
			})
		}
	}
}

// processCPU returns the user and system CPU time this process has used, in nanoseconds. In
// BenchmarkSeatRoundTrip it is the referee's (and, in-process, the client's) CPU: a figure that
// the other processes of a shared machine change much less than the times; a bot process
// measures its own the same way (bot_cpu_ns/op).
func processCPU(tb testing.TB) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// processWrites returns how many write system calls this process has made (syscw of
// /proc/self/io, Linux only: -1 elsewhere). In BenchmarkSeatRoundTrip's bot-process placements
// they are the referee's: mostly gRPC's transport flushing what it has queued to the socket.
func processWrites(b *testing.B) int64 {
	io, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(io), "\n") {
		if v, ok := strings.CutPrefix(line, "syscw: "); ok {
			var n int64
			if _, err := fmt.Sscan(v, &n); err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	return -1
}

// roundTrips is what a benchmark client measured: the total time to the answer (the echo, or the
// first event of the seat's action), its median and 90th percentile, and, for a seat, the total
// time to the next decision request (nanoseconds) and the messages received from the Decide to
// that request or the game's end.
type roundTrips struct {
	FirstNs    int64 `json:"first_ns"`
	P50Ns      int64 `json:"p50_ns"`
	P90Ns      int64 `json:"p90_ns"`
	DecisionNs int64 `json:"decision_ns"`
	Messages   int64 `json:"messages"`
	BotCPUNs   int64 `json:"bot_cpu_ns"`   // the bot process's CPU time (bot-process placements)
	PacedNs    int64 `json:"paced_ns"`     // "paired": the paced ping-pong's total time to the answer
	PacedP50Ns int64 `json:"paced_p50_ns"` // "paired": its median

	last []*pb.ConnectResponse // a seat's messages of its last round trip, as received
}

// seatReads plays 40 round trips of a compact seat on cc (mid-deal: a deal's first 40 of about
// 200 decisions) and returns the wire bytes of the messages of its last: the action's events and
// the next decision request, which a seat's client reads between its round trips.
func seatReads(tb testing.TB, cc *grpc.ClientConn) [][]byte {
	var read [][]byte
	for _, m := range runRoundTrips(tb, cc, "seat-compact", 40).last {
		b, err := m.MarshalVT()
		if err != nil {
			tb.Fatal(err)
		}
		read = append(read, b)
	}
	return read
}

// add counts one round trip of d to the answer.
func (rt *roundTrips) add(d time.Duration, all *[]int64) {
	rt.FirstNs += d.Nanoseconds()
	*all = append(*all, d.Nanoseconds())
}

// percentiles sets P50Ns and P90Ns from every round trip's time.
func (rt *roundTrips) percentiles(all []int64) {
	if len(all) == 0 {
		return
	}
	slices.Sort(all)
	rt.P50Ns, rt.P90Ns = all[len(all)/2], all[len(all)*9/10]
}

// benchBotEnv names the environment variable that makes this test binary a benchmark client
// (TestBenchBotProcess): "mode address n cafile key" (cafile "-": plaintext; key "-": none).
const benchBotEnv = "BEZIQUE_BENCH_BOT"

// roundTripsInBotProcess runs n round trips on r from a separate process: this test binary,
// started again as TestBenchBotProcess, which prints its roundTrips as JSON.
func roundTripsInBotProcess(b *testing.B, r *tcpReferee, mode string, n int) roundTrips {
	b.Helper()
	key := r.key
	if key == "" {
		key = "-"
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchBotProcess$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %s %d %s %s", benchBotEnv, mode, r.addr, n, r.caFile, key))
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("benchmark bot process: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "roundtrips "); ok {
			var rt roundTrips
			if err := json.Unmarshal([]byte(rest), &rt); err != nil {
				b.Fatal(err)
			}
			return rt
		}
	}
	b.Fatalf("benchmark bot process printed no result:\n%s", out)
	return roundTrips{}
}

// TestBenchBotProcess is the client of BenchmarkSeatRoundTrip's "bot-process" cases; it does
// nothing unless started by it (benchBotEnv set). It warms up with benchWarmup round trips first.
func TestBenchBotProcess(t *testing.T) {
	spec := os.Getenv(benchBotEnv)
	if spec == "" {
		t.Skip("started by BenchmarkSeatRoundTrip only")
	}
	var mode, addr, caFile, key string
	var n int
	if _, err := fmt.Sscan(spec, &mode, &addr, &n, &caFile, &key); err != nil {
		t.Fatalf("%s=%q: %v", benchBotEnv, spec, err)
	}
	creds := insecure.NewCredentials()
	if caFile != "-" {
		c, err := botsdk.TLSConfig(caFile, "", "")
		if err != nil {
			t.Fatal(err)
		}
		creds = credentials.NewTLS(c)
	}
	opts := append(botsdk.WindowOptions(), grpc.WithTransportCredentials(creds)) // as the Go SDK dials
	if key != "-" {
		opts = append(opts, grpc.WithPerRPCCredentials(botsdk.KeyCredentials(key)))
	}
	cc, err := grpc.NewClient(addr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	runRoundTrips(t, cc, mode, benchWarmup)
	cpu := processCPU(t)
	rt := runRoundTrips(t, cc, mode, n)
	rt.BotCPUNs = processCPU(t) - cpu
	out, err := json.Marshal(rt)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("roundtrips %s\n", out)
}

// benchWarmup is how many round trips a benchmark bot process makes before it measures.
const benchWarmup = 500

// runRoundTrips makes n round trips on cc: mode "bare-grpc-pingpong" (grpc's interop
// FullDuplexCall, 16-byte payload), "bare-grpc-pingpong-paced" (the same, its client decoding
// between round trips the messages a compact seat reads between its own: seatReads), "seat" (Decide with the first legal action id of a remote
// seat facing the built-in random bot, new games as they end, joined with Join.batch and the full
// view), "seat-compact" (the same seat joined with VIEW_MODE_COMPACT, as the SDKs join; the
// benchmark reads the compact view without expanding it), "seat-lean" (joined with
// VIEW_MODE_NONE: its requests carry no view), "seat-unbatched" (the seat joined without
// Join.batch) or "paired" (runPaired: seat-compact and the paced ping-pong taking turns).
func runRoundTrips(tb testing.TB, cc *grpc.ClientConn, mode string, n int) (rt roundTrips) {
	if mode == "paired" {
		return runPaired(tb, cc, n)
	}
	all := make([]int64, 0, n)
	defer func() { rt.percentiles(all) }()
	c := newRoundTripper(tb, cc, mode)
	defer c.close()
	for range n {
		c.once(tb, &rt, &all)
	}
	return rt
}

// pairedBlock is how many round trips of one client "paired" makes before the other's turn.
const pairedBlock = 20

// runPaired makes n round trips of a compact seat and n of the paced ping-pong on cc, taking
// turns every pairedBlock round trips, so that both see the machine in the same state: on
// 2026-12-03 the AMD machine's bare round trip went from 84 to 130-165 µs within ten minutes,
// and two runs seconds apart differed by more than the goal's margin. It returns the seat's roundTrips with the ping-pong's time and median in PacedNs and
// PacedP50Ns.
func runPaired(tb testing.TB, cc *grpc.ClientConn, n int) (rt roundTrips) {
	seat, paced := newRoundTripper(tb, cc, "seat-compact"), newRoundTripper(tb, cc, "bare-grpc-pingpong-paced")
	defer seat.close()
	defer paced.close()
	var ping roundTrips
	seatAll, pingAll := make([]int64, 0, n), make([]int64, 0, n)
	for i := range n {
		if i%pairedBlock == 0 && i > 0 {
			// The other client's turn: its block ends where this one's does.
			for range pairedBlock {
				paced.once(tb, &ping, &pingAll)
			}
		}
		seat.once(tb, &rt, &seatAll)
	}
	for len(pingAll) < n {
		paced.once(tb, &ping, &pingAll)
	}
	rt.percentiles(seatAll)
	ping.percentiles(pingAll)
	rt.PacedNs, rt.PacedP50Ns = ping.FirstNs, ping.P50Ns
	return rt
}

// roundTripper is one benchmark client of runRoundTrips on its stream: once makes one round trip
// and adds it to rt, its time to the answer to all.
type roundTripper interface {
	once(tb testing.TB, rt *roundTrips, all *[]int64)
	close()
}

// newRoundTripper opens the client of mode (see runRoundTrips) on cc.
func newRoundTripper(tb testing.TB, cc *grpc.ClientConn, mode string) roundTripper {
	if mode == "bare-grpc-pingpong" || mode == "bare-grpc-pingpong-paced" {
		p := &pingPong{req: &testgrpc.StreamingOutputCallRequest{Payload: &testgrpc.Payload{Body: make([]byte, 16)}}}
		if mode == "bare-grpc-pingpong-paced" {
			p.read = seatReads(tb, cc)
		}
		var err error
		if p.stream, err = testgrpc.NewTestServiceClient(cc).FullDuplexCall(context.Background()); err != nil {
			tb.Fatal(err)
		}
		return p
	}
	c := &seatTrips{mode: mode, client: pb.NewSeatServiceClient(cc), tables: pb.NewTableServiceClient(cc), cancel: func() {}}
	c.newGame(tb)
	return c
}

// pingPong is the bare grpc-go ping-pong's client; paced, it decodes read before each round trip.
type pingPong struct {
	stream testgrpc.TestService_FullDuplexCallClient
	req    *testgrpc.StreamingOutputCallRequest
	read   [][]byte
}

func (p *pingPong) once(tb testing.TB, rt *roundTrips, all *[]int64) {
	for _, b := range p.read {
		if err := new(pb.ConnectResponse).UnmarshalVT(b); err != nil {
			tb.Fatal(err)
		}
	}
	start := time.Now()
	if err := p.stream.Send(p.req); err != nil {
		tb.Fatal(err)
	}
	if _, err := p.stream.Recv(); err != nil {
		tb.Fatal(err)
	}
	rt.add(time.Since(start), all)
}

func (p *pingPong) close() { _ = p.stream.CloseSend() }

// seatTrips is a remote seat's client facing the built-in random bot, on a new table whenever
// its game ends.
type seatTrips struct {
	mode   string
	client pb.SeatServiceClient
	tables pb.TableServiceClient
	stream pb.SeatService_ConnectClient
	cancel context.CancelFunc // ends stream
	req    *pb.DecisionRequest
}

// newGame creates a table and joins seat 0 of it as mode says, up to its first decision request.
func (c *seatTrips) newGame(tb testing.TB) {
	c.cancel()
	resp, err := c.tables.CreateTable(context.Background(), soloTable(nil, nil))
	if err != nil {
		tb.Fatal(err)
	}
	var ctx context.Context
	ctx, c.cancel = context.WithCancel(context.Background())
	if c.stream, err = c.client.Connect(ctx, grpc.ForceCodecV2(codec.Client)); err != nil { // as the Go SDK connects
		tb.Fatal(err)
	}
	join := &pb.Join{TableId: resp.GetTableId(), Token: tokenOf(resp, 0), ProtocolVersion: 1, Batch: c.mode != "seat-unbatched"}
	switch c.mode {
	case "seat-lean":
		join.ViewMode = pb.ViewMode_VIEW_MODE_NONE
	case "seat-compact":
		join.ViewMode = pb.ViewMode_VIEW_MODE_COMPACT
	}
	if err := c.stream.Send(joinMsg(join)); err != nil {
		tb.Fatal(err)
	}
	c.req = nil
	for c.req == nil {
		m, err := c.stream.Recv()
		if err != nil {
			tb.Fatal(err)
		}
		for _, m := range unbatch(m) {
			if d := m.GetDecisionRequest(); d != nil {
				c.req = d
			}
		}
	}
}

func (c *seatTrips) once(tb testing.TB, rt *roundTrips, all *[]int64) {
	start, sent := time.Now(), c.req.GetRequestId()
	if err := c.stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: c.req.GetRequestId(),
		Choice: &pb.Decide_ActionId{ActionId: c.req.GetLegalActions()[0].GetActionId()}}}}); err != nil {
		tb.Fatal(err)
	}
	first, over := true, false
	rt.last = rt.last[:0]
	for {
		m, err := c.stream.Recv()
		if err != nil {
			tb.Fatal(err)
		}
		rt.Messages++
		rt.last = append(rt.last, m)
		for _, m := range unbatch(m) {
			if first && m.GetEvent() != nil {
				first = false
				rt.add(time.Since(start), all)
			}
			if d := m.GetDecisionRequest(); d != nil {
				c.req = d
				rt.DecisionNs += time.Since(start).Nanoseconds()
			}
			over = over || m.GetGameOver() != nil
		}
		if c.req.GetRequestId() != sent || over {
			break
		}
	}
	if over {
		c.newGame(tb)
	}
}

func (c *seatTrips) close() { c.cancel() }

// unbatch returns the messages m carries: those of its Batch (Join.batch), or m alone.
func unbatch(m *pb.ConnectResponse) []*pb.ConnectResponse {
	if b := m.GetBatch(); b != nil {
		return b.GetMessages()
	}
	return []*pb.ConnectResponse{m}
}

// BenchmarkThroughput plays whole games of random bots on 1, 64 and 1 000 concurrent tables and
// reports games/s and actions/s. In the remote cases every seat is a remote Go bot (botsdk.Play,
// one stream and connection per seat, loopback TCP: 2 000 connections at 1 000 tables); the
// builtin case uses built-in random seats (no network: the referee's table actors alone). One op
// is one game.
func BenchmarkThroughput(b *testing.B) {
	cases := []struct {
		name    string
		tables  int
		builtin bool
	}{{"tables=1/remote", 1, false}, {"tables=64/remote", 64, false}, {"tables=1000/remote", 1000, false}, {"tables=1000/builtin", 1000, true}}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			r := startTCPReferee(b, nil, false)
			var next, actions atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for w := range c.tables {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for next.Add(1) <= int64(b.N) {
						actions.Add(int64(throughputGame(b, r, c.builtin, uint64(w))))
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
func throughputGame(b *testing.B, r *tcpReferee, builtin bool, seed uint64) int {
	ctx, tables := context.Background(), r.tables
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
				cfg := r.botConfig(resp.GetTableId(), int(st.GetSeat()), st.GetToken())
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
// reports what they hold, in bytes per table: heap in use after a GC, goroutine stacks, and the two
// together (table_bytes/table, the figure of the 16 KB goal).
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
	heap, stack := float64(after.HeapAlloc-before.HeapAlloc), float64(after.StackInuse-before.StackInuse)
	b.ReportMetric(heap/float64(b.N), "heap_bytes/table")
	b.ReportMetric(stack/float64(b.N), "stack_bytes/table")
	b.ReportMetric((heap+stack)/float64(b.N), "table_bytes/table")
	b.ReportMetric(float64(after.NumGC-before.NumGC), "gcs")
	_ = runtime.NumGoroutine()
}
