package service

import (
	"context"
	"errors"
	"io"
	"net"
	"slices"
	"sync/atomic"
)

// DefaultMaxArrivingBytes is the referee's default HTTPConfig.MaxArrivingBytes (64 MiB): 64
// messages of MaxUnaryBodyBytes at once, and thousands of the few hundred bytes a client's
// message holds.
const DefaultMaxArrivingBytes = 64 << 20

// arrivingFull says why a message was refused for want of HTTPConfig.MaxArrivingBytes, after
// "request body: " (a Connect unary call's) or "stream message: ".
const arrivingFull = "refused, the referee holds as many bytes of messages still arriving as --max-arriving-bytes allows, or their connection an eighth of it: send it again later (docs/SECURITY.md)"

// errArrivingFull is the refusal of a stream's message for want of the budget ([wholeMessages]).
var errArrivingFull = errors.New("stream message: " + arrivingFull)

// arrivingBudget bounds the bytes the port's HTTP face holds of Connect and gRPC-Web request
// messages that have not arrived whole ([wholeUnaryBody], [wholeMessages]), all connections
// together (limit) and each connection (an eighth of limit; the [Port] gives each connection
// its count, [withConnArriving]). Without it, 100 streams of one HTTP/2 connection, each a byte
// short of a 1 MiB message, held 195 MB for RequestBodyTimeout, and a client may open
// --max-conns-per-addr connections and renew its streams. A message's bytes are taken as the
// buffer that holds them grows with the bytes that arrive (by at most twice what has arrived,
// and 4 KiB), not by the length its prefix declares: a prefix costs its sender nothing, and
// 64 prefixes of 1 MiB would have shut every other client out. They are given back once the
// message is whole and handed on, or has failed (refused, cut short, past its deadline, its
// call ended or its client gone: each ends the read that holds them).
type arrivingBudget struct {
	limit   int64
	held    atomic.Int64
	metrics *Metrics
}

// newArrivingBudget returns a budget of limit bytes (0: DefaultMaxArrivingBytes) whose refusals
// metrics counts.
func newArrivingBudget(limit int64, metrics *Metrics) *arrivingBudget {
	if limit <= 0 {
		limit = DefaultMaxArrivingBytes
	}
	return &arrivingBudget{limit: limit, metrics: metrics}
}

// connArrivingKey is the context key of a connection's count of bytes held ([withConnArriving]).
type connArrivingKey struct{}

// withConnArriving returns ctx, a connection's (http.Server.ConnContext), with a count of the
// bytes of the budget its requests hold.
func withConnArriving(ctx context.Context, _ net.Conn) context.Context {
	return context.WithValue(ctx, connArrivingKey{}, new(atomic.Int64))
}

// arrivingBytes is one request's share of an arrivingBudget: the budget, and its connection's
// count (nil: none, a handler served without [Port]).
type arrivingBytes struct {
	budget *arrivingBudget
	conn   *atomic.Int64
}

// arrivingOf returns the share of budget of the request of ctx.
func arrivingOf(ctx context.Context, budget *arrivingBudget) arrivingBytes {
	conn, _ := ctx.Value(connArrivingKey{}).(*atomic.Int64)
	return arrivingBytes{budget: budget, conn: conn}
}

// take takes n bytes of the budget and the connection's eighth of it, and reports whether it
// could; a refusal takes nothing and is counted.
func (a arrivingBytes) take(n int) bool {
	if a.conn != nil && a.conn.Add(int64(n)) > a.budget.limit/8 {
		a.conn.Add(-int64(n))
		a.budget.metrics.ArrivingRefused()
		return false
	}
	if a.budget.held.Add(int64(n)) > a.budget.limit {
		a.give(n)
		a.budget.metrics.ArrivingRefused()
		return false
	}
	return true
}

// give gives back n bytes taken.
func (a arrivingBytes) give(n int) {
	if a.conn != nil {
		a.conn.Add(-int64(n))
	}
	a.budget.held.Add(-int64(n))
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
