package service

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// BenchmarkListTournamentsOwner measures ListTournaments (ns/op, -benchmem) on the referee that
// runs a tournament with BEZIQUE_BENCH_RESULTS stored results (default 2 000), on a SQLite file:
// a round robin of a lobby entrant that never comes (it holds game 0, so the tournament runs until
// the end of the benchmark) and two built-in ones, over duplicate deals. In "unchanged" nothing is
// stored between two calls; in "a-result-each" the referee stores one more result before each call
// (outside the timer), through the runner's storeTourneyResult. See docs/BENCHMARKS.md §
// Tournaments.
//
//	go test -run '^$' -bench BenchmarkListTournamentsOwner -benchmem -benchtime 200x ./service/
func BenchmarkListTournamentsOwner(b *testing.B) {
	n := benchResults(b)
	forEachResultCase(b, func(b *testing.B, each bool) {
		ctx := context.Background()
		st, err := store.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bezique.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = st.Close() }()
		r := newCore(b, Config{Store: st})
		spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: (n+b.N)/6 + 1, Duplicate: true,
			Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
		tr := heldTournament(b, r, spec)
		rng := rand.New(rand.NewPCG(1, 2))
		next := 1 // game 0 awaits the lobby entrant
		add := func() {
			addResult(b, r, tr, next, rng)
			next++
		}
		for range n {
			add()
		}
		list := func() {
			page, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
			if err != nil {
				b.Fatal(err)
			}
			if len(page) != 1 || page[0].Standings.Played < n*8/10 {
				b.Fatalf("listed %d tournaments; want 1 with about %d played", len(page), n*9/10)
			}
		}
		list()
		b.ResetTimer()
		for range b.N {
			if each {
				b.StopTimer()
				add()
				b.StartTimer()
			}
			list()
		}
	})
}
