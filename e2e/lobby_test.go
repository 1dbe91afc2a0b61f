package e2e

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestPolyglotServe runs a Python bot and a Node bot in serve mode (each in its own process)
// against the real referee; each is challenged to a two-handed game against rulebook, then both
// as one consultation team (the Python bot the captain, the Node bot proposing); each game is
// played to its end and replays from its record, and each bot prints its end in the words every
// view uses (wire.ResultText).
func TestPolyglotServe(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	referee := build(t, t.TempDir(), "./cmd/bezique-referee", "bezique-referee")
	addr, tables := startReferee(t, referee)
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	lobby := pb.NewLobbyServiceClient(cc)

	bots := map[string]*bot{
		"py": startBot(t, "python", python, "-m", "bezique_bot.examples.serve_bot", "--server", addr, "--name", "py", "--capacity", "2", "--variants", "two-handed"),
		"js": startBot(t, "node", "node", "botsdk/node/examples/serve.js", "--server", addr, "--name", "js", "--capacity", "2", "--variants", "two-handed"),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	waitLobby(ctx, t, lobby, bots, "py", "js")
	for name, b := range bots {
		resp, err := lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
			{Kind: &pb.ChallengeSeat_Lobby{Lobby: name}}, {Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
		if err != nil {
			t.Fatalf("Challenge %s: %v", name, err)
		}
		id := resp.GetTable().GetTableId()
		rec := replayVerified(t, tables, id)
		want := "table " + id + " seat 0: game over: " + wire.ResultText(rec.GetResult()) + "\n" // every view's words, as bezique bot --serve prints
		for !strings.Contains(b.out.String(), want) {
			if ctx.Err() != nil {
				t.Fatalf("%s did not report %q:\n%s", name, want, b.out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Logf("%s: %d deals, %d actions, totals %v", name, rec.GetResult().GetDeals(), len(rec.GetActions()), rec.GetResult().GetScores())
	}
	resp, err := lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Team{Team: &pb.LobbyTeam{Members: []string{"py", "js"}}}},
		{Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatalf("Challenge of the team py+js: %v", err)
	}
	id := resp.GetTable().GetTableId()
	rec := replayVerified(t, tables, id)
	if rec.GetSeats()[0].GetName() != "py+js" || len(rec.GetTeamMessages()) == 0 {
		t.Fatalf("team game: seat 0 %v, %d team messages; want the team py+js and the Node member's proposals", rec.GetSeats()[0], len(rec.GetTeamMessages()))
	}
	for _, tm := range rec.GetTeamMessages() {
		if tm.GetSeat() != 0 || tm.GetMember() != 1 || tm.ProposalActionId == nil {
			t.Fatalf("team game: record team message %v; want member 1's (js) proposals only", tm)
		}
	}
	for name, b := range bots {
		want := "table " + id + " seat 0: game over: " + wire.ResultText(rec.GetResult()) + "\n"
		for !strings.Contains(b.out.String(), want) {
			if ctx.Err() != nil {
				t.Fatalf("%s did not report %q:\n%s", name, want, b.out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Logf("team py+js: %d deals, %d actions, %d proposals, totals %v", rec.GetResult().GetDeals(), len(rec.GetActions()),
		len(rec.GetTeamMessages()), rec.GetResult().GetScores())
	for name, b := range bots {
		_ = b.cmd.Process.Signal(os.Interrupt)
		if err := b.cmd.Wait(); err != nil {
			t.Errorf("%s after SIGINT: %v\n%s", name, err, b.out.String())
		}
	}
}

// waitLobby waits until the lobby lists every name.
func waitLobby(ctx context.Context, t *testing.T, lobby pb.LobbyServiceClient, bots map[string]*bot, names ...string) {
	t.Helper()
	for {
		resp, err := lobby.ListBots(ctx, &pb.ListBotsRequest{})
		if err == nil {
			present := map[string]bool{}
			for _, b := range resp.GetBots() {
				present[b.GetName()] = true
			}
			all := true
			for _, n := range names {
				all = all && present[n]
			}
			if all {
				return
			}
		}
		if ctx.Err() != nil {
			for n, b := range bots {
				t.Logf("%s output:\n%s", n, b.out.String())
			}
			t.Fatalf("the lobby never listed %v: %v", names, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
