package service

import (
	"context"
	"crypto/tls"
	"math"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"connectrpc.com/vanguard"
	"connectrpc.com/vanguard/vanguardgrpc"
	"github.com/rs/cors"
	"github.com/soheilhy/cmux"
	"google.golang.org/grpc"
)

// HTTPConfig configures the referee's HTTP face, [NewHTTPHandler].
type HTTPConfig struct {
	// CORSOrigins are the origins a browser may call the API from ("https://play.example.com";
	// "*" for any origin). Empty: no cross-origin access (no CORS headers are sent, so browsers
	// refuse cross-origin calls).
	CORSOrigins []string
	// Static answers every request that is not an RPC (its path names no registered method):
	// the place for a web app's assets mounted at "/". Nil answers 404.
	Static http.Handler
}

// Header lists of the Connect, gRPC-Web and gRPC protocols, as connectrpc.com/cors publishes them
// (that module is not served by our module proxy, so they are copied here), plus Authorization
// for API keys.
var (
	corsAllowedMethods = []string{http.MethodGet, http.MethodPost}
	corsAllowedHeaders = []string{"Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms",
		"Grpc-Timeout", "X-Grpc-Web", "X-User-Agent", "Authorization"}
	corsExposedHeaders = []string{"Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin"}
)

// NewHTTPHandler returns the HTTP handler of the referee's port ([Port]): a vanguard transcoder
// that serves, for every service registered on g, the Connect protocol
// (unary and server streams, JSON or binary, over HTTP/1.1 or HTTP/2: POST
// /bezique.v1.TableService/CreateTable with a JSON body) and gRPC-Web, by turning them into gRPC
// calls on g (gRPC requests that reach it, such as application/grpc+proto over h2c, pass through
// to g.ServeHTTP unchanged). So g's interceptors (metrics, authentication) run for every protocol, and the
// Authorization header reaches them as gRPC metadata. Requests for any other path go to
// cfg.Static. With cfg.CORSOrigins set, CORS requests from those origins are allowed.
// It returns an error when vanguard cannot describe a service registered on g.
func NewHTTPHandler(g *grpc.Server, cfg HTTPConfig) (http.Handler, error) {
	var opts []vanguard.TranscoderOption
	if cfg.Static != nil {
		opts = append(opts, vanguard.WithUnknownHandler(cfg.Static))
	}
	transcoder, err := vanguardgrpc.NewTranscoder(g, opts...)
	if err != nil {
		return nil, err
	}
	var h http.Handler = transcoder
	if len(cfg.CORSOrigins) > 0 {
		h = cors.New(cors.Options{
			AllowedOrigins: cfg.CORSOrigins,
			AllowedMethods: corsAllowedMethods,
			AllowedHeaders: corsAllowedHeaders,
			ExposedHeaders: corsExposedHeaders,
			MaxAge:         7200, // seconds: Chrome's cap on caching a preflight
		}).Handler(h)
	}
	return h, nil
}

// Port is the referee's port: native gRPC and HTTP on one listener. A connection whose first
// request is HTTP/2 with content-type application/grpc (every gRPC client: grpc-go, grpcio,
// grpc-js, grpcurl) is handed to grpc-go's own transport (g.Serve), which keeps its flow-control
// windows, keepalive enforcement and speed: routing it through net/http's handler instead
// (g.ServeHTTP) doubled a seat's round trip (docs/BENCHMARKS.md). Every other connection
// (HTTP/1.1, HTTP/2 from browsers and Connect clients) goes to an [http.Server] serving h (see
// [NewHTTPHandler]). The connections are told apart by github.com/soheilhy/cmux.
type Port struct {
	mux      cmux.CMux
	grpc     *grpc.Server
	grpcLis  net.Listener
	http     *http.Server
	httpLis  net.Listener
	stopping atomic.Bool
}

// NewPort returns the port serving g and h on lis. With tlsConfig every connection is TLS
// (terminated here, before the connections are told apart: g must then have no transport
// credentials of its own), else plain TCP, where HTTP/2 is spoken by prior knowledge (h2c, as
// gRPC clients do) next to HTTP/1.1. Net/http's own UnencryptedHTTP2 serves h2c rather than
// golang.org/x/net/http2/h2c, which is deprecated for it. Call [Port.Serve], then [Port.Stop].
func NewPort(lis net.Listener, g *grpc.Server, h http.Handler, tlsConfig *tls.Config) *Port {
	if tlsConfig != nil {
		tlsConfig = tlsConfig.Clone()
		tlsConfig.NextProtos = []string{"h2", "http/1.1"}
		lis = tls.NewListener(lis, tlsConfig)
	}
	m := cmux.New(lis)
	m.SetReadTimeout(10 * time.Second) // a connection that says nothing (or stalls its TLS handshake) for 10 s is closed
	p := &Port{mux: m, grpc: g}
	p.grpcLis = m.MatchWithWriters(cmux.HTTP2MatchHeaderFieldSendSettings("content-type", "application/grpc"))
	p.httpLis = m.Match(cmux.Any())
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	// TLS is terminated before the HTTP server, which so sees HTTP/2 over TLS as h2c.
	protocols.SetUnencryptedHTTP2(true)
	// The HTTP/2 settings carry over those of [ServerOptions] for calls transcoded from gRPC-Web or
	// Connect: the flow-control windows, the keepalive that detects a dead client and no cap on the
	// streams of one connection.
	p.http = &http.Server{Handler: h, Protocols: &protocols, ReadHeaderTimeout: 10 * time.Second,
		HTTP2: &http.HTTP2Config{
			MaxConcurrentStreams:          math.MaxInt32,
			MaxReceiveBufferPerStream:     StreamWindowBytes,
			MaxReceiveBufferPerConnection: ConnWindowBytes,
			SendPingTimeout:               KeepaliveTime,
			PingTimeout:                   KeepaliveTimeout,
		}}
	return p
}

// Addr is the port's address.
func (p *Port) Addr() net.Addr { return p.grpcLis.Addr() }

// Serve serves the port until the listener fails (that error is returned) or [Port.Stop] is called
// (nil is returned).
func (p *Port) Serve() error {
	go func() { _ = p.grpc.Serve(p.grpcLis) }()
	go func() { _ = p.http.Serve(p.httpLis) }()
	err := p.mux.Serve()
	if p.stopping.Load() {
		return nil
	}
	return err
}

// Stop stops accepting connections, lets calls in flight end for up to timeout (gRPC's graceful
// stop, the HTTP server's shutdown), then closes every connection.
func (p *Port) Stop(timeout time.Duration) {
	p.stopping.Store(true)
	p.mux.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	stopped := make(chan struct{})
	go func() { p.grpc.GracefulStop(); close(stopped) }()
	_ = p.http.Shutdown(ctx)
	select {
	case <-stopped:
	case <-ctx.Done():
		p.grpc.Stop()
	}
	_ = p.http.Close()
}
