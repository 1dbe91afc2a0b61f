package e2e

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPolyglotConsultation plays a consultation game (RULES.md §3.5) to the target on the real
// referee: seat 0 is a team of a Go bot (the captain) and a Python bot, seat 1 a team of two Node
// bots, each in its own process, under the default captain policy. Each captain's log shows
// exactly the proposals its own team mate sent (the record's team messages of its seat, in
// order); the other members' logs show none; the record replays.
func TestPolyglotConsultation(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	gobot := build(t, dir, "./e2e/testdata/gobot", "gobot")
	addr, tables := startReferee(t, referee)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	team := func(name string) *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name, TeamSize: 2}}}
	}
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(43),
		Seats: []*pb.SeatConfig{team("go+python"), team("node+node")}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	member := func(seat, m int) []string {
		return append(seatArgs(addr, id, seat, tokenOf(resp, seat)), "--member", strconv.Itoa(m))
	}
	bots := []*bot{
		startBot(t, "go", append([]string{gobot}, member(0, 0)...)...),
		startBot(t, "python", append([]string{python, "-m", "bezique_bot.examples.random_bot", "--seed", "1"}, member(0, 1)...)...),
		startBot(t, "node0", append([]string{"node", "botsdk/node/examples/random.js", "--seed", "2"}, member(1, 0)...)...),
		startBot(t, "node1", append([]string{"node", "botsdk/node/examples/random.js", "--seed", "3"}, member(1, 1)...)...),
	}
	waitBots(t, 3*time.Minute, bots...)
	rec := replayVerified(t, tables, id)

	want := map[uint32][]string{} // per seat: the proposals of member 1, in order
	for _, tm := range rec.GetTeamMessages() {
		if tm.GetMember() != 1 || tm.ProposalActionId == nil {
			t.Fatalf("record team message %v: want member 1's proposals only", tm)
		}
		want[tm.GetSeat()] = append(want[tm.GetSeat()], strconv.Itoa(int(tm.GetProposalActionId())))
	}
	proposals := regexp.MustCompile(`team: member 1 proposes action (\d+)`)
	anyTeam := regexp.MustCompile(`team: `)
	for i, b := range bots {
		var got []string
		for _, m := range proposals.FindAllStringSubmatch(b.out.String(), -1) {
			got = append(got, m[1])
		}
		var w []string
		if i%2 == 0 { // a captain
			w = want[uint32(i/2)]
		}
		if n := len(anyTeam.FindAllString(b.out.String(), -1)); n != len(got) || !slices.Equal(got, w) {
			t.Errorf("%s printed %d team lines, proposals %v; want %v (its seat's record team messages; none for a non-captain)", b.name, n, got, w)
		}
	}
	if len(want[0]) == 0 || len(want[1]) == 0 {
		t.Fatalf("team messages per seat %d, %d: want proposals on both seats", len(want[0]), len(want[1]))
	}
	t.Logf("consultation: %d actions, %d team messages (seat 0 %d, seat 1 %d), totals %v", len(rec.GetActions()),
		len(rec.GetTeamMessages()), len(want[0]), len(want[1]), rec.GetResult().GetScores())
}
