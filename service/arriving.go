package service

import (
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
)

// DefaultMaxArrivingBytes is the referee's default HTTPConfig.MaxArrivingBytes (64 MiB): 64
// messages of MaxUnaryBodyBytes at once, and thousands of the few hundred bytes a client's
// message holds.
const DefaultMaxArrivingBytes = 64 << 20

// arrivingFull says why a message was refused for want of HTTPConfig.MaxArrivingBytes, after
// "request body: " (a Connect unary call's) or "stream message: ".
const arrivingFull = "refused, the referee holds as many bytes of messages still arriving as --max-arriving-bytes allows, or their connection or client address an eighth of it: send it again later (docs/SECURITY.md)"

// errArrivingFull is the refusal of a stream's message for want of the budget ([wholeMessages]).
var errArrivingFull = errors.New("stream message: " + arrivingFull)

// arrivingBudget bounds the bytes the port's HTTP face holds of Connect and gRPC-Web request
// messages that have not arrived whole ([wholeUnaryBody], [wholeMessages]), all connections
// together (limit), and each connection and each client address (its IPv6 /64, as
// --max-conns-per-addr counts it) to an eighth of limit: the [Port] gives each connection its
// share ([arrivingBudget.connContext]). Without the address's share, one client filled the
// budget with 8 connections, and every other client's messages were refused while it held them.
// Addresses in unlimited (loopback, trusted proxies: PortConfig.ConnsUnlimited, whose clients
// each have a connection's share) have no share of their own. Without it, 100 streams of one HTTP/2 connection, each a byte
// short of a 1 MiB message, held 195 MB for RequestBodyTimeout, and a client may open
// --max-conns-per-addr connections and renew its streams. A message's bytes are taken as the
// buffer that holds them grows with the bytes that arrive (by at most twice what has arrived,
// and 4 KiB), not by the length its prefix declares: a prefix costs its sender nothing, and
// 64 prefixes of 1 MiB would have shut every other client out. They are given back once the
// message is whole and handed on, or has failed (refused, cut short, past its deadline, its
// call ended or its client gone: each ends the read that holds them).
type arrivingBudget struct {
	limit     int64
	held      atomic.Int64
	metrics   *Metrics
	unlimited []netip.Prefix

	mu    sync.Mutex
	addrs map[string]int64 // bytes held per client address (ipKey); no zero entries
}

// newArrivingBudget returns a budget of limit bytes (0: DefaultMaxArrivingBytes) whose refusals
// metrics counts, the client addresses in unlimited without a share of their own.
func newArrivingBudget(limit int64, metrics *Metrics, unlimited []netip.Prefix) *arrivingBudget {
	if limit <= 0 {
		limit = DefaultMaxArrivingBytes
	}
	return &arrivingBudget{limit: limit, metrics: metrics, unlimited: unlimited, addrs: map[string]int64{}}
}

// connArrivingKey is the context key of a connection's connShare ([arrivingBudget.connContext]).
type connArrivingKey struct{}

// connShare is a connection's count of the bytes of the budget its requests hold, and its client
// address's key ("": none, an unlimited address).
type connShare struct {
	held atomic.Int64
	addr string
}

// connContext returns ctx, a connection's (http.Server.ConnContext), with its connShare.
func (b *arrivingBudget) connContext(ctx context.Context, c net.Conn) context.Context {
	s := &connShare{}
	if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil && !inRanges(ap.Addr().WithZone(""), b.unlimited) {
		s.addr = ipKey(c.RemoteAddr().String())
	}
	return context.WithValue(ctx, connArrivingKey{}, s)
}

// arrivingBytes is one request's share of an arrivingBudget: the budget, and its connection's
// (nil: none, a handler served without [Port]).
type arrivingBytes struct {
	budget *arrivingBudget
	conn   *connShare
}

// arrivingOf returns the share of budget of the request of ctx.
func arrivingOf(ctx context.Context, budget *arrivingBudget) arrivingBytes {
	conn, _ := ctx.Value(connArrivingKey{}).(*connShare)
	return arrivingBytes{budget: budget, conn: conn}
}

// take takes n bytes of the budget and of the connection's and the client address's eighths of
// it, and reports whether it could; a refusal takes nothing and is counted.
func (a arrivingBytes) take(n int) bool {
	b, share := a.budget, a.budget.limit/8
	if a.conn != nil {
		if a.conn.held.Add(int64(n)) > share {
			a.conn.held.Add(-int64(n))
			b.metrics.ArrivingRefused()
			return false
		}
		if a.conn.addr != "" && !b.takeAddr(a.conn.addr, int64(n), share) {
			a.conn.held.Add(-int64(n))
			b.metrics.ArrivingRefused()
			return false
		}
	}
	if b.held.Add(int64(n)) > b.limit {
		a.give(n)
		b.metrics.ArrivingRefused()
		return false
	}
	return true
}

// give gives back n bytes taken.
func (a arrivingBytes) give(n int) {
	if a.conn != nil {
		a.conn.held.Add(-int64(n))
		if a.conn.addr != "" {
			a.budget.giveAddr(a.conn.addr, int64(n))
		}
	}
	a.budget.held.Add(-int64(n))
}

// takeAddr takes n bytes of the client address addr's share, and reports whether it could.
func (b *arrivingBudget) takeAddr(addr string, n, share int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.addrs[addr]+n > share {
		return false
	}
	b.addrs[addr] += n
	return true
}

// giveAddr gives back n bytes of the client address addr's share.
func (b *arrivingBudget) giveAddr(addr string, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.addrs[addr] -= n; b.addrs[addr] <= 0 {
		delete(b.addrs, addr)
	}
}

// fill reads r into buf until buf holds size bytes, growing it as the bytes arrive, to size and
// no further (bytes.Buffer's doubling held up to twice the message), and taking what it grows by
// from a. It returns buf and the failed read's error, or errArrivingFull when the budget had no
// room for the next bytes. It gives back all it took when it returns: the bytes are handed on
// whole then, or dropped.
func (a arrivingBytes) fill(r io.Reader, buf []byte, size int) ([]byte, error) {
	taken := 0
	defer func() { a.give(taken) }()
	for len(buf) < size {
		if len(buf) == cap(buf) {
			grow := min(size-len(buf), max(len(buf), 4<<10))
			if !a.take(grow) {
				return buf, errArrivingFull
			}
			taken += grow
			buf = slices.Grow(buf, grow)
		}
		k, err := r.Read(buf[len(buf):min(cap(buf), size)])
		buf = buf[:len(buf)+k]
		if err != nil && len(buf) < size {
			return buf, err
		}
	}
	return buf, nil
}
