package service

import (
	"context"
	"net/http"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
)

// internalService answers every UnaryCall with its own INTERNAL status of message msg.
type internalService struct {
	testgrpc.UnimplementedTestServiceServer
	msg string
}

func (s internalService) UnaryCall(context.Context, *testgrpc.SimpleRequest) (*testgrpc.SimpleResponse, error) {
	return nil, status.Error(codes.Internal, s.msg)
}

// TestHTTPKeepsHandlersInternal: requestRefusals rewrites only grpc-go's refusal of request bytes;
// a handler's own INTERNAL error (a broken stored record, say) stays internal (HTTP 500) over
// Connect, with its message.
func TestHTTPKeepsHandlersInternal(t *testing.T) {
	addr := servePortOf(t, func(g *grpc.Server) {
		testgrpc.RegisterTestServiceServer(g, internalService{msg: "table t-1: stored record: empty"})
	}, ServerOptions(nil)...)
	const want = `{"code":"internal","message":"table t-1: stored record: empty"}`
	if code, _, body := connectPost(t, "http://"+addr+"/grpc.testing.TestService/UnaryCall", "application/proto", ""); code != http.StatusInternalServerError || body != want {
		t.Errorf("POST UnaryCall: %d %s, want 500 %s", code, body, want)
	}
}
