package service

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
)

// TestHTTPBodyHeldAsItArrives: a request that declares a large body and sends a byte or two
// costs the referee what arrived, not what it declared: 12 requests declaring 16 MB each (a
// unary call's Content-Length; the length prefix of a Connect and a gRPC-Web stream's JSON
// message) and cut short allocate less than one of them. The transcoder (vanguard) sized its
// buffer by the declaration, and allocated 12 × 16 MB before (20 such requests held open took
// 313 MB of a referee's RSS).
func TestHTTPBodyHeldAsItArrives(t *testing.T) {
	addr := servePlainPort(t)
	const declared = 16_000_000
	prefix := make([]byte, 5)
	binary.BigEndian.PutUint32(prefix[1:], declared)
	requests := []string{
		// A unary call: its body ends (the client closes its side) 16 MB short of its length.
		"POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
			fmt.Sprintf("Connect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n{", declared),
		// Streams: the body ends within the message its prefix announces.
		"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/connect+json\r\n" +
			"Connect-Protocol-Version: 1\r\nContent-Length: 7\r\n\r\n" + string(prefix) + "{ ",
		"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/grpc-web+json\r\n" +
			"Content-Length: 7\r\n\r\n" + string(prefix) + "{ ",
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 4 {
		for _, req := range requests {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			_ = conn.SetDeadline(time.Now().Add(waitFor))
			if _, err := conn.Write([]byte(req)); err != nil {
				t.Fatal(err)
			}
			if err := conn.(*net.TCPConn).CloseWrite(); err != nil { // ends the unary call's body
				t.Fatal(err)
			}
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("%.60q: %v", req, err)
			}
			res.Body.Close()
			conn.Close()
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got >= declared {
		t.Fatalf("12 requests declaring %d bytes and cut short allocated %d bytes, want less than one declaration", declared, got)
	}
}

// TestHTTPRequestBodyTimeout: a Connect call whose body comes a byte every 500 ms (slowloris)
// is ended once RequestBodyTimeout has passed since its headers, over HTTP/1.1 (the server
// answers with Connection: close, and closes the connection) and HTTP/2 (the stream is reset); it was held for
// ever, with its goroutines (500 such connections: 2 000 goroutines). A server stream whose body came at
// once (WatchTable over HTTP/1.1) stays open past that time: the deadline ends with the body.
func TestHTTPRequestBodyTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out RequestBodyTimeout")
	}
	addr := servePlainPort(t)
	code, _, created := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"a"}},{"remote":{"name":"b"}}]}`)
	tableID, ok := strings.CutPrefix(created, `{"tableId":"`)
	if code != http.StatusOK || !ok {
		t.Fatalf("CreateTable: %d %s", code, created)
	}
	tableID, _, _ = strings.Cut(tableID, `"`)
	trickle := func(t *testing.T, write func([]byte) error, stop <-chan struct{}) {
		for {
			select {
			case <-stop:
				return
			case <-time.After(500 * time.Millisecond):
			}
			if write([]byte(" ")) != nil {
				return
			}
		}
	}
	t.Run("http1.1", func(t *testing.T) {
		t.Parallel()
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(RequestBodyTimeout + FirstBytesTimeout + waitFor))
		if _, err := io.WriteString(conn, "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\n"+
			"Content-Type: application/json\r\nConnect-Protocol-Version: 1\r\nContent-Length: 1000\r\n\r\n{"); err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		defer close(stop)
		go trickle(t, func(b []byte) error { _, err := conn.Write(b); return err }, stop)
		r := bufio.NewReader(conn)
		res, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("no answer to a request whose body never ends: %v", err)
		}
		body, _ := io.ReadAll(res.Body)
		// It was Connect's canceled (499) or the transcoder's 500 "response uses incorrect
		// codec", by a race, before wholeUnaryBody.
		const want = `{"code":"deadline_exceeded","message":"request body: not whole within 10s of the headers (docs/SECURITY.md)"}`
		if res.StatusCode != http.StatusGatewayTimeout || string(body) != want || !res.Close {
			t.Fatalf("the answer: %s %q %s, want 504 %s and Connection: close", res.Status, res.Header, body, want)
		}
		// The connection is then closed, the bytes trickled after the answer never read: they
		// were read as the next request, whose headers never ended (400 at ReadHeaderTimeout,
		// FirstBytesTimeout, before the close).
		if rest, _ := io.ReadAll(r); len(rest) != 0 {
			t.Fatalf("after the answer: %.200q, want the connection closed", rest)
		}
	})
	t.Run("h2c", func(t *testing.T) {
		t.Parallel()
		h := dialRawH2(t, addr)
		_ = h.conn.SetDeadline(time.Now().Add(RequestBodyTimeout + waitFor))
		h.request(t, 1, "application/json")
		stop := make(chan struct{})
		defer close(stop)
		go trickle(t, func(b []byte) error { return h.write(func() error { return h.framer.WriteData(1, false, b) }) }, stop)
		var f http2.Frame
		for {
			if f = h.next(t, 1); f.Header().Type != http2.FrameHeaders || f.Header().Flags.Has(http2.FlagHeadersEndStream) {
				break
			}
		}
		// net/http resets a stream whose handler returned with its body unread.
		if rst, ok := f.(*http2.RSTStreamFrame); !ok || rst.ErrCode != http2.ErrCodeNo {
			t.Fatalf("the stream got %v, want RST_STREAM NO_ERROR", f)
		}
	})
	t.Run("watch-http1.1", func(t *testing.T) {
		t.Parallel()
		msg := `{"tableId":"` + tableID + `"}`
		prefix := make([]byte, 5)
		binary.BigEndian.PutUint32(prefix[1:], uint32(len(msg)))
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := fmt.Fprintf(conn, "POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\n"+
			"Content-Type: application/connect+json\r\nConnect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n%s%s", 5+len(msg), prefix, msg); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(conn)
		res, err := http.ReadResponse(r, nil)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("WatchTable: %v %v", res, err)
		}
		// The stream stays open: nothing comes (the table waits for its seats), and the read
		// waits out the body's deadline and more.
		_ = conn.SetReadDeadline(time.Now().Add(RequestBodyTimeout + 2*time.Second))
		got, err := io.ReadAll(res.Body)
		if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
			t.Fatalf("the watch stream ended at %v with %q, want it open (a read timeout)", err, got)
		}
	})
}

// TestHTTPUnaryBodyBound: a Connect unary call's body is held to MaxUnaryBodyBytes: one that
// declares more is answered at once, before its body is sent, one sent in chunks is refused once
// it is over (TestHTTPRequestBodyBounded: 64 MB), and one of the bound exactly (a request padded
// with whitespace) is served. The bound was the transcoder's 16 MiB, each such body parsed (120
// ms of CPU and 60 MB of memory) before the gRPC limit of 64 KiB refused its message. Declared
// and not sent, the answer waited for RequestBodyTimeout: net/http, after the handler, read on
// the body (up to 256 KB) when the handler had put a body of another type in the request.
func TestHTTPUnaryBodyBound(t *testing.T) {
	addr := servePlainPort(t)
	const want = `{"code":"resource_exhausted","message":"request body: over 1048576 bytes, the most a unary call's may hold (its message, in protobuf, 65536: docs/SECURITY.md)"}`
	t.Run("declared", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(RequestBodyTimeout / 2)) // the answer must not wait for the body's deadline
		if _, err := fmt.Fprintf(conn, "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\n"+
			"Content-Type: application/json\r\nConnect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n{", MaxUnaryBodyBytes+1); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusTooManyRequests || string(body) != want {
			t.Errorf("%d %s, want 429 %s", res.StatusCode, body, want)
		}
	})
	for _, c := range []struct {
		name, body string
		wantCode   int
	}{
		{"one byte over", strings.Repeat(" ", MaxUnaryBodyBytes-1) + "{}", http.StatusTooManyRequests},
		{"at the bound", strings.Repeat(" ", MaxUnaryBodyBytes-2) + "{}", http.StatusOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			// No Content-Length: net/http sends an io.Reader that is not a strings.Reader chunked.
			req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", io.MultiReader(strings.NewReader(c.body)))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.wantCode || (c.wantCode != http.StatusOK && string(body) != want) {
				t.Errorf("%d bytes: %d %.200s, want %d", len(c.body), res.StatusCode, body, c.wantCode)
			}
		})
	}
}
