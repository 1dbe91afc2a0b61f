package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

// storeFailure is the last store write that failed, while no write has succeeded since: since
// is when the first of them failed, failed how many have.
type storeFailure struct {
	op     string
	err    error
	since  time.Time
	failed int
}

// stored records the outcome of one store write of kind op (StoreAppend, StoreCreate,
// StoreFinish, StoreUpdate, StoreLease) begun at start: its duration, and on failure the error
// count (bezique_store_errors_total) and the failure that [Referee.StoreHealth] reports until a
// later write succeeds. The first failure after a success is logged, and the next success after
// failures, with how long and how many: the writes made again meanwhile (storeDown) log at debug
// level, so that an outage is two lines, not lines every second for every table. A write
// cancelled by its caller is not a failure of the store, nor one the store refused for want of
// the table's lease (store.ErrLeaseLost: its fencing, as designed; the table stops, and
// bezique_lease_losses_total counts it). It returns err.
func (s *Referee) stored(op string, start time.Time, err error) error {
	s.metrics.ObserveStoreWrite(op, time.Since(start))
	switch {
	case err == nil:
		if f := s.storeFailed.Swap(nil); f != nil {
			s.log.Info("store writes succeed again", "after", time.Since(f.since).Round(time.Millisecond), "failed_writes", f.failed)
		}
	case errors.Is(err, context.Canceled), errors.Is(err, store.ErrLeaseLost):
	default:
		s.metrics.StoreError(op)
		for {
			last := s.storeFailed.Load()
			f := &storeFailure{op: op, err: err, since: time.Now(), failed: 1}
			if last != nil {
				f.since, f.failed = last.since, last.failed+1
			}
			if s.storeFailed.CompareAndSwap(last, f) {
				if last == nil {
					s.log.Warn("store writes failing; tables wait and try again, /readyz answers 503 until one succeeds", "op", op, "err", err)
				}
				break
			}
		}
	}
	return err
}

// storeDown reports whether the store's writes are failing (StoreHealth): a write that a caller
// makes again then logs its failure at debug level (retriedLevel).
func (s *Referee) storeDown() bool { return s.storeFailed.Load() != nil }

// retriedLevel is the level at which a store write made again later that failed with err is
// logged: retriedStoreLevel's, or debug when the store was already failing before it (wasDown,
// storeDown), which stored's line said.
func retriedLevel(err error, wasDown bool) slog.Level {
	if wasDown {
		return slog.LevelDebug
	}
	return retriedStoreLevel(err)
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
