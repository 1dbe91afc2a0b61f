package service

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// TestTournamentAbsentLobbyEntrant: a lobby entrant that never enters the lobby forfeits each of
// its games once the tournament's absence grace has passed, so the tournament ends: every game
// has a result, the absent entrant's 4 games are forfeits by its seat with cause disconnect and
// the table's reason, recorded on their tables, and the standings count them as losses and
// forfeits; each forfeit is logged, a warning naming the bot.
func TestTournamentAbsentLobbyEntrant(t *testing.T) {
	logs := &logRecords{}
	r := newCore(t, Config{Logger: slog.New(logs)})
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 6, AbsenceGraceMs: 200,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "ghost", Kind: tournament.KindLobby, Bot: "ghost"}, {ID: "random", Bot: "random"}, {ID: "rulebook", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	if tn.State != store.TournamentFinished || len(tn.Results) != 6 {
		t.Fatalf("state %s, %d results; want finished with 6", tn.State, len(tn.Results))
	}
	games := tn.Spec.Schedule()
	forfeits := 0
	for _, res := range tn.Results {
		g := games[res.Game]
		ghostSeat := -1
		for seat, e := range g.Seats {
			if e == 0 {
				ghostSeat = seat
			}
		}
		if ghostSeat < 0 {
			continue
		}
		forfeits++
		rec, err := r.GetRecord(context.Background(), res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		rr := rec.GetResult()
		if res.Outcome != tournament.OutcomeForfeit || res.ForfeitSeat != ghostSeat || res.WinnerSide != 1-ghostSeat ||
			res.ForfeitCause != "disconnect" || res.Reason != rr.GetReason() ||
			rr.GetForfeitCause() != pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT || !strings.Contains(rr.GetReason(), `lobby bot "ghost" absent from the lobby since`) ||
			!strings.Contains(rr.GetReason(), "longer than the tournament's absence grace (200 ms)") {
			t.Errorf("game %d: result %+v, record result %v", res.Game, res, rr)
		}
	}
	// The API's results carry the same (TournamentGameResult.forfeit_cause, reason), and read back
	// equal.
	if back := ResultsFromProto(resultsToProto(&tn.Spec, tn.Results)); !reflect.DeepEqual(back, tn.Results) {
		t.Errorf("results through the API:\n%+v\nwant\n%+v", back, tn.Results)
	}
	ghost := tn.Standings.Entrants[len(tn.Standings.Entrants)-1]
	if forfeits != 4 || ghost.Entrant != "ghost" || ghost.Games != 4 || ghost.Losses != 4 || ghost.Forfeits != 4 {
		t.Fatalf("%d forfeits; ghost's standing %+v", forfeits, ghost)
	}
	if n := logs.count(slog.NewRecord(time.Time{}, slog.LevelInfo, "forfeiting seats", 0)); n != 4 {
		t.Errorf("forfeits of the absent entrant logged: %d, want 4", n)
	}
}

// TestTournamentBothLobbyEntrantsAbsent: a game whose every side's lobby entrant is absent past
// the grace is cancelled, a game without a result, the reason naming both; each absent entrant
// forfeits its games against a bot that plays. One of the two was credited with a win of the
// game nobody played (an outside trial).
func TestTournamentBothLobbyEntrantsAbsent(t *testing.T) {
	r := newCore(t, Config{Logger: slog.New(&logRecords{})})
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 6, AbsenceGraceMs: 200,
		Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "zeta", Kind: tournament.KindLobby, Bot: "zeta"}, {ID: "eta", Kind: tournament.KindLobby, Bot: "eta"},
			{ID: "rulebook", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	games := tn.Spec.Schedule()
	cancelled := 0
	for _, res := range tn.Results {
		if g := games[res.Game]; slices.Contains(g.Seats, 2) {
			continue
		}
		cancelled++
		if res.Outcome != tournament.OutcomeCancelled || res.WinnerSide != -1 || !strings.Contains(res.Reason, `lobby bot "zeta" absent from the lobby since`) ||
			!strings.Contains(res.Reason, `lobby bot "eta" absent from the lobby since`) || !strings.HasSuffix(res.Reason, "longer than the tournament's absence grace (200 ms)") {
			t.Errorf("game %d between the absent bots: %+v", res.Game, res)
		}
	}
	if tn.State != store.TournamentFinished || len(tn.Results) != 6 || cancelled != 2 || tn.Standings.Played != 4 {
		t.Fatalf("state %s, %d results, %d between the absent bots, %d played; want finished, 6, 2, 4", tn.State, len(tn.Results), cancelled, tn.Standings.Played)
	}
	for _, st := range tn.Standings.Entrants {
		want := tournament.Standing{Entrant: st.Entrant, Games: 2, Losses: 2, Forfeits: 2, ForfeitsDisconnect: 2}
		if st.Entrant == "rulebook" {
			want = tournament.Standing{Entrant: st.Entrant, Games: 4, Wins: 4}
		}
		if st.Games != want.Games || st.Wins != want.Wins || st.Losses != want.Losses || st.Forfeits != want.Forfeits || st.ForfeitsDisconnect != want.ForfeitsDisconnect {
			t.Errorf("standing %+v; want games %d, W %d, L %d, forfeits %d (disconnect %d)", st, want.Games, want.Wins, want.Losses, want.Forfeits, want.ForfeitsDisconnect)
		}
	}
}

// TestTournamentTwoOfThreeLobbyEntrantsAbsent: in a three-handed game whose two lobby entrants
// are absent past the grace, both their seats forfeit, with a reason naming both, and the side
// left, the built-in bot's, wins; both absent entrants lose each game with a forfeit counted. Only
// the first absent seat forfeited, and the second absent bot drew a game it did not play (an
// outside trial: ghostB 1.0 point of 3).
func TestTournamentTwoOfThreeLobbyEntrantsAbsent(t *testing.T) {
	r := newCore(t, Config{Logger: slog.New(&logRecords{})})
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.ThreeHanded, Deals: 1, Concurrency: 3, AbsenceGraceMs: 200,
		Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "zeta", Kind: tournament.KindLobby, Bot: "zeta"}, {ID: "eta", Kind: tournament.KindLobby, Bot: "eta"},
			{ID: "rulebook", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	games := tn.Spec.Schedule()
	if tn.State != store.TournamentFinished || len(tn.Results) != len(games) || len(games) == 0 {
		t.Fatalf("state %s, %d results of %d games; want finished, every game", tn.State, len(tn.Results), len(games))
	}
	for _, res := range tn.Results {
		g := games[res.Game]
		var absent []int
		builtin := -1
		for seat, e := range g.Seats {
			if e == 2 {
				builtin = seat
			} else {
				absent = append(absent, seat)
			}
		}
		rec, err := r.GetRecord(context.Background(), res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		rr := rec.GetResult()
		if res.Outcome != tournament.OutcomeForfeit || res.WinnerSide != builtin || !slices.Equal(res.ForfeitSeats, absent) || res.ForfeitSeat != absent[0] ||
			res.ForfeitCause != "disconnect" || !strings.Contains(res.Reason, `lobby bot "zeta" absent from the lobby since`) ||
			!strings.Contains(res.Reason, `lobby bot "eta" absent from the lobby since`) ||
			!slices.Equal(rr.GetForfeitSeats(), []uint32{uint32(absent[0]), uint32(absent[1])}) {
			t.Errorf("game %d (seats %v): result %+v, record result %v", res.Game, g.Seats, res, rr)
		}
		if rp, err := wire.ReplayRecord(rec); err != nil || rp.Verify(rec) != nil {
			t.Errorf("game %d: the record does not replay to its result: %v, %v", res.Game, err, rp.Verify(rec))
		}
	}
	if back := ResultsFromProto(resultsToProto(&tn.Spec, tn.Results)); !reflect.DeepEqual(back, tn.Results) {
		t.Errorf("results through the API:\n%+v\nwant\n%+v", back, tn.Results)
	}
	for _, p := range tn.Standings.Pairs {
		if (p.A == "zeta" || p.A == "eta") && (p.B == "zeta" || p.B == "eta") && p.W+p.D+p.L != 0 {
			t.Errorf("pair %+v; want no game counted between the two absent bots (they read as draws)", p)
		}
	}
	n := len(games)
	for _, st := range tn.Standings.Entrants {
		want := tournament.Standing{Entrant: st.Entrant, Games: n, Losses: n, Forfeits: n, ForfeitsDisconnect: n}
		if st.Entrant == "rulebook" {
			want = tournament.Standing{Entrant: st.Entrant, Games: n, Wins: n}
		}
		if st.Games != want.Games || st.Wins != want.Wins || st.Draws != 0 || st.Losses != want.Losses || st.Forfeits != want.Forfeits || st.ForfeitsDisconnect != want.ForfeitsDisconnect {
			t.Errorf("standing %+v; want games %d, W %d, D 0, L %d, forfeits %d (disconnect %d)", st, want.Games, want.Wins, want.Losses, want.Forfeits, want.ForfeitsDisconnect)
		}
	}
}

// TestTournamentAbsentAndUnableEntrants: a three-handed game of an absent lobby bot and one
// present that does not play three-handed: once their graces have run out, both seats forfeit and
// the built-in bot's side wins. Only the absent bot forfeited, and the other drew the games it
// could not play (a host's trial: wv 1.5 points of 3, level with the bot that played).
func TestTournamentAbsentAndUnableEntrants(t *testing.T) {
	r := startReferee(t, nil, quiet)
	r.serveBotFunc(t, "wv", 4, func() botsdk.Bot { return botsdk.NewRandom(1) }, pb.Variant_VARIANT_TWO_HANDED)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.ThreeHanded, Deals: 1, Concurrency: 3, AbsenceGraceMs: 300,
		Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "ghost", Kind: tournament.KindLobby, Bot: "ghost"}, {ID: "wv", Kind: tournament.KindLobby, Bot: "wv"},
			{ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	games := tn.Spec.Schedule()
	for _, res := range tn.Results {
		g := games[res.Game]
		builtin := slices.Index(g.Seats, 2)
		var lobby []int
		for seat, e := range g.Seats {
			if e != 2 {
				lobby = append(lobby, seat)
			}
		}
		if res.Outcome != tournament.OutcomeForfeit || res.WinnerSide != builtin || !slices.Equal(res.ForfeitSeats, lobby) ||
			!strings.Contains(res.Reason, `lobby bot "ghost" absent from the lobby since`) || !strings.Contains(res.Reason, `lobby bot "wv" does not play three-handed`) {
			t.Errorf("game %d (seats %v): %+v", res.Game, g.Seats, res)
		}
	}
	if len(tn.Results) != len(games) {
		t.Fatalf("%d results of %d games", len(tn.Results), len(games))
	}
	for _, st := range tn.Standings.Entrants {
		if wantWins := map[string]int{"random": len(games)}[st.Entrant]; st.Wins != wantWins || st.Draws != 0 || st.Losses != len(games)-wantWins {
			t.Errorf("standing %+v; want %d wins and no draw", st, wantWins)
		}
	}
}

// TestCancelTournament: a tournament cancelled while its two games in play wait for a lobby bot
// that never decides starts no more games; the two games end cancelled with the reason in their
// records and no result; the tournament is cancelled in the store with its seed revealed, and
// cancelling it again is ErrEnded.
func TestCancelTournament(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	r := startReferee(t, st, nil)
	r.serveStalledBot(t, "staller", 2)
	ref := r.srv.Referee
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 50, Duplicate: true, Concurrency: 2,
		Entrants: []tournament.Entrant{{ID: "staller", Kind: tournament.KindLobby, Bot: "staller"}, {ID: "random", Bot: "random"}}}
	tn, err := ref.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if ref.ListBots()[0].GetGamesInPlay() == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the lobby bot never had 2 games in play")
		}
	}
	got, err := ref.CancelTournament(ctx, tn.ID, "the organiser stopped it")
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.TournamentCancelled || len(got.Seed) != 32 || got.FinishedAt.IsZero() || len(got.Results) != 0 {
		t.Fatalf("after cancel: state %s, seed %x, finished %v, %d results", got.State, got.Seed, got.FinishedAt, len(got.Results))
	}
	if row, err := st.GetTournament(ctx, tn.ID); err != nil || row.State != store.TournamentCancelled {
		t.Fatalf("stored: %+v, %v", row, err)
	}
	if _, err := ref.CancelTournament(ctx, tn.ID, ""); !errors.Is(err, ErrEnded) {
		t.Fatalf("cancelling again: %v; want ErrEnded", err)
	}
	for _, g := range got.Spec.Schedule() {
		rec, err := ref.GetRecord(ctx, TourneyTableID(tn.ID, g.Index))
		if g.Index >= 2 {
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("game %d: a table (%v)", g.Index, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if res := rec.GetResult(); res.GetOutcome() != pb.Outcome_OUTCOME_CANCELLED || res.GetReason() != "the organiser stopped it" {
			t.Errorf("game %d: %v; want cancelled with the reason", g.Index, res)
		}
	}
}

// TestTournamentLobbyGamesAfterRestart: a referee on a SQLite file stops while its tournament's
// two games wait on a lobby bot that never decides; a referee opened on the same file announces
// the two recovered games to a new process of that bot (it knows nothing of them) when it enters
// the lobby, and the tournament ends with both games played on their tables, which replay.
func TestTournamentLobbyGamesAfterRestart(t *testing.T) {
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 2,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "lb", Kind: tournament.KindLobby, Bot: "lb"}, {ID: "random", Bot: "random"}}}
	id, st := stopWithLobbyGamesInPlay(t, spec)
	b := startReferee(t, st, nil)
	results := b.serveBot(t, "lb", 2)
	got := awaitTournament(t, b.srv.Referee, id)
	checkTournament(t, b.srv.Referee, got)
	for range 2 {
		if res := <-results; res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("the new bot process saw %v", res)
		}
	}
}

// TestTournamentSaysBotAwayOnceAfterRestart: a tournament resumed with lobby bots away and games
// of theirs in play here (recovered) says each bot away once, though those games start (they are
// awaited) between games of theirs put off: each such game had its bots said away again (three
// times in 6 ms after a takeover: a host's trial). On the first referee, x is absent: the games
// of lb and x are put off, and lb's two games against random are in play (lb never decides).
// The second referee resumes it with both away and a slot free (concurrency 3): it says lb and x
// away, once each (lb twice before: put off at game 0, its games 2 and 3 started, put off again
// at game 6).
func TestTournamentSaysBotAwayOnceAfterRestart(t *testing.T) {
	ctx := context.Background()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 2, Duplicate: true, Concurrency: 3, AbsenceGraceMs: 60_000,
		Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "lb", Kind: tournament.KindLobby, Bot: "lb"}, {ID: "x", Kind: tournament.KindLobby, Bot: "x"},
			{ID: "random", Bot: "random"}}}
	id, st := stopWithLobbyGamesInPlay(t, spec)
	logs := &logRecords{}
	b := startReferee(t, st, func(c *Config) { c.Logger = slog.New(logs) })
	saidAway := func() map[string]int {
		logs.mu.Lock()
		defer logs.mu.Unlock()
		said := map[string]int{}
		for _, r := range logs.records {
			if strings.HasPrefix(r.Message, "tournament: putting off the games of a lobby bot") {
				r.Attrs(func(a slog.Attr) bool {
					if a.Key == "bot" {
						said[a.Value.String()]++
					}
					return true
				})
			}
		}
		return said
	}
	for deadline := time.Now().Add(waitFor); saidAway()["x"] == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the resumed tournament did not say x away in %s", waitFor)
		}
	}
	time.Sleep(100 * time.Millisecond) // the resumed runner's first pass, through the schedule's 12 games
	if got := saidAway(); got["lb"] != 1 || got["x"] != 1 || len(got) != 2 {
		t.Errorf("the resumed tournament said away %v; want lb and x once each", got)
	}
	if _, err := b.srv.Referee.CancelTournament(ctx, id, "test over"); err != nil {
		t.Fatal(err)
	}
}

// stopWithLobbyGamesInPlay creates spec's tournament on a referee over a new SQLite file, with its
// lobby bot "lb" present (capacity 2, never deciding), waits until lb has two games in play, stops
// that referee, and returns the tournament's id and the file's store opened again, for the next.
func stopWithLobbyGamesInPlay(t *testing.T, spec tournament.Spec) (string, store.Store) {
	t.Helper()
	ctx := context.Background()
	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	st1, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	a := startReferee(t, st1, nil)
	a.serveStalledBot(t, "lb", 2)
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); a.srv.Referee.ListBots()[0].GetGamesInPlay() != 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the lobby bot never had 2 games in play")
		}
	}
	a.grpc.Stop()
	a.srv.Close()
	if err := st1.Close(); err != nil {
		t.Fatal(err)
	}
	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st2.Close() })
	return tn.ID, st2
}

// TestTournamentWaitsForLateLobbyEntrant: a lobby entrant's absence counts from the tournament's
// start, not the referee's: on a referee up for longer than the grace, a tournament created
// before its lobby bot enters waits for it and plays its games (a bug forfeited them at once).
// The referee's lobby opened an hour ago and the grace is a minute: the bot enters once the
// runner has put its games off, waiting for it (it slept 100 ms for that with a grace of 300 ms,
// and a bot entering more than 300 ms after the start on a loaded machine forfeited its games).
// The runner logs the bot whose games it puts off, once.
func TestTournamentWaitsForLateLobbyEntrant(t *testing.T) {
	logs := &logRecords{}
	r := startReferee(t, nil, func(c *Config) { c.Logger = slog.New(logs) })
	r.srv.lobby.mu.Lock()
	r.srv.lobby.started = r.srv.lobby.started.Add(-time.Hour)
	r.srv.lobby.mu.Unlock()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 2, AbsenceGraceMs: 60_000,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "late", Kind: tournament.KindLobby, Bot: "late"}, {ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	putOff := slog.NewRecord(time.Time{}, slog.LevelInfo, "tournament: putting off the games of a lobby bot that is away, or cannot take its seat, until it can or its absence grace runs out", 0)
	for deadline := time.Now().Add(waitFor); logs.count(putOff) == 0; time.Sleep(5 * time.Millisecond) {
		if got, err := r.srv.Referee.GetTournament(context.Background(), tn.ID); err != nil || len(got.Results) > 0 {
			break // a result without waiting: a forfeit, which the checks below name
		}
		if time.Now().After(deadline) {
			t.Fatal("the tournament's runner never waited for its lobby entrant")
		}
	}
	r.serveBot(t, "late", 2)
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	checkTournament(t, r.srv.Referee, tn)
	if n := logs.count(putOff); n != 1 {
		t.Errorf("the put-off games of the late bot logged %d times, want 1", n)
	}
	for _, res := range tn.Results {
		if res.Outcome != tournament.OutcomeCompleted {
			t.Errorf("game %d: %s", res.Game, res.Outcome)
		}
	}
}

// TestTournamentPutsOffAbsentEntrantsGames: while a lobby entrant is absent (within its grace, a
// minute), the games of the others are played, and the absent one's are put off until it comes:
// a round robin of an absent bot and two built-in bots at concurrency 2 plays the built-in bots'
// two games (the last of the schedule) first; then the bot enters and plays its four. Before,
// the absent bot's first two games held both slots for the whole grace.
func TestTournamentPutsOffAbsentEntrantsGames(t *testing.T) {
	r := startReferee(t, nil, nil)
	tn, err := r.srv.Referee.CreateTournament(context.Background(), putOffSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	awaitGamesWithoutAway(t, r.srv.Referee, tn.ID)
	wantAway(t, r.srv.Referee, tn.ID, "")
	r.serveBot(t, "away", 2)
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	checkTournament(t, r.srv.Referee, tn)
	for _, res := range tn.Results {
		if res.Outcome != tournament.OutcomeCompleted {
			t.Errorf("game %d: %s", res.Game, res.Outcome)
		}
	}
	if tn.Away != nil {
		t.Errorf("lobby bots away once it ended: %+v", tn.Away)
	}
}

// TestWatchTournamentSaysWhoIsAway: WatchTournament's updates carry the lobby bots whose games
// the tournament puts off (away_bots), and an update of its own comes when they change: the bot
// away (every game is its: no result comes meanwhile), then none once it has come (a host saw a
// tournament stand still with nothing to say why).
func TestWatchTournamentSaysWhoIsAway(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	r := startReferee(t, nil, nil)
	client := pb.NewTournamentServiceClient(r.cc)
	spec := putOffSpec()
	spec.Entrants = spec.Entrants[:2]
	created, err := client.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: SpecToProto(spec)})
	if err != nil {
		t.Fatal(err)
	}
	stream, err := client.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: created.GetTournament().GetTournamentId(), OmitPairs: true})
	if err != nil {
		t.Fatal(err)
	}
	for {
		m, err := stream.Recv()
		if err != nil {
			t.Fatalf("before the bot away was said: %v", err)
		}
		if away := m.GetAwayBots(); len(away) > 0 {
			if len(away) != 1 || away[0].GetBot() != "away" || away[0].GetUnable() != "" || m.GetStandings().GetPlayed() != 0 ||
				away[0].GetForfeitTime().AsTime().Sub(away[0].GetSince().AsTime()) != time.Minute {
				t.Fatalf("away_bots %v after %d games; want away alone, forfeited a minute after its absence began, before any game", away, m.GetStandings().GetPlayed())
			}
			if n := gaugeValue(t, r, "bezique_tournament_lobby_bots_away"); n != 1 {
				t.Errorf("bezique_tournament_lobby_bots_away %v while the bot was away, want 1", n)
			}
			break
		}
	}
	// A bot that never decides: its games start, and none ends while the test runs.
	r.serveStalledBot(t, "away", 2)
	m, err := stream.Recv()
	if err != nil || len(m.GetAwayBots()) != 0 || m.GetStandings() == nil || m.GetStandings().GetPlayed() != 0 {
		t.Fatalf("the update once the bot came: %v, %v; want no bot away before any game", m, err)
	}
	if n := gaugeValue(t, r, "bezique_tournament_lobby_bots_away"); n != 0 {
		t.Errorf("bezique_tournament_lobby_bots_away %v once the bot came, want 0", n)
	}
	if _, err := client.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: created.GetTournament().GetTournamentId()}); err != nil {
		t.Fatal(err)
	}
}

// wantAway fails unless the putOffSpec tournament id says that it puts off the games of lobby bot
// "away" alone (Tournament.Away), unable to take its seat for the reason unable ("" when absent),
// since the tournament started, until the grace of a minute has run out.
func wantAway(t *testing.T, r *Referee, id, unable string) {
	t.Helper()
	tn, err := r.GetTournament(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(tn.Away) != 1 || tn.Away[0].Bot != "away" || tn.Away[0].Unable != unable || tn.Away[0].Since.Before(tn.CreatedAt) ||
		tn.Away[0].Since.After(time.Now()) || tn.Away[0].ForfeitAt.Sub(tn.Away[0].Since) != time.Minute {
		t.Errorf("lobby bots away %+v; want away alone, unable %q, since the start (%s), forfeited a minute later", tn.Away, unable, tn.CreatedAt)
	}
}

// TestTournamentPutsOffUnableEntrantsGames: a lobby entrant present but unable to take its seat
// (it plays only three-handed) is put off as an absent one is: the other entrants' games are
// played within its grace.
func TestTournamentPutsOffUnableEntrantsGames(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveBot(t, "away", 2, pb.Variant_VARIANT_THREE_HANDED)
	tn, err := r.srv.Referee.CreateTournament(context.Background(), putOffSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	awaitGamesWithoutAway(t, r.srv.Referee, tn.ID)
	wantAway(t, r.srv.Referee, tn.ID, "does not play two-handed (it plays [three-handed])")
	cancelled, err := r.srv.Referee.CancelTournament(context.Background(), tn.ID, "test over")
	if err != nil {
		t.Fatal(err)
	}
	// None once it has ended.
	if got, err := r.srv.Referee.GetTournament(context.Background(), tn.ID); err != nil || cancelled.Away != nil || got.Away != nil {
		t.Errorf("lobby bots away once it was cancelled: %+v, %+v (%v)", cancelled.Away, got.Away, err)
	}
}

// TestTournamentPutsOffUntilBotsArrive: games are put off again and again, not once: a
// tournament whose lobby bots all come after its start (as after a referee's restart, before the
// bots dial in again) plays the games of the bots that came while another stays away. After a
// restart, the games of the bot away took every slot for its whole grace, the bots back idle (a
// host's trial).
func TestTournamentPutsOffUntilBotsArrive(t *testing.T) {
	logs := &logRecords{}
	r := startReferee(t, nil, func(c *Config) { c.Logger = slog.New(logs) })
	spec := putOffSpec()
	spec.Entrants[1] = tournament.Entrant{ID: "b", Kind: tournament.KindLobby, Bot: "b"}
	spec.Entrants[2] = tournament.Entrant{ID: "c", Kind: tournament.KindLobby, Bot: "c"}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	putOff := slog.NewRecord(time.Time{}, slog.LevelInfo, "tournament: putting off the games of a lobby bot that is away, or cannot take its seat, until it can or its absence grace runs out", 0)
	for deadline := time.Now().Add(waitFor); logs.count(putOff) < 3; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d lobby bots' games put off; want away's, b's and c's", logs.count(putOff))
		}
	}
	r.serveBot(t, "b", 2)
	r.serveBot(t, "c", 2)
	awaitGamesWithoutAway(t, r.srv.Referee, tn.ID)
	if _, err := r.srv.Referee.CancelTournament(context.Background(), tn.ID, "test over"); err != nil {
		t.Fatal(err)
	}
}

// TestTournamentPlaysPutOffGamesOnceBack: the games put off while a lobby bot was away start as
// soon as it comes, before the schedule's next games, not once the whole schedule has been gone
// through: a bot away for the seconds of a referee's takeover had its 124 games of a round robin
// of 2 010 played last (a host's trial). Here the bot comes at the first result of the 200 games
// without it (of 600); its first game, the schedule's first, must be played before they all are
// (it was stored after 596 results).
func TestTournamentPlaysPutOffGamesOnceBack(t *testing.T) {
	r := startReferee(t, nil, nil)
	spec := putOffSpec()
	spec.Deals, spec.Concurrency = 100, 1
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	results := func() []tournament.Result {
		got, err := r.srv.Referee.GetTournament(context.Background(), tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Results
	}
	for deadline := time.Now().Add(waitFor); len(results()) == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no result after %s", waitFor)
		}
	}
	r.serveBot(t, "away", 2)
	var before int // the results stored before the schedule's first game's
	for deadline := time.Now().Add(waitFor); ; time.Sleep(time.Millisecond) {
		got := results()
		if i := slices.IndexFunc(got, func(res tournament.Result) bool { return res.Game == 0 }); i >= 0 {
			before = i
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("game 0 not played %s after its bot came (%d results)", waitFor, len(got))
		}
	}
	if _, err := r.srv.Referee.CancelTournament(context.Background(), tn.ID, "test over"); err != nil {
		t.Fatal(err)
	}
	if before >= 200 {
		t.Fatalf("game 0 was stored after %d results, more than the 200 games without its bot: played last", before)
	}
	t.Logf("game 0 was stored after %d results", before)
}

// putOffSpec is a round robin of lobby bot "away" and two built-in bots, one deal set each, at
// concurrency 2, with an absence grace of a minute: away's four games come first in the schedule.
func putOffSpec() tournament.Spec {
	return tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 2, AbsenceGraceMs: 60_000,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "random", Bot: "random"}, {ID: "rulebook", Bot: "rulebook"}}}
}

// awaitGamesWithoutAway waits until the putOffSpec tournament id has two results, and fails unless
// they are the two games without "away" (games 4 and 5).
func awaitGamesWithoutAway(t *testing.T, r *Referee, id string) {
	t.Helper()
	for deadline := time.Now().Add(waitFor); ; time.Sleep(10 * time.Millisecond) {
		got, err := r.GetTournament(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Results) == 2 {
			games := []int{got.Results[0].Game, got.Results[1].Game}
			if slices.Sort(games); !slices.Equal(games, []int{4, 5}) {
				t.Fatalf("games played while the lobby bot could not play: %v; want [4 5]", games)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d results after %s while the lobby bot could not play; want the 2 games without it", len(got.Results), waitFor)
		}
	}
}

// TestTournamentLobbyTeam: a consultation team of two lobby bots (RULES.md §3.5) is an entrant:
// each game seats both members at one team seat, each hearing of it with its member index, and
// the round robin against a built-in bot ends with every game played and replayable.
func TestTournamentLobbyTeam(t *testing.T) {
	r := startReferee(t, nil, nil)
	captain, second := r.serveBot(t, "captain", 2), r.serveBot(t, "second", 2)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 2,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "team", Kind: tournament.KindLobbyTeam, Members: []string{"captain", "second"}}, {ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r.srv.Referee, tn.ID)
	checkTournament(t, r.srv.Referee, tn)
	for _, results := range []<-chan *pb.GameResult{captain, second} {
		for range 2 {
			if res := <-results; res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("a member saw %v", res)
			}
		}
	}
	for _, res := range tn.Results {
		rec, err := r.srv.Referee.GetRecord(context.Background(), res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		for s, e := range tn.Spec.Schedule()[res.Game].Seats {
			if got := rec.GetSeats()[s].GetName(); e == 0 && got != "captain+second" {
				t.Errorf("game %d: team seat %d named %q; want captain+second", res.Game, s, got)
			}
		}
	}
}

// TestCancelTournamentKeepsEndedResults: a tournament of built-in bots cancelled while its games
// end keeps the result of every game whose table ended finished, even one whose table left the
// referee's memory before the cancel reached it (Config.KeepFinished 1: the cancel's own endings
// push it out). Before, CancelTournament skipped a game whose table was not in memory, so a game
// the runner had not stored when it stopped lost its result. Cancelled at 10 moments.
func TestCancelTournamentKeepsEndedResults(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	r := startReferee(t, st, func(c *Config) { quiet(c); c.KeepFinished = 1 })
	ref := r.srv.Referee
	results := 0 // stored over all runs
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 20, Duplicate: true, Concurrency: 4,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}
	for run := range 10 {
		tn, err := ref.CreateTournament(ctx, spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(3*run) * time.Millisecond)
		got, err := ref.CancelTournament(ctx, tn.ID, "")
		if errors.Is(err, ErrEnded) {
			continue // it finished first
		}
		if err != nil {
			t.Fatal(err)
		}
		stored := map[int]bool{}
		for _, r := range got.Results {
			stored[r.Game] = true
		}
		results += len(got.Results)
		for _, g := range got.Spec.Schedule() {
			rec, err := ref.GetRecord(ctx, TourneyTableID(tn.ID, g.Index))
			if errors.Is(err, ErrNotFound) {
				continue // never created
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_CANCELLED && !stored[g.Index] {
				t.Errorf("run %d, game %d ended %s before the cancel; the tournament has no result for it", run, g.Index, rec.GetResult().GetOutcome())
			}
		}
	}
	if f := testutil.ToFloat64(r.srv.metrics.tourneyFinished); f != float64(results) {
		t.Errorf("bezique_tournament_games_finished_total %v; want the %d results stored, those the cancels stored included", f, results)
	}
}

// TestTournamentLobbyEntrantOfAnotherVariant: a lobby entrant present in the lobby but playing
// another variant than the tournament's is waited for as an absent one, then forfeits each of its
// games once the absence grace has passed, so the tournament ends (its games failed to start and
// it ran forever); each record says why.
func TestTournamentLobbyEntrantOfAnotherVariant(t *testing.T) {
	r := newCore(t, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := r.EnterLobby(ctx, &pb.ServeRequest{Name: "duo", Capacity: 4, Variants: []pb.Variant{pb.Variant_VARIANT_TWO_HANDED}}); err != nil {
		t.Fatal(err)
	}
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.ThreeHanded, Deals: 1, Duplicate: true, Concurrency: 3, AbsenceGraceMs: 200,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "duo", Kind: tournament.KindLobby, Bot: "duo"}, {ID: "random", Bot: "random"}, {ID: "rulebook", Bot: "rulebook"}}}
	tn, err := r.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	tn = awaitTournament(t, r, tn.ID)
	if tn.State != store.TournamentFinished || len(tn.Results) != 3 {
		t.Fatalf("state %s, %d results; want finished with 3", tn.State, len(tn.Results))
	}
	games := tn.Spec.Schedule()
	for _, res := range tn.Results {
		duoSeat := slices.Index(games[res.Game].Seats, 0)
		rec, err := r.GetRecord(context.Background(), res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		rr := rec.GetResult()
		if res.Outcome != tournament.OutcomeForfeit || res.ForfeitSeat != duoSeat || rr.GetForfeitCause() != pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT ||
			!strings.HasPrefix(rr.GetReason(), `lobby bot "duo" does not play three-handed (it plays [two-handed]), since `) ||
			!strings.HasSuffix(rr.GetReason(), ", longer than the tournament's absence grace (200 ms)") {
			t.Errorf("game %d: result %+v, record result %v", res.Game, res, rr)
		}
	}
}

// TestTournamentSaysBotBackWhileSlotsAreHeld: a lobby bot said away is no longer said so as soon
// as it enters the lobby, though every concurrency slot is held by a game that goes on (here a
// lobby bot that never decides). Before, the runner refreshed who was away only once a slot
// freed: after a takeover a host watched a bot said away for seconds after it was back.
func TestTournamentSaysBotBackWhileSlotsAreHeld(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveStalledBot(t, "held", 2)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 4, Duplicate: true, Concurrency: 1, AbsenceGraceMs: 60_000,
		Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "away", Kind: tournament.KindLobby, Bot: "away"}, {ID: "held", Kind: tournament.KindLobby, Bot: "held"},
			{ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	awayNow := func() []AwayBot {
		got, err := r.srv.Referee.GetTournament(context.Background(), tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Away
	}
	for deadline := time.Now().Add(waitFor); len(awayNow()) == 0 || r.srv.Referee.ListBots()[0].GetGamesInPlay() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: away %+v, held's games in play %d; want away said away and a game of held in play", waitFor, awayNow(), r.srv.Referee.ListBots()[0].GetGamesInPlay())
		}
	}
	r.serveBot(t, "away", 2)
	back := time.Now()
	for len(awayNow()) > 0 {
		if time.Since(back) > 5*time.Second {
			t.Fatalf("away %+v 5 s after the bot entered the lobby, the slot held by held's game; want none", awayNow())
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("no bot said away %v after it entered the lobby", time.Since(back).Round(time.Millisecond))
}
