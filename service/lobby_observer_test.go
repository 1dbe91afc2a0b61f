package service

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// follower is a botsdk.Observer: a random bot that keeps its game's Welcomes and events.
type follower struct {
	*bots.Random
	mu       sync.Mutex
	welcomes []*pb.Welcome
	events   []*pb.Event
}

func (f *follower) Welcome(w *pb.Welcome) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.welcomes = append(f.welcomes, w)
}

func (f *follower) Event(e *pb.Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, e)
}

// TestServeObserverFollowsItsGame: a Go bot serving at capacity 3 whose bots are botsdk.Observers
// is given 3 games at once; each bot gets one game's Welcome and then that game's events, every
// seq once and in order, up to the GameEnded whose scores are that table's result (Config.OnEvent
// gets every game's events with nothing to tell them apart: Node and Python pass the Welcome).
func TestServeObserverFollowsItsGame(t *testing.T) {
	r := startReferee(t, nil, nil)
	var (
		mu        sync.Mutex
		followers []*follower
		seed      atomic.Uint64
	)
	r.serveBotFunc(t, "follow", 3, func() botsdk.Bot {
		f := &follower{Random: botsdk.NewRandom(seed.Add(1))}
		mu.Lock()
		followers = append(followers, f)
		mu.Unlock()
		return f
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	lobby := pb.NewLobbyServiceClient(r.cc)
	results := map[string]*pb.GameResult{}
	for range 3 {
		resp, err := lobby.Challenge(ctx, challenge("follow", "random"))
		if err != nil {
			t.Fatalf("Challenge: %v", err)
		}
		results[resp.GetTable().GetTableId()] = nil
	}
	for id := range results {
		res, err := r.srv.Await(ctx, id)
		if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("table %s: %v, %v; want COMPLETED", id, res, err)
		}
		results[id] = res
	}
	// The bots' goroutines may still be reading their GameEnded: wait for each bot's last event.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		ended := 0
		for _, f := range followers {
			f.mu.Lock()
			if n := len(f.events); n > 0 && f.events[n-1].GetGameEnded() != nil {
				ended++
			}
			f.mu.Unlock()
		}
		mu.Unlock()
		if ended == 3 || time.Now().After(deadline) {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(followers) != 3 {
		t.Fatalf("%d bots made for 3 games", len(followers))
	}
	seen := map[string]bool{}
	for i, f := range followers {
		f.mu.Lock()
		if len(f.welcomes) != 1 {
			t.Fatalf("bot %d: %d Welcomes; want 1 (no reconnection)", i, len(f.welcomes))
		}
		w := f.welcomes[0]
		id := w.GetTableId()
		res, ok := results[id]
		if !ok || seen[id] {
			t.Fatalf("bot %d: Welcome of table %q; want one of the challenged tables %v, each once", i, id, results)
		}
		seen[id] = true
		for j, e := range f.events {
			if want := w.GetLastSeq() + uint64(j) + 1; e.GetSeq() != want {
				t.Fatalf("bot %d (table %s): event %d has seq %d; want %d", i, id, j, e.GetSeq(), want)
			}
		}
		var totals, want []uint32
		for _, s := range f.events[len(f.events)-1].GetGameEnded().GetScores() {
			totals = append(totals, s.GetTotal())
		}
		for _, s := range res.GetScores() {
			want = append(want, s.GetTotal())
		}
		if !slices.Equal(totals, want) || len(want) != 2 {
			t.Errorf("bot %d (table %s): last event %v; want a GameEnded of totals %v", i, id, f.events[len(f.events)-1], want)
		}
		f.mu.Unlock()
	}
}
