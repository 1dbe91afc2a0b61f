package service

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/keepalive"

	"github.com/bezique-arena/bezique/codec"
)

// Transport limits of the referee's gRPC server.
const (
	// MaxMessageBytes is the largest message a client may send (64 KiB): a seat's messages are a
	// few hundred bytes; anything larger is refused with ResourceExhausted.
	MaxMessageBytes = 64 << 10
	// StreamWindowBytes and ConnWindowBytes are the HTTP/2 flow-control windows the server grants
	// a stream (64 KiB) and a connection (1 MiB). Fixed windows turn off grpc-go's bandwidth-delay
	// estimator, which would otherwise send a PING frame after most of a seat's small messages.
	StreamWindowBytes = 64 << 10
	ConnWindowBytes   = 1 << 20
	// KeepaliveTime is how long a connection may be idle before the server pings it (15 s);
	// KeepaliveTimeout is how long the server waits for the ping's answer before it closes the
	// connection (10 s). A dead seat stream is therefore detected within about 25 s, and its seat
	// falls under the table's disconnect policy.
	KeepaliveTime    = 15 * time.Second
	KeepaliveTimeout = 10 * time.Second
	// KeepaliveMinClientInterval is the most often a client may ping the server (5 s), and clients
	// may ping without an active stream.
	KeepaliveMinClientInterval = 5 * time.Second
	// DefaultMaxConnectionIdle is how long a connection to the referee's port may carry no call
	// or stream before the referee closes it (5 min; [PortConfig].MaxConnectionIdle): a client
	// that connects, makes a call or none, and holds the connection open (answering the
	// keepalive pings) costs the referee goroutines and buffers for as long as it stays. A
	// connection with an open stream (a seat, a spectator, a lobby bot) is never idle, however
	// quiet. grpc-go and net/http never close idle connections by default; Nakama closes its
	// HTTP connections after 60 s (socket.idle_timeout_ms). 5 minutes is longer than the idle
	// timeouts of common proxies in front of a server (AWS's load balancers and nginx's upstream
	// keep-alive, 60 s), so they close a connection before the referee does, and short enough
	// that leaked connections do not pile up; a client of ours reconnects at its next call
	// either way.
	DefaultMaxConnectionIdle = 5 * time.Minute
	// DefaultMaxStreamsPerConn is the most concurrent streams (seat and spectator streams,
	// calls) one client connection may open by default (100; [PortConfig].MaxStreamsPerConn,
	// --max-streams-per-conn); a client past it waits for one to end (HTTP/2 flow control, no
	// error).
	DefaultMaxStreamsPerConn = 100
	// MaxHeaderBytes bounds the headers of one request (64 KiB, as Envoy's 60 KiB): on grpc-go's
	// transport their decoded size (grpc.MaxHeaderListSize, whose default is 16 MiB), on
	// net/http's the request line and headers of HTTP/1.1 and the decoded headers of HTTP/2
	// (http.Server.MaxHeaderBytes, whose default is 1 MiB). HPACK lets a client name an indexed
	// header again in one byte, so a decoded bound is what bounds the memory a request's headers
	// take: 7.5 KB on the wire decoded to 16 MiB on grpc-go's transport before. A request's
	// metadata is an API key, a deadline, a user agent, a few hundred bytes.
	MaxHeaderBytes = 64 << 10
)

// ServerOptions returns the gRPC server options of the referee: message and header size limits, keepalive
// parameters (with connections idle for [DefaultMaxConnectionIdle] closed; [NewPort] replaces
// that limit by its [PortConfig].MaxConnectionIdle) and enforcement, the codec (codec.Server:
// generated marshalling for what it sends), the Retry-After header of refusals (retryAfter) and
// a stream's request missing, doubled or cut short counted the caller's mistake (requestMistakes) and
// the metrics interceptors (m may be nil).
func ServerOptions(m *Metrics) []grpc.ServerOption {
	opts := []grpc.ServerOption{
		grpc.MaxRecvMsgSize(MaxMessageBytes),
		grpc.MaxHeaderListSize(MaxHeaderBytes),
		grpc.ForceServerCodecV2(codec.Server),
		grpc.InitialWindowSize(StreamWindowBytes),
		grpc.InitialConnWindowSize(ConnWindowBytes),
		keepaliveParams(DefaultMaxConnectionIdle),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: KeepaliveMinClientInterval, PermitWithoutStream: true}),
		grpc.ChainUnaryInterceptor(retryAfter),
		grpc.ChainStreamInterceptor(requestMistakes),
	}
	if m != nil {
		opts = append(opts, grpc.ChainUnaryInterceptor(m.UnaryServerInterceptor()), grpc.ChainStreamInterceptor(m.StreamServerInterceptor()))
	}
	return opts
}

// keepaliveParams returns the gRPC server option of the referee's keepalive parameters
// (KeepaliveTime, KeepaliveTimeout) with connections closed once they carry no call or stream
// for maxIdle (0: never): grpc-go's keepalive.ServerParameters.MaxConnectionIdle, which sends a
// GOAWAY (gRPC clients reconnect at their next call) and closes the connection once the client
// has read it. A later one replaces an earlier one.
func keepaliveParams(maxIdle time.Duration) grpc.ServerOption {
	return grpc.KeepaliveParams(keepalive.ServerParameters{Time: KeepaliveTime, Timeout: KeepaliveTimeout, MaxConnectionIdle: maxIdle})
}
