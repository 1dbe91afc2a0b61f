package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// corsOrigin is the origin the HTTP tests allow with --cors-origins.
const corsOrigin = "https://play.example.com"

// TestBinaryHTTP runs the real binary and calls it over HTTP on its gRPC port: the Connect
// protocol's JSON with the real curl, a server stream over HTTP/1.1 compared with the same stream
// over gRPC, gRPC-Web, and CORS preflights.
func TestBinaryHTTP(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed")
	}
	bin := buildReferee(t)
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--cors-origins", corsOrigin+", https://other.example.org")
	base := "http://" + p.addr
	seed := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32))

	t.Run("curl-create-and-get", func(t *testing.T) {
		var created struct {
			TableID    string `json:"tableId"`
			SeatTokens []struct {
				Seat  int    `json:"seat"`
				Token string `json:"token"`
			} `json:"seatTokens"`
			SeedCommitment string `json:"seedCommitment"`
		}
		curlJSON(t, base+"/bezique.v1.TableService/CreateTable",
			`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"me"}},{"builtin":{"bot":"rulebook"}}],"seed":"`+seed+`"}`, &created)
		if !strings.HasPrefix(created.TableID, "t-") || len(created.SeatTokens) != 1 || created.SeatTokens[0].Seat != 0 ||
			len(created.SeatTokens[0].Token) != 32 || len(created.SeedCommitment) != 64 {
			t.Fatalf("CreateTable: %+v", created)
		}
		var got struct {
			Table struct {
				TableID string `json:"tableId"`
				State   string `json:"state"`
				Rules   struct {
					Variant   string `json:"variant"`
					SeatCount int    `json:"seatCount"`
				} `json:"rules"`
				Seats []struct {
					Seat   int    `json:"seat"`
					Name   string `json:"name"`
					Remote bool   `json:"remote"`
				} `json:"seats"`
				SeedCommitment string `json:"seedCommitment"`
				DealingSource  string `json:"dealingSource"`
			} `json:"table"`
		}
		curlJSON(t, base+"/bezique.v1.TableService/GetTable", `{"tableId":"`+created.TableID+`"}`, &got)
		tb := got.Table
		if tb.TableID != created.TableID || tb.State != "TABLE_STATE_WAITING" || tb.Rules.Variant != "VARIANT_TWO_HANDED" ||
			tb.Rules.SeatCount != 2 || tb.SeedCommitment != created.SeedCommitment || tb.DealingSource != "DEALING_SOURCE_CHOSEN_SEED" {
			t.Fatalf("GetTable: %+v", tb)
		}
		if len(tb.Seats) != 2 || tb.Seats[0].Name != "me" || !tb.Seats[0].Remote || tb.Seats[1].Name != "rulebook" || tb.Seats[1].Remote {
			t.Fatalf("GetTable seats: %+v", tb.Seats)
		}
		var bad struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		}
		curlJSON(t, base+"/bezique.v1.TableService/GetTable", `{"tableId":"t-nope"}`, &bad)
		if bad.Code != "not_found" || !strings.Contains(bad.Message, "t-nope") {
			t.Fatalf("GetTable of an unknown table: %+v", bad)
		}
	})

	t.Run("connect-watch-over-http1", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
		resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtin("random"), builtin("rulebook")}, Seed: bytes.Repeat([]byte{7}, 32)})
		if err != nil {
			t.Fatal(err)
		}
		stream, err := tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		var viaGRPC []*pb.Event
		for {
			m, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			viaGRPC = append(viaGRPC, m.GetEvent())
		}
		viaHTTP := connectWatch(ctx, t, base, resp.GetTableId())
		if len(viaGRPC) < 10 || viaGRPC[len(viaGRPC)-1].GetGameEnded() == nil {
			t.Fatalf("gRPC watch: %d events, the last %v", len(viaGRPC), viaGRPC[len(viaGRPC)-1])
		}
		if len(viaHTTP) != len(viaGRPC) {
			t.Fatalf("%d events over HTTP/1.1, %d over gRPC", len(viaHTTP), len(viaGRPC))
		}
		for i := range viaGRPC {
			if !proto.Equal(viaHTTP[i], viaGRPC[i]) {
				t.Fatalf("event %d: HTTP %v, gRPC %v", i, viaHTTP[i], viaGRPC[i])
			}
		}
	})

	t.Run("browser-seat-play-and-decide", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		var created pb.CreateTableResponse
		postJSON(ctx, t, base+"/bezique.v1.TableService/CreateTable", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a person"}}}, builtin("rulebook")},
			Seed:  bytes.Repeat([]byte{7}, 32)}, &created)
		id, token := created.GetTableId(), created.GetSeatTokens()[0].GetToken()
		join := `{"join":{"tableId":"` + id + `","seat":0,"token":"` + token + `","botName":"browser","protocolVersion":1}}`
		decisions := 0
		var over *pb.GameOver
		connectStream(ctx, t, base+"/bezique.v1.SeatService/Play", join, func(data []byte) {
			var m pb.PlayResponse
			if err := protojson.Unmarshal(data, &m); err != nil {
				t.Fatalf("%v: %s", err, data)
			}
			switch k := m.GetMessage().GetKind().(type) {
			case *pb.ConnectResponse_DecisionRequest:
				decisions++
				postJSON(ctx, t, base+"/bezique.v1.SeatService/Decide", &pb.DecideRequest{TableId: id, Seat: 0, Token: token,
					Decide: &pb.Decide{RequestId: k.DecisionRequest.GetRequestId(),
						Choice: &pb.Decide_ActionId{ActionId: k.DecisionRequest.GetLegalActions()[0].GetActionId()}}}, &pb.DecideResponse{})
			case *pb.ConnectResponse_Rejection:
				t.Fatalf("rejection %v", k.Rejection)
			case *pb.ConnectResponse_GameOver:
				over = k.GameOver
			}
		})
		if over.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED || over.GetResult().GetWinnerSide() != 1 || decisions < 10 {
			t.Fatalf("%d decisions, game over %v", decisions, over)
		}
	})

	t.Run("grpc-web-unary", func(t *testing.T) {
		msg, err := proto.Marshal(&pb.GetRuleCatalogRequest{})
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequest(http.MethodPost, base+"/bezique.v1.TableService/GetRuleCatalog", bytes.NewReader(envelope(0, msg)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/grpc-web+proto")
		req.Header.Set("X-Grpc-Web", "1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/grpc-web+proto" {
			t.Fatalf("status %d, content type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		r := bufio.NewReader(res.Body)
		flags, data := readEnvelope(t, r)
		var catalog pb.GetRuleCatalogResponse
		if err := proto.Unmarshal(data, &catalog); flags != 0 || err != nil {
			t.Fatalf("message frame flags %#x: %v", flags, err)
		}
		want, err := pb.NewTableServiceClient(dialReferee(t, p.addr)).GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(catalog.GetOptions()) == 0 || !proto.Equal(&catalog, want) {
			t.Fatalf("catalog over gRPC-Web: %d options, not the %d of gRPC", len(catalog.GetOptions()), len(want.GetOptions()))
		}
		flags, trailer := readEnvelope(t, r)
		if flags != 0x80 || !strings.Contains(strings.ToLower(string(trailer)), "grpc-status: 0") {
			t.Fatalf("trailer frame flags %#x: %q", flags, trailer)
		}
	})

	t.Run("cors-preflight", func(t *testing.T) {
		for _, c := range []struct{ origin, allowed string }{{corsOrigin, corsOrigin}, {"https://evil.example.net", ""}} {
			req, err := http.NewRequest(http.MethodOptions, base+"/bezique.v1.TableService/CreateTable", nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Origin", c.origin)
			req.Header.Set("Access-Control-Request-Method", "POST")
			req.Header.Set("Access-Control-Request-Headers", "authorization,connect-protocol-version,content-type")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if got := res.Header.Get("Access-Control-Allow-Origin"); got != c.allowed {
				t.Fatalf("origin %s: Access-Control-Allow-Origin %q, want %q", c.origin, got, c.allowed)
			}
			if c.allowed != "" && res.Header.Get("Access-Control-Allow-Headers") != "authorization,connect-protocol-version,content-type" {
				t.Fatalf("origin %s: Access-Control-Allow-Headers %q", c.origin, res.Header.Get("Access-Control-Allow-Headers"))
			}
		}
	})
}

// builtin is a seat for the built-in bot named bot.
func builtin(bot string) *pb.SeatConfig {
	return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: bot}}}
}

// curlJSON posts body to url with the real curl in the Connect protocol's JSON, with curl's
// extra arguments (headers), and decodes the answer into out.
func curlJSON(t *testing.T, url, body string, out any, extra ...string) {
	t.Helper()
	args := append([]string{"-sS", "--max-time", "20", "-H", "Content-Type: application/json", "-H", "Connect-Protocol-Version: 1",
		"-d", body, url}, extra...)
	cmd := exec.Command("curl", args...)
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("curl %s: %v", url, err)
	}
	if err := json.Unmarshal(got, out); err != nil {
		t.Fatalf("curl %s: %v\n%s", url, err, got)
	}
}

// connectStream calls a server-streaming method with the Connect protocol in JSON over HTTP/1.1
// (net/http's client speaks HTTP/1.1 to an http:// address), as a browser's fetch does, and
// hands each message to each until the stream ends well.
func connectStream(ctx context.Context, t *testing.T, url, request string, each func(msg []byte)) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(envelope(0, []byte(request))))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/connect+json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.ProtoMajor != 1 || res.StatusCode != http.StatusOK {
		t.Fatalf("%s, status %d", res.Proto, res.StatusCode)
	}
	r := bufio.NewReader(res.Body)
	for {
		flags, data := readEnvelope(t, r)
		if flags&0x02 != 0 { // end of stream: {} or {"error": ...}
			if strings.TrimSpace(string(data)) != "{}" {
				t.Fatalf("end of stream: %q", data)
			}
			return
		}
		each(data)
	}
}

// connectWatch watches a table to its end with connectStream and returns its events.
func connectWatch(ctx context.Context, t *testing.T, base, tableID string) []*pb.Event {
	t.Helper()
	var events []*pb.Event
	connectStream(ctx, t, base+"/bezique.v1.TableService/WatchTable", `{"tableId":"`+tableID+`"}`, func(data []byte) {
		var m pb.WatchTableResponse
		if err := protojson.Unmarshal(data, &m); err != nil {
			t.Fatalf("%v: %s", err, data)
		}
		events = append(events, m.GetEvent())
	})
	return events
}

// postJSON makes a unary call with the Connect protocol's JSON and decodes the answer into out;
// it fails the test unless the status is 200.
func postJSON(ctx context.Context, t *testing.T, url string, in, out proto.Message) {
	t.Helper()
	body, err := protojson.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s: status %d, %v: %s", url, res.StatusCode, err, got)
	}
	if err := protojson.Unmarshal(got, out); err != nil {
		t.Fatalf("%s: %v: %s", url, err, got)
	}
}

// envelope frames msg as the Connect streaming and gRPC-Web protocols do: one flags byte, the
// length as a big-endian uint32, the message.
func envelope(flags byte, msg []byte) []byte {
	return append(binary.BigEndian.AppendUint32([]byte{flags}, uint32(len(msg))), msg...)
}

// readEnvelope reads one enveloped message (see envelope).
func readEnvelope(t *testing.T, r io.Reader) (flags byte, msg []byte) {
	t.Helper()
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		t.Fatalf("envelope: %v", err)
	}
	msg = make([]byte, binary.BigEndian.Uint32(head[1:]))
	if _, err := io.ReadFull(r, msg); err != nil {
		t.Fatalf("envelope: %v", err)
	}
	return head[0], msg
}

// TestBinaryHTTPKeys: with authentication on, a JSON call over HTTP is refused without a key and
// allowed with the admin key in the Authorization header, as over gRPC.
func TestBinaryHTTPKeys(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed")
	}
	const key = "http-test-admin-key-0123456789"
	p := startBinary(t, buildReferee(t), "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--admin-key", key)
	url := "http://" + p.addr + "/bezique.v1.TableService/CreateTable"
	body := `{"variant":"VARIANT_TWO_HANDED","seats":[{"builtin":{"bot":"random"}},{"builtin":{"bot":"rulebook"}}]}`
	var refused struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	curlJSON(t, url, body, &refused)
	if refused.Code != "unauthenticated" || !strings.Contains(refused.Message, "needs an API key") {
		t.Fatalf("without a key: %+v", refused)
	}
	var created struct {
		TableID string `json:"tableId"`
		Code    string `json:"code"`
	}
	curlJSON(t, url, body, &created, "-H", "Authorization: Bearer "+key)
	if !strings.HasPrefix(created.TableID, "t-") || created.Code != "" {
		t.Fatalf("with the admin key: %+v", created)
	}
}
