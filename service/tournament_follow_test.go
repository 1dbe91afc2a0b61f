package service

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// followSpec is the tournament of the tests below: lobby bot "lb" against the built-in random
// bot, three deals played twice (six games), two at a time, short games, and an absence grace of
// 15 s: a lobby bot that the tournament's referee does not see for that long forfeits.
func followSpec() tournament.Spec {
	return tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Duplicate: true, Concurrency: 2,
		AbsenceGraceMs: 15_000, Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "lb", Kind: tournament.KindLobby, Bot: "lb"}, {ID: "random", Bot: "random"}}}
}

// serveTournamentBot serves lobby bot name (random play) through the referee at p, naming the
// tournament it serves (botsdk.ServeConfig.Tournament), until the tournament or the test ends;
// it returns the results of the games it finished, as they end.
func serveTournamentBot(t *testing.T, p *peerReferee, name, tournamentID string) <-chan *pb.GameResult {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	results := make(chan *pb.GameResult, 64)
	var n atomic.Uint64
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: p.addr, BotName: name, BotVersion: "1", DialOptions: p.dialOpt,
		MaxBackoff: 200 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		Capacity: 2, Tournament: tournamentID,
		OnGameOver: func(_ *pb.GameAssigned, res *pb.GameResult, err error) {
			if err == nil {
				results <- res
			}
		}}
	go func() { done <- botsdk.Serve(ctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(n.Add(1)) }) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return results
}

// lobbyNames returns the names of the bots present in r's lobby.
func lobbyNames(r *Referee) []string {
	var out []string
	for _, b := range r.ListBots() {
		out = append(out, b.GetName())
	}
	return out
}

// expectPresent waits up to 10 s for r's lobby (referee which) to list the bot name, and
// reports an error if it does not; the test goes on, to count the games it forfeits.
func expectPresent(t *testing.T, r *Referee, which, name string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !slices.Contains(lobbyNames(r), name); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("bot %s is not in %s's lobby after 10 s", name, which)
			return
		}
	}
}

// awaitResults waits until tournament id, run by r, has at least n results.
func awaitResults(ctx context.Context, t *testing.T, r *Referee, id string, n int) {
	t.Helper()
	for {
		got, err := r.GetTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Results) >= n {
			return
		}
		if got.State != store.TournamentRunning || ctx.Err() != nil {
			t.Fatalf("the tournament is %s with %d results; want it running until it has %d", got.State, len(got.Results), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// checkAllCompleted checks that every game of the ended tournament tn was played to its end (no
// forfeit) and that the lobby bot finished each of them (results, from its OnGameOver).
func checkAllCompleted(t *testing.T, tn *Tournament, results <-chan *pb.GameResult) {
	t.Helper()
	scheduled := len(tn.Spec.Schedule())
	forfeits := 0
	for _, res := range tn.Results {
		if res.Outcome != tournament.OutcomeCompleted {
			forfeits++
			t.Errorf("game %d (table %s): %s, seat %d; want completed", res.Game, res.TableID, res.Outcome, res.ForfeitSeat)
		}
	}
	if len(tn.Results) != scheduled || forfeits != 0 {
		t.Fatalf("%d results, %d of them not completed; want %d, all completed", len(tn.Results), forfeits, scheduled)
	}
	for i := range scheduled {
		select {
		case res := <-results:
			if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Errorf("the lobby bot's game %d ended %v; want completed", i, res.GetOutcome())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the lobby bot finished %d games; want %d", i, scheduled)
		}
	}
}

// TestTournamentLobbyBotFollowsItsReferee: two referees on one PostgreSQL schema; a tournament
// runs on A, and its lobby bot serves through B, naming the tournament. B forwards its lobby
// stream to A (A's lobby lists the bot, B's does not), and A's games are played. Then A goes
// away (its port closes and it hands over): the forwarded stream ends Unavailable, the bot dials
// B again, which has taken the tournament over, and B's games are played too. Every game ends
// completed: none is forfeited for an absent lobby bot. Before, the bot waited in B's lobby
// while A waited for it in its own, and A forfeited its games after the absence grace.
func TestTournamentLobbyBotFollowsItsReferee(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tn, err := a.srv.Referee.CreateTournament(ctx, followSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	results := serveTournamentBot(t, b, "lb", tn.ID)
	expectPresent(t, a.srv.Referee, "A", "lb")
	if got := lobbyNames(b.srv.Referee); len(got) != 0 {
		t.Errorf("B's lobby lists %q; want none: the bot serves A's tournament, in A's lobby", got)
	}
	awaitResults(ctx, t, a.srv.Referee, tn.ID, 2)

	a.grpc.Stop() // A's port closes: the bot's stream forwarded by B ends
	if err := a.srv.Handover(ctx); err != nil {
		t.Fatalf("Handover: %v", err) // A stops, and releases its leases: B takes the tournament over within a second
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if tr, err := b.srv.tourneyByID(tn.ID); err == nil && !tr.runningElsewhere() {
			break // B runs it
		}
		if time.Now().After(deadline) {
			t.Fatal("B has not taken the tournament over 10 s after A's handover")
		}
	}
	expectPresent(t, b.srv.Referee, "B", "lb")
	got := awaitTournament(t, b.srv.Referee, tn.ID)
	checkAllCompleted(t, got, results)
	checkTournament(t, b.srv.Referee, got)
}

// TestTournamentLobbyBotFollowsALostLease: a tournament runs on referee A, its lobby bot serving
// on A itself, naming the tournament; A loses its leases (as when it was paused past them) and B
// takes the tournament and its tables over, while A lives on. A ends the bot's lobby stream
// Unavailable as it stops running the tournament; the bot dials A again, and A forwards its
// stream to B (B's lobby lists the bot, A's does not). Every game ends completed: before, the bot
// stayed in A's lobby, and B forfeited its games after the absence grace.
func TestTournamentLobbyBotFollowsALostLease(t *testing.T) {
	testLobbyBotFollowsALostLease(t, true)
}

// TestTournamentLobbyBotFollowsALostTournamentLease is TestTournamentLobbyBotFollowsALostLease
// with only the tournament's lease taken over: its games in play stay on A, and B, which resumes
// the tournament, announces them to the bot in its lobby from their stored seats (it looked for
// them among its own tables, found none, and retried the games for ever).
func TestTournamentLobbyBotFollowsALostTournamentLease(t *testing.T) {
	testLobbyBotFollowsALostLease(t, false)
}

// testLobbyBotFollowsALostLease is the two tests above: B takes over the tournament's lease and,
// with tablesToo, those of its tables.
func testLobbyBotFollowsALostLease(t *testing.T, tablesToo bool) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tn, err := a.srv.Referee.CreateTournament(ctx, followSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	results := serveTournamentBot(t, a, "lb", tn.ID)
	waitPresent(t, a.srv.Referee, "lb")
	awaitResults(ctx, t, a.srv.Referee, tn.ID, 2)

	// B takes A's leases over, as its takeover round does once they expired (A was paused past
	// them), and runs what they hold; A's next renewal (every second) finds them lost. (Expiring
	// A's leases instead would let A take them back as often as B: both run takeover rounds.)
	takeLeasesOver(ctx, t, raw, a, b, tablesToo)
	expectPresent(t, b.srv.Referee, "B", "lb")
	if got := lobbyNames(a.srv.Referee); slices.Contains(got, "lb") {
		t.Errorf("A's lobby lists %q once B runs the tournament; want lb in B's only", got)
	}
	got := awaitTournament(t, b.srv.Referee, tn.ID)
	checkAllCompleted(t, got, results)
	checkTournament(t, b.srv.Referee, got)
}

// takeLeasesOver moves the leases of referee from's tournaments (and, with tablesToo, of its
// tables) to referee to, with the next epoch, in a statement that waits for a write of from in
// flight (as TakeExpired does), then has to load and play the tables and resume the tournaments,
// as its takeover round does with expired leases.
func takeLeasesOver(ctx context.Context, t *testing.T, raw *sql.DB, from, to *peerReferee, tablesToo bool) {
	t.Helper()
	var tables, tourneys []string
	// Twice: a table that from created in a transaction the first statement waited for is not
	// in that statement's snapshot; from creates none after it, having lost the tournament.
	for range 2 {
		rows, err := raw.QueryContext(ctx, "UPDATE leases SET owner = $1, epoch = epoch + 1, expires_at = now() + interval '5 seconds' "+
			"WHERE (kind, id) IN (SELECT kind, id FROM leases WHERE owner = $2 AND (kind = 'tournament' OR $3) FOR UPDATE) RETURNING kind, id",
			to.srv.leaser.Owner(), from.srv.leaser.Owner(), tablesToo)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var kind, id string
			if err := rows.Scan(&kind, &id); err != nil {
				t.Fatal(err)
			}
			if store.LeaseKind(kind) == store.LeaseTable {
				tables = append(tables, id)
			} else {
				tourneys = append(tourneys, id)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if len(tourneys) != 1 {
		t.Fatalf("moved the leases of %d tournaments (%q); want 1", len(tourneys), tourneys)
	}
	active, err := to.srv.leaser.LoadTables(ctx, tables)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range active {
		to.srv.adopt(at)
	}
	for _, id := range tourneys {
		if err := to.srv.resumeTournament(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
}

// TestServeNamingATournament: on a referee alone on its store, a Serve naming a tournament that
// does not exist is refused NotFound; one naming the referee's own tournament enters its lobby,
// and the tournament's games are all played.
func TestServeNamingATournament(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stream, err := pb.NewLobbyServiceClient(r.cc).Serve(ctx, &pb.ServeRequest{Name: "lb", Capacity: 1, TournamentId: "tn-nope"})
	if err == nil {
		_, err = stream.Recv()
	}
	if st := status.Convert(err); st.Code() != codes.NotFound || st.Message() != `tournament "tn-nope" not found` {
		t.Errorf("Serve naming tournament tn-nope: %v; want NotFound, tournament \"tn-nope\" not found", err)
	}
	if got := lobbyNames(r.srv.Referee); len(got) != 0 {
		t.Errorf("the lobby lists %q after the refusal; want none", got)
	}

	spec := followSpec()
	spec.Deals = 1
	tn, err := r.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	results := make(chan *pb.GameResult, 64)
	cfg := botsdk.ServeConfig{Config: r.botConfig("", 0, ""), Capacity: 2, Tournament: tn.ID,
		OnGameOver: func(_ *pb.GameAssigned, res *pb.GameResult, err error) {
			if err == nil {
				results <- res
			}
		}}
	cfg.BotName, cfg.Logger = "lb", slog.New(slog.NewTextHandler(io.Discard, nil))
	served := make(chan error, 1)
	go func() { served <- botsdk.Serve(ctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(1) }) }()
	got := awaitTournament(t, r.srv.Referee, tn.ID)
	checkAllCompleted(t, got, results)
	checkTournament(t, r.srv.Referee, got)
	// The tournament's end ends its lobby stream (ServeResponse.tournament_ended), and Serve
	// returns nil; before, the bot stayed in the lobby until ctx ended.
	if err := <-served; err != nil {
		t.Errorf("Serve ended with %v at the tournament's end; want nil", err)
	}
	checkServeRefusedEnded(t, r.cc, tn.ID, store.TournamentFinished)
	if got := lobbyNames(r.srv.Referee); slices.Contains(got, "late") {
		t.Errorf("the lobby lists %q after the refusal; want no late", got)
	}
}

// checkServeRefusedEnded checks that a Serve through cc naming tournament id, which has ended in
// state, is refused FailedPrecondition, saying so. Before, the bot was let into the referee's
// lobby, where it waited for games that would never come.
func checkServeRefusedEnded(t *testing.T, cc grpc.ClientConnInterface, id string, state store.TournamentState) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	stream, err := pb.NewLobbyServiceClient(cc).Serve(ctx, &pb.ServeRequest{Name: "late", Capacity: 1, TournamentId: id})
	if err == nil {
		_, err = stream.Recv()
	}
	want := fmt.Sprintf("tournament %q has ended (%s): it seats no more lobby bots", id, state)
	if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != want {
		t.Errorf("Serve naming ended tournament %s: %v; want FailedPrecondition, %s", id, err, want)
	}
}

// TestServeNamingATournamentEndedElsewhere: with a shared store, a lobby stream naming a
// tournament, forwarded by referee b to a, which runs it, ends OK after a tournament_ended
// message when a cancels it; a Serve naming it afterwards is refused FailedPrecondition by b,
// which never had it in memory (it reads the tournament's state from the store).
func TestServeNamingATournamentEndedElsewhere(t *testing.T) {
	u, _ := sharedSchema(t)
	a, b := startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tn, err := a.srv.Referee.CreateTournament(ctx, followSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// A lobby stream open through b, forwarded to a, hears of the cancellation and ends OK.
	stream, err := pb.NewLobbyServiceClient(b.cc).Serve(ctx, &pb.ServeRequest{Name: "lb", Capacity: 1, TournamentId: tn.ID})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := stream.Recv(); err != nil || m.GetPing().GetNonce() != 1 {
		t.Fatalf("the lobby stream's first message: %v %v; want ping 1", m, err)
	}
	if _, err := a.srv.Referee.CancelTournament(ctx, tn.ID, "over"); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := stream.Recv()
		if err != nil {
			t.Fatalf("the lobby stream after the cancellation: %v; want tournament_ended", err)
		}
		if m.GetPing() == nil {
			want := &pb.TournamentEnded{TournamentId: tn.ID, State: pb.TournamentState_TOURNAMENT_STATE_CANCELLED}
			if !proto.Equal(m.GetTournamentEnded(), want) {
				t.Fatalf("the lobby stream's message after the cancellation: %v; want tournament_ended %v", m, want)
			}
			break
		}
	}
	if m, err := stream.Recv(); err != io.EOF {
		t.Fatalf("the lobby stream after tournament_ended: %v %v; want its end, OK", m, err)
	}
	checkServeRefusedEnded(t, b.cc, tn.ID, store.TournamentCancelled)
}

// TestListBotsOfATournamentElsewhere: a lobby bot that names a tournament run by another referee
// is in that referee's lobby, not in the lobby of the one it dialled; ListBots naming the
// tournament lists it through either referee (forwarded to the one that runs it), NotFound for a
// tournament that does not exist, and none once the tournament has ended. Before, the dialled
// referee's lobby was empty, and nothing said where the bot was (an outside trial).
func TestListBotsOfATournamentElsewhere(t *testing.T) {
	u, _ := sharedSchema(t)
	a, b := startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tn, err := a.srv.Referee.CreateTournament(ctx, followSpec(), nil)
	if err != nil {
		t.Fatal(err)
	}
	stream, err := pb.NewLobbyServiceClient(b.cc).Serve(ctx, &pb.ServeRequest{Name: "lb", Version: "7", Capacity: 1, TournamentId: tn.ID})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := stream.Recv(); err != nil || m.GetPing().GetNonce() != 1 {
		t.Fatalf("the lobby stream's first message: %v %v; want ping 1", m, err)
	}
	names := func(p *peerReferee, id string) ([]string, error) {
		resp, err := pb.NewLobbyServiceClient(p.cc).ListBots(ctx, &pb.ListBotsRequest{TournamentId: id})
		var out []string
		for _, bot := range resp.GetBots() {
			out = append(out, fmt.Sprintf("%s v%s capacity %d serves %s", bot.GetName(), bot.GetVersion(), bot.GetCapacity(), bot.GetTournamentId()))
		}
		return out, err
	}
	want := []string{fmt.Sprintf("lb v7 capacity 1 serves %s", tn.ID)}
	for _, p := range []struct {
		name string
		ref  *peerReferee
	}{{"the referee dialled", b}, {"the referee that runs it", a}} {
		if got, err := names(p.ref, tn.ID); err != nil || !slices.Equal(got, want) {
			t.Errorf("ListBots of the tournament through %s: %q %v; want %q", p.name, got, err, want)
		}
	}
	if got, err := names(b, ""); err != nil || len(got) != 0 {
		t.Errorf("ListBots of the dialled referee's own lobby: %q %v; want none", got, err)
	}
	if _, err := names(b, "tn-0000000000000000"); status.Code(err) != codes.NotFound || status.Convert(err).Message() != `tournament "tn-0000000000000000" not found` {
		t.Errorf("ListBots of a tournament that does not exist: %v; want NotFound naming it", err)
	}
	if _, err := a.srv.Referee.CancelTournament(ctx, tn.ID, "over"); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := stream.Recv(); err != nil {
			break
		}
	}
	for _, p := range []*peerReferee{a, b} {
		if got, err := names(p, tn.ID); err != nil || len(got) != 0 {
			t.Errorf("ListBots of the cancelled tournament through %s: %q %v; want none", p.addr, got, err)
		}
	}
}
