package botsdk

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// RetryDelay returns the delay a refusal asks the client to wait before it tries again: the
// google.rpc.RetryInfo detail of err's status (the referee sends one with ResourceExhausted when
// a rate limit refuses a call, see docs/SECURITY.md), or 0 when err carries none. [Play] waits at
// least that long before it reconnects; [RetryInterceptor] before it calls again.
func RetryDelay(err error) time.Duration {
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			return max(ri.GetRetryDelay().AsDuration(), 0)
		}
	}
	return 0
}

// RetryInterceptor returns a unary client interceptor that makes a call refused with
// ResourceExhausted and a RetryInfo again after the delay it states ([RetryDelay]), up to attempts
// calls in all, logging each wait to log. Other errors, and refusals without a RetryInfo (a count
// limit, which waiting alone does not lift), are returned at once. The referee sends a RetryInfo
// only for a call it refused before doing anything, so making it again is safe even for
// CreateTable. It is written here because go-grpc-middleware's retry interceptor computes its
// backoff without seeing the error, so it cannot wait the delay the error states.
func RetryInterceptor(attempts int, log *slog.Logger) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		for attempt := 1; ; attempt++ {
			err := invoker(ctx, method, req, reply, cc, opts...)
			wait := RetryDelay(err)
			if status.Code(err) != codes.ResourceExhausted || wait == 0 || attempt >= attempts {
				return err
			}
			log.Warn("refused by a rate limit; retrying", "method", method, "err", err, "wait", wait, "attempt", attempt)
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return status.FromContextError(ctx.Err()).Err()
			}
		}
	}
}
