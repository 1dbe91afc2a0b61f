package service

import (
	"crypto/tls"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// TestPortAnswersWhatItDoesNotServe: bytes that are neither HTTP/1.x nor HTTP/2 (a line typed by
// hand, a TLS ClientHello on the port without TLS, a method with a character no method has) get
// HTTP/1.1 400 "not HTTP, gRPC or gRPC-Web", and an HTTP/1.x request whatever its method reaches
// net/http, which answers it (here without the web app: 404 for a path it does not serve); each at once, not after FirstBytesTimeout, and the connection is then closed.
// Before, the first were closed without a word, a method other than the nine of RFC 9110 too, and
// a request shorter than HTTP/2's 24-byte preface waited 10 s for the gRPC test to give up.
func TestPortAnswersWhatItDoesNotServe(t *testing.T) {
	addr := servePlainPort(t)
	const notHTTP = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n" +
		"Content-Length: 27\r\n\r\nnot HTTP, gRPC or gRPC-Web\n"
	for _, c := range []struct {
		name, send string
		want       string // the whole reply, or its status line and headers when it ends in "\r\n"
	}{
		{"typed line", "hello\r\n", notHTTP},
		{"TLS ClientHello", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", notHTTP},
		{"not a method", "G@T / HTTP/1.1\r\nHost: referee\r\n\r\n", notHTTP},
		{"HTTP/1.0 shorter than the HTTP/2 preface", "GET / HTTP/1.0\r\n\r\n", "HTTP/1.0 404 Not Found\r\n"},
		{"unknown method", "BREW / HTTP/1.1\r\nHost: referee\r\nConnection: close\r\n\r\n", "HTTP/1.1 404 Not Found\r\n"},
		{"unknown method on an RPC", "BREW /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nConnection: close\r\n\r\n",
			"HTTP/1.1 400 Bad Request\r\n"}, // a Connect error naming what an RPC's path takes (rpcPaths.refusal)
		{"HTTP/2.0 request line", "GET / HTTP/2.0\r\nHost: referee\r\n\r\n", "HTTP/1.1 505 HTTP Version Not Supported: unsupported protocol version\r\nContent-Type: text/plain; charset=utf-8\r\n" +
			"Connection: close\r\n\r\n505 HTTP Version Not Supported: unsupported protocol version"},
		{"malformed version", "GET / HTTP/3\r\nHost: referee\r\n\r\n",
			"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request"},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			start := time.Now()
			if _, err := io.WriteString(conn, c.send); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(start.Add(FirstBytesTimeout + 5*time.Second))
			got, err := io.ReadAll(conn)
			d := time.Since(start)
			if err != nil || d > 2*time.Second {
				t.Fatalf("the port answered in %v and closed (%v), want within 2 s", d, err)
			}
			if want := c.want; strings.HasSuffix(want, "\r\n") {
				if status, _, _ := strings.Cut(string(got), "\r\n"); status+"\r\n" != want {
					t.Fatalf("reply %q, want the status line %q", got, want)
				}
			} else if string(got) != want {
				t.Fatalf("reply %q, want %q", got, want)
			}
		})
	}
}

// TestPortTLSAnswersPlainHTTP: an HTTP/1.x request without TLS to the port with TLS (http:// for
// https://) is answered as net/http's ServeTLS answers it, "Client sent an HTTP request to an
// HTTPS server", at once; it was closed without a word.
func TestPortTLSAnswersPlainHTTP(t *testing.T) {
	cert, _ := selfSigned(t)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port, err := NewPort(lis, PortConfig{TLS: &tls.Config{Certificates: []tls.Certificate{cert}}}, registerEcho)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	defer port.Stop(time.Second)
	conn, err := net.Dial("tcp", lis.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: referee\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(start.Add(FirstBytesTimeout + 5*time.Second))
	got, err := io.ReadAll(conn)
	if d := time.Since(start); err != nil || d > 2*time.Second {
		t.Fatalf("the port answered in %v and closed (%v), want within 2 s", d, err)
	}
	if want := "HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n"; string(got) != want {
		t.Fatalf("reply %q, want %q", got, want)
	}
}
