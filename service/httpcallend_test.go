package service

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestHTTPCallEndsWithItsBodyOpen: a Connect or gRPC-Web call that the referee ends while its
// client's body is still open, and the client sends nothing more, gets its end at once, not at
// the body's deadline: a binary message whose length prefix is over MaxMessageBytes (grpc-go
// refuses it at the prefix), in a server stream, a gRPC-Web unary call or SeatService.Connect,
// over HTTP/1.1 and h2c; and a SeatService.Connect stream whose Join is refused, in JSON and in
// binary. Both waited for the client's next bytes: the binary prefix until the body's deadline
// (10 s), the refused Join for ever (the test's client gave up at its own deadline); grpc-go
// closes the body at the call's end and waits for its read, which the transcoder's reader,
// holding a lock through the read that its Close takes, kept waiting. So are a JSON message
// whose prefix is over MaxUnaryBodyBytes and a Connect unary call whose Content-Length is
// (answered at once before too).
func TestHTTPCallEndsWithItsBodyOpen(t *testing.T) {
	addr := servePlainPort(t)
	tooLarge := lateBodyAnswer{status: http.StatusOK, code: "resource_exhausted", message: "grpc: received message larger than max (65537 vs. 65536)"}
	prefix := envelope(MaxMessageBytes + 1) // and nothing of its message
	type call struct {
		lateBodyCall
		want lateBodyAnswer
	}
	var calls []call
	for _, ct := range []string{"application/connect+proto", "application/grpc-web+proto", "application/grpc-web"} {
		calls = append(calls, call{lateBodyCall{method: "TableService/WatchTable", contentType: ct, begun: prefix}, tooLarge})
	}
	for _, ct := range []string{"application/grpc-web+proto", "application/grpc-web"} {
		calls = append(calls, call{lateBodyCall{method: "TableService/GetRuleCatalog", contentType: ct, begun: prefix}, tooLarge})
	}
	for _, ct := range []string{"application/connect+proto", "application/grpc-web+proto", "application/grpc-web"} {
		calls = append(calls, call{lateBodyCall{method: "SeatService/Connect", contentType: ct, begun: prefix}, tooLarge})
	}
	jsonTooLarge := lateBodyAnswer{status: http.StatusOK, code: "resource_exhausted",
		message: "stream message: over 1048576 bytes, the most one may hold (in protobuf, 65536: docs/SECURITY.md)"}
	jsonPrefix := envelope(MaxUnaryBodyBytes + 1)
	for _, ct := range []string{"application/connect+json", "application/grpc-web+json"} {
		calls = append(calls, call{lateBodyCall{method: "TableService/WatchTable", contentType: ct, begun: jsonPrefix}, jsonTooLarge},
			call{lateBodyCall{method: "SeatService/Connect", contentType: ct, begun: jsonPrefix}, jsonTooLarge})
	}
	calls = append(calls, call{lateBodyCall{method: "TableService/GetRuleCatalog", contentType: "application/grpc-web+json", begun: jsonPrefix}, jsonTooLarge})
	for _, ct := range []string{"application/json", "application/proto"} {
		calls = append(calls, call{lateBodyCall{method: "TableService/GetRuleCatalog", contentType: ct, begun: "{", length: MaxUnaryBodyBytes + 1},
			lateBodyAnswer{status: http.StatusTooManyRequests, code: "resource_exhausted", message: "request body: over 1048576 bytes, " +
				"the most a unary call's may hold (its message, in protobuf, 65536: docs/SECURITY.md)"}})
	}
	notFound := lateBodyAnswer{status: http.StatusOK, code: "not_found", message: `join.table_id: table "nope" not found`}
	join := &pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: "nope", Token: "x", BotName: "me", ProtocolVersion: 1}}}
	for _, ct := range []string{"application/connect+json", "application/connect+proto", "application/grpc-web+json", "application/grpc-web+proto"} {
		marshal := proto.Marshal
		if strings.HasSuffix(ct, "+json") {
			marshal = protojson.Marshal
		}
		b, err := marshal(join)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, call{lateBodyCall{method: "SeatService/Connect", contentType: ct, begun: envelope(len(b)) + string(b)}, notFound})
	}
	type result struct {
		name string
		want lateBodyAnswer
		got  lateBodyAnswer
		err  error
	}
	var results []*result
	var wg sync.WaitGroup
	for _, c := range calls {
		c.wait = RequestBodyTimeout / 2 // the answer must not wait for the body's deadline
		for _, h2 := range []bool{false, true} {
			if !h2 && c.method == "SeatService/Connect" {
				continue // refused at once over HTTP/1.1 (TestHTTPBidiOverHTTP1)
			}
			r := &result{name: fmt.Sprintf("%s %s %.20q h2c=%t", c.method, c.contentType, c.begun, h2), want: c.want}
			if !h2 {
				r.want.closed = true
			}
			results = append(results, r)
			wg.Go(func() {
				if h2 {
					r.got, r.err = lateBodyH2(addr, c.lateBodyCall)
				} else {
					r.got, r.err = lateBodyHTTP1(addr, c.lateBodyCall)
				}
			})
		}
	}
	wg.Wait()
	for _, r := range results {
		t.Run(r.name, func(t *testing.T) {
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.got != r.want {
				t.Errorf("%+v, want %+v", r.got, r.want)
			}
		})
	}
}
