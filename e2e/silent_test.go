package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPostgresSilent: a referee whose PostgreSQL server is reachable but silent (the dbLink cut:
// the kernel acknowledges every packet and nothing answers, as for a server stopped with SIGSTOP
// or a hung backend, which no TCP timeout notices) fails a call that carries no deadline,
// over gRPC and over HTTP, DEADLINE_EXCEEDED once the referee's --call-timeout has passed, saying
// so; once the link heals, the same call is answered. Before, such a call waited until its
// client gave up: the test's watchdog, after a minute.
func TestPostgresSilent(t *testing.T) {
	t.Parallel()
	storeURL := testpg.Schema(t, testpg.URL(t), "e2e")
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	link := startDBLink(t, u.Host)
	bin := buildReferee(t)
	addr, metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t)), fmt.Sprintf("127.0.0.1:%d", freePort(t))
	logPath := filepath.Join(t.TempDir(), "referee.log")
	const bound = 2 * time.Second
	startRefereeProc(t, bin, logPath, "--listen", addr, "--metrics-listen", metricsAddr, "--store", link.url(t, storeURL),
		"--call-timeout", bound.String())
	tables := dialTables(t, addr)

	// Neither client below sets a deadline: a watchdog ends them after a minute.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watchdog := time.AfterFunc(time.Minute, cancel)
	defer watchdog.Stop()
	list := func() error {
		_, err := tables.ListTables(ctx, &pb.ListTablesRequest{})
		return err
	}
	listHTTP := func() (int, string) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/bezique.v1.TableService/ListTables", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if err := list(); err != nil {
		t.Fatalf("ListTables before the cut: %v", err)
	}

	link.set(linkCut)
	start := time.Now()
	err = list()
	took := time.Since(start)
	const want = "no answer within 2s, the referee's bound on a call without a deadline (--call-timeout): is its store out of reach? Set a deadline on the call to wait longer"
	if st, _ := status.FromError(err); st.Code() != codes.DeadlineExceeded || st.Message() != want || took > bound+3*time.Second {
		t.Fatalf("ListTables with PostgreSQL silent: %v after %v; want DeadlineExceeded %q within %v\n%s", err, took.Round(time.Millisecond), want, bound+3*time.Second, readFile(logPath))
	}
	t.Logf("ListTables with PostgreSQL silent: %v after %v", status.Code(err), took.Round(time.Millisecond))
	start = time.Now()
	code, body := listHTTP()
	took = time.Since(start)
	if code != http.StatusGatewayTimeout || !strings.Contains(body, `"code":"deadline_exceeded"`) || !strings.Contains(body, "--call-timeout") || took > bound+3*time.Second {
		t.Fatalf("ListTables over HTTP with PostgreSQL silent: %d %s after %v; want 504 deadline_exceeded naming --call-timeout", code, body, took.Round(time.Millisecond))
	}

	// A seat's stream has no deadline either: the store read that finds its table's referee is
	// bounded the same way, and the bot told to reconnect. Before, the stream waited for ever.
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	start = time.Now()
	stream, err := pb.NewSeatServiceClient(cc).Connect(ctx)
	if err == nil {
		err = stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: "t-elsewhere", Token: "x"}}})
	}
	if err == nil {
		_, err = stream.Recv()
	}
	took = time.Since(start)
	const wantSeat = `table t-elsewhere: its referee: the store gave no answer within 2s (--call-timeout); reconnect: store: unavailable (the referee's database cannot be reached or written now; try again)`
	if st, _ := status.FromError(err); st.Code() != codes.Unavailable || st.Message() != wantSeat || took > bound+3*time.Second {
		t.Fatalf("Connect with PostgreSQL silent: %v after %v; want Unavailable %q within %v", err, took.Round(time.Millisecond), wantSeat, bound+3*time.Second)
	}

	// Both calls the bound ended are logged, naming the method, and counted.
	const logged = `msg="call without a deadline ended at --call-timeout: is the store out of reach?" method=/bezique.v1.TableService/ListTables call_timeout=2s`
	for deadline := time.Now().Add(10 * time.Second); strings.Count(readFile(logPath), logged) != 2; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) { // the referee's stderr reaches the file through a pipe: a moment later
			t.Errorf("the log has %d lines %s; want 2\n%s", strings.Count(readFile(logPath), logged), logged, readFile(logPath))
			break
		}
	}
	if got := scrapeLine(t, metricsAddr, "bezique_call_timeouts_total "); got != "bezique_call_timeouts_total 2" {
		t.Errorf("metrics: %q; want bezique_call_timeouts_total 2", got)
	}

	link.set(linkUp)
	for err = list(); err != nil; err = list() {
		if ctx.Err() != nil {
			t.Fatalf("ListTables once PostgreSQL answers again: %v\n%s", err, readFile(logPath))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if code, body := listHTTP(); code != http.StatusOK {
		t.Fatalf("ListTables over HTTP once PostgreSQL answers again: %d %s", code, body)
	}
}

// scrapeLine returns the line of the referee's /metrics at addr that starts with prefix, or "".
func scrapeLine(t *testing.T, addr, prefix string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(body)) {
		if strings.HasPrefix(line, prefix) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
