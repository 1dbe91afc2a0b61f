package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

// TestMatchCommand: `bezique match --cmd` starts a program that serves in the in-process
// referee's lobby (here this test binary as `bezique bot --serve --bot random`, told the address
// and name by BEZIQUE_SERVER and BEZIQUE_BOT_NAME) and plays it against rulebook until the SPRT
// accepts H0: the program's bot is not the stronger. Each line the program prints is prefixed
// with its side's name.
func TestMatchCommand(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := newRootCmd()
	var stdout bytes.Buffer
	var stderr syncBuffer // written by the program's output copier and by the command
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"match", "--seed", "1", "--cmd", strconv.Quote(exe) + " bot --serve --bot random --capacity 8", "rulebook"})
	err = cmd.ExecuteContext(ctx)
	out := stdout.String()
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, stderr.String())
	}
	if !regexp.MustCompile(`(?m)^cmd-a: .*serving cmd-a in the lobby of 127\.0\.0\.1:`).MatchString(stderr.String()) {
		t.Fatalf("the program did not serve as cmd-a, or its line is not prefixed \"cmd-a: \":\n%s", stderr.String())
	}
	m := regexp.MustCompile(`\(match, two-handed\): (\d+) of 2000 games, finished`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, "H0 accepted after ") || len(m[1]) > 3 {
		t.Fatalf("output:\n%s", out)
	}
	if !regexp.MustCompile(`\n\d+ games?: cmd-a \+\d+ =\d+ -\d+ against rulebook, Elo `).MatchString(out) {
		t.Fatalf("no progress lines:\n%s", out)
	}
}

// TestMatchGoesOnAfterABrokenPipeElsewhere: a SIGPIPE that is not from match's output (any
// socket of the process raises one when its peer is gone, as a bot program's connection to the
// in-process referee) does not end the match: match listened for SIGPIPE to learn that its output
// was closed, and ended in the middle with "broken pipe signal received" (clean-clone CI,
// TestMatchCommand). The test sends SIGPIPE to its own process every 5 ms while the match runs.
func TestMatchGoesOnAfterABrokenPipeElsewhere(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := newRootCmd()
	var stdout, stderr syncBuffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"match", "--seed", "1", "--a", "rulebook", "--b", "random"})
	done := make(chan struct{})
	sent := make(chan int)
	go func() {
		for n := 0; ; n++ {
			select {
			case <-done:
				sent <- n
				return
			case <-time.After(5 * time.Millisecond):
			}
			if err := syscall.Kill(syscall.Getpid(), syscall.SIGPIPE); err != nil {
				t.Error(err)
			}
		}
	}()
	err := cmd.ExecuteContext(ctx)
	close(done)
	n := <-sent
	out := stdout.String()
	if err != nil {
		t.Fatalf("after %d SIGPIPEs: %v\n%s\n%s", n, err, out, stderr.String())
	}
	if n == 0 || !regexp.MustCompile(`\(match, two-handed\): \d+ of 2000 games, finished`).MatchString(out) {
		t.Fatalf("after %d SIGPIPEs, output:\n%s", n, out)
	}
}

// TestMatchProgramDies: a --cmd program killed mid-match ends the match with an error naming it,
// after the standings of the games played so far (they were lost with the match: a new bot
// author's trial), the games it was playing forfeited by it and counted its losses. The program
// is killed once a result is printed: killed after a fixed 2 s, it was killed before its first
// game on a loaded machine (clean-clone CI).
func TestMatchProgramDies(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := newRootCmd()
	var stdout, stderr syncBuffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	pidFile := filepath.Join(t.TempDir(), "pid")
	line := "sh -c 'echo $$ > " + pidFile + " && exec " + strconv.Quote(exe) + " bot --serve --bot random --capacity 8'"
	records := filepath.Join(t.TempDir(), "records")
	cmd.SetArgs([]string{"match", "--seed", "1", "--sprt", "0,1,0.05,0.05", "--cmd", line, "rulebook", "--records", records})
	killed := make(chan error, 1)
	go func() {
		for !regexp.MustCompile(`\n\d+ games?: cmd-a `).MatchString(stdout.String()) {
			if ctx.Err() != nil {
				killed <- ctx.Err()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		b, err := os.ReadFile(pidFile)
		if err != nil {
			killed <- err
			return
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err == nil {
			err = syscall.Kill(pid, syscall.SIGKILL)
		}
		killed <- err
	}()
	err = cmd.ExecuteContext(ctx)
	if kerr := <-killed; kerr != nil {
		t.Fatalf("killing the program: %v; match: %v\n%s\n%s", kerr, err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if err == nil || err.Error() != fmt.Sprintf("--cmd %q exited during the match (exit status 137, as a shell reports a command killed by signal 9, killed)", line) {
		t.Fatalf("error %v, want the program's exit\n%s", err, out)
	}
	// The forfeits' reason: how it exited, then the line, cut to the referee's 256 bytes (the exit
	// status was cut off the end of a long line's, and a longer reason refused: a re-trial).
	exit := reasonText(fmt.Sprintf("--cmd exited during the match (exit status 137, as a shell reports a command killed by signal 9, killed): %q", line))
	if !strings.HasPrefix(exit, "--cmd exited during the match (exit status 137,") || len(exit) > service.MaxReasonBytes {
		t.Fatalf("the reason %q", exit)
	}
	m := regexp.MustCompile(`\(match, two-handed\): (\d+) of 2000 games, cancelled\n`).FindStringSubmatch(out)
	if m == nil || m[1] == "0" || !regexp.MustCompile(`\ncmd-a v rulebook: \+\d+ =\d+ -\d+, Elo .*\nSPRT of H0 Elo \+0 against H1 Elo \+\d+ \(α 0\.05, β 0\.05\): LLR -?\d+\.\d\d \(-2\.94, 2\.94\): continue\n`).MatchString(out) {
		t.Fatalf("no standings of the games played:\n%s\n%s", out, stderr.String())
	}
	// The records of the games played are written too, every one of them: the tournament is
	// cancelled, so a game whose deal set was still in play has its record (they were lost).
	files, err := filepath.Glob(filepath.Join(records, "*.json"))
	if want := "records of the games played written to " + records + ": " + m[1] + "\n"; err != nil || !strings.HasSuffix(stderr.String(), want) || strconv.Itoa(len(files)) != m[1] {
		t.Fatalf("%d records in %s (%v); want %s, and the line %q at the end of stderr:\n%s", len(files), records, err, m[1], want, stderr.String())
	}
	// The games it was playing when it died are forfeited by it and count: a crash is a loss, as
	// fastchess counts it (they were cancelled and counted nowhere, so that a program that
	// crashed in a lost position escaped the loss: a bot author's trial).
	forfeits := 0
	for _, f := range files {
		rec, err := readRecord(f)
		if err != nil {
			t.Fatal(err)
		}
		res := rec.GetResult()
		if res.GetOutcome() != pb.Outcome_OUTCOME_FORFEIT {
			continue
		}
		forfeits++
		seat := slices.IndexFunc(rec.GetSeats(), func(s *pb.SeatInfo) bool { return s.GetName() == "cmd-a" })
		if !slices.Equal(res.GetForfeitSeats(), []uint32{uint32(seat)}) || res.GetForfeitCause() != pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT || res.GetReason() != exit {
			t.Errorf("%s: result %v; want cmd-a's seat %d forfeited, cause disconnect, reason %q", f, res, seat, exit)
		}
	}
	row := regexp.MustCompile(`\n +\d +cmd-a +(\d+) +(\d+) +(\d+) +(\d+) `).FindStringSubmatch(out)
	if forfeits == 0 || row == nil || row[1] != m[1] || atoi(t, row[2])+atoi(t, row[3])+atoi(t, row[4]) != atoi(t, m[1]) || atoi(t, row[4]) < forfeits ||
		!strings.Contains(out, fmt.Sprintf("\ncmd-a forfeited %d games: %d disconnected or absent\n", forfeits, forfeits)) {
		t.Errorf("%d forfeits in the records; want at least one (the games in play), each a loss in the standings:\n%s", forfeits, out)
	}
}

// TestMatchHelpDefaults: `match --help` shows the defaults a match plays with, 1 000 deal sets
// and the SPRT 0,100,0.05,0.05, not the tournament's (10 deal sets, no SPRT), and the variants it
// plays (it listed three-handed), while `tournament run --help` keeps its own.
func TestMatchHelpDefaults(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want []string
	}{
		{"match", []string{`      --deals int                deal sets per pairing (default 1000)` + "\n",
			`      --sprt string              the SPRT: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05); none: no test, play every --deals deal set (default "0,100,0.05,0.05")` + "\n",
			`      --variant string           a variant of two sides: two-handed, four-handed (partnership: each bot plays with its partner), rubicon or six-pack (default "two-handed")` + "\n"}},
		{"tournament", []string{`      --deals int                deal sets per pairing (default 10)` + "\n",
			`      --sprt string              a match's SPRT: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05); none (or empty): no test` + "\n"}},
	} {
		args := []string{c.cmd, "--help"}
		if c.cmd == "tournament" {
			args = []string{c.cmd, "run", "--help"}
		}
		help, err := runCmd(context.Background(), args...)
		for _, line := range c.want {
			if err != nil || !strings.Contains(help, line) {
				t.Errorf("%s: %v; want the line %q in:\n%s", strings.Join(args, " "), err, line, help)
			}
		}
	}
}

// TestMatchCommandFails: a program that exits before its bot enters the lobby, never enters it,
// or does not play the match's variant ends the match with an error that names the command; a
// side given twice, a variant of more than two sides, a malformed --sprt and a --records
// directory that cannot be made are refused.
func TestMatchCommandFails(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	threeHanded := strconv.Quote(exe) + " bot --serve --variants three-handed"
	aFile := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--cmd", "exit 3"}, `--cmd "exit 3" exited before its bot entered the lobby (exit status 3)`},
		{[]string{"--cmd", "true"}, `--cmd "true" exited before its bot entered the lobby (exit status 0)`}, // "(<nil>)" before
		{[]string{"--cmd", "sleep 30", "--cmd-wait", "300ms"}, `--cmd "sleep 30": no bot named "cmd-a" entered the lobby within 300ms (no bot entered it): does it serve at $BEZIQUE_SERVER as $BEZIQUE_BOT_NAME?`},
		// A program serving under a name of its own: the error says which names are there.
		{[]string{"--cmd", strconv.Quote(exe) + " bot --serve --name mine", "--cmd-wait", "2s"},
			fmt.Sprintf(`--cmd %q: no bot named "cmd-a" entered the lobby within 2s (in it: "mine"): does it serve at $BEZIQUE_SERVER as $BEZIQUE_BOT_NAME?`, strconv.Quote(exe)+" bot --serve --name mine")},
		{[]string{"--cmd", threeHanded}, fmt.Sprintf("--cmd %q: the bot plays [three-handed], not two-handed", threeHanded)},
		{[]string{"--cmd-b", "true", "random"}, "the opponent is given twice: OPPONENT and --b or --cmd-b"},
		{[]string{"--a", "random", "--cmd", "true"}, "a side is a built-in bot (--a, --b) or a command (--cmd, --cmd-b), not both"},
		// "entrants: 2 given; three-handed needs at least 3" before: a flag match's user never sets.
		{[]string{"--variant", "three-handed"}, "--variant three-handed: a match is between two sides and three-handed has 3; play it in a tournament (bezique tournament run)"},
		{[]string{"--sprt", "off"}, `--sprt "off": want elo0,elo1,alpha,beta`},
		// Refused before the games: it was found once they had all been played, and lost them.
		{[]string{"--records", filepath.Join(aFile, "records")}, "--records: mkdir " + aFile + ": not a directory"},
	} {
		start := time.Now()
		cmd := newRootCmd()
		var out syncBuffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(append([]string{"match"}, tc.args...))
		err := cmd.ExecuteContext(ctx)
		if err == nil || err.Error() != tc.want {
			t.Errorf("match %q: err %v, want %q\n%s", tc.args, err, tc.want, out.String())
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("match %q took %v", tc.args, d)
		}
	}
}

// TestMatchStopsItsProgram: a match whose output is closed (`bezique match … | head -n 1`:
// SIGPIPE at its next line) or whose terminal is closed (SIGHUP) stops its --cmd program before
// it exits, as on Ctrl-C; both signals ended match at once and left the program serving, dialling
// for ever the referee that had ended with match. A match killed (SIGKILL) stops nothing, but
// Linux sends its program SIGTERM (botProcAttr): it too served for ever. The program writes its
// process group's id (the shell's pid) to a file; once match has exited, that group must be gone
// (at once, or within a minute after SIGKILL).
func TestMatchStopsItsProgram(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGPIPE, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			pidFile := filepath.Join(t.TempDir(), "pgid")
			c := exec.CommandContext(ctx, exe, "match", "--seed", "1", "--cmd",
				"echo $$ > "+pidFile+"; exec "+strconv.Quote(exe)+" bot --serve --bot random --capacity 1", "rulebook")
			c.Env = append(os.Environ(), "BEZIQUE_TEST_MAIN=1")
			stdout, err := c.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil { // the match's first line: the program serves
				t.Fatal(err)
			}
			if sig == syscall.SIGPIPE {
				stdout.Close() // as head does after its line
			} else if err := c.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			_ = c.Wait()
			b, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatal(err)
			}
			pgid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			if sig == syscall.SIGKILL { // match could not stop it: Linux sends it SIGTERM (botProcAttr)
				for wait := time.Now().Add(time.Minute); syscall.Kill(-pgid, 0) == nil && time.Now().Before(wait); {
					time.Sleep(20 * time.Millisecond)
				}
			}
			if err := syscall.Kill(-pgid, 0); err != syscall.ESRCH {
				_ = syscall.Kill(-pgid, syscall.SIGKILL)
				t.Errorf("after match ended (%v), its program's process group %d: %v; want %v (no such process)", c.ProcessState, pgid, err, syscall.ESRCH)
			}
		})
	}
}

// TestMatchWarnsOfFallbacks: a side with as many SDK fallbacks as actions its bot chose, or more,
// is named on stderr after the standings, with its count: a bot whose decide raised at every
// request got a verdict as any other (a bot author's trial); so is a side with as many actions
// played for it by the referee (a bot that never answered: 124 timeouts, and no warning, in
// another). A side with fewer is not.
func TestMatchWarnsOfFallbacks(t *testing.T) {
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 1,
		Entrants: []tournament.Entrant{{ID: "cmd-a", Bot: "cmd-a", Kind: tournament.KindLobby}, {ID: "rulebook", Bot: "rulebook"}}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	tn := &service.Tournament{Spec: spec}
	for g, game := range spec.Schedule() {
		seats := make([]tournament.SeatStats, len(game.Seats))
		for seat, e := range game.Seats {
			if spec.Entrants[e].ID == "cmd-a" {
				seats[seat] = tournament.SeatStats{Decisions: 10, Fallbacks: 12, Timeouts: 6, Illegal: 3, Disconnects: 1}
			} else {
				seats[seat] = tournament.SeatStats{Decisions: 20, Fallbacks: 1, Timeouts: 19}
			}
		}
		tn.Results = append(tn.Results, tournament.Result{Game: g, Seats: seats})
	}
	var out bytes.Buffer
	for _, id := range []string{"cmd-a", "rulebook"} {
		warnNotTheBot(&out, tn, id)
	}
	want := "warning: 12 of cmd-a's 32 actions were its SDK's fallbacks (its decide failed, missed its deadline or chose no legal action; its log says which): the verdict measures the first legal action, not the bot\n" +
		"warning: the referee played 10 of cmd-a's 32 actions for it (6 timed out, 3 after illegal answers, 1 while disconnected): the verdict measures the referee's auto-play, not the bot\n"
	if out.String() != want {
		t.Fatalf("warnings:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestMatchWritesRecords: `match --records DIR` writes every game's record when the match ends,
// each one `bezique replay` checks: the in-process referee's games were lost with it, so a bot
// author could not look at the games a verdict came from.
func TestMatchWritesRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	out, err := runCmd(context.Background(), "match", "--a", "rulebook", "--b", "random", "--deals", "2", "--option", "target=300", "--records", dir, "--sprt", "none")
	if err != nil {
		t.Fatalf("match: %v\n%s", err, out)
	}
	if !strings.Contains(out, "records written to "+dir+": 4\n") {
		t.Fatalf("match printed no records line for 4 games:\n%s", out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) != 4 {
		t.Fatalf("%d records in %s (%v), want 4", len(files), dir, err)
	}
	for _, f := range files {
		if out, err := runCmd(context.Background(), "replay", f); err != nil || !strings.Contains(out, "Checked: the record replays through the engine to these totals.") {
			t.Fatalf("replay %s: %v\n%s", f, err, out)
		}
	}
}

// TestMatchListen: `match --listen` puts the match's referee at the address given, for a program
// that cannot take $BEZIQUE_SERVER (it took a free port, always); one in use is refused naming
// the flag.
func TestMatchListen(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1") // this test binary is the bot program
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	taken := lis.Addr().String()
	out, err := runCmd(context.Background(), "match", "--a", "rulebook", "--b", "random", "--deals", "1", "--option", "target=300", "--listen", taken)
	if err == nil || !strings.HasPrefix(err.Error(), "--listen: listen tcp "+taken+": bind: address already in use") {
		t.Fatalf("match on a port in use: %v\n%s", err, out)
	}
	lis.Close() // free now: the match's referee takes it
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The program dials the address given, not $BEZIQUE_SERVER.
	line := strconv.Quote(exe) + " bot --serve --bot random --server " + taken
	cmd := newRootCmd()
	var stdout bytes.Buffer
	var stderr syncBuffer // written by the program's output copier and by the command
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"match", "--seed", "1", "--deals", "1", "--option", "target=300", "--listen", taken, "--cmd", line, "rulebook"})
	if err := cmd.ExecuteContext(context.Background()); err != nil || !strings.Contains(stdout.String(), "cmd-a v rulebook: ") ||
		!strings.Contains(stderr.String(), "serving cmd-a in the lobby of "+taken) {
		t.Fatalf("match --listen %s: %v\nstdout:\n%s\nstderr:\n%s", taken, err, stdout.String(), stderr.String())
	}
}

// TestMatchLineGames: the progress line says "1 game", not "1 games" (a bot author's trial).
func TestMatchLineGames(t *testing.T) {
	var out bytes.Buffer
	for _, played := range []int{1, 2} {
		matchLine(&out, service.TournamentUpdate{Results: []tournament.Result{{}}, Standings: tournament.Standings{Played: played,
			Pairs: []tournament.Pair{{A: "cmd-a", B: "rulebook", L: played, Elo: stats.EloInterval{Elo: math.NaN()}}}}}, "cmd-a", "rulebook")
	}
	const want = "1 game: cmd-a +0 =0 -1 against rulebook, Elo ?\n2 games: cmd-a +0 =0 -2 against rulebook, Elo ?\n"
	if out.String() != want {
		t.Errorf("progress lines:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestMatchLineLLRNotNegativeZero: an LLR that rounds to zero from below reads 0.00, not -0.00
// (before any deal set was whole, a host's trial).
func TestMatchLineLLRNotNegativeZero(t *testing.T) {
	var out bytes.Buffer
	matchLine(&out, service.TournamentUpdate{Results: []tournament.Result{{}}, Standings: tournament.Standings{Played: 1,
		Pairs: []tournament.Pair{{A: "cmd-a", B: "rulebook", W: 1, Elo: stats.EloInterval{Elo: math.NaN()}}},
		SPRT:  &tournament.SPRTStatus{LLR: -0.001, Lower: -2.94, Upper: 2.94}}}, "cmd-a", "rulebook")
	const want = "1 game: cmd-a +1 =0 -0 against rulebook, Elo ?, LLR 0.00 (-2.94, 2.94) continue\n"
	if out.String() != want {
		t.Errorf("progress line %q, want %q", out.String(), want)
	}
}

// TestScoredTotalsLeaveForfeitsOut: the scores plot counts the games the standings' score counts,
// those played to their end: it counted the 0-0 of games an absent bot forfeited (a host's trial).
func TestScoredTotalsLeaveForfeitsOut(t *testing.T) {
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	tn := &service.Tournament{Spec: spec, Results: []tournament.Result{
		{Game: 0, Outcome: tournament.OutcomeCompleted, Scores: []int{1200, 800}},
		{Game: 1, Outcome: tournament.OutcomeForfeit, Scores: []int{0, 0}, ForfeitSeat: 0}}}
	got := scoredTotals(tn)
	seat0 := spec.Entrants[spec.Schedule()[0].Seats[0]].ID
	seat1 := spec.Entrants[spec.Schedule()[0].Seats[1]].ID
	if len(got) != 2 || len(got[seat0]) != 1 || got[seat0][0] != 1200 || len(got[seat1]) != 1 || got[seat1][0] != 800 {
		t.Errorf("scored totals %v, want %s [1200] and %s [800]", got, seat0, seat1)
	}
}

// atoi is strconv.Atoi of a number a test read from the output, failing the test otherwise.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
