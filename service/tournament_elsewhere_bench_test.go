package service

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// BenchmarkListTournamentsElsewhere measures ListTournaments (ns/op) on referee B of a tournament
// that referee A, sharing B's PostgreSQL store, runs with BEZIQUE_BENCH_RESULTS stored results
// (default 2 000; a lobby entrant that never comes holds its first game, so it runs until the
// end of the benchmark). In "unchanged" nothing is stored between two calls; in "a-result-each"
// A stores one more result before each call (outside the timer), so that B reads the tournament
// again whenever its summary is elsewhereRefresh old. reads/op are B's reads of the
// store's tournaments per call (ListTournaments, GetTournament, ListTournamentGames,
// CountTournamentGames), results/op the results it read. See docs/BENCHMARKS.md § Tournaments.
//
//	eval "$(scripts/postgres.sh)"
//	go test -run '^$' -bench BenchmarkListTournamentsElsewhere -benchtime 200x ./service/
func BenchmarkListTournamentsElsewhere(b *testing.B) {
	n := benchResults(b)
	forEachResultCase(b, func(b *testing.B, each bool) {
		u, _ := sharedSchema(b)
		stA, err := store.Open(context.Background(), u)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = stA.Close() }()
		stB, err := store.Open(context.Background(), u)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = stB.Close() }()
		a := newCore(b, Config{Store: stA, Advertise: "127.0.0.1:1"})
		counter := &readCounter{Store: stB, Leaser: stB.(store.Leaser)}
		rb := newCore(b, Config{Store: counter, Advertise: "127.0.0.1:2"})
		ctx := context.Background()
		spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: (n + b.N + 2) / 2, Duplicate: true,
			Concurrency: 1, AbsenceGraceMs: 3_600_000,
			Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "r", Bot: "random"}}}
		tn, err := a.CreateTournament(ctx, spec, nil)
		if err != nil {
			b.Fatal(err)
		}
		next := 1 // game 0 awaits the lobby entrant
		add := func() {
			r := tournament.Result{Game: next, TableID: TourneyTableID(tn.ID, next), Outcome: tournament.OutcomeCompleted, WinnerSide: next % 2,
				ForfeitSeat: -1, Scores: []int{1000 + next%300, 1000}, Seats: []tournament.SeatStats{{Decisions: 40, DecisionMs: 12}, {Decisions: 40, DecisionMs: 15}}}
			res, err := json.Marshal(r)
			if err != nil {
				b.Fatal(err)
			}
			if err := stA.AddTournamentGame(ctx, store.TournamentGame{TournamentID: tn.ID, Game: next, TableID: r.TableID, Result: res}); err != nil {
				b.Fatal(err)
			}
			next++
		}
		for range n {
			add()
		}
		list := func() {
			page, _, err := rb.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
			if err != nil {
				b.Fatal(err)
			}
			if len(page) != 1 || page[0].Standings.Played > next-1 || page[0].Standings.Played < n || !each && page[0].Standings.Played != n {
				b.Fatalf("listed %d tournaments; want 1 with %d played (up to %d in a-result-each)", len(page), n, next-1)
			}
		}
		list() // the first read of the tournament, before the timer
		counter.reset()
		b.ResetTimer()
		for range b.N {
			if each {
				b.StopTimer()
				add()
				b.StartTimer()
			}
			list()
		}
		b.StopTimer()
		b.ReportMetric(float64(counter.reads())/float64(b.N), "reads/op")
		b.ReportMetric(float64(counter.results.Load())/float64(b.N), "results/op")
	})
}

// benchResults is BEZIQUE_BENCH_RESULTS, the stored results of a tournament benchmark (default 2 000).
func benchResults(b *testing.B) int {
	s := os.Getenv("BEZIQUE_BENCH_RESULTS")
	if s == "" {
		return 2000
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// forEachResultCase runs f as two sub-benchmarks: "unchanged", where nothing is stored between two
// calls (each false), and "a-result-each", where a result is stored before each call (each true).
func forEachResultCase(b *testing.B, f func(b *testing.B, each bool)) {
	b.Run("unchanged", func(b *testing.B) { f(b, false) })
	b.Run("a-result-each", func(b *testing.B) { f(b, true) })
}
