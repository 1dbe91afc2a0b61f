package service

import (
	"context"
	"database/sql"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestStoreOutageLogsTwoLines: while a real SQLite file refuses every append (a trigger aborts
// them), the referee logs that the store's writes fail once, and the table's failed appends,
// made again every storeRetry, at their level only for the first, then at debug; when the store takes writes
// again it says so once, with how many failed. An outside trial counted 42 to 59 warnings per
// referee in a PostgreSQL outage of 20 s, one per table and per second, and no line at its end.
func TestStoreOutageLogsTwoLines(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	raw, err := sql.Open("sqlite", "file:"+path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec("CREATE TRIGGER fail_appends BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"); err != nil {
		t.Fatal(err)
	}
	logs := &logRecords{}
	r := newCore(t, Config{Store: st, Logger: slog.New(logs), Metrics: NewMetrics(prometheus.NewRegistry())})
	resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	failedAppend := slog.Record{Level: slog.LevelDebug, Message: "storing an action failed; the table will try again"}
	for deadline := time.Now().Add(time.Minute); logs.count(failedAppend) < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d failed appends made again in a minute; want 2", logs.count(failedAppend))
		}
	}
	if _, err := raw.Exec("DROP TRIGGER fail_appends"); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if res, err := r.Await(wctx, resp.GetTableId()); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("after the store recovered: %v %v; want the game COMPLETED", res, err)
	}
	for _, c := range []struct {
		level slog.Level
		msg   string
		want  int
	}{
		{slog.LevelWarn, "store writes failing; tables wait and try again, /readyz answers 503 until one succeeds", 1},
		{slog.LevelError, "storing an action failed; the table will try again", 1}, // not the store out of reach: retriedStoreLevel
		{slog.LevelInfo, "store writes succeed again", 1},
	} {
		if n := logs.count(slog.Record{Level: c.level, Message: c.msg}); n != c.want {
			t.Errorf("%s %q: %d lines, want %d", c.level, c.msg, n, c.want)
		}
	}
}
