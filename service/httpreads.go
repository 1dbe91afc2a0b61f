package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

// bodyTooSlow is the refusal of a request whose body did not arrive whole within
// RequestBodyTimeout of its headers ([bodyDeadline]), and errBodyTooSlow the error of its read.
var (
	bodyTooSlow    = fmt.Sprintf("request body: not whole within %v of the headers (docs/SECURITY.md)", RequestBodyTimeout)
	errBodyTooSlow = errors.New(bodyTooSlow)
)

// watchedBody is a Connect or gRPC-Web request's body as the port reads it, under the
// transcoder: it holds the request's read deadline (net/http's http.ResponseController: the
// connection's for HTTP/1.1, the stream's for HTTP/2) and knows whether the body ended, whether
// a read failed at the deadline of the whole body (late: [bodyDeadline]), and whether the end of
// the call interrupted it ([watchedBody.interrupt]). The handlers under the transcoder find it in
// the request's context ([watchBody]).
type watchedBody struct {
	io.ReadCloser
	rc          *http.ResponseController
	mu          sync.Mutex
	whole       bool      // the read deadline is the whole body's (bodyDeadline): one past it is late
	deadline    time.Time // the whole body's deadline, when whole
	ended       bool      // a read returned io.EOF
	late        bool      // a read failed at the whole body's deadline
	interrupted bool      // interrupt was called before the body ended
}

// watchedBodyKey is the context key of a request's watchedBody.
type watchedBodyKey struct{}

// watchBody returns r with its body watched, in its context too, and that body; r itself and nil
// when r has no body.
func watchBody(w http.ResponseWriter, r *http.Request) (*http.Request, *watchedBody) {
	if r.Body == nil || r.Body == http.NoBody {
		return r, nil
	}
	b := &watchedBody{ReadCloser: r.Body, rc: http.NewResponseController(w)}
	r = r.WithContext(context.WithValue(r.Context(), watchedBodyKey{}, b))
	r.Body = b
	return r, b
}

// Read reads the body. At its end it clears the read deadline; a read past the whole body's
// deadline returns errBodyTooSlow and marks the body late.
func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == nil {
		return n, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case err == io.EOF:
		b.ended = true
		_ = b.rc.SetReadDeadline(time.Time{})
	case b.whole && !b.interrupted && errors.Is(err, os.ErrDeadlineExceeded):
		b.late = true
		err = errBodyTooSlow
	}
	return n, err
}

// setReadDeadline sets the body's read deadline (zero: none), unless the body has ended or was
// interrupted.
func (b *watchedBody) setReadDeadline(t time.Time) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ended || b.interrupted {
		return nil
	}
	return b.rc.SetReadDeadline(t)
}

// interrupt ends the read of the body in progress, if the body has not ended, by a read deadline
// of now. The gRPC server closes a request's body once its call has ended and waits for its read
// to return; the transcoder's reader of the body holds a lock through a read, which its Close
// takes, so the call's end (its refusal of a message's length prefix, a seat's refused Join or
// its game's end) waited for the client's next bytes, or the body's deadline: for ever between
// two messages of SeatService.Connect.
func (b *watchedBody) interrupt() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ended || b.interrupted {
		return
	}
	b.interrupted = true
	_ = b.rc.SetReadDeadline(time.Now())
}

// bodyOf returns the watchedBody of the request of ctx, nil for none.
func bodyOf(ctx context.Context) *watchedBody {
	b, _ := ctx.Value(watchedBodyKey{}).(*watchedBody)
	return b
}

// lateBody reports whether the body of the request of ctx failed a read at the whole body's
// deadline ([bodyDeadline]), or has not ended by that deadline. Over HTTP/1.1 the failed read
// of the connection also cancels the request's context, and the gRPC server could end the call
// CANCELED on that before the body's read returned its error: TestHTTPLateBodyRefusals failed 2
// runs in 8 on a busy machine.
func lateBody(ctx context.Context) bool {
	b := bodyOf(ctx)
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.late || b.whole && !b.ended && !time.Now().Before(b.deadline)
}

// closeInterrupts is the body the gRPC server reads under the transcoder: its Close interrupts
// the read of body in progress ([watchedBody.interrupt]) before it closes the transcoder's reader.
type closeInterrupts struct {
	io.ReadCloser
	body *watchedBody
}

// Close interrupts the read in progress and closes the body.
func (c closeInterrupts) Close() error {
	c.body.interrupt()
	return c.ReadCloser.Close()
}
