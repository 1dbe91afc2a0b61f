package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

// storeFailure is the last store write that failed, while no write has succeeded since.
type storeFailure struct {
	op  string
	err error
}

// stored records the outcome of one store write of kind op (StoreAppend, StoreCreate,
// StoreFinish, StoreUpdate) begun at start: its duration, and on failure the error count
// (bezique_store_errors_total) and the failure that [Referee.StoreHealth] reports until a later
// write succeeds. A write cancelled by its caller is not a failure of the store. It returns err.
func (s *Referee) stored(op string, start time.Time, err error) error {
	s.metrics.ObserveStoreWrite(op, time.Since(start))
	switch {
	case err == nil:
		s.storeFailed.Store(nil)
	case errors.Is(err, context.Canceled):
	default:
		s.metrics.StoreError(op)
		s.storeFailed.Store(&storeFailure{op: op, err: err})
	}
	return err
}

// StoreHealth returns nil while the store takes writes, or the last store write's error when it
// failed and no write has succeeded since: the referee cannot record games then (tables wait and
// retry), so it should not be sent new ones. The metrics port's /readyz answers 503 with it.
func (s *Referee) StoreHealth() error {
	if f := s.storeFailed.Load(); f != nil {
		return fmt.Errorf("store %s failing: %w", f.op, f.err)
	}
	return nil
}

// retriedStoreLevel is the level at which a failed store write that the referee makes again
// later (an action's append, a lease renewal, a takeover) is logged: Warn when the store was out
// of reach (store.ErrUnavailable: a lost connection, PostgreSQL restarting, a SQLite file locked
// by another process) or did not answer in the write's time (context.DeadlineExceeded: a
// PostgreSQL server stopped with SIGSTOP or hung, which acknowledges every packet), which the
// retry rides out and which bezique_store_errors_total, its BeziqueStoreErrors alert and /readyz
// report while it lasts; Error for any other failure. (An outside trial logged 2 138 such errors
// over 61 storms of terminated connections, none a loss; another, a lease renewal's ERROR every
// 5 s of a paused PostgreSQL.)
func retriedStoreLevel(err error) slog.Level {
	if errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		return slog.LevelWarn
	}
	return slog.LevelError
}

// storeRetryWaits are the pauses before tryStore makes a write again.
var storeRetryWaits = []time.Duration{100 * time.Millisecond, time.Second}

// tryStore calls write, and calls it again after each of storeRetryWaits while it fails with
// store.ErrUnavailable (a connection lost, PostgreSQL restarting, a SQLite file locked by another
// process); it returns write's last error, or ctx's cause once ctx is done during a wait. write
// must be safe to make twice: one that landed though its answer was lost is made again.
func tryStore(ctx context.Context, write func() error) error {
	for i := 0; ; i++ {
		err := write()
		if !errors.Is(err, store.ErrUnavailable) || i == len(storeRetryWaits) {
			return err
		}
		select {
		case <-time.After(storeRetryWaits[i]):
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}
