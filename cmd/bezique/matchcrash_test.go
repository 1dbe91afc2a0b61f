package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// servingLine is a --cmd line that writes its process's pid to pidFile and serves the built-in
// random bot, capacity 2, as this test binary.
func servingLine(t *testing.T, pidFile string) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "echo $$ > " + pidFile + "; exec " + strconv.Quote(exe) + " bot --serve --bot random --capacity 2"
}

// pidIn reads the pid a servingLine wrote, waiting for it.
func pidIn(pidFile string) (int, error) {
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(pidFile)
		if err == nil {
			return strconv.Atoi(strings.TrimSpace(string(b)))
		}
		if time.Now().After(deadline) {
			return 0, err
		}
	}
}

// forfeitsIn returns, by the name of the seat that forfeited, the games forfeited in the records
// of dir (none when no game ended: a forfeit ends one).
func forfeitsIn(t *testing.T, dir string) map[string]int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, f := range files {
		rec, err := readRecord(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, seat := range rec.GetResult().GetForfeitSeats() {
			out[rec.GetSeats()[seat].GetName()]++
		}
		if rec.GetResult().GetOutcome() == pb.Outcome_OUTCOME_FORFEIT && len(rec.GetResult().GetForfeitSeats()) == 0 {
			t.Fatalf("%s: a forfeit without forfeit_seats", f)
		}
	}
	return out
}

// TestMatchBothProgramsDie: when both programs die in one moment (a host stopping them), the games
// in play are cancelled and count for nobody, as a table cancels a game whose every side has a seat
// gone; the error names both. --cmd, listed first, forfeited them, and --cmd-b, which may have
// died first, won them (a competition host's trial).
func TestMatchBothProgramsDie(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	lineA, lineB := servingLine(t, filepath.Join(dir, "a")), servingLine(t, filepath.Join(dir, "b"))
	records := filepath.Join(dir, "records")
	cmd := newRootCmd()
	var stdout, stderr syncBuffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"match", "--seed", "3", "--sprt", "none", "--deals", "100", "--cmd", lineA, "--cmd-b", lineB, "--records", records})
	killed := make(chan error, 1)
	go func() {
		for !strings.Contains(stdout.String(), "games: cmd-a ") && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		a, errA := pidIn(filepath.Join(dir, "a"))
		b, errB := pidIn(filepath.Join(dir, "b"))
		if errA != nil || errB != nil {
			killed <- cmp.Or(errA, errB)
			return
		}
		killed <- cmp.Or(syscall.Kill(b, syscall.SIGKILL), syscall.Kill(a, syscall.SIGKILL))
	}()
	err := cmd.ExecuteContext(ctx)
	if kerr := <-killed; kerr != nil {
		t.Fatal(kerr)
	}
	if want := fmt.Sprintf("--cmd %q exited during the match (signal: killed)\n--cmd-b %q exited during the match (signal: killed)", lineA, lineB); err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s\n%s\n%s", err, want, stdout.String(), stderr.String())
	}
	if f := forfeitsIn(t, records); len(f) != 0 {
		t.Errorf("forfeits by seat: %v; want none\n%s", f, stdout.String())
	}
}

// TestMatchInterruptedWithItsProgram: a match stopped by SIGTERM together with its program (a
// host's shutdown: systemd, a container's end) cancels the games in play and charges nobody; it
// forfeited the program's games, which a SIGTERM to match alone cancelled (a competition host's
// trial).
func TestMatchInterruptedWithItsProgram(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	records := filepath.Join(dir, "records")
	c := exec.CommandContext(ctx, exe, "match", "--seed", "3", "--sprt", "none", "--deals", "100",
		"--cmd", servingLine(t, filepath.Join(dir, "pid")), "rulebook", "--records", records)
	c.Env = append(os.Environ(), "BEZIQUE_TEST_MAIN=1")
	stdout, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewReader(stdout)
	if _, err := lines.ReadString('\n'); err != nil { // a game has ended
		t.Fatal(err)
	}
	program, err := pidIn(filepath.Join(dir, "pid"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(program, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := bufio.NewReader(lines).ReadString(0)
	err = c.Wait()
	if c.ProcessState.ExitCode() != 130 {
		t.Fatalf("match: %v, want exit status 130\n%s\n%s", err, rest, stderr.String())
	}
	if f := forfeitsIn(t, records); len(f) != 0 {
		t.Errorf("forfeits by seat: %v; want none\n%s", f, rest)
	}
}

// TestMatchShellEndsWithItsBotServing: a --cmd line whose shell ends (status 0) while the bot it
// started in the background still serves ends the match with the shell's exit, and its games in
// play are cancelled, not forfeited: that bot was charged with forfeits as it went on answering,
// whether it held the shell's output (a re-trial) or had its own (another).
func TestMatchShellEndsWithItsBotServing(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bot := strconv.Quote(exe) + " bot --serve --bot random --capacity 2"
	for _, c := range []struct{ name, line, how string }{
		{"its output held", bot + " & echo started", "exit status 0, a process it started still holding its output 5s later"},
		{"its own output", bot + " >/dev/null 2>&1 & sleep 2", "exit status 0, a process it started still running"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			records := filepath.Join(t.TempDir(), "records")
			cmd := newRootCmd()
			var stdout, stderr syncBuffer
			cmd.SetOut(&stdout)
			cmd.SetErr(&stderr)
			cmd.SetArgs([]string{"match", "--seed", "3", "--sprt", "none", "--deals", "1000", "--concurrency", "2", "--cmd", c.line, "rulebook", "--records", records})
			err := cmd.ExecuteContext(ctx)
			if want := fmt.Sprintf("--cmd %q exited during the match (%s)", c.line, c.how); err == nil || err.Error() != want {
				t.Fatalf("error %v, want %s\n%s", err, want, stderr.String())
			}
			if f := forfeitsIn(t, records); len(f) != 0 {
				t.Errorf("forfeits by seat: %v; want none: its bot was still playing\n%s", f, stdout.String())
			}
		})
	}
}

// TestMatchProgramExitsBeforeTheMatch: a --cmd program that exits while match waits for --cmd-b's
// bot to enter the lobby ends it at once, saying it exited before the match began: it read
// "during the match", once the other bot had come (a re-trial).
func TestMatchProgramExitsBeforeTheMatch(t *testing.T) {
	t.Setenv("BEZIQUE_TEST_MAIN", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	lineA := strconv.Quote(exe) + " bot --serve --bot random --capacity 1 & sleep 1; kill $!; wait $!; exit 4"
	lineB := "sleep 30"
	cmd := newRootCmd()
	var stdout, stderr syncBuffer
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"match", "--seed", "3", "--cmd", lineA, "--cmd-b", lineB, "--cmd-wait", "20s"})
	start := time.Now()
	err = cmd.ExecuteContext(ctx)
	if want := fmt.Sprintf("--cmd %q exited before the match began (exit status 4)", lineA); err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s\n%s", err, want, stderr.String())
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("match ended %v after it started: it waited for --cmd-b after --cmd had exited", took)
	}
}

// TestReasonText: a reason for the referee has no control character and at most
// service.MaxReasonBytes, cut at a character's start.
func TestReasonText(t *testing.T) {
	long := strings.Repeat("é", 200) // 400 bytes
	for _, c := range []struct{ in, want string }{
		{"exited (exit status 1)", "exited (exit status 1)"},
		{"line one\nline two\tend", "line one line two end"},
		{long, strings.Repeat("é", 126) + "…"},
	} {
		if got := reasonText(c.in); got != c.want || len(got) > service.MaxReasonBytes {
			t.Errorf("reasonText(%.20q) = %q (%d bytes), want %q", c.in, got, len(got), c.want)
		}
	}
}
