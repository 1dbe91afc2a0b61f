package service

import (
	"context"
	"net"
	"net/netip"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
)

// TestFromProxy: the caller's address for the per-principal limits (quotaKey) of a call from a
// trusted proxy is the rightmost X-Forwarded-For entry not itself trusted; from any other peer
// the header is ignored.
func TestFromProxy(t *testing.T) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry()),
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		name string
		peer string
		xff  []string // the header's values, one per header line
		want string   // quotaKey
	}{
		{"no header", "10.1.1.1:4000", nil, "ip:10.1.1.1"},
		{"one client", "10.1.1.1:4000", []string{"203.0.113.7"}, "ip:203.0.113.7"},
		{"the client's own entries are not read", "10.1.1.1:4000", []string{"198.51.100.1, 203.0.113.7"}, "ip:203.0.113.7"},
		{"trusted hops are passed over", "10.1.1.1:4000", []string{"198.51.100.1, 203.0.113.7, 10.2.2.2"}, "ip:203.0.113.7"},
		{"header lines in order", "10.1.1.1:4000", []string{"198.51.100.1", "203.0.113.7 ,10.2.2.2"}, "ip:203.0.113.7"},
		{"every entry trusted: the leftmost", "10.1.1.1:4000", []string{"10.3.3.3, 10.2.2.2"}, "ip:10.3.3.3"},
		{"not an address: the proxy", "10.1.1.1:4000", []string{"unknown"}, "ip:10.1.1.1"},
		{"not an address left of a trusted hop: that hop", "10.1.1.1:4000", []string{"203.0.113.7/32, 10.2.2.2"}, "ip:10.2.2.2"},
		{"an address and a port", "10.1.1.1:4000", []string{"203.0.113.7:5123, [2001:db8::2]:443"}, "ip:203.0.113.7"},
		{"IPv6 proxy and client", "[2001:db8::1]:4000", []string{"2001:db8:ffff::1, 2001:db8::2"}, "ip:2001:db8:ffff::/64"},
		{"IPv4-mapped IPv6 client", "10.1.1.1:4000", []string{"::ffff:203.0.113.7"}, "ip:203.0.113.7"},
		{"untrusted peer: ignored", "192.0.2.1:4000", []string{"203.0.113.7"}, "ip:192.0.2.1"},
		{"IPv4-mapped trusted peer", "[::ffff:10.1.1.1]:4000", []string{"203.0.113.7"}, "ip:203.0.113.7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr, err := net.ResolveTCPAddr("tcp", c.peer)
			if err != nil {
				t.Fatal(err)
			}
			md := metadata.MD{}
			for _, v := range c.xff {
				md.Append(forwardedForHeader, v)
			}
			ctx := metadata.NewIncomingContext(peer.NewContext(context.Background(), &peer.Peer{Addr: addr}), md)
			ctx, err = srv.fromProxy(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := quotaKey(ctx); got != c.want {
				t.Fatalf("quotaKey %q, want %q", got, c.want)
			}
		})
	}
}
