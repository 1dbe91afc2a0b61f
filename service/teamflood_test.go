package service

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestTeamMessageFloodBounded: a team member that sends MaxTeamMessages+5 messages of the longest
// text is dropped with ResourceExhausted once the table keeps MaxTeamMessages; the stored log
// holds exactly that many, and a referee recovering the table (from a real SQLite file) still
// refuses the next message, so a flood spread over restarts does not grow the log.
func TestTeamMessageFloodBounded(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := startReferee(t, st, quiet)
	resp := r.create(t, teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN))
	a, b, _ := r.joinTeam(t, resp)
	say := func(s *rawSeat) {
		s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: strings.Repeat("x", MaxTeamMessageBytes)}}})
	}
	want := status.New(codes.ResourceExhausted, "team_message: the table keeps at most 4096 team messages")
	for range MaxTeamMessages + 5 {
		say(a)
	}
	if got := status.Convert(a.finalStatus()); got.Code() != want.Code() || got.Message() != want.Message() {
		t.Fatalf("the flooding member ended with %v; want %v", got.Err(), want.Err())
	}
	b.close()
	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(active[0].Actions); n != MaxTeamMessages {
		t.Fatalf("the stored log has %d entries; want %d team messages", n, MaxTeamMessages)
	}
	r.grpc.Stop()
	r.srv.Close()
	r = startReferee(t, st, quiet)
	a = r.joinMember(t, resp, 0, 0)
	say(a)
	if got := status.Convert(a.finalStatus()); got.Code() != want.Code() || got.Message() != want.Message() {
		t.Fatalf("after a restart the member ended with %v; want %v", got.Err(), want.Err())
	}
	r.grpc.Stop()
	r.srv.Close()
}
