package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// startReady starts the bot command line (which touches $READY once it is set up) and returns
// once it is. Its output goes to an *os.File, as match's standard error is: exec's Wait then
// returns when the shell exits, not when every holder of a pipe has closed it.
func startReady(t *testing.T, line string) *botProc {
	t.Helper()
	ready := filepath.Join(t.TempDir(), "ready")
	t.Setenv("READY", ready)
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { out.Close() })
	p, err := startBotProc(line, "127.0.0.1:1", "cmd-a", out)
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
