// Polyglot end-to-end tests: the real referee binary with bots in Go, Python (botsdk/python)
// and Node (botsdk/node), each in its own process. They skip, saying why, when Debian's
// python3-grpcio/python3-protobuf or botsdk/node/node_modules are missing; scripts/ci-polyglot.sh
// installs both before go test runs.

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// python is Debian's interpreter: the Python SDK runs on Debian's python3-grpcio and
// python3-protobuf, not on whatever python3 comes first on PATH.
const python = "/usr/bin/python3"

// repoRoot is the module's root, the parent of this package's directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// needPython skips the test when the Python SDK cannot run here.
func needPython(t *testing.T) {
	t.Helper()
	if out, err := exec.Command(python, "-c", "import grpc, google.protobuf").CombinedOutput(); err != nil {
		t.Skipf("skipped: the Python bot needs Debian's python3-grpcio and python3-protobuf (%s -c 'import grpc' failed: %v: %s); "+
			"scripts/ci-polyglot.sh installs them", python, err, bytes.TrimSpace(out))
	}
}

// needNode skips the test when the Node SDK cannot run here.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("skipped: the Node bot needs node on PATH")
	}
	if _, err := os.Stat(filepath.Join(repoRoot(t), "botsdk/node/node_modules/@grpc/grpc-js/package.json")); err != nil {
		t.Skip("skipped: the Node bot needs botsdk/node/node_modules: run `npm ci` in botsdk/node (scripts/ci-polyglot.sh does)")
	}
}

// build compiles a package of this module into dir and returns the binary's path.
func build(t *testing.T, dir, pkg, name string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Dir = repoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// syncBuffer is a bytes.Buffer safe for a process's output and the test reading it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startReferee runs the referee binary on a free loopback port with an in-memory store; it
// returns the gRPC address and a TableService client. The referee is stopped at cleanup.
func startReferee(t *testing.T, bin string) (string, pb.TableServiceClient) {
	t.Helper()
	return startRefereeWith(t, bin, insecure.NewCredentials())
}

// startRefereeWith is startReferee with more flags for the referee (args) and the credentials of
// the TableService client.
func startRefereeWith(t *testing.T, bin string, creds credentials.TransportCredentials, args ...string) (string, pb.TableServiceClient) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--drain-timeout", "1s"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	addrc := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`serving gRPC on (\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(logs, sc.Text())
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrc <- m[1]
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("referee log:\n%s", logs.String())
		}
	})
	var addr string
	select {
	case addr = <-addrc:
	case <-time.After(30 * time.Second):
		t.Fatalf("the referee did not start serving:\n%s", logs.String())
	}
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return addr, pb.NewTableServiceClient(cc)
}

// bot is a remote bot run as its own process.
type bot struct {
	name string
	cmd  *exec.Cmd
	out  *syncBuffer
}

// seatArgs are the flags every example bot takes.
func seatArgs(server, table string, seat int, token string) []string {
	return []string{"--server", server, "--table", table, "--seat", fmt.Sprint(seat), "--token", token}
}

// startBot starts a bot process in the repository's root; PYTHONPATH finds the Python SDK.
func startBot(t *testing.T, name string, argv ...string) *bot {
	t.Helper()
	return startBotEnv(t, name, nil, argv...)
}

// startBotEnv is startBot with env (NAME=value) added to the process's environment.
func startBotEnv(t *testing.T, name string, env []string, argv ...string) *bot {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(append(os.Environ(), "PYTHONPATH="+filepath.Join(repoRoot(t), "botsdk/python")), env...)
	b := &bot{name: name, cmd: cmd, out: &syncBuffer{}}
	cmd.Stdout, cmd.Stderr = b.out, b.out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return b
}

// waitBots waits for every bot to exit; each must exit 0 having printed "game over".
func waitBots(t *testing.T, timeout time.Duration, bots ...*bot) {
	t.Helper()
	errs := make(chan error, len(bots))
	for _, b := range bots {
		go func() {
			err := b.cmd.Wait()
			if err == nil && !strings.Contains(b.out.String(), "game over") {
				err = fmt.Errorf("exited 0 without reporting the game's end")
			}
			if err != nil {
				err = fmt.Errorf("%s: %v\n%s", b.name, err, b.out.String())
			}
			errs <- err
		}()
	}
	deadline := time.After(timeout)
	for range bots {
		select {
		case err := <-errs:
			if err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			for _, b := range bots {
				t.Logf("%s output:\n%s", b.name, b.out.String())
			}
			t.Fatalf("the bots did not finish within %v", timeout)
		}
	}
	for _, b := range bots {
		t.Logf("%s: %s", b.name, lastLine(b.out.String()))
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func seed32(n byte) []byte {
	b := make([]byte, 32)
	b[31] = n
	return b
}

func remote(name string) *pb.SeatConfig {
	return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name}}}
}

func tokenOf(resp *pb.CreateTableResponse, seat int) string {
	for _, st := range resp.GetSeatTokens() {
		if int(st.GetSeat()) == seat {
			return st.GetToken()
		}
	}
	return ""
}

// replayVerified fetches the finished table's record and checks that it replays through the engine
// to the stated result, that the game was played to the target, and returns it.
func replayVerified(t *testing.T, tables pb.TableServiceClient, tableID string) *pb.GameRecord {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var rec *pb.GameRecord
	for {
		got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: tableID})
		if err == nil {
			rec = got.GetRecord()
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("GetRecord: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if o := rec.GetResult().GetOutcome(); o != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("outcome %s, want completed", o)
	}
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Verify(rec); err != nil {
		t.Fatal(err)
	}
	if !rp.Game.Over() {
		t.Fatal("the replayed game is not over")
	}
	target := rp.Game.Rules().Target
	if best := int(rec.GetResult().GetScores()[rp.Game.Winner()].GetTotal()); best < target {
		t.Fatalf("winner has %d < target %d", best, target)
	}
	return rec
}

// TestPolyglotFourHanded plays a four-handed partnership game to the target on the real referee
// with a Go bot, a Python bot and a Node bot, each in its own process, and a built-in bot; the
// final scores must equal a replay of the record.
func TestPolyglotFourHanded(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	gobot := build(t, dir, "./e2e/testdata/gobot", "gobot")
	addr, tables := startReferee(t, referee)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seed: seed32(42),
		Seats: []*pb.SeatConfig{remote("go"), remote("python"), remote("node"),
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	bots := []*bot{
		startBot(t, "go", append([]string{gobot}, seatArgs(addr, id, 0, tokenOf(resp, 0))...)...),
		startBot(t, "python", append([]string{python, "-m", "bezique_bot.examples.random_bot", "--seed", "1"}, seatArgs(addr, id, 1, tokenOf(resp, 1))...)...),
		startBot(t, "node", append([]string{"node", "botsdk/node/examples/random.js", "--seed", "2"}, seatArgs(addr, id, 2, tokenOf(resp, 2))...)...),
	}
	waitBots(t, 3*time.Minute, bots...)
	rec := replayVerified(t, tables, id)

	wantBots := map[int]string{0: "go-random", 1: "python-random_bot", 2: "node-random"}
	for seat, name := range wantBots {
		if got := rec.GetSeats()[seat].GetBotName(); got != name {
			t.Errorf("seat %d played by %q, want %q", seat, got, name)
		}
	}
	if n := len(rec.GetActions()); n < 100 {
		t.Errorf("only %d actions for a game to the target", n)
	}
	t.Logf("four-handed: %d deals, %d actions, totals %v", rec.GetResult().GetDeals(), len(rec.GetActions()), rec.GetResult().GetScores())
}

// cutProxy is a TCP proxy between one bot and the referee that closes every connection once,
// when cutAfter bytes have gone from the referee to the bot; later connections pass untouched.
type cutProxy struct {
	ln       net.Listener
	target   string
	cutAfter int64
	sent     atomic.Int64
	cut      atomic.Bool
	accepted atomic.Int32
	mu       sync.Mutex
	conns    []net.Conn
}

func startProxy(t *testing.T, target string, cutAfter int64) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target, cutAfter: cutAfter}
	t.Cleanup(func() {
		ln.Close()
		p.closeAll()
	})
	go p.serve()
	return p
}

func (p *cutProxy) addr() string { return p.ln.Addr().String() }

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.accepted.Add(1)
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go func() { _, _ = io.Copy(s, c); s.Close(); c.Close() }()
		go func() { _, _ = io.Copy(&cutWriter{p: p, w: c}, s); s.Close(); c.Close() }()
	}
}

func (p *cutProxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// cutWriter counts the bytes from the referee and cuts every connection when the count first
// passes cutAfter.
type cutWriter struct {
	p *cutProxy
	w io.Writer
}

func (cw *cutWriter) Write(b []byte) (int, error) {
	n, err := cw.w.Write(b)
	if cw.p.sent.Add(int64(n)) >= cw.p.cutAfter && cw.p.cut.CompareAndSwap(false, true) {
		cw.p.closeAll()
		return n, io.ErrClosedPipe
	}
	return n, err
}

// TestPolyglotReconnect cuts a Python bot's and a Node bot's connections once, mid-deal, from
// the test side (a TCP proxy between each bot and the referee). Each bot must reconnect through
// its proxy, resume, and play the game to its end itself: no intervention in the record, which
// must replay.
func TestPolyglotReconnect(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	addr, tables := startReferee(t, referee)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(7),
		Seats: []*pb.SeatConfig{remote("python"), remote("node")}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	// 40 kB from the referee is a few dozen decisions into the first deal: mid-deal, and well
	// before the game's end (a two-handed game to 1000 sends each seat several hundred kB).
	const cutAfter = 40_000
	pyProxy := startProxy(t, addr, cutAfter)
	nodeProxy := startProxy(t, addr, cutAfter)
	bots := []*bot{
		startBot(t, "python", append([]string{python, "-m", "bezique_bot.examples.strategy_bot"}, seatArgs(pyProxy.addr(), id, 0, tokenOf(resp, 0))...)...),
		startBot(t, "node", append([]string{"node", "botsdk/node/examples/strategy.js"}, seatArgs(nodeProxy.addr(), id, 1, tokenOf(resp, 1))...)...),
	}
	waitBots(t, 3*time.Minute, bots...)
	rec := replayVerified(t, tables, id)

	for name, p := range map[string]*cutProxy{"python": pyProxy, "node": nodeProxy} {
		if !p.cut.Load() {
			t.Errorf("%s: the proxy never cut the connection (%d bytes in all)", name, p.sent.Load())
		}
		if n := p.accepted.Load(); n < 2 {
			t.Errorf("%s: %d connection(s) through the proxy; the bot did not reconnect", name, n)
		}
		if p.sent.Load() < 2*cutAfter {
			t.Errorf("%s: only %d bytes in all: the cut was not mid-game", name, p.sent.Load())
		}
	}
	for _, b := range bots {
		if !strings.Contains(b.out.String(), "reconnecting") {
			t.Errorf("%s did not log a reconnection:\n%s", b.name, b.out.String())
		}
	}
	for _, a := range rec.GetActions() {
		if a.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			t.Errorf("action seq %d of seat %d was played by the referee (%s): the bot did not resume in time", a.GetSeq(), a.GetSeat(), a.GetIntervention())
		}
	}
	t.Logf("reconnect: python %d connections, %d bytes; node %d connections, %d bytes; %d deals, totals %v",
		pyProxy.accepted.Load(), pyProxy.sent.Load(), nodeProxy.accepted.Load(), nodeProxy.sent.Load(),
		rec.GetResult().GetDeals(), rec.GetResult().GetScores())
}
