package service

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestLobbyPlacesFirstComeFirstSeated: challenges waiting for a lobby bot at its capacity are
// seated in the order they came as its places free. All were woken at once and the first to run
// took the place, so a tournament's later games were played while earlier ones waited (a host's
// trial: games 3 to 6 of a match never played while 7 to 26 were).
func TestLobbyPlacesFirstComeFirstSeated(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveStalledBot(t, "slow", 1)
	waitPresent(t, r.srv.Referee, "slow")
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	first, err := lobby.Challenge(ctx, challenge("slow", "random"))
	if err != nil {
		t.Fatal(err) // its game holds the bot's one place until it is cancelled
	}
	waiting := func() int {
		l := r.srv.Referee.lobby
		l.mu.Lock()
		defer l.mu.Unlock()
		return len(l.waiters)
	}
	type seated struct {
		n     int
		table string
	}
	seatedCh := make(chan seated, 5)
	for n := range 5 {
		go func() {
			resp, err := lobby.Challenge(ctx, challenge("slow", "random"))
			if err != nil {
				t.Error(err)
			}
			seatedCh <- seated{n, resp.GetTable().GetTableId()}
		}()
		for waiting() < n+1 { // this challenge waits before the next is made
			time.Sleep(time.Millisecond)
		}
	}
	free := first.GetTable().GetTableId()
	for want := range 5 {
		r.cancelTable(t, free) // the bot's place frees
		got := <-seatedCh
		if got.n != want {
			t.Fatalf("challenge %d seated when the place freed, want %d, the earliest waiting", got.n, want)
		}
		free = got.table
	}
	r.cancelTable(t, free)
}

// TestLobbyWaiterBehindAWaitThatShrank: a call waiting behind an earlier one for bot B is seated
// once B has room and the earlier call waits for another bot only. It stalled until the lobby's
// next change when it looked before the earlier call had seen that B had room (an outside
// trial's test: 7 stalls in 300).
func TestLobbyWaiterBehindAWaitThatShrank(t *testing.T) {
	for i := range 200 {
		l := newLobby()
		for _, n := range []string{"A", "B"} {
			l.bots[n] = &lobbyBot{name: n, presence: &Presence{Name: n, Capacity: 1, Since: time.Now()},
				games: map[gameSeat]*pb.GameAssigned{{table: "hold-" + n}: {}}}
		}
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		waiting := func(n int) {
			for {
				l.mu.Lock()
				got := len(l.waiters)
				l.mu.Unlock()
				if got == n {
					return
				}
				time.Sleep(100 * time.Microsecond)
			}
		}
		first := make(chan error, 1)
		go func() {
			_, err := l.reserve(ctx, [][]string{{"A"}, {"B"}}, engine.TwoHanded, "", 0, time.Now())
			first <- err
		}()
		waiting(1)
		second := make(chan error, 1)
		go func() {
			_, err := l.reserve(ctx, [][]string{{"B"}, nil}, engine.TwoHanded, "", 0, time.Now())
			second <- err
		}()
		waiting(2)
		l.ended("hold-B") // B has room; the first call still waits for A
		select {
		case err := <-second:
			if err != nil {
				t.Fatalf("round %d: the second call: %v", i, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("round %d: the second call was not seated 5 s after B had room", i)
		}
		cancel()
		<-first
	}
}

// TestLobbyTournamentSeatedInScheduleOrder: a tournament's games for a lobby bot of capacity 1,
// started 16 at once, are seated, played and stored in schedule order: they took their turns in
// reserve, where their goroutines raced, and game 15 of 16 was often seated first (an outside
// trial), leaving deal sets half played when an SPRT ended the match.
func TestLobbyTournamentSeatedInScheduleOrder(t *testing.T) {
	r := startReferee(t, nil, nil)
	r.serveBot(t, "solo", 1)
	waitPresent(t, r.srv.Referee, "solo")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client := pb.NewTournamentServiceClient(r.cc)
	created, err := client.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Format: pb.TournamentFormat_TOURNAMENT_FORMAT_MATCH, Deals: 12, Concurrency: 16, Options: map[string]string{"target": "300"},
		Entrants: []*pb.Entrant{{Id: "solo", Kind: &pb.Entrant_LobbyBot{LobbyBot: "solo"}}, {Id: "r", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	watch, err := client.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: created.GetTournament().GetTournamentId(), OmitPairs: true})
	if err != nil {
		t.Fatal(err)
	}
	for {
		m, err := watch.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if m.GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING && !m.GetMore() {
			break
		}
	}
	got, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: created.GetTournament().GetTournamentId(), OmitPairs: true})
	if err != nil {
		t.Fatal(err)
	}
	var games []uint32
	for _, res := range got.GetResults() {
		games = append(games, res.GetGame())
	}
	if want := []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}; !slices.Equal(games, want) {
		t.Errorf("results stored in the order of games %v, want %v", games, want)
	}
}
