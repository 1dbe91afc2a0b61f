package service

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/grpc/codes"
)

// RequestBodyTimeout is how long the body of a Connect or gRPC-Web request may take to arrive
// once its headers have (10 s), for every method but a bidirectional stream's
// (SeatService.Connect, whose client sends for as long as it plays): a client that sent a byte
// of its body every few seconds held the request, its goroutines and its stream for ever. Past
// it the body reads fail, and the call ends with DEADLINE_EXCEEDED, "request body: not whole
// within 10s of the headers" (bodyTooSlow), in every protocol. A bidirectional stream has as long
// for each of its messages, from the message's first byte ([wholeMessages]); between
// two messages it may stay quiet for ever (a bot thinks; the referee's pings keep the
// connection). Native gRPC calls are grpc-go's, which has no such bound: their number is
// bounded by the streams of a connection.
const RequestBodyTimeout = 10 * time.Second

// bodyDeadline returns r with its body to arrive within RequestBodyTimeout: a read deadline on
// the request (net/http's http.ResponseController: the connection's for HTTP/1.1, the stream's
// for HTTP/2), cleared once the body has ended. HTTP/1.1 reads the connection on after a
// request's body (to see the client go), and that read past a deadline would cancel a server
// stream the body of which came in time: http.Server.ReadTimeout has that flaw, which is why it is
// not set. A read past the deadline fails with errBodyTooSlow, and the body, in r's context,
// says so ([lateBody]) to [requestRefusals], which ends the call with it whatever the gRPC
// server made of the failed read.
func bodyDeadline(w http.ResponseWriter, r *http.Request) *http.Request {
	if r.Body == nil || r.Body == http.NoBody {
		return r
	}
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Now().Add(RequestBodyTimeout)); err != nil {
		return r
	}
	b := &deadlineBody{ReadCloser: r.Body, clear: sync.OnceFunc(func() { _ = rc.SetReadDeadline(time.Time{}) })}
	r = r.WithContext(context.WithValue(r.Context(), deadlineBodyKey{}, b))
	r.Body = b
	return r
}

// bodyTooSlow is the refusal of a request whose body did not arrive whole within
// RequestBodyTimeout of its headers ([bodyDeadline]), and errBodyTooSlow the error of its read.
var (
	bodyTooSlow    = fmt.Sprintf("request body: not whole within %v of the headers (docs/SECURITY.md)", RequestBodyTimeout)
	errBodyTooSlow = errors.New(bodyTooSlow)
)

// deadlineBody is a request body with a read deadline ([bodyDeadline]): it calls clear when it
// ends (io.EOF), and a read past the deadline fails with errBodyTooSlow and marks it late.
type deadlineBody struct {
	io.ReadCloser
	clear func()
	late  atomic.Bool
}

// deadlineBodyKey is the context key of a request's deadlineBody.
type deadlineBodyKey struct{}

// Read reads the body, calling clear at its end; past the deadline it returns errBodyTooSlow.
func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF:
		b.clear()
	case errors.Is(err, os.ErrDeadlineExceeded):
		b.late.Store(true)
		err = errBodyTooSlow
	}
	return n, err
}

// lateBody reports whether the body of the request of ctx failed a read at its deadline
// ([bodyDeadline]).
func lateBody(ctx context.Context) bool {
	b, ok := ctx.Value(deadlineBodyKey{}).(*deadlineBody)
	return ok && b.late.Load()
}

// arrivingBody makes the transcoder hold no more of r's body than has arrived. vanguard sizes
// its buffer for a request's message from what the client declares, before the bytes come: the
// Content-Length of a unary call, the length prefix of a Connect or gRPC-Web stream's JSON
// message, up to MaxHTTPMessageBytes; so a client that declared 16 MB and sent one byte held
// 16 MB of the referee's memory for as long as it kept the request open (20 connections: 313 MB
// of RSS). A Connect unary call's body is read whole first, as it comes ([wholeUnaryBody]); a
// JSON stream's length prefix is handed on only with its whole message behind it
// ([wholeMessages]). A binary stream's messages go to grpc-go as they come, which refuses a
// prefix over MaxMessageBytes, but for a bidirectional stream's (clientStream), held whole
// too; binary is application/connect+proto, application/grpc-web+proto and
// application/grpc-web, gRPC-Web's other name for it (which went to grpc-go as it came, with no
// deadline). Each message of a bidirectional stream must arrive within RequestBodyTimeout of its
// first byte (a read deadline on w's request). It returns wholeUnaryBody's refusal.
func arrivingBody(w http.ResponseWriter, r *http.Request, clientStream bool) error {
	ct := r.Header.Get("Content-Type")
	media, _, _ := strings.Cut(ct, ";")
	jsonStream := strings.HasPrefix(ct, "application/connect+json") || strings.HasPrefix(ct, "application/grpc-web+json")
	// application/grpc-web is gRPC-Web's name for protobuf too (its +proto is optional).
	protoStream := strings.HasPrefix(ct, "application/connect+proto") || strings.HasPrefix(ct, "application/grpc-web+proto") ||
		strings.TrimSpace(media) == "application/grpc-web"
	switch {
	case r.Body == nil || r.Body == http.NoBody:
	case r.Method == http.MethodPost && (strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "application/proto")):
		return wholeUnaryBody(r)
	case jsonStream || protoStream && clientStream:
		m := &wholeMessages{body: r.Body, binary: protoStream}
		if clientStream {
			m.deadline = http.NewResponseController(w).SetReadDeadline
		}
		r.Body = m
	}
	return nil
}

// MaxUnaryBodyBytes bounds the body of a Connect unary call, and each message of a Connect or
// gRPC-Web stream in JSON (1 MiB): a message is at most MaxMessageBytes (64 KiB) in protobuf,
// and 16 times that leaves room for JSON's field names, quoted numbers and whitespace (the
// largest a client sends, a Join or a Decide, is a few hundred bytes). The transcoder's bound
// (MaxHTTPMessageBytes, 16 MiB) let one call cost 120 ms of CPU and 60 MB of memory to parse
// before the gRPC limit refused it, and 8 streams of one connection, each 15 MiB into a message
// that never ended, held 185 MB.
const MaxUnaryBodyBytes = 1 << 20

// wholeUnaryBody reads the body of r, a Connect unary call (POST, application/json or
// application/proto), as it arrives, and hands the transcoder those bytes with their true
// length. It returns a Connect error when the body is over MaxUnaryBodyBytes, declared or sent
// (RESOURCE_EXHAUSTED), or does not come whole: INVALID_ARGUMENT when it ends before its
// Content-Length (the transcoder answered that with HTTP 500, "response uses incorrect codec"),
// DEADLINE_EXCEEDED when it has not come within RequestBodyTimeout (bodyDeadline; 500 or 499
// before, by a race), CANCELED when the client went.
func wholeUnaryBody(r *http.Request) error {
	tooLarge := connect.NewError(connect.CodeResourceExhausted, fmt.Errorf(
		"request body: over %d bytes, the most a unary call's may hold (its message, in protobuf, %d: docs/SECURITY.md)", MaxUnaryBodyBytes, MaxMessageBytes))
	if r.ContentLength > MaxUnaryBodyBytes {
		return tooLarge
	}
	var b bytes.Buffer
	_, err := b.ReadFrom(io.LimitReader(r.Body, MaxUnaryBodyBytes+1))
	switch {
	case b.Len() > MaxUnaryBodyBytes:
		return tooLarge
	case errors.Is(err, io.ErrUnexpectedEOF):
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf(
			"request cut short: the body ends after %d of the %d bytes its Content-Length gives", b.Len(), r.ContentLength))
	case errors.Is(err, errBodyTooSlow):
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	case err != nil:
		return connect.NewError(connect.CodeCanceled, fmt.Errorf("request body: %w", err))
	}
	r.ContentLength = int64(b.Len())
	r.Body = readCloser{&b, r.Body}
	return nil
}

// readCloser reads from Reader and closes Closer (a request body read in part or whole).
type readCloser struct {
	io.Reader
	io.Closer
}

// streamMessageTooLarge and streamMessageTooSlow are wholeMessages' refusals of a stream's
// message: over MaxUnaryBodyBytes by its length prefix, or not whole within RequestBodyTimeout
// of its first byte. grpc-go ends the call with them as UNAVAILABLE (a body that failed to
// read); [requestRefusals] gives them their codes, streamRefusals.
var (
	streamMessageTooLarge = fmt.Sprintf("stream message: over %d bytes, the most one may hold (in protobuf, %d: docs/SECURITY.md)", MaxUnaryBodyBytes, MaxMessageBytes)
	streamMessageTooSlow  = fmt.Sprintf("stream message: not whole within %v of its first byte (docs/SECURITY.md)", RequestBodyTimeout)
	streamRefusals        = map[string]codes.Code{streamMessageTooLarge: codes.ResourceExhausted, streamMessageTooSlow: codes.DeadlineExceeded}
)

// wholeMessages reads a request body of enveloped messages (a flags byte, the message's length
// in 4 bytes big-endian, the message) and returns each envelope only once all of it has arrived.
// An envelope whose length is over MaxUnaryBodyBytes is refused (streamMessageTooLarge), and
// none of its message is read; in binary, one over MaxMessageBytes is returned at once, its
// prefix alone, for grpc-go to refuse. With deadline set, an envelope must arrive whole within
// RequestBodyTimeout of its first byte (streamMessageTooSlow); the wait for that first byte has
// no deadline. A body that ends within an envelope returns io.ErrUnexpectedEOF, and none of it.
type wholeMessages struct {
	body     io.ReadCloser
	binary   bool                  // the messages are protobuf's, not JSON
	deadline func(time.Time) error // sets the body's read deadline (zero: none); nil: no deadline
	held     []byte                // what is left to return of the envelope that arrived whole
	err      error                 // the body's error, returned once held is empty
}

// Read returns bytes of the envelope that has arrived whole, reading the next one when none is
// held.
func (m *wholeMessages) Read(p []byte) (int, error) {
	if len(m.held) == 0 && m.err == nil {
		m.held, m.err = m.next()
	}
	if len(m.held) > 0 {
		n := copy(p, m.held)
		m.held = m.held[n:]
		return n, nil
	}
	return 0, m.err
}

// next reads the next envelope. None of it is returned with an error: the prefix alone would
// have the transcoder size its buffer by it.
func (m *wholeMessages) next() ([]byte, error) {
	envelope := make([]byte, 5)
	if _, err := io.ReadFull(m.body, envelope[:1]); err != nil {
		return nil, err // io.EOF: the stream's end, between messages
	}
	if m.deadline != nil {
		_ = m.deadline(time.Now().Add(RequestBodyTimeout))
		defer func() { _ = m.deadline(time.Time{}) }()
	}
	envelope, err := m.rest(envelope)
	switch {
	case err == io.EOF:
		return nil, io.ErrUnexpectedEOF
	case m.deadline != nil && errors.Is(err, os.ErrDeadlineExceeded):
		return nil, errors.New(streamMessageTooSlow)
	}
	return envelope, err
}

// rest reads the length prefix and the message of envelope, whose first byte it holds, growing
// it as the bytes arrive up to the message's length and no further (bytes.Buffer's doubling held
// up to twice the message).
func (m *wholeMessages) rest(envelope []byte) ([]byte, error) {
	if _, err := io.ReadFull(m.body, envelope[1:5]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(envelope[1:5])
	switch {
	case m.binary && n > MaxMessageBytes:
		return envelope, nil
	case n > MaxUnaryBodyBytes:
		return nil, errors.New(streamMessageTooLarge)
	}
	size := 5 + int(n)
	for len(envelope) < size {
		if len(envelope) == cap(envelope) {
			envelope = slices.Grow(envelope, min(size-len(envelope), max(len(envelope), 4<<10)))
		}
		k, err := m.body.Read(envelope[len(envelope):min(cap(envelope), size)])
		envelope = envelope[:len(envelope)+k]
		if err != nil && len(envelope) < size {
			return nil, err
		}
	}
	return envelope, nil
}

// Close closes the body.
func (m *wholeMessages) Close() error { return m.body.Close() }
