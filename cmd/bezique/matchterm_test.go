package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestMatchOnATerminal: `bezique match` on a terminal (its standard output and error one
// terminal, as in a shell) clears its progress bar before each line of the score, so that every
// line starts a line of the terminal; the line was written right after the bar, "[0s:19s]15
// games: rulebook +15 …" (a docs audit).
func TestMatchOnATerminal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	var screen bytes.Buffer
	read := make(chan struct{})
	go func() {
		_, _ = io.Copy(&screen, ptmx) // until tty is closed
		close(read)
	}()
	cmd := newRootCmd()
	cmd.SetOut(tty)
	cmd.SetErr(tty)
	cmd.SetArgs([]string{"match", "--a", "rulebook", "--b", "random", "--seed", "1", "--deals", "40"})
	err = cmd.ExecuteContext(ctx)
	tty.Close()
	select {
	case <-read:
	case <-time.After(10 * time.Second):
	}
	if err != nil {
		t.Fatalf("match: %v\n%q", err, screen.String())
	}
	lines := regexp.MustCompile(`(.)(\d+ games?: rulebook \+)`).FindAllStringSubmatch(screen.String(), -1)
	if len(lines) == 0 {
		t.Fatalf("no line of the score on the terminal:\n%q", screen.String())
	}
	for _, m := range lines {
		if m[1] != "\n" && m[1] != "\r" {
			t.Errorf("a line of the score after %q, not at the start of a line: %q…", m[1], m[2])
		}
	}
}
