package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

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
		{spec("Winter\ncup", "b"), "name: control character U+000A at byte 6"},
		{spec(strings.Repeat("n", MaxNameBytes+1), "b"), "name: 65 bytes; at most 64"},
		{spec("cup", "b\x1b[31m"), "entrants[1].id: control character U+001B at byte 1"},
		{spec("cup", strings.Repeat("b", MaxNameBytes+1)), "entrants[1].id: 65 bytes; at most 64"},
		// A built-in bot's name, an option's name and value came back whole in the refusal (60 000
		// bytes: an outside trial).
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Entrants[1].Kind = &pb.Entrant_BuiltinBot{BuiltinBot: strings.Repeat("x", 60_000)}
			return sp
		}(), "entrants[1].bot: 60000 bytes; at most 64"},
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Options = map[string]string{strings.Repeat("x", 60_000): "1"}
			return sp
		}(), "options: an option's name of 60000 bytes; at most 64 (RULES.md §5 lists the options)"},
		{func() *pb.TournamentSpec {
			sp := spec("cup", "b")
			sp.Options = map[string]string{"target": strings.Repeat("1", 60_000)}
			return sp
		}(), "options.target: a value of 60000 bytes; at most 64"},
	} {
		_, err := client.CreateTournament(context.Background(), &pb.CreateTournamentRequest{Spec: c.spec})
		wantCode(t, "CreateTournament", err, codes.InvalidArgument, c.want)
	}
	if _, err := client.CreateTournament(context.Background(), &pb.CreateTournamentRequest{Spec: spec(strings.Repeat("n", MaxNameBytes), "b")}); err != nil {
		t.Fatalf("a name of %d bytes: %v", MaxNameBytes, err)
	}
}
