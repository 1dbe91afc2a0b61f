// Package gaptrack measures how long bots wait for their next decision request while something
// runs beside their games, for the tests that back a live store up (the referee's binary with
// SQLite, the end-to-end test with PostgreSQL): the longest wait before a backup and during it.
package gaptrack

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Tracker counts the decision requests of the bots made by [Tracker.Bot] and keeps the longest
// wait of one seat between two of them, before a window marked by [Tracker.Start] and
// [Tracker.Stop] (a backup) and during it: a wait that ends after the start and begins before
// the end is during it; one begun after the end is not counted. The zero value is ready; it is
// safe for concurrent use.
type Tracker struct {
	mu             sync.Mutex
	from, to       time.Time // the window; zero until Start and Stop
	before, during time.Duration
	decisions      int
	decisionsFrom  int // decisions at Start
}

// Bot returns a bot that records each decision request in tr, then decides as bot does: one
// for each seat, as it keeps the time of its seat's last request.
func (tr *Tracker) Bot(bot botsdk.Bot) botsdk.Bot {
	var last time.Time
	return botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		tr.request(&last)
		return bot.Decide(ctx, req)
	})
}

// request records a decision request now, last being the time of its seat's previous one.
func (tr *Tracker) request(last *time.Time) {
	now := time.Now()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.decisions++
	if !last.IsZero() {
		gap := now.Sub(*last)
		switch {
		case tr.from.IsZero():
			tr.before = max(tr.before, gap)
		case tr.to.IsZero() || last.Before(tr.to):
			tr.during = max(tr.during, gap)
		}
	}
	*last = now
}

// Start marks the window's start, now, and returns it.
func (tr *Tracker) Start() time.Time {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.from, tr.decisionsFrom = time.Now(), tr.decisions
	return tr.from
}

// Stop marks the window's end, now, and returns how long it lasted since Start.
func (tr *Tracker) Stop() time.Duration {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.to = time.Now()
	return tr.to.Sub(tr.from)
}

// Decisions returns the number of decision requests recorded so far.
func (tr *Tracker) Decisions() int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.decisions
}

// Await returns once more than n decision requests are recorded, polling every 20 ms, or an
// error giving their number when ctx is done first.
func (tr *Tracker) Await(ctx context.Context, n int) error {
	for {
		got := tr.Decisions()
		if got > n {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%d decision requests, want more than %d: %w", got, n, ctx.Err())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// String gives the longest waits, to the millisecond: "longest wait for a decision request: 21ms
// during it, 38ms in the 2252 decisions before it".
func (tr *Tracker) String() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return fmt.Sprintf("longest wait for a decision request: %v during it, %v in the %d decisions before it",
		tr.during.Round(time.Millisecond), tr.before.Round(time.Millisecond), tr.decisionsFrom)
}
