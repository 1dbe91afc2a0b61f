package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestConnsPerAddr: PortConfig.MaxConnsPerAddr (--max-conns-per-addr) 2 on a port of 127.0.0.1.
// Two gRPC clients from 127.0.0.2 are served; three more connections from it are each closed as
// soon as accepted, before a byte is read (the client reads EOF), counted in
// bezique_connections_refused_total (3) and logged once; a gRPC client's call fails UNAVAILABLE. Another
// address (127.0.0.4) is served, and so are three clients from an unlimited range (127.0.0.3/32).
// Once one of the two is closed, 127.0.0.2 connects again. Before, every connection was served.
func TestConnsPerAddr(t *testing.T) {
	m, logs := NewMetrics(prometheus.NewRegistry()), &logRecords{}
	addr := servePortWith(t, PortConfig{MaxConnsPerAddr: 2, ConnsUnlimited: []netip.Prefix{netip.MustParsePrefix("127.0.0.3/32")},
		Metrics: m, Logger: slog.New(logs)})
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	call := func(cc *grpc.ClientConn, opts ...grpc.CallOption) error {
		_, err := pb.NewTableServiceClient(cc).GetRuleCatalog(ctx, &pb.GetRuleCatalogRequest{}, opts...)
		return err
	}
	first, second := dialFrom(t, addr, "127.0.0.2"), dialFrom(t, addr, "127.0.0.2")
	for i, cc := range []*grpc.ClientConn{first, second} {
		if err := call(cc); err != nil {
			t.Fatalf("client %d from 127.0.0.2: %v", i+1, err)
		}
	}

	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	for i := range 3 {
		raw, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = raw.SetDeadline(time.Now().Add(waitFor))
		if n, err := raw.Read(make([]byte, 1)); n != 0 || !errors.Is(err, io.EOF) {
			t.Fatalf("connection %d more from 127.0.0.2 read %d bytes, %v; want EOF (closed at once)", i+1, n, err)
		}
		_ = raw.Close()
	}
	if n := testutil.ToFloat64(m.connsRefused); n != 3 {
		t.Fatalf("bezique_connections_refused_total %v, want 3", n)
	}
	logs.mu.Lock()
	if len(logs.records) != 1 || logs.records[0].Message != "connection refused: too many open from one client address (--max-conns-per-addr); more are logged at most once a minute, bezique_connections_refused_total counts them all" {
		t.Errorf("logged %v, want the one refusal", logs.records)
	}
	logs.mu.Unlock()
	third := dialFrom(t, addr, "127.0.0.2")
	if err := call(third); status.Code(err) != codes.Unavailable {
		t.Fatalf("a third gRPC client from 127.0.0.2: %v, want Unavailable", err)
	}
	_ = third.Close() // else it dials again, and may take the place freed below

	if err := call(dialFrom(t, addr, "127.0.0.4")); err != nil {
		t.Fatalf("a client from 127.0.0.4: %v", err)
	}
	for i := range 3 {
		if err := call(dialFrom(t, addr, "127.0.0.3")); err != nil {
			t.Fatalf("client %d from the unlimited 127.0.0.3: %v", i+1, err)
		}
	}

	_ = first.Close()
	if err := call(dialFrom(t, addr, "127.0.0.2"), grpc.WaitForReady(true)); err != nil {
		t.Fatalf("a client from 127.0.0.2 once one of its two is closed: %v", err)
	}
}
