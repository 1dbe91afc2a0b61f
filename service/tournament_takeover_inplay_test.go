package service

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// serveSlowBot serves lobby bot name through the referee at p (naming tournament, or none for
// p's own lobby), each decision taking think, until the test ends.
func serveSlowBot(t *testing.T, p *peerReferee, name, tournamentID string, think time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var n atomic.Uint64
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: p.addr, BotName: name, BotVersion: "1", DialOptions: p.dialOpt,
		MaxBackoff: 200 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		Capacity: 2, Tournament: tournamentID}
	newBot := func() botsdk.Bot {
		r := botsdk.NewRandom(n.Add(1))
		return bots.Func(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
			select {
			case <-time.After(think):
			case <-ctx.Done():
			}
			return r.Decide(ctx, req)
		})
	}
	go func() { done <- botsdk.Serve(ctx, cfg, newBot) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// TestTakeoverStoresResultOfTableInPlayElsewhere: a tournament runs on referee A with lobby
// bot "lb" (serving through A, naming it) and lobby bot "lb2" (serving B's own lobby: away
// from A's, its games put off there). B takes the tournament's lease over while a game of lb
// is in play on A, whose table stays on A (as when ref3 took the tables and ref2 the
// tournament). The game's result must be stored by B as soon as the table ends on A: before,
// B put the game off (lb not yet back in B's lobby, and the table not in B's memory) behind
// lb2's slow games, and stored its result only once a retry found a slot (132 to 177 s late in
// an outside trial of three referees).
func TestTakeoverStoresResultOfTableInPlayElsewhere(t *testing.T) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 3, Duplicate: true, Concurrency: 2,
		AbsenceGraceMs: 120_000, Options: map[string]string{"target": "300"},
		Entrants: []tournament.Entrant{{ID: "lb", Kind: tournament.KindLobby, Bot: "lb"}, {ID: "lb2", Kind: tournament.KindLobby, Bot: "lb2"},
			{ID: "random", Bot: "random"}}}
	tn, err := a.srv.Referee.CreateTournament(ctx, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	serveSlowBot(t, b, "lb2", "", 25*time.Millisecond)
	serveSlowBot(t, a, "lb", tn.ID, 10*time.Millisecond)
	waitPresent(t, a.srv.Referee, "lb")
	tr, err := a.srv.tourneyByID(tn.ID)
	if err != nil {
		t.Fatal(err)
	}
	// A game of lb (against random: lb2 is away from A's lobby) in play on A.
	inPlay := -1
	for deadline := time.Now().Add(30 * time.Second); inPlay < 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no game of lb in play on A after 30 s")
		}
		for _, g := range tr.games {
			id := TourneyTableID(tn.ID, g.Index)
			if !a.srv.inMemory(id) || tr.hasResult(g.Index) {
				continue
			}
			info, err := a.srv.Referee.GetTable(ctx, id)
			if err == nil && info.GetState() == pb.TableState_TABLE_STATE_PLAYING { // lb against random: lb2 is away from A's lobby
				inPlay = g.Index
				break
			}
		}
	}
	tid := TourneyTableID(tn.ID, inPlay)
	takeLeasesOver(ctx, t, raw, a, b, false) // the tournament moves to B, its tables stay on A
	took := time.Now()
	if _, err := a.srv.Referee.Await(ctx, tid); err != nil {
		t.Fatalf("awaiting table %s on A: %v", tid, err)
	}
	ended := time.Now()
	var stored time.Time
	for deadline := time.Now().Add(2 * time.Minute); stored.IsZero(); time.Sleep(5 * time.Millisecond) {
		got, err := b.srv.Referee.GetTournament(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range got.Results {
			if r.Game == inPlay {
				stored = time.Now()
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %d (table %s, ended on A %s after the takeover): no result stored by B after 2 min", inPlay, tid, ended.Sub(took))
		}
	}
	late := stored.Sub(ended)
	t.Logf("game %d: table ended on A %v after the takeover; its result stored by B %v after its end", inPlay, ended.Sub(took).Round(time.Millisecond), late.Round(time.Millisecond))
	if late > 5*time.Second { // 7.5 to 10 s before, behind lb2's games; 61 to 499 ms after
		t.Errorf("game %d's result stored by B %v after its table ended on A; want within 5 s", inPlay, late.Round(time.Millisecond))
	}
}
