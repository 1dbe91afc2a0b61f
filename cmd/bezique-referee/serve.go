package main

import (
	"crypto/tls"
	"net"
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
}

// serve returns the referee's port on lis, over TLS when tlsConfig is set: native gRPC to a gRPC
// server with opts and the services register registers, and gRPC-Web and the Connect protocol
// (JSON over HTTP) transcoded to it (service.NewPort, service.NewHTTPHandler), and the web app
// (package web) on every other path. A connection idle for o.maxConnectionIdle is closed, and
// one carries at most maxStreams streams at once, whatever its protocol (service.PortConfig).
func serve(lis net.Listener, o httpOptions, tlsConfig *tls.Config, maxStreams uint32, register func(*grpc.Server), opts ...grpc.ServerOption) (*service.Port, error) {
	return service.NewPort(lis, service.PortConfig{TLS: tlsConfig, MaxConnectionIdle: o.maxConnectionIdle, MaxStreamsPerConn: maxStreams,
		HTTP: service.HTTPConfig{CORSOrigins: splitList(o.corsOrigins),
			Static: web.Handler(web.Config{FrameAncestors: splitList(o.embedFrameAncestors)})}}, register, opts...)
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
