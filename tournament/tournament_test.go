package tournament_test

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

func entrants(n int) []tournament.Entrant {
	out := make([]tournament.Entrant, n)
	for i := range out {
		out[i] = tournament.Entrant{ID: fmt.Sprintf("e%d", i), Bot: "random"}
	}
	return out
}

// TestScheduleSizes: the number of pairings, seatings and games of each format and variant, and
// the games of each deal set.
func TestScheduleSizes(t *testing.T) {
	for _, c := range []struct {
		format                    tournament.Format
		variant                   engine.Variant
		partners                  tournament.Partners
		entrants                  int
		duplicate                 bool
		groups, seatings, perDeal int
	}{
		{tournament.RoundRobin, engine.TwoHanded, "", 4, true, 6, 2, 12},
		{tournament.RoundRobin, engine.TwoHanded, "", 4, false, 6, 2, 6},
		{tournament.Gauntlet, engine.TwoHanded, "", 4, true, 3, 2, 6},
		{tournament.Match, engine.TwoHanded, "", 2, true, 1, 2, 2},
		{tournament.RoundRobin, engine.ThreeHanded, "", 4, true, 4, 3, 12},
		{tournament.Gauntlet, engine.ThreeHanded, "", 4, true, 3, 3, 9},
		{tournament.RoundRobin, engine.FourHandedIndividual, "", 5, true, 5, 4, 20},
		{tournament.RoundRobin, engine.FourHanded, tournament.PartnersFixed, 3, true, 3, 2, 6},
		{tournament.RoundRobin, engine.FourHanded, tournament.PartnersRotating, 4, true, 1, 12, 12},
		{tournament.Match, engine.FourHanded, tournament.PartnersFixed, 2, true, 1, 2, 2},
	} {
		name := fmt.Sprintf("%s/%s/%s/%d/%v", c.format, c.variant, c.partners, c.entrants, c.duplicate)
		s := tournament.Spec{Format: c.format, Variant: c.variant, Partners: c.partners, Entrants: entrants(c.entrants), Deals: 3, Duplicate: c.duplicate}
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games := s.Schedule()
		if len(s.Groups()) != c.groups || len(s.Seatings()) != c.seatings || len(games) != 3*c.perDeal {
			t.Errorf("%s: %d groups, %d seatings, %d games; want %d, %d, %d", name, len(s.Groups()), len(s.Seatings()), len(games), c.groups, c.seatings, 3*c.perDeal)
		}
		for i, g := range games {
			if g.Index != i || len(g.Seats) != c.variant.Players() {
				t.Fatalf("%s: game %d is %+v", name, i, g)
			}
			// DealSetGames: the games of g's deal set, all of them and only them.
			first, last := s.DealSetGames(i)
			if want := i / c.perDeal * c.perDeal; first != want || last != want+c.perDeal-1 {
				t.Fatalf("%s: DealSetGames(%d) = %d, %d; want %d, %d", name, i, first, last, want, want+c.perDeal-1)
			}
			for j, o := range games {
				if in := j >= first && j <= last; in != (o.Deal == g.Deal) {
					t.Fatalf("%s: game %d (deal set %d) in game %d's deal set (%d): %t", name, j, o.Deal, i, g.Deal, in)
				}
			}
		}
	}
}

// TestSeatingsHoldEveryHand: over one deal set's seatings every member of a group holds every seat
// (with fixed partners, every side), equally often; with rotating partners every two members are
// partners in 4 of the 12 seatings.
func TestSeatingsHoldEveryHand(t *testing.T) {
	for _, c := range []struct {
		variant  engine.Variant
		partners tournament.Partners
	}{{engine.TwoHanded, ""}, {engine.ThreeHanded, ""}, {engine.FourHandedIndividual, ""},
		{engine.FourHanded, tournament.PartnersFixed}, {engine.FourHanded, tournament.PartnersRotating}} {
		s := tournament.Spec{Variant: c.variant, Partners: c.partners, Entrants: entrants(4), Deals: 1, Duplicate: true}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		held := map[[2]int]int{} // (member, seat) → times
		partners := map[[2]int]int{}
		members := len(s.Groups()[0])
		for _, seating := range s.Seatings() {
			for seat, m := range seating {
				held[[2]int{m, seat}]++
			}
			if c.partners == tournament.PartnersRotating {
				partners[[2]int{min(seating[0], seating[2]), max(seating[0], seating[2])}]++
				partners[[2]int{min(seating[1], seating[3]), max(seating[1], seating[3])}]++
			}
		}
		want := len(s.Seatings()) / c.variant.Players()
		if c.partners == tournament.PartnersFixed {
			want = 1 // each member holds seats 0 and 2, or 1 and 3, once each
		}
		for m := range members {
			for seat := range c.variant.Players() {
				if held[[2]int{m, seat}] != want {
					t.Errorf("%s %s: member %d holds seat %d %d times, want %d", c.variant, c.partners, m, seat, held[[2]int{m, seat}], want)
				}
			}
		}
		for pair, n := range partners {
			if n != 4 {
				t.Errorf("rotating partners: %v partners %d times, want 4", pair, n)
			}
		}
		if c.partners == tournament.PartnersRotating && len(partners) != 6 {
			t.Errorf("rotating partners: %d partnerships, want 6", len(partners))
		}
	}
}

// TestDealSeed checks the derivation against a value computed independently (Python's hashlib:
// sha256(b"bezique tournament deal set" + seed + (3).to_bytes(4, "big"))), as docs/TOURNAMENTS.md
// tells anyone to do.
func TestDealSeed(t *testing.T) {
	got := tournament.DealSeed(engine.Seed{7}, 3)
	if want := "99121af6362373201d32eeccaf039eadd55179e7aa1e8a8be2d75a0df6326af1"; got.String() != want {
		t.Fatalf("DealSeed(07 00.., 3) = %s, want %s", got, want)
	}
}

// TestValidate: errors name the field; defaults are filled in.
func TestValidate(t *testing.T) {
	s := tournament.Spec{Variant: engine.FourHanded, Entrants: entrants(2), Deals: 1}
	if err := s.Validate(); err != nil || s.Format != tournament.RoundRobin || s.Partners != tournament.PartnersFixed || s.Concurrency != 1 || s.Entrants[0].Kind != tournament.KindBuiltin {
		t.Fatalf("defaults: %+v, %v", s, err)
	}
	for _, c := range []struct {
		spec tournament.Spec
		want string
	}{
		{tournament.Spec{Format: "swiss", Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 1}, `format: unknown "swiss" (want one of [round-robin gauntlet match])`},
		{tournament.Spec{Variant: engine.ThreeHanded, Entrants: entrants(2), Deals: 1}, "entrants: 2 given; three-handed needs at least 3"},
		{tournament.Spec{Variant: engine.FourHanded, Partners: tournament.PartnersRotating, Entrants: entrants(3), Deals: 1}, "entrants: 3 given; four-handed with rotating partners needs at least 4"},
		{tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(3), Deals: 1}, "entrants: a match is between exactly 2 entrants, 3 given"},
		{tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 1, SPRT: &tournament.SPRT{Elo1: 10, Alpha: 0.05, Beta: 0.05}}, "sprt: only for a match"},
		{tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 1, SPRT: &tournament.SPRT{Elo1: 10, Beta: 0.05}}, "sprt: alpha 0 must be between 0 and 1"},
		{tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 1, Concurrency: 1001}, "concurrency: 1001; at most 1000"},
		{tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 1, Policy: tournament.Policy{OnTimeout: "shrug"}}, `policy.on_timeout: unknown "shrug" (want auto-play or forfeit)`},
		{tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 600_000, Duplicate: true}, "deals: 1200000 games scheduled; at most 1000000"},
	} {
		if err := c.spec.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("Validate(%+v) = %v, want %s", c.spec, err, c.want)
		}
	}
}

// TestCompute: standings from hand-made results of a duplicate match, with exact values.
func TestCompute(t *testing.T) {
	s := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 3, Duplicate: true}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	// Game 2k seats e0 then e1; game 2k+1 swaps them.
	res := func(game, winner int, scores []int, decisions [2]int) tournament.Result {
		return tournament.Result{Game: game, Outcome: tournament.OutcomeCompleted, WinnerSide: winner, ForfeitSeat: -1, Scores: scores,
			Seats: []tournament.SeatStats{{Decisions: decisions[0], DecisionMs: int64(10 * decisions[0])}, {Decisions: decisions[1], DecisionMs: int64(30 * decisions[1]), Timeouts: 1}}}
	}
	results := []tournament.Result{
		res(1, 1, []int{500, 1000}, [2]int{10, 10}), // e1 in seat 0 loses: e0 wins
		res(0, 0, []int{1200, 800}, [2]int{10, 10}), // e0 wins: deal set 0 is 2 wins for e0
		res(2, 1, []int{700, 1100}, [2]int{10, 10}), // e1 wins
		res(3, 1, []int{900, 1000}, [2]int{10, 10}), // e0 (seat 1) wins: deal set 1 is 1-1
		{Game: 4, Outcome: tournament.OutcomeForfeit, WinnerSide: 1, ForfeitSeat: 0, Scores: []int{0, 0}, Seats: make([]tournament.SeatStats, 2)}, // e0 forfeits; deal set 2 incomplete
		{Game: 5, Outcome: tournament.OutcomeCancelled, WinnerSide: -1, ForfeitSeat: -1},                                                          // not counted
	}
	got := tournament.Compute(&s, results)
	// Deal differences: e0 +400 +500 = 900 (set 0), -400 +100 = -300 (set 1); set 2 has one game,
	// which compares nothing on the same cards, and is not counted (it counted as 0, and the
	// mean was 200: a stats audit): mean 300.
	want := []tournament.Standing{
		{Entrant: "e0", Games: 5, Wins: 3, Losses: 2, Points: 3, Score: 1200 + 1000 + 700 + 1000, ScoredGames: 4, DealDiff: 300, DealSets: 2, Forfeits: 1, Timeouts: 2, MeanDecisionMs: 20},
		{Entrant: "e1", Games: 5, Wins: 2, Losses: 3, Points: 2, Score: 800 + 500 + 1100 + 900, ScoredGames: 4, DealDiff: -300, DealSets: 2, Timeouts: 2, MeanDecisionMs: 20},
	}
	for i := range got.Entrants {
		got.Entrants[i].Rating = stats.Rating{}
	}
	if !reflect.DeepEqual(got.Entrants, want) {
		t.Errorf("standings\n%+v\nwant\n%+v", got.Entrants, want)
	}
	p := got.Pairs[0]
	if got.Played != 5 || got.Scheduled != 6 || p.W != 3 || p.D != 0 || p.L != 2 || p.Penta != (stats.Penta{0, 0, 1, 0, 1}) {
		t.Errorf("played %d of %d, pair %+v", got.Played, got.Scheduled, p)
	}
	if fmt.Sprint(p.Elo) != fmt.Sprint(stats.EloFromPenta(p.Penta)) { // NaN bounds: the score's interval leaves (0, 1) after 2 pairs
		t.Errorf("pair Elo %v, want EloFromPenta %v", p.Elo, stats.EloFromPenta(p.Penta))
	}
	// The order of the results does not matter.
	slices.Reverse(results)
	again := tournament.Compute(&s, results)
	for i := range again.Entrants {
		again.Entrants[i].Rating = stats.Rating{}
	}
	if fmt.Sprintf("%+v", again) != fmt.Sprintf("%+v", got) {
		t.Errorf("standings depend on the order of the results")
	}
}

// TestComputeIsDeterministic: the standings of one spec and results are the same at every call,
// to the last bit, with four sides (deal differences in thirds of a point, which float64 rounds):
// 100 calls give one JSON. Before, the deal differences of an entrant's deal sets were summed in
// the order of a map's iteration, so that two calls differed in the last digits (-21.5 and
// -21.499999999999993), and a kept copy of the standings did not equal a new computation.
func TestComputeIsDeterministic(t *testing.T) {
	s := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.FourHandedIndividual, Entrants: entrants(5), Deals: 20, Duplicate: true}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var results []tournament.Result
	for g := range s.Schedule() {
		results = append(results, tournament.Result{Game: g, Outcome: tournament.OutcomeCompleted, WinnerSide: g % 4, ForfeitSeat: -1,
			Scores: []int{(g * 37) % 1500, (g * 101) % 1500, (g * 211) % 1500, (g * 307) % 1500}, Seats: make([]tournament.SeatStats, 4)})
	}
	first, err := json.Marshal(tournament.Compute(&s, results))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if again, _ := json.Marshal(tournament.Compute(&s, results)); string(again) != string(first) {
			t.Fatalf("call %d:\n%s\nthe first:\n%s", i+2, again, first)
		}
	}
}

// TestStandingsClone: a clone of standings shares nothing with them: changing its entrants, pairs
// and SPRT status leaves the original as it was.
func TestStandingsClone(t *testing.T) {
	s := tournament.Standings{Entrants: []tournament.Standing{{Entrant: "e0", Wins: 1}}, Pairs: []tournament.Pair{{A: "e0", B: "e1", W: 1}},
		Played: 1, Scheduled: 2, SPRT: &tournament.SPRTStatus{LLR: 0.5, Lower: -2.94, Upper: 2.94, Verdict: stats.VerdictContinue}}
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Clone()
	if b, _ := json.Marshal(c); string(b) != string(want) {
		t.Fatalf("clone %s, want %s", b, want)
	}
	c.Entrants[0].Wins, c.Pairs[0].Penta[4], c.SPRT.LLR = 2, 1, 3
	if b, _ := json.Marshal(s); string(b) != string(want) {
		t.Fatalf("after changing the clone, the standings are %s, want %s", b, want)
	}
}

// TestPairJSON: an infinite Elo and missing bounds are written as strings, since JSON has no
// such numbers.
func TestPairJSON(t *testing.T) {
	p := tournament.Pair{A: "a", B: "b", W: 3, Penta: stats.Penta{0, 0, 0, 0, 1}, Elo: stats.EloInterval{Elo: math.Inf(1), Lo: math.NaN(), Hi: math.NaN()}}
	b, err := json.Marshal(p)
	if want := `{"a":"a","b":"b","w":3,"d":0,"l":0,"penta":[0,0,0,0,1],"elo":{"elo":"+Inf","hi":"NaN","lo":"NaN"}}`; err != nil || string(b) != want {
		t.Fatalf("json %s, %v; want %s", b, err, want)
	}
	p.Elo = stats.EloInterval{Elo: 40.5, Lo: 10, Hi: 71}
	if b, err := json.Marshal(p); err != nil || !strings.Contains(string(b), `"elo":{"elo":40.5,"hi":71,"lo":10}`) {
		t.Fatalf("json %s, %v", b, err)
	}
}

// TestValidateTeam: a consultation team entrant has 2 to 4 distinct members and plays the
// two-handed game.
func TestValidateTeam(t *testing.T) {
	team := func(v engine.Variant, bot string, members ...string) tournament.Spec {
		return tournament.Spec{Variant: v, Deals: 1, Entrants: []tournament.Entrant{{ID: "t", Kind: tournament.KindLobbyTeam, Bot: bot, Members: members},
			{ID: "r", Bot: "random"}, {ID: "s", Bot: "random"}, {ID: "u", Bot: "random"}}}
	}
	for _, c := range []struct {
		spec tournament.Spec
		want string
	}{
		{team(engine.TwoHanded, "", "a", "b"), ""},
		{team(engine.ThreeHanded, "", "a", "b"), "entrants[0].kind: a consultation team plays the two-handed game (RULES.md §3.5), not three-handed"},
		{team(engine.TwoHanded, "", "a"), "entrants[0].members: 1 named; a team has 2 to 4 bots (RULES.md §3.5)"},
		{team(engine.TwoHanded, "", "a", "b", "c", "d", "e"), "entrants[0].members: 5 named; a team has 2 to 4 bots (RULES.md §3.5)"},
		{team(engine.TwoHanded, "", "a", "a"), `entrants[0].members[1]: "a" repeated`},
		{team(engine.TwoHanded, "", "a", ""), "entrants[0].members[1]: empty"},
		{team(engine.TwoHanded, "x", "a", "b"), "entrants[0].bot: a team has members, not a bot"},
	} {
		err := c.spec.Validate()
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("Validate(%+v) = %v, want %q", c.spec.Entrants[0], err, c.want)
		}
	}
}

// TestEntrantsOf: each result is named by the entrants of its game's seats, in seat order, as the
// schedule seats them (a three-handed gauntlet: the candidate's trios, each in three rotations);
// a result outside the schedule by none.
func TestEntrantsOf(t *testing.T) {
	spec := tournament.Spec{Format: tournament.Gauntlet, Variant: engine.ThreeHanded, Deals: 1, Duplicate: true, Concurrency: 3,
		Entrants: []tournament.Entrant{{ID: "candidate", Bot: "rulebook"}, {ID: "r1", Bot: "random"}, {ID: "r2", Bot: "random"}, {ID: "r3", Bot: "random"}}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	got := spec.EntrantsOf([]tournament.Result{{Game: 8}, {Game: 0}, {Game: 4}, {Game: 9}, {Game: -1}})
	want := [][]string{{"r3", "candidate", "r2"}, {"candidate", "r1", "r2"}, {"r1", "r3", "candidate"}, nil, nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("EntrantsOf = %q, want %q", got, want)
	}
}

// TestSPRTVerdictStands: a match's SPRT verdict stands once a result reaches it (Wald's test
// stops at the first crossing): the results of the games still in play then are counted, and may
// take the LLR back between the bounds or past the other one, but the verdict and the test as it stood at the deciding
// result stay, as the result carries them (MarkDecision), in JSON too. Before, the verdict was
// recomputed from every result: a match's late games turned H1 back into continue, and the
// runner, starting no game after a verdict, waited for one for ever (a stats audit: bezique
// match --sprt -20,20,0.45,0.45 --concurrency 8 hung at "13 games ... continue").
func TestSPRTVerdictStands(t *testing.T) {
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 100,
		SPRT: &tournament.SPRT{Elo0: -20, Elo1: 20, Alpha: 0.45, Beta: 0.45}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	// result is game g won by e0 (first entrant) when win, else by e1.
	result := func(g int, win bool) tournament.Result {
		seats := spec.EntrantsOf([]tournament.Result{{Game: g}})[0]
		winner := 0
		if (seats[0] == "e0") != win {
			winner = 1
		}
		scores := []int{0, 0}
		scores[winner] = 1000
		return tournament.Result{Game: g, Outcome: tournament.OutcomeCompleted, WinnerSide: winner, ForfeitSeat: -1, Scores: scores}
	}
	var results []tournament.Result
	before := tournament.Compute(&spec, nil)
	var trace []string
	for g, win := range []bool{true, false, true, true, false, false, false, false, false} {
		r := result(g, win)
		s := tournament.MarkDecision(&spec, &before, results, &r)
		results, before = append(results, r), s
		line := fmt.Sprintf("%d: +%d -%d LLR %.4f %s", s.Played, s.Pairs[0].W, s.Pairs[0].L, s.SPRT.LLR, s.SPRT.Verdict)
		if r.SPRT != nil {
			line += fmt.Sprintf(", marked %s at %d (LLR %.4f)", r.SPRT.Verdict, r.SPRT.Played, r.SPRT.LLR)
		}
		trace = append(trace, line)
	}
	want := []string{
		"1: +1 -0 LLR 0.1151 continue",
		"2: +1 -1 LLR 0.0000 continue",
		"3: +2 -1 LLR 0.1152 continue",
		"4: +3 -1 LLR 0.2303 H1, marked H1 at 4 (LLR 0.2303)",
		"5: +3 -2 LLR 0.1152 H1", // continue before: the bug
		"6: +3 -3 LLR 0.0000 H1",
		"7: +3 -4 LLR -0.1151 H1",
		"8: +3 -5 LLR -0.2303 H1", // past the lower bound (-0.2007): H0 before
		"9: +3 -6 LLR -0.3454 H1",
	}
	if strings.Join(trace, "\n") != strings.Join(want, "\n") {
		t.Fatalf("results one by one:\n%s\nwant:\n%s", strings.Join(trace, "\n"), strings.Join(want, "\n"))
	}
	// Computed again from the results alone, in any order, and from their JSON: the same verdict.
	b, err := json.Marshal(results)
	if err != nil {
		t.Fatal(err)
	}
	var back []tournament.Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(back)
	s := tournament.Compute(&spec, back)
	if d := s.SPRT.Decision; s.SPRT.Verdict != stats.VerdictH1 || d == nil || *d != (tournament.SPRTDecision{Verdict: stats.VerdictH1, LLR: results[3].SPRT.LLR, Played: 4}) || !s.Decided() {
		t.Fatalf("recomputed: verdict %s, decision %+v", s.SPRT.Verdict, d)
	}
}

// TestForfeitsInStandings: a game forfeited before any action for an absence (a lobby bot absent)
// counts in the points as a loss and a forfeit, but is not rated, as chess federations rate no unplayed game;
// a deal set with a forfeited game has no deal difference, as its totals compare no play on the
// same cards (a host's trial: a bot that forfeited 20 of its 30 games had a deal diff of -470,
// where playing them all gave it -1568.5, and its opponents' ratings rose by its absence).
func TestForfeitsInStandings(t *testing.T) {
	s := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 3, Duplicate: true}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	played := func(game, winner int, scores ...int) tournament.Result {
		return tournament.Result{Game: game, Outcome: tournament.OutcomeCompleted, WinnerSide: winner, ForfeitSeat: -1, Scores: scores,
			Seats: []tournament.SeatStats{{Decisions: 30}, {Decisions: 30}}}
	}
	// Game 2k seats e0 then e1; game 2k+1 swaps them.
	base := []tournament.Result{
		played(0, 0, 1200, 800), played(1, 1, 700, 1000), // set 0: e0 +400 +300
		played(3, 0, 900, 600), // set 1: e1 (seat 0) wins
	}
	absent := tournament.Result{Game: 2, Outcome: tournament.OutcomeForfeit, WinnerSide: 1, ForfeitSeat: 0, ForfeitCause: "disconnect",
		Scores: []int{10, 0}, Seats: make([]tournament.SeatStats, 2)} // e0 absent: forfeits before any action (the dealer's turn-up seven scored 10)
	midGame := absent
	midGame.Seats = []tournament.SeatStats{{Decisions: 12, Disconnects: 1}, {Decisions: 12}}

	without := tournament.Compute(&s, base)
	got := tournament.Compute(&s, append(slices.Clone(base), absent))
	e0, e1 := got.Entrants[0], got.Entrants[1]
	if e0.Entrant != "e0" || e0.Wins != 2 || e0.Losses != 2 || e0.Forfeits != 1 || e1.Wins != 2 || e1.Losses != 2 {
		t.Fatalf("e0 %+v, e1 %+v: want the forfeit a loss of e0's, 2-2", e0, e1)
	}
	// The forfeit counts by its cause too (they were one count).
	if e0.ForfeitsDisconnect != 1 || e0.ForfeitsTimeout != 0 || e0.ForfeitsIllegal != 0 || e1.Forfeits+e1.ForfeitsDisconnect != 0 {
		t.Fatalf("forfeits by cause: e0 %d/%d/%d, e1 %d: want e0's one disconnected", e0.ForfeitsTimeout, e0.ForfeitsIllegal, e0.ForfeitsDisconnect, e1.Forfeits)
	}
	if e0.DealDiff != 700 || e1.DealDiff != -700 {
		t.Fatalf("deal diff e0 %v, e1 %v: want set 0's alone, +700 and -700", e0.DealDiff, e1.DealDiff)
	}
	for _, e := range without.Entrants {
		for _, g := range got.Entrants {
			if e.Entrant == g.Entrant && e.Rating != g.Rating {
				t.Fatalf("%s rated %v with the unplayed forfeit, %v without", e.Entrant, g.Rating, e.Rating)
			}
		}
	}
	// A game forfeited in play is rated, and so is one forfeited on time or for illegal actions at
	// the first decision: the bot played it (a present bot whose first decision ran out of time
	// was never rated: a host's audit).
	onTime, illegal := absent, absent
	onTime.ForfeitCause, illegal.ForfeitCause = "timeout", "illegal"
	for _, forfeit := range []tournament.Result{midGame, onTime, illegal} {
		rated := tournament.Compute(&s, append(slices.Clone(base), forfeit))
		for _, e := range without.Entrants {
			for _, g := range rated.Entrants {
				if e.Entrant == g.Entrant && e.Rating == g.Rating {
					t.Fatalf("%s rated %v with and without a game forfeited (%s, %+v)", e.Entrant, g.Rating, forfeit.ForfeitCause, forfeit.Seats)
				}
			}
		}
	}
}

// TestValidatePairingsCounted: a spec whose pairings are too many is refused from their count,
// before any is listed, and quickly (120 entrants of a four-handed round robin listed 8 million
// pairings, 2.7 GB for three requests, before the refusal: an attack); the count equals the list's
// length wherever the list is small.
func TestValidatePairingsCounted(t *testing.T) {
	spec := tournament.Spec{Variant: engine.FourHanded, Partners: tournament.PartnersRotating, Entrants: entrants(120), Deals: 1}
	start := time.Now()
	err := spec.Validate()
	if err == nil {
		err = spec.CheckLimits()
	}
	if err == nil || err.Error() != "entrants: 120 entrants make more than 1000000 pairings of 4; a schedule has at most 1000000 games" {
		t.Fatalf("err %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refused in %v", d)
	}
	for _, c := range []tournament.Spec{
		{Variant: engine.TwoHanded, Entrants: entrants(447), Deals: 1},
		{Variant: engine.FourHandedIndividual, Entrants: entrants(9), Deals: 1},
		{Format: tournament.Gauntlet, Variant: engine.ThreeHanded, Entrants: entrants(7), Deals: 1},
		{Variant: engine.FourHanded, Entrants: entrants(6), Deals: 1},
	} {
		if err := c.Validate(); err != nil {
			t.Fatalf("%s of %d: %v", c.Variant, len(c.Entrants), err)
		}
		if err := c.CheckLimits(); err != nil {
			t.Fatalf("%s of %d: %v", c.Variant, len(c.Entrants), err)
		}
		if n := len(c.Groups()); n != c.PairingCount() {
			t.Errorf("%s %s of %d: %d pairings listed, %d counted", c.Format, c.Variant, len(c.Entrants), n, c.PairingCount())
		}
	}
	big := tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(448), Deals: 1}
	if err := big.Validate(); err != nil { // as a tournament stored before the limit is loaded
		t.Fatalf("448 entrants: Validate %v", err)
	}
	if err := big.CheckLimits(); err == nil || err.Error() != "entrants: 448 entrants make 100128 pairings of 2; at most 100000" {
		t.Fatalf("448 entrants: CheckLimits %v", err)
	}
}

// TestGauntletRankedPerGame: a gauntlet's candidate plays every game, each opponent only its own
// against it, so points alone ranked the candidate first however it did: 131 of 240 points above
// an opponent's 109 of 120 that beat it 109 to 11 (a bot author's trial). The ranking is by
// points per game: the opponent that beat the candidate, then the candidate, then the one it beat.
func TestGauntletRankedPerGame(t *testing.T) {
	s := tournament.Spec{Format: tournament.Gauntlet, Variant: engine.TwoHanded, Deals: 60, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "cand", Bot: "random"}, {ID: "weak", Bot: "random"}, {ID: "strong", Bot: "random"}}}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var results []tournament.Result
	strongWins := 0
	for _, g := range s.Schedule() {
		cand := slices.Index(g.Seats, 0)
		winner := cand // the candidate beats weak every time
		if slices.Contains(g.Seats, 2) && strongWins < 109 {
			winner, strongWins = 1-cand, strongWins+1 // strong beats it 109 times of 120
		}
		scores := []int{500, 500}
		scores[winner] = 1000
		results = append(results, tournament.Result{Game: g.Index, Outcome: tournament.OutcomeCompleted, WinnerSide: winner, ForfeitSeat: -1,
			Scores: scores, Seats: make([]tournament.SeatStats, 2)})
	}
	got := tournament.Compute(&s, results)
	var order []string
	for _, e := range got.Entrants {
		order = append(order, fmt.Sprintf("%s %v/%d", e.Entrant, e.Points, e.Games))
	}
	if want := []string{"strong 109/120", "cand 131/240", "weak 0/120"}; !slices.Equal(order, want) {
		t.Errorf("ranking %q, want %q", order, want)
	}
}

// TestForfeitWithoutWinner: a forfeit of a game of three sides, which the referee ends with no
// winner, counts a loss for the side that forfeited and a draw for each other, in the entrants'
// records, in every pair's, and in the ratings (the other two ranked together above it). The
// referee named the side then ahead the winner, the lowest on a tie: a side that had done nothing
// wrong lost, in a game forfeited before any card was played too (an outside trial).
func TestForfeitWithoutWinner(t *testing.T) {
	s := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.ThreeHanded, Entrants: entrants(3), Deals: 1}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	g := s.Schedule()[0] // seat i plays entrant g.Seats[i]
	r := tournament.Result{Game: 0, Outcome: tournament.OutcomeForfeit, WinnerSide: -1, ForfeitSeat: 1, ForfeitCause: "timeout",
		Scores: []int{120, 40, 120}, Seats: []tournament.SeatStats{{Decisions: 9}, {Decisions: 8, Timeouts: 1}, {Decisions: 8}}}
	got := tournament.Compute(&s, []tournament.Result{r})
	forfeiter := s.Entrants[g.Seats[1]].ID
	for _, e := range got.Entrants {
		want := [3]int{0, 1, 0} // wins, draws, losses
		if e.Entrant == forfeiter {
			want = [3]int{0, 0, 1}
		}
		if gotWDL := [3]int{e.Wins, e.Draws, e.Losses}; gotWDL != want {
			t.Errorf("%s: wins, draws, losses %v; want %v", e.Entrant, gotWDL, want)
		}
	}
	for _, p := range got.Pairs {
		want := [3]int{0, 1, 0} // W, D, L of A against B
		switch forfeiter {
		case p.A:
			want = [3]int{0, 0, 1}
		case p.B:
			want = [3]int{1, 0, 0}
		}
		if gotWDL := [3]int{p.W, p.D, p.L}; gotWDL != want {
			t.Errorf("pair %s v %s: W, D, L %v; want %v", p.A, p.B, gotWDL, want)
		}
	}
	var others []float64
	for _, e := range got.Entrants {
		if e.Entrant != forfeiter {
			others = append(others, e.Rating.Mu)
		} else if got.Entrants[0].Entrant == forfeiter {
			t.Errorf("the forfeiter %s ranked first: %+v", forfeiter, got.Entrants)
		}
	}
	if len(others) != 2 || others[0] != others[1] {
		t.Errorf("the two other sides rated %v; want them equal, ranked together", others)
	}
}

// TestEloWholeDealSetsOnly: a match on duplicate deals counts its Elo by whole deal sets only:
// after one game, none, and the Elo is NaN (printed "?"), not the +Inf of that game's W/D/L
// beside an LLR of 0 (a bot author's trial); after the deal set's second game, the pentanomial's.
func TestEloWholeDealSetsOnly(t *testing.T) {
	s := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Entrants: entrants(2), Deals: 3, Duplicate: true}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	won := func(game, winner int) tournament.Result {
		return tournament.Result{Game: game, Outcome: tournament.OutcomeCompleted, WinnerSide: winner, ForfeitSeat: -1, Scores: []int{1000, 500},
			Seats: []tournament.SeatStats{{Decisions: 30}, {Decisions: 30}}}
	}
	one := tournament.Compute(&s, []tournament.Result{won(0, 0)}).Pairs[0]
	if one.W != 1 || !math.IsNaN(one.Elo.Elo) {
		t.Errorf("after one game: %+v; want W 1 and a NaN Elo", one)
	}
	two := tournament.Compute(&s, []tournament.Result{won(0, 0), won(1, 1)}).Pairs[0] // e0 wins in both seatings
	if want := stats.EloFromPenta(stats.Penta{0, 0, 0, 0, 1}); two.Penta != (stats.Penta{0, 0, 0, 0, 1}) || !math.IsInf(two.Elo.Elo, 1) || !math.IsInf(want.Elo, 1) {
		t.Errorf("after the deal set: %+v; want the pentanomial's +Inf", two)
	}
}

// TestScoreLeavesForfeitsOut: the score, the ranking's third key, counts the games played to
// their end only (ScoredGames): two entrants whose every game was a forfeit of a third, at points
// and deal difference equal, are tied, whatever the totals where play stopped (300 and 500 here).
// Their partial scores ranked them (a host's trial: three bots tied on points, ranked by the
// scores of games a fourth abandoned).
func TestScoreLeavesForfeitsOut(t *testing.T) {
	s := tournament.Spec{Variant: engine.TwoHanded, Entrants: entrants(3), Deals: 1}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var results []tournament.Result
	for _, g := range s.Schedule() {
		r := tournament.Result{Game: g.Index, Outcome: tournament.OutcomeCancelled, WinnerSide: -1, ForfeitSeat: -1, Scores: make([]int, 2),
			Seats: make([]tournament.SeatStats, 2)}
		if at := slices.Index(g.Seats, 0); at >= 0 { // e0 forfeits its every game
			r.Outcome, r.ForfeitSeat, r.WinnerSide = tournament.OutcomeForfeit, at, 1-at
			r.Scores[at], r.Scores[1-at] = 100, 100*(1+2*g.Seats[1-at])
		}
		results = append(results, r)
	}
	got := tournament.Compute(&s, results)
	if len(got.Entrants) != 3 || got.Entrants[2].Entrant != "e0" || !tournament.Tied(got.Entrants[0], got.Entrants[1]) ||
		got.Entrants[0].Score != 0 || got.Entrants[0].ScoredGames != 0 || got.Entrants[0].Wins != 1 {
		t.Errorf("standings %+v; want e1 and e2 tied, one win each and no score, above e0", got.Entrants)
	}
}

// TestForfeitersRankedTogether: in a three-handed game that two sides forfeited, the side left
// winning, the ratings rank the two forfeiters together below it, whatever their totals where
// play stopped (2 380 and 1 940): the bot killed first was rated above the one killed later (a
// re-trial).
func TestForfeitersRankedTogether(t *testing.T) {
	s := tournament.Spec{Variant: engine.ThreeHanded, Entrants: entrants(3), Deals: 1}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	g := s.Schedule()[0]
	r := tournament.Result{Game: 0, Outcome: tournament.OutcomeForfeit, WinnerSide: 2, ForfeitSeat: 0, ForfeitSeats: []int{0, 1}, Scores: []int{2380, 1940, 500},
		Seats: []tournament.SeatStats{{Decisions: 30}, {Decisions: 30}, {Decisions: 30}}}
	got := tournament.Compute(&s, []tournament.Result{r})
	rating := map[string]float64{}
	for _, st := range got.Entrants {
		rating[st.Entrant] = st.Rating.Mu
	}
	e0, e1, e2 := s.Entrants[g.Seats[0]].ID, s.Entrants[g.Seats[1]].ID, s.Entrants[g.Seats[2]].ID
	if rating[e0] != rating[e1] || rating[e2] <= rating[e0] {
		t.Errorf("ratings %v; want %s and %s, who forfeited, equal and below %s", rating, e0, e1, e2)
	}
}

// TestMostSeats: the most seats a lobby bot takes at one table equals the most counted over the
// whole schedule, in every format and variant, for bots named by one entrant, several, the
// gauntlet's candidate and a team's member.
func TestMostSeats(t *testing.T) {
	lobby := func(id, bot string) tournament.Entrant {
		return tournament.Entrant{ID: id, Kind: tournament.KindLobby, Bot: bot}
	}
	for _, c := range []struct {
		name string
		spec tournament.Spec
	}{
		{"round robin, two-handed", tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded,
			Entrants: []tournament.Entrant{lobby("a", "x"), lobby("b", "x"), lobby("c", "x"), lobby("d", "y"), {ID: "e", Bot: "random"}}}},
		{"gauntlet, three-handed", tournament.Spec{Format: tournament.Gauntlet, Variant: engine.ThreeHanded,
			Entrants: []tournament.Entrant{lobby("a", "x"), lobby("b", "x"), lobby("c", "x"), lobby("d", "x"), lobby("e", "y"), lobby("f", "y"), lobby("g", "y")}}},
		{"gauntlet, two-handed, candidate built in", tournament.Spec{Format: tournament.Gauntlet, Variant: engine.TwoHanded,
			Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, lobby("b", "x"), lobby("c", "x")}}},
		{"four-handed individual", tournament.Spec{Format: tournament.RoundRobin, Variant: engine.FourHandedIndividual,
			Entrants: []tournament.Entrant{lobby("a", "x"), lobby("b", "x"), lobby("c", "y"), lobby("d", "z"), lobby("e", "x")}}},
		{"fixed partners", tournament.Spec{Format: tournament.RoundRobin, Variant: engine.FourHanded, Partners: tournament.PartnersFixed,
			Entrants: []tournament.Entrant{lobby("a", "x"), lobby("b", "x"), lobby("c", "y")}}},
		{"rotating partners", tournament.Spec{Format: tournament.RoundRobin, Variant: engine.FourHanded, Partners: tournament.PartnersRotating,
			Entrants: []tournament.Entrant{lobby("a", "x"), lobby("b", "x"), lobby("c", "y"), {ID: "d", Bot: "random"}}}},
		{"a team's member", tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded,
			Entrants: []tournament.Entrant{{ID: "t", Kind: tournament.KindLobbyTeam, Members: []string{"x", "y"}}, lobby("b", "x")}}},
	} {
		c.spec.Deals = 1
		if err := c.spec.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want := map[string]int{"x": 0, "y": 0, "z": 0, "random": 0}
		for _, g := range c.spec.Schedule() {
			at := map[string]int{}
			for _, e := range g.Seats {
				for _, bot := range c.spec.Entrants[e].LobbyBots() {
					at[bot]++
				}
			}
			for bot, n := range at {
				want[bot] = max(want[bot], n)
			}
		}
		for bot, n := range want {
			if got := c.spec.MostSeats(bot); got != n {
				t.Errorf("%s: MostSeats(%q) = %d, want %d (the schedule's)", c.name, bot, got, n)
			}
		}
	}
}
