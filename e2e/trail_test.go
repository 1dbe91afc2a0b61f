package e2e

import (
	"fmt"
	"log/slog"
	"strings"
	"sync"
)

// trailLines is how many of its last lines a botTrail keeps.
const trailLines = 6

// botTrail keeps what a game of a several-referee run did last (its table, then the last
// trailLines lines its bots logged at info level and above), so that a game that does not end in
// time can be told apart from the others in the failure: the referees' logs are cut to their ends.
type botTrail struct {
	mu    sync.Mutex
	table string
	lines []string
	done  bool
}

// Write keeps p, one log line, among the trail's last lines.
func (b *botTrail) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lines = append(b.lines, strings.TrimSpace(string(p)))
	if len(b.lines) > trailLines {
		b.lines = b.lines[len(b.lines)-trailLines:]
	}
	return len(p), nil
}

// logger is a logger of the game's bots that writes to the trail.
func (b *botTrail) logger() *slog.Logger { return slog.New(slog.NewTextHandler(b, nil)) }

// created records the game's table.
func (b *botTrail) created(table string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.table = table
}

// over records that the game is over, played or failed.
func (b *botTrail) over() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = true
}

// newTrails returns n empty trails.
func newTrails(n int) []*botTrail {
	trails := make([]*botTrail, n)
	for i := range trails {
		trails[i] = &botTrail{}
	}
	return trails
}

// unfinished describes the games of trails whose table was created and that are not over, with
// their tables and their bots' last lines, and counts the games not created; "" when every game
// is over.
func unfinished(trails []*botTrail) string {
	var sb strings.Builder
	n, notCreated := 0, 0
	for i, b := range trails {
		b.mu.Lock()
		switch {
		case b.done:
		case b.table == "":
			notCreated++
		default:
			n++
			fmt.Fprintf(&sb, "\ngame %d (table %s):", i, b.table)
			for _, l := range b.lines {
				sb.WriteString("\n    " + l)
			}
		}
		b.mu.Unlock()
	}
	if n+notCreated == 0 {
		return ""
	}
	return fmt.Sprintf("\n%d games not created; %d not over:%s", notCreated, n, sb.String())
}
