package service

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

// TestRecordWithheldWhileDealSetInPlay: the record of a tournament's ended game is withheld from
// GetRecord and GetReplay while another game of its deal set, dealt the same cards, is in play
// (an outside trial read the hands and the stock of a game in play from its duplicate's record,
// with the key of the bot playing it); the runner still reads it. The records of a deal set whose
// games have all ended are revealed while the tournament runs, and every record once it has ended.
func TestRecordWithheldWhileDealSetInPlay(t *testing.T) {
	r := startReferee(t, nil, quiet)
	var games atomic.Int32
	r.serveBotFunc(t, "dup", 1, func() botsdk.Bot {
		if games.Add(1) <= 3 {
			return botsdk.NewRandom(1) // games 0, 1 (deal set 0) and 2 (deal set 1) end
		}
		return botsdk.BotFunc(func(ctx context.Context, _ *pb.DecisionRequest) (uint32, error) { // game 3 stays in play
			<-ctx.Done()
			return 0, ctx.Err()
		})
	})
	ctx := context.Background()
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 2, Duplicate: true, Concurrency: 1,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "dup", Kind: tournament.KindLobby, Bot: "dup"}, {ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	g0, g2, g3 := TourneyTableID(tn.ID, 0), TourneyTableID(tn.ID, 2), TourneyTableID(tn.ID, 3)
	for deadline := time.Now().Add(waitFor); ; time.Sleep(5 * time.Millisecond) {
		got, err := r.srv.Referee.GetTournament(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		if info, err := r.srv.Referee.GetTable(ctx, g3); len(got.Results) == 3 && err == nil && info.GetState() == pb.TableState_TABLE_STATE_PLAYING {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("games 0 to 2 never ended with game 3 in play: %d results", len(got.Results))
		}
	}
	if _, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: g0}); err != nil {
		t.Fatalf("GetRecord %s, whose deal set has ended, while the tournament runs: %v", g0, err)
	}
	if _, err := r.srv.Referee.GetRecord(ctx, g2); err != nil {
		t.Fatalf("the referee's own read of game 2's record: %v", err)
	}
	want := "table " + g2 + " plays deal set 1 of tournament " + tn.ID + ", which is still in play (table " + g3 + "): " +
		"its games share their cards, so their records are revealed when every one of them has ended (docs/TOURNAMENTS.md)"
	_, err = r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: g2})
	if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want {
		t.Fatalf("GetRecord %s: %v; want FailedPrecondition %q", g2, err, want)
	}
	_, err = r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: g2})
	if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want {
		t.Fatalf("GetReplay %s: %v; want FailedPrecondition %q", g2, err, want)
	}
	// Nor does a watch of the ended game, from its first event, give them (a competitor's bot key
	// watched it whole: an outside trial); the game whose deal set has ended is watched.
	for id, want := range map[string]string{g2: want, g0: ""} {
		w, err := r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		events := 0
		for {
			var m *pb.WatchTableResponse
			if m, err = w.Recv(); err != nil {
				break
			}
			if m.GetEvent() != nil {
				events++
			}
		}
		switch {
		case want != "" && (status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want || events != 0):
			t.Errorf("WatchTable %s: %d events, then %v; want none and FailedPrecondition %q", id, events, err, want)
		case want == "" && (err != io.EOF || events == 0):
			t.Errorf("WatchTable %s: %d events, then %v; want the game's events and its end", id, events, err)
		}
	}
	// Game 3, in play, is the last of its deal set: its play tells nothing of a game to play, and
	// any key watches it (a bot key was barred from every tournament game in play).
	for _, role := range []Role{RoleBot, RoleWatcher, RoleOrganiser} {
		if err := watchFirst(ctx, r, g3, Principal{ID: "k-1", Role: role}); err != nil {
			t.Errorf("a %s key's watch of %s: %v; want its first event", role, g3, err)
		}
	}
	if _, err := r.srv.Referee.CancelTournament(ctx, tn.ID, ""); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{g2, g3} { // ended and cancelled: both revealed
		if _, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id}); err != nil {
			t.Errorf("GetRecord %s after the tournament ended: %v", id, err)
		}
	}
}

// watchFirst watches table id as p until its first event, and returns nil then, or
// Referee.WatchTable's error.
func watchFirst(ctx context.Context, r *referee, id string, p Principal) error {
	wctx, cancel := context.WithTimeout(withPrincipal(ctx, p), time.Second)
	defer cancel()
	first := errors.New("the first event")
	err := r.srv.Referee.WatchTable(wctx, id, 0, 0, func(*SpectatorEvent) error { return first })
	if errors.Is(err, first) {
		return nil
	}
	return err
}

// stalledTournament starts a match of one deal set, duplicate, created by host, whose game 0 stays
// in play (its lobby bot never answers) while game 1, on the same cards, waits; it returns the
// tournament's id and the two games' tables once game 0 is in play; the tournament is cancelled
// when the test ends.
func stalledTournament(t *testing.T, r *referee, host Principal) (tn, g0, g1 string) {
	t.Helper()
	r.serveBotFunc(t, "slow", 1, func() botsdk.Bot {
		return botsdk.BotFunc(func(ctx context.Context, _ *pb.DecisionRequest) (uint32, error) {
			<-ctx.Done()
			return 0, ctx.Err()
		})
	})
	ctx := context.Background()
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "slow", Kind: tournament.KindLobby, Bot: "slow"}, {ID: "random", Bot: "random"}}}
	created, err := r.srv.Referee.CreateTournament(withPrincipal(ctx, host), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = r.srv.Referee.CancelTournament(ctx, created.ID, "") })
	g0, g1 = TourneyTableID(created.ID, 0), TourneyTableID(created.ID, 1)
	for deadline := time.Now().Add(waitFor); ; time.Sleep(5 * time.Millisecond) {
		if info, err := r.srv.Referee.GetTable(ctx, g0); err == nil && info.GetState() == pb.TableState_TABLE_STATE_PLAYING {
			return created.ID, g0, g1
		}
		if time.Now().After(deadline) {
			t.Fatal("game 0 never came into play")
		}
	}
}

// TestTournamentGameCancelledByAdminOnly: a tournament's game is cancelled by an admin only, and
// its creator is told why (a game cancelled counts nowhere: a creator that could cancel one could
// drop the games its favourite was losing) and that it may cancel the tournament; it was told
// "only its creator or an admin", as the creator of the tournament (an integrator's trial).
func TestTournamentGameCancelledByAdminOnly(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx := context.Background()
	host := Principal{ID: "k-host", Role: RoleOrganiser}
	tn, g0, _ := stalledTournament(t, r, host)
	_, err := r.srv.Referee.CancelTable(withPrincipal(ctx, host), g0, "")
	want := "table " + g0 + " is a game of tournament " + tn + ": only an admin may cancel one of its games, which then counts nowhere " +
		"(docs/TOURNAMENTS.md); the tournament's creator may cancel the tournament (key k-host has role organiser)"
	if !errors.Is(err, ErrPermission) || err.Error() != want {
		t.Errorf("the tournament creator's CancelTable %s: %v; want ErrPermission %q", g0, err, want)
	}
	info, err := r.srv.Referee.CancelTable(withPrincipal(ctx, Principal{ID: "admin", Role: RoleAdmin}), g0, "stuck")
	if err != nil || info.GetResult().GetOutcome() != pb.Outcome_OUTCOME_CANCELLED {
		t.Fatalf("an admin's CancelTable %s: %v, %v; want it cancelled", g0, info, err)
	}
	// Its record, of a game cancelled in play, verifies (wire's Verify refuses a game cancelled
	// after its end).
	rec, err := r.srv.Referee.GetRecord(ctx, g0)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := wire.ReplayRecord(rec)
	if err == nil {
		err = rp.Verify(rec)
	}
	if err != nil {
		t.Errorf("the record of %s, cancelled in play: %v", g0, err)
	}
}

// TestWatchBarredWhileDealSetInPlay: a tournament's game in play whose deal set has another game
// to play, on the same cards, is watched by an admin and the tournament's creator only: a public
// page's watcher key, which any competitor can read, watched it live (an integrator's trial), and
// only a bot key was barred; the others see it in GetTable and ListTables without its scores.
func TestWatchBarredWhileDealSetInPlay(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx := context.Background()
	host := Principal{ID: "k-host", Role: RoleOrganiser}
	tn, g0, g1 := stalledTournament(t, r, host)
	want := "table " + g0 + " plays deal set 0 of tournament " + tn + ", which is still in play (table " + g1 + "): the games of a " +
		"deal set are dealt the same cards, so before its last game only an admin or the tournament's creator may watch one " +
		"(docs/TOURNAMENTS.md, \"Shared cards\"); read its record once its deal set has ended"
	for _, c := range []struct {
		p      Principal
		barred bool
	}{
		{Principal{ID: "k-bot", Role: RoleBot}, true},
		{Principal{ID: "k-site", Role: RoleWatcher}, true},
		{Principal{ID: "k-other", Role: RoleOrganiser}, true},
		{host, false},
		{Principal{ID: "admin", Role: RoleAdmin}, false},
	} {
		err := watchFirst(ctx, r, g0, c.p)
		if c.barred && (!errors.Is(err, ErrPermission) || err.Error() != want) || !c.barred && err != nil {
			t.Errorf("the watch of %s by %s (%s): %v; barred %t, want %q", g0, c.p.ID, c.p.Role, err, c.barred, want)
		}
		// Nor does its score move for them in GetTable and ListTables (it showed the melds live).
		wantScores := 2
		if c.barred {
			wantScores = 0
		}
		pctx := withPrincipal(ctx, c.p)
		got, err := r.srv.GetTable(pctx, &pb.GetTableRequest{TableId: g0})
		if err != nil || len(got.GetTable().GetScores()) != wantScores || (got.GetTable().GetLastSeq() == 0) != c.barred {
			t.Errorf("GetTable %s by %s: %v, scores %v, last seq %d; want %d scores, and a last seq but to the barred", g0, c.p.ID, err,
				got.GetTable().GetScores(), got.GetTable().GetLastSeq(), wantScores)
		}
		list, err := r.srv.ListTables(pctx, &pb.ListTablesRequest{TableIds: []string{g0}})
		if err != nil || len(list.GetTables()) != 1 || len(list.GetTables()[0].GetScores()) != wantScores {
			t.Errorf("ListTables %s by %s: %v, %v; want %d scores", g0, c.p.ID, err, list.GetTables(), wantScores)
		}
	}
}

// TestWithheldTeamMessages: a spectator watching a tournament game to its end gets no team
// messages while its record is withheld (RecordWithheld: the other game of its deal set, on the
// same cards, has no result yet), though the record holds them: they can tell of a hand still in
// play. They were sent all the same (an outside trial, from the code).
func TestWithheldTeamMessages(t *testing.T) {
	r := startReferee(t, nil, quiet)
	r.serveBot(t, "captain", 1)
	r.serveBot(t, "second", 1)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Duplicate: true, Concurrency: 1,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "team", Kind: tournament.KindLobbyTeam, Members: []string{"captain", "second"}}, {ID: "random", Bot: "random"}}}
	tn, err := r.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _, _ = r.srv.Referee.CancelTournament(context.Background(), tn.ID, "") }()
	g0 := TourneyTableID(tn.ID, 0)
	var watch pb.TableService_WatchTableClient
	for {
		if _, err = r.srv.Referee.GetTable(ctx, g0); err == nil {
			if watch, err = r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: g0}); err != nil {
				t.Fatal(err)
			}
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("game 0's table never appeared: %v", err)
		}
		time.Sleep(time.Millisecond)
	}
	tms := 0
	for {
		m, err := watch.Recv()
		if err != nil {
			break
		}
		if m.GetTeamMessage() != nil {
			tms++
		}
	}
	rec, err := r.srv.Referee.GetRecord(ctx, g0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.GetTeamMessages()) == 0 || tms != 0 {
		t.Errorf("the spectator got %d team messages of the %d of the record; want none while game 1, on the same cards, has no result", tms, len(rec.GetTeamMessages()))
	}
}
