package service

import (
	"bytes"
	"encoding/binary"
	"io"
	"net/http"
	"strings"
)

// arrivingBody makes the transcoder hold no more of r's body than has arrived. vanguard sizes
// its buffer for a request's message from what the client declares, before the bytes come: the
// Content-Length of a unary call, the length prefix of a Connect or gRPC-Web stream's JSON
// message, up to MaxHTTPMessageBytes; so a client that declared 16 MB and sent one byte held
// 16 MB of the referee's memory for as long as it kept the request open (20 connections: 313 MB
// of RSS). It hides a Content-Length within that bound (vanguard then reads the body as it
// comes, to the same bound; it refuses a larger one at once, RESOURCE_EXHAUSTED) and hands on a
// JSON stream's length prefix only with its whole message behind it ([wholeMessages]). A binary
// stream's messages go to grpc-go as they come, which refuses a prefix over MaxMessageBytes.
func arrivingBody(r *http.Request) {
	if r.ContentLength > 0 && r.ContentLength <= MaxHTTPMessageBytes {
		r.ContentLength = -1
	}
	ct := r.Header.Get("Content-Type")
	if r.Body != nil && (strings.HasPrefix(ct, "application/connect+json") || strings.HasPrefix(ct, "application/grpc-web+json")) {
		r.Body = &wholeMessages{body: r.Body}
	}
}

// wholeMessages reads a request body of enveloped messages (a flags byte, the message's length
// in 4 bytes big-endian, the message) and returns each envelope only once all of it has arrived;
// an envelope whose length is over MaxHTTPMessageBytes it returns at once, for the transcoder to
// refuse. A body that ends within an envelope returns io.ErrUnexpectedEOF, and none of it.
type wholeMessages struct {
	body io.ReadCloser
	held bytes.Buffer // the envelope being returned
	err  error        // the body's error, returned once held is empty
}

// Read returns bytes of the envelope that has arrived whole, reading the next one when none is
// held.
func (m *wholeMessages) Read(p []byte) (int, error) {
	if m.held.Len() == 0 && m.err == nil {
		m.err = m.next()
	}
	if m.held.Len() > 0 {
		return m.held.Read(p)
	}
	return 0, m.err
}

// next reads the next envelope into held, growing it as its bytes arrive.
func (m *wholeMessages) next() error {
	m.held.Reset()
	if _, err := io.CopyN(&m.held, m.body, 5); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(m.held.Bytes()[1:])
	if n > MaxHTTPMessageBytes {
		return nil
	}
	if _, err := io.CopyN(&m.held, m.body, int64(n)); err != nil {
		m.held.Reset() // the prefix alone would have the transcoder size its buffer by it
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	return nil
}

// Close closes the body.
func (m *wholeMessages) Close() error { return m.body.Close() }
