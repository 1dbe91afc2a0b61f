package service

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// teamChallenge is a two-handed challenge of a consultation team of lobby bots (seat 0) against
// lobby bot other (seat 1).
func teamChallenge(other string, members ...string) *pb.ChallengeRequest {
	return &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.ChallengeSeat{
		{Kind: &pb.ChallengeSeat_Team{Team: &pb.LobbyTeam{Members: members}}},
		{Kind: &pb.ChallengeSeat_Lobby{Lobby: other}}}}
}

// TestChallengeTeamGame: over real TCP, a Challenge seats a consultation team of two lobby bots
// (botsdk.Serve, random bots) against a third; each member is told of the game with its place,
// the team joins its one seat with the seat's token, the game plays to its end, member 1 proposes
// to its captain only, and the record names the team and replays.
func TestChallengeTeamGame(t *testing.T) {
	r := startLoopbackReferee(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type over struct {
		game   *pb.GameAssigned
		result *pb.GameResult
		err    error
	}
	var mu sync.Mutex
	relays := map[string]int{} // team messages received per bot
	overs := map[string]chan over{}
	for i, name := range []string{"north", "north-mate", "south"} {
		overs[name] = make(chan over, 1)
		cfg := botsdk.ServeConfig{Config: r.botConfig("", 0, ""), Capacity: 1,
			OnGameOver: func(a *pb.GameAssigned, res *pb.GameResult, err error) { overs[name] <- over{a, res, err} }}
		cfg.Server, cfg.BotName = r.cc.Target(), name // 127.0.0.1:port
		cfg.OnTeamMessage = func(*pb.TeamMessageRelayed) {
			mu.Lock()
			defer mu.Unlock()
			relays[name]++
		}
		sctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			var n uint64
			done <- botsdk.Serve(sctx, cfg, func() botsdk.Bot { n++; return botsdk.NewRandom(uint64(i)*100 + n) })
		}()
		t.Cleanup(func() {
			stop()
			<-done
		})
		waitPresent(t, r.srv.Referee, name)
	}
	req := teamChallenge("south", "north", "north-mate")
	req.TeamPolicy = pb.TeamPolicy_TEAM_POLICY_CAPTAIN
	resp, err := pb.NewLobbyServiceClient(r.cc).Challenge(ctx, req)
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	ti := resp.GetTable()
	if got := ti.GetSeats()[0].GetName(); got != "north+north-mate" {
		t.Errorf("seat 0 is named %q, want the team's members, north+north-mate", got)
	}
	for name, want := range map[string][2]uint32{"north": {0, 0}, "north-mate": {0, 1}, "south": {1, 0}} {
		select {
		case o := <-overs[name]:
			if o.err != nil || o.result.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("%s: %v %v; want a completed game", name, o.result, o.err)
			}
			if o.game.GetTableId() != ti.GetTableId() || o.game.GetSeat() != want[0] || o.game.GetMember() != want[1] {
				t.Errorf("%s was assigned %v; want table %s seat %d member %d", name, o.game, ti.GetTableId(), want[0], want[1])
			}
		case <-ctx.Done():
			t.Fatalf("%s: no game over", name)
		}
	}
	rec := r.record(t, ti.GetTableId())
	if len(rec.GetTeamMessages()) == 0 {
		t.Fatal("the record holds no team message; member 1 proposes every move it is asked")
	}
	for _, tm := range rec.GetTeamMessages() {
		if tm.GetSeat() != 0 || tm.GetMember() != 1 || tm.ProposalActionId == nil {
			t.Fatalf("record team message %v: want seat 0 member 1's proposals only", tm)
		}
	}
	mu.Lock()
	got := map[string]int{"north": relays["north"], "north-mate": relays["north-mate"], "south": relays["south"]}
	mu.Unlock()
	if want := map[string]int{"north": len(rec.GetTeamMessages()), "north-mate": 0, "south": 0}; got["north"] != want["north"] || got["north-mate"] != 0 || got["south"] != 0 {
		t.Errorf("team messages received: %v; want %v", got, want)
	}
	if _, err := wire.ReplayRecord(rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// TestChallengeTeamRefusals: a team seat of a Challenge is refused naming the field and the rule
// when its variant has no consultation, when it has too few or too many members, a member twice
// or an empty name, and (FailedPrecondition) when a member is not in the lobby; a team is seated
// under the challenge's team policy.
func TestChallengeTeamRefusals(t *testing.T) {
	r := startReferee(t, nil, quiet)
	r.serveBot(t, "a", 2)
	r.serveBot(t, "b", 2)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx := context.Background()
	three := teamChallenge("b", "a", "b")
	three.Variant = pb.Variant_VARIANT_THREE_HANDED
	three.Seats = append(three.Seats, challenge("", "random").Seats[1])
	for _, c := range []struct {
		what string
		req  *pb.ChallengeRequest
		code codes.Code
		text string
	}{
		{"a team in the three-handed game", three, codes.InvalidArgument, "seats[0].team: a consultation team plays the two-handed game (RULES.md §3.5), not three-handed"},
		{"a team of one", teamChallenge("b", "a"), codes.InvalidArgument, "seats[0].team.members: 1 named; a team has 2 to 4 bots (RULES.md §3.5)"}, // it said "1 bots"
		{"a team of five", teamChallenge("b", "a", "c", "d", "e", "f"), codes.InvalidArgument, "seats[0].team.members: 5 named; a team has 2 to 4 bots (RULES.md §3.5)"},
		{"the same bot twice", teamChallenge("b", "a", "a"), codes.InvalidArgument, `seats[0].team.members[1]: "a" is already a member`},
		{"an empty name", teamChallenge("b", "a", ""), codes.InvalidArgument, "seats[0].team.members[1]: missing"},
		{"a member not in the lobby", teamChallenge("b", "a", "ghost"), codes.FailedPrecondition, `lobby bot "ghost" is not present`},
		{"an unknown team policy", func() *pb.ChallengeRequest {
			req := teamChallenge("b", "a", "b")
			req.TeamPolicy = 9
			return req
		}(), codes.InvalidArgument, "team_policy: unknown policy 9"},
	} {
		_, err := lobby.Challenge(ctx, c.req)
		wantCode(t, c.what, err, c.code, c.text)
	}
	if bots := r.srv.Referee.ListBots(); len(bots) != 2 || bots[0].GetGamesInPlay() != 0 || bots[1].GetGamesInPlay() != 0 {
		t.Errorf("ListBots after the refusals: %v; want a and b with no game in play", bots)
	}

	first := teamChallenge("", "a", "b")
	first.Seats[1] = challenge("", "random").Seats[1]
	first.TeamPolicy = pb.TeamPolicy_TEAM_POLICY_FIRST_ANSWER
	resp, err := lobby.Challenge(ctx, first)
	if err != nil {
		t.Fatalf("Challenge under first-answer: %v", err)
	}
	tb, err := r.srv.table(resp.GetTable().GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	if sc := tb.spec.GetSeats()[0].GetRemote(); tb.spec.GetTeamPolicy() != pb.TeamPolicy_TEAM_POLICY_FIRST_ANSWER || sc.GetTeamSize() != 2 || sc.GetName() != "a+b" {
		t.Errorf("the table's policy %v, seat 0 %v; want first-answer and a team of 2 named a+b", tb.spec.GetTeamPolicy(), sc)
	}
	res, err := r.srv.Referee.Await(ctx, resp.GetTable().GetTableId())
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Await: %v %v; want a completed game", res, err)
	}
}
