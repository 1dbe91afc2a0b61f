package e2e

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, for reading a held store

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// storedTournament reads a tournament's spec and results from a store and computes its standings.
func storedTournament(t *testing.T, url, id string) (tournament.Spec, []tournament.Result, tournament.Standings, []store.Table) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	row, err := st.GetTournament(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var spec tournament.Spec
	if err := json.Unmarshal(row.Spec, &spec); err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	games, err := st.ListTournamentGames(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var results []tournament.Result
	for _, g := range games {
		var r tournament.Result
		if err := json.Unmarshal(g.Result, &r); err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	var tables []store.Table
	for tok := ""; ; {
		page, next, err := st.ListTables(ctx, store.TableFilter{}, store.MaxPageSize, tok)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, page...)
		if tok = next; tok == "" {
			break
		}
	}
	return spec, results, tournament.Compute(&spec, results), tables
}

// storedResults counts the results stored for a tournament in a SQLite file that a running
// referee holds (its lock keeps store.Open out): read-only SQL, 0 before the tables exist.
func storedResults(t *testing.T, path, id string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM tournament_games WHERE tournament_id = ?", id).Scan(&n); err != nil {
		return 0 // not migrated yet, or the file is being created
	}
	return n
}

// startRun starts `bezique tournament run` with args and returns the process and the tournament
// id it prints first on stderr (for a new tournament) or "" .
func startRun(t *testing.T, bin string, newTournament bool, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"tournament", "run"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !newTournament {
		go func() { _, _ = bufio.NewReader(stderr).WriteTo(new(strings.Builder)) }()
		return cmd, ""
	}
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the tournament id: %v", err)
	}
	go func() { _, _ = bufio.NewReader(stderr).WriteTo(new(strings.Builder)) }()
	var id, commitment string
	var games int
	if _, err := fmt.Sscanf(line, "tournament %s %d games scheduled, seed commitment %s", &id, &games, &commitment); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	return cmd, strings.TrimSuffix(id, ",")
}

// TestTournamentSurvivesSIGKILL runs a tournament with the real `bezique tournament run` on a
// SQLite file, kills the process with SIGKILL twice while games are in play, and runs it again
// to its end: exactly the scheduled games are stored, each on its own table (no game played
// twice, no table left over), and the standings are those of the same tournament run without
// interruption.
func TestTournamentSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped in -short: kills and restarts a real process")
	}
	dir := t.TempDir()
	bin := build(t, dir, "./cmd/bezique", "bezique")
	spec := []string{"--seed", "9", "--deals", "10", "--concurrency", "4",
		"--entrant", "random-1=random", "--entrant", "rulebook=rulebook", "--entrant", "random-2=random"}

	whole := "sqlite:" + filepath.Join(dir, "whole.db")
	cmd, wholeID := startRun(t, bin, true, append([]string{"--store", whole}, spec...)...)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("uninterrupted run: %v", err)
	}
	_, _, want, _ := storedTournament(t, whole, wholeID)

	killedDB := filepath.Join(dir, "killed.db")
	killed := "sqlite:" + killedDB
	cmd, id := startRun(t, bin, true, append([]string{"--store", killed}, spec...)...)
	for round, after := range []int{8, 30} {
		deadline := time.Now().Add(time.Minute)
		for {
			if storedResults(t, killedDB, id) >= after {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: fewer than %d results after a minute", round, after)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		_, results, _, _ := storedTournament(t, killed, id)
		t.Logf("killed with %d results stored", len(results))
		cmd, _ = startRun(t, bin, false, "--store", killed, id)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	s, results, got, tables := storedTournament(t, killed, id)
	scheduled := len(s.Schedule())
	if len(results) != scheduled || got.Played != scheduled {
		t.Fatalf("%d results, %d counted; %d scheduled", len(results), got.Played, scheduled)
	}
	if len(tables) != scheduled {
		t.Fatalf("%d tables in the store for %d games", len(tables), scheduled)
	}
	for _, tb := range tables {
		if tb.State != store.StateFinished {
			t.Fatalf("table %s is %s", tb.ID, tb.State)
		}
	}
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Fatalf("standings after two kills\n%+v\nuninterrupted\n%+v", got, want)
	}
}
