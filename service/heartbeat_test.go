package service

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"net/http"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// recvUntilHeartbeats reads a stream's messages until it has had n heartbeats; each must equal
// want (heartbeat alone).
func recvUntilHeartbeats[M proto.Message](t *testing.T, recv func() (M, error), isBeat func(M) bool, want M, n int) {
	t.Helper()
	for got := 0; got < n; {
		m, err := recv()
		if err != nil {
			t.Fatalf("after %d heartbeats: %v", got, err)
		}
		if !isBeat(m) {
			continue
		}
		if !proto.Equal(m, want) {
			t.Fatalf("heartbeat %v, want %v", m, want)
		}
		got++
	}
}

// TestHeartbeats: WatchTable, WatchTournament and Play with heartbeat_ms send a message with
// heartbeat alone at once and then while nothing else happens (a table waiting for a seat that
// never joins, a tournament waiting for a lobby bot that never comes).
func TestHeartbeats(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := startReferee(t, nil, quiet)
	table := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(3)})

	watch, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: table.GetTableId(), HeartbeatMs: 1000})
	if err != nil {
		t.Fatal(err)
	}
	recvUntilHeartbeats(t, watch.Recv, (*pb.WatchTableResponse).GetHeartbeat, &pb.WatchTableResponse{Heartbeat: true}, 2)

	play, err := r.seats.Play(ctx, &pb.PlayRequest{HeartbeatMs: 1000, Join: &pb.Join{TableId: table.GetTableId(), Seat: 0, Token: tokenOf(table, 0),
		BotName: "player", ProtocolVersion: ProtocolVersion}})
	if err != nil {
		t.Fatal(err)
	}
	for { // a heartbeat may come first
		m, err := play.Recv()
		if err != nil {
			t.Fatalf("Play: %v before the Welcome", err)
		}
		if m.GetMessage().GetWelcome() != nil {
			break
		}
	}
	recvUntilHeartbeats(t, play.Recv, (*pb.PlayResponse).GetHeartbeat, &pb.PlayResponse{Heartbeat: true}, 2)

	// The first heartbeat comes at once, whatever the interval: a page waited up to an interval
	// after the referee came back to know its stream was open (an outside trial). The watch starts
	// after the table's history (its deal's events), which would otherwise be sent first, and then
	// none is due (a clean-clone CI run under -race sent an event first).
	wctx, wcancel := context.WithTimeout(ctx, waitFor)
	defer wcancel()
	slow, err := r.tables.WatchTable(wctx, &pb.WatchTableRequest{TableId: table.GetTableId(), HeartbeatMs: 600_000, FromSeq: 1000})
	if err != nil {
		t.Fatal(err)
	}
	recvUntilHeartbeats(t, slow.Recv, (*pb.WatchTableResponse).GetHeartbeat, &pb.WatchTableResponse{Heartbeat: true}, 1)

	tournaments := pb.NewTournamentServiceClient(r.cc)
	tn := awayTournament(t, ctx, tournaments)
	defer func() {
		_, _ = tournaments.CancelTournament(context.Background(), &pb.CancelTournamentRequest{TournamentId: tn.GetTournamentId(), Reason: "test over"})
	}()
	tw, err := tournaments.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: tn.GetTournamentId(), HeartbeatMs: 1000})
	if err != nil {
		t.Fatal(err)
	}
	recvUntilHeartbeats(t, tw.Recv, (*pb.WatchTournamentResponse).GetHeartbeat, &pb.WatchTournamentResponse{Heartbeat: true}, 2)
}

// TestHeartbeatRefusals: a heartbeat_ms that is not 0 nor from 1 000 to 600 000 is refused
// InvalidArgument naming it, on each stream that takes it.
func TestHeartbeatRefusals(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, quiet)
	table := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(3)})
	tournaments := pb.NewTournamentServiceClient(r.cc)
	for _, ms := range []uint32{1, 999, 600_001} {
		want := "heartbeat_ms: " + map[uint32]string{1: "1", 999: "999", 600_001: "600001"}[ms] + " is not 0 (no heartbeats) nor from 1000 to 600000"
		for name, open := range map[string]func() (grpc.ClientStream, error){
			"WatchTable": func() (grpc.ClientStream, error) {
				return r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: table.GetTableId(), HeartbeatMs: ms})
			},
			"Play": func() (grpc.ClientStream, error) {
				return r.seats.Play(ctx, &pb.PlayRequest{HeartbeatMs: ms, Join: &pb.Join{TableId: table.GetTableId(), Token: tokenOf(table, 0)}})
			},
			"WatchTournament": func() (grpc.ClientStream, error) {
				return tournaments.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: "tn-0000000000000000", HeartbeatMs: ms})
			},
		} {
			stream, err := open()
			if err == nil {
				err = stream.RecvMsg(new(emptypb.Empty))
			}
			if st, _ := status.FromError(err); st.Code() != codes.InvalidArgument || st.Message() != want {
				t.Errorf("%s with heartbeat_ms %d: %v; want InvalidArgument %q", name, ms, err, want)
			}
		}
	}
}

// TestHeartbeatOverHTTP: over the Connect protocol in JSON (HTTP/1.1, as a browser's fetch), a
// watch that asked for heartbeats gets a heartbeat ("heartbeat": true, nothing else set) while the
// table waits for its seats.
func TestHeartbeatOverHTTP(t *testing.T) {
	addr := servePlainPort(t)
	code, _, body := connectPost(t, "http://"+addr+"/bezique.v1.TableService/CreateTable", "application/json",
		`{"variant":"VARIANT_TWO_HANDED","seats":[{"remote":{"name":"a"}},{"remote":{"name":"b"}}],"public":true}`)
	var created pb.CreateTableResponse
	if err := protojson.Unmarshal([]byte(body), &created); code != http.StatusOK || err != nil {
		t.Fatalf("CreateTable: %d %s %v", code, body, err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), waitFor)
	defer cancel()
	reqJSON := `{"tableId":"` + created.GetTableId() + `","heartbeatMs":1000}`
	frame := append([]byte{0, 0, 0, 0, byte(len(reqJSON))}, reqJSON...)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/bezique.v1.TableService/WatchTable", bytes.NewReader(frame))
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
	if res.StatusCode != http.StatusOK {
		t.Fatalf("WatchTable: HTTP %d", res.StatusCode)
	}
	for {
		prefix := make([]byte, 5)
		if _, err := io.ReadFull(res.Body, prefix); err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		b := make([]byte, binary.BigEndian.Uint32(prefix[1:]))
		if _, err := io.ReadFull(res.Body, b); err != nil {
			t.Fatal(err)
		}
		if prefix[0] != 0 {
			t.Fatalf("the stream ended: %s", b)
		}
		var m pb.WatchTableResponse
		if err := protojson.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.GetHeartbeat() {
			if !proto.Equal(&m, &pb.WatchTableResponse{Heartbeat: true}) {
				t.Fatalf("heartbeat %s, want heartbeat alone", b)
			}
			return
		}
	}
}
