package main

import (
	"bufio"
	"context"
	"io"
	"maps"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// tableGauges scrapes the referee's metrics address and returns bezique_tables by state.
func tableGauges(t *testing.T, addr string) map[string]float64 {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), `bezique_tables{state="`)
		if !ok {
			continue
		}
		state, value, _ := strings.Cut(rest, `"} `)
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			t.Fatalf("bezique_tables{state=%q}: %v", state, err)
		}
		out[state] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBinaryTableGaugesAfterKill: bezique_tables counts the tables the referee runs, so a referee
// killed with SIGKILL and started again on its SQLite file shows the same values: the table
// waiting for its seats and the one in play, recovered. Before, it also counted the ended tables
// it kept in memory (at most 100, none after a restart): a finished game was finished 1 before
// the kill and 0 after, while the store held it all along.
func TestBinaryTableGaugesAfterKill(t *testing.T) {
	bin := buildReferee(t)
	args := []string{"--listen", freeAddr(t), "--metrics-listen", "127.0.0.1:0", "--store", "sqlite:" + filepath.Join(t.TempDir(), "db")}
	p := startBinary(t, bin, args...)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	slow := &pb.Clock{DecisionMs: 600_000}
	away := &pb.FailurePolicy{DisconnectGraceMs: 600_000}
	create := func(seats ...*pb.SeatConfig) *pb.CreateTableResponse {
		t.Helper()
		resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats, Clock: slow, FailurePolicy: away})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	remote := func() *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "r"}}}
	}

	ended := create(builtin("random"), builtin("rulebook"))
	create(remote(), remote()) // waits for its seats
	playing := create(remote(), builtin("rulebook"))
	// Seat 0 joins, makes its first decision (so that the game is stored as started) and never
	// answers its second: the table plays, waiting for it.
	stream, err := pb.NewSeatServiceClient(dialReferee(t, p.addr)).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: playing.GetTableId(), Seat: 0,
		Token: playing.GetSeatTokens()[0].GetToken(), BotName: "mute", ProtocolVersion: 1}}}); err != nil {
		t.Fatal(err)
	}
	for decided := false; ; {
		msg, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		req := msg.GetDecisionRequest()
		if req == nil {
			continue
		}
		if decided {
			break
		}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: req.GetRequestId(),
			Choice: &pb.Decide_ActionId{ActionId: req.GetLegalActions()[0].GetActionId()}}}}); err != nil {
			t.Fatal(err)
		}
		decided = true
	}
	watch, err := tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: ended.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	for { // the watch ends with the game
		if _, err := watch.Recv(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}

	before := tableGauges(t, metricsAddr(t, p))
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.exited
	p2 := startBinary(t, bin, args...)
	after := tableGauges(t, metricsAddr(t, p2))
	if !maps.Equal(after, before) {
		t.Fatalf("bezique_tables %v before the kill, %v after the restart on the same store", before, after)
	}
	if want := map[string]float64{"waiting": 1, "playing": 1}; !maps.Equal(after, want) {
		t.Fatalf("bezique_tables %v, want %v", after, want)
	}
}
