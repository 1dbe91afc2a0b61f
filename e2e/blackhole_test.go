package e2e

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// blackHole is a network path to PostgreSQL that the kernel can black-hole: a veth pair between
// this network namespace and one of its own, on whose far end a dbLink listens (its listening
// socket made in that namespace, relaying to PostgreSQL from this one). Cut, the far end's link
// is down and the kernel drops every packet sent to it: no ACK, RST, FIN or ICMP comes back, as
// when a PostgreSQL server's address vanishes in a failover. dbLink's cut (outage_test.go), a
// relay that stops relaying, cannot show that: the kernel still acknowledges what it receives.
type blackHole struct {
	ns, far string  // the namespace, and its end of the veth pair
	link    *dbLink // the relay, listening on the far end
}

// startBlackHole sets up the namespace, the veth pair and the relay to the PostgreSQL server at
// target; every part is removed at the test's cleanup. It skips the test unless it runs as root
// with the ip command (iproute2).
func startBlackHole(t *testing.T, target string) *blackHole {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("a network namespace and a veth pair need root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("the ip command (iproute2) is not installed")
	}
	id := os.Getpid() % 1000000
	h := &blackHole{ns: fmt.Sprintf("bzq%d", id), far: fmt.Sprintf("bzq%db", id)}
	near, subnet := fmt.Sprintf("bzq%da", id), fmt.Sprintf("10.213.%d", id%250)
	ip := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %v: %v\n%s", args, err, out)
		}
	}
	ip("netns", "add", h.ns)
	t.Cleanup(func() { _ = exec.Command("ip", "netns", "del", h.ns).Run() }) // takes the veth pair with it
	ip("link", "add", near, "type", "veth", "peer", "name", h.far)
	t.Cleanup(func() { _ = exec.Command("ip", "link", "del", near).Run() })
	ip("link", "set", h.far, "netns", h.ns)
	ip("addr", "add", subnet+".1/30", "dev", near)
	ip("link", "set", near, "up")
	ip("netns", "exec", h.ns, "ip", "addr", "add", subnet+".2/30", "dev", h.far)
	ip("netns", "exec", h.ns, "ip", "link", "set", h.far, "up")

	type listening struct {
		l   net.Listener
		err error
	}
	got := make(chan listening, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread, in the other namespace, ends with this goroutine
		f, err := os.Open("/var/run/netns/" + h.ns)
		if err != nil {
			got <- listening{err: err}
			return
		}
		defer f.Close()
		if err := unix.Setns(int(f.Fd()), unix.CLONE_NEWNET); err != nil {
			got <- listening{err: fmt.Errorf("setns: %w", err)}
			return
		}
		l, err := net.Listen("tcp", subnet+".2:0")
		got <- listening{l, err}
	}()
	r := <-got
	if r.err != nil {
		t.Fatalf("listening in namespace %s: %v", h.ns, r.err)
	}
	h.link = serveDBLink(t, r.l, target)
	return h
}

// set cuts the path (its far end's link down) or heals it.
func (h *blackHole) set(t *testing.T, cut bool) {
	t.Helper()
	state := "up"
	if cut {
		state = "down"
	}
	if out, err := exec.Command("ip", "netns", "exec", h.ns, "ip", "link", "set", h.far, state).CombinedOutput(); err != nil {
		t.Fatalf("ip link set %s %s: %v\n%s", h.far, state, err, out)
	}
}

// TestPostgresVanishes: a referee whose PostgreSQL server vanishes from the network (its packets
// dropped by the kernel, nothing answered) refuses a CreateTable of a client without a deadline
// Unavailable once its connection's TCP_USER_TIMEOUT (store.PostgresUserTimeout) or its connect
// timeout (store.PostgresConnectTimeout) has passed; when the network heals, the referee serves
// again and a game is played to its end. Before, the call waited for the kernel to give up on the
// connection, about 15 minutes (tcp_retries2), or for the client to leave.
func TestPostgresVanishes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a PostgreSQL server out of reach for over 10 s: not with -short")
	}
	storeURL := testpg.Schema(t, testpg.URL(t), "e2e")
	u, err := url.Parse(storeURL)
	if err != nil {
		t.Fatal(err)
	}
	h := startBlackHole(t, u.Host)
	bin := buildReferee(t)
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	logPath := filepath.Join(t.TempDir(), "referee.log")
	startRefereeProc(t, bin, logPath, "--listen", addr, "--metrics-listen", "", "--store", h.link.url(t, storeURL))
	tables := dialTables(t, addr)
	create := func(ctx context.Context) (*pb.CreateTableResponse, error) {
		return tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := create(ctx); err != nil {
		t.Fatalf("CreateTable before the cut: %v", err)
	}

	h.set(t, true)
	// The client's own bound, 90 s, is far above what the referee needs.
	cctx, ccancel := context.WithTimeout(ctx, 90*time.Second)
	start := time.Now()
	_, err = create(cctx)
	took := time.Since(start)
	ccancel()
	if bound := store.PostgresUserTimeout + store.PostgresConnectTimeout + 5*time.Second; status.Code(err) != codes.Unavailable || took > bound {
		t.Fatalf("CreateTable with PostgreSQL out of reach: %v after %v; want Unavailable within %v\n%s", err, took.Round(time.Millisecond), bound, readFile(logPath))
	}
	t.Logf("CreateTable with PostgreSQL out of reach: %v after %v", status.Code(err), took.Round(time.Millisecond))

	h.set(t, false)
	var resp *pb.CreateTableResponse
	for resp, err = create(ctx); err != nil; resp, err = create(ctx) {
		if status.Code(err) != codes.Unavailable || ctx.Err() != nil {
			t.Fatalf("CreateTable once PostgreSQL is back: %v\n%s", err, readFile(logPath))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if errs := playSeats(ctx, addr, resp, func(int) botsdk.Bot { return botsdk.NewRandom(7) }); len(errs) > 0 {
		t.Fatalf("playing once PostgreSQL is back: %v\n%s", errs, readFile(logPath))
	}
	rec, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil || rec.GetRecord().GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the game played once PostgreSQL is back: %v %v; want completed", rec.GetRecord().GetResult(), err)
	}
}
