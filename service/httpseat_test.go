package service

import (
	"context"
	"crypto/tls"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestHTTPSeatOverConnectJSON: a seat played over the Connect protocol's bidirectional stream in
// JSON (h2c), its messages each written in two parts (the length prefix, then the JSON), gets
// its Welcome for its Join and then a Rejection for a stale Decide: the port hands a JSON
// stream's messages on one by one as each arrives whole (wholeMessages), the stream staying open
// between them.
func TestHTTPSeatOverConnectJSON(t *testing.T) {
	addr := servePlainPort(t)
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"me"}},{"builtin":{"bot":"random"}}]}`)
	var created pb.CreateTableResponse
	if err := protojson.Unmarshal([]byte(body), &created); code != http.StatusOK || err != nil {
		t.Fatalf("CreateTable: %d %s %v", code, body, err)
	}
	h2c := &http2.Transport{AllowHTTP: true, DialTLSContext: func(ctx context.Context, network, addr string, _ *tls.Config) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	defer h2c.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(t.Context(), waitFor)
	defer cancel()
	requests, send := io.Pipe()
	defer send.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/bezique.v1.SeatService/Connect", requests)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/connect+json")
	req.Header.Set("Connect-Protocol-Version", "1")
	write := func(m *pb.ConnectRequest) {
		b, err := protojson.Marshal(m)
		if err != nil {
			t.Error(err)
			return
		}
		prefix := make([]byte, 5)
		binary.BigEndian.PutUint32(prefix[1:], uint32(len(b)))
		if _, err := send.Write(prefix); err != nil {
			t.Error(err)
		}
		if _, err := send.Write(b); err != nil {
			t.Error(err)
		}
	}
	go write(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: created.GetTableId(), Seat: 0,
		Token: created.GetSeatTokens()[0].GetToken(), BotName: "me", ProtocolVersion: 1}}})
	res, err := h2c.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	read := func() *pb.ConnectResponse {
		t.Helper()
		prefix := make([]byte, 5)
		if _, err := io.ReadFull(res.Body, prefix); err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		b := make([]byte, binary.BigEndian.Uint32(prefix[1:]))
		if _, err := io.ReadFull(res.Body, b); err != nil {
			t.Fatal(err)
		}
		if prefix[0]&2 != 0 {
			t.Fatalf("the stream ended: %s", b)
		}
		var m pb.ConnectResponse
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return &m
	}
	if m := read(); m.GetWelcome() == nil {
		t.Fatalf("first message %v, want a Welcome", m)
	}
	const stale = 1 << 40
	go write(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: stale, Choice: &pb.Decide_ActionId{ActionId: 1}}}})
	deadline := time.Now().Add(waitFor)
	for time.Now().Before(deadline) {
		if m := read(); m.GetRejection() != nil {
			if got := m.GetRejection().GetRequestId(); got != stale {
				t.Fatalf("a Rejection of request %d, want %d (%v)", got, stale, m)
			}
			return
		}
	}
	t.Fatal("no Rejection of the stale Decide")
}
