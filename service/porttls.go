package service

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/soheilhy/cmux"
)

// tlsListener is tls.NewListener's listener, with a plain HTTP request answered as net/http's
// ServeTLS answers it ([plainHTTPAnswer]): the [Port] ends TLS itself, before cmux, so
// net/http never sees the handshake fail.
type tlsListener struct {
	net.Listener
	config *tls.Config
}

// Accept returns the next connection, its TLS not yet negotiated (the first Read does it).
func (l tlsListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return plainHTTPAnswer{tls.Server(c, l.config)}, nil
}

// plainHTTPAnswer is a TLS connection that answers a client speaking HTTP/1.x without TLS (a
// browser or curl given http:// for the port with TLS) with net/http's 400, "Client sent an
// HTTP request to an HTTPS server.", before its handshake fails; the connection is closed then.
type plainHTTPAnswer struct{ *tls.Conn }

// Read reads from the TLS connection, answering as above when the handshake reads plain HTTP.
func (c plainHTTPAnswer) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	var re tls.RecordHeaderError
	if errors.As(err, &re) && re.Conn != nil && looksLikeHTTP(re.RecordHeader) {
		_ = re.Conn.SetDeadline(time.Now().Add(notServedLinger))
		if _, werr := io.WriteString(re.Conn, "HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n"); werr == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(re.Conn, 64<<10)) // as answerNotServed: no reset that loses the answer
		}
		_ = re.Conn.Close()
	}
	return n, err
}

// looksLikeHTTP reports whether a TLS record header (a connection's first 5 bytes) is the start
// of an HTTP/1.x request, by net/http's test (tlsRecordHeaderLooksLikeHTTP, unexported there).
func looksLikeHTTP(hdr [5]byte) bool {
	switch string(hdr[:]) {
	case "GET /", "HEAD ", "POST ", "PUT /", "OPTIO":
		return true
	}
	return false
}

// tlsConnKey is the context key of the *tls.Conn under a connection of the port's HTTP server
// (withTLSConn).
type tlsConnKey struct{}

// withTLSConn returns ctx, a connection's context of the port's HTTP server, with the TLS
// connection under c when it has one. The port ends TLS itself, ahead of cmux, so net/http serves
// each connection as plaintext: see withTLSState.
func withTLSConn(ctx context.Context, c net.Conn) context.Context {
	for {
		switch v := c.(type) {
		case plainHTTPAnswer:
			return context.WithValue(ctx, tlsConnKey{}, v.Conn)
		case *cmux.MuxConn:
			c = v.Conn
		case *settingsAckFilter:
			c = v.Conn
		default:
			return ctx
		}
	}
}

// withTLSState sets r.TLS, which net/http leaves nil on the port (it ends TLS itself: see
// withTLSConn), to the state of the request's TLS connection, if it came over one. The web app
// sends Strict-Transport-Security on requests that came over TLS: it never sent it from a
// referee (a docs audit; its test served it behind net/http's own TLS).
func withTLSState(r *http.Request) {
	if tc, ok := r.Context().Value(tlsConnKey{}).(*tls.Conn); ok && r.TLS == nil {
		state := tc.ConnectionState()
		r.TLS = &state
	}
}
