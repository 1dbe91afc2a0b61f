package service

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// testIdle is the idle limit of the idle tests' port: short, and long enough above the time a
// loopback call takes that a connection is never idle in the middle of one.
const testIdle = 300 * time.Millisecond

// idleSlack is how late after testIdle the idle tests accept a connection's close: grpc-go closes
// once its client has acknowledged the GOAWAY's PING, net/http's HTTP/2 when its client has read
// the GOAWAY or 1 s later, on a machine the other tests keep busy.
const idleSlack = 2 * time.Second

// idlePort is a referee serving its port on loopback with an idle limit of testIdle, as
// bezique-referee serves it with --max-connection-idle, and no pings on seat streams (a quiet
// seat stream carries nothing).
type idlePort struct {
	*referee // srv, and tables over a connection of its own
	addr     string
	closed   chan string // the client address of each connection the server closed, in order (a test closes far fewer than its 256)
}

// startIdlePort starts an [idlePort] for the test.
func startIdlePort(t *testing.T) *idlePort {
	t.Helper()
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close) // after the port's stop, registered next
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &idlePort{addr: lis.Addr().String(), closed: make(chan string, 256)}
	// ServerOptions carry DefaultMaxConnectionIdle: the port's limit replaces it for gRPC too.
	servePortOn(t, closeRecorder{lis, p.closed}, testIdle, srv.Register, ServerOptions(nil)...)
	cc, _ := p.dial(t)
	p.referee = &referee{srv: srv, tables: pb.NewTableServiceClient(cc), seats: pb.NewSeatServiceClient(cc), cc: cc}
	return p
}

// dial returns a gRPC client of the port and the client addresses of the connections it opens,
// in order.
func (p *idlePort) dial(t *testing.T) (*grpc.ClientConn, *dialed) {
	t.Helper()
	d := &dialed{}
	cc, err := grpc.NewClient("passthrough:///"+p.addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) { return d.dial(ctx, "tcp", addr) }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc, d
}

// httpClient returns an HTTP client of the port, h2c (HTTP/2 by prior knowledge) or HTTP/1.1,
// and the client addresses of the connections it opens.
func (p *idlePort) httpClient(t *testing.T, h2c bool) (*http.Client, *dialed) {
	var protocols http.Protocols
	protocols.SetHTTP1(!h2c)
	protocols.SetUnencryptedHTTP2(h2c)
	d := &dialed{}
	tr := &http.Transport{Protocols: &protocols, DialContext: d.dial}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}, d
}

// waitClosed waits for the server to close the connection from client address addr, and returns
// when it did, failing the test after testIdle+idleSlack+waitFor.
func (p *idlePort) waitClosed(t *testing.T, addr string) time.Time {
	t.Helper()
	timeout := time.After(testIdle + idleSlack + waitFor)
	for {
		select {
		case a := <-p.closed:
			if a == addr {
				return time.Now()
			}
		case <-timeout:
			t.Fatalf("the server did not close the connection from %s", addr)
		}
	}
}

// closedNow returns the client addresses of the connections the server has closed since the last
// look.
func (p *idlePort) closedNow() []string {
	var out []string
	for {
		select {
		case a := <-p.closed:
			out = append(out, a)
		default:
			return out
		}
	}
}

// wantIdleClose checks that the server closed the connection from addr after it had been idle
// for testIdle since lastCall ended, not sooner and at most idleSlack later.
func (p *idlePort) wantIdleClose(t *testing.T, addr string, lastCall time.Time) {
	t.Helper()
	// The server's idle time starts when it has sent the call's end, before the client reads it.
	if d := p.waitClosed(t, addr).Sub(lastCall); d < testIdle-50*time.Millisecond || d > testIdle+idleSlack {
		t.Errorf("the server closed the connection %v after its last call ended, want %v to %v", d, testIdle, testIdle+idleSlack)
	}
}

// closeRecorder is a listener whose accepted connections, when the server closes them, send
// their client address to closed: a test sees the server's side of a close.
type closeRecorder struct {
	net.Listener
	closed chan<- string
}

// Accept accepts a connection that reports its close.
func (l closeRecorder) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &recordedConn{Conn: c, closed: l.closed}, nil
}

// recordedConn is a connection of a [closeRecorder].
type recordedConn struct {
	net.Conn
	once   sync.Once
	closed chan<- string
}

// Close closes the connection and reports it, once.
func (c *recordedConn) Close() error {
	c.once.Do(func() { c.closed <- c.RemoteAddr().String() })
	return c.Conn.Close()
}

// dialed dials TCP connections and keeps their client (local) addresses, in order.
type dialed struct {
	mu    sync.Mutex
	addrs []string
}

// dial dials addr on network and keeps the connection's client address.
func (d *dialed) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if err == nil {
		d.mu.Lock()
		d.addrs = append(d.addrs, c.LocalAddr().String())
		d.mu.Unlock()
	}
	return c, err
}

// all returns the client addresses dialed so far.
func (d *dialed) all() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.addrs...)
}

// TestConnectionIdleLimit: a connection that carries no call for the idle limit is closed by
// the server, whatever its protocol: native gRPC (grpc-go's GOAWAY; the client goes IDLE and
// its next call opens a new connection), HTTP/1.1 keep-alive (a Connect call; the server
// closes the TCP connection), HTTP/2 without TLS (a Connect call over h2c; GOAWAY, then close).
func TestConnectionIdleLimit(t *testing.T) {
	p := startIdlePort(t)
	catalog := "http://" + p.addr + "/bezique.v1.TableService/GetRuleCatalog"

	t.Run("grpc", func(t *testing.T) {
		cc, d := p.dial(t)
		tables := pb.NewTableServiceClient(cc)
		if _, err := tables.GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{}); err != nil {
			t.Fatal(err)
		}
		last := time.Now()
		p.wantIdleClose(t, d.all()[0], last)
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		defer cancel()
		for s := cc.GetState(); s != connectivity.Idle; s = cc.GetState() {
			if !cc.WaitForStateChange(ctx, s) {
				t.Fatalf("client state %v after the server's GOAWAY, want IDLE", s)
			}
		}
		if _, err := tables.GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{}); err != nil {
			t.Fatalf("the call after the idle close: %v", err)
		}
		if got := len(d.all()); got != 2 {
			t.Fatalf("%d connections dialed, want 2 (the call after the close opens a new one)", got)
		}
	})

	t.Run("http1", func(t *testing.T) {
		conn, err := net.Dial("tcp", p.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		req := "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
			"Connect-Protocol-Version: 1\r\nContent-Length: 2\r\n\r\n{}"
		if _, err := io.WriteString(conn, req); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(conn)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK || res.Close {
			t.Fatalf("response %s (close %v, %v), want 200 on a connection kept alive", res.Status, res.Close, err)
		}
		last := time.Now()
		_ = conn.SetReadDeadline(last.Add(testIdle + idleSlack + waitFor))
		if n, err := br.Read(make([]byte, 1)); n != 0 || err != io.EOF {
			t.Fatalf("read %d bytes (%v) from the idle connection, want EOF", n, err)
		}
		p.wantIdleClose(t, conn.LocalAddr().String(), last)
	})

	t.Run("h2c", func(t *testing.T) {
		client, d := p.httpClient(t, true)
		for call := range 2 {
			req, err := http.NewRequest(http.MethodPost, catalog, strings.NewReader("{}"))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			res, err := client.Do(req)
			if err != nil {
				t.Fatalf("call %d: %v", call, err)
			}
			_, err = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusOK || res.ProtoMajor != 2 {
				t.Fatalf("call %d: %s %s (%v), want 200 over HTTP/2", call, res.Proto, res.Status, err)
			}
			if call == 0 {
				p.wantIdleClose(t, d.all()[0], time.Now())
			}
		}
		if got := len(d.all()); got != 2 {
			t.Fatalf("%d connections dialed, want 2 (the call after the close opens a new one)", got)
		}
	})
}

// TestConnectionIdleSparesStreams: a seat stream and spectator streams (native gRPC, Connect over
// h2c and over HTTP/1.1) that carry nothing for 3 times the idle limit keep their connections,
// and carry the game that follows to its end.
func TestConnectionIdleSparesStreams(t *testing.T) {
	p := startIdlePort(t)
	resp := p.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(41)})
	id := resp.GetTableId()
	ctx, cancel := context.WithTimeout(context.Background(), 2*waitFor)
	defer cancel()

	seatCC, seatDialed := p.dial(t)
	seat := (&referee{seats: pb.NewSeatServiceClient(seatCC)}).join(t, resp, 0, 0)
	welcome := seat.welcome()
	watchCC, watchDialed := p.dial(t)
	grpcWatch, err := pb.NewTableServiceClient(watchCC).WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	dialers := []*dialed{seatDialed, watchDialed}
	connectWatches := map[string]*connect.ServerStreamForClient[pb.WatchTableResponse]{}
	for _, proto := range []string{"h2c", "http1"} {
		client, d := p.httpClient(t, proto == "h2c")
		dialers = append(dialers, d)
		watch := connect.NewClient[pb.WatchTableRequest, pb.WatchTableResponse](client, "http://"+p.addr+"/bezique.v1.TableService/WatchTable")
		if connectWatches[proto], err = watch.CallServerStream(ctx, connect.NewRequest(&pb.WatchTableRequest{TableId: id})); err != nil {
			t.Fatalf("%s: %v", proto, err)
		}
		defer connectWatches[proto].Close()
	}
	waitWatchers(t, p.referee, id, 3)

	received := func() int { seat.mu.Lock(); defer seat.mu.Unlock(); return len(seat.all) }
	// The events up to the Welcome's last_seq follow it; on a loaded machine the last of them
	// arrived after the count below (a CI run).
	seat.event("the Welcome's last event", func(e *pb.Event) bool { return e.GetSeq() >= welcome.GetLastSeq() })
	before := received()
	time.Sleep(3 * testIdle)
	if got := received(); got != before {
		t.Fatalf("the seat received %d messages while it waited for the other, want none: the stream was not quiet", got-before)
	}
	var open []string
	for _, d := range dialers {
		open = append(open, d.all()...)
	}
	for _, a := range p.closedNow() {
		if slices.Contains(open, a) {
			t.Fatalf("the server closed the connection from %s, which holds a stream", a)
		}
	}

	// The game on the streams that waited: the seat plays it, the spectators see all of it.
	seat.setAuto()
	otherCC, _ := p.dial(t)
	other := botsdk.Config{Conn: otherCC, TableID: id, Seat: 1, Token: tokenOf(resp, 1), BotName: "other"}
	if res, err := botsdk.Play(ctx, other, botsdk.NewRandom(1)); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("seat 1: %v, %v; want a completed game", res.GetOutcome(), err)
	}
	if res := seat.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("seat 0: %v, want a completed game", res.GetOutcome())
	}
	info, err := p.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for {
		m, err := grpcWatch.Recv()
		if err == io.EOF {
			break
		}
		if err != nil || m.GetEvent().GetSeq() != n+1 {
			t.Fatalf("gRPC spectator: event %d has seq %d (%v)", n+1, m.GetEvent().GetSeq(), err)
		}
		n++
	}
	if n != info.GetLastSeq() {
		t.Fatalf("gRPC spectator: %d events, want %d", n, info.GetLastSeq())
	}
	for proto, stream := range connectWatches {
		var n uint64
		for stream.Receive() {
			if n++; stream.Msg().GetEvent().GetSeq() != n {
				t.Fatalf("%s spectator: event %d has seq %d", proto, n, stream.Msg().GetEvent().GetSeq())
			}
		}
		if stream.Err() != nil || n != info.GetLastSeq() {
			t.Fatalf("%s spectator: %d events (%v), want %d", proto, n, stream.Err(), info.GetLastSeq())
		}
	}
	for i, d := range dialers {
		if got := len(d.all()); got != 1 {
			t.Errorf("stream %d: %d connections dialed, want 1 (no reconnection)", i, got)
		}
	}
}

// TestConnectionIdleBetweenGames: a Go SDK bot that plays two games on one connection
// (botsdk.Config.Conn) and waits longer than the idle limit between them plays both: the server
// closes the idle connection, and grpc-go opens a new one for the second game.
func TestConnectionIdleBetweenGames(t *testing.T) {
	p := startIdlePort(t)
	cc, d := p.dial(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*waitFor)
	defer cancel()
	for game := range 2 {
		resp := p.create(t, soloTable(nil, nil))
		cfg := botsdk.Config{Conn: cc, TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "patient"}
		if res, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(uint64(game))); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("game %d: %v, %v; want a completed game", game, res.GetOutcome(), err)
		}
		if game == 0 {
			p.waitClosed(t, d.all()[0])
		}
	}
	if got := len(d.all()); got != 2 {
		t.Fatalf("%d connections dialed, want 2 (the second game on a new one)", got)
	}
}

// TestConnectionIdleAfterHandshake: a client that completes HTTP/2's handshake (preface,
// SETTINGS both ways) and then holds the connection with no request, answering the server's
// PINGs, is sent a GOAWAY and closed once idle for the limit: the port hands it to net/http
// when its first request has not come in FirstBytesTimeout, and net/http's idle timeout runs
// from then (it was kept for ever before).
func TestConnectionIdleAfterHandshake(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the port's 10 s for a first request")
	}
	p := startIdlePort(t)
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	if _, err := io.WriteString(conn, http2.ClientPreface); err != nil {
		t.Fatal(err)
	}
	framer := http2.NewFramer(conn, conn)
	if err := framer.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(start.Add(FirstBytesTimeout + testIdle + idleSlack + waitFor))
	var goAway *http2.GoAwayFrame
	for {
		f, err := framer.ReadFrame()
		if err != nil {
			if err != io.EOF {
				t.Fatalf("reading the server's frames: %v, want EOF", err)
			}
			break
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				err = framer.WriteSettingsAck()
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				err = framer.WritePing(true, f.Data)
			}
		case *http2.GoAwayFrame:
			goAway = f
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	d := time.Since(start)
	if goAway == nil || goAway.ErrCode != http2.ErrCodeNo || goAway.LastStreamID != 0 {
		t.Fatalf("GOAWAY %v before the close, want NO_ERROR with last stream 0", goAway)
	}
	if lo := FirstBytesTimeout + testIdle; d < lo || d > lo+idleSlack {
		t.Fatalf("the server closed the connection after %v, want %v to %v", d, lo, lo+idleSlack)
	}
	p.waitClosed(t, conn.LocalAddr().String())
}
