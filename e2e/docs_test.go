package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runMarker precedes a fenced shell block that the docs promise works when pasted: the blocks
// of a page, in order, make one script.
const runMarker = "<!-- run -->"

// runBlocks returns the fenced blocks of a Markdown page that follow a runMarker line, in order.
func runBlocks(t *testing.T, page string) []string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != runMarker {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Fatalf("%s:%d: %s is not followed by a fenced block", page, i+1, runMarker)
		}
		var block []string
		for i += 2; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			block = append(block, lines[i])
		}
		blocks = append(blocks, strings.Join(block, "\n"))
	}
	if len(blocks) == 0 {
		t.Fatalf("%s has no block marked %s", page, runMarker)
	}
	return blocks
}

// TestDocsThatRun runs the marked shell blocks of README.md, docs/write-a-bot.md,
// docs/INTEGRATE.md and docs/TOURNAMENTS.md, each page's in order as one bash script (set -e), in a fresh folder, with
// the freshly built bezique and bezique-referee first on PATH, and checks what they print. The
// referee the blocks start listens on a free port (BEZIQUE_LISTEN, which the CLI's
// BEZIQUE_SERVER and INTEGRATE.md's curl lines follow) so the test does not depend on :7777
// being free; every process the script starts is killed with its process group.
func TestDocsThatRun(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays whole games through the binaries")
	}
	bin := t.TempDir()
	for _, pkg := range []string{"github.com/bezique-arena/bezique/cmd/bezique", "github.com/bezique-arena/bezique/cmd/bezique-referee"} {
		if err := os.Rename(buildCommand(t, pkg), filepath.Join(bin, filepath.Base(pkg))); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		page string
		want []string // lines the script prints, in order
		// ownServer: the page's script sets BEZIQUE_SERVER itself, from BEZIQUE_LISTEN; the test
		// leaves it unset, as in a reader's shell (the league's "tournament run" ran in its own
		// process, its lobby entrants refused, while the test set it: a docs trial).
		ownServer bool
	}{
		{page: "../README.md", want: []string{
			"Checked: the record replays through the engine to these totals.", // demo
			"Checked: the record replays through the engine to these totals.", // demo --record
			"Checked: the record replays through the engine to these totals.", // replay game.json
			"seat 0 token ",
			"deal 1 ends: side 0 ",
			"game over: completed, side ",
			"result: completed, side ",
			"TABLE               STATE     VARIANT",
			"records written to records: 1",
			"Result: completed, side ",
		}},
		{page: "../docs/write-a-bot.md", want: []string{
			"deal 1 ends: side 0 ",
			"game over: completed, side ",
			"no referee there: the bot gave up",
			"BOT  GAMES  VARIANTS       TOURNAMENT\nrb   0/2    every variant  -\n",
			"TABLE               STATE    VARIANT     SEATS",
			"serving rb in the lobby of ",
			"seat 0: game over: completed, side ",
			"cmd-a v rulebook: +", // match --cmd
			"SPRT of H0 Elo +0 against H1 Elo +100 (α 0.05, β 0.05): LLR -",
			"H0 accepted",
		}},
		{page: "../docs/INTEGRATE.md", want: []string{
			"watch it in a browser: http://127.0.0.1:",
			"200 /static/style.css\n200 /static/app.js\n200 /static/icon.svg\n",
			`{"message":{"gameOver":{"result":{"outcome":"OUTCOME_COMPLETED",`,
			"\n{\"event\":{\"seq\":\"", // WatchTable's last event, a line of JSON alone
			`"gameEnded":{"winnerSide":`,
			"\n{}\n",
			"Checked: the record replays through the engine to these totals.",
		}},
		{page: "../docs/TOURNAMENTS.md", ownServer: true, want: []string{ // a league on a referee with keys, its bots in the lobby
			"(round-robin, two-handed): 12 of 12 games, finished\n",
			"\nalpha v beta: +",
			"watch it in a browser: http://127.0.0.1:",
			"records written to records/: 12\n",
			"Checked: the record replays through the engine to these totals.",
		}},
	} {
		t.Run(filepath.Base(c.page), func(t *testing.T) {
			script := "set -euo pipefail\n" + strings.Join(runBlocks(t, c.page), "\n")
			port := freePort(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-c", script)
			cmd.Dir = t.TempDir()
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				fmt.Sprintf("BEZIQUE_LISTEN=127.0.0.1:%d", port), fmt.Sprintf("BEZIQUE_SERVER=127.0.0.1:%d", port), "BEZIQUE_METRICS_LISTEN=")
			if c.ownServer {
				cmd.Env = append(cmd.Env, "BEZIQUE_SERVER=") // the last of a variable given twice wins
			}
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // whatever the script left running
			if err != nil {
				t.Fatalf("the blocks of %s failed: %v\n%s", c.page, err, out.String())
			}
			rest := out.String()
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("the blocks of %s did not print %q (in order); they printed:\n%s", c.page, w, out.String())
				}
				rest = rest[i+len(w):]
			}
		})
	}
}
