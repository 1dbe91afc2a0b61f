package service

import (
	"context"
	"io"
	"net/http"
	"strings"
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
	g := grpc.NewServer(ServerOptions(nil)...)
	testgrpc.RegisterTestServiceServer(g, internalService{msg: "table t-1: stored record: empty"})
	addr := servePortOf(t, g)
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/grpc.testing.TestService/UnaryCall", strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/proto")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	const want = `{"code":"internal","message":"table t-1: stored record: empty"}`
	if err != nil || res.StatusCode != http.StatusInternalServerError || strings.TrimSpace(string(body)) != want {
		t.Errorf("POST UnaryCall: %d %s, want 500 %s", res.StatusCode, body, want)
	}
}
