package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestServingATournamentOnly: a lobby bot that names a tournament is listed with it
// (LobbyBot.tournament_id) and seated only at that tournament's games (a challenge naming it is
// refused, saying so), and a bot that is not one of
// the tournament's entrants is refused at its Serve, the entrants named. Before, the first was
// seated at any game, whose seat was left when its tournament's end ended its stream, and the
// second waited, idle, for games that never came (a misspelt name looked healthy).
func TestServingATournamentOnly(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	spec := followSpec()
	spec.AbsenceGraceMs = 60_000
	tn, err := r.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	lobby := pb.NewLobbyServiceClient(r.cc)
	stranger, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "stranger", Capacity: 1, TournamentId: tn.ID})
	if err == nil {
		_, err = stranger.Recv()
	}
	want := `lobby bot "stranger" is not an entrant of tournament ` + tn.ID + ` (its lobby entrants: lb)`
	if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != want {
		t.Errorf("Serve of a bot that is not an entrant: %v; want FailedPrecondition %q", err, want)
	}

	// lb serves the tournament with a place to spare, and is not seated at a challenge.
	lb, err := lobby.Serve(ctx, &pb.ServeRequest{Name: "lb", Capacity: 4, TournamentId: tn.ID})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := lb.Recv(); err != nil || m.GetPing() == nil {
		t.Fatalf("lb's first message: %v %v; want a ping", m, err)
	}
	if bots := r.srv.Referee.ListBots(); len(bots) != 1 || bots[0].GetName() != "lb" || bots[0].GetTournamentId() != tn.ID {
		t.Errorf("ListBots: %v; want lb serving %s (LobbyBot.tournament_id)", bots, tn.ID)
	}
	_, err = lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.ChallengeSeat{{Kind: &pb.ChallengeSeat_Lobby{Lobby: "lb"}}, {Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	want = `lobby bot "lb" serves tournament ` + tn.ID + ` only (its ServeRequest.tournament_id)`
	if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != want {
		t.Errorf("a challenge of a bot serving a tournament: %v; want FailedPrecondition %q", err, want)
	}
}

// TestServeReturnsWhenItsTournamentEndedWhileAway: a bot serving a tournament whose referee
// stops, and whose tournament ends (cancelled by the referee that resumed it) while the bot dials
// in again, misses tournament_ended: its next Serve is refused FailedPrecondition "has ended",
// and botsdk.Serve, which had been let in before, returns nil. Before, it returned that refusal
// as an error, and "bezique bot --serve --tournament" exited 1 at such a tournament's end.
func TestServeReturnsWhenItsTournamentEndedWhileAway(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	a := startReferee(t, st, nil)
	spec := followSpec()
	spec.AbsenceGraceMs = 60_000
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}

	// The bot dials the referee of the moment, and waits in its dialler while there is none.
	var mu sync.Mutex
	current, back := a.lis, make(chan struct{})
	dialer := func(ctx context.Context, _ string) (net.Conn, error) {
		mu.Lock()
		lis, wait := current, back
		mu.Unlock()
		if lis == nil {
			select {
			case <-wait:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			mu.Lock()
			lis = current
			mu.Unlock()
		}
		return lis.DialContext(ctx)
	}
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: "passthrough:///bufnet", BotName: "lb", BotVersion: "1", MaxBackoff: 50 * time.Millisecond,
		DialOptions: []grpc.DialOption{grpc.WithContextDialer(dialer), grpc.WithTransportCredentials(insecure.NewCredentials())},
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil))}, Capacity: 1, Tournament: tn.ID}
	played := make(chan struct{}, 8)
	cfg.OnGameOver = func(*pb.GameAssigned, *pb.GameResult, error) { played <- struct{}{} }
	served := make(chan error, 1)
	go func() { served <- botsdk.Serve(ctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(1) }) }()
	select { // a game played: the bot was let in, and knows it
	case <-played:
	case <-ctx.Done():
		t.Fatal("lb played no game")
	}

	mu.Lock()
	current = nil
	mu.Unlock()
	a.grpc.Stop()
	a.srv.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	b := startReferee(t, st, nil)
	if _, err := b.srv.Referee.CancelTournament(ctx, tn.ID, "while lb was away"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	current = b.lis
	close(back)
	mu.Unlock()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve, its tournament cancelled while it was away: %v; want nil", err)
		}
	case <-ctx.Done():
		t.Fatal("Serve did not return after its tournament ended")
	}
}

// TestForfeitTournament: ForfeitTournament ends a tournament whose entrant has gone (what
// bezique match does when a --cmd program exits): that entrant's games in play, here waiting
// for its bot to join, are forfeited by its seats, with cause disconnect and the reason, and
// count as its losses; an entrant the tournament does not have is refused, naming the field,
// and the tournament goes on. Its on_disconnect, not set, is forfeit.
func TestForfeitTournament(t *testing.T) {
	ref := startReferee(t, nil, nil)
	r := ref.srv.Referee
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	spec := tournament.Spec{Format: tournament.Match, Variant: engine.TwoHanded, Deals: 2, Duplicate: true, Concurrency: 4, AbsenceGraceMs: 600_000,
		Options:  map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "ghost", Kind: tournament.KindLobby, Bot: "ghost"}, {ID: "random", Bot: "random"}}}
	tn, err := r.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	// ghost serves in the lobby and is given its games, and never joins their tables.
	if _, err := pb.NewLobbyServiceClient(ref.cc).Serve(ctx, &pb.ServeRequest{Name: "ghost", Capacity: 4}); err != nil {
		t.Fatal(err)
	}
	for game := range 4 {
		eventually(t, "the games' tables", func() bool {
			_, err := r.GetTable(ctx, TourneyTableID(tn.ID, game))
			return err == nil
		})
	}
	// A tournament's on_disconnect is forfeit unless it says otherwise (its tables' too): auto-play
	// let a bot that crashed win games it did not play (a competition host's trial).
	info, err := r.GetTable(ctx, TourneyTableID(tn.ID, 0))
	if err != nil {
		t.Fatal(err)
	}
	if tn.Spec.Policy.OnDisconnect != "forfeit" || info.GetFailurePolicy().GetOnDisconnect() != pb.FailureAction_FAILURE_ACTION_FORFEIT {
		t.Errorf("on_disconnect %q, its table's %v; want forfeit", tn.Spec.Policy.OnDisconnect, info.GetFailurePolicy().GetOnDisconnect())
	}
	var fe *FieldError
	if _, err := r.ForfeitTournament(ctx, tn.ID, "nobody", "gone"); !errors.As(err, &fe) || fe.Field != "entrant" ||
		err.Error() != `entrant: tournament `+tn.ID+` has no entrant "nobody"` {
		t.Fatalf("ForfeitTournament of an unknown entrant: %v, want a FieldError naming entrant", err)
	}
	tn, err = r.ForfeitTournament(ctx, tn.ID, "ghost", "ghost's program exited (exit status 1)")
	if err != nil {
		t.Fatal(err)
	}
	if tn.State != store.TournamentCancelled || len(tn.Results) != 4 {
		t.Fatalf("state %s, %d results; want cancelled with 4", tn.State, len(tn.Results))
	}
	for _, res := range tn.Results {
		if g := tn.Spec.Schedule()[res.Game]; res.Outcome != tournament.OutcomeForfeit || g.Seats[res.ForfeitSeat] != 0 ||
			res.WinnerSide != 1-res.ForfeitSeat || res.ForfeitCause != "disconnect" || res.Reason != "ghost's program exited (exit status 1)" {
			t.Errorf("game %d: result %+v; want ghost's seat forfeited", res.Game, res)
		}
	}
	ghost := tn.Standings.Entrants[len(tn.Standings.Entrants)-1]
	if ghost.Entrant != "ghost" || ghost.Games != 4 || ghost.Losses != 4 || ghost.Forfeits != 4 {
		t.Fatalf("ghost's standing %+v, want 4 games, 4 losses, 4 forfeits", ghost)
	}
}

// TestServeGoneCountsCanceled: a lobby bot's Serve that its bot leaves (the call cancelled, as
// when its process dies) is counted Canceled in grpc_server_handled_total, as seat and spectator
// streams are; it ended OK, a crash read as a clean end (an operator's soak trial).
func TestServeGoneCountsCanceled(t *testing.T) {
	ref := startReferee(t, nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := pb.NewLobbyServiceClient(ref.cc).Serve(ctx, &pb.ServeRequest{Name: "gone", Capacity: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil { // its first ping: it is in the lobby
		t.Fatal(err)
	}
	cancel()
	var handled map[string]float64
	eventually(t, "the stream's end counted", func() bool {
		handled = handledCounts(t, ref.reg)
		return len(handled) > 0
	})
	if want := map[string]float64{"Serve Canceled": 1}; !maps.Equal(handled, want) {
		t.Errorf("grpc_server_handled_total: %v, want %v", handled, want)
	}
}
