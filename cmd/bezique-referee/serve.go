package main

import (
	"crypto/tls"
	"net"
	"strings"

	"google.golang.org/grpc"

	"github.com/bezique-arena/bezique/service"
)

// httpOptions is the HTTP side of the referee's port, from the flags.
type httpOptions struct {
	// corsOrigins is --cors-origins: comma-separated origins browsers may call from; empty: none.
	corsOrigins string
}

// serve returns the referee's port on lis, over TLS when tlsConfig is set: native gRPC to g, and
// gRPC-Web and the Connect protocol (JSON over HTTP) transcoded to g (service.NewPort,
// service.NewHTTPHandler). The web app's static assets will be the HTTPConfig's Static handler.
func serve(lis net.Listener, g *grpc.Server, o httpOptions, tlsConfig *tls.Config) (*service.Port, error) {
	cfg := service.HTTPConfig{}
	for origin := range strings.SplitSeq(o.corsOrigins, ",") {
		if origin = strings.TrimSpace(origin); origin != "" {
			cfg.CORSOrigins = append(cfg.CORSOrigins, origin)
		}
	}
	h, err := service.NewHTTPHandler(g, cfg)
	if err != nil {
		return nil, err
	}
	return service.NewPort(lis, g, h, tlsConfig), nil
}
