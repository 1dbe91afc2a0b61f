package service

import (
	"context"
	"math"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// retryAfter is the unary interceptor that gives a refusal with a RetryInfo (a limit's
// ResourceExhausted, a table or tournament moving's Unavailable) the header "retry-after": its
// delay in whole seconds, rounded up, at least 1. Over HTTP (Connect, gRPC-Web) it is the
// standard Retry-After header of the 429 or 503, which HTTP clients, proxies and browsers honour
// without reading the error's details; before, the delay was in the JSON body only (an outside
// trial). gRPC clients read it from the RetryInfo as before; the header is metadata they may
// ignore.
func retryAfter(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	resp, err := handler(ctx, req)
	if err == nil {
		return resp, nil
	}
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			secs := max(1, int64(math.Ceil(ri.GetRetryDelay().AsDuration().Seconds())))
			_ = grpc.SetHeader(ctx, metadata.Pairs("retry-after", strconv.FormatInt(secs, 10)))
			break
		}
	}
	return resp, err
}
