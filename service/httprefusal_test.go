package service

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// pipelined is a whole Connect unary call, sent right behind a refused request on the same
// HTTP/1.1 connection: served, it would be answered 200.
const pipelined = "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
	"Connect-Protocol-Version: 1\r\nContent-Length: 2\r\n\r\n{}"

// envelope returns a stream message's length prefix for a message of n bytes.
func envelope(n int) string {
	prefix := make([]byte, 5)
	binary.BigEndian.PutUint32(prefix[1:], uint32(n))
	return string(prefix)
}

// TestHTTPRefusalClosesConnection: a Connect or gRPC-Web request whose body is refused before it
// has been read whole is answered with Connection: close, and the request pipelined behind it on
// the HTTP/1.1 connection is never read: what is left of the refused body could be read as a
// request. A JSON stream message over MaxUnaryBodyBytes (2 MiB, sent whole) was held, up to 16
// MiB, and then answered; with it refused as it should be, the Connect stream's refusal left the
// connection open and its 2 MiB were read as the next request's headers (431): the port's shape
// check had put a body of its own type in the server's request, so net/http no longer knew the
// body was left unread.
func TestHTTPRefusalClosesConnection(t *testing.T) {
	addr := servePlainPort(t)
	const n = 2 << 20
	message := envelope(n) + strings.Repeat(" ", n-2) + "{}"
	const tooLarge = `stream message: over 1048576 bytes, the most one may hold (in protobuf, 65536: docs/SECURITY.md)`
	const unaryTooLarge = `{"code":"resource_exhausted","message":"request body: over 1048576 bytes, the most a unary call's may hold (its message, in protobuf, 65536: docs/SECURITY.md)"}`
	connectEnd := `{"error":{"code":"resource_exhausted","message":"` + tooLarge + `"}}` + "\n"
	for _, c := range []struct {
		name, request string
		wantCode      int
		wantHeader    http.Header
		wantBody      string
	}{
		{"connect stream message over the bound",
			"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/connect+json\r\n" +
				fmt.Sprintf("Connect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n", len(message)) + message,
			http.StatusOK, nil, "\x02" + envelope(len(connectEnd))[1:] + connectEnd},
		{"grpc-web stream message over the bound",
			"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/grpc-web+json\r\n" +
				fmt.Sprintf("Content-Length: %d\r\n\r\n", len(message)) + message,
			http.StatusOK, http.Header{"Grpc-Status": {"8"}, "Grpc-Message": {tooLarge}}, ""},
		{"unary body declared over the bound",
			"POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
				fmt.Sprintf("Connect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n{}", MaxUnaryBodyBytes+1),
			http.StatusTooManyRequests, nil, unaryTooLarge},
		{"unary body sent over the bound",
			"POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
				fmt.Sprintf("Connect-Protocol-Version: 1\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s{}\r\n0\r\n\r\n", MaxUnaryBodyBytes+1, strings.Repeat(" ", MaxUnaryBodyBytes-1)),
			http.StatusTooManyRequests, nil, unaryTooLarge},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(waitFor))
			go func() { _, _ = io.WriteString(conn, c.request+pipelined) }()
			r := bufio.NewReader(conn)
			res, err := http.ReadResponse(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != c.wantCode || string(body) != c.wantBody || !res.Close {
				t.Fatalf("%s %q %q, want %d %q and Connection: close", res.Status, res.Header, body, c.wantCode, c.wantBody)
			}
			for k, v := range c.wantHeader {
				if got := res.Header.Get(k); got != v[0] {
					t.Errorf("%s: %q, want %q", k, got, v[0])
				}
			}
			// Then nothing: the connection ends (a reset, as the server closes it with bytes unread).
			if rest, _ := io.ReadAll(r); len(rest) != 0 {
				t.Fatalf("after the refusal the connection answered %.200q, want it closed", rest)
			}
		})
	}
}

// h2cClient returns an HTTP/2 client (h2c) that counts its connections in dials; each
// connection fails at deadline (a test that waits for what does not come fails then).
func h2cClient(t *testing.T, dials *atomic.Int32, deadline time.Time) *http2.Transport {
	h2c := &http2.Transport{AllowHTTP: true, DialTLSContext: func(ctx context.Context, network, addr string, _ *tls.Config) (net.Conn, error) {
		dials.Add(1)
		conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err == nil {
			_ = conn.SetDeadline(deadline)
		}
		return conn, err
	}}
	t.Cleanup(h2c.CloseIdleConnections)
	return h2c
}

// httpSeat is a seat's SeatService.Connect stream over HTTP/2 (Connect protocol), in JSON or in
// binary protobuf: its requests are written raw to send, its answers read from res.
type httpSeat struct {
	binary bool
	send   io.WriteCloser
	res    *http.Response
}

// openHTTPSeat creates a table with one remote seat and a random bot, opens the seat's Connect
// stream over h2c (application/connect+proto when binary, else +json), joins it and reads its
// Welcome.
func openHTTPSeat(t *testing.T, ctx context.Context, h2c *http2.Transport, addr string, binary bool) *httpSeat {
	t.Helper()
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"me"}},{"builtin":{"bot":"random"}}]}`)
	var created pb.CreateTableResponse
	if err := protojson.Unmarshal([]byte(body), &created); code != http.StatusOK || err != nil {
		t.Fatalf("CreateTable: %d %s %v", code, body, err)
	}
	requests, send := io.Pipe()
	t.Cleanup(func() { send.Close() })
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/bezique.v1.SeatService/Connect", requests)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/connect+json")
	if binary {
		req.Header.Set("Content-Type", "application/connect+proto")
	}
	req.Header.Set("Connect-Protocol-Version", "1")
	s := &httpSeat{binary: binary, send: send}
	join := s.encode(t, &pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: created.GetTableId(),
		Token: created.GetSeatTokens()[0].GetToken(), BotName: "me", ProtocolVersion: 1}}})
	go func() { _, _ = io.WriteString(send, envelope(len(join))+join) }()
	if s.res, err = h2c.RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.res.Body.Close() })
	if m, end := s.read(t); end != "" || m.GetWelcome() == nil {
		t.Fatalf("after the join: %v %s, want the Welcome", m, end)
	}
	return s
}

// encode returns m in the stream's encoding.
func (s *httpSeat) encode(t *testing.T, m *pb.ConnectRequest) string {
	t.Helper()
	marshal := protojson.Marshal
	if s.binary {
		marshal = proto.Marshal
	}
	b, err := marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// read reads the seat stream's next message: a ConnectResponse, or the stream's end message
// (Connect's, JSON in either encoding) as end.
func (s *httpSeat) read(t *testing.T) (m *pb.ConnectResponse, end string) {
	t.Helper()
	prefix := make([]byte, 5)
	if _, err := io.ReadFull(s.res.Body, prefix); err != nil {
		t.Fatalf("reading the stream: %v", err)
	}
	b := make([]byte, binary.BigEndian.Uint32(prefix[1:]))
	if _, err := io.ReadFull(s.res.Body, b); err != nil {
		t.Fatal(err)
	}
	if prefix[0]&2 != 0 {
		return nil, string(b)
	}
	m = &pb.ConnectResponse{}
	err := proto.Unmarshal(b, m)
	if !s.binary {
		err = (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, m)
	}
	if err != nil {
		t.Fatalf("%q: %v", b, err)
	}
	return m, ""
}

// readEnd reads the seat stream's messages up to its end message, which it returns.
func (s *httpSeat) readEnd(t *testing.T) string {
	t.Helper()
	for {
		if _, end := s.read(t); end != "" {
			return end
		}
	}
}

// TestHTTPStreamMessageBoundH2: a seat's Connect stream in JSON over HTTP/2 whose next message
// declares more than MaxUnaryBodyBytes ends at once with resource_exhausted, naming the bound,
// and its connection serves the next call. The message was held as it came, up to 16 MiB (8
// such streams of one connection, 15 MiB each into a message that never ended, held 185 MB).
func TestHTTPStreamMessageBoundH2(t *testing.T) {
	addr := servePlainPort(t)
	var dials atomic.Int32
	h2c := h2cClient(t, &dials, time.Now().Add(waitFor))
	seat := openHTTPSeat(t, t.Context(), h2c, addr, false)
	if _, err := io.WriteString(seat.send, envelope(MaxUnaryBodyBytes+1)+"{"); err != nil {
		t.Fatal(err)
	}
	const want = `{"error":{"code":"resource_exhausted","message":"stream message: over 1048576 bytes, the most one may hold (in protobuf, 65536: docs/SECURITY.md)"}}` + "\n"
	if end := seat.readEnd(t); end != want {
		t.Fatalf("the stream ended with %s, want %s", end, want)
	}
	if code := ruleCatalogVia(t, h2c, addr); code != http.StatusOK || dials.Load() != 1 {
		t.Fatalf("the next call: %d over %d connections, want 200 over the seat's one", code, dials.Load())
	}
}

// ruleCatalogVia calls TableService.GetRuleCatalog (Connect, JSON) through h2c and returns the
// HTTP status.
func ruleCatalogVia(t *testing.T, h2c *http2.Transport, addr string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := h2c.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestHTTPStreamMessageDeadline: a seat's Connect stream over HTTP/2, in JSON or in binary,
// stays open while it says nothing between two messages, longer than RequestBodyTimeout (a
// stale Decide sent after that is answered with its Rejection), but a message it begins and does
// not finish within RequestBodyTimeout of its first byte ends the stream with
// deadline_exceeded, and the connection serves the next call. SeatService.Connect had no body
// deadline: a message that never ended held its stream, and what had come of it, for ever.
func TestHTTPStreamMessageDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out RequestBodyTimeout twice")
	}
	addr := servePlainPort(t)
	for _, binary := range []bool{false, true} {
		t.Run(fmt.Sprint("binary=", binary), func(t *testing.T) {
			t.Parallel()
			var dials atomic.Int32
			h2c := h2cClient(t, &dials, time.Now().Add(2*RequestBodyTimeout+waitFor))
			seat := openHTTPSeat(t, t.Context(), h2c, addr, binary)
			time.Sleep(RequestBodyTimeout + time.Second)
			const stale = 1 << 40
			decide := seat.encode(t, &pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: stale, Choice: &pb.Decide_ActionId{ActionId: 1}}}})
			if _, err := io.WriteString(seat.send, envelope(len(decide))+decide); err != nil {
				t.Fatal(err)
			}
			for {
				m, end := seat.read(t)
				if end != "" {
					t.Fatalf("the stream ended after a quiet %v: %s", RequestBodyTimeout+time.Second, end)
				}
				if m.GetRejection().GetRequestId() == stale {
					break
				}
			}
			// A message begun: its prefix and the first bytes of the Decide, of the length given.
			if _, err := io.WriteString(seat.send, envelope(len(decide))+decide[:4]); err != nil {
				t.Fatal(err)
			}
			const want = `{"error":{"code":"deadline_exceeded","message":"stream message: not whole within 10s of its first byte (docs/SECURITY.md)"}}` + "\n"
			if end := seat.readEnd(t); end != want {
				t.Fatalf("the stream ended with %s, want %s", end, want)
			}
			if code := ruleCatalogVia(t, h2c, addr); code != http.StatusOK || dials.Load() != 1 {
				t.Fatalf("the next call: %d over %d connections, want 200 over the seat's one", code, dials.Load())
			}
		})
	}
}

// TestHTTPBidiOverHTTP1: SeatService.Connect over HTTP/1.1, its body begun and not sent whole,
// is answered at once with Connection: close and a Connect error saying it needs HTTP/2. The
// answer waited for as long as the client took to send the rest of the body, with no deadline:
// net/http read it before writing the refusal, to keep the connection. The refusal was the
// transcoder's 505 in plain text, "bidi streams require HTTP/2", where every other call in the
// wrong shape gets a Connect error (a raw-protocol bot author's trial).
func TestHTTPBidiOverHTTP1(t *testing.T) {
	addr := servePlainPort(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(RequestBodyTimeout / 2)) // the answer must not wait for the body's deadline
	if _, err := io.WriteString(conn, "POST /bezique.v1.SeatService/Connect HTTP/1.1\r\nHost: referee\r\nContent-Type: application/connect+json\r\n"+
		"Connect-Protocol-Version: 1\r\nContent-Length: 1000\r\n\r\n"+envelope(100)+"{"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"error":{"code":"invalid_argument","message":"bezique.v1.SeatService/Connect is a bidirectional stream: call it with gRPC, ` +
		`or a Connect stream (application/connect+proto or +json) over HTTP/2 (this call came over HTTP/1.1); a browser plays a seat with SeatService.Play and Decide (docs/INTEGRATE.md)"}}`
	if res.StatusCode != http.StatusOK || !res.Close || len(body) < 5 || string(body[5:]) != want {
		t.Fatalf("%s %q %q, want 200, Connection: close and the stream's end %s", res.Status, res.Header, body, want)
	}
}
