package service

import (
	"io"
	"net"
	"testing"
	"time"

	"golang.org/x/net/http2"
)

// TestPortClosesSilentClients: a client that says nothing (slowloris) is closed by the port in
// FirstBytesTimeout, 10 s (it took 20 s before: cmux handed it to net/http at 10 s, whose
// ReadHeaderTimeout for HTTP/1.1 kept it 10 s more); one that sends HTTP/2's preface and nothing
// more in 12 s (10 s, then net/http's 2 s wait for the client's SETTINGS); one that sends part of
// a method and no more is answered 400 "not HTTP, gRPC or gRPC-Web" in 10 s; none leaves a
// goroutine.
func TestPortClosesSilentClients(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the port's 10 s read timeout")
	}
	addr := servePortOf(t, registerEcho, ServerOptions(nil)...)
	before := settledGoroutines()
	t.Run("clients", func(t *testing.T) {
		for name, c := range map[string]struct {
			hello  string
			within time.Duration
		}{"silent": {"", FirstBytesTimeout + time.Second}, "preface only": {http2.ClientPreface, FirstBytesTimeout + 3*time.Second},
			"half a method": {"GE", FirstBytesTimeout + time.Second}} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				if _, err := io.WriteString(conn, c.hello); err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				_ = conn.SetReadDeadline(start.Add(30 * time.Second))
				got, err := io.ReadAll(conn) // the port's SETTINGS, perhaps a GOAWAY, then EOF
				if d := time.Since(start); err != nil || d < FirstBytesTimeout-100*time.Millisecond || d > c.within {
					t.Errorf("the port closed the connection after %v (%v), want from %v to %v", d, err, FirstBytesTimeout, c.within)
				}
				if want := map[string]string{"silent": "", "half a method": notServedReply}[name]; name != "preface only" && string(got) != want {
					t.Errorf("reply %q, want %q", got, want)
				}
			})
		}
	})
	if after := goroutinesDownTo(before, nil); after > before {
		t.Errorf("%d goroutines before the silent clients, %d after", before, after)
	}
}
