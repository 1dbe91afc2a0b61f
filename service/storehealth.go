package service

import (
	"context"
	"errors"
	"fmt"
	"time"
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
