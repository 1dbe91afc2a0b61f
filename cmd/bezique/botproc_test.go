package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startReady starts the bot command line (which touches $READY once it is set up) and returns
// once it is. Its output goes to an *os.File, as match's standard error is, through
// linePrefixer's pipe: a process of the line that outlives the shell holds it until it ends,
// or WaitDelay has passed.
func startReady(t *testing.T, line string) *botProc {
	t.Helper()
	ready := filepath.Join(t.TempDir(), "ready")
	t.Setenv("READY", ready)
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { out.Close() })
	p, err := startBotProc("--cmd", line, "127.0.0.1:1", "cmd-a", out)
	if err != nil {
		t.Fatal(err)
	}
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(ready); err == nil {
			return p
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the bot command did not start")
		}
	}
}

// ignoresTerm is a bot command line whose program ignores SIGTERM, after the shell that runs the
// line, which does not, has started it.
const ignoresTerm = `sh -c 'trap "" TERM; touch "$READY"; sleep 60'; true`

// TestBotProcStopEndsTheGroup: stop ends every process of a bot command's group, not only the
// shell that runs the line, which dies at SIGTERM: a program that ignores it (a subshell and its
// sleep) is killed once stopGrace has passed, and one that exits at once is not waited for. The
// shell alone was waited for, and a bot that outlived it ran on (an outside trial).
func TestBotProcStopEndsTheGroup(t *testing.T) {
	for _, c := range []struct {
		name, line string
		min, max   time.Duration
	}{
		{"ignores SIGTERM", ignoresTerm, stopGrace, stopGrace + 2*time.Second},
		{"exits at SIGTERM", `(touch "$READY"; sleep 60); true`, 0, stopGrace / 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startReady(t, c.line)
			start := time.Now()
			p.stop()
			took := time.Since(start)
			live := groupLive(p.cmd.Process.Pid)
			for end := time.Now().Add(time.Second); live && time.Now().Before(end); live = groupLive(p.cmd.Process.Pid) {
				time.Sleep(10 * time.Millisecond) // a process killed by stop's SIGKILL dies as it is next scheduled
			}
			if live || took < c.min || took > c.max {
				t.Errorf("after stop (%s): a process of the group running a second later %t; want none, and stop to take %s to %s", took, live, c.min, c.max)
			}
		})
	}
}

// TestBotProcStopAllAtOnce: a match's two programs are stopped at once: two that ignore SIGTERM
// are killed together after stopGrace, not one after the other's (an outside trial: 13.4 s).
func TestBotProcStopAllAtOnce(t *testing.T) {
	procs := []*botProc{startReady(t, ignoresTerm), startReady(t, ignoresTerm)}
	start := time.Now()
	stopAll(procs)
	if took := time.Since(start); took < stopGrace || took > stopGrace+2*time.Second {
		t.Errorf("stopAll took %s; want %s to %s", took, stopGrace, stopGrace+2*time.Second)
	}
}

// TestLinePrefixer: a bot program's output goes out a line at a time, each line prefixed, its
// control characters but tabs escaped (a carriage return overwrote the prefix on a terminal, so
// a program could pass its lines off as the other side's), a line of more than maxBotLine bytes
// in pieces of maxBotLine (one of 80 MB without a newline was held whole, and searched again at
// each write: a re-trial), and a last line without its newline at flush.
func TestLinePrefixer(t *testing.T) {
	var out strings.Builder
	w := &linePrefixer{out: &out, prefix: "cmd-a: "}
	for _, piece := range []string{"one\ntw", "o\r\x1b[31mred\tx\x7f", "\n", strings.Repeat("z", maxBotLine+10), "\nlast"} {
		if n, err := w.Write([]byte(piece)); n != len(piece) || err != nil {
			t.Fatalf("Write(%d bytes) = %d, %v", len(piece), n, err)
		}
	}
	w.flush()
	want := "cmd-a: one\ncmd-a: two\\r\\x1b[31mred\tx\\x7f\n" +
		"cmd-a: " + strings.Repeat("z", maxBotLine) + "\ncmd-a: zzzzzzzzzz\ncmd-a: last\n"
	if out.String() != want {
		t.Errorf("wrote %q…, %d bytes; want %q…, %d bytes", out.String()[:min(80, out.Len())], out.Len(), want[:80], len(want))
	}
	if cap(w.pending) > 2*maxBotLine {
		t.Errorf("the line buffer grew to %d bytes", cap(w.pending))
	}
}

// TestBotProcGroupLeft: a program that exits while a process it started (its output elsewhere)
// runs on left it running; one whose process ends within exitSettle of the program did not (a
// line that killed its bot and exited was said to have left it, the bot still ending under -race
// in CI).
func TestBotProcGroupLeft(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"sleep 0.1 >/dev/null 2>&1 & exit 3", false},
		{"sleep 30 >/dev/null 2>&1 & exit 3", true},
	} {
		p, err := startBotProc("--cmd", c.line, "127.0.0.1:1", "cmd-a", io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		<-p.exited
		if p.groupLeft != c.want || p.leftRunning() != c.want {
			t.Errorf("%q: groupLeft %t, leftRunning %t; want %t", c.line, p.groupLeft, p.leftRunning(), c.want)
		}
		if want := "exit status 3"; !c.want && p.exitHow() != want {
			t.Errorf("%q: exitHow %q, want %q", c.line, p.exitHow(), want)
		}
		p.stop()
	}
}
