package service

import (
	"context"
	"database/sql"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// recordReads returns how many times PostgreSQL has scanned the table records of the schema raw
// is connected to, once the server has the statistics of every session (they reach it within
// 10 s of a session's last transaction).
func recordReads(t *testing.T, raw *sql.DB) int64 {
	t.Helper()
	time.Sleep(11 * time.Second)
	var n int64
	if err := raw.QueryRow("SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables " +
		"WHERE schemaname = current_schema() AND relname = 'records'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestListTablesRepeatedIDReadOnce (issue #16): ListTables with table_ids holding one finished
// game's id 1 000 times, through a referee that does not hold the table in memory, read its row
// and its whole record 1 000 times (for a four-handed game's 42 KB record, 1.4 s of the
// referee's time and 42 MB read from PostgreSQL, for a request of 20 KB). It now reads the record
// once and lists the table once (listed 1 000 times, the answer was 1.8 MB: an outside attack).
func TestListTablesRepeatedIDReadOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("waits twice for PostgreSQL's statistics (10 s)")
	}
	u, raw := sharedSchema(t)
	a, b := startPeer(t, u, nil), startPeer(t, u, nil)
	ctx := context.Background()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Options: map[string]string{"target": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.srv.Await(ctx, resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 1000)
	for i := range ids {
		ids[i] = resp.GetTableId()
	}
	before := recordReads(t, raw)
	got, err := b.tables.ListTables(ctx, &pb.ListTablesRequest{TableIds: ids})
	if err != nil {
		t.Fatal(err)
	}
	if reads := recordReads(t, raw) - before; reads != 1 {
		t.Errorf("ListTables of one id 1 000 times read its record %d times, want 1", reads)
	}
	if len(got.GetTables()) != 1 || got.GetTables()[0].GetTableId() != resp.GetTableId() || got.GetTables()[0].GetState() != pb.TableState_TABLE_STATE_FINISHED {
		t.Fatalf("ListTables listed %v; want the table once, finished", got.GetTables())
	}
}
