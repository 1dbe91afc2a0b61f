package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentVerify: verify passes an ended tournament's export and records, saying what it
// checked, and fails, naming the mismatch, on each of: a commitment that is not the seed's, a
// result's score changed, a result's entrants swapped, a record missing, a record's seed that is
// not its deal set's, standings that are not the results'. A competition host's trial needed three
// scripts and a Go program to check a tournament.
func TestTournamentVerify(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	id, export, records := exportedTournament(ctx, t, "--seed", "4")
	out, err := runCmd(ctx, "tournament", "verify", export, "--records", records)
	if err != nil {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "Tournament "+id+": the seed and salt match the commitment ") ||
		!strings.HasSuffix(lines[0], " = SHA-256(salt || seed); dealing chosen seed (whoever chose it can know every hand).") ||
		lines[1] != "4 records: each of its game's table and entrants, dealt from its deal set's seed as announced, replaying to its stated result, which is the export's." ||
		lines[2] != "Standings: recomputed from the 4 results, the same (4 of 4 games played)." {
		t.Fatalf("verify printed:\n%s", out)
	}
	orig, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	// An export of a build before tournaments announced their dealing: it verifies, not announced
	// (a first version of this check refused every such export).
	older := strings.Replace(string(orig), `"dealing_source": "DEALING_SOURCE_CHOSEN_SEED",`, "", 1)
	if older == string(orig) {
		t.Fatal("no dealing_source in the export")
	}
	if err := os.WriteFile(export, []byte(older), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCmd(ctx, "tournament", "verify", export, "--records", records); err != nil || !strings.Contains(out, "; dealing not announced.\n") {
		t.Errorf("verify of an export without dealing_source: %v\n%s", err, out)
	}
	// An export of a build before the standings counted scored games and forfeits by cause: it
	// verifies, saying what was not checked (compared byte for byte, every export published
	// before an upgrade failed: an outside trial).
	oldest := regexp.MustCompile(`\s*"(scored_games|forfeits_timeout|forfeits_illegal|forfeits_disconnect)": \d+,?`).ReplaceAllString(older, "")
	if err := os.WriteFile(export, []byte(oldest), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCmd(ctx, "tournament", "verify", export, "--records", records); err != nil || !strings.HasSuffix(out,
		"\nNot in the export, not checked (an older build's export, made before they were added): entrants[].forfeits_disconnect, entrants[].forfeits_illegal, entrants[].forfeits_timeout, entrants[].scored_games.\n") {
		t.Errorf("verify of an export without scored games and forfeits by cause: %v\n%s", err, out)
	}
	if err := os.WriteFile(export, orig, 0o600); err != nil {
		t.Fatal(err)
	}
	g0, g1 := filepath.Join(records, id+"-g0.json"), filepath.Join(records, id+"-g1.json")
	// Records of a build before 2026-12-02, which named a built-in entrant's seat for its bot: they
	// verify, said (such a tournament never did: an outside trial); a record whose bots sat
	// elsewhere than the schedule says does not.
	byBot := regexp.MustCompile(`"name":\s*"(rulebook|random)-\d"`)
	exported := map[string][]byte{} // the records as exported, for the cases below
	for g := range 4 {
		path := filepath.Join(records, fmt.Sprintf("%s-g%d.json", id, g))
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, byBot.ReplaceAll(b, []byte(`"name": "$1"`)), 0o600); err != nil {
			t.Fatal(err)
		}
		exported[path] = b
	}
	if out, err := runCmd(ctx, "tournament", "verify", export, "--records", records); err != nil || !strings.Contains(out,
		"\n4 of them name built-in seats for their bots, as builds before 2026-12-02 did: which bot sat where is checked, and the schedule says which entrant of the bot.\n") {
		t.Errorf("verify of records naming built-in seats for their bots: %v\n%s", err, out)
	}
	b, err := os.ReadFile(g0)
	if err != nil {
		t.Fatal(err)
	}
	swapped := strings.NewReplacer(`"name": "rulebook"`, `"name": "random"`, `"name": "random"`, `"name": "rulebook"`).Replace(string(b))
	if err := os.WriteFile(g0, []byte(swapped), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCmd(ctx, "tournament", "verify", export, "--records", records); err == nil || !strings.Contains(err.Error(), `-g0.json: seats ["random (built-in rulebook)" "rulebook (built-in random)"], where game 0 seats ["rulebook-1 (built-in rulebook)" "random-2 (built-in random)"]`) {
		t.Errorf("verify of a record naming its seats for the other's bots: %v\n%s", err, out)
	}
	for path, b := range exported {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name   string
		tamper func(export string) string // the export's text changed
		file   func(t *testing.T)         // a record changed
		want   string
	}{
		{name: "commitment", tamper: func(s string) string {
			return strings.Replace(s, `"commitment": "`, `"commitment": "0`, 1)
		}, want: "t.json: commitment 0"},
		{name: "a score", tamper: func(s string) string { // a 1 before game 0's first score
			at := strings.Index(s, `"scores": [`)
			at += strings.IndexAny(s[at:], "0123456789")
			return s[:at] + "1" + s[at:]
		}, want: "the export's result of game 0 is not the record's"},
		{name: "entrants", tamper: func(s string) string {
			return strings.Replace(s, `"entrants": [
        "rulebook-1",
        "random-2"
      ]`, `"entrants": [
        "random-2",
        "rulebook-1"
      ]`, 1)
		}, want: `result of game 0: entrants ["random-2" "rulebook-1"], the schedule seats ["rulebook-1" "random-2"]`},
		{name: "standings", tamper: func(s string) string {
			return strings.Replace(s, `"played": 4`, `"played": 5`, 1)
		}, want: "t.json: the standings are not those its results make: they count 5 games played, and the export has 4 results (a result left out, or one added)"},
		{name: "an entrant's wins", tamper: func(s string) string {
			return strings.Replace(s, `"wins": `, `"wins": 1`, 1)
		}, want: "recomputed (entrants[0]: entrant "},
		{name: "a result left out", tamper: func(s string) string { // game 3's, the last
			at := strings.LastIndex(s, `,
    {
      "game": 3`)
			end := at + strings.Index(s[at:], "\n    }") + len("\n    }")
			return s[:at] + s[end:]
		}, want: "t.json: the standings are not those its results make: they count 4 games played, and the export has 3 results (a result left out, or one added)"},
		{name: "a record missing", file: func(t *testing.T) {
			if err := os.Rename(g0, g0+".away"); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.Rename(g0+".away", g0) })
		}, want: "record of game 0: open " + g0},
		{name: "a record of another deal set", file: func(t *testing.T) {
			// Game 3 is deal set 1's, seated as game 1: its record, named game 1's, in game 1's
			// place has deal set 1's seed.
			b, err := os.ReadFile(filepath.Join(records, id+"-g3.json"))
			if err != nil {
				t.Fatal(err)
			}
			var rec map[string]any
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatal(err)
			}
			rec["tableId"] = id + "-g1"
			if b, err = json.Marshal(rec); err != nil {
				t.Fatal(err)
			}
			old, err := os.ReadFile(g1)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(g1, b, 0o600); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.WriteFile(g1, old, 0o600) })
		}, want: g1 + ": seed "},
		// An outside trial's tamperings that passed a first version of verify: entrants renamed
		// in the spec and the results (the winner swapped), one game's record passed for another
		// of its deal set, a game given twice, the same keys twice in two cases (Go reads the
		// last in any case, jq the lower-case ones), another dealing source announced.
		{name: "entrants renamed", tamper: func(s string) string {
			s = strings.NewReplacer(`"rulebook-1"`, `"random-2"`, `"random-2"`, `"rulebook-1"`).Replace(s)
			return s
		}, want: `: seats ["rulebook-1 (built-in rulebook)" "random-2 (built-in random)"], where game 0 seats ["random-2 (built-in rulebook)" "rulebook-1 (built-in random)"]`},
		{name: "another game's table", tamper: func(s string) string {
			return strings.Replace(s, `"table_id": "`+id+`-g0"`, `"table_id": "`+id+`-g1"`, 1)
		}, want: "result of game 0: table " + id + "-g1, where the tournament's game 0 is played at table " + id + "-g0"},
		{name: "a game twice", tamper: func(s string) string {
			return strings.Replace(s, `"game": 1,`, `"game": 0,`, 1)
		}, want: "result of game 0: given twice"},
		{name: "keys twice", tamper: func(s string) string {
			return strings.Replace(s, `"state":`, `"State": "cancelled", "state":`, 1)
		}, want: `t.json: key "state" appears twice in the document (its case aside)`},
		{name: "dealing", tamper: func(s string) string {
			return strings.Replace(s, `"dealing_source": "DEALING_SOURCE_CHOSEN_SEED"`, `"dealing_source": "DEALING_SOURCE_RANDOM"`, 1)
		}, want: "-g0.json: dealing DEALING_SOURCE_CHOSEN_SEED, where the tournament announces DEALING_SOURCE_RANDOM"},
		// A second trial's: the spec's options not the records', a key folded by Go alone ("ſ"
		// for "s"), brackets nested twenty million deep, a record that is /dev/zero.
		{name: "options", tamper: func(s string) string {
			return strings.Replace(s, `"target": "300"`, `"target": "500"`, 1)
		}, want: "-g0.json: rules VARIANT_TWO_HANDED map[target:300], where the tournament plays VARIANT_TWO_HANDED map[target:500]"},
		{name: "a key not ASCII", tamper: func(s string) string {
			return strings.Replace(s, `"state":`, `"ſtate": "cancelled", "state":`, 1)
		}, want: `t.json: key "ſtate" in the document is not ASCII: not a tournament export`},
		{name: "nested deep", tamper: func(s string) string {
			return strings.Replace(s, `"state":`, `"x": `+strings.Repeat("[", 100)+strings.Repeat("]", 100)+`, "state":`, 1)
		}, want: `t.json: values nested more than 32 deep in "x": not a tournament export`},
		{name: "a record not a file", file: func(t *testing.T) {
			old, err := os.ReadFile(g1)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(g1); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/dev/zero", g1); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.Remove(g1); _ = os.WriteFile(g1, old, 0o600) })
		}, want: "record of game 1: " + g1 + " is not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := string(orig)
			if c.tamper != nil {
				text = c.tamper(text)
				if text == string(orig) {
					t.Fatal("the tamper changed nothing")
				}
			}
			if c.file != nil {
				c.file(t)
			}
			if err := os.WriteFile(export, []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(export, orig, 0o600)
			_, err := runCmd(ctx, "tournament", "verify", export, "--records", records)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("verify: %v; want an error with %q", err, c.want)
			}
		})
	}
}

// TestTournamentVerifySaysWhatIsMissing: an export without a game's result, its standings those
// of the results it gives, passes (a match the SPRT stopped has results for part of its
// schedule), and verify names the games without one.
func TestTournamentVerifySaysWhatIsMissing(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, export, records := exportedTournament(ctx, t)
	b, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	var parsed struct {
		Spec    tournament.Spec     `json:"spec"`
		Results []tournament.Result `json:"results"`
	}
	if err := errors.Join(json.Unmarshal(b, &doc), json.Unmarshal(b, &parsed)); err != nil {
		t.Fatal(err)
	}
	var results []json.RawMessage
	if err := json.Unmarshal(doc["results"], &results); err != nil {
		t.Fatal(err)
	}
	kept := parsed.Results[1:] // game 0's left out
	standings := tournament.Compute(&parsed.Spec, kept)
	if doc["results"], err = json.Marshal(results[1:]); err != nil {
		t.Fatal(err)
	}
	if doc["standings"], err = json.Marshal(standings); err != nil {
		t.Fatal(err)
	}
	if b, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(export, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := runCmd(ctx, "tournament", "verify", export, "--records", records)
	want := "No result for 1 of the 4 scheduled games (game 0): the tournament ended before they were played, or the export leaves them out.\n"
	if err != nil || !strings.HasSuffix(out, want) {
		t.Fatalf("verify with game 0 left out: %v\n%s\nwant its last line %q", err, out, want)
	}
}

// exportedTournament creates and runs a tournament of rulebook and random on two deal sets (four
// games) in a SQLite file of its own, created with args more, and exports it: its id, its JSON and
// its records' directory.
func exportedTournament(ctx context.Context, t *testing.T, args ...string) (id, export, records string) {
	t.Helper()
	dir := t.TempDir()
	st := "--store=sqlite:" + filepath.Join(dir, "t.db")
	out, err := runCmd(ctx, append([]string{"tournament", "create", st, "--entrant", "rulebook", "--entrant", "random", "--deals", "2", "--option", "target=300"}, args...)...)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	id, _, _ = strings.Cut(out, "\n")
	if out, err := runCmd(ctx, "tournament", "run", st, id); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	export, records = filepath.Join(dir, "t.json"), filepath.Join(dir, "records")
	if out, err := runCmd(ctx, "tournament", "export", st, id, "--json", export, "--records", records); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return id, export, records
}

// TestStandingsAgreeOneOutcome: a pair of one outcome exported by a build before its interval was
// NaN (deal sets all split: "elo": 0, "lo": 0, "hi": 0) verifies against the recomputed NaN
// interval; any other interval, or another Elo, does not; an Elo written otherwise (0 for -0, as
// Python's json.tool re-formats it) is the same number (it failed: a re-trial).
func TestStandingsAgreeOneOutcome(t *testing.T) {
	recomputed := `{"pairs":[{"a":"x","b":"y","elo":{"elo":-0,"lo":"NaN","hi":"NaN"}}]}`
	for exported, ok := range map[string]bool{
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":-0,"hi":0,"lo":-0}}]}`:          true, // as the older build wrote it
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":0,"lo":0,"hi":0}}]}`:            true,
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":-0,"lo":"NaN","hi":"NaN"}}]}`:   true,
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":0,"lo":"NaN","hi":"NaN"}}]}`:    true, // re-formatted: json.tool writes -0 as 0 (a re-trial)
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":0.0,"lo":"NaN","hi":"NaN"}}]}`:  true,
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":1e-9,"lo":"NaN","hi":"NaN"}}]}`: false,
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":0,"lo":-5,"hi":5}}]}`:           false,
		`{"pairs":[{"a":"x","b":"y","elo":{"elo":12,"lo":12,"hi":12}}]}`:         false,
	} {
		if _, err := standingsAgree([]byte(exported), []byte(recomputed)); (err == nil) != ok {
			t.Errorf("%s against %s: %v; want agreement %v", exported, recomputed, err, ok)
		}
	}
}

// TestTournamentVerifyCancelledInPlay: an export whose tournament had a game cancelled in play by
// an admin (CancelTable) verifies, saying which games were cancelled and why: they count nowhere.
// Every game cancelled with actions was refused as a game erased as cancelled, an honest one too
// (a host's trial); a game played to its end stated cancelled is refused by wire's Verify
// (TestVerifyChecksTheDeals). The test waits for an action of game 0 before it cancels it.
func TestTournamentVerifyCancelledInPlay(t *testing.T) {
	ctx, ref := testReferee(t, 2*time.Minute)
	var games, answered atomic.Int32
	sctx, stopServe := context.WithCancel(ctx)
	defer stopServe()
	go func() {
		_ = botsdk.Serve(sctx, botsdk.ServeConfig{Config: botsdk.Config{Server: ref.addr, BotName: "stuck", Logger: quietLogger(io.Discard)}},
			func() botsdk.Bot {
				if games.Add(1) > 1 {
					return botsdk.NewRandom(1)
				}
				// Game 0: three answers, then none (it stays in play).
				return botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
					if answered.Add(1) <= 3 {
						return req.GetLegalActions()[0].GetActionId(), nil
					}
					<-ctx.Done()
					return 0, ctx.Err()
				})
			})
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if out, err := runCmd(ctx, "lobby", "--server", ref.addr); err == nil && strings.Contains(out, "\nstuck ") {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("lobby: %v\n%s", err, out)
		}
	}
	out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "s=lobby:stuck", "--entrant", "random",
		"--deals", "1", "--concurrency", "1", "--option", "target=300")
	if err != nil {
		t.Fatalf("tournament create: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	g0 := id + "-g0"
	for deadline := time.Now().Add(20 * time.Second); answered.Load() <= 3; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("game 0's lobby seat answered %d requests, not 3 and a fourth", answered.Load())
		}
	}
	if out, err := runCmd(ctx, "cancel", "--server", ref.addr, g0, "--reason", "stuck"); err != nil {
		t.Fatalf("cancel: %v\n%s", err, out)
	}
	if out, err := runCmd(ctx, "tournament", "watch", "--server", ref.addr, id); err != nil {
		t.Fatalf("tournament watch: %v\n%s", err, out)
	}
	dir := t.TempDir()
	export, records := filepath.Join(dir, "t.json"), filepath.Join(dir, "records")
	if out, err := runCmd(ctx, "tournament", "export", "--server", ref.addr, id, "--json", export, "--records", records); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "tournament", "verify", export, "--records", records)
	want := "\n1 of them cancelled, counted nowhere, their deal sets left out of the deal diff: " + g0 + ` ("stuck").` + "\n"
	if err != nil || !strings.Contains(out, want) {
		t.Errorf("verify: %v\n%s\nwant it to say:%s", err, out, want)
	}
}
