package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestCreateTournamentRefusesBadText: a tournament's name and its entrants' ids, which the
// standings, the list and the web page show, are plain text of at most MaxNameBytes, as a seat's
// name is (any length and any control character were stored and shown).
func TestCreateTournamentRefusesBadText(t *testing.T) {
	r := startReferee(t, nil, nil)
	client := pb.NewTournamentServiceClient(r.cc)
	spec := func(name, id string) *pb.TournamentSpec {
		return &pb.TournamentSpec{Name: name, Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Duplicate: true, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: id, Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}
	}
	for _, c := range []struct {
		spec *pb.TournamentSpec
		want string
	}{
		{spec("Winter\ncup", "b"), "spec.name: control character U+000A at byte 6"},
		{spec(strings.Repeat("n", MaxNameBytes+1), "b"), "spec.name: 65 bytes; at most 64"},
		{spec("cup", "b\x1b[31m"), "spec.entrants[1].id: control character U+001B at byte 1"},
		{spec("cup", strings.Repeat("b", MaxNameBytes+1)), "spec.entrants[1].id: 65 bytes; at most 64"},
		// A built-in bot's name, an option's name and value came back whole in the refusal (60 000
		// bytes: an outside trial).
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Entrants[1].Kind = &pb.Entrant_BuiltinBot{BuiltinBot: strings.Repeat("x", 60_000)}
			return sp
		}(), "spec.entrants[1].builtin_bot: 60000 bytes; at most 64"},
		// A lobby bot's name was refused naming the table's field, "entrants[0]: its seat would be
		// refused: seats[0].remote.name: …", and the other refusals had no "spec." (an outside trial).
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Entrants[0].Kind = &pb.Entrant_LobbyBot{LobbyBot: strings.Repeat("e", 5000)}
			return sp
		}(), "spec.entrants[0].lobby_bot: 5000 bytes; at most 64"},
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Entrants[0].Kind = &pb.Entrant_LobbyTeam{LobbyTeam: &pb.LobbyTeam{Members: []string{strings.Repeat("e", 40), strings.Repeat("f", 40)}}}
			return sp
		}(), "spec.entrants[0].lobby_team.members: joined with '+' as the seat's name: 81 bytes; at most 64"},
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Options = map[string]string{strings.Repeat("x", 60_000): "1"}
			return sp
		}(), "spec.options: an option's name of 60000 bytes; at most 64 (RULES.md §5 lists the options)"},
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Options = map[string]string{"target": strings.Repeat("1", 60_000)}
			return sp
		}(), "spec.options.target: a value of 60000 bytes; at most 64"},
	} {
		_, err := client.CreateTournament(context.Background(), &pb.CreateTournamentRequest{Spec: c.spec})
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != c.want {
			t.Errorf("CreateTournament: %v; want InvalidArgument %q", err, c.want)
		}
	}
	if _, err := client.CreateTournament(context.Background(), &pb.CreateTournamentRequest{Spec: spec(strings.Repeat("n", MaxNameBytes), "b")}); err != nil {
		t.Fatalf("a name of %d bytes: %v", MaxNameBytes, err)
	}
}
