package main

import (
	"net"
	"net/netip"
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/web"
)

// httpOptions is the HTTP side of the referee's port, from the flags.
type httpOptions struct {
	// corsOrigins is --cors-origins: comma-separated origins browsers may call from; empty: none.
	corsOrigins string
	// embedFrameAncestors is --embed-frame-ancestors: comma-separated sources that may frame
	// /embed/t/{id}; empty: any.
	embedFrameAncestors string
	// maxConnectionIdle is --max-connection-idle: how long a connection may carry no call before
	// the port closes it; 0: never.
	maxConnectionIdle time.Duration
	// maxArrivingBytes is --max-arriving-bytes: the most bytes held of Connect and gRPC-Web
	// request messages still arriving (service.HTTPConfig.MaxArrivingBytes).
	maxArrivingBytes int64
	// allowedHosts is --allowed-hosts: comma-separated host names the HTTP face serves without
	// authentication, besides IP addresses and localhost (service.HTTPConfig.AllowedHosts).
	allowedHosts string
	// checkHost is set by run when authentication is off: the HTTP face then serves only IP
	// addresses, localhost and allowedHosts, against DNS rebinding (service.HTTPConfig.CheckHost).
	checkHost bool
}

// serve returns the referee's port on lis, with cfg's TLS and limits (service.PortConfig):
// native gRPC to a gRPC server with opts and the services register registers, and gRPC-Web and
// the Connect protocol (JSON over HTTP) transcoded to it (service.NewPort,
// service.NewHTTPHandler), and the web app (package web) on every other path, with o's idle limit
// and HTTP settings; cfg.Metrics counts the HTTP face's refusals too.
func serve(lis net.Listener, o httpOptions, cfg service.PortConfig, register func(*grpc.Server), opts ...grpc.ServerOption) (*service.Port, error) {
	cfg.MaxConnectionIdle = o.maxConnectionIdle
	cfg.HTTP = service.HTTPConfig{CORSOrigins: splitList(o.corsOrigins),
		Static:           web.Handler(web.Config{FrameAncestors: splitList(o.embedFrameAncestors)}),
		MaxArrivingBytes: o.maxArrivingBytes, Metrics: cfg.Metrics, CheckHost: o.checkHost, AllowedHosts: splitList(o.allowedHosts)}
	return service.NewPort(lis, cfg, register, opts...)
}

// connsUnlimited are the address ranges --max-conns-per-addr does not count
// (service.PortConfig.ConnsUnlimited): loopback, where a proxy or sidecar on the machine and a
// local load test dial from, and the trusted proxies, each of which carries many clients.
func connsUnlimited(proxies []netip.Prefix) []netip.Prefix {
	return append([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}, proxies...)
}

// splitList returns the non-empty, trimmed items of a comma-separated list.
func splitList(list string) []string {
	var out []string
	for item := range strings.SplitSeq(list, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
