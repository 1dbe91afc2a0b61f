package service

import (
	"context"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentDealingSource: a tournament says where its seed comes from, random when the
// referee drew it and chosen when it was given, in TournamentInfo and in each of its tables
// (TableInfo, as the Welcome and the record do); after a restart too. Every table of a tournament
// said chosen, whoever had drawn the seed, so no competitor could tell whether the host could know
// the cards (an outside trial).
func TestTournamentDealingSource(t *testing.T) {
	st := openSQLite(t, t.TempDir()+"/bezique.db")
	r := startReferee(t, st, quiet)
	ctx := context.Background()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	chosen := engine.Seed{7}
	want := map[string]pb.DealingSource{}
	for _, seed := range []*engine.Seed{nil, &chosen} {
		tn, err := r.srv.Referee.CreateTournament(ctx, spec, seed)
		if err != nil {
			t.Fatal(err)
		}
		want[tn.ID] = pb.DealingSource_DEALING_SOURCE_RANDOM
		if seed != nil {
			want[tn.ID] = pb.DealingSource_DEALING_SOURCE_CHOSEN_SEED
		}
	}
	tournaments := pb.NewTournamentServiceClient(r.cc)
	check := func(r *referee, when string) {
		t.Helper()
		for id, src := range want {
			var info *pb.TournamentInfo
			for deadline := time.Now().Add(waitFor); ; time.Sleep(10 * time.Millisecond) {
				got, err := tournaments.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
				if err != nil {
					t.Fatal(err)
				}
				if info = got.GetTournament(); info.GetState() == pb.TournamentState_TOURNAMENT_STATE_FINISHED {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("tournament %s has not finished", id)
				}
			}
			if info.GetDealingSource() != src {
				t.Errorf("%s: tournament %s says %v, want %v", when, id, info.GetDealingSource(), src)
			}
			for g := range spec.GameCount() {
				got, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: TourneyTableID(id, g)})
				if err != nil {
					t.Fatal(err)
				}
				if table := got.GetTable(); table.GetDealingSource() != src {
					t.Errorf("%s: table %s says %v, want %v", when, table.GetTableId(), table.GetDealingSource(), src)
				}
			}
		}
	}
	check(r, "as played")
	r.grpc.Stop()
	r.srv.Close()
	r = startReferee(t, st, quiet)
	tournaments = pb.NewTournamentServiceClient(r.cc)
	check(r, "after a restart")
}
