package service

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestListingEndingsUnderChurn attacks the kept endings (endings.go): on a real SQLite file, with
// finished games out of memory (KeepFinished 1), eight listings run at once, 25 times each, while
// tables are created and cancelled among them; then the referee restarts on the file (its kept
// endings gone) and it is done again. Every listing gives each finished game exactly its own
// record's result and the bot names its seats joined with, never another table's nor a stale one.
func TestListingEndingsUnderChurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r := startReferee(t, st, func(c *Config) { quiet(c); c.KeepFinished = 1 })
	ids := playBuiltinGames(t, r, 4)
	ctx := context.Background()
	want := map[string]*pb.GameRecord{}
	for _, id := range ids {
		rec, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		want[id] = rec.GetRecord()
	}
	churn := func(r *referee) {
		t.Helper()
		stop := make(chan struct{})
		var cancels sync.WaitGroup
		cancels.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := r.tables.CreateTable(ctx, twoRemote(true))
				if err != nil {
					t.Errorf("CreateTable: %v", err)
					return
				}
				if _, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: resp.GetTableId(), Reason: "churn"}); err != nil {
					t.Errorf("CancelTable: %v", err)
					return
				}
			}
		})
		var lists sync.WaitGroup
		for range 8 {
			lists.Go(func() {
				for range 25 {
					resp, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{TableIds: ids})
					if err != nil || len(resp.GetTables()) != len(ids) {
						t.Errorf("ListTables: %v, %d tables", err, len(resp.GetTables()))
						return
					}
					for _, ti := range resp.GetTables() {
						rec := want[ti.GetTableId()]
						if !proto.Equal(ti.GetResult(), rec.GetResult()) {
							t.Errorf("table %s listed with result %v, want its record's %v", ti.GetTableId(), ti.GetResult(), rec.GetResult())
							return
						}
						for i, s := range ti.GetSeats() {
							if s.GetBotName() != rec.GetSeats()[i].GetBotName() {
								t.Errorf("table %s seat %d listed as %q, want %q", ti.GetTableId(), i, s.GetBotName(), rec.GetSeats()[i].GetBotName())
							}
						}
					}
				}
			})
		}
		lists.Wait()
		close(stop)
		cancels.Wait()
	}
	churn(r)
	r.cc.Close()
	r.grpc.Stop()
	r.srv.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	churn(startReferee(t, openSQLite(t, path), func(c *Config) { quiet(c); c.KeepFinished = 1 }))
}
