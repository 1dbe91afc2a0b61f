package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// awaitTournament watches a tournament to its end and returns it.
func awaitTournament(t *testing.T, r *Referee, id string) *Tournament {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := r.WatchTournament(ctx, id, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatal(err)
	}
	tn, err := r.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

// checkTournament checks an ended tournament against its tables: exactly the scheduled games,
// once each; every record replays, holds the entrants' bots in the scheduled seats and the seed
// derived from the revealed tournament seed; the standings equal a recomputation from the records.
func checkTournament(t *testing.T, r *Referee, tn *Tournament) {
	t.Helper()
	ctx := context.Background()
	games := tn.Spec.Schedule()
	if tn.State != store.TournamentFinished || len(tn.Results) != len(games) || tn.Standings.Played != len(games) {
		t.Fatalf("state %s, %d results, %d played; %d scheduled", tn.State, len(tn.Results), tn.Standings.Played, len(games))
	}
	var seed engine.Seed
	copy(seed[:], tn.Seed)
	if seed.SaltedCommitment(tn.Salt) != tn.Commitment {
		t.Fatalf("revealed seed and salt do not match the commitment %s", tn.Commitment)
	}
	seen := map[int]bool{}
	var fromRecords []tournament.Result
	for _, res := range tn.Results {
		if seen[res.Game] {
			t.Fatalf("game %d has two results", res.Game)
		}
		seen[res.Game] = true
		g := games[res.Game]
		rec, err := r.GetRecord(ctx, res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		rp, err := wire.ReplayRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		if err := rp.Verify(rec); err != nil {
			t.Fatalf("game %d: %v", res.Game, err)
		}
		if want := tournament.DealSeed(seed, g.Deal); string(rec.GetSeed()) != string(want[:]) {
			t.Fatalf("game %d: table seed is not DealSeed(seed, %d)", res.Game, g.Deal)
		}
		for seat, e := range g.Seats {
			want := tn.Spec.Entrants[e].Bot
			if m := tn.Spec.Entrants[e].Members; m != nil {
				want = m[0] // a team seat is named by its captain's bot
			}
			if got := rec.GetSeats()[seat].GetBotName(); got != want {
				t.Fatalf("game %d seat %d: bot %s, want %s", res.Game, seat, got, want)
			}
			// A built-in bot's seat is named for its entrant: two entrants of one bot were both
			// named for the bot in every view ("random v random").
			if en := tn.Spec.Entrants[e]; en.Kind == tournament.KindBuiltin && rec.GetSeats()[seat].GetName() != en.ID {
				t.Fatalf("game %d seat %d: named %q, want the entrant's id %q", res.Game, seat, rec.GetSeats()[seat].GetName(), en.ID)
			}
		}
		fromRecords = append(fromRecords, ResultFromRecord(res.Game, rec))
	}
	if want := tournament.Compute(&tn.Spec, fromRecords); !sameStandings(tn.Standings, want) {
		t.Fatalf("standings\n%+v\nrecomputed from the records\n%+v", tn.Standings, want)
	}
}

// sameStandings compares standings field by field, a NaN equal to a NaN (an Elo bound that the
// interval cannot give), the SPRT status and its decision by value (%+v prints a pointer's address).
func sameStandings(a, b tournament.Standings) bool {
	text := func(s tournament.Standings) string {
		sprt, decision := "none", "none"
		if s.SPRT != nil {
			t := *s.SPRT
			if t.Decision != nil {
				decision = fmt.Sprintf("%+v", *t.Decision)
			}
			t.Decision = nil
			sprt = fmt.Sprintf("%+v", t)
		}
		s.SPRT = nil
		return fmt.Sprintf("%+v SPRT %s decision %s", s, sprt, decision)
	}
	return text(a) == text(b)
}

// TestRoundRobinDuplicate: a round robin of four built-in entrants over two-handed duplicate deals,
// 16 games at once, plays exactly its schedule; rulebook entrants rank above random ones with
// rating intervals (mu ± 1.96 sigma) that do not overlap.
func TestRoundRobinDuplicate(t *testing.T) {
	r := newCore(t, Config{})
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 8, Duplicate: true, Concurrency: 16,
		Entrants: []tournament.Entrant{{ID: "random-1", Bot: "random"}, {ID: "rulebook-1", Bot: "rulebook"}, {ID: "random-2", Bot: "random"}, {ID: "rulebook-2", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tn.Spec.Schedule()) != 6*8*2 || tn.Seed != nil {
		t.Fatalf("%d games scheduled, seed %x before the end", len(tn.Spec.Schedule()), tn.Seed)
	}
	tn = awaitTournament(t, r, tn.ID)
	checkTournament(t, r, tn)
	st := tn.Standings.Entrants
	for _, s := range st {
		t.Logf("%-10s games %d W %d D %d L %d deal diff %.1f rating %.2f ± %.2f", s.Entrant, s.Games, s.Wins, s.Draws, s.Losses, s.DealDiff, s.Rating.Mu, 1.96*s.Rating.Sigma)
	}
	for _, p := range tn.Standings.Pairs {
		t.Logf("%s v %s: %d-%d-%d penta %v elo %.0f [%.0f, %.0f]", p.A, p.B, p.W, p.D, p.L, p.Penta, p.Elo.Elo, p.Elo.Lo, p.Elo.Hi)
	}
	if st[0].Entrant[:8] != "rulebook" || st[1].Entrant[:8] != "rulebook" {
		t.Fatalf("ranking %s, %s, ...; want the rulebook entrants first", st[0].Entrant, st[1].Entrant)
	}
	worstRulebook, bestRandom := st[1].Rating, st[2].Rating
	if worstRulebook.Mu-1.96*worstRulebook.Sigma <= bestRandom.Mu+1.96*bestRandom.Sigma {
		t.Fatalf("rating intervals overlap: %v and %v", worstRulebook, bestRandom)
	}
}

// TestTournamentResumes: a tournament on a SQLite store, its referee closed mid-run and a new one
// opened on the same file, completes with exactly the scheduled games and the standings of the
// same tournament played without interruption (same seed).
func TestTournamentResumes(t *testing.T) {
	ctx := context.Background()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 4, Duplicate: true, Concurrency: 4,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}, {ID: "c", Bot: "random"}}}
	seed := engine.Seed{7}
	whole := newCore(t, Config{})
	tn, err := whole.CreateTournament(ctx, spec, &seed)
	if err != nil {
		t.Fatal(err)
	}
	want := awaitTournament(t, whole, tn.ID)

	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	open := func() (*Referee, store.Store) {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		return newCore(t, Config{Store: st}), st
	}
	r, st := open()
	tn, err = r.CreateTournament(ctx, spec, &seed)
	if err != nil {
		t.Fatal(err)
	}
	for interruptions := 0; interruptions < 2; interruptions++ {
		// Wait for some games to be stored, then stop the referee with games in play.
		wctx, cancel := context.WithCancel(ctx)
		_ = r.WatchTournament(wctx, tn.ID, func(u TournamentUpdate) error {
			if u.Standings.Played >= 4*(interruptions+1) {
				cancel()
			}
			return nil
		})
		cancel()
		r.Close()
		_ = st.Close()
		r, st = open()
		if got, err := r.GetTournament(ctx, tn.ID); err != nil || got.State != store.TournamentRunning && interruptions == 0 {
			t.Fatalf("after restart: %v, %v", got, err)
		}
	}
	got := awaitTournament(t, r, tn.ID)
	checkTournament(t, r, got)
	if !sameStandings(got.Standings, want.Standings) {
		t.Fatalf("standings after interruptions\n%+v\nwithout\n%+v", got.Standings, want.Standings)
	}
}

// TestFourHandedRotatingPartners: a round robin of four entrants in the partnership game with
// rotating partnerships and duplicate deals: 12 seatings per deal set, each entrant at every seat
// with every partner.
func TestFourHandedRotatingPartners(t *testing.T) {
	r := newCore(t, Config{})
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.FourHanded, Partners: tournament.PartnersRotating, Deals: 1, Duplicate: true,
		Concurrency: 12, Entrants: []tournament.Entrant{{ID: "r1", Bot: "rulebook"}, {ID: "x1", Bot: "random"}, {ID: "r2", Bot: "rulebook"}, {ID: "x2", Bot: "random"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	checkTournament(t, r, tn)
	if len(tn.Results) != 12 {
		t.Fatalf("%d games, want 12", len(tn.Results))
	}
	for _, s := range tn.Standings.Entrants {
		if s.Games != 12 {
			t.Fatalf("%s played %d games, want 12", s.Entrant, s.Games)
		}
	}
}

// TestCreateTournamentErrors: bad specs are refused with a FieldError naming the field.
func TestCreateTournamentErrors(t *testing.T) {
	r := newCore(t, Config{})
	for _, c := range []struct {
		spec  tournament.Spec
		field string
	}{
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1, Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}}}, "entrants"},
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1, Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "a", Bot: "random"}}}, "entrants[1].id"},
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1, Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "alphabez"}}}, "entrants[1].bot"},
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 0, Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}, "deals"},
		{tournament.Spec{Variant: "five-handed", Deals: 1}, "variant"},
		// Tables the referee would refuse: the tournament stayed running for ever (an attack).
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1, Clock: tournament.Clock{DecisionMs: 4294967295},
			Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}, "clock.decision_ms"},
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1,
			Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Kind: tournament.KindLobby, Bot: strings.Repeat("x", 30000)}}}, "entrants[1].bot"},
		{tournament.Spec{Variant: engine.TwoHanded, Deals: 1,
			Entrants: []tournament.Entrant{{ID: "a", Kind: tournament.KindLobby, Bot: "bad\x1bname"}, {ID: "b", Bot: "random"}}}, "entrants[0].bot"},
	} {
		_, err := r.CreateTournament(context.Background(), c.spec, nil)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%+v: %v, want a FieldError on %s", c.spec, err, c.field)
		}
	}
	if _, err := r.GetTournament(context.Background(), "tn-0"); !errors.Is(err, ErrNotFound) {
		t.Errorf("GetTournament(tn-0): %v, want ErrNotFound", err)
	}
}

// TestTournamentDrains: while the referee drains, a tournament starts no game (the games in play
// finish and their results are stored) and stays running; the next referee on the store plays
// the rest.
func TestTournamentDrains(t *testing.T) {
	ctx := context.Background()
	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	r := newCore(t, Config{Store: st})
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 6, Duplicate: true, Concurrency: 2,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "rulebook"}, {ID: "b", Bot: "random"}}}
	tn, err := r.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	_ = r.WatchTournament(wctx, tn.ID, func(u TournamentUpdate) error {
		if u.Standings.Played >= 3 {
			cancel()
		}
		return nil
	})
	cancel()
	if err := r.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // the runner sees the drain and starts nothing
	drained, err := r.GetTournament(ctx, tn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if drained.State != store.TournamentRunning || len(drained.Results) >= 12 {
		t.Fatalf("after draining: %s with %d results", drained.State, len(drained.Results))
	}
	if _, err := r.CreateTournament(ctx, spec, nil); !errors.Is(err, ErrDraining) {
		t.Fatalf("CreateTournament while draining: %v, want ErrDraining", err)
	}
	r.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	r = newCore(t, Config{Store: st})
	checkTournament(t, r, awaitTournament(t, r, tn.ID))
}

// TestTournamentSPRTVerdictStands: a match whose SPRT decides within its first games in play (8 at
// once, bounds ±0.20) finishes with the verdict of the result that reached it, counted with every
// game that was in play then: before, those games could take the LLR back between the bounds, and
// the runner, which starts no game after a verdict, waited for ever (a stats audit's run of `bezique
// match --sprt -20,20,0.45,0.45 --concurrency 8 --seed 2` hung at "13 games ... continue").
func TestTournamentSPRTVerdictStands(t *testing.T) {
	r := newCore(t, Config{})
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 200, Concurrency: 8,
		Entrants: []tournament.Entrant{{ID: "random-a", Bot: "random"}, {ID: "random-b", Bot: "random"}},
		SPRT:     &tournament.SPRT{Elo0: -20, Elo1: 20, Alpha: 0.45, Beta: 0.45}}
	seed := engine.Seed{2}
	tn, err := r.CreateTournament(context.Background(), spec, &seed)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	s := tn.Standings
	marked := 0
	for _, res := range tn.Results {
		if res.SPRT != nil {
			marked++
		}
	}
	d := s.SPRT.Decision
	if tn.State != store.TournamentFinished || s.SPRT.Verdict == stats.VerdictContinue || d == nil || d.Verdict != s.SPRT.Verdict || marked != 1 ||
		d.Played > s.Played || s.Played != len(tn.Results) || s.Played > d.Played+spec.Concurrency-1 {
		t.Fatalf("state %s, %d results (%d marked), standings %d played, SPRT %+v, decision %+v", tn.State, len(tn.Results), marked, s.Played, s.SPRT, d)
	}
	if again := tournament.Compute(&tn.Spec, tn.Results); !sameStandings(again, s) {
		t.Fatalf("standings\n%+v\nrecomputed from the results\n%+v", s, again)
	}
	// Through the API: the marked result and the standings' decision.
	if back := ResultsFromProto(resultsToProto(&tn.Spec, tn.Results)); !reflect.DeepEqual(back, tn.Results) {
		t.Fatalf("results through the API\n%+v\nwant\n%+v", back, tn.Results)
	}
	if p := standingsToProto(s).GetSprt(); p.GetVerdict() != verdictToProto(d.Verdict) || p.GetDecision().GetVerdict() != p.GetVerdict() ||
		p.GetDecision().GetLlr() != d.LLR || int(p.GetDecision().GetPlayed()) != d.Played {
		t.Fatalf("SprtStatus %v, decision %+v", p, d)
	}
	t.Logf("%s after %d games (LLR %.4f); %d counted, LLR %.4f", d.Verdict, d.Played, d.LLR, s.Played, s.SPRT.LLR)
}

// TestTournamentSPRTRestartAwaitsGamesInPlay: a match whose SPRT decides within its first games,
// its referee closed at the verdict with games in play and opened again on the same SQLite file, counts those
// games once their recovered tables end: every table of the tournament has its result. The runner
// saw the verdict on resuming and ended the tournament without awaiting them, so their finished
// tables were never counted (an attack: 1 of 20 played, 3 finished tables left out).
func TestTournamentSPRTRestartAwaitsGamesInPlay(t *testing.T) {
	ctx := context.Background()
	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	open := func() (*Referee, store.Store) {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		return newCore(t, Config{Store: st}), st
	}
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 20, Concurrency: 4,
		Entrants: []tournament.Entrant{{ID: "rb", Bot: "rulebook"}, {ID: "rnd", Bot: "random"}},
		SPRT:     &tournament.SPRT{Elo0: 0, Elo1: 1000, Alpha: 0.05, Beta: 0.05}}
	r, st := open()
	seed := engine.Seed{5}
	tn, err := r.CreateTournament(ctx, spec, &seed)
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	decidedAt := 0
	_ = r.WatchTournament(wctx, tn.ID, func(u TournamentUpdate) error {
		if u.Standings.Decided() && decidedAt == 0 {
			decidedAt = u.Standings.Played
			cancel()
		}
		return nil
	})
	cancel()
	r.Close()
	_ = st.Close()
	r, _ = open()
	got := awaitTournament(t, r, tn.ID)
	if decidedAt == 0 || len(got.Results) == decidedAt {
		t.Logf("decided at %d, %d results: no game was in play at the close, the case is not tried", decidedAt, len(got.Results))
	}
	counted := map[int]bool{}
	for _, res := range got.Results {
		counted[res.Game] = true
	}
	tables := 0
	for _, g := range got.Spec.Schedule() {
		if _, err := r.GetTable(ctx, TourneyTableID(tn.ID, g.Index)); errors.Is(err, ErrNotFound) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		tables++
		if !counted[g.Index] {
			t.Errorf("game %d: its table exists, its result is not counted", g.Index)
		}
	}
	if got.State != store.TournamentFinished || !got.Standings.Decided() || tables != len(got.Results) || tables < 2 {
		t.Fatalf("state %s, SPRT %+v, %d tables, %d results", got.State, got.Standings.SPRT, tables, len(got.Results))
	}
	t.Logf("%d games counted, %s after %d", len(got.Results), got.Standings.SPRT.Verdict, got.Standings.SPRT.Decision.Played)
}

// TestStoredTournamentBeyondLimitsLoads: a tournament stored before the limits of CheckLimits
// (here a running match with elo1 5 000, whose LLR's root finder looped for ever then) still
// loads and runs to its end: the referee refused to start ("resuming tournaments: ... stored
// spec: sprt: ... must be within ±1000"; a code review). So do the limits on a new tournament's
// rules and clock (checkNewRules, checkNewClock): its games keep what it was created with, the
// options' spelling too, as its records show (a re-trial: a tournament stored with 1 ms or an
// option without effect retried its games for ever, and one stored with "F" failed to verify).
func TestStoredTournamentBeyondLimitsLoads(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	// A target above MaxTarget too: the limit applies to new tables and tournaments, and a stored
	// tournament's games failed for ever on it (a code review).
	options := map[string]string{"target": "12000", "max_seven_actions_per_trick": "3", "phase2_must_head": "F"}
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 3, Concurrency: 2,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "rulebook"}, {ID: "b", Bot: "random"}},
		SPRT:     &tournament.SPRT{Elo0: 0, Elo1: 5000, Alpha: 0.05, Beta: 0.05}, Options: options,
		Clock: tournament.Clock{DecisionMs: 1}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := spec.CheckLimits(); err == nil {
		t.Fatal("elo1 5000 within the limits")
	}
	ref := &Referee{cfg: Config{MaxTarget: DefaultMaxTarget}}
	if _, err := ref.checkNewRules(spec.Variant, map[string]string{"target": "12000"}); err == nil || err.Error() != "options.target: 12000 points is above the referee's limit of 10000 (bezique-referee --max-target): the record of a longer game (two-handed, about 1 600 events every 1 000 points) could pass the 16777216 bytes of a message of the HTTP API" {
		t.Fatalf("checkNewRules of a target of 12000: %v", err)
	}
	if _, err := ref.checkNewRules(spec.Variant, map[string]string{"max_seven_actions_per_trick": "3"}); err == nil {
		t.Fatal("checkNewRules of max_seven_actions_per_trick 3 in two-handed: accepted")
	}
	if err := ref.checkTourneyTables(&spec); err == nil || err.Error() != "clock.decision_ms: 1 ms is less than the floor of 10 ms: a remote bot's round trip alone can take longer, and it would lose on time at its first decision" {
		t.Fatalf("checkTourneyTables of a decision time of 1 ms: %v", err)
	}
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	seed := engine.Seed{9}
	salt := make([]byte, engine.SaltSize)
	if err := st.CreateTournament(ctx, store.Tournament{ID: "tn-0000000000000001", Spec: b, Seed: seed[:], Salt: salt,
		Commitment: seed.SaltedCommitment(salt), CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}, nil); err != nil {
		t.Fatal(err)
	}
	r := newCore(t, Config{Store: st})
	got := awaitTournament(t, r, "tn-0000000000000001")
	if got.State != store.TournamentFinished || got.Standings.Played == 0 {
		t.Fatalf("state %s, %d played", got.State, got.Standings.Played)
	}
	rec, err := r.GetRecord(ctx, got.Results[0].TableID)
	if err != nil {
		t.Fatal(err)
	}
	if o := rec.GetRules().GetOptions(); !maps.Equal(o, options) || !maps.Equal(got.Spec.Options, options) {
		t.Errorf("a game's options %v, the tournament's %v; want those it was stored with, %v", o, got.Spec.Options, options)
	}
}

// TestTournamentSPRTNoGameAfterVerdict: a match whose lobby entrant has one place (capacity 1)
// at concurrency 8 plays its games one at a time, the others waiting for the place; once the
// SPRT decides, none of them starts. Before, a game that was waiting when the verdict came was
// created all the same, as soon as the place was free: 33 games where the verdict came at the
// 26th (an outside trial), here up to 7 more than the verdict's.
func TestTournamentSPRTNoGameAfterVerdict(t *testing.T) {
	r := startReferee(t, nil, quiet)
	r.serveBot(t, "one-place", 1)
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 200, Concurrency: 8,
		Options:  map[string]string{"target": "1"},
		Entrants: []tournament.Entrant{{ID: "one-place", Kind: tournament.KindLobby, Bot: "one-place"}, {ID: "random", Bot: "random"}},
		SPRT:     &tournament.SPRT{Elo0: -20, Elo1: 20, Alpha: 0.45, Beta: 0.45}}
	seed := engine.Seed{2}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, &seed)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	d := tn.Standings.SPRT.Decision
	if tn.State != store.TournamentFinished || d == nil {
		t.Fatalf("state %s, decision %+v; want a finished match with a verdict", tn.State, d)
	}
	tables, err := r.srv.Referee.tourneys.store.TournamentTables(context.Background(), tn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != d.Played || tn.Standings.Played != d.Played {
		t.Fatalf("%d tables, %d games played; want %d each, the games up to the verdict (%s)", len(tables), tn.Standings.Played, d.Played, d.Verdict)
	}
}
