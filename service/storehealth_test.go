package service

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestCallersDeadlineIsNotAStoreFailure: a CreateTable whose caller's deadline ends while the
// store is still writing its table (here, PostgreSQL waiting on a lock another session holds on
// the tables table) fails for that caller alone. It is not the store's failure: the store errors
// count (bezique_store_errors_total{op="create"}) stays 0 and StoreHealth, which /readyz answers
// with, stays nil. Before, an HTTP client's Connect-Timeout-Ms (the server's context then ends
// with DeadlineExceeded, where a gRPC client's own deadline resets the stream first: Canceled)
// turned the referee unready until its next successful write; the next table is created once the
// lock is gone.
func TestCallersDeadlineIsNotAStoreFailure(t *testing.T) {
	u, raw := sharedSchema(t)
	st, _ := openShared(t, u)
	srv, base := serveReferee(t, Config{Store: st})
	ctx := context.Background()
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, "LOCK TABLE tables IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	body, err := protojson.Marshal(twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	create := func(timeout string) (int, string) {
		code, _, b := connectPost(t, base+"/bezique.v1.TableService/CreateTable", "application/json", string(body), "Connect-Timeout-Ms", timeout)
		return code, b
	}
	if code, b := create("300"); code != http.StatusGatewayTimeout || !strings.Contains(b, `"code":"deadline_exceeded"`) {
		t.Fatalf("CreateTable under a held lock, Connect-Timeout-Ms 300: %d %s, want 504 deadline_exceeded", code, b)
	}
	eventually(t, "the create's store write to end", func() bool { return storeWrites(t, srv.metrics, StoreCreate) == 1 })
	if n := testutil.ToFloat64(srv.metrics.storeErrors.WithLabelValues(StoreCreate)); n != 0 {
		t.Fatalf("store errors (create) after a caller's deadline: %v, want 0", n)
	}
	if err := srv.StoreHealth(); err != nil {
		t.Fatalf("StoreHealth after a caller's deadline: %v, want nil", err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if code, b := create("10000"); code != http.StatusOK {
		t.Fatalf("CreateTable once the lock is gone: %d %s", code, b)
	}
}

// storeWrites returns how many store writes of kind op m has timed
// (bezique_store_write_duration_seconds' sample count).
func storeWrites(t *testing.T, m *Metrics, op string) uint64 {
	t.Helper()
	var d dto.Metric
	if err := m.storeWrite.WithLabelValues(op).(prometheus.Metric).Write(&d); err != nil {
		t.Fatal(err)
	}
	return d.GetHistogram().GetSampleCount()
}

// TestCreateTablePastItsDeadline: a CreateTable whose deadline has passed before it begins
// creates nothing, whatever its seats, and answers DeadlineExceeded. The in-memory store, like
// SQLite, writes whatever the context says: such tables were created (an outside attack trial
// left 49, on SQLite, with Connect-Timeout-Ms 1), then cancelled since nobody had their seat
// tokens, and a table of built-in seats played for nobody. A table whose deadline passes while
// it is written is cancelled (TestTimedOutWritesAreAudited).
func TestCreateTablePastItsDeadline(t *testing.T) {
	r := startReferee(t, nil, quiet)
	late, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	bots := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}}
	for _, req := range []*pb.CreateTableRequest{twoRemote(false), bots} {
		if _, err := r.srv.Referee.CreateTable(late, req); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("CreateTable past its deadline: %v, want DeadlineExceeded", err)
		}
	}
	list, err := r.srv.Referee.ListTables(context.Background(), &pb.ListTablesRequest{})
	if err != nil || len(list.GetTables()) != 0 {
		t.Fatalf("ListTables: %v, %v; want no table", list.GetTables(), err)
	}
}
