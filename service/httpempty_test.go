package service

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestHTTPCallWithoutRequest is the regression test of a Connect call whose body holds no request
// message: a unary JSON call with an empty body (curl -X POST without -d), and a server stream's
// call with nothing framed (its end frame: flags 2, then 0xc0 bytes of JSON and a newline). grpc-go refused them with Internal, "cardinality violation: received
// no request message from non-client-streaming RPC", which a Connect client read as the referee
// failing (HTTP 500 for the unary call). Over real HTTP each is now INVALID_ARGUMENT saying what
// the body lacks.
func TestHTTPCallWithoutRequest(t *testing.T) {
	base := serveWithApp(t)
	const want = `{"code":"invalid_argument","message":"` + noRequestMessage + `"}`
	for _, c := range []struct {
		path, contentType string
		wantStatus        int
		want              string
	}{
		{"/bezique.v1.TableService/GetTable", "application/json", 400, want},
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", 200, "\x02\x00\x00\x00\xc0" + `{"error":` + want + `}`},
	} {
		code, _, body := connectPost(t, base+c.path, c.contentType, "")
		if code != c.wantStatus || body != c.want {
			t.Errorf("%s: %d %q\nwant %d %q", c.path, code, body, c.wantStatus, c.want)
		}
	}
}

// TestHTTPStreamRequestCutShort is the regression test of a Connect stream whose framed request
// ends before the length its frame gives: grpc-go refused it with Internal, "unexpected EOF", the
// referee's fault in a client's eyes. It is now INVALID_ARGUMENT saying the request was cut short.
func TestHTTPStreamRequestCutShort(t *testing.T) {
	base := serveWithApp(t)
	for _, body := range []string{"\x00\x00\x00", "\x00\x00\x00\x00\x11{\"tableId\""} {
		req, err := http.NewRequest(http.MethodPost, base+"/bezique.v1.TableService/WatchTable", bytes.NewReader([]byte(body)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/connect+json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		const want = `{"error":{"code":"invalid_argument","message":"` + cutRequestMessage + `"}}`
		if err != nil || len(got) < 5 || string(bytes.TrimSpace(got[5:])) != want {
			t.Errorf("%q: %d %q\nwant the end frame %s", body, res.StatusCode, got, want)
		}
	}
}

// TestHTTPUnaryRequestCutShort is the regression test of a Connect unary call whose body ends
// (the client closes its side) before its Content-Length: the transcoder answered HTTP 500,
// "response uses incorrect codec: expecting \"proto\" but instead got \"?\"", the referee's fault
// in a client's eyes. It is now INVALID_ARGUMENT saying how much of the body came.
func TestHTTPUnaryRequestCutShort(t *testing.T) {
	addr := servePlainPort(t)
	for _, ct := range []string{"application/json", "application/proto"} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(waitFor))
		if _, err := io.WriteString(conn, "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\n"+
			"Content-Type: "+ct+"\r\nConnect-Protocol-Version: 1\r\nContent-Length: 100\r\n\r\n{"); err != nil {
			t.Fatal(err)
		}
		if err := conn.(*net.TCPConn).CloseWrite(); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		conn.Close()
		const want = `{"code":"invalid_argument","message":"request cut short: the body ends after 1 of the 100 bytes its Content-Length gives"}`
		if err != nil || res.StatusCode != http.StatusBadRequest || string(body) != want {
			t.Errorf("%s: %d %s (%v)\nwant 400 %s", ct, res.StatusCode, body, err, want)
		}
	}
}

// TestHTTPManyRequests is the regression test of a call whose body holds two framed requests: a
// Connect server stream (WatchTable, Play) and a gRPC-Web unary call. grpc-go refused them with
// Internal, "cardinality violation: received multiple request messages for non-client-streaming
// RPC" (an outside trial); they are now INVALID_ARGUMENT saying the call takes one.
func TestHTTPManyRequests(t *testing.T) {
	base := serveWithApp(t)
	frame := func(json string) string { return "\x00\x00\x00\x00" + string(rune(len(json))) + json }
	two := frame(`{"tableId":"t-1"}`) + frame(`{"tableId":"t-1"}`)
	for _, c := range []struct{ path, contentType, want string }{
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", `{"error":{"code":"invalid_argument","message":"` + manyRequestsMessage + `"}}`},
		{"/bezique.v1.SeatService/Play", "application/connect+json", `{"error":{"code":"invalid_argument","message":"` + manyRequestsMessage + `"}}`},
		{"/bezique.v1.TableService/GetTable", "application/grpc-web+json", "3 " + manyRequestsMessage},
	} {
		body := two
		if c.path == "/bezique.v1.SeatService/Play" {
			body = frame(`{"join":{"tableId":"t-1"}}`) + frame(`{"join":{"tableId":"t-1"}}`)
		}
		if _, got := answerOf(t, base+c.path, c.contentType, body); got != c.want {
			t.Errorf("%s (%s): %q\nwant %q", c.path, c.contentType, got, c.want)
		}
	}
}
