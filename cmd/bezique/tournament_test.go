package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMatchStopsEarly: `bezique match` of rulebook against random stops as soon as the SPRT
// accepts H1, long before its 1 000 deal sets.
func TestMatchStopsEarly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := runCmd(ctx, "match", "--a", "rulebook", "--b", "random", "--seed", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	m := regexp.MustCompile(`\(match, two-handed\): (\d+) of 2000 games, finished`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, "SPRT of H0 Elo +0 against H1 Elo +") || !strings.Contains(out, "H1 accepted after ") || len(m[1]) > 3 {
		t.Fatalf("output:\n%s", out)
	}
	if !strings.Contains(out, "games: rulebook +") {
		t.Fatalf("no progress lines:\n%s", out)
	}
}

// TestTournamentCommands: create a tournament in a SQLite file, run it, read its standings as
// JSON, export its games as CSV and JSON and its plots as SVG and PNG.
func TestTournamentCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	st := "--store=sqlite:" + filepath.Join(dir, "t.db")
	out, err := runCmd(ctx, "tournament", "create", st, "--entrant", "rulebook", "--entrant", "random", "--entrant", "random", "--deals", "2", "--seed", "3")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	id, rest, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(id, "tn-") || !strings.HasPrefix(rest, "12 games scheduled\nseed commitment ") ||
		!strings.HasSuffix(rest, "\ndealing chosen seed (whoever chose it can know every hand)\n") {
		t.Fatalf("create printed %q", out)
	}
	out, err = runCmd(ctx, "tournament", "run", st, id)
	if err != nil || !strings.Contains(out, id+" (round-robin, two-handed): 12 of 12 games, finished") || !strings.Contains(out, "rulebook-1 v random-2: +4 =0 -0") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	// Without a terminal, progress lines: at most one per tenth, the last at 100 %.
	progress := regexp.MustCompile(`(?m)^`+id+`: (\d+) of 12 games \((\d+)%\); leader \S+ [0-9.]+/\d+$`).FindAllStringSubmatch(out, -1)
	if len(progress) == 0 || len(progress) > 10 || progress[len(progress)-1][1] != "12" || progress[len(progress)-1][2] != "100" {
		t.Fatalf("run's progress lines %q; want one per tenth of the games played, the last 12 of 12 (100%%)\n%s", progress, out)
	}
	out, err = runCmd(ctx, "tournament", "standings", st, id, "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var tn struct {
		ID        string
		Seed      []byte
		Standings struct {
			Played   int `json:"played"`
			Entrants []struct {
				Entrant string `json:"entrant"`
				Games   int    `json:"games"`
			} `json:"entrants"`
		}
	}
	if err := json.Unmarshal([]byte(out), &tn); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if tn.ID != id || len(tn.Seed) != 32 || tn.Standings.Played != 12 || tn.Standings.Entrants[0].Entrant != "rulebook-1" || tn.Standings.Entrants[0].Games != 8 {
		t.Fatalf("standings --json: %+v", tn)
	}
	csvPath, jsonPath, svg, png := filepath.Join(dir, "g.csv"), filepath.Join(dir, "t.json"), filepath.Join(dir, "r.svg"), filepath.Join(dir, "s.png")
	if out, err := runCmd(ctx, "tournament", "export", st, id, "--csv", csvPath, "--json", jsonPath, "--plot-ratings", svg, "--plot-scores", png); err != nil ||
		out != jsonPath+" written\n"+csvPath+" written\n"+svg+" written\n"+png+" written\n" {
		t.Fatalf("export: %v\n%s", err, out) // it said nothing of the files it wrote
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 13 || strings.Join(rows[0], ",") != "game,deal,table_id,outcome,winner_side,seat0,seat1,score0,score1,forfeit_seats" {
		t.Fatalf("csv: %v, %d rows, header %v", err, len(rows), rows[0])
	}
	for i, row := range rows[1:] { // in schedule order (they were in the order the games ended)
		if row[0] != strconv.Itoa(i) || row[2] != id+"-g"+strconv.Itoa(i) {
			t.Errorf("csv row %d: game %s, table %s; want game %d, table %s-g%d", i+1, row[0], row[2], i, id, i)
		}
	}
	// watch of the ended tournament prints every result, each with its entrants in seat order and
	// the result in the words of every view, as the CSV has them (watch in the order the games
	// ended).
	out, err = runCmd(ctx, "tournament", "watch", st, id)
	if err != nil {
		t.Fatalf("watch: %v\n%s", err, out)
	}
	var watched, fromCSV []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "game ") {
			watched = append(watched, line)
		}
	}
	for _, row := range rows[1:] {
		if row[3] != "completed" || row[4] == "" || row[4] == "-1" {
			t.Fatalf("csv row %v: want a completed game won by a side", row)
		}
		fromCSV = append(fromCSV, fmt.Sprintf("game %s on %s, %s v %s: completed, side %s wins; side 0 %s, side 1 %s", row[0], row[2], row[5], row[6], row[4], row[7], row[8]))
	}
	slices.Sort(watched)
	slices.Sort(fromCSV)
	if strings.Join(watched, "\n") != strings.Join(fromCSV, "\n") {
		t.Errorf("watch printed:\n%s\nwant, from the CSV:\n%s", strings.Join(watched, "\n"), strings.Join(fromCSV, "\n"))
	}
	for path, magic := range map[string][]byte{svg: []byte("<?xml"), png: []byte("\x89PNG"), jsonPath: []byte("{")} {
		b, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(b, magic) {
			t.Errorf("%s: %v, starts %q", path, err, b[:min(len(b), 8)])
		}
	}
	// A tournament of a running referee read without --server: the error says where it looked and
	// where else to look (it said "store: get tournament "tn-0": store: not found").
	want := "no tournament tn-0 in --store sqlite:" + filepath.Join(dir, "t.db") + " (a tournament of a running referee: --server HOST:PORT)"
	for _, sub := range []string{"standings", "watch", "export"} {
		if _, err := runCmd(ctx, "tournament", sub, st, "tn-0"); err == nil || err.Error() != want {
			t.Errorf("%s of an unknown tournament: %v, want %q", sub, err, want)
		}
	}
	// An empty list of a store says which store it read (a user who forgot --server read an empty
	// one that the command had just created, without a word).
	empty := "--store=sqlite:" + filepath.Join(dir, "empty.db")
	if out, err := runCmd(ctx, "tournament", "list", empty); err != nil || out != "no tournaments in --store sqlite:"+filepath.Join(dir, "empty.db")+
		" (a running referee's: --server HOST:PORT)\nTOURNAMENT  NAME  STATE  FORMAT  VARIANT  GAMES  ENTRANTS  CREATED\n" {
		t.Errorf("list of an empty store: %v\n%q", err, out)
	}
}

// TestTournamentOnServer: with --server the tournament commands go to a running referee: "run"
// creates a round robin of a bot in its lobby ("bot --serve") and a built-in bot, follows it to
// its end and prints the standings; "standings" and "export --csv" read it back; "cancel" ends
// another one that waits for an absent lobby bot, and a second cancel is refused; a
// consultation team of two lobby bots plays as one entrant. Without --server a lobby entrant is
// refused.
func TestTournamentOnServer(t *testing.T) {
	ctx, ref := testReferee(t, 90*time.Second)
	sctx, stopServe := context.WithCancel(ctx)
	defer stopServe()
	for _, name := range []string{"rb", "ta", "tb"} {
		go func() {
			cmd := newRootCmd()
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			cmd.SetArgs([]string{"bot", "--serve", "--server", ref.addr, "--bot", "rulebook", "--name", name, "--capacity", "4"})
			_ = cmd.ExecuteContext(sctx)
		}()
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if out, _ := runCmd(ctx, "lobby", "--server", ref.addr); strings.Contains(out, "\nrb ") && strings.Contains(out, "\nta ") && strings.Contains(out, "\ntb ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("rb never entered the lobby")
		}
	}
	out, err := runCmd(ctx, "tournament", "run", "--server", ref.addr, "--entrant", "lobby:rb", "--entrant", "random", "--deals", "3",
		"--concurrency", "4", "--option", "target=300", "--seed", "5")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^(tn-[0-9a-f]{16}) \(round-robin, two-handed\): 6 of 6 games, finished$`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, "rb v random-2: +") {
		t.Fatalf("run printed:\n%s", out)
	}
	id := m[1]
	out, err = runCmd(ctx, "tournament", "standings", "--server", ref.addr, id, "--json")
	var tn struct {
		Spec struct {
			Entrants []struct{ ID, Kind, Bot string }
		}
		Standings struct {
			Played int `json:"played"`
		}
	}
	if err != nil || json.Unmarshal([]byte(out), &tn) != nil {
		t.Fatalf("standings: %v\n%s", err, out)
	}
	if tn.Standings.Played != 6 || len(tn.Spec.Entrants) != 2 || tn.Spec.Entrants[0] != (struct{ ID, Kind, Bot string }{"rb", "lobby", "rb"}) {
		t.Fatalf("standings --json: %+v", tn)
	}
	csvPath := filepath.Join(t.TempDir(), "g.csv")
	if out, err := runCmd(ctx, "tournament", "export", "--server", ref.addr, id, "--csv", csvPath); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(csvPath); err != nil || strings.Count(string(b), "\n") != 7 {
		t.Fatalf("csv: %v\n%s", err, b)
	}

	out, err = runCmd(ctx, "tournament", "run", "--server", ref.addr, "--entrant", "team:ta+tb", "--entrant", "random", "--deals", "1", "--option", "target=300")
	if err != nil || !strings.Contains(out, "(round-robin, two-handed): 2 of 2 games, finished") || !strings.Contains(out, "ta+tb v random-2: +") {
		t.Fatalf("run with a team: %v\n%s", err, out)
	}

	out, err = runCmd(ctx, "tournament", "create", "--store", "sqlite:"+filepath.Join(t.TempDir(), "t.db"), "--entrant", "lobby:nobody", "--entrant", "random")
	if err == nil || err.Error() != "--entrant nobody: a lobby entrant needs --server, a running referee whose lobby it waits in" {
		t.Fatalf("create with a lobby entrant in process: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "lobby:nobody", "--entrant", "random", "--absence-grace", "1h")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	id, _, _ = strings.Cut(out, "\n")
	out, err = runCmd(ctx, "tournament", "cancel", "--server", ref.addr, id, "--reason", "nobody came")
	if err != nil || !strings.Contains(out, id+" (round-robin, two-handed): 0 of 20 games, cancelled\n") {
		t.Fatalf("cancel: %v\n%s", err, out)
	}
	if out, err := runCmd(ctx, "tournament", "cancel", "--server", ref.addr, id); err == nil || !strings.Contains(err.Error(), "FailedPrecondition") {
		t.Fatalf("second cancel: %v\n%s", err, out)
	}
}

// TestAbsenceGraceFlagChecked: --absence-grace out of its bounds is refused naming the flag, in
// its unit, before anything is created: it was the API's "absence_grace_ms: 172800000; at most
// 86400000 (a day)", and 1193h3m wrapped past 2^32 ms to a grace of 12.7 s, taken (a docs trial).
func TestAbsenceGraceFlagChecked(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for grace, want := range map[string]string{
		"48h":     "--absence-grace 48h0m0s: want 0 (1m) to 24h0m0s (a day)",
		"1193h3m": "--absence-grace 1193h3m0s: want 0 (1m) to 24h0m0s (a day)",
		"-1s":     "--absence-grace -1s: want 0 (1m) to 24h0m0s (a day)",
	} {
		out, err := runCmd(ctx, "tournament", "create", "--store", "memory", "--entrant", "random", "--entrant", "rulebook", "--absence-grace", grace)
		if err == nil || err.Error() != want {
			t.Errorf("--absence-grace %s: %v, want %q\n%s", grace, err, want, out)
		}
	}
}

// TestTournamentFlagsChecked: the flags that define a tournament are checked by their names
// before anything is created, with --server too: an unknown --format or --partners reached the
// referee as none (a misspelt gauntlet was played as a round robin), an unknown --variant was
// refused in the API's terms, a negative --deals or --concurrency wrapped to billions,
// --concurrency 0 was played as 1, and tournament run ID ignored them (a host's trial).
func TestTournamentFlagsChecked(t *testing.T) {
	ctx, ref := testReferee(t, 30*time.Second)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "--format", "gaunlet"}, `--format "gaunlet": want round-robin, gauntlet or match`},
		{[]string{"create", "--variant", "four-handed", "--partners", "fixd"}, `--partners "fixd": want fixed or rotating`},
		{[]string{"create", "--variant", "three-handd"}, `--variant: unknown variant "three-handd" (want one of two-handed, three-handed, four-handed, four-handed-individual, rubicon, six-pack)`},
		{[]string{"create", "--deals", "-3"}, "--deals -3: want 1 to 1000000"},
		{[]string{"create", "--deals", "4294967298"}, "--deals 4294967298: want 1 to 1000000"},
		{[]string{"create", "--concurrency", "-5"}, "--concurrency -5: want 1 to 1000"},
		{[]string{"create", "--concurrency", "0"}, "--concurrency 0: want 1 to 1000"},
		{[]string{"create", "--concurrency", "4294967297"}, "--concurrency 4294967297: want 1 to 1000"},
		{[]string{"run", "tn-0123456789abcdef", "--deals", "3", "--concurrency", "2"},
			"--concurrency, --deals: tournament tn-0123456789abcdef was defined at its creation; the flags that define a tournament make a new one (run without an ID)"},
	} {
		args := append([]string{"tournament"}, c.args...)
		args = append(args, "--server", ref.addr)
		if c.args[0] == "create" {
			args = append(args, "--entrant", "random", "--entrant", "rulebook", "--entrant", "random-2=random")
		}
		out, err := runCmd(ctx, args...)
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: %v, want %q\n%s", c.args, err, c.want, out)
		}
	}
	if out, err := runCmd(ctx, "tournament", "list", "--server", ref.addr); err != nil || strings.Contains(out, "tn-") {
		t.Errorf("tournaments on the referee after the refusals: %v\n%s; want none", err, out)
	}
}
