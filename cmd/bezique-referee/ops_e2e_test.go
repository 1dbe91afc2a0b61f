package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpg"
	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// runBinary runs the referee to its exit (at most 30 s) and returns its stderr and exit code.
func runBinary(t *testing.T, bin string, env []string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v did not exit within 30 s:\n%s", args, stderr.String())
	}
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return stderr.String(), code
}

// fileBytes returns the contents of each file (nil for a missing one).
func fileBytes(paths ...string) [][]byte {
	out := make([][]byte, len(paths))
	for i, p := range paths {
		out[i], _ = os.ReadFile(p)
	}
	return out
}

// TestBinaryOneRefereePerStore is the regression test of two referees started on one SQLite
// file both running (one played, the other retried a failing write forever while /readyz said
// ready): the second exits at once, non-zero, naming the file, and changes nothing in the
// database, its -wal or its -shm.
func TestBinaryOneRefereePerStore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	path := filepath.Join(t.TempDir(), "data", "bezique.db")
	args := []string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "sqlite:" + path}
	p := startBinary(t, bin, args...)
	defer func() { _ = p.cmd.Process.Signal(syscall.SIGTERM) }()
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}}); err != nil {
		t.Fatal(err)
	}
	files := []string{path, path + "-wal", path + "-shm"}
	before := fileBytes(files...)
	if before[1] == nil {
		t.Fatal("no -wal file: the first referee is not in WAL mode?")
	}
	start := time.Now()
	out, code := runBinary(t, bin, nil, args...)
	if code != 1 || !strings.Contains(out, "store: sqlite "+path+": in use by another referee (the lock "+path+".lock is held)\n") {
		t.Errorf("second referee: exit %d, stderr:\n%s\nwant exit 1 and the lock named", code, out)
	}
	if strings.Contains(out, "serving gRPC") {
		t.Errorf("the second referee served:\n%s", out)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the second referee took %v to exit", d)
	}
	for i, after := range fileBytes(files...) {
		if !bytes.Equal(before[i], after) {
			t.Errorf("%s changed (%d bytes, then %d) while the second referee tried to start", files[i], len(before[i]), len(after))
		}
	}
}

// TestBinaryRefusesBadFlags is the regression test of negative flag values silently replaced by
// defaults: each is refused with a message naming the flag, exit status 2, whether it comes from
// the command line or the environment.
func TestBinaryRefusesBadFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"--max-tables", "-1"}, "bezique-referee: --max-tables (BEZIQUE_MAX_TABLES) = -1; want at least 1\n"},
		{nil, []string{"--seat-queue", "0"}, "bezique-referee: --seat-queue (BEZIQUE_SEAT_QUEUE) = 0; want at least 1\n"},
		{nil, []string{"--ping-interval", "-5s"}, "bezique-referee: --ping-interval (BEZIQUE_PING_INTERVAL) = -5s; want more than 0\n"},
		{nil, []string{"--join-timeout", "0s"}, "bezique-referee: --join-timeout (BEZIQUE_JOIN_TIMEOUT) = 0s; want more than 0\n"},
		{nil, []string{"--call-timeout", "0s"}, "bezique-referee: --call-timeout (BEZIQUE_CALL_TIMEOUT) = 0s; want at least 1s (a shorter bound fails calls a store answers in time)\n"},
		{nil, []string{"--call-timeout", "1ms"}, "bezique-referee: --call-timeout (BEZIQUE_CALL_TIMEOUT) = 1ms; want at least 1s (a shorter bound fails calls a store answers in time)\n"},
		{nil, []string{"--send-stall", "0s"}, "bezique-referee: --send-stall (BEZIQUE_SEND_STALL) = 0s; want more than 0\n"},
		{[]string{"BEZIQUE_DRAIN_TIMEOUT=-1m"}, nil, "bezique-referee: --drain-timeout (BEZIQUE_DRAIN_TIMEOUT) = -1m0s; want 0 or more\n"},
		// These exited 1, and the log level's message named no valid value (a docs audit).
		{nil, []string{"--log-level", "verbose"}, "bezique-referee: --log-level (BEZIQUE_LOG_LEVEL) = \"verbose\"; want debug, info, warn or error\n"},
		{nil, []string{"--tls-cert", "srv.crt"}, "bezique-referee: --tls-cert and --tls-key go together\n"},
		{nil, []string{"--tls-client-ca", "ca.crt"}, "bezique-referee: --tls-client-ca needs --tls-cert and --tls-key\n"},
		{nil, []string{"--peer-tls-key", "peer.key"}, "bezique-referee: --peer-tls-cert and --peer-tls-key go together\n"},
	} {
		out, code := runBinary(t, bin, c.env, append(c.args, "--store", "memory", "--listen", "127.0.0.1:0", "--metrics-listen", "")...)
		if code != 2 || out != c.want {
			t.Errorf("%v %v: exit %d, %q; want exit 2, %q", c.env, c.args, code, out, c.want)
		}
	}
}

// TestBinarySecondSignalStopsAtOnce is the regression test of a drain that could not be cut
// short (a second Ctrl-C was ignored for up to --drain-timeout): with games in play and a
// five-minute drain, a second SIGTERM ends the referee at once with status 1; restarted on the
// same store and address, every game resumes and finishes.
func TestBinarySecondSignalStopsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary twice")
	}
	bin := buildReferee(t)
	addr := freeAddr(t)
	args := []string{"--listen", addr, "--metrics-listen", "", "--store", "sqlite:" + filepath.Join(t.TempDir(), "db"), "--drain-timeout", "5m", "--ping-interval", "100ms"}
	p := startBinary(t, bin, args...)
	tables := pb.NewTableServiceClient(dialReferee(t, addr))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan []*pb.GameResult, 2)
	var ids []string
	for range 2 {
		resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, resp.GetTableId())
		go func() { done <- playAll(ctx, t, addr, resp, slowBots(5*time.Millisecond)) }()
	}
	time.Sleep(300 * time.Millisecond)
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	for !strings.Contains(p.log(), "draining") {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		if code := p.cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("exit code %d after the second signal, want 1\n%s", code, p.log())
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no exit 10 s after the second SIGTERM\n%s", p.log())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("exited %v after the second signal, want at once", d)
	}
	if !strings.Contains(p.log(), "second signal: stopping now; unfinished games resume on the next start") {
		t.Errorf("no log line for the second signal:\n%s", p.log())
	}
	p2 := startBinary(t, bin, args...)
	defer func() { _ = p2.cmd.Process.Signal(syscall.SIGTERM) }()
	for range ids {
		select {
		case res := <-done:
			for _, r := range res {
				if r.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
					t.Errorf("a resumed game ended %v, want COMPLETED", r)
				}
			}
		case <-ctx.Done():
			t.Fatalf("games did not finish after the restart\n%s", p2.log())
		}
	}
}

// TestBinarySecondSignalMemoryStore: a second SIGTERM during the drain of a referee without a
// durable store (--store memory) says that the games in play are lost; it said they resume on
// the next start (an integrator's trial).
func TestBinarySecondSignalMemoryStore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	addr := freeAddr(t)
	p := startBinary(t, buildReferee(t), "--listen", addr, "--metrics-listen", "", "--store", "memory", "--drain-timeout", "5m")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := pb.NewTableServiceClient(dialReferee(t, addr)).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	played := make(chan struct{})
	go func() { defer close(played); playAll(ctx, t, addr, resp, slowBots(5*time.Millisecond)) }()
	defer func() { cancel(); <-played }() // the bots give up with ctx, the referee gone
	time.Sleep(300 * time.Millisecond)
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	for !strings.Contains(p.log(), "draining") {
		time.Sleep(10 * time.Millisecond)
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		t.Fatalf("no exit 10 s after the second SIGTERM\n%s", p.log())
	}
	if log := p.log(); !strings.Contains(log, "second signal: stopping now; unfinished games are lost (--store memory)") || strings.Contains(log, "resume on the next start") {
		t.Errorf("the second signal's line does not say the games are lost:\n%s", log)
	}
}

// TestBinaryPostgres: with PostgreSQL (BEZIQUE_TEST_POSTGRES_URL), the password of the store URL
// never reaches the log, and a second referee on the same schema shares it: a table created on
// the first is played through the second, which forwards the seat streams to the first.
func TestBinaryPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	base := testpg.URL(t)
	u := freshSchema(t, base)
	u.User = url.UserPassword(u.User.Username(), "s3cret-pw") // the test server trusts any password
	bin := buildReferee(t)
	args := []string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", u.String()}
	p := startBinary(t, bin, args...)
	defer func() { _ = p.cmd.Process.Signal(syscall.SIGTERM) }()
	p2 := startBinary(t, bin, args...)
	defer func() { _ = p2.cmd.Process.Signal(syscall.SIGTERM) }()
	p3 := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--store", u.String())
	defer func() { _ = p3.cmd.Process.Signal(syscall.SIGTERM) }()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := pb.NewTableServiceClient(dialReferee(t, p.addr)).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range playAll(ctx, t, p2.addr, resp, func(seat int) botsdk.Bot { return botsdk.NewRandom(uint64(seat) + 1) }) {
		if r.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Errorf("a game played through the second referee ended %v, want COMPLETED", r)
		}
	}
	for _, log := range []string{p.log(), p2.log()} {
		if strings.Contains(log, "s3cret-pw") {
			t.Errorf("the password reached the log:\n%s", log)
		}
		if !strings.Contains(log, `store="postgres://postgres:xxxxx@`) || !strings.Contains(log, "shared=true") {
			t.Errorf("the start-up log does not name the store without its password, shared:\n%s", log)
		}
		// The id the other referees' logs and errors name it by, and where they reach it (an
		// operator could not tell which referee "vm-…" was).
		if !regexp.MustCompile(`shared=true referee=vm-[0-9a-f]+ advertise=127\.0\.0\.1:[0-9]+`).MatchString(log) {
			t.Errorf("the start-up log does not name the referee's id and advertised address:\n%s", log)
		}
	}
	// The same id on bezique_build_info, which joins a scrape target to the "referee vm-…" of
	// the logs and errors (an operator's wish).
	id := regexp.MustCompile(`referee=(vm-[0-9a-f]+)`).FindStringSubmatch(p3.log())
	resp2, err := http.Get("http://" + metricsAddr(t, p3) + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	body, err := io.ReadAll(resp2.Body)
	if err != nil {
		t.Fatal(err)
	}
	if id == nil || !regexp.MustCompile(`(?m)^bezique_build_info\{goversion="[^"]+",referee="`+id[1]+`",revision="[^"]*",version="[^"]*"\} 1$`).Match(body) {
		t.Errorf("bezique_build_info does not carry the referee id %q of the log:\n%s", id, regexp.MustCompile(`(?m)^bezique_build_info.*$`).Find(body))
	}
}

// TestBinaryPostgresMTLS: two referees sharing PostgreSQL that require client certificates
// (--tls-client-ca) present their peer certificate (--peer-tls-cert) when they forward to each
// other, with their peer secret (--peer-secret-file): a table created on the first is played to
// its end through the second, whose seat streams are forwarded to the first.
func TestBinaryPostgresMTLS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	base := testpg.URL(t)
	u := freshSchema(t, base)
	bin := buildReferee(t)
	dir := t.TempDir()
	serverCA, clientCA := testpki.NewCA(t, "server CA"), testpki.NewCA(t, "client CA")
	certFile, keyFile := serverCA.Issue(t, 200, "127.0.0.1").Write(t, dir, "server")
	peerCert, peerKey := clientCA.Issue(t, 201).Write(t, dir, "peer")
	secretFile := filepath.Join(dir, "peer-secret")
	if err := os.WriteFile(secretFile, []byte("the-deployment-peer-secret-0123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", u.String(), "--tls-cert", certFile, "--tls-key", keyFile,
		"--tls-client-ca", clientCA.WriteCA(t, dir, "clients.crt"), "--peer-ca", serverCA.WriteCA(t, dir, "servers.crt"),
		"--peer-tls-cert", peerCert, "--peer-tls-key", peerKey, "--peer-secret-file", secretFile}
	p := startBinary(t, bin, args...)
	defer func() { _ = p.cmd.Process.Signal(syscall.SIGTERM) }()
	p2 := startBinary(t, bin, args...)
	defer func() { _ = p2.cmd.Process.Signal(syscall.SIGTERM) }()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	creds := grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: serverCA.Pool(), Certificates: []tls.Certificate{clientCA.Issue(t, 300).TLS(t)}}))
	cc, err := grpc.NewClient(p.addr, creds)
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	resp, err := pb.NewTableServiceClient(cc).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range playAll(ctx, t, p2.addr, resp, func(seat int) botsdk.Bot { return botsdk.NewRandom(uint64(seat) + 1) }, creds) {
		if r.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("a game played through the second referee ended %v, want COMPLETED\n--- first:\n%s\n--- second:\n%s", r, p.log(), p2.log())
		}
	}
}

// freshSchema creates a schema in the PostgreSQL database at base (dropped at cleanup) and
// returns base with search_path set to it.
func freshSchema(t *testing.T, base string) *url.URL {
	t.Helper()
	u, err := url.Parse(testpg.Schema(t, base, "referee_test"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestBinaryPortInUse: a second referee started on one machine as docs/OPERATIONS.md starts two
// (its own --listen, the default --metrics-listen) exited with "listen tcp 127.0.0.1:9090: bind:
// address already in use", naming no flag, after it had started its referee; now it exits with
// status 1 before, naming the flag (and likewise for --listen).
func TestBinaryPortInUse(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	addr := held.Addr().String()
	inUse := "listen tcp " + addr + ": bind: address already in use"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--listen", "127.0.0.1:0", "--metrics-listen", addr},
			"bezique-referee: --metrics-listen: " + inUse + " (each referee on a machine needs its own; \"\" for none)\n"},
		{[]string{"--listen", addr, "--metrics-listen", ""}, "bezique-referee: --listen: " + inUse + "\n"},
	} {
		out, code := runBinary(t, bin, nil, append(c.args, "--store", "memory")...)
		if code != 1 || lastLogLine(out) != c.want {
			t.Errorf("%v: exit %d, last line %q; want 1, %q", c.args, code, lastLogLine(out), c.want)
		}
	}
}
