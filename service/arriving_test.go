package service

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"golang.org/x/net/http2"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// arrivingClient is one HTTP/2 (h2c) connection to the port whose streams begin a message and
// hold it open.
type arrivingClient struct {
	addr  string
	h2c   *http2.Transport
	pipes []*io.PipeWriter
}

// newArrivingClient returns a client of its own connection to addr from the address from (an
// IPv4 address of loopback), closed when the test ends.
func newArrivingClient(t *testing.T, addr, from string) *arrivingClient {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c := &arrivingClient{addr: addr, h2c: &http2.Transport{AllowHTTP: true,
		DialTLSContext: func(ctx context.Context, network, addr string, _ *tls.Config) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		}}}
	t.Cleanup(c.close)
	return c
}

// begin opens a WatchTable stream with contentType whose first message declares n bytes and
// sends one of them; the answer comes on the channel it returns.
func (c *arrivingClient) begin(contentType string, n int) <-chan lateBodyAnswer {
	requests, send := io.Pipe()
	c.pipes = append(c.pipes, send)
	answer := make(chan lateBodyAnswer, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodPost, "http://"+c.addr+"/bezique.v1.TableService/WatchTable", requests)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		res, err := c.h2c.RoundTrip(req)
		if err != nil {
			answer <- lateBodyAnswer{message: err.Error()}
			return
		}
		a, err := lateBodyEnd(res)
		if err != nil {
			a.message = err.Error()
		}
		answer <- a
	}()
	go func() { _, _ = io.WriteString(send, envelope(n)+"{") }()
	return answer
}

// close ends the client's streams, their messages not whole, and its connection.
func (c *arrivingClient) close() {
	for _, p := range c.pipes {
		_ = p.CloseWithError(io.ErrClosedPipe)
	}
	c.h2c.CloseIdleConnections()
}

// serveArrivingPort serves a referee (in memory) on a port of 127.0.0.1 without TLS, its
// MaxArrivingBytes 64 KiB, with metrics, until the test ends, and returns the port and its
// address.
func serveArrivingPort(t *testing.T, metrics *Metrics) (*Port, string) {
	t.Helper()
	srv, err := New(t.Context(), Config{Metrics: metrics})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPort(lis, PortConfig{HTTP: HTTPConfig{MaxArrivingBytes: 64 << 10, Metrics: metrics}}, srv.Register, ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = p.Serve() }()
	t.Cleanup(func() { p.Stop(time.Second) })
	return p, lis.Addr().String()
}

// awaitArriving waits until the port holds want bytes of messages still arriving.
func awaitArriving(t *testing.T, p *Port, want int64) {
	t.Helper()
	for deadline := time.Now().Add(waitFor); p.arriving.held.Load() != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the port holds %d bytes of messages still arriving, want %d", p.arriving.held.Load(), want)
		}
	}
}

// TestHTTPArrivingBudget: HTTPConfig.MaxArrivingBytes (64 KiB here) bounds the bytes the port
// holds of Connect and gRPC-Web messages still arriving, and a connection and a client address
// to an eighth of it (8 KiB: 8 streams whose messages declare 1 KiB and sent one byte of it). The
// 9th stream of a connection is refused at once, in each stream encoding, with resource_exhausted
// naming the bound, while the other clients play, and so is a stream of another connection of
// the same address (without the address's share, 8 connections of one address filled the budget); with 8 connections at their share, a stream of a 9th and a
// unary call are refused so; every refusal is counted by bezique_http_arriving_refusals_total;
// and once the clients have gone the budget is whole again. Before, 100 streams of one
// connection, each a byte short of a 1 MiB message, held 195 MB of the referee's memory.
func TestHTTPArrivingBudget(t *testing.T) {
	metrics := NewMetrics(prometheus.NewRegistry())
	p, addr := serveArrivingPort(t, metrics)

	refused := lateBodyAnswer{status: http.StatusOK, code: "resource_exhausted", message: "stream message: " + arrivingFull}
	var clients []*arrivingClient
	for i := range 8 {
		c := newArrivingClient(t, addr, fmt.Sprintf("127.0.0.%d", i+2))
		clients = append(clients, c)
		for range 8 {
			c.begin("application/connect+json", 1024)
		}
		awaitArriving(t, p, int64(i+1)*8*1024)
		if i > 0 {
			continue
		}
		for _, ct := range []string{"application/connect+json", "application/connect+proto", "application/grpc-web+json",
			"application/grpc-web+proto", "application/grpc-web"} {
			if got := <-c.begin(ct, 1024); got != refused {
				t.Errorf("the 9th stream of a connection, %s: %+v, want %+v", ct, got, refused)
			}
		}
		if code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}"); code != http.StatusOK {
			t.Errorf("another client's GetRuleCatalog, a connection at its share: %d %s", code, body)
		}
		// Another connection of the same address: the address is at its share.
		if got := <-newArrivingClient(t, addr, "127.0.0.2").begin("application/connect+json", 1024); got != refused {
			t.Errorf("a stream of another connection of the address at its share: %+v, want %+v", got, refused)
		}
	}
	if got := <-newArrivingClient(t, addr, "127.0.0.10").begin("application/grpc-web+json", 1024); got != refused {
		t.Errorf("a stream of a 9th connection, the budget held: %+v, want %+v", got, refused)
	}
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}")
	if want := fmt.Sprintf(`{"code":"resource_exhausted","message":%q}`, "request body: "+arrivingFull); code != http.StatusTooManyRequests || body != want {
		t.Errorf("a unary call, the budget held: %d %s, want 429 %s", code, body, want)
	}
	if got := testutil.ToFloat64(metrics.arrivingRefused); got != 8 {
		t.Errorf("bezique_http_arriving_refusals_total = %v, want 8", got)
	}
	for _, c := range clients {
		c.close()
	}
	awaitArriving(t, p, 0)
	if code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}"); code != http.StatusOK {
		t.Errorf("GetRuleCatalog once the clients have gone: %d %s", code, body)
	}
}

// TestHTTPArrivingBudgetPastDeadline: the bytes of messages that do not arrive whole within
// their bound are given back when the call ends with deadline_exceeded: a Connect unary call
// (4 KiB taken, its body's length unknown over HTTP/2), a WatchTable message begun (100 bytes) and
// a seat's message begun after its Join (100 bytes), over h2c.
func TestHTTPArrivingBudgetPastDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out RequestBodyTimeout")
	}
	p, addr := serveArrivingPort(t, nil)
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"me"}},{"builtin":{"bot":"random"}}]}`)
	var created pb.CreateTableResponse
	if err := protojson.Unmarshal([]byte(body), &created); code != http.StatusOK || err != nil {
		t.Fatalf("CreateTable: %d %s %v", code, body, err)
	}
	join, err := protojson.Marshal(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: created.GetTableId(),
		Token: created.GetSeatTokens()[0].GetToken(), BotName: "me", ProtocolVersion: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	calls := []lateBodyCall{
		{method: "TableService/GetRuleCatalog", contentType: "application/json", begun: "{"},
		{method: "TableService/WatchTable", contentType: "application/connect+json", begun: envelope(100) + "{"},
		{method: "SeatService/Connect", contentType: "application/connect+json", begun: envelope(len(join)) + string(join) + envelope(100) + "{"},
	}
	answers := make([]lateBodyAnswer, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Go(func() {
			a, err := lateBodyH2(addr, c)
			if err != nil {
				a.message = err.Error()
			}
			answers[i] = a
		})
	}
	awaitArriving(t, p, 4096+100+100)
	wg.Wait()
	for i, want := range []lateBodyAnswer{
		{status: http.StatusGatewayTimeout, code: "deadline_exceeded", message: bodyTooSlow},
		{status: http.StatusOK, code: "deadline_exceeded", message: bodyTooSlow},
		{status: http.StatusOK, code: "deadline_exceeded", message: streamMessageTooSlow},
	} {
		if answers[i] != want {
			t.Errorf("%s: %+v, want %+v", calls[i].method, answers[i], want)
		}
	}
	awaitArriving(t, p, 0)
}
