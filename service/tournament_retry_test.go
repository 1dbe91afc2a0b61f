package service

import (
	"context"
	"database/sql"
	"encoding/json"
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
	r, db, id := tournamentRefusingGame1(t)
	if got, err := r.GetTournament(context.Background(), id); err != nil || got.State != store.TournamentRunning || got.Standings.Played != 2 {
		t.Fatalf("with game 1 refused: %v played, state %v (%v); want 2, running", got.Standings.Played, got.State, err)
	}
	if _, err := db.Exec(`DROP TRIGGER refuse_game_1`); err != nil {
		t.Fatal(err)
	}
	awaitFinished(t, r, id)
}

// TestTournamentResultThatLandedIsAdopted: game 1's result is refused, then stored behind the
// referee's back, as when a commit lands though its answer is lost (PostgreSQL restarting during
// the commit). The game played again found that row in its way at every round, for as long as the
// referee ran (an outside trial); now the round reads the stored results first, takes that one
// in, and the tournament finishes.
func TestTournamentResultThatLandedIsAdopted(t *testing.T) {
	ctx := context.Background()
	r, db, id := tournamentRefusingGame1(t)
	table := TourneyTableID(id, 1)
	rec, err := r.GetRecord(ctx, table)
	if err != nil {
		t.Fatal(err)
	}
	result, err := json.Marshal(ResultFromRecord(1, rec))
	if err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`DROP TRIGGER refuse_game_1`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO tournament_games (tournament_id, game, table_id, result, finished_at) VALUES (?, 1, ?, ?, ?)`,
		id, table, string(result), time.Now().UnixMicro()); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	awaitFinished(t, r, id)
}

// tournamentRefusingGame1 starts a round robin of 3 games, one at a time, on a real SQLite file
// with a trigger (refuse_game_1) that refuses game 1's result row, as a store out of reach would,
// and returns once game 1 has failed twice (played again in the same process): the referee, the
// file behind the store's back, and the tournament's id.
func tournamentRefusingGame1(t *testing.T) (*Referee, *sql.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bezique.db")
	r := newCore(t, Config{Store: openSQLite(t, path)})
	db := rawSQL(t, path)
	if _, err := db.Exec(`CREATE TRIGGER refuse_game_1 BEFORE INSERT ON tournament_games WHEN NEW.game = 1
		BEGIN SELECT RAISE(FAIL, 'refused by the test'); END`); err != nil {
		t.Fatal(err)
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	failures := func() float64 { return testutil.ToFloat64(r.metrics.tourneyFailures) }
	for deadline := time.Now().Add(30 * time.Second); failures() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("game 1 failed %v times in 30 s; want it played again after its failure", failures())
		}
	}
	return r, db, tn.ID
}

// awaitFinished waits up to 30 s for the tournament's end, and checks it (checkTournament).
func awaitFinished(t *testing.T, r *Referee, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.WatchTournament(ctx, id, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatalf("the tournament did not finish once its store took game 1: %v", err)
	}
	got, err := r.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	checkTournament(t, r, got)
}
