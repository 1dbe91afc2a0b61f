package service

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentGameFailedIsPlayedAgain: a tournament game whose result cannot be stored (a
// trigger in the SQLite file refuses game 1's row, as a store out of reach would) fails, and is
// played again every round (1 s, then 2 s, ...) while the other games go on; once the store takes
// the row, the tournament finishes with every scheduled game once. Before, the first failure
// stopped the tournament until the referee's next start.
func TestTournamentGameFailedIsPlayedAgain(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	r := newCore(t, Config{Store: openSQLite(t, path)})
	db := rawSQL(t, path)
	if _, err := db.Exec(`CREATE TRIGGER refuse_game_1 BEFORE INSERT ON tournament_games WHEN NEW.game = 1
		BEGIN SELECT RAISE(FAIL, 'refused by the test'); END`); err != nil {
		t.Fatal(err)
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	failures := func() float64 { return testutil.ToFloat64(r.metrics.tourneyFailures) }
	for deadline := time.Now().Add(30 * time.Second); failures() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("game 1 failed %v times in 30 s; want it played again after its failure", failures())
		}
	}
	if got, err := r.GetTournament(ctx, tn.ID); err != nil || got.State != store.TournamentRunning || got.Standings.Played != 2 {
		t.Fatalf("with game 1 refused: %v played, state %v (%v); want 2, running", got.Standings.Played, got.State, err)
	}
	if _, err := db.Exec(`DROP TRIGGER refuse_game_1`); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := r.WatchTournament(wctx, tn.ID, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatalf("the tournament did not finish once its store took game 1: %v", err)
	}
	got, err := r.GetTournament(ctx, tn.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkTournament(t, r, got)
}
