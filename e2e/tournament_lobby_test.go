package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// TestLobbyTournamentSurvivesSIGKILL is issue 13's end-to-end run: the real referee binary on a
// SQLite file plays a round robin of four entrants, the built-in random and rulebook and a Python
// and a Node bot in serve mode (each in its own process, waiting in the lobby), over 204
// two-handed games (17 duplicate deal sets per pair), 16 games at once. The referee is killed
// with SIGKILL twice while games are in play and started again on the same store and address;
// the bots dial in again by themselves. The tournament completes with exactly the scheduled
// games, each on its own table; every record replays; the stored results and the referee's
// standings equal those recomputed from the records; rulebook ranks above random, their rating
// intervals (mu ± 1.96 sigma) apart.
func TestLobbyTournamentSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped in -short: kills and restarts a real referee under a 200-game tournament")
	}
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	bin := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	dbPath := filepath.Join(dir, "bezique.db")
	args := []string{"--listen", addr, "--metrics-listen", "", "--store", "sqlite:" + dbPath, "--drain-timeout", "1s"}
	logPath := filepath.Join(dir, "referee.log")
	proc := startRefereeProc(t, bin, logPath, args...)

	bots := map[string]*bot{
		"py": startBot(t, "python", python, "-m", "bezique_bot.examples.serve_bot", "--server", addr, "--name", "py", "--capacity", "16", "--variants", "two-handed"),
		"js": startBot(t, "node", "node", "botsdk/node/examples/serve.js", "--server", addr, "--name", "js", "--capacity", "16", "--variants", "two-handed"),
	}
	defer func() {
		if t.Failed() {
			for name, b := range bots {
				t.Logf("%s output:\n%s", name, tailLines(b.out.String(), 40))
			}
			t.Logf("referee log:\n%s", readFile(logPath))
		}
	}()
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	tours, tables := pb.NewTournamentServiceClient(cc), pb.NewTableServiceClient(cc)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	waitLobby(ctx, t, pb.NewLobbyServiceClient(cc), bots, "py", "js")

	autoPlay := pb.FailureAction_FAILURE_ACTION_AUTO_PLAY
	builtin := func(id, bot string) *pb.Entrant {
		return &pb.Entrant{Id: id, Kind: &pb.Entrant_BuiltinBot{BuiltinBot: bot}}
	}
	lobby := func(name string) *pb.Entrant {
		return &pb.Entrant{Id: name, Kind: &pb.Entrant_LobbyBot{LobbyBot: name}}
	}
	resp, err := tours.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Name: "e2e lobby round robin", Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 17, Duplicate: true, Concurrency: 16,
		Entrants:      []*pb.Entrant{builtin("random", "random"), builtin("rulebook", "rulebook"), lobby("py"), lobby("js")},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: autoPlay, OnDisconnect: autoPlay, OnIllegal: autoPlay}}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTournament().GetTournamentId()
	const scheduled = 6 * 17 * 2
	if n := resp.GetTournament().GetStandings().GetScheduled(); n != scheduled {
		t.Fatalf("%d games scheduled; want %d", n, scheduled)
	}
	start := time.Now()
	for round, after := range []int{40, 120} {
		for storedResults(t, dbPath, id) < after {
			if ctx.Err() != nil {
				t.Fatalf("kill %d: fewer than %d results stored in %v", round+1, after, time.Since(start))
			}
			time.Sleep(20 * time.Millisecond)
		}
		lobbyTables := activeLobbyTables(t, dbPath)
		proc.kill()
		t.Logf("%v: SIGKILL with %d results stored, %d tables of lobby bots in play", time.Since(start).Round(time.Millisecond),
			storedResults(t, dbPath, id), lobbyTables)
		if lobbyTables == 0 {
			t.Fatalf("kill %d: no game of a lobby bot in play", round+1)
		}
		proc = startRefereeProc(t, bin, logPath, args...)
	}

	var got *pb.GetTournamentResponse
	for {
		got, err = tours.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
		if err == nil && got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the tournament did not end in time: %v (%d results stored)", err, storedResults(t, dbPath, id))
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("%v: tournament %s", time.Since(start).Round(time.Millisecond), got.GetTournament().GetState())
	tn, err := service.TournamentFromProto(got.GetTournament(), got.GetResults())
	if err != nil {
		t.Fatal(err)
	}
	games := tn.Spec.Schedule()
	if tn.State != store.TournamentFinished || len(tn.Results) != scheduled || len(games) != scheduled {
		t.Fatalf("state %s, %d results, %d games scheduled; want finished, %d", tn.State, len(tn.Results), len(games), scheduled)
	}

	// Every result against its table's record, which replays.
	var fromRecords []tournament.Result
	seen := map[int]bool{}
	interventions := 0
	for _, res := range tn.Results {
		if seen[res.Game] {
			t.Fatalf("game %d has two results", res.Game)
		}
		seen[res.Game] = true
		if want := fmt.Sprintf("%s-g%d", id, res.Game); res.TableID != want {
			t.Fatalf("game %d on table %s; want %s", res.Game, res.TableID, want)
		}
		rr, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: res.TableID})
		if err != nil {
			t.Fatal(err)
		}
		rec := rr.GetRecord()
		rp, err := wire.ReplayRecord(rec)
		if err != nil {
			t.Fatalf("game %d: %v", res.Game, err)
		}
		if err := rp.Verify(rec); err != nil {
			t.Fatalf("game %d: %v", res.Game, err)
		}
		if res.Outcome != tournament.OutcomeCompleted || !rp.Game.Over() {
			t.Fatalf("game %d: %s (replayed game over: %v)", res.Game, res.Outcome, rp.Game.Over())
		}
		for seat, e := range games[res.Game].Seats {
			if got, want := rec.GetSeats()[seat].GetBotName(), tn.Spec.Entrants[e].Bot; got != want {
				t.Fatalf("game %d seat %d: bot %q, want %q", res.Game, seat, got, want)
			}
		}
		fr := service.ResultFromRecord(res.Game, rec)
		if !reflect.DeepEqual(fr, res) {
			t.Fatalf("game %d: stored result\n%+v\nfrom the record\n%+v", res.Game, res, fr)
		}
		for _, s := range fr.Seats {
			interventions += s.Timeouts + s.Illegal + s.Disconnects
		}
		fromRecords = append(fromRecords, fr)
	}

	// The referee's standings against those recomputed from the records.
	want := tournament.Compute(&tn.Spec, fromRecords)
	ps := got.GetTournament().GetStandings()
	if int(ps.GetPlayed()) != want.Played || int(ps.GetScheduled()) != scheduled || len(ps.GetEntrants()) != len(want.Entrants) {
		t.Fatalf("referee's standings: %d of %d games, %d entrants; recomputed %d, %d", ps.GetPlayed(), ps.GetScheduled(), len(ps.GetEntrants()), want.Played, len(want.Entrants))
	}
	near := func(a, b float64) bool { return a == b || math.Abs(a-b) < 1e-9 || math.IsNaN(a) && math.IsNaN(b) }
	for i, e := range want.Entrants {
		p := ps.GetEntrants()[i]
		if p.GetEntrant() != e.Entrant || int(p.GetGames()) != e.Games || int(p.GetWins()) != e.Wins || int(p.GetDraws()) != e.Draws ||
			int(p.GetLosses()) != e.Losses || p.GetScore() != int64(e.Score) || int(p.GetForfeits()) != e.Forfeits || !near(p.GetPoints(), e.Points) ||
			!near(p.GetDealDiff(), e.DealDiff) || !near(p.GetRating().GetMu(), e.Rating.Mu) || !near(p.GetRating().GetSigma(), e.Rating.Sigma) {
			t.Fatalf("rank %d: the referee says %v; recomputed from the records %+v", i+1, p, e)
		}
		t.Logf("%d. %-8s games %d W %d D %d L %d deal diff %7.1f rating %.2f ± %.2f, decision %.2f ms", i+1, e.Entrant, e.Games, e.Wins, e.Draws, e.Losses,
			e.DealDiff, e.Rating.Mu, 1.96*e.Rating.Sigma, e.MeanDecisionMs)
	}
	for i, p := range want.Pairs {
		pp := ps.GetPairs()[i]
		if pp.GetA() != p.A || pp.GetB() != p.B || int(pp.GetWins()) != p.W || int(pp.GetLosses()) != p.L || !near(pp.GetElo().GetElo(), p.Elo.Elo) {
			t.Fatalf("pair %d: the referee says %v; recomputed %+v", i, pp, p)
		}
	}
	t.Logf("%d actions auto-played by the referee (timeouts, disconnects) over %d games", interventions, len(fromRecords))

	rank := map[string]int{}
	for i, e := range want.Entrants {
		rank[e.Entrant] = i
	}
	rb, rnd := want.Entrants[rank["rulebook"]].Rating, want.Entrants[rank["random"]].Rating
	if rank["rulebook"] > rank["random"] || rb.Mu-1.96*rb.Sigma <= rnd.Mu+1.96*rnd.Sigma {
		t.Fatalf("rulebook ranks %d with %.2f ± %.2f, random %d with %.2f ± %.2f; want rulebook above, the intervals apart",
			rank["rulebook"]+1, rb.Mu, 1.96*rb.Sigma, rank["random"]+1, rnd.Mu, 1.96*rnd.Sigma)
	}

	// In the store: exactly one finished table per game, nothing else.
	proc.kill()
	_, _, _, stored := storedTournament(t, "sqlite:"+dbPath, id)
	if len(stored) != scheduled {
		t.Fatalf("%d tables in the store for %d games", len(stored), scheduled)
	}
	for _, tb := range stored {
		if tb.State != store.StateFinished || !strings.HasPrefix(tb.ID, id+"-g") {
			t.Fatalf("table %s is %s", tb.ID, tb.State)
		}
	}
}

// activeLobbyTables counts the tables waiting or in play with a remote seat (a lobby bot's) in a
// SQLite file that a running referee holds (read-only SQL).
func activeLobbyTables(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM tables WHERE state IN ('waiting', 'playing') AND CAST(spec AS TEXT) LIKE '%remote%'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// tailLines returns the last n lines of s.
func tailLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
