package service

import (
	"context"
	"net"
	"net/netip"
	"strings"

	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
)

// forwardedForHeader is the header by which a reverse proxy (an ingress controller, a Gateway
// API implementation, a load balancer) names the addresses a request came through: each proxy
// appends the address of its own peer, so the rightmost entries are those the nearest proxies
// saw. Envoy and ingress-nginx append to it by default, a plain nginx and HAProxy when told to
// (docs/SECURITY.md); RFC 7239's Forwarded header, which few of them set, is not read.
const forwardedForHeader = "x-forwarded-for"

// fromProxy is an auth function of the interceptors (see [Server.AuthOptions]): for a call whose
// peer is a trusted proxy (Config.TrustedProxies), ctx is given as its peer the client's address
// from X-Forwarded-For, so that the per-principal limits (quotaKey) count each client behind the
// proxy on its own rather than all of them as the proxy. The client is the rightmost address of
// the header that is not itself a trusted proxy: entries to its left were written by the client
// or by proxies nobody vouches for. A call from any other peer is left as it is, whatever it
// sends: a client cannot choose the address it is counted under. An entry is an IP address,
// with or without a port (some load balancers append "203.0.113.7:5123"); one that is not ends
// the walk, and the caller is the entry read before it (the proxy itself when the rightmost is
// not one, or when there is no header); when every entry is trusted, the leftmost.
func (s *Server) fromProxy(ctx context.Context) (context.Context, error) {
	pr, ok := peer.FromContext(ctx)
	if !ok || pr.Addr == nil || !s.trustedProxy(pr.Addr.String()) {
		return ctx, nil
	}
	var hops []string
	for _, v := range metadata.ValueFromIncomingContext(ctx, forwardedForHeader) {
		for h := range strings.SplitSeq(v, ",") {
			hops = append(hops, strings.TrimSpace(h))
		}
	}
	client := ""
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := hopAddr(hops[i])
		if err != nil {
			break
		}
		client = a.Unmap().String()
		if !s.trustedAddr(a) {
			break
		}
	}
	if client == "" {
		return ctx, nil
	}
	return peer.NewContext(ctx, &peer.Peer{Addr: callerAddr(client), LocalAddr: pr.LocalAddr, AuthInfo: pr.AuthInfo}), nil
}

// hopAddr returns the IP address of an X-Forwarded-For entry: an address, or an address and a
// port (IPv6 in brackets then).
func hopAddr(hop string) (netip.Addr, error) {
	if ap, err := netip.ParseAddrPort(hop); err == nil {
		return ap.Addr(), nil
	}
	return netip.ParseAddr(hop)
}

// trustedProxy reports whether addr (host:port, or a bare host) is in Config.TrustedProxies.
func (s *Server) trustedProxy(addr string) bool {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	a, err := netip.ParseAddr(addr)
	return err == nil && s.trustedAddr(a)
}

// trustedAddr reports whether a is in one of Config.TrustedProxies.
func (s *Server) trustedAddr(a netip.Addr) bool { return inRanges(a, s.cfg.TrustedProxies) }

// inRanges reports whether a, an IPv4-mapped IPv6 address as its IPv4 one, is in one of ranges.
func inRanges(a netip.Addr, ranges []netip.Prefix) bool {
	a = a.Unmap()
	for _, p := range ranges {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
