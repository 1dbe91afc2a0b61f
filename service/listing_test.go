package service

import (
	"context"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// playBuiltinGames plays n two-handed games of the built-in random bot against itself on r (to
// 1 000 points, seeds 1 to n) and returns their table ids once every game has ended.
func playBuiltinGames(tb testing.TB, r *referee, n int) []string {
	tb.Helper()
	ctx := context.Background()
	var ids []string
	for i := range n {
		resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(byte(i + 1)),
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}})
		if err != nil {
			tb.Fatal(err)
		}
		// The table plays itself; a spectator stream from beyond the history ends with the game.
		w, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId(), FromSeq: 1 << 62})
		if err != nil {
			tb.Fatal(err)
		}
		for {
			if _, err := w.Recv(); err != nil {
				break
			}
		}
		ids = append(ids, resp.GetTableId())
	}
	return ids
}

// BenchmarkListFinishedTables lists a page of 50 finished two-handed games stored in SQLite and no
// longer in the referee's memory, as bezique tables does: one op is one ListTables.
func BenchmarkListFinishedTables(b *testing.B) {
	st := openSQLite(b, filepath.Join(b.TempDir(), "list.db"))
	r := startReferee(b, st, func(c *Config) { quiet(c); c.KeepFinished = 1 })
	const games = 50
	playBuiltinGames(b, r, games)
	req := &pb.ListTablesRequest{PageSize: games}
	for b.Loop() {
		resp, err := r.tables.ListTables(context.Background(), req)
		if err != nil {
			b.Fatal(err)
		}
		if n := len(resp.GetTables()); n != games {
			b.Fatalf("listed %d tables, want %d", n, games)
		}
	}
}

// TestListingKeepsFinishedResults checks that a listing gives a finished table that has left
// memory the result of its stored record, read once: with the record deleted behind the store's
// back, the next listing gives the same result, deals and reason included; and that a caller
// changing the result it got does not change the next caller's.
func TestListingKeepsFinishedResults(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	r := startReferee(t, openSQLite(t, path), func(c *Config) { quiet(c); c.KeepFinished = 1 })
	ids := playBuiltinGames(t, r, 2)
	rec, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: ids[0]})
	if err != nil {
		t.Fatal(err)
	}
	want := rec.GetRecord().GetResult()
	if want.GetDeals() == 0 || want.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the record's result %v: want a completed game of some deals", want)
	}
	list := func() *pb.GameResult {
		t.Helper()
		resp, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{TableIds: ids[:1]})
		if err != nil || len(resp.GetTables()) != 1 {
			t.Fatalf("ListTables: %v, %d tables", err, len(resp.GetTables()))
		}
		return resp.GetTables()[0].GetResult()
	}
	if got := list(); !proto.Equal(got, want) {
		t.Fatalf("listed result %v, want the record's %v", got, want)
	}
	if _, err := rawSQL(t, path).Exec("DELETE FROM records WHERE table_id = ?", ids[0]); err != nil {
		t.Fatal(err)
	}
	if got := list(); !proto.Equal(got, want) {
		t.Fatalf("listed result with the record gone %v, want the result read before %v", got, want)
	}
	info, err := r.srv.Referee.GetTable(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	info.GetResult().Deals, info.GetResult().Reason = 999, "changed by a caller"
	if got := list(); !proto.Equal(got, want) {
		t.Fatalf("listed result after a caller changed its copy %v, want %v", got, want)
	}
}

// TestStoredInfoAsInMemory: a finished table that has left memory is described as it was in
// memory: its last_seq and its scores with the last deal's points (they were 0, an outside
// trial: a referee's answer depended on whether it still held the table).
func TestStoredInfoAsInMemory(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, openSQLite(t, filepath.Join(t.TempDir(), "bezique.db")), func(c *Config) { quiet(c); c.KeepFinished = 1 })
	id := playBuiltinGames(t, r, 1)[0]
	live, err := r.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if live.GetLastSeq() == 0 || live.GetScores()[0].GetDealPoints()+live.GetScores()[1].GetDealPoints() == 0 {
		t.Fatalf("in memory: last_seq %d, scores %v; want a last seq and deal points", live.GetLastSeq(), live.GetScores())
	}
	playBuiltinGames(t, r, 1) // the first leaves memory (KeepFinished 1)
	stored, err := r.srv.Referee.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if stored.GetLastSeq() != live.GetLastSeq() || !proto.Equal(&pb.TableInfo{Scores: stored.GetScores()}, &pb.TableInfo{Scores: live.GetScores()}) {
		t.Fatalf("from the store: last_seq %d, scores %v; in memory %d, %v", stored.GetLastSeq(), stored.GetScores(), live.GetLastSeq(), live.GetScores())
	}
}
