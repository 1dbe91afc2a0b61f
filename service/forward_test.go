package service

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// TestPeerReachesARestartedReferee: a referee restarted on its address (after a crash, as
// docs/OPERATIONS.md's "Restart in place") was unreachable through another referee for 40 s and
// more (every forwarded call failed at once with "connection refused") while that one's
// connection waited out grpc-go's default backoff; with peerBackoff it is reached within a second
// or so of listening again.
func TestPeerReachesARestartedReferee(t *testing.T) {
	if testing.Short() {
		t.Skip("the referee is down for 20 s")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s := &Referee{peers: map[string][]*peerConn{}}
	defer s.closePeers()
	cc, done, err := s.peer(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	hc := healthpb.NewHealthClient(cc)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The referee is down for 20 s; with the default backoff (1 s, growing 1.6 times, 20 % jitter)
	// the connection's next attempt is then 4 s or more away.
	for down := time.Now(); time.Since(down) < 20*time.Second; time.Sleep(50 * time.Millisecond) {
		if _, err := hc.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			t.Fatal("a call to a referee that is down succeeded")
		}
	}
	if l, err = net.Listen("tcp", addr); err != nil {
		t.Skipf("the port was taken meanwhile: %v", err)
	}
	g := grpc.NewServer()
	healthpb.RegisterHealthServer(g, health.NewServer())
	go func() { _ = g.Serve(l) }()
	defer g.Stop()
	up := time.Now()
	for {
		_, err := hc.Check(ctx, &healthpb.HealthCheckRequest{})
		if err == nil {
			break
		}
		if time.Since(up) > 3*time.Second {
			t.Fatalf("the restarted referee is still unreachable %v after it listened again: %v", time.Since(up).Round(time.Millisecond), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// slowListener hands each connection over handshake later, as an overloaded referee (or a slow
// TLS handshake) answers a new connection.
type slowListener struct {
	net.Listener
	handshake time.Duration
}

func (l slowListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		time.Sleep(l.handshake)
	}
	return c, err
}

// TestPeerReachesASlowReferee: a referee whose connections take 1.5 s to answer is reached
// through another. peerBackoff gave every attempt to connect only its backoff delay (100 ms,
// growing to 1 s: grpc-go's connect deadline when ConnectParams.MinConnectTimeout is zero), so
// such a referee was never reached and every call forwarded to it failed; an attempt now has
// grpc-go's default 20 s.
func TestPeerReachesASlowReferee(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer()
	healthpb.RegisterHealthServer(g, health.NewServer())
	go func() { _ = g.Serve(slowListener{Listener: l, handshake: 1500 * time.Millisecond}) }()
	defer g.Stop()
	s := &Referee{peers: map[string][]*peerConn{}}
	defer s.closePeers()
	cc, done, err := s.peer(l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := healthpb.NewHealthClient(cc).Check(ctx, &healthpb.HealthCheckRequest{}, grpc.WaitForReady(true)); err != nil {
		t.Fatalf("a call to a referee that answers new connections in 1.5 s: %v", err)
	}
}
