package service

import (
	"io"
	"net"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"
)

// TestPortClosesSilentClients: a client that sends HTTP/2's preface and nothing more (slowloris)
// is closed by the port in 12 s (cmux's 10 s read timeout, then net/http's 2 s wait for the
// client's SETTINGS); one that says nothing in 20 s (cmux's 10 s, then net/http's
// ReadHeaderTimeout of 10 s for HTTP/1.1, the port's last resort); neither leaves a goroutine.
func TestPortClosesSilentClients(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the port's 10 s read timeout")
	}
	g := grpc.NewServer(ServerOptions(nil)...)
	testgrpc.RegisterTestServiceServer(g, echoService{})
	addr := servePortOf(t, g)
	before := settledGoroutines()
	t.Run("clients", func(t *testing.T) {
		for name, c := range map[string]struct {
			hello  string
			within time.Duration
		}{"silent": {"", 22 * time.Second}, "preface only": {http2.ClientPreface, 14 * time.Second}} {
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
				_, err = io.Copy(io.Discard, conn) // the port's SETTINGS, perhaps a GOAWAY, then EOF
				if d := time.Since(start); err != nil || d > c.within {
					t.Errorf("the port closed the connection after %v (%v), want within %v", d, err, c.within)
				}
			})
		}
	})
	if after := settledGoroutines(); after > before {
		t.Errorf("%d goroutines before the silent clients, %d after", before, after)
	}
}
