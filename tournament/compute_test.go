package tournament_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/tournament"
)

var update = flag.Bool("update", false, "rewrite testdata/compute/*.json from the current Compute")

// madeUpResults returns a result for each game of the validated spec, made up from seed: wins of
// every side, draws, forfeits, cancelled games, seat stats with interventions, a game in ten
// missing, a result for a game outside the schedule, all in shuffled order.
func madeUpResults(spec *tournament.Spec, seed uint64) []tournament.Result {
	rng := rand.New(rand.NewPCG(seed, 1))
	sides, seats := spec.Variant.Sides(), spec.Variant.Players()
	var out []tournament.Result
	for g := range len(spec.Schedule()) {
		if rng.IntN(10) == 0 {
			continue
		}
		r := tournament.Result{Game: g, TableID: fmt.Sprintf("t%d", g), Outcome: tournament.OutcomeCompleted, WinnerSide: rng.IntN(sides), ForfeitSeat: -1,
			Scores: make([]int, sides), Seats: make([]tournament.SeatStats, seats)}
		for i := range r.Scores {
			r.Scores[i] = 10 * rng.IntN(150)
		}
		for i := range r.Seats {
			d := rng.IntN(40)
			r.Seats[i] = tournament.SeatStats{Decisions: d, DecisionMs: int64(d * rng.IntN(300)), Timeouts: rng.IntN(3) / 2, Illegal: rng.IntN(5) / 4, Disconnects: rng.IntN(9) / 8, Fallbacks: d % 3}
		}
		switch rng.IntN(20) {
		case 0, 1:
			r.WinnerSide = -1 // a draw
		case 2:
			r.Outcome, r.ForfeitSeat = tournament.OutcomeForfeit, rng.IntN(seats)
			r.WinnerSide = (spec.Side(r.ForfeitSeat) + 1) % sides
		case 3:
			r = tournament.Result{Game: g, Outcome: tournament.OutcomeCancelled, WinnerSide: -1, ForfeitSeat: -1}
		}
		out = append(out, r)
	}
	out = append(out, tournament.Result{Game: len(spec.Schedule()), Outcome: tournament.OutcomeCompleted, WinnerSide: 0, ForfeitSeat: -1, Scores: make([]int, sides)})
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// computeSpecs are the specs of TestComputeGolden, one of each format and variant.
func computeSpecs() map[string]tournament.Spec {
	return map[string]tournament.Spec{
		"round-robin":             {Format: tournament.RoundRobin, Variant: engine.TwoHanded, Entrants: entrants(4), Deals: 6, Duplicate: true},
		"round-robin-alternating": {Format: tournament.RoundRobin, Variant: engine.TwoHanded, Entrants: entrants(3), Deals: 9},
		"gauntlet-three-handed":   {Format: tournament.Gauntlet, Variant: engine.ThreeHanded, Entrants: entrants(5), Deals: 4, Duplicate: true},
		"match-sprt":              {Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 40, Duplicate: true, SPRT: &tournament.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}},
		"match-sprt-alternating":  {Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 40, SPRT: &tournament.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}},
		"four-handed-individual":  {Format: tournament.RoundRobin, Variant: engine.FourHandedIndividual, Entrants: entrants(5), Deals: 3, Duplicate: true},
		"partnership-fixed":       {Format: tournament.RoundRobin, Variant: engine.FourHanded, Entrants: entrants(3), Deals: 4, Duplicate: true},
		"partnership-rotating":    {Format: tournament.RoundRobin, Variant: engine.FourHanded, Partners: tournament.PartnersRotating, Entrants: entrants(5), Deals: 2, Duplicate: true},
	}
}

// TestComputeGolden: the standings of each spec over results made up from a fixed seed are the
// JSON of testdata/compute/<spec>.json, to the last digit (written by the code before Compute
// indexed entrants, games and deal sets by number instead of maps; go test -update rewrites them).
func TestComputeGolden(t *testing.T) {
	for name, spec := range computeSpecs() {
		t.Run(name, func(t *testing.T) {
			if err := spec.Validate(); err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(tournament.Compute(&spec, madeUpResults(&spec, 7)), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "compute", name+".json")
			if *update {
				if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got)+"\n" != string(want) {
				t.Errorf("standings\n%s\nwant (%s)\n%s", got, path, want)
			}
		})
	}
}

// BenchmarkCompute: Compute over 2 000 and 10 000 results of a two-handed round robin of five
// entrants with duplicate deals and of a four-handed individual one (a game in ten missing, one in
// twenty cancelled), the standings of a tournament recomputed as each result is stored.
func BenchmarkCompute(b *testing.B) {
	for _, c := range []struct {
		name    string
		variant engine.Variant
		perDeal int // games per deal set over the five entrants' pairings
	}{{"two-handed", engine.TwoHanded, 20}, {"four-handed", engine.FourHandedIndividual, 20}} {
		for _, games := range []int{2000, 10000} {
			b.Run(fmt.Sprintf("%s/%d", c.name, games), func(b *testing.B) {
				spec := tournament.Spec{Format: tournament.RoundRobin, Variant: c.variant, Entrants: entrants(5), Deals: games / c.perDeal, Duplicate: true}
				if err := spec.Validate(); err != nil {
					b.Fatal(err)
				}
				results := madeUpResults(&spec, 1)
				b.ReportAllocs()
				for b.Loop() {
					tournament.Compute(&spec, results)
				}
			})
		}
	}
}
