package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runMatch runs the real `bezique match` binary with args in the repository's root (PYTHONPATH
// finds the Python SDK) and returns its standard output; its standard error (the bot programs'
// output) is logged on failure.
func runMatch(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"match"}, args...)...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(repoRoot(t), "botsdk/python"))
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("bezique match %q: %v\nstdout:\n%s\nstderr:\n%s", args, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// matchSummary checks a match's output: progress lines ("N games: A +W =D -L against B, Elo ...,
// LLR ..."), then the standings, the pair's score and the SPRT's verdict, which must be want; it
// returns the games played, which must be fewer than the 2 000 of the match's 1 000 deal sets (the
// SPRT stopped it early).
func matchSummary(t *testing.T, out, a, b, want string) int {
	t.Helper()
	progress := regexp.MustCompile(`(?m)^\d+ games: ` + regexp.QuoteMeta(a) + ` \+\d+ =\d+ -\d+ against ` + regexp.QuoteMeta(b) +
		`, Elo [-+](Inf|\d+( \[[-+]\d+, [-+]\d+\])?), LLR -?\d+\.\d\d \(-2\.94, 2\.94\) (continue|H[01] accepted after \d+ games \(LLR -?\d+\.\d\d\))$`)
	if !progress.MatchString(out) {
		t.Fatalf("no progress line of %s against %s:\n%s", a, b, out)
	}
	m := regexp.MustCompile(`\(match, two-handed\): (\d+) of 2000 games, finished\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no finished match:\n%s", out)
	}
	games, _ := strconv.Atoi(m[1])
	score := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(a) + ` v ` + regexp.QuoteMeta(b) + `: \+(\d+) =(\d+) -(\d+), Elo `).FindStringSubmatch(out)
	if score == nil {
		t.Fatalf("no score line:\n%s", out)
	}
	w, _ := strconv.Atoi(score[1])
	d, _ := strconv.Atoi(score[2])
	l, _ := strconv.Atoi(score[3])
	if w+d+l != games || games >= 2000 {
		t.Fatalf("%d games, score +%d =%d -%d: want their sum, below 2000:\n%s", games, w, d, l, out)
	}
	if !regexp.MustCompile(`\nSPRT of H0 Elo \+0 against H1 Elo \+\d+ \(α 0\.05, β 0\.05\): LLR -?\d+\.\d\d \(-2\.94, 2\.94\): ` + want + ` after \d+ games \(LLR -?\d+\.\d\d\)\n`).MatchString(out) {
		t.Fatalf("want the SPRT's verdict %q:\n%s", want, out)
	}
	return games
}

// TestMatchBuiltins: `bezique match` of rulebook against random, the real binary, stops early
// with H1 accepted (rulebook is the stronger by at least 100 Elo).
func TestMatchBuiltins(t *testing.T) {
	t.Parallel()
	bin := build(t, t.TempDir(), "./cmd/bezique", "bezique")
	out := runMatch(t, bin, "--a", "rulebook", "--b", "random", "--seed", "1")
	games := matchSummary(t, out, "rulebook", "random", "H1 accepted")
	t.Logf("rulebook v random: H1 accepted after %d games", games)
}

// TestMatchPolyglot: `bezique match --cmd` plays the Python and the Node example bots, each in
// its own process serving in the in-process referee's lobby: the Python random bot against
// rulebook (H0 accepted: it is not the stronger), then the Node strategy bot against the Python
// random bot, both programs (H1 accepted).
func TestMatchPolyglot(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	bin := build(t, t.TempDir(), "./cmd/bezique", "bezique")
	py := python + " -m bezique_bot.examples.serve_bot --bot random --capacity 4"
	out := runMatch(t, bin, "--seed", "2", "--cmd", py, "rulebook")
	games := matchSummary(t, out, "cmd-a", "rulebook", "H0 accepted")
	t.Logf("python random v rulebook: H0 accepted after %d games", games)

	node := "node botsdk/node/examples/serve.js --bot strategy --capacity 4"
	out = runMatch(t, bin, "--seed", "3", "--cmd", node, "--cmd-b", py)
	games = matchSummary(t, out, "cmd-a", "cmd-b", "H1 accepted")
	t.Logf("node strategy v python random: H1 accepted after %d games", games)
	// Neither program forfeited, timed out, sent an illegal action, disconnected or had its SDK
	// answer for it: the standings' five columns before the mean decision time are 0 for both.
	if n := len(regexp.MustCompile(`(?m)^ +[12]=? +cmd-[ab] .* 0 +0 +0 +0 +0 +\d+\.\d\d$`).FindAllString(out, -1)); n != 2 {
		t.Errorf("%d of 2 programs without forfeits, timeouts, illegal actions, disconnections and fallbacks:\n%s", n, out)
	}
}

// TestMatchCountsFallbacks: a Python bot whose decide sleeps past its 1 s clock less the SDK's
// 200 ms margin on one request in sixty: its SDK answers those (and any that come while decide
// sleeps) with the first legal action, marked Decide.fallback, and the match's standings count
// them in the fallbacks column, with no timeout; they counted as the bot's own moves, and the
// standings said nothing (a new bot author's trial: 754 such answers in a 24-game match). With a
// 300 ms clock the margin was 75 ms (a quarter of it), which a loaded CI machine overran: two
// fallbacks came late, as timeouts.
func TestMatchCountsFallbacks(t *testing.T) {
	t.Parallel()
	needPython(t)
	bin := build(t, t.TempDir(), "./cmd/bezique", "bezique")
	script := filepath.Join(t.TempDir(), "slowbot.py")
	if err := os.WriteFile(script, []byte(`import os, threading, time
from bezique_bot.serve import ServeConfig, serve
from bezique_bot.strategy import random_bot

bot, lock, n = random_bot(1), threading.Lock(), [0]

def decide(view, legal_actions):
    with lock:
        n[0] += 1
        slow = n[0] % 60 == 0
    if slow:
        time.sleep(1.5)
    return bot(view, legal_actions)

serve(ServeConfig(server=os.environ["BEZIQUE_SERVER"], bot_name=os.environ["BEZIQUE_BOT_NAME"], capacity=4), decide)
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runMatch(t, bin, "--seed", "4", "--deals", "2", "--decision-ms", "1000", "--bank-ms", "0", "--cmd", python+" "+script, "random")
	// Its rank is 1, 2, or 1= on a tie (2 wins and 2 losses each: a CI run).
	row := regexp.MustCompile(`(?m)^ +[12]=? +cmd-a +(\d+) .* (\d+) +(\d+) +(\d+) +(\d+) +(\d+) +\d+\.\d\d$`).FindStringSubmatch(out)
	if row == nil {
		t.Fatalf("no standings line of cmd-a:\n%s", out)
	}
	games, _ := strconv.Atoi(row[1])
	forfeits, timeouts, fallbacks := row[2], row[3], row[6]
	if n, _ := strconv.Atoi(fallbacks); games != 4 || forfeits != "0" || timeouts != "0" || n < games {
		t.Fatalf("cmd-a: %d games, forfeits %s, timeouts %s, fallbacks %s: want 4 games, none forfeited or timed out, and a fallback a game at least:\n%s",
			games, forfeits, timeouts, fallbacks, out)
	}
	t.Logf("%s fallbacks in %d games", fallbacks, games)
}

// TestMatchGoServeExample: the Go serve example (botsdk/examples/serve), a program that reads
// $BEZIQUE_SERVER and $BEZIQUE_BOT_NAME as the Python and Node ones do, plays `bezique match
// --cmd` against rulebook as it is (H0 accepted: it is not the stronger), without a forfeit, a
// timeout, an illegal action or a disconnection.
func TestMatchGoServeExample(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := build(t, dir, "./cmd/bezique", "bezique")
	bot := build(t, dir, "./botsdk/examples/serve", "gobot")
	out := runMatch(t, bin, "--seed", "4", "--cmd", bot+" --capacity 4", "rulebook")
	games := matchSummary(t, out, "cmd-a", "rulebook", "H0 accepted")
	if !regexp.MustCompile(`(?m)^ +2 +cmd-a .* 0 +0 +0 +0 +\d+\.\d\d$`).MatchString(out) {
		t.Errorf("the Go example forfeited, timed out, sent an illegal action or disconnected:\n%s", out)
	}
	t.Logf("go serve example v rulebook: H0 accepted after %d games", games)
}

// TestMatchInterrupted: Ctrl-C (SIGINT) ends `bezique match` at once, and the program it started
// goes with it (it runs in its own process group, which the terminal's Ctrl-C does not reach).
func TestMatchInterrupted(t *testing.T) {
	t.Parallel()
	bin := build(t, t.TempDir(), "./cmd/bezique", "bezique")
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	cmd := exec.Command(bin, "match", "--cmd", "echo $$ > "+pidFile+"; exec sleep 60", "rulebook")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(30 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("the program did not start:\n%s", out.String())
		}
	}
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	// The program never enters the lobby: the match ends while it waits for it, saying why
	// ("context canceled" before, an outside trial), with the exit status of an interrupted
	// command, 130, as tournament run's (it was 1).
	if err == nil || cmd.ProcessState.ExitCode() != 130 || !strings.HasSuffix(out.String(), "interrupted (interrupt signal received): the match stopped\n") || time.Since(start) > 10*time.Second {
		t.Fatalf("after SIGINT: %v after %v, want exit 130 and a line naming the interrupt at once:\n%s", err, time.Since(start), out.String())
	}
	if err := syscall.Kill(pid, 0); err == nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the program (pid %d) outlived the match", pid)
	}
}
