package service

import (
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentEndThatLandedIsAdopted: a tournament's end is in the store before the referee
// running it stores it, as a try whose commit landed though its answer was lost (PostgreSQL
// restarting during the commit) leaves it: ended, its lease deleted. The referee must end it as
// stored: its watch ends with the finished tournament, every game is there once, no lease loss is
// counted and nothing is logged as a warning. Before, the retried FinishTournament found it
// ended (ErrConflict) and retried for as long as the referee ran, and the lease renewal, finding
// the lease gone, stopped it as taken over by another referee (its watchers ended with
// ErrMoving).
func TestTournamentEndThatLandedIsAdopted(t *testing.T) {
	u, raw := sharedSchema(t)
	logs := &logRecords{}
	a := startPeer(t, u, func(c *Config) { c.Logger = slog.New(logs) })
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Duplicate: true, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "random-1", Bot: "random"}, {ID: "random-2", Bot: "random"}}}
	// The last game's result ends the tournament in the same transaction, as the referee's own
	// FinishTournament would, its answer lost.
	if _, err := raw.Exec(fmt.Sprintf(`CREATE FUNCTION test_end_with_last_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT count(*) FROM tournament_games WHERE tournament_id = NEW.tournament_id) = %d THEN
        UPDATE tournaments SET state = 'finished', finished_at = (extract(epoch FROM clock_timestamp()) * 1000000)::bigint
            WHERE id = NEW.tournament_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER test_end_with_last_game AFTER INSERT ON tournament_games
    FOR EACH ROW EXECUTE FUNCTION test_end_with_last_game();`, len(spec.Schedule()))); err != nil {
		t.Fatal(err)
	}
	tn, err := a.srv.Referee.CreateTournament(t.Context(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := awaitTournament(t, a.srv.Referee, tn.ID)
	checkTournament(t, a.srv.Referee, got)
	// The renewal that finds the lease gone comes within a second of the end.
	time.Sleep(2 * store.LeaseRenewEvery)
	if got := testutil.ToFloat64(a.srv.metrics.leaseLosses); got != 0 {
		t.Errorf("bezique_lease_losses_total = %v, want 0", got)
	}
	if got := warnings(logs); len(got) != 0 {
		t.Errorf("warnings logged: %q; want none", got)
	}
	adopted := slog.Record{Level: slog.LevelInfo, Message: "tournament: its end was stored already (a commit whose answer was lost, or another referee that took it over)"}
	if n := logs.count(adopted); n != 1 {
		t.Errorf("%q logged %d times, want 1", adopted.Message, n)
	}
	if tr, err := a.srv.tourneyByID(tn.ID); err != nil || tr.runningElsewhere() {
		t.Errorf("the tournament is registered as running elsewhere (%v); want it ended here", err)
	}
}
