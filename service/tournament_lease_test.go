package service

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentLeaseLost: referee A runs a tournament and loses its lease to referee B (A
// stopped renewing, as when paused past its lease; B takes it over with the next epoch and
// resumes it, as leaseLoop's takeOver does). A stops running it at its next renewal and starts
// no game of it any more; B plays every missing game: each scheduled game is played once, on one
// table played by one referee, and has one result; the standings equal a recomputation from the
// records; A's watcher is told to watch again elsewhere (ErrMoving), and A, asked afterwards,
// reports the tournament as the store has it.
func TestTournamentLeaseLost(t *testing.T) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Duplicate: true, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "random-1", Bot: "random"}, {ID: "random-2", Bot: "random"}}}
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, scheduled := tn.ID, len(tn.Spec.Schedule())
	for {
		got, err := a.srv.Referee.GetTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Results) >= 2 {
			break
		}
		if got.State != store.TournamentRunning || ctx.Err() != nil {
			t.Fatalf("the tournament is %s with %d results before the takeover; want it running", got.State, len(got.Results))
		}
		time.Sleep(10 * time.Millisecond)
	}
	watched := make(chan error, 1)
	go func() { watched <- a.srv.Referee.WatchTournament(ctx, id, func(TournamentUpdate) error { return nil }) }()
	// B takes the lease over, as TakeExpired does once A's lease has expired: in one statement
	// that waits for a write of A in flight (A's renewals, every second, cannot slip in between).
	var epoch int64
	if err := raw.QueryRow("UPDATE leases SET owner = $1, epoch = epoch + 1, expires_at = now() + interval '5 seconds' "+
		"WHERE (kind, id) IN (SELECT kind, id FROM leases WHERE kind = 'tournament' AND id = $2 FOR UPDATE) RETURNING epoch",
		b.srv.leaser.Owner(), id).Scan(&epoch); err != nil || epoch != 2 {
		t.Fatalf("takeover: epoch %d, %v; want 2", epoch, err)
	}
	var before int // results stored by A, and tables of the tournament created by A, at the takeover
	if err := raw.QueryRow("SELECT count(*) FROM tournament_games WHERE tournament_id = $1", id).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if err := b.srv.resumeTournament(ctx, id); err != nil {
		t.Fatal(err)
	}
	// A notices at its next renewal (every second) and stops running the tournament.
	trA, err := a.srv.tourneyByID(id)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(3 * store.LeaseRenewEvery); !trA.runningElsewhere(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("A still runs the tournament %v after losing its lease", 3*store.LeaseRenewEvery)
		}
	}
	select {
	case err := <-watched:
		if !errors.Is(err, ErrMoving) {
			t.Errorf("the watch through A ended with %v, want ErrMoving (watch it again, at B)", err)
		}
	case <-time.After(time.Second):
		t.Error("the watch through A goes on after A stopped running the tournament")
	}
	done := awaitTournament(t, b.srv.Referee, id)
	checkTournament(t, b.srv.Referee, done)

	// Every table of the tournament was played by one referee: its actions carry one owner.
	var shared int
	if err := raw.QueryRow("SELECT count(*) FROM (SELECT table_id FROM actions WHERE table_id LIKE $1 GROUP BY table_id "+
		"HAVING count(DISTINCT lease_owner) > 1) x", id+"-g%").Scan(&shared); err != nil || shared != 0 {
		t.Errorf("%d tables of the tournament were written by two referees (%v); want none", shared, err)
	}
	// A created no table after the takeover: those it played are the games with a result then,
	// and at most one more in play (Concurrency 1).
	var byA, tables int
	if err := raw.QueryRow("SELECT count(DISTINCT table_id) FILTER (WHERE lease_owner = $2), count(DISTINCT table_id) FROM actions WHERE table_id LIKE $1",
		id+"-g%", a.srv.leaser.Owner()).Scan(&byA, &tables); err != nil {
		t.Fatal(err)
	}
	if byA > before+1 || tables != scheduled {
		t.Errorf("A played %d tables, %d had a result at the takeover; %d tables in all, %d scheduled", byA, before, tables, scheduled)
	}
	var results int
	if err := raw.QueryRow("SELECT count(*) FROM tournament_games WHERE tournament_id = $1", id).Scan(&results); err != nil || results != scheduled {
		t.Errorf("%d stored results (%v), want %d", results, err, scheduled)
	}
	got, err := a.srv.Referee.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.TournamentFinished || len(got.Results) != scheduled || !sameStandings(got.Standings, done.Standings) {
		t.Errorf("GetTournament through A: %s with %d results; want it finished with %d and B's standings", got.State, len(got.Results), scheduled)
	}
	if _, err := a.srv.Referee.CancelTournament(ctx, id, ""); !errors.Is(err, ErrEnded) {
		t.Errorf("CancelTournament through A after the end: %v, want ErrEnded", err)
	}
}

// readCounter is the shared PostgreSQL store, counting the reads of tournaments that
// ListTournaments may make, and the results read.
type readCounter struct {
	store.Store
	store.Leaser
	lists, gets, gameLists, results, counts atomic.Int64
}

func (c *readCounter) CountTournamentGames(ctx context.Context, ids ...string) (map[string]int, error) {
	c.counts.Add(1)
	return c.Store.CountTournamentGames(ctx, ids...)
}

func (c *readCounter) ListTournaments(ctx context.Context, f store.TournamentFilter, pageSize int, pageToken string) ([]store.Tournament, string, error) {
	c.lists.Add(1)
	return c.Store.ListTournaments(ctx, f, pageSize, pageToken)
}

func (c *readCounter) GetTournament(ctx context.Context, id string) (store.Tournament, error) {
	c.gets.Add(1)
	return c.Store.GetTournament(ctx, id)
}

func (c *readCounter) ListTournamentGames(ctx context.Context, ids ...string) ([]store.TournamentGame, error) {
	c.gameLists.Add(1)
	games, err := c.Store.ListTournamentGames(ctx, ids...)
	c.results.Add(int64(len(games)))
	return games, err
}

// reset sets every count to zero.
func (c *readCounter) reset() {
	for _, n := range []*atomic.Int64{&c.lists, &c.gets, &c.gameLists, &c.results, &c.counts} {
		n.Store(0)
	}
}

// reads is the number of reads counted.
func (c *readCounter) reads() int64 {
	return c.lists.Load() + c.gets.Load() + c.gameLists.Load() + c.counts.Load()
}

// TestListTournamentsOneRead: ListTournaments on a referee that runs none of the tournaments
// reads all their results in one query, however many run elsewhere, and reports each as
// GetTournament does; one seen ended is not read again, nor one running elsewhere until the
// number of its stored results changes (one count of the page's) and its summary is
// elsewhereRefresh old: then it is read again, and listed with its new standings. Before, every
// listing read all the results of every tournament running elsewhere.
func TestListTournamentsOneRead(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	counter := &readCounter{}
	c := startPeer(t, u, func(cfg *Config) {
		counter.Store, counter.Leaser = cfg.Store, cfg.Store.(store.Leaser)
		cfg.Store = counter
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// A lobby bot that never comes, with an hour's grace: each tournament runs until cancelled,
	// its game 0 waiting for the bot and game 1 never started (one game at a time).
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 2, Concurrency: 1, AbsenceGraceMs: 3_600_000,
		Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "r", Bot: "random"}}}
	var ids []string
	for range 3 {
		tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tn.ID)
	}
	if _, err := a.srv.Referee.CancelTournament(ctx, ids[0], "enough"); err != nil {
		t.Fatal(err)
	}
	var list []*Tournament
	for round, want := range []struct {
		played    int    // the played games listed for ids[1]
		first     string // and its first entrant
		gameLists int64  // ListTournamentGames calls
		results   int64  // results they read
	}{{0, "away 0 won", 1, 0}, {0, "away 0 won", 0, 0}, {0, "away 0 won", 0, 0}, {1, "away 1 won", 1, 1}, {1, "away 1 won", 0, 0}} {
		if round == 2 { // A stores a result of ids[1], as its game 1 ends: won by side 1, away
			res := `{"game":1,"table_id":"` + TourneyTableID(ids[1], 1) + `","outcome":"completed","winner_side":1,"forfeit_seat":-1,"scores":[900,1000]}`
			if err := a.srv.tourneys.store.AddTournamentGame(ctx, store.TournamentGame{TournamentID: ids[1], Game: 1, TableID: TourneyTableID(ids[1], 1),
				Result: []byte(res)}); err != nil {
				t.Fatal(err)
			}
		}
		if round == 3 { // the summaries are elsewhereRefresh old
			reg := c.srv.tourneys
			reg.mu.Lock()
			for id, sum := range reg.elsewhere {
				sum.read = sum.read.Add(-elsewhereRefresh)
				reg.elsewhere[id] = sum
			}
			reg.mu.Unlock()
		}
		counter.reset()
		var err error
		if list, _, err = c.srv.Referee.ListTournaments(ctx, store.TournamentFilter{}, 0, ""); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tn := range list {
			first := tn.Standings.Entrants[0]
			got = append(got, fmt.Sprintf("%s %s %d/%d, first %s %d won", tn.ID, tn.State, tn.Standings.Played, tn.Standings.Scheduled, first.Entrant, first.Wins))
		}
		wantList := []string{ids[0] + " cancelled 0/2, first away 0 won", fmt.Sprintf("%s running %d/2, first %s", ids[1], want.played, want.first),
			ids[2] + " running 0/2, first away 0 won"}
		if !reflect.DeepEqual(got, wantList) {
			t.Errorf("round %d: ListTournaments through C = %v, want %v", round, got, wantList)
		}
		if g, l, r, n := counter.gets.Load(), counter.gameLists.Load(), counter.results.Load(), counter.counts.Load(); g != 0 || l != want.gameLists || r != want.results || n != 1 {
			t.Errorf("round %d: ListTournaments read %d tournaments, listed games %d times (%d results), counted them %d times; want 0, %d (%d), 1",
				round, g, l, r, n, want.gameLists, want.results)
		}
	}
	if tn, err := c.srv.Referee.GetTournament(ctx, ids[1]); err != nil || len(tn.Results) != 1 || !sameStandings(tn.Standings, list[1].Standings) {
		t.Errorf("GetTournament(%s) through C: %v; want its one result and the standings listed", ids[1], err)
	}
}

// TestTournamentAwaitsLeaseRenewal: a referee whose lease renewals cannot complete (here one of
// its lease rows is locked, so its renewal UPDATE waits past store.LeaseTTL and fails, as when
// PostgreSQL is out of reach) starts no game of a tournament until a renewal succeeds again;
// then the tournament plays its schedule.
func TestTournamentAwaitsLeaseRenewal(t *testing.T) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("SELECT 1 FROM leases WHERE kind = 'table' AND id = $1 FOR UPDATE", resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(store.LeaseTTL + 3*store.LeaseRenewEvery); a.srv.leaseHeld(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the referee still counts on its leases while its renewals cannot complete")
		}
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "random-1", Bot: "random"}, {ID: "random-2", Bot: "random"}}}
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	var tables int
	if err := raw.QueryRow("SELECT count(*) FROM tables WHERE tournament_id = $1", tn.ID).Scan(&tables); err != nil || tables != 0 {
		t.Fatalf("%d tables of the tournament created (%v) while the referee's renewals fail; want none", tables, err)
	}
	if err := tx.Rollback(); err != nil { // the renewals go through again
		t.Fatal(err)
	}
	checkTournament(t, a.srv.Referee, awaitTournament(t, a.srv.Referee, tn.ID))
}
