package service

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
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

// bodyDeadline has body, a request's ([watchBody]; nil: none), arrive within
// RequestBodyTimeout: a read deadline on the request, cleared once the body has ended. HTTP/1.1
// reads the connection on after a request's body (to see the client go), and that read past a
// deadline would cancel a server stream the body of which came in time: http.Server.ReadTimeout
// has that flaw, which is why it is not set. A read past the deadline fails with errBodyTooSlow,
// and the body says so ([lateBody]) to [requestRefusals], which ends the call with it whatever
// the gRPC server made of the failed read.
func bodyDeadline(body *watchedBody) {
	if body == nil {
		return
	}
	body.mu.Lock()
	defer body.mu.Unlock()
	body.deadline = time.Now().Add(RequestBodyTimeout)
	body.whole = body.rc.SetReadDeadline(body.deadline) == nil
}

// arrivingBody makes the transcoder hold no more of r's body than has arrived. vanguard sizes
// its buffer for a request's message from what the client declares, before the bytes come: the
// Content-Length of a unary call, the length prefix of a Connect or gRPC-Web stream's JSON
// message, up to MaxHTTPMessageBytes; so a client that declared 16 MB and sent one byte held
// 16 MB of the referee's memory for as long as it kept the request open (20 connections: 313 MB
// of RSS). A Connect unary call's body is read whole first, as it comes ([wholeUnaryBody]); a
// JSON stream's length prefix is handed on only with its whole message behind it
// ([wholeMessages]). A binary stream's messages are held whole too, up to MaxMessageBytes
// (grpc-go holds each whole anyway), and a prefix over it handed on at once, for grpc-go to
// refuse; binary is application/connect+proto, application/grpc-web+proto and
// application/grpc-web, gRPC-Web's other name for it (which went to grpc-go as it came, with no
// deadline). Each message of a bidirectional stream must arrive within RequestBodyTimeout of its
// first byte (a read deadline on body, r's [watchedBody]). The bytes of a message still arriving
// are taken from budget ([arrivingBudget]). It returns wholeUnaryBody's refusal.
func arrivingBody(r *http.Request, body *watchedBody, clientStream bool, budget *arrivingBudget) error {
	ct := r.Header.Get("Content-Type")
	media, _, _ := strings.Cut(ct, ";")
	jsonStream := strings.HasPrefix(ct, "application/connect+json") || strings.HasPrefix(ct, "application/grpc-web+json")
	// application/grpc-web is gRPC-Web's name for protobuf too (its +proto is optional).
	protoStream := strings.HasPrefix(ct, "application/connect+proto") || strings.HasPrefix(ct, "application/grpc-web+proto") ||
		strings.TrimSpace(media) == "application/grpc-web"
	switch {
	case r.Body == nil || r.Body == http.NoBody:
	case r.Method == http.MethodPost && (strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "application/proto")):
		return wholeUnaryBody(r, arrivingOf(r.Context(), budget))
	case jsonStream || protoStream:
		m := &wholeMessages{body: r.Body, arriving: arrivingOf(r.Context(), budget), binary: protoStream}
		if clientStream {
			m.deadline = body.setReadDeadline
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
// before, by a race), CANCELED when the client went. The bytes it holds until the body is whole
// are taken from arriving (RESOURCE_EXHAUSTED, "request body: "+arrivingFull, when it has no
// room for them).
func wholeUnaryBody(r *http.Request, arriving arrivingBytes) error {
	tooLarge := connect.NewError(connect.CodeResourceExhausted, fmt.Errorf(
		"request body: over %d bytes, the most a unary call's may hold (its message, in protobuf, %d: docs/SECURITY.md)", MaxUnaryBodyBytes, MaxMessageBytes))
	if r.ContentLength > MaxUnaryBodyBytes {
		return tooLarge
	}
	size := MaxUnaryBodyBytes + 1 // room to see the body's end, or that it is too large
	if r.ContentLength >= 0 {
		size = int(r.ContentLength) + 1
	}
	b, err := arriving.fill(r.Body, nil, size)
	switch {
	case len(b) > MaxUnaryBodyBytes:
		return tooLarge
	case err == io.EOF:
	case errors.Is(err, errArrivingFull):
		return connect.NewError(connect.CodeResourceExhausted, errors.New("request body: "+arrivingFull))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf(
			"request cut short: the body ends after %d of the %d bytes its Content-Length gives", len(b), r.ContentLength))
	case errors.Is(err, errBodyTooSlow):
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	default:
		return connect.NewError(connect.CodeCanceled, fmt.Errorf("request body: %w", err))
	}
	r.ContentLength = int64(len(b))
	r.Body = readCloser{bytes.NewReader(b), r.Body}
	return nil
}

// readCloser reads from Reader and closes Closer (a request body read in part or whole).
type readCloser struct {
	io.Reader
	io.Closer
}

// streamMessageTooLarge, streamMessageTooSlow and streamMessageFlagged are wholeMessages'
// refusals of a stream's message: over MaxUnaryBodyBytes by its length prefix, not whole within
// RequestBodyTimeout of its first byte, or flagged compressed, which the transcoder read as
// uncompressed (requests are never compressed: checkRequestEncoding); and errArrivingFull, for
// want of the budget of bytes still arriving. grpc-go ends the call with them as UNAVAILABLE (a body that failed to
// read); [requestRefusals] gives them their codes, streamRefusals.
var (
	streamMessageTooLarge = fmt.Sprintf("stream message: over %d bytes, the most one may hold (in protobuf, %d: docs/SECURITY.md)", MaxUnaryBodyBytes, MaxMessageBytes)
	streamMessageTooSlow  = fmt.Sprintf("stream message: not whole within %v of its first byte (docs/SECURITY.md)", RequestBodyTimeout)
	streamMessageFlagged  = "stream message: its flags byte says compressed (0x01), but the referee reads requests uncompressed (docs/INTEGRATE.md)"
	streamRefusals        = map[string]codes.Code{streamMessageTooLarge: codes.ResourceExhausted, streamMessageTooSlow: codes.DeadlineExceeded,
		streamMessageFlagged: codes.InvalidArgument, errArrivingFull.Error(): codes.ResourceExhausted}
)

// errProtobufTooLarge ends the body after a binary stream message's length prefix over
// MaxMessageBytes ([wholeMessages]); grpc-go refuses the prefix before it reads on, with
// RESOURCE_EXHAUSTED, "grpc: received message larger than max (65537 vs. 65536)".
var errProtobufTooLarge = fmt.Errorf("stream message: over %d bytes, the most one may hold in protobuf (docs/SECURITY.md)", MaxMessageBytes)

// wholeMessages reads a request body of enveloped messages (a flags byte, the message's length
// in 4 bytes big-endian, the message) and returns each envelope only once all of it has arrived.
// An envelope whose length is over MaxUnaryBodyBytes is refused (streamMessageTooLarge), and
// none of its message is read; in binary, one over MaxMessageBytes is returned at once, its
// prefix alone and then the body's end (errProtobufTooLarge), for grpc-go to refuse: the
// transcoder hands a prefix on only with bytes of its message behind it, in the same read, so a
// prefix with nothing behind it was refused at the body's deadline only, or, in
// SeatService.Connect, with the message's bytes read as the next envelope. With deadline set, an
// envelope must arrive whole within RequestBodyTimeout of its first byte (streamMessageTooSlow);
// the wait for that first byte has no deadline. A body that ends within an envelope returns io.ErrUnexpectedEOF, and none of it;
// an envelope flagged compressed is refused (streamMessageFlagged).
// The bytes of an envelope still arriving are taken from arriving, and the envelope refused
// when it has no room for them (errArrivingFull).
type wholeMessages struct {
	body     io.ReadCloser
	arriving arrivingBytes         // the budget of the bytes held until an envelope is whole
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

// next reads the next envelope. None of it is returned with an error (the prefix alone would
// have the transcoder size its buffer by it) but a binary prefix over MaxMessageBytes.
func (m *wholeMessages) next() ([]byte, error) {
	envelope := make([]byte, 5)
	if _, err := io.ReadFull(m.body, envelope[:1]); err != nil {
		return nil, err // io.EOF: the stream's end, between messages
	}
	if envelope[0]&1 != 0 {
		return nil, errors.New(streamMessageFlagged)
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

// rest reads the length prefix and the message of envelope, whose first byte it holds
// ([arrivingBytes.fill]).
func (m *wholeMessages) rest(envelope []byte) ([]byte, error) {
	if _, err := io.ReadFull(m.body, envelope[1:5]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(envelope[1:5])
	switch {
	case m.binary && n > MaxMessageBytes:
		return envelope, errProtobufTooLarge
	case n > MaxUnaryBodyBytes:
		return nil, errors.New(streamMessageTooLarge)
	}
	envelope, err := m.arriving.fill(m.body, envelope, 5+int(n))
	if err != nil {
		return nil, err
	}
	return envelope, nil
}

// Close closes the body.
func (m *wholeMessages) Close() error { return m.body.Close() }
