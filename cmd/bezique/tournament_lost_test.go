package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestTournamentRunLosesItsReferee: the referee that `tournament run --server --takeover-wait 2s`
// follows stops in the tournament and does not come back; the command says the referee lost,
// tries it again for 2 s, then fails with the stream's Unavailable and says that the tournament
// is not lost and how to follow it again, where it said only "WatchTournament: rpc error: code =
// Unavailable desc = error reading from server: EOF".
func TestTournamentRunLosesItsReferee(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ref, err := startReferee(ctx, io.Discard, "")
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	type ran struct {
		out string
		err error
	}
	done := make(chan ran, 1)
	go func() {
		out, err := runCmd(ctx, "tournament", "run", "--server", ref.addr, "--takeover-wait", "2s", "--entrant", "random", "--entrant", "random",
			"--deals", "200", "--concurrency", "2", "--option", "target=3000")
		done <- ran{out, err}
	}()
	tournaments := pb.NewTournamentServiceClient(ref.cc)
	var id string
	for deadline := time.Now().Add(10 * time.Second); id == ""; time.Sleep(20 * time.Millisecond) {
		resp, err := tournaments.ListTournaments(ctx, &pb.ListTournamentsRequest{})
		if err == nil && len(resp.GetTournaments()) == 1 {
			id = resp.GetTournaments()[0].GetTournamentId()
		}
		if time.Now().After(deadline) {
			t.Fatal("no tournament in 10 s")
		}
	}
	// The command follows it: the referee serves its WatchTournament stream (a sleep of 200 ms
	// stopped the referee before the command's GetTournament on a loaded machine).
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(allStacks(), "service.(*Referee).WatchTournament("); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the command did not follow the tournament in 10 s")
		}
	}
	ref.grpc.Stop()
	r := <-done
	want := fmt.Sprintf("; if the referee at that address runs the tournament, it is not lost: it goes on when that referee starts again, or at once on another referee "+
		"sharing its store (docs/OPERATIONS.md); follow it again with \"bezique tournament watch --server %s %s\"", ref.addr, id)
	if status.Code(r.err) != codes.Unavailable || !strings.HasPrefix(r.err.Error(), "WatchTournament: rpc error: code = Unavailable") ||
		!strings.HasSuffix(r.err.Error(), want) {
		t.Fatalf("run: %v\n%s\nwant Unavailable ending %q", r.err, r.out, want)
	}
	if lost := "\nlost the referee at " + ref.addr + " (WatchTournament: Unavailable: "; !strings.Contains(r.out, lost) || !strings.HasSuffix(r.out, "); trying again for up to 2s (--takeover-wait)\n") {
		t.Errorf("run said:\n%s\nwant its last line to start %q", r.out, lost[1:])
	}
}

// allStacks returns the stacks of every goroutine of the process (the referee's included).
func allStacks() string {
	buf := make([]byte, 1<<22)
	return string(buf[:runtime.Stack(buf, true)])
}

// TestTournamentWatchWithoutItsReferee: a referee out of reach before the watch's stream opens
// gets the same hint as one lost during it. The command's first call, GetTournament, failed
// with a bare Unavailable, the tournament looking lost, when the referee stopped between
// `tournament run`'s CreateTournament and its watch (the flake hunt's finding).
func TestTournamentWatchWithoutItsReferee(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ref, err := startReferee(ctx, io.Discard, "")
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	resp, err := pb.NewTournamentServiceClient(ref.cc).CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTournament().GetTournamentId()
	ref.grpc.Stop()
	out, err := runCmd(ctx, "tournament", "watch", "--server", ref.addr, id)
	want := fmt.Sprintf("; if the referee at that address runs the tournament, it is not lost: it goes on when that referee starts again, or at once on another referee "+
		"sharing its store (docs/OPERATIONS.md); follow it again with \"bezique tournament watch --server %s %s\"", ref.addr, id)
	if status.Code(err) != codes.Unavailable || !strings.HasPrefix(err.Error(), "GetTournament: rpc error: code = Unavailable") ||
		!strings.HasSuffix(err.Error(), want) {
		t.Fatalf("watch: %v\n%s\nwant Unavailable ending %q", err, out, want)
	}
}
