package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentCancelPrintsKeptResults: "tournament cancel --server" of a tournament cancelled
// mid-run prints the standings of the results it kept, as "standings" reads them afterwards (it
// printed "0 of 400 games, cancelled" and a table of zeros: the cancel response carries no
// results, and the command computed the standings from none).
func TestTournamentCancelPrintsKeptResults(t *testing.T) {
	ctx, ref := testReferee(t, 90*time.Second)
	out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "random", "--entrant", "rulebook",
		"--deals", "200", "--concurrency", "2")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	played := regexp.MustCompile(`(?m)^` + id + ` \(round-robin, two-handed\): (\d+) of 400 games, (\w+)$`)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		out, err := runCmd(ctx, "tournament", "standings", "--server", ref.addr, id)
		m := played.FindStringSubmatch(out)
		if err != nil || m == nil {
			t.Fatalf("standings: %v\n%s", err, out)
		}
		if n, _ := strconv.Atoi(m[1]); n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("fewer than 2 results after 60 s:\n%s", out)
		}
	}
	out, err = runCmd(ctx, "tournament", "cancel", "--server", ref.addr, id, "--reason", "host test")
	if err != nil {
		t.Fatalf("cancel: %v\n%s", err, out)
	}
	after, err := runCmd(ctx, "tournament", "standings", "--server", ref.addr, id)
	if err != nil {
		t.Fatalf("standings after the cancel: %v\n%s", err, after)
	}
	m := played.FindStringSubmatch(after)
	if m == nil || m[2] != "cancelled" || m[1] == "0" {
		t.Fatalf("standings after the cancel:\n%s", after)
	}
	if out != after {
		t.Fatalf("cancel printed:\n%s\nstandings after it print:\n%s", out, after)
	}
	// watch (as run) follows it to its end, which is an error once the standings are printed:
	// both exited 0, a script could not tell a cancelled event from a finished one (a host's trial).
	watched, err := runCmd(ctx, "tournament", "watch", "--server", ref.addr, id)
	if want := fmt.Sprintf("tournament %s was cancelled after %s of its 400 games: its standings are not final", id, m[1]); err == nil || err.Error() != want || !strings.HasSuffix(watched, after) {
		t.Fatalf("watch of the cancelled tournament: %v (want %q)\n%s", err, want, watched)
	}
	path := filepath.Join(t.TempDir(), "standings.csv")
	if out, err := runCmd(ctx, "tournament", "export", "--server", ref.addr, id, "--standings-csv", path); err != nil {
		t.Fatalf("export --standings-csv: %v\n%s", err, out)
	}
	rows, err := os.ReadFile(path)
	if lines := strings.Split(string(rows), "\n"); err != nil || len(lines) != 4 || !strings.HasPrefix(lines[1], "1,rulebook-2,"+m[1]+",") {
		t.Fatalf("standings.csv: %v\n%s", err, rows)
	}
	replayRecords(ctx, t, []string{"--server", ref.addr}, id, m[1])
}

// replayRecords exports the records of tournament id's games with "export --records" (flags
// say where the tournament is), checks that there are want of them and replays each.
func replayRecords(ctx context.Context, t *testing.T, flags []string, id, want string) {
	t.Helper()
	dir := t.TempDir()
	out, err := runCmd(ctx, append(append([]string{"tournament", "export"}, flags...), id, "--records", dir)...)
	if err != nil || out != "records written to "+dir+": "+want+"\n" {
		t.Fatalf("export --records: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, id+"-g*.json"))
	if err != nil || strconv.Itoa(len(files)) != want {
		t.Fatalf("%d record files (%v), want %s", len(files), err, want)
	}
	for _, f := range files {
		if out, err := runCmd(ctx, "replay", f); err != nil || !strings.Contains(out, "Checked: the record replays through the engine to these totals.") {
			t.Fatalf("replay %s: %v\n%s", f, err, tail(out))
		}
	}
}

// TestTournamentRecordsInProcess: "export --records" of a tournament of the in-process referee
// reads the records from --store, and each replays. The run's last progress line names the
// leader of the standings it prints, with its points of its games (it gave a percentage alone).
func TestTournamentRecordsInProcess(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st := "--store=sqlite:" + filepath.Join(t.TempDir(), "t.db")
	out, err := runCmd(ctx, "tournament", "run", "--server", "", st, "--entrant", "random", "--entrant", "rulebook", "--deals", "2",
		"--option", "target=300", "--seed", "8")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(strings.TrimPrefix(out, "tournament "), ",")
	first := regexp.MustCompile(`(?m)^ +1 +(\S+) +4 +\d+ +\d+ +\d+ +(\d+)\.(\d) `).FindStringSubmatch(out)
	if first == nil {
		t.Fatalf("no first line in the standings:\n%s", out)
	}
	points := strings.TrimSuffix(first[2]+"."+first[3], ".0")
	if want := "\n" + id + ": 4 of 4 games (100%); leader " + first[1] + " " + points + "/4\n"; !strings.Contains(out, want) {
		t.Errorf("no progress line %q:\n%s", want, out)
	}
	replayRecords(ctx, t, []string{"--server", "", st}, id, "4")
}

// TestTournamentServerFromEnvironment: the tournament commands take --server's default from
// $BEZIQUE_SERVER, as every other command does (without --server they looked in
// sqlite:bezique-data/tournaments.db and said "no tournament tn-… in --store …"); --server ""
// still chooses the in-process referee on --store.
func TestTournamentServerFromEnvironment(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	t.Setenv("BEZIQUE_SERVER", ref.addr)
	store := "sqlite:" + t.TempDir() + "/t.db"
	out, err := runCmd(ctx, "tournament", "run", "--store", store, "--entrant", "random", "--entrant", "rulebook", "--deals", "1",
		"--option", "target=300", "--seed", "3")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(strings.TrimPrefix(out, "tournament "), ",")
	out, err = runCmd(ctx, "tournament", "standings", "--server", ref.addr, id)
	if err != nil || !strings.HasPrefix(out, id+" (round-robin, two-handed): 2 of 2 games, finished\n") {
		t.Fatalf("standings of the referee at $BEZIQUE_SERVER: %v\n%s", err, out)
	}
	want := "no tournament " + id + " in --store " + store + " (a tournament of a running referee: --server HOST:PORT)"
	if out, err := runCmd(ctx, "tournament", "standings", "--server", "", "--store", store, id); err == nil || err.Error() != want {
		t.Fatalf("standings with --server \"\": %v, want %q\n%s", err, want, out)
	}
}

// TestStandingsShowDisconnects: the standings table has a disconnects column, the actions the
// referee played for an entrant whose bot was away (its lobby bot killed mid-game: 903 actions
// auto-played showed nowhere but in --json); and a line under it says how an entrant's forfeits
// split by cause (on time, illegal actions, disconnected: they were one count); an entrant
// without a game played to its end has no score nor deal diff, "–" (it read 0 and 0.0), nor has
// any entrant of a tournament without duplicate deals a deal diff.
func TestStandingsShowDisconnects(t *testing.T) {
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "js", Kind: tournament.KindLobby, Bot: "js"}, {ID: "random", Kind: tournament.KindBuiltin, Bot: "random"}}}
	tn := &service.Tournament{ID: "tn-0", Spec: spec, State: store.TournamentFinished,
		Standings: tournament.Standings{Scheduled: 2, Played: 2, Entrants: []tournament.Standing{
			{Entrant: "random", Games: 2, Wins: 2, Points: 2, Score: 2000, DealSets: 1, Rating: stats.Rating{Mu: 27.5, Sigma: 7.5}},
			{Entrant: "js", Games: 2, Losses: 2, Score: 900, DealSets: 1, Forfeits: 4, ForfeitsTimeout: 2, ForfeitsDisconnect: 1, Timeouts: 2, Illegal: 3, Disconnects: 903,
				Fallbacks: 754, MeanDecisionMs: 1.5, Rating: stats.Rating{Mu: 22.5, Sigma: 7.5}},
			{Entrant: "gone", Games: 2, Losses: 2, DealDiff: -10, DealSets: 1, Forfeits: 2, ForfeitsDisconnect: 2, Rating: stats.Rating{Mu: 25, Sigma: 25.0 / 3}},
			{Entrant: "absent", Games: 2, Losses: 2, Forfeits: 2, ForfeitsDisconnect: 2, Rating: stats.Rating{Mu: 25, Sigma: 25.0 / 3}}}}}
	var out strings.Builder
	if err := printStandings(&out, tn, false); err != nil {
		t.Fatal(err)
	}
	want := `tn-0 (round-robin, two-handed): 2 of 2 games, finished
  #  entrant  games  W  D  L  points  score  deal diff  OpenSkill  ± 95%  forfeits  timeouts  illegal  disconnects  fallbacks  decision ms
  1   random      2  2  0  0     2.0   2000        0.0       27.5   14.7         0         0        0            0          0         0.00
  2       js      2  0  0  2     0.0    900        0.0       22.5   14.7         4         2        3          903        754         1.50
  3     gone      2  0  0  2     0.0      0      -10.0          –      –         2         0        0            0          0         0.00
  4   absent      2  0  0  2     0.0      –          –          –      –         2         0        0            0          0         0.00
OpenSkill –: no rated game yet
js forfeited 4 games: 2 on time, 1 disconnected or absent, 1 of unknown cause
gone forfeited 2 games: 2 disconnected or absent
absent forfeited 2 games: 2 disconnected or absent
`
	if out.String() != want {
		t.Fatalf("printed:\n%s\nwant:\n%s", out.String(), want)
	}
	// Without duplicate deals no deal is played twice on the same cards: no deal set to take a deal
	// diff over (tournament.Compute), no deal diff (it read 0.0).
	tn.Spec.Duplicate = false
	for i := range tn.Standings.Entrants {
		tn.Standings.Entrants[i].DealSets = 0
	}
	out.Reset()
	if err := printStandings(&out, tn, false); err != nil {
		t.Fatal(err)
	}
	want = `tn-0 (round-robin, two-handed): 2 of 2 games, finished
  #  entrant  games  W  D  L  points  score  deal diff  OpenSkill  ± 95%  forfeits  timeouts  illegal  disconnects  fallbacks  decision ms
  1   random      2  2  0  0     2.0   2000          –       27.5   14.7         0         0        0            0          0         0.00
  2       js      2  0  0  2     0.0    900          –       22.5   14.7         4         2        3          903        754         1.50
  3     gone      2  0  0  2     0.0      0          –          –      –         2         0        0            0          0         0.00
  4   absent      2  0  0  2     0.0      –          –          –      –         2         0        0            0          0         0.00
` + want[strings.Index(want, "OpenSkill –"):]
	if out.String() != want {
		t.Fatalf("without duplicate deals, printed:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestStandingsJSONKeys: "standings --json" and "export --json" write snake_case keys at every
// level, as the standings and results inside always did (the top level was Go's field names,
// "ID", "Spec", "Results", and a rating {"Mu", "Sigma"}).
func TestStandingsJSONKeys(t *testing.T) {
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true,
		Entrants: []tournament.Entrant{{ID: "a", Kind: tournament.KindBuiltin, Bot: "random"}, {ID: "b", Kind: tournament.KindBuiltin, Bot: "random"}}}
	tn := &service.Tournament{ID: "tn-0", Spec: spec, State: store.TournamentFinished, Seed: []byte{1}, Salt: []byte{2},
		Standings: tournament.Standings{Entrants: []tournament.Standing{{Entrant: "a", Rating: stats.Rating{Mu: 26, Sigma: 8}}}}}
	var out strings.Builder
	if err := printStandings(&out, tn, true); err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(got))
	if want := []string{"commitment", "created_at", "dealing_source", "finished_at", "id", "results", "salt", "seed", "spec", "standings", "state"}; !slices.Equal(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}
	if !strings.Contains(out.String(), `"rating": {
          "mu": 26,
          "sigma": 8
        }`) {
		t.Errorf("printed:\n%s", out.String())
	}
}

// TestStandingsCSV: "export --standings-csv" writes the standings as "standings" prints them, one
// line per entrant in rank order, at full precision (there was only the per-game CSV); a deal diff
// over no deal set is empty (it read 0: a host's trial).
func TestStandingsCSV(t *testing.T) {
	s := tournament.Standings{Scheduled: 2, Played: 2, Entrants: []tournament.Standing{
		{Entrant: "random", Games: 2, Wins: 2, Points: 2, Score: 2000, ScoredGames: 1, DealDiff: 550.25, DealSets: 1, Rating: stats.Rating{Mu: 27.5, Sigma: 7.5}},
		{Entrant: "js", Games: 2, Losses: 2, Score: 900, ScoredGames: 1, DealDiff: -550.25, DealSets: 1, Forfeits: 1, ForfeitsIllegal: 1, Timeouts: 2, Illegal: 3, Disconnects: 903,
			Fallbacks: 754, MeanDecisionMs: 1.5, Rating: stats.Rating{Mu: 22.5, Sigma: 7.5}},
		{Entrant: "gone", Games: 2, Losses: 2, DealDiff: -600, DealSets: 1, Forfeits: 2, ForfeitsDisconnect: 2, Rating: stats.Rating{Mu: 25, Sigma: 25.0 / 3}},
		{Entrant: "absent", Games: 2, Losses: 2, Forfeits: 2, ForfeitsDisconnect: 2, Rating: stats.Rating{Mu: 25, Sigma: 25.0 / 3}}}}
	var out strings.Builder
	if err := writeStandingsCSV(&out, s); err != nil {
		t.Fatal(err)
	}
	want := `rank,entrant,games,wins,draws,losses,points,score,deal_diff,rating,rating_95,forfeits,timeouts,illegal,disconnects,fallbacks,mean_decision_ms,forfeits_timeout,forfeits_illegal,forfeits_disconnect,scored_games
1,random,2,2,0,0,2,2000,550.25,27.5,14.7,0,0,0,0,0,0,0,0,0,1
2,js,2,0,0,2,0,900,-550.25,22.5,14.7,1,2,3,903,754,1.5,0,1,0,1
3,gone,2,0,0,2,0,0,-600,,,2,0,0,0,0,0,0,0,2,0
4,absent,2,0,0,2,0,0,,,,2,0,0,0,0,0,0,0,2,0
`
	if out.String() != want {
		t.Fatalf("wrote:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestTournamentList: "tournament list" shows every tournament with its state and games played
// of those scheduled, on a running referee (--server) and in --store (there was no way to find a
// tournament's id again but the web page); "create" warns of a lobby entrant absent from the
// lobby (a misspelt name forfeited all its games after the absence grace without a word).
func TestTournamentList(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	st := "--store=sqlite:" + filepath.Join(t.TempDir(), "t.db")
	for _, where := range [][]string{{"--server", ref.addr}, {"--server", "", st}} {
		out, err := runCmd(ctx, append([]string{"tournament", "run", "--name", "cup 1", "--entrant", "a=random", "--entrant", "b=rulebook",
			"--deals", "1", "--option", "target=300"}, where...)...)
		if err != nil {
			t.Fatalf("run %v: %v\n%s", where, err, out)
		}
		done, _, _ := strings.Cut(strings.TrimPrefix(out, "tournament "), ",")
		out, err = runCmd(ctx, append([]string{"tournament", "create", "--entrant", "c=random", "--entrant", "lobby:nobody",
			"--absence-grace", "1h"}, where...)...)
		if len(where) == 3 { // in process: no lobby
			if err == nil {
				t.Fatalf("create with a lobby entrant in process:\n%s", out)
			}
			out, err = runCmd(ctx, append([]string{"tournament", "create", "--entrant", "c d=random", "--entrant", "d=random"}, where...)...)
		}
		if err != nil {
			t.Fatalf("create %v: %v\n%s", where, err, out)
		}
		waiting, _, _ := strings.Cut(out, "\n")
		warning := "warning: entrant nobody: no bot \"nobody\" in the lobby of " + ref.addr +
			" (bezique lobby lists those present); its games are put off while the others are played, for it up to the absence grace, 1h0m0s, then forfeit\n"
		if len(where) == 2 && !strings.HasSuffix(out, warning) {
			t.Errorf("create with an absent lobby entrant printed:\n%s\nwant the warning:\n%s", out, warning)
		}
		out, err = runCmd(ctx, append([]string{"tournament", "list"}, where...)...)
		if err != nil {
			t.Fatalf("list %v: %v\n%s", where, err, out)
		}
		second := regexp.QuoteMeta(waiting) + ` +"" +running +round-robin +two-handed +0/20 +c nobody +`
		if len(where) == 3 {
			// An id with a space quoted: c d read as two entrants (a host's trial).
			second = regexp.QuoteMeta(waiting) + ` +"" +running +round-robin +two-handed +0/20 +"c d" d +`
		}
		want := regexp.MustCompile(`^TOURNAMENT +NAME +STATE +FORMAT +VARIANT +GAMES +ENTRANTS +CREATED\n` +
			regexp.QuoteMeta(done) + `  "cup 1"  finished  round-robin  two-handed  2/2 +a b +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n` +
			second + `\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n$`)
		if !want.MatchString(out) {
			t.Errorf("list %v printed:\n%s", where, out)
		}
		if len(where) == 2 { // a match, or a gauntlet's candidate, puts nothing off: it waits (a host's trial, a re-trial)
			for format, entrants := range map[string][]string{"match": {"lobby:nobody", "c=random"}, "gauntlet": {"lobby:nobody", "c=random", "d=random"}} {
				args := []string{"tournament", "create", "--format", format, "--absence-grace", "1h"}
				for _, e := range entrants {
					args = append(args, "--entrant", e)
				}
				out, err := runCmd(ctx, append(args, where...)...)
				want := "warning: entrant nobody: no bot \"nobody\" in the lobby of " + ref.addr +
					" (bezique lobby lists those present); the " + format + " waits for it up to the absence grace, 1h0m0s, then its games are forfeit\n"
				if err != nil || !strings.HasSuffix(out, want) {
					t.Errorf("create of a %s with an absent lobby entrant first: %v\n%s\nwant the warning:\n%s", format, err, out, want)
				}
			}
		}
	}
}

// TestServeWithKeySaysItsName: "bot --serve" with a bot key says that it serves as its key's
// name, which is its name in the lobby ("serving rb …" named the --name the referee ignores).
func TestServeWithKeySaysItsName(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, admin)
	out, err := runCmd(ctx, "keys", "create", "--server", addr, "--name", "alpha", "--role", "bot")
	m := regexp.MustCompile(`secret (bzq_\S+)\n`).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("keys create: %v\n%s", err, out)
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	var served syncBuffer
	go func() {
		cmd := newRootCmd()
		cmd.SetOut(&served)
		cmd.SetErr(io.Discard)
		cmd.SetArgs([]string{"bot", "--serve", "--server", addr, "--key", m[1], "--name", "rb", "--bot", "random"})
		_ = cmd.ExecuteContext(sctx)
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if out, _ := runCmd(ctx, "lobby", "--server", addr); strings.Contains(out, "\nalpha ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("alpha never entered the lobby")
		}
	}
	// The line comes once the referee's admission reaches the bot, which may be after the
	// lobby lists it (a CI run read it empty).
	want := "serving as its API key's name in the lobby of " + addr + ", capacity 1, every variant\n"
	for deadline := time.Now().Add(10 * time.Second); served.String() != want; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("printed %q, want %q", served.String(), want)
		}
	}
}

// TestEloText: a pair's Elo as the standings print it. Two bots of one strategy on duplicate
// deals split every deal set: score ½, Elo -400·log10(1) = -0, which printed "Elo -0 [...]", and
// no interval (it was zero-width: a host's trial).
func TestEloText(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		e    stats.EloInterval
		want string
	}{
		{stats.EloFromPenta(stats.Penta{0, 0, 2, 0, 0}), "+0 [?]"}, // deal sets all split bound nothing (it read [+0, +0])
		{stats.EloFromPenta(stats.Penta{0, 0, 1, 0, 0}), "+0 [?]"}, // nor does one deal set
		{stats.EloInterval{Elo: negZero, Lo: negZero, Hi: 0}, "+0 [+0, +0]"},
		{stats.EloInterval{Elo: 120.4, Lo: -144.2, Hi: 385.1}, "+120 [-144, +385]"},
		{stats.EloInterval{Elo: 261.3, Lo: math.NaN(), Hi: math.NaN()}, "+261 [?]"},
		{stats.EloInterval{Elo: math.Inf(-1), Lo: math.NaN(), Hi: math.NaN()}, "-Inf"},
		{stats.EloFromPenta(stats.Penta{}), "?"}, // no whole deal set yet
	} {
		if got := eloText(c.e); got != c.want {
			t.Errorf("eloText(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

// TestTournamentPolicyFlags: the tournament commands take a table's failure policy and clock
// flags (--on-timeout, --on-illegal, --on-disconnect, --strike-limit, --grace-ms, --increment-ms)
// and a --name, as create does for a table: every table of the tournament gets that policy (a
// competition that forfeits a bot out of time could be set up over gRPC only).
func TestTournamentPolicyFlags(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--name", "Winter cup", "--entrant", "random", "--entrant", "rulebook",
		"--deals", "100", "--concurrency", "1", "--on-timeout", "forfeit", "--on-disconnect", "forfeit", "--strike-limit", "1", "--grace-ms", "2000",
		"--decision-ms", "3000", "--bank-ms", "0", "--increment-ms", "100")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	out, err = runCmd(ctx, "tournament", "standings", "--server", ref.addr, id, "--json")
	var tn struct {
		Spec struct {
			Name   string            `json:"name"`
			Clock  map[string]uint32 `json:"clock"`
			Policy map[string]any    `json:"policy"`
		} `json:"spec"`
	}
	if err != nil || json.Unmarshal([]byte(out), &tn) != nil {
		t.Fatalf("standings --json: %v\n%s", err, out)
	}
	wantPolicy := map[string]any{"on_timeout": "forfeit", "on_disconnect": "forfeit", "strike_limit": 1.0, "disconnect_grace_ms": 2000.0}
	if tn.Spec.Name != "Winter cup" || !maps.Equal(tn.Spec.Clock, map[string]uint32{"decision_ms": 3000, "bank_ms": 0, "increment_ms": 100}) ||
		fmt.Sprint(tn.Spec.Policy) != fmt.Sprint(wantPolicy) {
		t.Fatalf("spec: %+v", tn.Spec)
	}
	var table *pb.TableInfo
	for deadline := time.Now().Add(10 * time.Second); table == nil; time.Sleep(20 * time.Millisecond) {
		if resp, err := ref.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id + "-g0"}); err == nil {
			table = resp.GetTable()
		} else if time.Now().After(deadline) {
			t.Fatalf("GetTable %s-g0: %v", id, err)
		}
	}
	p, c := table.GetFailurePolicy(), table.GetClock()
	if p.GetOnTimeout() != pb.FailureAction_FAILURE_ACTION_FORFEIT || p.GetOnIllegal() != pb.FailureAction_FAILURE_ACTION_AUTO_PLAY ||
		p.GetOnDisconnect() != pb.FailureAction_FAILURE_ACTION_FORFEIT || p.GetStrikeLimit() != 1 || p.GetDisconnectGraceMs() != 2000 ||
		c.GetDecisionMs() != 3000 || c.GetBankMs() != 0 || c.GetIncrementMs() != 100 {
		t.Errorf("table %s-g0: policy %v, clock %v", id, p, c)
	}
	out, err = runCmd(ctx, "tournament", "cancel", "--server", ref.addr, id)
	if err != nil || !regexp.MustCompile(`^`+id+` "Winter cup" \(round-robin, two-handed\): \d+ of 200 games, cancelled\n`).MatchString(out) {
		t.Fatalf("cancel: %v\n%s", err, out)
	}
	if out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "random", "--entrant", "random", "--on-timeout", "never"); err == nil ||
		err.Error() != `--on-timeout: "never" (want auto-play or forfeit)` {
		t.Fatalf("create --on-timeout never: %v\n%s", err, out)
	}
}

// TestRankTies: entrants with the same points, deal diff and score share a rank, marked "=" (they
// read 2 and 3, ordered by id alone: a host's trial).
func TestRankTies(t *testing.T) {
	st := []tournament.Standing{{Entrant: "rb", Games: 120, Points: 90}, {Entrant: "js", Games: 120, Points: 66, DealDiff: 302.3, Score: 113460, ScoredGames: 120},
		{Entrant: "py", Games: 120, Points: 66, DealDiff: 302.3, Score: 113460, ScoredGames: 120}, {Entrant: "go", Games: 120, Points: 66, DealDiff: 302.3, Score: 113000, ScoredGames: 120},
		{Entrant: "x", Games: 120, Points: 1}}
	var got []string
	for i := range st {
		got = append(got, rankText(st, i))
	}
	if want := "1 2= 2= 4 5"; strings.Join(got, " ") != want {
		t.Fatalf("ranks %q, want %q", got, want)
	}
}

// TestWarnUnableLobbyBots: "tournament create" warns of an entrant's lobby bot that is present
// but serves another tournament only, or has a capacity below its seats at one table (two
// entrants of one bot meet): their games are put off, then forfeit. It warned only of a bot
// absent or without the variant (an outside trial).
func TestWarnUnableLobbyBots(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "rulebook", "--entrant", "lobby:lb", "--entrant", "lobby:never",
		"--deals", "1", "--absence-grace", "1h")
	if err != nil {
		t.Fatalf("tournament create: %v\n%s", err, out)
	}
	held, _, _ := strings.Cut(out, "\n") // runs for an hour: its bot "never" never comes
	sctx, stopServe := context.WithCancel(ctx)
	defer stopServe()
	startCmd(sctx, "bot", "--serve", "--server", ref.addr, "--bot", "random", "--name", "lb", "--tournament", held)
	startCmd(sctx, "bot", "--serve", "--server", ref.addr, "--bot", "random", "--name", "small", "--capacity", "1")
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out, "\nlb ") || !strings.Contains(out, "\nsmall "); time.Sleep(20 * time.Millisecond) {
		if out, err = runCmd(ctx, "lobby", "--server", ref.addr); err != nil || time.Now().After(deadline) {
			t.Fatalf("lobby: %v\n%s", err, out)
		}
	}
	out, err = runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "x=lobby:lb", "--entrant", "a=lobby:small", "--entrant", "b=lobby:small",
		"--entrant", "random", "--deals", "1", "--absence-grace", "1h")
	if err != nil {
		t.Fatalf("tournament create: %v\n%s", err, out)
	}
	const later = "its games are put off while the others are played, for it up to the absence grace, 1h0m0s, then forfeit\n"
	small := "warning: entrant %s: bot \"small\" of the lobby has capacity 1 but takes up to 2 seats at one table; those games are put off " +
		"while the others are played, for it up to the absence grace, 1h0m0s, then forfeit\n"
	want := "warning: entrants a, b are all the lobby bot \"small\": it plays itself in their games\n" +
		"warning: entrant x: bot \"lb\" of the lobby serves tournament " + held + " only; " + later +
		fmt.Sprintf(small, "a") + fmt.Sprintf(small, "b")
	if !strings.HasSuffix(out, "\n"+want) {
		t.Errorf("tournament create printed:\n%s\nwant it to end with:\n%s", out, want)
	}
}

// TestWarnAbsentSuggests: an entrant's lobby bot that is not in the lobby is told the nearest name
// present within two edits, and two entrants of one lobby bot are told it plays itself (a host's
// trial: --entrant lobby:pybto was told nothing more, and a=lobby:pybot b=lobby:pybot nothing).
func TestWarnAbsentSuggests(t *testing.T) {
	present := map[string]*pb.LobbyBot{"pybot": {}, "jsbot": {}, "gobot-2": {}}
	for name, want := range map[string]string{"pybto": `; did you mean "pybot"?`, "PyBot": `; did you mean "pybot"?`, "gobot": `; did you mean "gobot-2"?`, "rulebook": ""} {
		if got := didYouMean(name, present); got != want {
			t.Errorf("didYouMean(%q) = %q, want %q", name, got, want)
		}
	}
	spec := tournament.Spec{Entrants: []tournament.Entrant{{ID: "a", Kind: tournament.KindLobby, Bot: "pybot"}, {ID: "b", Kind: tournament.KindLobby, Bot: "pybot"},
		{ID: "c", Bot: "random"}}}
	var out strings.Builder
	(&tournamentOpts{}).warnAbsent(newRootCmd(), &out, "tn-1", spec)
	if want := "warning: entrants a, b are all the lobby bot \"pybot\": it plays itself in their games\n"; out.String() != want {
		t.Errorf("warned:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestTournamentSameNameWarned: creating a tournament named as another running on the referee
// warns, naming it (a second "League A" was created without a word, and the commands take ids:
// a host's trial); the first was not warned.
func TestTournamentSameNameWarned(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	var ids []string
	for range 2 {
		out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--name", "League A", "--entrant", "random", "--entrant", "lobby:nobody", "--absence-grace", "1h")
		if err != nil {
			t.Fatalf("create: %v\n%s", err, out)
		}
		id, _, _ := strings.Cut(out, "\n")
		if same := strings.Contains(out, "is named \"League A\" as well"); same != (len(ids) == 1) {
			t.Fatalf("create %d printed:\n%s", len(ids)+1, out)
		}
		ids = append(ids, id)
	}
	out, _ := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--name", "League A", "--entrant", "random", "--entrant", "lobby:nobody", "--absence-grace", "1h")
	id, _, _ := strings.Cut(out, "\n")
	want := fmt.Sprintf("warning: tournament %s, running too, is named \"League A\" as well: the commands take the id (%s), not the name\n", strings.Join(ids, ", "), id)
	if !strings.Contains(out, want) {
		t.Errorf("the third create printed:\n%s\nwant the line:\n%s", out, want)
	}
}

// TestPlotRatingsLeavesOutUnrated: export --plot-ratings draws the rated entrants alone, as the
// standings show no rating for the others (an entrant without a rated game was a flat line at 25:
// a re-trial); with none rated it says so.
func TestPlotRatingsLeavesOutUnrated(t *testing.T) {
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1,
		Entrants: []tournament.Entrant{{ID: "alpha", Bot: "random"}, {ID: "beta", Bot: "random"}, {ID: "gamma", Bot: "random"}}}
	tn := &service.Tournament{ID: "tn-0", Spec: spec, Results: []tournament.Result{{Game: 0, Outcome: "completed", WinnerSide: 0, Scores: []int{1000, 500}}}}
	if got := spec.EntrantsOf(tn.Results)[0]; strings.Contains(strings.Join(got, " "), "gamma") {
		t.Fatalf("game 0 seats %v: gamma plays it", got)
	}
	var out bytes.Buffer
	if err := plotRatings(&out, "svg", tn); err != nil {
		t.Fatal(err)
	}
	if svg := out.String(); !strings.Contains(svg, "alpha") || !strings.Contains(svg, "beta") || strings.Contains(svg, "gamma") {
		t.Errorf("the plot names alpha %v, beta %v, gamma %v; want the two rated alone", strings.Contains(svg, "alpha"), strings.Contains(svg, "beta"), strings.Contains(svg, "gamma"))
	}
	tn.Results = nil
	if err := plotRatings(&out, "svg", tn); err == nil || err.Error() != "no entrant has a rated game yet: no ratings to plot" {
		t.Errorf("plot of no result: %v", err)
	}
}
