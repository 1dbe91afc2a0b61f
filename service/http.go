package service

import (
	"context"
	"crypto/tls"
	"math"
	"net"
	"net/http"
	"strings"
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

// NewHTTPHandler returns the HTTP handler of the referee's port ([Port]). Native gRPC requests
// (HTTP/2 with content-type application/grpc or application/grpc+...: over TLS, where the port
// cannot tell connections apart before it) go to g.ServeHTTP. Every other request goes to a
// vanguard transcoder that serves, for every service registered on g, the Connect protocol (unary
// and server streams, JSON or binary, over HTTP/1.1 or HTTP/2: POST
// /bezique.v1.TableService/CreateTable with a JSON body) and gRPC-Web, by turning them into gRPC
// calls on g. So g's interceptors (metrics, authentication) run for every protocol, and the
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
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor == 2 && isGRPC(r.Header.Get("Content-Type")) {
			g.ServeHTTP(w, r)
			return
		}
		transcoder.ServeHTTP(w, r)
	})
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

// isGRPC reports whether contentType is native gRPC's (application/grpc, application/grpc+proto),
// not gRPC-Web's (application/grpc-web...).
func isGRPC(contentType string) bool {
	rest, ok := strings.CutPrefix(contentType, "application/grpc")
	return ok && (rest == "" || rest[0] == '+' || rest[0] == ';')
}

// Port is the referee's port: native gRPC and HTTP on one listener, told apart by
// github.com/soheilhy/cmux as etcd does.
//
// Without TLS, a connection that opens with the HTTP/2 preface (HTTP/2 by prior knowledge, h2c:
// every gRPC client over plain TCP) is handed to grpc-go's own transport (g.Serve), which keeps its
// flow-control windows, keepalive enforcement and speed: routing it through net/http (g.ServeHTTP)
// doubled a seat's round trip (docs/BENCHMARKS.md). Every other connection (HTTP/1.1: browsers,
// curl, Connect and gRPC-Web clients) goes to an [http.Server] serving h ([NewHTTPHandler]).
// Connect or gRPC-Web over h2c is not served.
//
// With TLS, browsers and gRPC clients both negotiate HTTP/2, so every connection goes to the
// HTTP server, and h hands native gRPC requests to g.ServeHTTP. (Telling them apart by the first
// request's content-type, cmux's header matchers, needs the port to send HTTP/2 SETTINGS before
// net/http does, which breaks net/http's HTTP/2 connections.)
type Port struct {
	mux      cmux.CMux
	grpc     *grpc.Server
	grpcLis  net.Listener // nil with TLS
	http     *http.Server
	httpLis  net.Listener
	tls      bool
	stopping atomic.Bool
}

// NewPort returns the port serving g and h on lis, with TLS when tlsConfig is set (g must then
// have no transport credentials of its own: TLS ends here). Call [Port.Serve], then [Port.Stop].
func NewPort(lis net.Listener, g *grpc.Server, h http.Handler, tlsConfig *tls.Config) *Port {
	m := cmux.New(lis)
	m.SetReadTimeout(10 * time.Second) // a connection that says nothing for 10 s is closed
	p := &Port{mux: m, grpc: g, tls: tlsConfig != nil}
	if tlsConfig == nil {
		p.grpcLis = m.Match(cmux.HTTP2())
	}
	p.httpLis = m.Match(cmux.Any())
	// The HTTP/2 settings carry over those of [ServerOptions] for the calls served through
	// net/http: the flow-control windows, the keepalive that detects a dead client and no cap on
	// the streams of one connection (a tournament runner seats many bots over one connection).
	p.http = &http.Server{Handler: h, TLSConfig: tlsConfig, ReadHeaderTimeout: 10 * time.Second,
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
func (p *Port) Addr() net.Addr { return p.httpLis.Addr() }

// Serve serves the port until the listener fails (that error is returned) or [Port.Stop] is called
// (nil is returned).
func (p *Port) Serve() error {
	if p.grpcLis != nil {
		go func() { _ = p.grpc.Serve(p.grpcLis) }()
	}
	go func() {
		if p.tls {
			_ = p.http.ServeTLS(p.httpLis, "", "")
		} else {
			_ = p.http.Serve(p.httpLis)
		}
	}()
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
