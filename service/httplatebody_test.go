package service

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"golang.org/x/net/http2"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// lateBodyCall is a Connect or gRPC-Web call whose body does not come whole: method (a path
// under /bezique.v1.) with contentType, and the body's first bytes, begun; with trickle, a
// space follows every 500 ms. The body's declared length is length (0: 1 000 bytes over
// HTTP/1.1, none over HTTP/2). The client waits for the answer for wait (0:
// RequestBodyTimeout and waitFor).
type lateBodyCall struct {
	method, contentType, begun string
	trickle                    bool
	length                     int
	wait                       time.Duration
}

// lateBodyAnswer is what a client's library reads of the end of a call: the HTTP status, the
// call's code (Connect's name for it) and message, and whether an HTTP/1.1 connection was closed
// after the answer.
type lateBodyAnswer struct {
	status        int
	code, message string
	closed        bool
}

// TestHTTPLateBodyRefusals: a Connect or gRPC-Web call, unary or a server stream, in each of
// their encodings, over HTTP/1.1 and HTTP/2 (h2c), whose body does not come whole within
// RequestBodyTimeout of its headers (nothing of it sent, or its message begun and trickled a
// byte every 500 ms) ends with deadline_exceeded and the message naming the bound, as the
// client's library reads it: a unary Connect call's JSON error (HTTP 504), a Connect stream's end
// message, gRPC-Web's grpc-status and grpc-message; HTTP/1.1 then closes the connection. Over
// HTTP/1.1, the streams and gRPC-Web ended with HTTP 200 and canceled ("context canceled") or
// unknown ("response uses incorrect codec: expecting "proto" but instead got "?""), by a race;
// over HTTP/2 with unavailable ("i/o timeout"). A Connect server stream that sent nothing of its
// body was held for ever: the shape check read its first byte before the deadline was set.
// SeatService.Connect, over HTTP/2 in its five encodings, has the bound for each message from its
// first byte: a seat that joins and begins a message ends with deadline_exceeded naming that.
// A WatchTable whose message came whole and whose body did not end ends so too, its first
// events sent.
func TestHTTPLateBodyRefusals(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out RequestBodyTimeout")
	}
	addr := servePlainPort(t)
	var calls []lateBodyCall
	for _, ct := range []string{"application/json", "application/proto"} {
		calls = append(calls, lateBodyCall{method: "TableService/GetRuleCatalog", contentType: ct, begun: "{"})
	}
	for _, ct := range []string{"application/grpc-web+json", "application/grpc-web+proto", "application/grpc-web"} {
		calls = append(calls, lateBodyCall{method: "TableService/GetRuleCatalog", contentType: ct, begun: envelope(100) + "{"})
	}
	for _, ct := range []string{"application/connect+json", "application/connect+proto", "application/grpc-web+json",
		"application/grpc-web+proto", "application/grpc-web"} {
		calls = append(calls, lateBodyCall{method: "TableService/WatchTable", contentType: ct, begun: envelope(100) + "{"})
	}
	// Every call at once, over both protocols, with its body begun or not, and the seats': the
	// test waits out the bound once.
	type run struct {
		name string
		call lateBodyCall
		h2   bool
		want lateBodyAnswer
		got  lateBodyAnswer
		err  error
	}
	var runs []*run
	for _, c := range calls {
		want := lateBodyAnswer{status: http.StatusOK, code: "deadline_exceeded",
			message: "request body: not whole within 10s of the headers (docs/SECURITY.md)"}
		if c.contentType == "application/json" || c.contentType == "application/proto" {
			want.status = http.StatusGatewayTimeout
		}
		for _, h2 := range []bool{false, true} {
			for _, begun := range []string{"", c.begun} {
				r := &run{name: fmt.Sprintf("%s %s h2c=%t begun=%t", c.method, c.contentType, h2, begun != ""), h2: h2, want: want,
					call: lateBodyCall{method: c.method, contentType: c.contentType, begun: begun, trickle: true}}
				r.want.closed = !h2
				runs = append(runs, r)
			}
		}
	}
	// A WatchTable whose message came whole, its body left open (its declared length not sent).
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"a"}},{"remote":{"name":"b"}}]}`)
	var waiting pb.CreateTableResponse
	if err := protojson.Unmarshal([]byte(body), &waiting); code != http.StatusOK || err != nil {
		t.Fatalf("CreateTable: %d %s %v", code, body, err)
	}
	for _, ct := range []string{"application/connect+json", "application/connect+proto", "application/grpc-web+json",
		"application/grpc-web+proto", "application/grpc-web"} {
		marshal := proto.Marshal
		if strings.HasSuffix(ct, "+json") {
			marshal = protojson.Marshal
		}
		watch, err := marshal(&pb.WatchTableRequest{TableId: waiting.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		for _, h2 := range []bool{false, true} {
			runs = append(runs, &run{name: fmt.Sprintf("TableService/WatchTable %s h2c=%t, the message whole and the body open", ct, h2), h2: h2,
				call: lateBodyCall{method: "TableService/WatchTable", contentType: ct, begun: envelope(len(watch)) + string(watch), length: 1000},
				want: lateBodyAnswer{status: http.StatusOK, code: "deadline_exceeded",
					message: "request body: not whole within 10s of the headers (docs/SECURITY.md)", closed: !h2}})
		}
	}
	// SeatService.Connect (HTTP/2 only) has each message within the bound of its first byte: a
	// seat that joins and begins its next message.
	for _, ct := range []string{"application/connect+json", "application/connect+proto", "application/grpc-web+json",
		"application/grpc-web+proto", "application/grpc-web"} {
		code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
			`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"me"}},{"builtin":{"bot":"random"}}]}`)
		var created pb.CreateTableResponse
		if err := protojson.Unmarshal([]byte(body), &created); code != http.StatusOK || err != nil {
			t.Fatalf("CreateTable: %d %s %v", code, body, err)
		}
		marshal := proto.Marshal
		if strings.HasSuffix(ct, "+json") {
			marshal = protojson.Marshal
		}
		join, err := marshal(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: created.GetTableId(),
			Token: created.GetSeatTokens()[0].GetToken(), BotName: "me", ProtocolVersion: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, &run{name: "SeatService/Connect " + ct + " h2c=true, a message begun after the Join", h2: true,
			call: lateBodyCall{method: "SeatService/Connect", contentType: ct, begun: envelope(len(join)) + string(join) + envelope(100) + "{", trickle: true},
			want: lateBodyAnswer{status: http.StatusOK, code: "deadline_exceeded",
				message: "stream message: not whole within 10s of its first byte (docs/SECURITY.md)"}})
	}
	var wg sync.WaitGroup
	for _, r := range runs {
		wg.Go(func() {
			if r.h2 {
				r.got, r.err = lateBodyH2(addr, r.call)
			} else {
				r.got, r.err = lateBodyHTTP1(addr, r.call)
			}
		})
	}
	wg.Wait()
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.got != r.want {
				t.Errorf("%+v, want %+v", r.got, r.want)
			}
		})
	}
}

// lateBodyTrickle writes c.begun, and then, with c.trickle, a space every 500 ms while write
// succeeds, until stop.
func lateBodyTrickle(c lateBodyCall, write func(string) error, stop <-chan struct{}) {
	if c.begun == "" {
		return
	}
	for b := c.begun; write(b) == nil && c.trickle; b = " " {
		select {
		case <-stop:
			return
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// waitFor is how long the client of c waits for its answer.
func (c lateBodyCall) waitFor() time.Duration {
	if c.wait == 0 {
		return RequestBodyTimeout + waitFor
	}
	return c.wait
}

// lateBodyHTTP1 makes call c over HTTP/1.1 on a connection of its own and reads its answer.
func lateBodyHTTP1(addr string, c lateBodyCall) (lateBodyAnswer, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return lateBodyAnswer{}, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(c.waitFor()))
	if _, err := fmt.Fprintf(conn, "POST /bezique.v1.%s HTTP/1.1\r\nHost: referee\r\nContent-Type: %s\r\n"+
		"Connect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n", c.method, c.contentType, cmp.Or(c.length, 1000)); err != nil {
		return lateBodyAnswer{}, err
	}
	stop := make(chan struct{})
	defer close(stop)
	go lateBodyTrickle(c, func(b string) error { _, err := io.WriteString(conn, b); return err }, stop)
	r := bufio.NewReader(conn)
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		return lateBodyAnswer{}, fmt.Errorf("no answer: %w", err)
	}
	a, err := lateBodyEnd(res)
	if err != nil {
		return a, err
	}
	rest, _ := io.ReadAll(r)
	a.closed = res.Close && len(rest) == 0
	return a, nil
}

// lateBodyH2 makes call c over HTTP/2 (h2c) on a connection of its own, as a client's library
// does (its body a stream of unknown length), and reads its answer.
func lateBodyH2(addr string, c lateBodyCall) (lateBodyAnswer, error) {
	deadline := time.Now().Add(c.waitFor())
	h2c := &http2.Transport{AllowHTTP: true, DialTLSContext: func(ctx context.Context, network, addr string, _ *tls.Config) (net.Conn, error) {
		conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err == nil {
			_ = conn.SetDeadline(deadline)
		}
		return conn, err
	}}
	defer h2c.CloseIdleConnections()
	requests, send := io.Pipe()
	defer send.Close()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1."+c.method, requests)
	if err != nil {
		return lateBodyAnswer{}, err
	}
	req.Header.Set("Content-Type", c.contentType)
	if c.length > 0 {
		req.ContentLength = int64(c.length)
	}
	req.Header.Set("Connect-Protocol-Version", "1")
	stop := make(chan struct{})
	defer close(stop)
	go lateBodyTrickle(c, func(b string) error { _, err := io.WriteString(send, b); return err }, stop)
	res, err := h2c.RoundTrip(req)
	if err != nil {
		return lateBodyAnswer{}, fmt.Errorf("no answer: %w", err)
	}
	return lateBodyEnd(res)
}

// lateBodyEnd reads the end of the call res answers, by its Content-Type: a Connect unary call's
// JSON error, a Connect stream's end message, or gRPC-Web's status, in the headers (trailers
// only) or in the trailers' frame.
func lateBodyEnd(res *http.Response) (lateBodyAnswer, error) {
	defer res.Body.Close()
	a := lateBodyAnswer{status: res.StatusCode}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return a, fmt.Errorf("%s, reading the body: %w", res.Status, err)
	}
	ct := res.Header.Get("Content-Type")
	var status, message string
	switch {
	case ct == "application/json":
		var e struct{ Code, Message string }
		if err := json.Unmarshal(body, &e); err != nil {
			return a, fmt.Errorf("%s %q: %w", res.Status, body, err)
		}
		a.code, a.message = e.Code, e.Message
		return a, nil
	case strings.HasPrefix(ct, "application/connect+"):
		end, ok := lateBodyFrame(body, 0x02)
		var e struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal(end, &e); !ok || err != nil {
			return a, fmt.Errorf("%s %q: no end message", res.Status, body)
		}
		a.code, a.message = e.Error.Code, e.Error.Message
		return a, nil
	case strings.HasPrefix(ct, "application/grpc-web"):
		status, message = res.Header.Get("Grpc-Status"), res.Header.Get("Grpc-Message")
		if trailers, ok := lateBodyFrame(body, 0x80); ok {
			h, err := http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\n"+string(trailers)+"\r\n")), nil)
			if err != nil {
				return a, fmt.Errorf("trailers %q: %w", trailers, err)
			}
			status, message = h.Header.Get("Grpc-Status"), h.Header.Get("Grpc-Message")
		}
	default:
		return a, fmt.Errorf("%s %q %q: not a Connect or gRPC-Web answer", res.Status, res.Header, body)
	}
	n, err := strconv.Atoi(status)
	if err != nil {
		return a, fmt.Errorf("%s %q %q: no grpc-status", res.Status, res.Header, body)
	}
	a.code = connect.Code(n).String()
	a.message, err = url.PathUnescape(message)
	return a, err
}

// lateBodyFrame returns the message of the first frame of body whose flags have flag set.
func lateBodyFrame(body []byte, flag byte) ([]byte, bool) {
	for len(body) >= 5 {
		n := int(binary.BigEndian.Uint32(body[1:5]))
		if len(body) < 5+n {
			return nil, false
		}
		if body[0]&flag != 0 {
			return bytes.Clone(body[5 : 5+n]), true
		}
		body = body[5+n:]
	}
	return nil, false
}
