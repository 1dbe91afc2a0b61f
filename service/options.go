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
)

// ServerOptions returns the gRPC server options of the referee: message size limit, keepalive
// parameters and enforcement, the codec (codec.Server: generated marshalling for what it sends)
// and the metrics interceptors (m may be nil).
func ServerOptions(m *Metrics) []grpc.ServerOption {
	opts := []grpc.ServerOption{
		grpc.MaxRecvMsgSize(MaxMessageBytes),
		grpc.ForceServerCodecV2(codec.Server),
		grpc.InitialWindowSize(StreamWindowBytes),
		grpc.InitialConnWindowSize(ConnWindowBytes),
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: KeepaliveTime, Timeout: KeepaliveTimeout}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: KeepaliveMinClientInterval, PermitWithoutStream: true}),
	}
	if m != nil {
		opts = append(opts, grpc.ChainUnaryInterceptor(m.UnaryServerInterceptor()), grpc.ChainStreamInterceptor(m.StreamServerInterceptor()))
	}
	return opts
}
