package service

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestOwnerStandingsAsComputed: the standings that the referee running a tournament reports
// (ListTournaments, GetTournament, WatchTournament's first update), kept from one stored result
// to the next, equal tournament.Compute over the results read back from its store, in JSON (a pair
// without a loss has an infinite Elo, and NaN equals nothing), after each of many results stored
// in no order: a round robin of three (ratings, pairs, pentanomials over duplicate deals), a
// duplicate match with an SPRT, and a four-handed individual round robin (deal differences in
// thirds of a point).
func TestOwnerStandingsAsComputed(t *testing.T) {
	ctx := context.Background()
	away := tournament.Entrant{ID: "away", Kind: tournament.KindLobby, Bot: "away"}
	specs := map[string]tournament.Spec{
		"round robin": {Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 30, Duplicate: true,
			Entrants: []tournament.Entrant{away, {ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}},
		"match with an SPRT": {Format: tournament.Match, Variant: engine.TwoHanded, Deals: 100, Duplicate: true,
			SPRT:     &tournament.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05},
			Entrants: []tournament.Entrant{away, {ID: "a", Bot: "random"}}},
		"four-handed individual": {Format: tournament.RoundRobin, Variant: engine.FourHandedIndividual, Deals: 10, Duplicate: true,
			Entrants: []tournament.Entrant{away, {ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}, {ID: "c", Bot: "random"}, {ID: "d", Bot: "rulebook"}}},
	}
	for name, spec := range specs {
		t.Run(name, func(t *testing.T) {
			st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = st.Close() }()
			r := newCore(t, Config{Store: st})
			tr := heldTournament(t, r, spec)
			rng := rand.New(rand.NewPCG(3, 4))
			games := rng.Perm(len(tr.games) - 1) // every game but 0, in no order
			check := func(stored int) {
				t.Helper()
				rows, err := st.ListTournamentGames(ctx, tr.id)
				if err != nil {
					t.Fatal(err)
				}
				var results []tournament.Result
				for _, row := range rows {
					var res tournament.Result
					if err := json.Unmarshal(row.Result, &res); err != nil {
						t.Fatal(err)
					}
					results = append(results, res)
				}
				want := standingsJSON(t, tournament.Compute(&tr.spec, results))
				page, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
				if err != nil {
					t.Fatal(err)
				}
				if len(page) != 1 || len(results) != stored {
					t.Fatalf("%d results stored, %d in the store, %d tournaments listed", stored, len(results), len(page))
				}
				if got := standingsJSON(t, page[0].Standings); got != want {
					t.Fatalf("after %d results, listed standings\n%s\nwant\n%s", stored, got, want)
				}
				tn, err := r.GetTournament(ctx, tr.id)
				if err != nil {
					t.Fatal(err)
				}
				if got := standingsJSON(t, tn.Standings); got != want || len(tn.Results) != stored {
					t.Fatalf("after %d results, GetTournament has %d results and the standings\n%s\nwant\n%s", stored, len(tn.Results), got, want)
				}
				wctx, cancel := context.WithCancel(ctx)
				defer cancel()
				err = r.WatchTournament(wctx, tr.id, func(u TournamentUpdate) error {
					if got := standingsJSON(t, u.Standings); got != want || len(u.Results) != stored {
						t.Fatalf("after %d results, WatchTournament's first update has %d results and the standings\n%s\nwant\n%s", stored, len(u.Results), got, want)
					}
					cancel()
					return nil
				})
				if err != context.Canceled {
					t.Fatalf("WatchTournament: %v, want context.Canceled", err)
				}
			}
			check(0)
			for i, g := range games {
				addResult(t, r, tr, g+1, rng)
				if i%7 == 0 || i == len(games)-1 { // listed after some results, after several others
					check(i + 1)
				}
			}
			final := tr.snapshot(false).Standings
			penta := 0
			for _, p := range final.Pairs {
				for _, c := range p.Penta {
					penta += c
				}
			}
			if (penta == 0) != (spec.Variant.Sides() > 2) || (spec.SPRT != nil) != (final.SPRT != nil) || final.Played < len(games)*8/10 {
				t.Fatalf("final standings: %d deal sets in pentanomials, SPRT %+v, %d played: not the case tried", penta, final.SPRT, final.Played)
			}
		})
	}
}

// TestOwnerListingCostsNothingPerResult: listing the tournaments on the referee that runs one
// takes the same number of allocations with 10 stored results as with 1 010, once the standings
// are computed after the last result (8 allocations, the memory store's listing and the standings'
// copy). Before, each listing copied the results and recomputed the standings, the schedule of
// its 1 200 games included: 10 results were listed in 1 917 allocations, 1 010 in 8 334.
func TestOwnerListingCostsNothingPerResult(t *testing.T) {
	ctx := context.Background()
	r := newCore(t, Config{}) // the memory store: its listing allocates the same at every call
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 200, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	tr := heldTournament(t, r, spec)
	rng := rand.New(rand.NewPCG(5, 6))
	listAllocs := func(stored int) float64 {
		return testing.AllocsPerRun(20, func() {
			page, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(page) != 1 || page[0].Standings.Played > stored || page[0].Standings.Played < stored*8/10 {
				t.Fatalf("listed %d tournaments; want one with about %d played", len(page), stored)
			}
		})
	}
	next := 1
	for range 10 {
		addResult(t, r, tr, next, rng)
		next++
	}
	few := listAllocs(10)
	for range 1000 {
		addResult(t, r, tr, next, rng)
		next++
	}
	if many := listAllocs(1010); many != few {
		t.Fatalf("listing the tournament takes %v allocations with 1 010 results, %v with 10", many, few)
	}
}

// standingsJSON is s in JSON, for comparing standings exactly (NaN and infinities as strings).
func standingsJSON(t *testing.T, s tournament.Standings) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// heldTournament creates on r a tournament of spec that r runs and that stays running with no
// game played: each of its entrants is made a lobby bot that never comes (the built-in ones
// "away-ID"), so that the runner puts every game off for the hour of the absence grace, and the
// test stores the results of the games itself with addResult, as the runner stores a played
// game's. (With one entrant away, the runner now plays the games of the others.) It returns once
// the runner says every entrant away (a match's none: it puts no game off), so that what a test
// measures does not change under it: a listing's allocations grew by one (the copy of the bots
// away) when the runner's first round ended between two measurements, in a CI run.
func heldTournament(tb testing.TB, r *Referee, spec tournament.Spec) *tourney {
	tb.Helper()
	spec.Concurrency, spec.AbsenceGraceMs = 1, 3_600_000
	spec.Entrants = slices.Clone(spec.Entrants)
	for i, e := range spec.Entrants {
		if e.Kind != tournament.KindLobby {
			spec.Entrants[i] = tournament.Entrant{ID: e.ID, Kind: tournament.KindLobby, Bot: "away-" + e.ID}
		}
	}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tr, err := r.tourneyByID(tn.ID)
	if err != nil {
		tb.Fatal(err)
	}
	want := len(spec.Entrants)
	if spec.Format == tournament.Match {
		want = 0 // a match puts no game off: its runner waits for game 0's bots in its slot
	}
	for deadline := time.Now().Add(10 * time.Second); len(tr.snapshot(false).Away) != want; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatalf("the held tournament says %d entrants away after 10 s, want %d", len(tr.snapshot(false).Away), want)
		}
	}
	return tr
}

// addResult stores a result of game of tr through storeTourneyResult, the runner's own, read from a
// record made up from rng: a win (most often), a draw, a forfeit or a cancelled game, scores of up
// to 1 500 a side, and each seat's decisions with a timeout, an illegal action or a disconnection
// now and then.
func addResult(tb testing.TB, r *Referee, tr *tourney, game int, rng *rand.Rand) {
	tb.Helper()
	g := tr.games[game]
	sides := tr.spec.Variant.Sides()
	res := &pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED}
	switch k := rng.IntN(10); {
	case k == 0:
		res.Outcome = pb.Outcome_OUTCOME_CANCELLED
	case k == 1:
		seat := uint32(rng.IntN(len(g.Seats)))
		winner := uint32((tr.spec.Side(int(seat)) + 1) % sides)
		res.Outcome, res.ForfeitSeat, res.WinnerSide = pb.Outcome_OUTCOME_FORFEIT, &seat, &winner
	case k == 2: // a draw: no winner
	default:
		winner := uint32(rng.IntN(sides))
		res.WinnerSide = &winner
	}
	if res.Outcome != pb.Outcome_OUTCOME_CANCELLED {
		for side := range sides {
			res.Scores = append(res.Scores, &pb.SideScore{Side: uint32(side), Total: uint32(rng.IntN(1500))})
		}
	}
	rec := &pb.GameRecord{TableId: TourneyTableID(tr.id, game), Result: res}
	for seat := range g.Seats {
		rec.Seats = append(rec.Seats, &pb.SeatInfo{Seat: uint32(seat)})
		for range 3 {
			rec.Actions = append(rec.Actions, &pb.RecordedAction{Seat: uint32(seat), ElapsedMs: uint32(rng.IntN(200))})
		}
		if rng.IntN(8) == 0 {
			rec.Actions = append(rec.Actions, &pb.RecordedAction{Seat: uint32(seat), Intervention: pb.InterventionKind(1 + rng.IntN(3))})
		}
	}
	if err := r.storeTourneyResult(context.Background(), tr, g, rec); err != nil {
		tb.Fatal(err)
	}
}
