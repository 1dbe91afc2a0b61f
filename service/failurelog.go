package service

import (
	"context"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// failureLogBurst and failureLogEvery bound the lines LogFailures writes: 10 at once, then one
// every 100 ms (a store that fails every call, or a bug a client can trigger at will, fills no
// disk); grpc_server_handled_total counts every failed call whatever the log kept.
const (
	failureLogBurst = 10
	failureLogEvery = 100 * time.Millisecond
)

// LogFailures returns the server options that log every call the referee fails on its own side,
// its code Unknown, Internal or DataLoss ("call failed", level ERROR, with the method, the code
// and the error), at most failureLogBurst at once and one per failureLogEvery after that. Add it
// first, so that it sees the status every other interceptor leaves. The alert
// BeziqueGRPCErrorRateHigh counts these; an operator's trial found eight CreateTable calls
// answered Internal (a full disk) that left no line in the log. A caller's mistakes, quotas,
// drains and Unimplemented (any client can call a method that does not exist) are not logged.
// Written by hand: go-grpc-middleware's logging interceptor builds its fields for every call, to
// log one in thousands.
func (s *Server) LogFailures() []grpc.ServerOption {
	lines := rate.NewLimiter(rate.Every(failureLogEvery), failureLogBurst)
	logged := func(ctx context.Context, method string, err error) {
		switch code := status.Code(err); code {
		case codes.Unknown, codes.Internal, codes.DataLoss:
			if lines.Allow() {
				s.log.ErrorContext(ctx, "call failed", "method", method, "code", code.String(), "err", status.Convert(err).Message())
			}
		}
	}
	return []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			resp, err := handler(ctx, req)
			logged(ctx, info.FullMethod, err)
			return resp, err
		}),
		grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
			err := handler(srv, ss)
			logged(ss.Context(), info.FullMethod, err)
			return err
		}),
	}
}
