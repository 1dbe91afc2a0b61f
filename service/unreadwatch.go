package service

import (
	"context"
	"encoding/binary"
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
// server's DATA as grpc-go writes them, and each stream's end (the server's END_STREAM, a
// RST_STREAM either way). A connection with a stream still open whose send window, its own or
// the connection's, has stayed shut (at most 0) for [PortConfig.SendStall] is closed, counted by
// bezique_connections_unread_total. A grpc-go client returns a stream's window a quarter at a
// time as its application reads, and the connection's as it receives: a stream's window stays
// shut only while three quarters of it lie unread, and the connection's never does. A shut
// window counts as open again once raised to reopenBytes, and a write that has waited stall in
// the kernel (the client returns its windows but does not read its socket) closes the
// connection too. HTTP answers (net/http) have [stallWriter].

// defaultWindow is a window's size before any SETTINGS or WINDOW_UPDATE (RFC 9113 §6.9.2).
const defaultWindow = 65535

// reopenBytes is how far a shut window must be raised to count as open again: a client that
// returns a byte at a time would else hold an answer for ever, at a byte a stall. A grpc-go
// client returns a quarter of its window at a time (16 KiB of 64), nghttp2 (Node) half.
const reopenBytes = 16 << 10

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

// newUnreadWatch returns a watch closing connections whose send windows stayed shut for stall.
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
		initial: defaultWindow, conn: sendWindow{n: defaultWindow}, streams: map[uint32]*sendWindow{}}
	l.w.mu.Lock()
	l.w.conns[fc] = struct{}{}
	l.w.mu.Unlock()
	return fc, nil
}

// run checks the connections every second (or twice per stall, if shorter) until ctx ends,
// and closes those stalled.
func (w *unreadWatch) run(ctx context.Context) {
	tick := time.NewTicker(min(time.Second, w.stall/2))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			w.mu.Lock()
			var stalled []*flowConn
			for c := range w.conns {
				if c.stalled(now, w.stall) {
					stalled = append(stalled, c)
				}
			}
			w.mu.Unlock()
			for _, c := range stalled {
				w.metrics.ConnectionUnread()
				w.logged.Do(func() {
					w.log.Warn("connection closed: its answers went unread", "client", c.RemoteAddr().String(), "stall", w.stall)
				})
				_ = c.Close()
			}
		}
	}
}

// sendWindow is the server's send window of a stream or of the connection, in bytes.
type sendWindow struct {
	n         int64
	shutSince time.Time // when n last fell to 0 or below; zero while n > 0
}

// flowConn is a native gRPC connection whose flow control an unreadWatch follows.
type flowConn struct {
	net.Conn
	watch  *unreadWatch
	in     frameScanner // the client's frames (grpc-go's reader alone reads)
	out    frameScanner // the server's frames (grpc-go's writer alone writes)
	closed sync.Once

	// writingSince is when the Write under way began (Unix ns), 0 between writes: a client that
	// returns its windows but does not read its socket blocks the writes in the kernel.
	writingSince atomic.Int64

	mu       sync.Mutex
	initial  int64 // the client's SETTINGS_INITIAL_WINDOW_SIZE
	conn     sendWindow
	streams  map[uint32]*sendWindow // the streams the server has not ended
	shut     int                    // how many of streams have their window shut
	lastOpen uint32                 // the highest stream the client opened
}

// Read reads the client's bytes and follows its frames.
func (c *flowConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.mu.Lock()
		c.in.scan(b[:n], c.clientFrame)
		c.mu.Unlock()
	}
	return n, err
}

// Write writes the server's bytes and follows its frames.
func (c *flowConn) Write(b []byte) (int, error) {
	c.writingSince.Store(time.Now().UnixNano())
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
			w := &sendWindow{}
			c.streams[h.StreamID] = w
			c.move(w, c.initial)
		}
	case http2.FrameRSTStream:
		c.end(h.StreamID)
	case http2.FrameWindowUpdate:
		if len(payload) != 4 {
			return
		}
		inc := int64(binary.BigEndian.Uint32(payload) & 0x7fffffff)
		if h.StreamID == 0 {
			c.move(&c.conn, inc)
		} else if w := c.streams[h.StreamID]; w != nil {
			c.move(w, inc)
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
			for _, w := range c.streams {
				c.move(w, v-c.initial)
			}
			c.initial = v
		}
	}
}

// serverFrame follows a frame of the server's: DATA spends the windows, and END_STREAM or
// RST_STREAM ends the stream. c.mu is held.
func (c *flowConn) serverFrame(h http2.FrameHeader, _ []byte) {
	switch h.Type {
	case http2.FrameData:
		c.move(&c.conn, -int64(h.Length))
		if w := c.streams[h.StreamID]; w != nil {
			c.move(w, -int64(h.Length))
		}
		if h.Flags.Has(http2.FlagDataEndStream) {
			c.end(h.StreamID)
		}
	case http2.FrameHeaders:
		if h.Flags.Has(http2.FlagHeadersEndStream) {
			c.end(h.StreamID)
		}
	case http2.FrameRSTStream:
		c.end(h.StreamID)
	}
}

// move adds delta to window w (a stream's or the connection's) and notes when it shuts (falls
// to 0 or below) or opens (is raised to reopenBytes or more).
func (c *flowConn) move(w *sendWindow, delta int64) {
	wasShut := !w.shutSince.IsZero()
	w.n += delta
	switch isShut := w.n <= 0 || wasShut && w.n < reopenBytes; {
	case isShut && !wasShut:
		w.shutSince = time.Now()
		if w != &c.conn {
			c.shut++
		}
	case !isShut && wasShut:
		w.shutSince = time.Time{}
		if w != &c.conn {
			c.shut--
		}
	}
}

// end forgets stream id, which the server will send no more on.
func (c *flowConn) end(id uint32) {
	if w := c.streams[id]; w != nil {
		if !w.shutSince.IsZero() {
			c.shut--
		}
		delete(c.streams, id)
	}
}

// stalled reports whether, at now, a write to c has been under way for stall, or c has a
// stream open whose window, or the connection's, has been shut for stall.
func (c *flowConn) stalled(now time.Time, stall time.Duration) bool {
	if since := c.writingSince.Load(); since != 0 && now.UnixNano()-since >= int64(stall) {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.streams) == 0 {
		return false
	}
	if !c.conn.shutSince.IsZero() && now.Sub(c.conn.shutSince) >= stall {
		return true
	}
	if c.shut == 0 {
		return false
	}
	for _, w := range c.streams {
		if !w.shutSince.IsZero() && now.Sub(w.shutSince) >= stall {
			return true
		}
	}
	return false
}

// maxKeptPayload bounds the payload a frameScanner keeps: SETTINGS_MAX_FRAME_SIZE's initial
// value, which grpc-go's server does not raise (a longer frame ends the connection there).
const maxKeptPayload = 16384

// frameScanner finds the HTTP/2 frames in one direction of a connection's bytes, which come in
// pieces that need not end at a frame's end.
type frameScanner struct {
	skip    int // bytes to pass over before the first frame (the client's preface)
	head    [frameHeaderLen]byte
	inHead  int // bytes of head read
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
			s.header = http2.FrameHeader{Type: http2.FrameType(s.head[3]), Flags: http2.Flags(s.head[4]),
				Length:   uint32(s.head[0])<<16 | uint32(s.head[1])<<8 | uint32(s.head[2]),
				StreamID: binary.BigEndian.Uint32(s.head[5:]) & 0x7fffffff}
			s.left = int(s.header.Length)
			s.keep = (s.header.Type == http2.FrameSettings || s.header.Type == http2.FrameWindowUpdate) && s.left <= maxKeptPayload
			if !s.keep || s.left == 0 {
				frame(s.header, nil)
			}
		}
	}
}
