package service

import (
	"context"
	"errors"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestAwaitThroughASlowStore: referee B awaits a table in play on referee A while the store
// cannot read the table's row (a lock held on `tables`, as a PostgreSQL that is paused, or busy
// after a pause, holds B's reads). GetRecord found no record, then reported the table's row,
// which did not read within the call's deadline, as "not found", and Await returned NotFound:
// a tournament running on B dropped the game while A played it to the end (an outside trial:
// three games dropped after a 25 s pause, and the tournament could not finish). Await now ends
// with the deadline's error only, and awaits the table through the store's errors to its end.
func TestAwaitThroughASlowStore(t *testing.T) {
	a, b, raw, resp := tableOnA(t)
	id := resp.GetTableId()
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := b.srv.Await(short, id); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Await while the table's row cannot be read: %v; want the deadline's error", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := awaitAsync(ctx, b.srv.Referee, id)
	time.Sleep(2 * awaitPoll) // B reads the store, which does not answer
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if _, err := a.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id}); err != nil {
		t.Fatal(err)
	}
	got := <-done
	if got.err != nil || got.res.GetOutcome() != pb.Outcome_OUTCOME_CANCELLED {
		t.Fatalf("Await through the lock, then the cancel: %v, %v; want the cancelled result", got.res, got.err)
	}
}
