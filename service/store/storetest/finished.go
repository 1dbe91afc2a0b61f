package storetest

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// AddFinishedTournament stores in st a finished tournament id of spec (which it validates) with a
// result for every game of its schedule, as a referee would have stored them: each a completed
// game that side 0 won 1000 to 900 in 40 decisions a seat, on the table id-g<game>, stored a
// second after the one before it from at on, in schedule order. It returns the time the
// tournament finished (its last game's), and fails t on any error.
func AddFinishedTournament(t testing.TB, st store.Store, id string, spec tournament.Spec, at time.Time) time.Time {
	t.Helper()
	ctx := context.Background()
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateTournament(ctx, store.Tournament{ID: id, Spec: specJSON, Seed: make([]byte, 32), Salt: make([]byte, engine.SaltSize),
		Commitment: "c", CreatedAt: at}, nil); err != nil {
		t.Fatal(err)
	}
	for _, g := range spec.Schedule() {
		at = at.Add(time.Second)
		r := tournament.Result{Game: g.Index, TableID: id + "-g" + strconv.Itoa(g.Index), Outcome: tournament.OutcomeCompleted, WinnerSide: 0,
			ForfeitSeat: -1, Scores: []int{1000, 900}, Seats: []tournament.SeatStats{{Decisions: 40, DecisionMs: 12}, {Decisions: 40, DecisionMs: 15}}}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: id, Game: g.Index, TableID: r.TableID, Result: b, FinishedAt: at}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishTournament(ctx, id, store.TournamentFinished, at); err != nil {
		t.Fatal(err)
	}
	return at
}
