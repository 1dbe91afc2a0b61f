package service

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
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

// TestCreateTableAnswerLostCancels: a table whose creation ends after its caller's deadline has
// passed (the in-memory store, like SQLite, writes whatever the context says) is cancelled at
// once, and the caller gets DeadlineExceeded: it never saw the seat tokens, and the table waited,
// counted against its creator's limits, until it expired (an outside attack trial left 49 such
// tables, on SQLite, with Connect-Timeout-Ms 1). A table of built-in seats and key-bound seats
// only, which no token is needed for, is not.
func TestCreateTableAnswerLostCancels(t *testing.T) {
	r := startReferee(t, nil, quiet)
	late, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	_, err := r.srv.Referee.CreateTable(late, twoRemote(false))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("CreateTable past its deadline: %v, want DeadlineExceeded", err)
	}
	bots := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}}
	if _, err := r.srv.Referee.CreateTable(late, bots); err != nil {
		t.Fatalf("CreateTable of built-in seats past its deadline: %v", err)
	}
	list, err := r.srv.Referee.ListTables(context.Background(), &pb.ListTablesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ti := range list.GetTables() {
		ended := "not cancelled" // the built-in bots' game plays, perhaps to its end already
		if ti.GetState() == pb.TableState_TABLE_STATE_CANCELLED {
			ended = "cancelled: " + ti.GetResult().GetReason()
		}
		got = append(got, fmt.Sprintf("%d remote: %s", len(ti.GetSeats())-builtins(ti), ended))
	}
	slices.Sort(got)
	want := []string{"0 remote: not cancelled", "2 remote: cancelled: its creator's call ended before the answer with the seat tokens"}
	if !slices.Equal(got, want) {
		t.Fatalf("tables %q, want %q", got, want)
	}
}

// builtins counts a table's built-in seats.
func builtins(ti *pb.TableInfo) int {
	n := 0
	for _, s := range ti.GetSeats() {
		if !s.GetRemote() {
			n++
		}
	}
	return n
}
