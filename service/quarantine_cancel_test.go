package service

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestCancelQuarantinedTable: a quarantined table could not be ended (CancelTable answered
// FAILED_PRECONDITION "table ID is quarantined") and, waiting for ever, held back the compaction
// of every action stored after its first. In a real SQLite file, one table gets an action that
// does not decode (its spec, naming its creator, reads), one a spec that does not, and one a
// created_at that is text; after a restart the three are quarantined. CancelTable now ends each without replaying it, by its creator
// or an admin only (an unreadable spec names no creator: an admin only): the store keeps it
// cancelled with the reason, its action head gone, and the next start quarantines nothing.
func TestCancelQuarantinedTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	r1 := startAuthReferee(t, st)
	_, alice := r1.newKey(t, "alice", pb.Role_ROLE_ORGANISER)
	bobID, bob := r1.newKey(t, "bob", pb.Role_ROLE_ORGANISER)
	var ids []string
	tokens := map[string]string{}
	for range 3 {
		resp, err := r1.tables.CreateTable(as(alice), twoRemote(false))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, resp.GetTableId())
		tokens[resp.GetTableId()] = tokenOf(resp, 0)
	}
	badAction, badSpec, badRow := ids[0], ids[1], ids[2]
	r1.grpc.Stop()
	r1.srv.Close()
	ctx := context.Background()
	if err := st.AppendActions(ctx, badAction, []store.Action{{Seq: 1, Seat: 0, Payload: []byte{0xff, 0xff, 0xff}}}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := rawSQL(t, path).Exec("UPDATE tables SET spec = ? WHERE id = ?", []byte("{not json"), badSpec); err != nil {
		t.Fatal(err)
	}
	if _, err := rawSQL(t, path).Exec("UPDATE tables SET created_at = 'yesterday' WHERE id = ?", badRow); err != nil {
		t.Fatal(err)
	}

	st2 := openSQLite(t, path)
	r2 := startAuthReferee(t, st2)
	seats := &referee{seats: pb.NewSeatServiceClient(r2.cc)}
	if n := gaugeValue(t, &referee{reg: r2.reg}, "bezique_tables_quarantined"); n != 3 {
		t.Fatalf("bezique_tables_quarantined = %v after the restart, want 3", n)
	}
	_, err := r2.tables.CancelTable(as(bob), &pb.CancelTableRequest{TableId: badAction})
	wantCode(t, "CancelTable of a quarantined table by another organiser", err, codes.PermissionDenied,
		"table "+badAction+" (quarantined): only its creator or an admin may cancel it (key "+bobID+" has role organiser)")
	_, err = r2.tables.CancelTable(as(alice), &pb.CancelTableRequest{TableId: badSpec})
	wantCode(t, "CancelTable of a quarantined table without a readable spec by its creator", err, codes.PermissionDenied,
		"table "+badSpec+" (quarantined): its stored spec cannot be read, so it names no creator: only an admin may cancel it")
	// A row whose created_at does not read has no create time: it was shown created in year 1.
	if ti := getTable(t, r2, badRow); ti.GetState() != pb.TableState_TABLE_STATE_QUARANTINED || ti.GetCreateTime() != nil {
		t.Errorf("GetTable(%s) = %v; want it quarantined, without a create time (unknown)", badRow, ti)
	}

	// A row with a column that does not read (SQLite keeps a value of any type) is cancelled
	// too, and shown cancelled as the others: its state, end and reason read. It was listed
	// quarantined, "unreadable stored row", for good.
	cancelled := map[string]string{badAction: "its log does not replay", badSpec: "cancelled by request", badRow: "row unreadable"}
	wantCancelled := func(what, id string, ti *pb.TableInfo) {
		t.Helper()
		if ti.GetTableId() != id || ti.GetState() != pb.TableState_TABLE_STATE_CANCELLED || ti.GetResult().GetOutcome() != pb.Outcome_OUTCOME_CANCELLED ||
			ti.GetResult().GetReason() != cancelled[id] || ti.GetResult().WinnerSide != nil || ti.GetFinishTime() == nil || (id == badRow) != (ti.GetCreateTime() == nil) {
			t.Errorf("%s(%s) = %v; want it CANCELLED, no winner, reason %q (no create time for the unreadable row: unknown)", what, id, ti, cancelled[id])
		}
	}
	for id, key := range map[string]string{badAction: alice, badSpec: testAdminKey, badRow: testAdminKey} {
		reason := cancelled[id]
		if reason == "cancelled by request" {
			reason = ""
		}
		resp, err := r2.tables.CancelTable(as(key), &pb.CancelTableRequest{TableId: id, Reason: reason})
		if err != nil {
			t.Fatalf("CancelTable(%s): %v", id, err)
		}
		wantCancelled("CancelTable", id, resp.GetTable())
		wantCancelled("GetTable", id, getTable(t, r2, id))
		_, err = r2.tables.CancelTable(as(testAdminKey), &pb.CancelTableRequest{TableId: id})
		wantCode(t, "CancelTable again", err, codes.FailedPrecondition, "table "+id+" is cancelled")
		// A seat that joins it is told it ended; it was told NotFound "store: get record".
		err = seats.dial(t, &pb.Join{TableId: id, Seat: 0, Token: tokens[id], ProtocolVersion: ProtocolVersion}).wantStatus(codes.FailedPrecondition)
		wantCode(t, "Join", err, codes.FailedPrecondition, "table "+id+" is cancelled ("+cancelled[id]+") without a record")
		// GetRecord said "has no record yet", as for a table in play.
		_, err = r2.tables.GetRecord(as(testAdminKey), &pb.GetRecordRequest{TableId: id})
		wantCode(t, "GetRecord", err, codes.FailedPrecondition, "table "+id+" is cancelled ("+cancelled[id]+") without a record")
		if _, err := r2.srv.Await(ctx, id); !errors.Is(err, ErrEnded) {
			t.Errorf("Await(%s): %v; want ErrEnded", id, err)
		}
	}
	wantListed := func(r *authReferee) {
		t.Helper()
		for _, state := range []pb.TableState{pb.TableState_TABLE_STATE_UNSPECIFIED, pb.TableState_TABLE_STATE_CANCELLED} {
			resp, err := r.tables.ListTables(as(testAdminKey), &pb.ListTablesRequest{State: state})
			if err != nil {
				t.Fatalf("ListTables(%v): %v", state, err)
			}
			n := 0
			for _, ti := range resp.GetTables() {
				if _, ok := cancelled[ti.GetTableId()]; ok {
					n++
					wantCancelled(fmt.Sprintf("ListTables(%v)", state), ti.GetTableId(), ti)
				}
			}
			if n != len(cancelled) {
				t.Errorf("ListTables(%v) lists %d of the %d cancelled tables: %v", state, n, len(cancelled), resp.GetTables())
			}
		}
		if resp, err := r.tables.ListTables(as(testAdminKey), &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_QUARANTINED}); err != nil || len(resp.GetTables()) != 0 {
			t.Errorf("ListTables(QUARANTINED) = %v, %v; want none", resp.GetTables(), err)
		}
	}
	wantListed(r2)
	if n := gaugeValue(t, &referee{reg: r2.reg}, "bezique_tables_quarantined"); n != 0 {
		t.Errorf("bezique_tables_quarantined = %v, want 0", n)
	}
	for _, id := range ids {
		var state, result, reason string
		var heads int
		if err := rawSQL(t, path).QueryRow("SELECT state, result, end_reason, (SELECT count(*) FROM action_heads WHERE table_id = id) FROM tables WHERE id = ?", id).
			Scan(&state, &result, &reason, &heads); err != nil || state != "cancelled" || result != ResultCancelled || reason != cancelled[id] || heads != 0 {
			t.Errorf("stored row of %s: %s, %s, %q, %d action heads, %v; want cancelled with the reason %q and no head (the compaction passes it)",
				id, state, result, reason, heads, err, cancelled[id])
		}
	}
	r2.grpc.Stop()
	r2.srv.Close()
	if err := st2.Close(); err != nil {
		t.Fatal(err)
	}
	r3 := startAuthReferee(t, openSQLite(t, path))
	if n := gaugeValue(t, &referee{reg: r3.reg}, "bezique_tables_quarantined"); n != 0 {
		t.Errorf("bezique_tables_quarantined = %v after another restart, want 0", n)
	}
	wantListed(r3)
	wantCancelled("GetTable after another restart", badRow, getTable(t, r3, badRow))
}

// getTable is GetTable by the admin, which must succeed.
func getTable(t *testing.T, r *authReferee, id string) *pb.TableInfo {
	t.Helper()
	resp, err := r.tables.GetTable(as(testAdminKey), &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatalf("GetTable(%s): %v", id, err)
	}
	return resp.GetTable()
}

// TestTournamentGameOnACancelledQuarantinedTable: a tournament whose game's table is quarantined
// waits for that game; once the table is cancelled (CancelTable), the game counts as cancelled
// and the tournament finishes. Its runner failed on the game at every start ("ended without a
// record"), and the tournament stayed running for good. In a real SQLite file: a one-game
// tournament played, then its table made to play again with a spec that does not read, its
// result and record gone, the tournament running.
func TestTournamentGameOnACancelledQuarantinedTable(t *testing.T) {
	ctx := context.Background()
	path := "sqlite:" + filepath.Join(t.TempDir(), "bezique.db")
	open := func() (*Referee, store.Store) {
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		r := newCore(t, Config{Store: st})
		return r, st
	}
	r, st := open()
	tn, err := r.CreateTournament(ctx, tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := awaitTournament(t, r, tn.ID); len(got.Results) != 1 {
		t.Fatalf("the tournament: %d results, want 1", len(got.Results))
	}
	r.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	tid := TourneyTableID(tn.ID, 0)
	db := rawSQL(t, strings.TrimPrefix(path, "sqlite:"))
	for _, q := range []string{
		"UPDATE tables SET state = 'playing', finished_at = NULL, winner_side = NULL, result = NULL, scores = NULL, spec = '{not json' WHERE id = ?1",
		"DELETE FROM game_bots WHERE table_id = ?1",
		"DELETE FROM records WHERE table_id = ?1",
		"DELETE FROM tournament_games WHERE table_id = ?1",
		"UPDATE tournaments SET state = 'running', finished_at = NULL WHERE id = ?2",
	} {
		if _, err := db.Exec(q, tid, tn.ID); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	r, st = open()
	if _, ok := r.quarantineReason(tid); !ok {
		t.Fatalf("table %s is not quarantined after the restart", tid)
	}
	if _, err := r.CancelTable(ctx, tid, "its spec is lost"); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	r, _ = open()
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := r.WatchTournament(wctx, tn.ID, func(TournamentUpdate) error { return nil }); err != nil {
		t.Fatalf("the tournament after its game's table was cancelled: %v; want it to finish", err)
	}
	got, err := r.GetTournament(ctx, tn.ID)
	if err != nil || got.State != store.TournamentFinished || len(got.Results) != 1 ||
		got.Results[0].TableID != tid || got.Results[0].Outcome != tournament.OutcomeCancelled || got.Standings.Played != 0 {
		t.Fatalf("the tournament: %+v, %v; want it finished, its one game cancelled and not counted", got, err)
	}
}

// quarantinedTournamentGame makes, in a real SQLite file, a running tournament whose game 1's
// table is quarantined here and given up by the runner: games 0 and 1 wait on a lobby bot that
// never decides; after a restart with game 1's stored spec unreadable, game 1 is quarantined and
// the runner starts game 2 instead. It returns the referee and the tournament's id.
func quarantinedTournamentGame(t *testing.T) (*Referee, string) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := openSQLite(t, path)
	a := startReferee(t, st, nil)
	a.serveStalledBot(t, "staller", 2)
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 5, Duplicate: true, Concurrency: 2,
		Entrants: []tournament.Entrant{{ID: "staller", Kind: tournament.KindLobby, Bot: "staller"}, {ID: "random", Bot: "random"}}}
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	gamesInPlay := func(r *Referee, ids ...string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if bots := r.ListBots(); len(bots) == 1 && bots[0].GetGamesInPlay() == uint32(len(ids)) {
				found := 0
				for _, id := range ids {
					if ti, err := r.GetTable(ctx, id); err == nil && ti.GetState() == pb.TableState_TABLE_STATE_PLAYING {
						found++
					}
				}
				if found == len(ids) {
					return
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the lobby bot never had games %v in play", ids)
			}
		}
	}
	g0, g1, g2 := TourneyTableID(tn.ID, 0), TourneyTableID(tn.ID, 1), TourneyTableID(tn.ID, 2)
	gamesInPlay(a.srv.Referee, g0, g1)
	a.grpc.Stop()
	a.srv.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := rawSQL(t, path).Exec("UPDATE tables SET spec = '{not json' WHERE id = ?", g1); err != nil {
		t.Fatal(err)
	}

	b := startReferee(t, openSQLite(t, path), nil)
	b.serveStalledBot(t, "staller", 2)
	if _, ok := b.srv.Referee.quarantineReason(g1); !ok {
		t.Fatalf("table %s is not quarantined after the restart", g1)
	}
	gamesInPlay(b.srv.Referee, g0, g2) // game 2 starts once the runner gave game 1 up
	return b.srv.Referee, tn.ID
}

// wantTournamentCancelled checks a tournament cancelled with no result, and each of its games'
// tables cancelled with the reason given.
func wantTournamentCancelled(t *testing.T, ref *Referee, got *Tournament, reasons map[string]string) {
	t.Helper()
	ctx := context.Background()
	if got.State != store.TournamentCancelled || len(got.Results) != 0 || got.Standings.Played != 0 {
		t.Fatalf("after cancel: state %s, %d results, %d played; want cancelled, none", got.State, len(got.Results), got.Standings.Played)
	}
	for id, reason := range reasons {
		ti, err := ref.GetTable(ctx, id)
		if err != nil || ti.GetState() != pb.TableState_TABLE_STATE_CANCELLED || ti.GetResult().GetReason() != reason {
			t.Errorf("GetTable(%s) = %v, %v; want it cancelled, reason %q", id, ti, err, reason)
		}
	}
}

// TestCancelTournamentWithAGameEndedWithoutRecord: CancelTournament passes over a game whose
// table ended without a record (quarantined, then cancelled with CancelTable) that the runner
// gave up, and cancels the games in play: the tournament is cancelled with no result, games 0
// and 2 cancelled with its reason, and game 1 keeps the reason of its own cancel.
func TestCancelTournamentWithAGameEndedWithoutRecord(t *testing.T) {
	ctx := context.Background()
	ref, id := quarantinedTournamentGame(t)
	g1 := TourneyTableID(id, 1)
	if _, err := ref.CancelTable(ctx, g1, "its spec is lost"); err != nil {
		t.Fatal(err)
	}
	got, err := ref.CancelTournament(ctx, id, "the organiser stopped it")
	if err != nil {
		t.Fatalf("CancelTournament with a game ended without a record: %v", err)
	}
	wantTournamentCancelled(t, ref, got, map[string]string{TourneyTableID(id, 0): "the organiser stopped it", g1: "its spec is lost",
		TourneyTableID(id, 2): "the organiser stopped it"})
	if _, err := ref.GetRecord(ctx, g1); !errors.Is(err, ErrEnded) {
		t.Errorf("GetRecord(%s): %v; want ErrEnded (no record)", g1, err)
	}
}

// TestCancelTournamentEndsItsQuarantinedGame: CancelTournament left a game's table that is
// quarantined (the runner gave the game up) waiting or playing in the store for good, holding
// back the compaction of the action log, after the tournament was cancelled; it ends it as
// CancelTable does, with the tournament's reason and no record.
func TestCancelTournamentEndsItsQuarantinedGame(t *testing.T) {
	ctx := context.Background()
	ref, id := quarantinedTournamentGame(t)
	got, err := ref.CancelTournament(ctx, id, "the organiser stopped it")
	if err != nil {
		t.Fatal(err)
	}
	g1 := TourneyTableID(id, 1)
	wantTournamentCancelled(t, ref, got, map[string]string{TourneyTableID(id, 0): "the organiser stopped it", g1: "the organiser stopped it",
		TourneyTableID(id, 2): "the organiser stopped it"})
	if _, ok := ref.quarantineReason(g1); ok {
		t.Errorf("table %s is still quarantined", g1)
	}
	if _, err := ref.GetRecord(ctx, g1); !errors.Is(err, ErrEnded) {
		t.Errorf("GetRecord(%s): %v; want ErrEnded (no record)", g1, err)
	}
}
