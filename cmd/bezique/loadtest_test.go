package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// TestMain runs the command line instead of the tests when BEZIQUE_TEST_MAIN is 1: loadtest
// starts its workers by running its own executable, which in a test is the test binary.
func TestMain(m *testing.M) {
	if os.Getenv("BEZIQUE_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestLoadtest runs a short load test against an in-process referee, with its bots in two worker
// processes, and checks every figure of the report.
func TestLoadtest(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := newRootCmd()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs([]string{"loadtest", "--tables", "20", "--duration", "3s", "--think", "10ms", "--workers", "2"})
	if err := cmd.ExecuteContext(ctx); err != nil {
		t.Fatalf("loadtest: %v\n%s%s", err, out.String(), errOut.String())
	}
	t.Log(out.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if want := "load test: 20 two-handed tables on an in-process referee; random bots: worker processes 2, seats per connection 1, view compact, think 10ms; measured 3."; !strings.HasPrefix(lines[0], want) {
		t.Fatalf("first line %q, want it to start %q", lines[0], want)
	}
	fig := map[string]string{}
	var names []string
	for _, l := range lines[1:] {
		k, v, ok := strings.Cut(l, ": ")
		if !ok {
			t.Fatalf("line %q is not name: value", l)
		}
		fig[k] = v
		names = append(names, k)
	}
	if got, want := strings.Join(names, " "), "tables duration_s think_ms offered_actions_per_s achieved_actions_per_s actions games errors "+
		"round_trip_p50_ms round_trip_p99_ms round_trip_p999_ms referee_cpu_per_action_us referee_reads_per_action referee_writes_per_action referee_rss_per_table_kb referee_heap_per_table_kb"; got != want {
		t.Fatalf("figures %q, want %q", got, want)
	}
	num := func(name string) float64 {
		t.Helper()
		v, err := strconv.ParseFloat(fig[name], 64)
		if err != nil {
			t.Fatalf("%s: %q is not a number", name, fig[name])
		}
		return v
	}
	if fig["tables"] != "20" || fig["think_ms"] != "10" || fig["offered_actions_per_s"] != "2000.0" || fig["errors"] != "0" {
		t.Errorf("tables %s, think_ms %s, offered %s, errors %s; want 20, 10, 2000.0, 0", fig["tables"], fig["think_ms"], fig["offered_actions_per_s"], fig["errors"])
	}
	d, achieved, actions := num("duration_s"), num("achieved_actions_per_s"), num("actions")
	if d < 3 || d > 4 {
		t.Errorf("duration_s %v, want 3 to 4", d)
	}
	if achieved <= 0 || achieved > 2000 {
		t.Errorf("achieved_actions_per_s %v, want more than 0 and at most the offered 2000", achieved)
	}
	if rate := actions / d; rate < achieved*0.995 || rate > achieved*1.005 { // duration_s is rounded to 10 ms
		t.Errorf("actions %v over %vs is %v/s, but achieved_actions_per_s is %v", actions, d, rate, achieved)
	}
	if games := num("games"); games < 0 || games > actions/50 {
		t.Errorf("games %v for %v actions (a game has more than 50)", games, actions)
	}
	p50, p99, p999 := num("round_trip_p50_ms"), num("round_trip_p99_ms"), num("round_trip_p999_ms")
	if p50 <= 0 || p99 < p50 || p999 < p99 || p999 > 1000 {
		t.Errorf("round trips p50 %v, p99 %v, p99.9 %v ms: want 0 < p50 <= p99 <= p99.9 < 1000", p50, p99, p999)
	}
	if cpu := num("referee_cpu_per_action_us"); cpu <= 0 || cpu > 100_000 {
		t.Errorf("referee_cpu_per_action_us %v, want more than 0 and under 0.1 s", cpu)
	}
	for _, name := range []string{"referee_reads_per_action", "referee_writes_per_action"} {
		if n := num(name); n <= 0 || n > 100 { // the in-process referee's and the coordinator's: a few an action
			t.Errorf("%s %v, want more than 0 and at most 100", name, n)
		}
	}
	if rss := num("referee_rss_per_table_kb"); rss < -10_000 || rss > 10_000 {
		t.Errorf("referee_rss_per_table_kb %v, want within ±10 MB", rss)
	}
	if heap := num("referee_heap_per_table_kb"); heap <= 0 || heap > 10_000 {
		t.Errorf("referee_heap_per_table_kb %v, want more than 0 and under 10 MB", heap)
	}
}

// TestLoadtestRefusals checks the bounds: --duration required and capped, loopback only.
func TestLoadtestRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tables", "5"}, "--duration is required, more than 0 and at most 10m0s"},
		{[]string{"--duration", "11m"}, "--duration is required, more than 0 and at most 10m0s"},
		{[]string{"--duration", "1s", "--server", "10.0.0.1:7777"}, "--server 10.0.0.1:7777: a load test targets a referee on loopback only (127.0.0.1, ::1 or localhost)"},
		{[]string{"--duration", "1s", "--server", "example.com:7777"}, "--server example.com:7777: a load test targets a referee on loopback only (127.0.0.1, ::1 or localhost)"},
		{[]string{"--duration", "1s", "--view", "some"}, `--view "some": want full, compact or none`},
		{[]string{"--duration", "1s", "--tables", "0"}, "--tables 0: want at least 1"},
		{[]string{"--duration", "1s", "--tls-ca", "ca.pem"}, "--tls, --tls-ca, --tls-cert and --tls-key need --server: the referee a load test starts itself serves plaintext"},
	} {
		out, err := runCmd(context.Background(), append([]string{"loadtest"}, c.args...)...)
		if err == nil || err.Error() != c.want {
			t.Errorf("loadtest %v: %v (%s), want %s", c.args, err, out, c.want)
		}
	}
}

// TestLoadtestServer runs a load test against a referee it did not start (--server), here one
// in the test's process, named by --referee-pid; the heap figure is then unknown.
func TestLoadtestServer(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "loadtest", "--server", ref.addr, "--referee-pid", strconv.Itoa(os.Getpid()), "--tables", "3", "--workers", "1", "--seats-per-conn", "2", "--view", "none", "--duration", "1s")
	if err != nil {
		t.Fatalf("loadtest: %v\n%s", err, out)
	}
	want := "load test: 3 two-handed tables on the referee at " + ref.addr + "; random bots: worker processes 1, seats per connection 2, view none, think 0s; measured 1."
	if !strings.HasPrefix(out, want) {
		t.Fatalf("output:\n%s\nwant it to start %q", out, want)
	}
	for _, line := range []string{"\noffered_actions_per_s: unlimited\n", "\nerrors: 0\n", "\nreferee_heap_per_table_kb: unknown\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	for _, name := range []string{"achieved_actions_per_s", "referee_cpu_per_action_us", "referee_reads_per_action", "referee_writes_per_action", "referee_rss_per_table_kb"} {
		i := strings.Index(out, "\n"+name+": ")
		if i < 0 {
			t.Fatalf("output lacks %s:\n%s", name, out)
		}
		v := out[i+len(name)+3:]
		v = v[:strings.Index(v, "\n")]
		if f, err := strconv.ParseFloat(v, 64); err != nil || name != "referee_rss_per_table_kb" && f <= 0 {
			t.Errorf("%s: %q, want a number (more than 0)", name, v)
		}
	}
}

// TestLoadtestRefereeQuotas: the in-process referee of a 400-table load test lets its one
// principal create the 400 tables at once over gRPC (with the public defaults the 101st waiting
// table was refused, and a 1 000-table ramp never finished); a 10 000-table load test's referee
// lets it hold its 10 000 tables waiting and in play (the default is 1 000).
func TestLoadtestRefereeQuotas(t *testing.T) {
	if c := loadRefereeConfig(loadOptions{tables: 10_000}, io.Discard); c.MaxWaitingPerPrincipal < 10_000 || c.MaxTablesPerPrincipal < 10_000 {
		t.Fatalf("a 10 000-table load test's referee: MaxWaitingPerPrincipal %d, MaxTablesPerPrincipal %d; want at least 10 000",
			c.MaxWaitingPerPrincipal, c.MaxTablesPerPrincipal)
	}
	const tables = 400
	ctx := context.Background()
	srv, err := service.New(ctx, loadRefereeConfig(loadOptions{tables: tables}, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(service.ServerOptions(nil)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	defer g.Stop()
	cc, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	client := pb.NewTableServiceClient(cc)
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "load"}}},
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "load"}}},
	}}
	for i := range tables {
		if _, err := client.CreateTable(ctx, req); err != nil {
			t.Fatalf("table %d of %d: %v", i+1, tables, err)
		}
	}
}
