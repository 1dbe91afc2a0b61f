package botsdk

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRetryInterceptorBoundsItsWait: a referee that answers every call Unavailable or
// ResourceExhausted with a RetryInfo of an hour does not keep a caller of the CLI's interceptor
// waiting: the refusal is returned at once, as its delay is past DefaultTakeoverWait.
func TestRetryInterceptorBoundsItsWait(t *testing.T) {
	var code codes.Code
	cc := refusingReferee(t, func() (codes.Code, string, time.Duration) { return code, "come back in an hour", time.Hour })
	for _, code = range []codes.Code{codes.Unavailable, codes.ResourceExhausted} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*DefaultTakeoverWait)
		start := time.Now()
		_, err := pb.NewTableServiceClient(cc).GetTable(ctx, &pb.GetTableRequest{TableId: "t-0000000000000000"})
		cancel()
		if status.Code(err) != code || RetryDelay(err) != time.Hour {
			t.Errorf("GetTable = %v, want %v with its RetryInfo of an hour", err, code)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: answered after %v, want at once", code, d)
		}
	}
}

// TestRetryInterceptorStopsBeforeTheDeadline: a refusal whose RetryInfo delay ends after the
// call's deadline is returned at once, with its own status, not DeadlineExceeded once the caller
// has waited it out.
func TestRetryInterceptorStopsBeforeTheDeadline(t *testing.T) {
	cc := refusingReferee(t, func() (codes.Code, string, time.Duration) { return codes.Unavailable, "moving", 5 * time.Second })
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	start := time.Now()
	_, err := pb.NewTableServiceClient(cc).GetTable(ctx, &pb.GetTableRequest{TableId: "t-0000000000000000"})
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "moving" {
		t.Errorf("GetTable = %v, want Unavailable moving", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("answered after %v, want at once", d)
	}
}

// refusingReferee returns a client, with the CLI's RetryInterceptor (12 attempts), of a server
// on loopback that refuses every call with the code and message refusal gives, and a RetryInfo
// of its delay; both are closed when the test ends.
func refusingReferee(t *testing.T, refusal func() (codes.Code, string, time.Duration)) *grpc.ClientConn {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(grpc.UnknownServiceHandler(func(any, grpc.ServerStream) error {
		code, msg, delay := refusal()
		st, err := status.New(code, msg).WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(delay)})
		if err != nil {
			return err
		}
		return st.Err()
	}))
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	cc, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(RetryInterceptor(12, slog.New(slog.DiscardHandler))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cc.Close() })
	return cc
}
