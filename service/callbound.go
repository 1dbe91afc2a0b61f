package service

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// clientDeadline is the refusal of a unary call whose own deadline passed: an HTTP client told
// only "context deadline exceeded" had no hint that a create may have done its work (an outside
// trial: 19 tables created, then cancelled, by 20 calls with Connect-Timeout-Ms 1).
const clientDeadline = "the call's deadline, the client's (grpc-timeout, Connect-Timeout-Ms), passed before the referee answered: " +
	"a create or a revoke may have done its work (a table so created is cancelled), so list before you try again (docs/SECURITY.md)"

// DefaultCallTimeout is Config.CallTimeout's default: how long a unary call that arrives without
// a deadline may run (1 min).
const DefaultCallTimeout = time.Minute

// BoundCalls returns the gRPC server option whose unary interceptor gives each call that arrives
// without a deadline one of Config.CallTimeout, but LobbyService.Challenge's, which waits by
// design while a named bot is at its capacity (its caller sets the bound). A store that is
// reachable but silent (a PostgreSQL server stopped with SIGSTOP, a hung backend) acknowledges
// every packet, so no TCP timeout ends its queries: without the bound a call from a client that
// set no deadline (a script, curl over HTTP) held its handler until the client gave up, which
// may be never. A call the bound ends fails DEADLINE_EXCEEDED, saying so, and is logged (WARN,
// naming the method) and counted (bezique_call_timeouts_total); a client's own deadline
// is honoured as given, longer or shorter, and a call it ends is answered DEADLINE_EXCEEDED
// saying whose deadline passed (clientDeadline), not Go's "context deadline exceeded". Add it
// before [Server.AuthOptions], whose key lookups read the store.
func (s *Server) BoundCalls() grpc.ServerOption {
	bound := s.cfg.CallTimeout
	return grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if _, ok := ctx.Deadline(); ok || info.FullMethod == pb.LobbyService_Challenge_FullMethodName {
			resp, err := handler(ctx, req)
			if msg := status.Convert(err).Message(); ctx.Err() == context.DeadlineExceeded && status.Code(err) == codes.DeadlineExceeded &&
				strings.HasSuffix(msg, context.DeadlineExceeded.Error()) { // Go's words, after what the call was doing
				return nil, status.Error(codes.DeadlineExceeded, strings.TrimSuffix(msg, context.DeadlineExceeded.Error())+clientDeadline)
			}
			return resp, err
		}
		bounded, cancel := context.WithTimeout(ctx, bound)
		defer cancel()
		resp, err := handler(bounded, req)
		if err != nil && bounded.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			s.metrics.CallBounded()
			s.log.Warn("call without a deadline ended at --call-timeout: is the store out of reach?", "method", info.FullMethod, "call_timeout", bound)
			return nil, status.Errorf(codes.DeadlineExceeded, "no answer within %v, the referee's bound on a call without a deadline (--call-timeout): is its store out of reach? Set a deadline on the call to wait longer", bound)
		}
		return resp, err
	})
}
