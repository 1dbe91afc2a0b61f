package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestHomeListsEveryTournament: the home page follows ListTournaments' pages and lists every one
// of 1 001 tournaments, one more than its largest page, newest first.
func TestHomeListsEveryTournament(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	spec, err := json.Marshal(tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = store.MaxPageSize + 1
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		id := fmt.Sprintf("tn-%016x", i)
		if err := st.CreateTournament(ctx, store.Tournament{ID: id, Spec: spec, Seed: make([]byte, 32), Salt: make([]byte, engine.SaltSize),
			Commitment: "c", CreatedAt: at.Add(time.Duration(i) * time.Second)}); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTournament(ctx, id, store.TournamentCancelled, at.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	r := startRefereeWith(t, service.Config{Store: st})
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`document.querySelectorAll("#tournaments li").length > 0`)); err != nil {
		t.Fatalf("the home page listed no tournament: %v", err)
	}
	listed, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#tournaments li").length`))
	if err != nil {
		t.Fatal(err)
	}
	ends, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tournaments li a")].filter((a, i, all) => i === 0 || i === all.length - 1).map((a) => a.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	first, last := ends[0], ends[len(ends)-1]
	if listed != n || first != fmt.Sprintf("tn-%016x", n-1) || last != "tn-0000000000000000" {
		t.Fatalf("the home page lists %d tournaments, from %s to %s; want %d, from tn-%016x to tn-0000000000000000", listed, first, last, n, n-1)
	}
}
