package service

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRefusalRetryAfter: a creation over --creates-per-minute (1) is refused 429 over Connect
// with the header Retry-After: 60, the seconds its RetryInfo states, rounded up; over gRPC the
// refusal carries the same as the header metadata "retry-after". Before, an HTTP client had to
// read the delay from the JSON error's details (an outside trial).
func TestRefusalRetryAfter(t *testing.T) {
	_, base := serveReferee(t, Config{CreatesPerMinute: 1})
	body, err := protojson.Marshal(twoHandedRemote())
	if err != nil {
		t.Fatal(err)
	}
	create := func() *http.Response {
		req, err := http.NewRequest(http.MethodPost, base+"/bezique.v1.TableService/CreateTable", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := create(); res.StatusCode != http.StatusOK || res.Header.Get("Retry-After") != "" {
		t.Fatalf("the first creation: %s, Retry-After %q; want 200 without", res.Status, res.Header.Get("Retry-After"))
	}
	if res := create(); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "60" {
		t.Fatalf("the second creation: %s, Retry-After %q; want 429, 60", res.Status, res.Header.Get("Retry-After"))
	}
	tables := pb.NewTableServiceClient(dialFrom(t, strings.TrimPrefix(base, "http://"), "127.0.0.9"))
	var md metadata.MD
	if _, err := tables.CreateTable(context.Background(), twoHandedRemote(), grpc.Header(&md)); err != nil || len(md.Get("retry-after")) != 0 {
		t.Fatalf("the first creation over gRPC: %v, retry-after %q; want OK without", err, md.Get("retry-after"))
	}
	_, err = tables.CreateTable(context.Background(), twoHandedRemote(), grpc.Header(&md))
	if status.Code(err) != codes.ResourceExhausted || strings.Join(md.Get("retry-after"), ",") != "60" {
		t.Fatalf("the second creation over gRPC: %v, retry-after %q; want ResourceExhausted, 60", err, md.Get("retry-after"))
	}
}
