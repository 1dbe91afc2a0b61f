package service

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestTournamentServiceOverGRPC: a gauntlet created over gRPC is watched to its end: the stream's
// results add up to the schedule and name their entrants as GetTournament's do, its last standings
// equal GetTournament's, the seed is revealed
// at the end only, ListTournaments lists it, and the metrics count its games.
func TestTournamentServiceOverGRPC(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	client := pb.NewTournamentServiceClient(r.cc)
	spec := &pb.TournamentSpec{Format: pb.TournamentFormat_TOURNAMENT_FORMAT_GAUNTLET, Variant: pb.Variant_VARIANT_THREE_HANDED, Deals: 1, Duplicate: true,
		Concurrency: 3, Entrants: []*pb.Entrant{
			{Id: "candidate", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "rulebook"}},
			{Id: "r1", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
			{Id: "r2", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
			{Id: "r3", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}
	created, err := client.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	info := created.GetTournament()
	// A gauntlet of one candidate and three others, three-handed: 3 trios holding the candidate,
	// each deal set played in 3 rotations.
	if info.GetStandings().GetScheduled() != 9 || info.GetSeed() != nil || len(info.GetSeedCommitment()) != 64 {
		t.Fatalf("created %v", info)
	}
	stream, err := client.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: info.GetTournamentId()})
	if err != nil {
		t.Fatal(err)
	}
	var results int
	var last *pb.WatchTournamentResponse
	watched := map[uint32]string{}         // each game's entrants, as the stream named them
	pairs := map[string]*pb.PairStanding{} // the head-to-head pairs, kept as a client keeps them (pairs_changed)
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		results += len(msg.GetResults())
		for _, res := range msg.GetResults() {
			watched[res.GetGame()] = strings.Join(res.GetEntrants(), " ")
		}
		for _, p := range msg.GetStandings().GetPairs() {
			pairs[p.GetA()+" "+p.GetB()] = p
		}
		last = msg
	}
	if results != 9 || last.GetState() != pb.TournamentState_TOURNAMENT_STATE_FINISHED {
		t.Fatalf("watched %d results, last state %v", results, last.GetState())
	}
	got, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: info.GetTournamentId()})
	if err != nil {
		t.Fatal(err)
	}
	kept := proto.Clone(last.GetStandings()).(*pb.Standings)
	kept.Pairs = nil
	for _, p := range got.GetTournament().GetStandings().GetPairs() {
		kept.Pairs = append(kept.Pairs, pairs[p.GetA()+" "+p.GetB()])
	}
	if len(got.GetResults()) != 9 || len(got.GetTournament().GetSeed()) != 32 || len(pairs) != 6 || !proto.Equal(got.GetTournament().GetStandings(), kept) {
		t.Fatalf("GetTournament: %d results, seed %x, standings %v; watched %v, %d pairs kept", len(got.GetResults()), got.GetTournament().GetSeed(),
			got.GetTournament().GetStandings(), kept, len(pairs))
	}
	// Each result names its entrants in seat order: the candidate's trios, each in three rotations.
	wantEntrants := []string{"candidate r1 r2", "r1 r2 candidate", "r2 candidate r1", "candidate r1 r3", "r1 r3 candidate",
		"r3 candidate r1", "candidate r2 r3", "r2 r3 candidate", "r3 candidate r2"}
	for _, res := range got.GetResults() {
		if g := res.GetGame(); strings.Join(res.GetEntrants(), " ") != wantEntrants[g] || watched[g] != wantEntrants[g] {
			t.Errorf("game %d: GetTournament names %q, the watch %q; want %q", g, res.GetEntrants(), watched[g], wantEntrants[g])
		}
	}
	if st := got.GetTournament().GetStandings().GetEntrants(); st[0].GetEntrant() != "candidate" || st[0].GetGames() != 9 {
		t.Fatalf("standings %v", st)
	}
	list, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{})
	if err != nil || len(list.GetTournaments()) != 1 || list.GetTournaments()[0].GetTournamentId() != info.GetTournamentId() {
		t.Fatalf("ListTournaments: %v, %v", list, err)
	}
	audit, err := r.srv.ListAuditEvents(ctx, &pb.ListAuditEventsRequest{})
	if err != nil || len(audit.GetEvents()) != 1 || audit.GetEvents()[0].GetAction() != pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CREATED ||
		audit.GetEvents()[0].GetTarget() != info.GetTournamentId() {
		t.Fatalf("audit trail %v, %v; want the tournament's creation", audit, err)
	}
	m := r.srv.metrics
	if s, f, p := testutil.ToFloat64(m.tourneyPlanned), testutil.ToFloat64(m.tourneyFinished), testutil.ToFloat64(m.tourneyInPlay); s != 9 || f != 9 || p != 0 {
		t.Fatalf("metrics: scheduled %v, finished %v, in play %v; want 9, 9, 0", s, f, p)
	}
}

// TestTournamentServiceErrors: bad requests get InvalidArgument naming the field; an unknown
// tournament NotFound.
func TestTournamentServiceErrors(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	client := pb.NewTournamentServiceClient(r.cc)
	two := []*pb.Entrant{{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}
	for _, c := range []struct {
		req  *pb.CreateTournamentRequest
		want string
	}{
		{&pb.CreateTournamentRequest{}, "spec: missing"},
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: []*pb.Entrant{{Id: "a"}}}}, "spec.entrants[0].builtin_bot: missing: set the entrant's kind (builtin_bot, lobby_bot or lobby_team)"},
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: two}, Seed: []byte{1}}, "seed: 1 bytes; a seed is exactly 32 bytes"},
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Entrants: two}}, "spec.deals: 0; at least 1"},
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: two,
			Partners: pb.Partners_PARTNERS_ROTATING}}, "spec.partners: only for the four-handed variant"},
		// Stored as unspecified before (an attack).
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, Entrants: two,
			FailurePolicy: &pb.FailurePolicy{OnTimeout: 77}}}, "spec.failure_policy.on_timeout: unknown failure action 77"},
		// The root finder looped for ever on this match's results (an attack).
		{&pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Format: pb.TournamentFormat_TOURNAMENT_FORMAT_MATCH,
			Deals: 1, Entrants: two, Sprt: &pb.Sprt{Elo1: 5000, Alpha: 0.05, Beta: 0.05}}}, "spec.sprt: elo0 0 and elo1 5000 must be within ±1000"},
	} {
		_, err := client.CreateTournament(ctx, c.req)
		if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != c.want {
			t.Errorf("CreateTournament(%v): %v, want InvalidArgument %q", c.req, err, c.want)
		}
	}
	if _, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: "tn-0"}); status.Code(err) != codes.NotFound {
		t.Errorf("GetTournament(tn-0): %v, want NotFound", err)
	}
	if _, err := client.GetTournament(ctx, &pb.GetTournamentRequest{}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("GetTournament(): %v, want InvalidArgument", err)
	}
}

// TestCancelTournamentOverGRPC: CancelTournament's refusals name the field or the state, and a
// cancel of a tournament waiting for an absent lobby bot ends it, its reason in the audit trail
// and its absence grace read back from the spec.
func TestCancelTournamentOverGRPC(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, nil)
	client := pb.NewTournamentServiceClient(r.cc)
	created := awayTournament(t, ctx, client)
	id := created.GetTournamentId()
	if g := created.GetSpec().GetAbsenceGraceMs(); g != 3_600_000 {
		t.Fatalf("absence_grace_ms %d", g)
	}
	for _, c := range []struct {
		req  *pb.CancelTournamentRequest
		code codes.Code
		msg  string
	}{
		{&pb.CancelTournamentRequest{}, codes.InvalidArgument, "tournament_id: missing"},
		{&pb.CancelTournamentRequest{TournamentId: "tn-0000000000000000"}, codes.NotFound, `tournament "tn-0000000000000000" not found`},
		{&pb.CancelTournamentRequest{TournamentId: id, Reason: "bad\x07"}, codes.InvalidArgument, "reason: "},
	} {
		_, err := client.CancelTournament(ctx, c.req)
		if s := status.Convert(err); s.Code() != c.code || !strings.Contains(s.Message(), c.msg) {
			t.Errorf("CancelTournament(%v) = %v; want %s with %q", c.req, err, c.code, c.msg)
		}
	}
	resp, err := client.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id, Reason: "the bot never came"})
	if err != nil || resp.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED || len(resp.GetTournament().GetSeed()) != 32 {
		t.Fatalf("CancelTournament: %v, %v", resp, err)
	}
	_, err = client.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id})
	if s := status.Convert(err); s.Code() != codes.FailedPrecondition || s.Message() != "tournament "+id+" is cancelled" {
		t.Errorf("second cancel: %v", err)
	}
	audit, err := r.srv.ListAuditEvents(ctx, &pb.ListAuditEventsRequest{})
	if err != nil || len(audit.GetEvents()) != 2 || audit.GetEvents()[0].GetAction() != pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CANCELLED ||
		audit.GetEvents()[0].GetTarget() != id || audit.GetEvents()[0].GetDetail() != "the bot never came" {
		t.Fatalf("audit trail %v, %v", audit, err)
	}
}

// awayTournament creates through client a two-handed tournament that runs until it is cancelled:
// a lobby bot that never comes, with an hour's grace, against a random bot.
func awayTournament(t *testing.T, ctx context.Context, client pb.TournamentServiceClient) *pb.TournamentInfo {
	t.Helper()
	created, err := client.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1,
		AbsenceGraceMs: 3_600_000, Entrants: []*pb.Entrant{{Id: "away", Kind: &pb.Entrant_LobbyBot{LobbyBot: "away"}},
			{Id: "r", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	return created.GetTournament()
}
