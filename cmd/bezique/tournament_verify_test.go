package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTournamentVerify: verify passes an ended tournament's export and records, saying what it
// checked, and fails, naming the mismatch, on each of: a commitment that is not the seed's, a
// result's score changed, a result's entrants swapped, a record missing, a record's seed that is
// not its deal set's, standings that are not the results'. A competition host's trial needed three
// scripts and a Go program to check a tournament.
func TestTournamentVerify(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	st := "--store=sqlite:" + filepath.Join(dir, "t.db")
	out, err := runCmd(ctx, "tournament", "create", st, "--entrant", "rulebook", "--entrant", "random", "--deals", "2", "--option", "target=300", "--seed", "4")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	if out, err := runCmd(ctx, "tournament", "run", st, id); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	export, records := filepath.Join(dir, "t.json"), filepath.Join(dir, "records")
	if out, err := runCmd(ctx, "tournament", "export", st, id, "--json", export, "--records", records); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = runCmd(ctx, "tournament", "verify", export, "--records", records)
	if err != nil {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "Tournament "+id+": the seed and salt match the commitment ") ||
		!strings.HasSuffix(lines[0], " = SHA-256(salt || seed); dealing chosen seed (the admin who gave it can know every hand).") ||
		lines[1] != "4 records: each dealt from its deal set's seed, replaying to its stated result, which is the export's." ||
		lines[2] != "Standings: recomputed from the 4 results, the same (4 of 4 games played)." {
		t.Fatalf("verify printed:\n%s", out)
	}
	orig, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	g0, g1 := filepath.Join(records, id+"-g0.json"), filepath.Join(records, id+"-g1.json")
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
		}, want: "t.json: the standings are not those its results make"},
		{name: "a record missing", file: func(t *testing.T) {
			if err := os.Rename(g0, g0+".away"); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.Rename(g0+".away", g0) })
		}, want: "record of game 0: open " + g0},
		{name: "a record of another deal set", file: func(t *testing.T) {
			// Game 2 is deal set 1's: its record in game 0's place has deal set 1's seed.
			b, err := os.ReadFile(filepath.Join(records, id+"-g2.json"))
			if err != nil {
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
