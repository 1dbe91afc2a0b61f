package botsdk

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/status"
)

// channelMaxBackoff caps grpc-go's own wait between two attempts to connect: a bot whose
// referee is down dials it once a second, and notices its return within a second.
const channelMaxBackoff = time.Second

// dialBackoff bounds grpc-go's own wait between two attempts to connect to the referee by
// channelMaxBackoff (maxBackoff, Config.MaxBackoff, when smaller), starting at 100 ms as [Play]'s
// reconnection does, and gives each attempt grpc-go's default 20 s to connect. With grpc-go's
// default backoff (up to 120 s), a call made while the connection waits to try again fails at
// once with the last dial error, so a bot whose referee was back on its address (restarted in
// place) kept failing "connection refused" for seconds to minutes, whatever its own backoff.
func dialBackoff(maxBackoff time.Duration) grpc.DialOption {
	return grpc.WithConnectParams(grpc.ConnectParams{
		Backoff:           backoff.Config{BaseDelay: 100 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: min(channelMaxBackoff, maxBackoff)},
		MinConnectTimeout: 20 * time.Second,
	})
}

// wait waits d before the next stream after one that failed ([waitForReferee] over cc), ending
// early on a connection made during it only once until a stream has a message: a server that
// completed the connection and dropped it at once (a proxy or another program on the referee's
// address) had the Go and Node SDKs reconnect in a loop, a thousand times a second and 40 % of a
// core, their back-off never waited (a re-trial). It returns ctx's error if ctx ends first.
func (r *reconnect) wait(ctx context.Context, cc grpc.ClientConnInterface, d time.Duration) error {
	woke, err := waitForReferee(ctx, cc, d, !r.woke)
	r.woke = r.woke || woke
	return err
}

// waitForReferee waits d, ending early, when wake is set, once cc (a *grpc.ClientConn) connects
// after being down: the referee is back on its address (restarted in place). Then it ends
// grpc-go's wait between attempts to connect (ResetConnectBackoff), so that the next stream tries
// the referee at once: a connection still waiting out grpc-go's back-off fails a call at once with
// its last error. It reports whether it ended early, and returns ctx's error if ctx ends first.
// A bot slept its whole back-off (5 s by default) and was back up to 5 s after its referee
// (TestBotRejoinsARefereeBackOnItsAddress: 4.3 s after 7 s down); the Python SDK, which had gRPC
// core's wait on top, past the disconnect grace of a 10 s restart (an operator's trial). A
// connection up already (a stream the referee refused or reset) waits it all.
func waitForReferee(ctx context.Context, cc grpc.ClientConnInterface, d time.Duration, wake bool) (bool, error) {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	c, _ := cc.(*grpc.ClientConn)
	woke := false
	if c == nil || !wake {
		<-wctx.Done()
	}
	for down := false; c != nil && wake; {
		s := c.GetState()
		if s == connectivity.Ready && down {
			woke = true
			break
		}
		if s == connectivity.Idle {
			c.Connect()
		}
		down = down || s != connectivity.Ready
		if !c.WaitForStateChange(wctx, s) {
			break
		}
	}
	if ctx.Err() != nil {
		return woke, ctx.Err()
	}
	if c != nil {
		c.ResetConnectBackoff()
	}
	return woke, nil
}

// RetryDelay returns the delay a refusal asks the client to wait before it tries again: the
// google.rpc.RetryInfo detail of err's status, or 0 when err carries none. The referee sends one
// with ResourceExhausted when a rate limit refuses a call (docs/SECURITY.md), and with
// Unavailable while the table or tournament is moving to another referee, or the referee is
// draining or shutting down (a second: the referees' takeover round, docs/OPERATIONS.md). [Play] waits at least that long before it
// reconnects; [RetryInterceptor] before it calls again.
func RetryDelay(err error) time.Duration {
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			return max(ri.GetRetryDelay().AsDuration(), 0)
		}
	}
	return 0
}

// RetryInterceptor returns a unary client interceptor that makes a call refused with a RetryInfo
// again after the delay it states ([RetryDelay]), up to attempts calls in all and
// [DefaultTakeoverWait] of waiting in all, logging each wait to log: ResourceExhausted (a rate
// limit) and Unavailable (the table or tournament moving to another referee). Other errors,
// refusals without a RetryInfo (a count limit, which waiting alone does not lift; an Unavailable
// the client made up because it reached no referee), and a refusal whose delay would take the
// waiting past DefaultTakeoverWait (a referee that asks for an hour) or past the call's deadline
// are returned at once. The referee sends a RetryInfo only for a call it refused before doing
// anything (CreateTable is never forwarded, so never moving), so making it again is safe; the one
// exception is a call forwarded to a table's owner whose connection broke on the way, which the
// owner may have done (a CancelTable made again then answers FailedPrecondition, the table has
// ended), and a CreateTable whose commit landed though the store's answer was lost, made again: a
// second table unless the request carries an idempotency_key (CreateTableRequest.idempotency_key;
// one given here for the caller, never shown, kept tables no one had the tokens of when the call
// ended before its answer: an outside trial). It is written here because go-grpc-middleware's
// retry interceptor computes its backoff without seeing the error, so it cannot wait the delay the
// error states.
func RetryInterceptor(attempts int, log *slog.Logger) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		var waited time.Duration
		for attempt := 1; ; attempt++ {
			err := invoker(ctx, method, req, reply, cc, opts...)
			wait := RetryDelay(err)
			code := status.Code(err)
			if (code != codes.ResourceExhausted && code != codes.Unavailable) || wait == 0 || attempt >= attempts ||
				waited+wait > DefaultTakeoverWait || pastDeadline(ctx, wait) {
				return err
			}
			waited += wait
			log.Warn("refused for now; retrying", "method", method, "err", err, "wait", wait, "attempt", attempt)
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return status.FromContextError(ctx.Err()).Err()
			}
		}
	}
}

// pastDeadline reports whether ctx's deadline comes before wait has passed.
func pastDeadline(ctx context.Context, wait time.Duration) bool {
	d, ok := ctx.Deadline()
	return ok && time.Until(d) < wait
}

// DefaultTakeoverWait is how long [Play] and [Serve] keep trying, before their first message,
// while the referee answers Unavailable ([Config.TakeoverWait]'s default), and the most
// [RetryInterceptor] waits for one call: longer than the 10 s in which another referee sharing
// the store takes over a dead referee's tables (docs/OPERATIONS.md).
const DefaultTakeoverWait = 30 * time.Second

// refusal is a session's error that the referee itself sent (a status in its trailers), as
// opposed to one the client made up because it reached no referee.
type refusal struct{ err error }

func (r *refusal) Error() string { return r.err.Error() }
func (r *refusal) Unwrap() error { return r.err }

// ended returns the error of a stream whose Recv failed with err, marked as the referee's own
// refusal when the referee sent headers or trailers (a status it chose), not when the client
// made it up (no connection, a connection lost).
func ended(stream grpc.ClientStream, err error) error {
	if md, _ := stream.Header(); len(md) > 0 || len(stream.Trailer()) > 0 {
		return &refusal{err: err}
	}
	return err
}

// reconnect is the one retry policy of [Play] and [Serve] between a stream that failed and the
// next: exponential backoff from 100 ms to cfg.MaxBackoff, at least a refusal's RetryInfo delay
// ([RetryDelay]). Before the first message, a dial that reaches no referee counts towards
// cfg.ConnectAttempts ("cannot reach SERVER"), while Unavailable answered by the referee itself
// (a table moving to another referee, docs/OPERATIONS.md) is retried for up to cfg.TakeoverWait
// ("referee at SERVER answered UNAVAILABLE: ... for 30s"); a refusal of another code with a
// RetryInfo (a rate limit) and any failure after a first message are retried without limit.
type reconnect struct {
	cfg       Config
	log       *slog.Logger
	backoff   time.Duration
	attempts  int       // dials that reached no referee, before the first message
	refused   time.Time // when the referee's present run of Unavailable answers began
	connected bool      // a message, or a refusal with a RetryInfo, has arrived: the referee was reached
	woke      bool      // the last wait ended early, on a connection made, and no stream has had a message since
}

// next returns how long to wait before the next stream after one that failed with err
// (progressed: it received a message first), or the error to give up with.
func (r *reconnect) next(err error, progressed bool) (time.Duration, error) {
	if r.backoff == 0 || progressed {
		r.backoff = 100 * time.Millisecond
	}
	if progressed {
		r.woke = false
	}
	delay := RetryDelay(err)
	var ref *refusal
	fromReferee := errors.As(err, &ref)
	if fromReferee {
		err = ref.err
	}
	st := status.Convert(err)
	answered := fromReferee && st.Code() == codes.Unavailable
	if progressed || (delay > 0 && st.Code() != codes.Unavailable) {
		r.connected = true
	}
	if !answered {
		r.refused = time.Time{}
	}
	wait := max(r.backoff, delay)
	r.backoff = min(2*r.backoff, r.cfg.MaxBackoff)
	switch {
	case r.connected:
		r.log.Warn("connection lost; reconnecting", "err", err, "backoff", wait)
	case answered:
		if r.refused.IsZero() {
			r.refused = time.Now()
		}
		if time.Since(r.refused)+wait > r.cfg.TakeoverWait {
			return 0, fmt.Errorf("botsdk: referee at %s answered UNAVAILABLE: %s for %s", r.cfg.Server, st.Message(), r.cfg.TakeoverWait)
		}
		r.log.Warn("the referee answered UNAVAILABLE (a table moving to another referee?); trying again", "server", r.cfg.Server,
			"err", err, "backoff", wait, "for", time.Since(r.refused).Round(time.Millisecond), "of", r.cfg.TakeoverWait)
	default:
		r.attempts++
		if r.attempts >= r.cfg.ConnectAttempts {
			if r.cfg.TLS == nil && r.cfg.DialOptions == nil && ClosedBeforePreface(err) {
				return 0, fmt.Errorf("botsdk: cannot reach %s (%d attempts): %w (%s closed the connection before answering: if the referee serves TLS, dial with TLS: Config.TLS, bezique's --tls-ca or --tls)",
					r.cfg.Server, r.attempts, err, r.cfg.Server)
			}
			return 0, fmt.Errorf("botsdk: cannot reach %s (%d attempts): %w", r.cfg.Server, r.attempts, err)
		}
		r.log.Warn("cannot reach the referee; trying again", "server", r.cfg.Server, "attempt", r.attempts, "of", r.cfg.ConnectAttempts, "err", err, "backoff", wait)
	}
	return wait, nil
}

// ClosedBeforePreface reports whether err is grpc-go's Unavailable for a connection that the
// server closed before its HTTP/2 preface ("error reading server preface"): what a referee
// serving TLS does to a client that dials it without TLS, and grpc-go's words alone say nothing
// of TLS. botsdk and the bezique CLI add the hint.
func ClosedBeforePreface(err error) bool {
	s, ok := status.FromError(err)
	return ok && s.Code() == codes.Unavailable && strings.Contains(s.Message(), "server preface")
}
