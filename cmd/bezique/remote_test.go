package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runCmd runs the bezique command line with args and returns its output.
func runCmd(ctx context.Context, args ...string) (string, error) {
	cmd := newRootCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	return out.String(), err
}

// TestRemoteCommands drives a referee through the commands a person runs against one: create a
// table, watch it, play its remote seat with "bot", list the tables, export the records and
// replay the export.
func TestRemoteCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ref, err := startReferee(ctx, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "9", "--option", "target=500",
		"--seat", "remote:me", "--seat", "builtin:random", "--decision-ms", "5000", "--bank-ms", "10000")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\nseed commitment ([0-9a-f]{64})\ndealing chosen seed \(the table's creator can know every hand\)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	table, token, commitment := m[1], m[2], m[3]
	watched := make(chan string, 1)
	go func() {
		out, err := runCmd(ctx, "watch", table, "--server", ref.addr)
		if err != nil {
			out += "\nerror: " + err.Error()
		}
		watched <- out
	}()
	out, err = runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", "0", "--token", token, "--bot", "rulebook")
	if err != nil || !strings.Contains(out, "game over") {
		t.Fatalf("bot: %v\n%s", err, out)
	}
	if w := <-watched; !strings.Contains(w, "deal 1: seat") || !strings.Contains(w, "wins trick 1") || !strings.Contains(w, "game over: side") {
		t.Fatalf("watch printed:\n%s", tail(w))
	}
	if out, err = runCmd(ctx, "tables", "--server", ref.addr); err != nil || !strings.Contains(out, table) || !strings.Contains(out, "finished") ||
		!strings.HasSuffix(strings.TrimSpace(out), "  chosen seed") {
		t.Fatalf("tables: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if out, err = runCmd(ctx, "records", "export", "--server", ref.addr, "--out", dir); err != nil || !strings.Contains(out, ": 1\n") {
		t.Fatalf("records export: %v\n%s", err, out)
	}
	path := filepath.Join(dir, table+".json")
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if out, err = runCmd(ctx, "replay", path); err != nil || !strings.Contains(out, "Checked: the seed and salt match the commitment "+commitment+
		" = SHA-256(salt || seed); dealing chosen seed (the table's creator can know every hand).\n") {
		t.Fatalf("replay of the export: %v\n%s", err, out)
	}
	if out, err = runCmd(ctx, "replay", "--json", path); err != nil || !strings.Contains(out, `"verified": true`) || !strings.Contains(out, `"accepted": true`) {
		t.Fatalf("replay --json of the export: %v\n%s", err, tail(out))
	}
}
