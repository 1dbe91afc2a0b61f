package service

import (
	"bufio"
	"bytes"
	"net"

	"golang.org/x/net/http2"
)

// settingsAckListener hands out its connections, HTTP/2 connections that the port sent its
// first SETTINGS frame on ([Port]), as [settingsAckFilter]s.
type settingsAckListener struct{ net.Listener }

// Accept waits for the next connection and wraps it.
func (l settingsAckListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &settingsAckFilter{Conn: c, r: bufio.NewReader(c), left: len(http2.ClientPreface)}, nil
}

// settingsAckFilter is an HTTP/2 connection, as its client sends it, without the client's first
// SETTINGS acknowledgement. That acknowledgement answers the SETTINGS frame the port sent while it
// read the connection's first request (cmux's HTTP2MatchHeaderFieldSendSettings); net/http, which
// serves the connection from then on, did not send it, and takes an acknowledgement of SETTINGS
// it never sent for a protocol error (it closes the connection). The first SETTINGS frame with
// the ACK flag and no payload is removed; every other byte passes through unchanged. Written here
// because neither cmux nor net/http offers it; frame headers are read with golang.org/x/net/http2.
type settingsAckFilter struct {
	net.Conn
	r    *bufio.Reader
	left int  // bytes (of the client preface, then of the current frame) to pass before the next frame header
	done bool // the acknowledgement was removed: everything passes
}

// frameHeaderLen is the length of an HTTP/2 frame header (RFC 9113 §4.1).
const frameHeaderLen = 9

// Read reads the connection's bytes, without the first SETTINGS acknowledgement.
func (c *settingsAckFilter) Read(p []byte) (int, error) {
	for !c.done && c.left == 0 {
		h, err := c.r.Peek(frameHeaderLen)
		if err != nil {
			return 0, err
		}
		fh, err := http2.ReadFrameHeader(bytes.NewReader(h))
		if err != nil {
			return 0, err
		}
		if fh.Type == http2.FrameSettings && fh.Flags.Has(http2.FlagSettingsAck) && fh.Length == 0 {
			_, _ = c.r.Discard(frameHeaderLen) // peeked: cannot fail
			c.done = true
			break
		}
		c.left = frameHeaderLen + int(fh.Length)
	}
	if c.done {
		return c.r.Read(p)
	}
	if len(p) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= n
	return n, err
}
