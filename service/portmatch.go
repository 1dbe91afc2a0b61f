package service

import (
	"bytes"
	"errors"
	"io"
	"net"
	"time"

	"golang.org/x/net/http/httpguts"
)

// The [Port]'s tests of a connection's first bytes, besides [nativeGRPC] and cmux.HTTP2, and its
// answer to a connection that passes none of them, written here: cmux has no test for "any
// HTTP/1.x method" (HTTP1Fast matches a fixed list; HTTP1 needs the whole request line within 4
// KiB), nor an answer for the connections it does not match (it closes them without a word).

// maxMethodBytes bounds an HTTP/1.x method (32 bytes): the longest registered one,
// UPDATEREDIRECTREF (RFC 3253), has 17.
const maxMethodBytes = 32

// http1Method reports whether r begins with an HTTP/1.x request's method: 1 to maxMethodBytes
// token characters (RFC 9110 §5.6.2), other than HTTP/2's PRI, then a space. Any method so
// reaches net/http, which answers one the handler does not serve (404, 405) and a request line
// it cannot read (400, 505) itself; the rest of the headers have net/http's ReadHeaderTimeout.
// It is the [Port]'s first test, and its first read takes up to 4 KiB, what the client has sent
// so far: cmux keeps what the tests read and hands it on, and net/http, whose first read gets no
// more than that, would otherwise close a request it refuses with the rest of its headers
// unread, which resets the connection before the client reads the refusal.
func http1Method(r io.Reader) bool {
	b := make([]byte, 4<<10)
	for n := 0; n <= maxMethodBytes; {
		m, err := r.Read(b[n:])
		if i := bytes.IndexByte(b[n:n+m], ' '); i >= 0 {
			method := b[:n+i]
			return len(method) > 0 && len(method) <= maxMethodBytes && string(method) != "PRI" && isToken(method)
		}
		if n += m; !isToken(b[:n]) || err != nil {
			return false
		}
	}
	return false
}

// isToken reports whether every byte of b is a token character (RFC 9110 §5.6.2).
func isToken(b []byte) bool {
	return bytes.IndexFunc(b, func(c rune) bool { return !httpguts.IsTokenRune(c) }) < 0
}

// sentBytes reports whether the connection sent a byte before FirstBytesTimeout: the [Port]'s
// last test, after HTTP/1.x, gRPC and HTTP/2, for the connections answered [notServedReply].
// A silent connection fails it and is closed at FirstBytesTimeout.
func sentBytes(r io.Reader) bool {
	n, _ := r.Read(make([]byte, 1))
	return n == 1
}

// notServedReply is the [Port]'s answer to a connection whose first bytes are none of the
// protocols it serves (a line typed by hand; a TLS ClientHello, https:// to a port without TLS),
// as net/http answers a request it cannot read: HTTP/1.1 400, the reason in plain text, then
// the close.
const notServedReply = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n" +
	"Content-Length: 27\r\n\r\nnot HTTP, gRPC or gRPC-Web\n"

// notServedLinger is how long the [Port] gives the reply's write and the client's close (500 ms,
// net/http's rstAvoidanceDelay): it reads and drops what the client sends meanwhile, as closing
// a connection with bytes unread resets it, and a client shown the reset loses the reply.
const notServedLinger = 500 * time.Millisecond

// answerNotServed answers every connection lis accepts with [notServedReply] and closes it,
// until lis is closed.
func answerNotServed(lis net.Listener) {
	for {
		c, err := lis.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(notServedLinger))
			if _, err := io.WriteString(c, notServedReply); err == nil {
				_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
			}
		}()
	}
}

// acceptBackoff is a listener whose Accept waits and tries again when the accept fails for a
// while (too many open files: EMFILE, ENFILE), as net/http's Serve does: from 5 ms, doubling to
// 1 s. cmux tries again at once, so a referee out of file descriptors (a client holding many
// connections) spent more than a core in its accept loop until one was closed.
type acceptBackoff struct{ net.Listener }

// Accept returns the next connection, or the listener's first error that is not temporary.
func (l acceptBackoff) Accept() (net.Conn, error) {
	var delay time.Duration
	for {
		c, err := l.Listener.Accept()
		var ne net.Error
		if err == nil || !errors.As(err, &ne) || !ne.Temporary() { // deprecated, but the test net/http makes
			return c, err
		}
		delay = min(max(2*delay, 5*time.Millisecond), time.Second)
		time.Sleep(delay)
	}
}
