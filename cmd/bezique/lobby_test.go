package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLobbyCommands: "bot --serve" enters a built-in bot into the lobby, "lobby" lists it,
// "challenge" seats it against rulebook with the failure policy its flags say, the game is played
// to its end, and a challenge of an absent bot fails naming it; "bot --tournament" needs --serve, and a tournament the referee does
// not know is refused.
func TestLobbyCommands(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	sctx, stopServe := context.WithCancel(ctx)
	served, serveErr := startCmd(sctx, "bot", "--serve", "--server", ref.addr, "--bot", "random", "--name", "rb", "--capacity", "2", "--variants", "two-handed,three-handed")
	if out, err := runCmd(ctx, "bot", "--serve", "--table", "t-1", "--server", ref.addr); err == nil || !strings.Contains(err.Error(), "--serve takes no --table or --token") {
		t.Errorf("bot --serve --table: %v\n%s", err, out)
	}
	if out, err := runCmd(ctx, "bot", "--serve", "--variants", "five-handed", "--server", ref.addr); err == nil || !strings.Contains(err.Error(), "--variants: ") {
		t.Errorf("bot --serve --variants five-handed: %v\n%s", err, out)
	}
	if out, err := runCmd(ctx, "bot", "--tournament", "tn-nope", "--table", "t-1", "--token", "x", "--server", ref.addr); err == nil ||
		err.Error() != "--tournament goes with --serve: the lobby bot serves that tournament" {
		t.Errorf("bot --tournament without --serve: %v\n%s", err, out)
	}
	// Refused at once, it does not say first that it serves (an outside trial).
	if out, err := runCmd(ctx, "bot", "--serve", "--name", "tb", "--tournament", "tn-nope", "--server", ref.addr); err == nil ||
		!strings.Contains(err.Error(), `code = NotFound desc = tournament "tn-nope" not found`) || strings.Contains(out, "serving") {
		t.Errorf("bot --serve --tournament tn-nope: %v\n%s", err, out)
	}
	var out string
	var err error
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out, "BOT  GAMES  VARIANTS                 TOURNAMENT\nrb   0/2    two-handed,three-handed  -\n"); time.Sleep(20 * time.Millisecond) {
		if out, err = runCmd(ctx, "lobby", "--server", ref.addr); err != nil || time.Now().After(deadline) {
			t.Fatalf("lobby: %v\n%s", err, out)
		}
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "lobby:rb", "--seat", "builtin:rulebook", "--on-timeout", "forfeit", "--grace-ms", "5000")
	// The scores are 0 but for a turned-up seven (10 to the dealer, RULES.md §1.9.1): the deal is random.
	m := regexp.MustCompile(`\n(t-[0-9a-f]{16})  waiting  two-handed  0:rb\(away\) 1:rulebook  side 0 (0|10), side 1 (0|10)  not ended  random\n$`).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("challenge: %v\n%s", err, out)
	}
	if _, err := ref.srv.Await(ctx, m[1]); err != nil {
		t.Fatal(err)
	}
	// The failure policy's flags, as create's (lobby games ran under the default policy alone).
	if ti, err := ref.srv.Referee.GetTable(ctx, m[1]); err != nil || ti.GetFailurePolicy().GetOnTimeout().String() != "FAILURE_ACTION_FORFEIT" ||
		ti.GetFailurePolicy().GetDisconnectGraceMs() != 5000 || ti.GetFailurePolicy().GetOnIllegal().String() != "FAILURE_ACTION_AUTO_PLAY" {
		t.Errorf("the challenged table's failure policy: %v (%v); want forfeit on time, 5 s of grace, the rest the defaults", ti.GetFailurePolicy(), err)
	}
	if out, err := runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "lobby:rb", "--seat", "builtin:rulebook", "--on-timeout", "later"); err == nil ||
		err.Error() != `--on-timeout: "later" (want auto-play or forfeit)` {
		t.Errorf("challenge --on-timeout later: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "lobby:nobody", "--seat", "builtin:rulebook")
	if err == nil || !strings.Contains(err.Error(), `lobby bot "nobody" is not present`) {
		t.Errorf("challenge of an absent bot: %v\n%s", err, out)
	}
	for !strings.Contains(served.String(), "table "+m[1]+" seat 0: game over: completed, side ") && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	stopServe()
	if err := <-serveErr; err != nil {
		t.Errorf("bot --serve: %v", err)
	}
	if out := served.String(); !strings.HasPrefix(out, "serving rb in the lobby of "+ref.addr+", capacity 2, two-handed,three-handed\n") ||
		!strings.Contains(out, "table "+m[1]+" seat 0: game over: completed, side ") {
		t.Errorf("bot --serve printed:\n%s", out)
	}
}

// syncBuffer is a bytes.Buffer that a command writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestChallengeTeamCommand: "challenge --seat team:A+B" seats two "bot --serve" bots as one
// consultation seat against rulebook, and the game is played to its end; a team naming a bot
// twice, or in the three-handed game, is refused naming the field and the rule.
func TestChallengeTeamCommand(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	sctx, stopServe := context.WithCancel(ctx)
	var served [2]syncBuffer
	serveErr := make(chan error, 2)
	for i, name := range []string{"north", "mate"} {
		go func() {
			cmd := newRootCmd()
			cmd.SetOut(&served[i])
			cmd.SetErr(&served[i])
			cmd.SetArgs([]string{"bot", "--serve", "--server", ref.addr, "--bot", "random", "--name", name})
			serveErr <- cmd.ExecuteContext(sctx)
		}()
	}
	var out string
	var err error
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out, "\nmate   0/1") || !strings.Contains(out, "\nnorth  0/1"); time.Sleep(20 * time.Millisecond) {
		if out, err = runCmd(ctx, "lobby", "--server", ref.addr); err != nil || time.Now().After(deadline) {
			t.Fatalf("lobby: %v\n%s", err, out)
		}
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "team:north+north", "--seat", "builtin:rulebook")
	if err == nil || !strings.Contains(err.Error(), `InvalidArgument desc = seats[0].team.members[1]: "north" is already a member`) {
		t.Errorf("challenge of a team naming a bot twice: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--variant", "three-handed", "--seat", "team:north+mate", "--seat", "builtin:rulebook", "--seat", "builtin:random")
	if err == nil || !strings.Contains(err.Error(), "seats[0].team: a consultation team plays the two-handed game (RULES.md §3.5), not three-handed") {
		t.Errorf("challenge of a team in the three-handed game: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "team:north+mate", "--seat", "builtin:rulebook", "--team-policy", "first")
	if err == nil || !strings.Contains(err.Error(), `--team-policy: "first" (want captain or first-answer)`) {
		t.Errorf("challenge --team-policy first: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "challenge", "--server", ref.addr, "--seat", "team:north+mate", "--seat", "builtin:rulebook")
	m := regexp.MustCompile(`\n(t-[0-9a-f]{16})  waiting  two-handed  0:north\+mate\(away\) 1:rulebook  `).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("challenge: %v\n%s", err, out)
	}
	res, err := ref.srv.Await(ctx, m[1])
	if err != nil || res.GetOutcome().String() != "OUTCOME_COMPLETED" {
		t.Fatalf("Await: %v %v", res, err)
	}
	for i := range served {
		for !strings.Contains(served[i].String(), "table "+m[1]+" seat 0: game over: completed, side ") && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
	}
	stopServe()
	for range served {
		if err := <-serveErr; err != nil {
			t.Errorf("bot --serve: %v", err)
		}
	}
}

// TestBotServeEndsWithItsTournament: "bot --serve --tournament ID" plays its games of the
// tournament and, when the tournament ends, prints so and exits without an error. Before, the
// bot stayed in the lobby, idle, until it was interrupted.
func TestBotServeEndsWithItsTournament(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "tournament", "create", "--server", ref.addr, "--entrant", "rulebook", "--entrant", "lb=lobby:lb", "--deals", "1")
	if err != nil {
		t.Fatalf("tournament create: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	out, err = runCmd(ctx, "bot", "--serve", "--server", ref.addr, "--bot", "random", "--name", "lb", "--tournament", id)
	if err != nil {
		t.Fatalf("bot --serve --tournament %s: %v\n%s", id, err, out)
	}
	want := regexp.MustCompile(`^serving lb in the lobby of ` + regexp.QuoteMeta(ref.addr) + `, capacity 1, every variant\n` +
		`table ` + id + `-g[01] seat [01]: game over: completed, side [^\n]*\n` +
		`table ` + id + `-g[01] seat [01]: game over: completed, side [^\n]*\n` +
		`tournament ` + id + ` has ended \(finished\): serving no more\n$`)
	if !want.MatchString(out) {
		t.Errorf("bot --serve --tournament %s printed:\n%s", id, out)
	}
}

// TestTournamentRunInterrupted: `tournament run --server` interrupted (SIGINT) says that the
// tournament goes on at the referee and how to follow it, and exits 130; it ended without a word
// (a host's trial).
func TestTournamentRunInterrupted(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	ctx, ref := testReferee(t, 60*time.Second)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	run := exec.CommandContext(ctx, exe, "tournament", "run", "--server", ref.addr, "--entrant", "rulebook", "--entrant", "lobby:away",
		"--absence-grace", "1h", "--deals", "1")
	run.Stderr = &stderr
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`tournament (tn-[0-9a-f]+), `)
	for !id.MatchString(stderr.String()) {
		if ctx.Err() != nil {
			t.Fatalf("no tournament created:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := run.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = run.Wait()
	tn := id.FindStringSubmatch(stderr.String())[1]
	want := fmt.Sprintf("interrupted: tournament %s goes on at the referee; bezique tournament watch --server %s %s follows it\n", tn, ref.addr, tn)
	if run.ProcessState.ExitCode() != 130 || !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("interrupted run: %v, exit %d, stderr:\n%s\nwant exit 130 and the last line %q", err, run.ProcessState.ExitCode(), stderr.String(), want)
	}
}
