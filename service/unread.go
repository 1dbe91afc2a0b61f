package service

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc"
	"google.golang.org/grpc/stats"
	"google.golang.org/protobuf/proto"
)

// An answer that its client does not read holds its bytes in the referee until the call ends,
// and nothing ended it: an outside trial opened GetReplay calls that it never read, on 8
// connections of one address, and pinned 11 GB. Both servers of the [Port] end such answers
// once they have waited [PortConfig.SendStall] without the client reading:
//   - native gRPC (grpc-go's transport): unreadWatch closes the connection. grpc-go holds an
//     answer in its queue while the client's HTTP/2 window is full and gives no way to end one
//     stream from outside, so the watch counts, per connection, the bytes of the messages handed
//     to gRPC (by the interceptors, before gRPC writes them) against the bytes written to the
//     connection, and closes one that stays behind with nothing written for that long;
//   - HTTP (net/http: Connect, gRPC-Web, gRPC through net/http): stallWriter gives every write
//     of an answer that long (a write deadline), after which net/http ends the call (HTTP/2: the
//     stream is reset; HTTP/1.1: the connection is closed).

// unreadProgressBytes is how many bytes written to a connection in a second count as the client
// reading (its window moving) while answers are behind: a ping's answer (17 bytes) does not.
const unreadProgressBytes = 4 << 10

// unreadWatch watches the native gRPC connections of a port for answers left unread (see above):
// its listener registers them, its stats handler gives each call its connection, its
// interceptors count the messages, and run closes a connection that has been behind without
// progress for stall.
type unreadWatch struct {
	stall   time.Duration
	metrics *Metrics
	log     *slog.Logger
	logged  rate.Sometimes

	mu    sync.Mutex
	conns map[string]*unreadConn // by the client's address, host:port
}

// newUnreadWatch returns a watch closing connections whose answers waited stall unread.
func newUnreadWatch(stall time.Duration, metrics *Metrics, log *slog.Logger) *unreadWatch {
	return &unreadWatch{stall: stall, metrics: metrics, log: log, logged: rate.Sometimes{Interval: time.Minute},
		conns: map[string]*unreadConn{}}
}

// unreadConn is a native gRPC connection counted by an unreadWatch.
type unreadConn struct {
	net.Conn
	watch   *unreadWatch
	behind  atomic.Int64 // bytes of messages handed to gRPC not yet written, at least (never below 0)
	written atomic.Int64 // bytes written to the connection
	closed  sync.Once

	// run's alone:
	lastWritten int64
	stalledAt   time.Time // since when it has been behind without progress; zero: it is not
}

// Write writes b and counts it against the messages behind.
func (c *unreadConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.written.Add(int64(n))
	for {
		old := c.behind.Load()
		if old == 0 || c.behind.CompareAndSwap(old, max(old-int64(n), 0)) {
			break
		}
	}
	return n, err
}

// Close stops watching c and closes it.
func (c *unreadConn) Close() error {
	c.closed.Do(func() {
		c.watch.mu.Lock()
		if c.watch.conns[c.RemoteAddr().String()] == c {
			delete(c.watch.conns, c.RemoteAddr().String())
		}
		c.watch.mu.Unlock()
	})
	return c.Conn.Close()
}

// listener returns l with its connections watched.
func (w *unreadWatch) listener(l net.Listener) net.Listener { return unreadListener{l, w} }

type unreadListener struct {
	net.Listener
	w *unreadWatch
}

// Accept registers the next connection with the watch.
func (l unreadListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	uc := &unreadConn{Conn: c, watch: l.w}
	l.w.mu.Lock()
	l.w.conns[c.RemoteAddr().String()] = uc
	l.w.mu.Unlock()
	return uc, nil
}

// unreadConnKey is the context key of a call's unreadConn.
type unreadConnKey struct{}

// TagConn gives the connection's contexts, and so its calls', the connection.
func (w *unreadWatch) TagConn(ctx context.Context, info *stats.ConnTagInfo) context.Context {
	w.mu.Lock()
	c := w.conns[info.RemoteAddr.String()]
	w.mu.Unlock()
	if c == nil {
		return ctx
	}
	return context.WithValue(ctx, unreadConnKey{}, c)
}

// TagRPC, HandleRPC and HandleConn do nothing: the watch needs the connection only.
func (w *unreadWatch) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }
func (w *unreadWatch) HandleRPC(context.Context, stats.RPCStats)                       {}
func (w *unreadWatch) HandleConn(context.Context, stats.ConnStats)                     {}

// handed counts message m, about to be handed to gRPC on ctx's connection, as behind.
func handed(ctx context.Context, m any) {
	c, _ := ctx.Value(unreadConnKey{}).(*unreadConn)
	if c == nil {
		return
	}
	size := 0
	switch m := m.(type) {
	case interface{ SizeVT() int }:
		size = m.SizeVT()
	case proto.Message:
		size = proto.Size(m)
	}
	c.behind.Add(int64(size) + 5) // gRPC's message prefix: a flag and the length
}

// options returns the gRPC server options of the watch: its stats handler and interceptors.
func (w *unreadWatch) options() []grpc.ServerOption {
	return []grpc.ServerOption{grpc.StatsHandler(w),
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			resp, err := h(ctx, req)
			if err == nil {
				handed(ctx, resp)
			}
			return resp, err
		}),
		grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
			return h(srv, countedStream{ss})
		})}
}

// countedStream counts the messages a stream sends as behind.
type countedStream struct{ grpc.ServerStream }

// SendMsg counts m, then sends it.
func (s countedStream) SendMsg(m any) error {
	handed(s.Context(), m)
	return s.ServerStream.SendMsg(m)
}

// run checks every second, until ctx ends, each connection for answers behind without
// progress, and closes those that have been so for the watch's stall.
func (w *unreadWatch) run(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			w.mu.Lock()
			conns := make([]*unreadConn, 0, len(w.conns))
			for _, c := range w.conns {
				conns = append(conns, c)
			}
			w.mu.Unlock()
			for _, c := range conns {
				if w.stalled(c, now) {
					w.closeUnread(c)
				}
			}
		}
	}
}

// stalled reports whether c has been behind, without progress, for the watch's stall at now.
func (w *unreadWatch) stalled(c *unreadConn, now time.Time) bool {
	behind, written := c.behind.Load(), c.written.Load()
	progress := written-c.lastWritten >= min(behind, unreadProgressBytes)
	c.lastWritten = written
	switch {
	case behind == 0 || progress:
		c.stalledAt = time.Time{}
	case c.stalledAt.IsZero():
		c.stalledAt = now
	}
	return !c.stalledAt.IsZero() && now.Sub(c.stalledAt) >= w.stall
}

// closeUnread closes c, counted (bezique_connections_unread_total) and logged at most once a minute.
func (w *unreadWatch) closeUnread(c *unreadConn) {
	w.metrics.ConnectionUnread()
	w.logged.Do(func() {
		w.log.Warn("connection closed: its answers went unread", "client", c.RemoteAddr().String(),
			"behind_bytes", c.behind.Load(), "stall", w.stall)
	})
	_ = c.Close()
}

// stallWriter gives every write of an HTTP answer (and every flush) stall to complete, by a
// write deadline set before it and cleared after it (see above): an answer its client does not
// read ends once one of its writes has waited that long.
type stallWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

// newStallWriter returns w with its writes bounded by stall.
func newStallWriter(w http.ResponseWriter, stall time.Duration) *stallWriter {
	return &stallWriter{ResponseWriter: w, rc: http.NewResponseController(w), stall: stall}
}

// Write writes b within the stall.
func (s *stallWriter) Write(b []byte) (int, error) {
	_ = s.rc.SetWriteDeadline(time.Now().Add(s.stall))
	defer s.rc.SetWriteDeadline(time.Time{})
	return s.ResponseWriter.Write(b)
}

// Flush flushes what was written within the stall (gRPC through net/http and vanguard flush
// each message).
func (s *stallWriter) Flush() {
	_ = s.rc.SetWriteDeadline(time.Now().Add(s.stall))
	defer s.rc.SetWriteDeadline(time.Time{})
	_ = s.rc.Flush()
}

// Unwrap returns the writer underneath, for http.ResponseController.
func (s *stallWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
