package service

import (
	"context"
	"testing"
	"time"

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
