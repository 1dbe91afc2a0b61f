package service

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestEndedTournamentsCostNothingPerGame: a referee keeps an ended tournament as its summary, so
// listing the tournaments costs the same for one of 2 games as for one of 60, before and after a
// restart on the same SQLite file, and GetTournament still returns every result, read from the
// store. "The same" is within sameCost allocations: a listing reads the store, whose driver's
// allocations vary by a few from one run to another (seen: 58 and 66 for one listing, in CI
// under -race), while a cost per game is about 9 allocations a game, 500 for 60. Before, the referee held every ended tournament's results for as long as it ran, and
// each ListTournaments (the web app's home page calls it every two seconds) recomputed the
// standings of every game ever played: 2 games listed in 44 allocations, 60 in 558.
func TestEndedTournamentsCostNothingPerGame(t *testing.T) {
	ctx := context.Background()
	spec := func(deals int) tournament.Spec {
		return tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: deals, Duplicate: true, Concurrency: 8,
			Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	}
	open := func(path string) (*Referee, store.Store) {
		st, err := store.Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		return newCore(t, Config{Store: st}), st
	}
	listAllocs := func(r *Referee) float64 {
		return testing.AllocsPerRun(50, func() {
			if _, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, ""); err != nil {
				t.Fatal(err)
			}
		})
	}
	const sameCost = 20 // allocations; 60 games cost about 500 more when a listing reads their results
	var allocs []float64
	for _, deals := range []int{1, 30} {
		path := filepath.Join(t.TempDir(), "bezique.db")
		r, st := open(path)
		tn, err := r.CreateTournament(ctx, spec(deals), nil)
		if err != nil {
			t.Fatal(err)
		}
		ended := awaitTournament(t, r, tn.ID)
		checkTournament(t, r, ended)
		allocs = append(allocs, listAllocs(r))
		r.Close()
		_ = st.Close()

		r, _ = open(path) // the same store, after a restart
		listed, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(listed) != 1 || listed[0].Results != nil || !sameStandings(listed[0].Standings, ended.Standings) {
			t.Fatalf("%d games, after a restart: listed %+v; want the standings %+v and no results", 2*deals, listed, ended.Standings)
		}
		got, err := r.GetTournament(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkTournament(t, r, got)
		if !sameStandings(got.Standings, ended.Standings) {
			t.Fatalf("%d games, after a restart: standings %+v, want %+v", 2*deals, got.Standings, ended.Standings)
		}
		if a := listAllocs(r); math.Abs(a-allocs[len(allocs)-1]) > sameCost {
			t.Fatalf("%d games: listing them takes %v allocations after a restart, %v before", 2*deals, a, allocs[len(allocs)-1])
		}
	}
	if math.Abs(allocs[0]-allocs[1]) > sameCost {
		t.Fatalf("listing an ended tournament of 2 games takes %v allocations, of 60 games %v", allocs[0], allocs[1])
	}
}

// TestStoredResultsInTheOrderTheyEnded: a tournament read from the store (after a restart, once
// it has ended, or run by another referee) has its results in the order they ended, as
// GetTournament says, not in the schedule's: the store lists them by game, and game 1 ended
// here before game 0.
func TestStoredResultsInTheOrderTheyEnded(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	seed, salt := make([]byte, 32), make([]byte, engine.SaltSize)
	created := time.Date(2026, 12, 2, 13, 0, 0, 0, time.UTC)
	if err := st.CreateTournament(ctx, store.Tournament{ID: "tn-0", Spec: specJSON, Seed: seed, Salt: salt, Commitment: "c", CreatedAt: created}, nil); err != nil {
		t.Fatal(err)
	}
	for i, game := range []int{1, 0} { // game 1 ended first
		r := tournament.Result{Game: game, TableID: fmt.Sprintf("tn-0-g%d", game), Outcome: tournament.Outcome(ResultCompleted), WinnerSide: game,
			ForfeitSeat: -1, Scores: []int{1000, 900}, Seats: make([]tournament.SeatStats, 2)}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "tn-0", Game: game, TableID: r.TableID, Result: b,
			FinishedAt: created.Add(time.Duration(i+1) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishTournament(ctx, "tn-0", store.TournamentFinished, created.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	r := newCore(t, Config{Store: st})
	tn, err := r.GetTournament(ctx, "tn-0")
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	for _, res := range tn.Results {
		order = append(order, res.Game)
	}
	if fmt.Sprint(order) != "[1 0]" {
		t.Fatalf("results of games %v, want [1 0], the order they ended", order)
	}
}

// TestEndedSummariesBounded: a referee keeps the summaries of at most maxEndedSummaries ended
// tournaments, those used last; one it no longer keeps is read from the store again, the same.
// It kept every one it had ended or read for as long as it ran (about 3 KB each).
func TestEndedSummariesBounded(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	spec, err := json.Marshal(tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = maxEndedSummaries + 5
	created := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	for i := range n {
		var sd engine.Seed
		salt := make([]byte, engine.SaltSize)
		row := store.Tournament{ID: fmt.Sprintf("tn-%016x", i), Spec: spec, Seed: sd[:], Salt: salt, Commitment: sd.SaltedCommitment(salt),
			CreatedAt: created.Add(time.Duration(i) * time.Second)}
		if err := st.CreateTournament(ctx, row, nil); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTournament(ctx, row.ID, store.TournamentCancelled, row.CreatedAt.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	r := newCore(t, Config{Store: st})
	listed := 0
	for token := ""; ; {
		page, next, err := r.ListTournaments(ctx, store.TournamentFilter{}, store.MaxPageSize, token)
		if err != nil {
			t.Fatal(err)
		}
		listed += len(page)
		if token = next; token == "" {
			break
		}
	}
	reg := r.tourneys
	reg.mu.Lock()
	kept, running := reg.ended.Len(), len(reg.byID)
	reg.mu.Unlock()
	if listed != n || kept != maxEndedSummaries || running != 0 {
		t.Fatalf("after listing %d ended tournaments: %d summaries kept and %d other entries; want %d listed, %d kept, 0 others",
			listed, kept, running, n, maxEndedSummaries)
	}
	if _, ok := reg.ended.Peek(fmt.Sprintf("tn-%016x", 0)); ok {
		t.Fatal("the first tournament listed is still kept, want it dropped for the last ones")
	}
	got, err := r.GetTournament(ctx, fmt.Sprintf("tn-%016x", 0))
	if err != nil || got.State != store.TournamentCancelled || got.ID != "tn-0000000000000000" || !got.FinishedAt.Equal(created.Add(time.Minute)) {
		t.Fatalf("GetTournament of a tournament no longer kept = %+v, %v; want it cancelled, finished at %v", got, err, created.Add(time.Minute))
	}
}
