package service

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/time/rate"
)

// An answer its client does not read holds its bytes in the referee until the call ends: an
// outside trial pinned 11 GB with GetReplay answers it never read, on 8 native gRPC connections.
// grpc-go's transport queues an answer while the client's HTTP/2 flow-control window is shut,
// for as long as the client keeps the connection, and gives no way to end one stream from
// outside (a handler's error, a seat dropped at --send-stall, is queued behind the data too). So
// the port follows each native gRPC connection's flow control from its frames (RFC 9113 §6.9):
// the client's SETTINGS_INITIAL_WINDOW_SIZE and WINDOW_UPDATEs as grpc-go reads them, the
// server's HEADERS and DATA as grpc-go writes them, and each stream's end (the server's
// END_STREAM, a RST_STREAM either way). Once a second (watchTick) it looks at each stream whose
// answer has begun (its HEADERS sent) and not ended: one whose send window, or the
// connection's, is shut (at most 0) is waiting on its client, and must have progressBytes of DATA
// sent within each [PortConfig.SendStall] that it goes on waiting (those waiting on the
// connection's window alone, as many times progressBytes on the connection); a connection whose
// answers do not is closed, counted by bezique_connections_unread_total. Each answer thus needs
// its client to read 16 KiB of it per stall (about 0.5 KB/s at 30 s), as each 32 KiB of an HTTP
// answer does ([stallWriter]): returning the connection's window a little at a time, shared by
// many answers, does not hold them all (it did, in a re-trial, while the watch looked at the
// windows alone). A grpc-go client returns a stream's window a quarter at a time as its
// application reads, and the connection's as it receives. The connection is closed at once for
// a window raised above 2^31-1, a flow-control error (RFC 9113 §6.9.1) that grpc-go does not
// check: its connection's quota, a uint32, wraps to 0 at 2^32 and sends nothing more, the
// window looking open. And a write that has waited a stall in the kernel (the client returns
// its windows but does not read its socket) closes the connection too.

// defaultWindow is a window's size before any SETTINGS or WINDOW_UPDATE (RFC 9113 §6.9.2).
const defaultWindow = 65535

// maxWindow is the largest flow-control window (RFC 9113 §6.9.1).
const maxWindow = 1<<31 - 1

// progressBytes is how many bytes of a waiting answer must be sent within each stall.
const progressBytes = 16 << 10

// watchTick is how often the watch looks at its connections (at most: twice per stall if shorter).
const watchTick = time.Second

// watchEpoch is the watch's origin of time: durations since it are monotonic, where Unix
// nanoseconds would step with the wall clock.
var watchEpoch = time.Now()

// unreadWatch closes the native gRPC connections of a port whose answers stay unread (see
// above): its listener wraps each connection in a flowConn, and run checks them.
type unreadWatch struct {
	stall   time.Duration
	metrics *Metrics
	log     *slog.Logger
	logged  rate.Sometimes

	mu    sync.Mutex
	conns map[*flowConn]struct{}
}

// newUnreadWatch returns a watch closing connections whose answers waited stall unread.
func newUnreadWatch(stall time.Duration, metrics *Metrics, log *slog.Logger) *unreadWatch {
	return &unreadWatch{stall: stall, metrics: metrics, log: log, logged: rate.Sometimes{Interval: time.Minute},
		conns: map[*flowConn]struct{}{}}
}

// listener returns l with its connections watched.
func (w *unreadWatch) listener(l net.Listener) net.Listener { return unreadListener{l, w} }

type unreadListener struct {
	net.Listener
	w *unreadWatch
}

// Accept returns the next connection, watched. The connection's bytes start with the client's
// preface (cmux replays what it read to match the connection).
func (l unreadListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	fc := &flowConn{Conn: c, watch: l.w, in: frameScanner{skip: len(http2.ClientPreface)},
		initial: defaultWindow, conn: defaultWindow, streams: map[uint32]*flowStream{}}
	l.w.mu.Lock()
	l.w.conns[fc] = struct{}{}
	l.w.mu.Unlock()
	return fc, nil
}

// run looks at the connections every watchTick (or twice per stall, if shorter) until ctx
// ends, and closes those whose answers went unread.
func (w *unreadWatch) run(ctx context.Context) {
	tick := time.NewTicker(min(watchTick, max(w.stall/2, time.Millisecond)))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			now := time.Since(watchEpoch)
			w.mu.Lock()
			var stalled []*flowConn
			for c := range w.conns {
				if c.stalled(now, w.stall) {
					stalled = append(stalled, c)
				}
			}
			w.mu.Unlock()
			for _, c := range stalled {
				w.closeConn(c, "connection closed: its answers went unread")
			}
		}
	}
}

// closeConn closes c, counted (bezique_connections_unread_total) and logged with why at most
// once a minute.
func (w *unreadWatch) closeConn(c *flowConn, why string) {
	w.metrics.ConnectionUnread()
	w.logged.Do(func() { w.log.Warn(why, "client", c.RemoteAddr().String(), "stall", w.stall) })
	_ = c.Close()
}

// flowStream is a stream the server has not ended, as its flowConn follows it.
type flowStream struct {
	window  int64 // the server's send window, in bytes
	started bool  // the server sent the answer's HEADERS
	// waitSince is when the watch first saw the stream waiting (its answer begun, a window shut),
	// since watchEpoch; 0 when it was not at its last look. sent is the DATA bytes sent since.
	waitSince time.Duration
	sent      int64
}

// flowConn is a native gRPC connection whose flow control an unreadWatch follows.
type flowConn struct {
	net.Conn
	watch  *unreadWatch
	in     frameScanner // the client's frames (grpc-go's reader alone reads)
	out    frameScanner // the server's frames (grpc-go's writer alone writes)
	closed sync.Once

	// writingSince is when the Write under way began (since watchEpoch), 0 between writes: a
	// client that returns its windows but does not read its socket blocks the writes in the kernel.
	writingSince atomic.Int64

	mu      sync.Mutex
	initial int64                  // the client's SETTINGS_INITIAL_WINDOW_SIZE
	conn    int64                  // the connection's send window, in bytes
	streams map[uint32]*flowStream // the streams the server has not ended
	shut    int                    // how many of streams have their window shut (at most 0)
	waiting int                    // how many of streams have waitSince set
	// connWaitSince is when the watch first saw answers begun waiting on the connection's
	// window alone (their own open), since watchEpoch, 0 when none were at its last look;
	// connSent is the DATA bytes sent on the connection since.
	connWaitSince time.Duration
	connSent      int64
	lastOpen      uint32 // the highest stream the client opened
	tooWide       bool   // the client raised a window above maxWindow
}

// errWindowTooWide is what grpc-go reads from a connection whose client raised a window above
// maxWindow: the watch closes it.
var errWindowTooWide = errors.New("HTTP/2 flow-control window above 2^31-1 (RFC 9113 §6.9.1)")

// Read reads the client's bytes and follows its frames. A window raised above maxWindow closes
// the connection: grpc-go gets errWindowTooWide, not the frame.
func (c *flowConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.mu.Lock()
		c.in.scan(b[:n], c.clientFrame)
		tooWide := c.tooWide
		c.mu.Unlock()
		if tooWide {
			c.watch.closeConn(c, "connection closed: its client raised a flow-control window above 2^31-1")
			return 0, errWindowTooWide
		}
	}
	return n, err
}

// Write writes the server's bytes and follows its frames.
func (c *flowConn) Write(b []byte) (int, error) {
	c.writingSince.Store(int64(time.Since(watchEpoch)) | 1) // never 0, which means no write
	n, err := c.Conn.Write(b)
	c.writingSince.Store(0)
	if n > 0 {
		c.mu.Lock()
		c.out.scan(b[:n], c.serverFrame)
		c.mu.Unlock()
	}
	return n, err
}

// Close stops watching c and closes it.
func (c *flowConn) Close() error {
	c.closed.Do(func() {
		c.watch.mu.Lock()
		delete(c.watch.conns, c)
		c.watch.mu.Unlock()
	})
	return c.Conn.Close()
}

// clientFrame follows a frame of the client's: a stream opened (HEADERS) or reset, a window
// returned (WINDOW_UPDATE), a new initial window (SETTINGS). payload is the frame's for
// SETTINGS and WINDOW_UPDATE, nil for the rest. c.mu is held.
func (c *flowConn) clientFrame(h http2.FrameHeader, payload []byte) {
	switch h.Type {
	case http2.FrameHeaders:
		if h.StreamID%2 == 1 && h.StreamID > c.lastOpen {
			c.lastOpen = h.StreamID
			c.streams[h.StreamID] = &flowStream{window: c.initial}
			if c.initial <= 0 {
				c.shut++
			}
		}
	case http2.FrameRSTStream:
		c.end(h.StreamID)
	case http2.FrameWindowUpdate:
		if len(payload) != 4 {
			return
		}
		inc := int64(binary.BigEndian.Uint32(payload) & 0x7fffffff)
		if h.StreamID == 0 {
			c.conn += inc
			c.tooWide = c.tooWide || c.conn > maxWindow
		} else if s := c.streams[h.StreamID]; s != nil {
			c.moveStream(s, inc)
		}
	case http2.FrameSettings:
		if h.Flags.Has(http2.FlagSettingsAck) {
			return
		}
		for ; len(payload) >= 6; payload = payload[6:] {
			if http2.SettingID(binary.BigEndian.Uint16(payload)) != http2.SettingInitialWindowSize {
				continue
			}
			v := int64(binary.BigEndian.Uint32(payload[2:]))
			for _, s := range c.streams {
				c.moveStream(s, v-c.initial)
			}
			c.initial = v
		}
	}
}

// serverFrame follows a frame of the server's: HEADERS begin the answer, DATA spends the
// windows, and END_STREAM or RST_STREAM ends the stream. c.mu is held.
func (c *flowConn) serverFrame(h http2.FrameHeader, _ []byte) {
	s := c.streams[h.StreamID]
	switch h.Type {
	case http2.FrameData:
		c.conn -= int64(h.Length)
		c.connSent += int64(h.Length)
		if s != nil {
			c.moveStream(s, -int64(h.Length))
			s.sent += int64(h.Length)
		}
		if h.Flags.Has(http2.FlagDataEndStream) {
			c.end(h.StreamID)
		}
	case http2.FrameHeaders:
		if s != nil {
			s.started = true
		}
		if h.Flags.Has(http2.FlagHeadersEndStream) {
			c.end(h.StreamID)
		}
	case http2.FrameRSTStream:
		c.end(h.StreamID)
	}
}

// moveStream adds delta to stream s's window and counts it shut or not.
func (c *flowConn) moveStream(s *flowStream, delta int64) {
	wasShut := s.window <= 0
	s.window += delta
	switch isShut := s.window <= 0; {
	case isShut && !wasShut:
		c.shut++
	case !isShut && wasShut:
		c.shut--
	}
	c.tooWide = c.tooWide || s.window > maxWindow
}

// end forgets stream id, which the server will send no more on.
func (c *flowConn) end(id uint32) {
	if s := c.streams[id]; s != nil {
		if s.window <= 0 {
			c.shut--
		}
		if s.waitSince != 0 {
			c.waiting--
		}
		delete(c.streams, id)
	}
}

// stalled reports whether, at now (since watchEpoch), a write to c has been under way for
// stall, or answers of c have been waiting on their client for stall with too little sent (see
// above): an answer waiting on its own stream's window, less than progressBytes; the answers
// waiting on the connection's window alone, less than progressBytes each, on the connection (which
// of them has bytes to send, the watch cannot tell: an answer of a server stream may have none
// while another is sent). It notes the answers waiting since its last look.
func (c *flowConn) stalled(now, stall time.Duration) bool {
	if since := c.writingSince.Load(); since != 0 && now-time.Duration(since) >= stall {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn > 0 && c.shut == 0 && c.waiting == 0 {
		c.connWaitSince = 0
		return false
	}
	stalled, onConn := false, 0
	for _, s := range c.streams {
		switch {
		case !s.started || s.window > 0: // not waiting on its own window
			if s.waitSince != 0 {
				s.waitSince = 0
				c.waiting--
			}
			if s.started && c.conn <= 0 {
				onConn++
			}
		case s.waitSince == 0:
			s.waitSince, s.sent = now, 0
			c.waiting++
		case s.sent >= progressBytes:
			s.waitSince, s.sent = now, 0
		case now-s.waitSince >= stall:
			stalled = true
		}
	}
	switch {
	case onConn == 0:
		c.connWaitSince = 0
	case c.connWaitSince == 0 || c.connSent >= int64(onConn)*progressBytes:
		c.connWaitSince, c.connSent = now, 0
	case now-c.connWaitSince >= stall:
		stalled = true
	}
	return stalled
}

// maxKeptPayload bounds the payload a frameScanner keeps: SETTINGS_MAX_FRAME_SIZE's initial
// value, which grpc-go's server does not raise (a longer frame ends the connection there).
const maxKeptPayload = 16384

// frameScanner finds the HTTP/2 frames in one direction of a connection's bytes, which come in
// pieces that need not end at a frame's end.
type frameScanner struct {
	skip    int // bytes to pass over before the first frame (the client's preface)
	head    [frameHeaderLen]byte
	inHead  int          // bytes of head read
	r       bytes.Reader // reads head for http2.ReadFrameHeader, without an allocation a frame
	header  http2.FrameHeader
	left    int    // bytes of the current frame's payload not yet read
	payload []byte // the current frame's payload, when kept (SETTINGS, WINDOW_UPDATE)
	keep    bool
}

// scan reads b and calls frame once per frame: for SETTINGS and WINDOW_UPDATE once its payload
// has come (passed whole), for the rest as soon as its header has (payload nil).
func (s *frameScanner) scan(b []byte, frame func(http2.FrameHeader, []byte)) {
	for len(b) > 0 {
		switch {
		case s.skip > 0:
			n := min(s.skip, len(b))
			s.skip -= n
			b = b[n:]
		case s.left > 0:
			n := min(s.left, len(b))
			if s.keep {
				s.payload = append(s.payload, b[:n]...)
			}
			s.left -= n
			b = b[n:]
			if s.left == 0 && s.keep {
				frame(s.header, s.payload)
				s.payload = s.payload[:0]
			}
		default:
			n := copy(s.head[s.inHead:], b)
			s.inHead += n
			b = b[n:]
			if s.inHead < frameHeaderLen {
				return
			}
			s.inHead = 0
			s.r.Reset(s.head[:])
			s.header, _ = http2.ReadFrameHeader(&s.r) // 9 bytes: it cannot fail
			s.left = int(s.header.Length)
			s.keep = (s.header.Type == http2.FrameSettings || s.header.Type == http2.FrameWindowUpdate) && s.left <= maxKeptPayload
			if !s.keep || s.left == 0 {
				frame(s.header, nil)
			}
		}
	}
}
