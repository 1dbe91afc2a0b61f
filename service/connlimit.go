package service

import (
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultMaxConnsPerAddr is the referee's default of --max-conns-per-addr (PortConfig.MaxConnsPerAddr):
// 256 connections open at once from one client address. A bot runner's machine dials one
// connection per seat (botsdk.Play, `bezique bot`): 100 two-handed games at once hold 200; a
// lobby bot holds one whatever its capacity, a browser one (HTTP/2) to six (HTTP/1.1), and a
// referee forwarding to another one per peer.
const DefaultMaxConnsPerAddr = 256

// connRefusalLogEvery is how often at most a connection refused by PortConfig.MaxConnsPerAddr is
// logged (bezique_connections_refused_total counts every one).
const connRefusalLogEvery = time.Minute

// connLimit is a listener that holds each client address (its IPv6 /64, as quotaKey counts it)
// to max connections open at once: a connection past it is closed as soon as it is accepted,
// before TLS and before the port reads a byte of it, counted (bezique_connections_refused_total)
// and logged at most once every connRefusalLogEvery. Connections from the unlimited ranges are
// not counted. The counts are kept for the addresses with a connection open only.
type connLimit struct {
	net.Listener
	max       int
	unlimited []netip.Prefix
	metrics   *Metrics
	log       *slog.Logger
	logged    rate.Sometimes

	mu   sync.Mutex
	open map[string]int // connections open per client address; no zero entries
}

// newConnLimit returns lis limited to max connections per client address, except from unlimited.
func newConnLimit(lis net.Listener, max int, unlimited []netip.Prefix, metrics *Metrics, log *slog.Logger) *connLimit {
	return &connLimit{Listener: lis, max: max, unlimited: unlimited, metrics: metrics, log: log,
		logged: rate.Sometimes{Interval: connRefusalLogEvery}, open: map[string]int{}}
}

// Accept returns the next connection its address may open, closing those it may not.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil && inRanges(ap.Addr().WithZone(""), l.unlimited) {
			return c, nil
		}
		key := ipKey(c.RemoteAddr().String())
		if l.take(key) {
			return &limitedConn{Conn: c, release: sync.OnceFunc(func() { decrement(&l.mu, l.open, key) })}, nil
		}
		l.metrics.ConnectionRefused() // before the close, which the client may see at once
		_ = c.Close()
		l.logged.Do(func() {
			l.log.Warn("connection refused: too many open from one client address (--max-conns-per-addr); more are logged at most once a minute, bezique_connections_refused_total counts them all",
				"client", key, "limit", l.max)
		})
	}
}

// take counts a new connection from key, or reports false when key has max open.
func (l *connLimit) take(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key] >= l.max {
		return false
	}
	l.open[key]++
	return true
}

// limitedConn is a connection counted by a [connLimit] until its first Close.
type limitedConn struct {
	net.Conn
	release func()
}

// Close closes the connection and, the first time, uncounts it.
func (c *limitedConn) Close() error {
	defer c.release()
	return c.Conn.Close()
}
