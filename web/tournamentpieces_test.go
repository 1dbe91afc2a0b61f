package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
	"github.com/bezique-arena/bezique/tournament"
)

// TestTournamentPageInPieces: the tournament page of a tournament of 2 002 games, whose first
// WatchTournament update comes in three pieces (WatchTournamentResponse.more), lists every game
// and the standings of them all.
func TestTournamentPageInPieces(t *testing.T) {
	st := store.NewMemory(0)
	const id = "tn-00000000000000bb"
	storetest.AddFinishedTournament(t, st, id, tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1001, Duplicate: true,
		Concurrency: 1, Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "rulebook"}}}, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	r := startRefereeWith(t, service.Config{Store: st})
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/tournaments/"+id)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("state")?.textContent === "Tournament finished"`)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.querySelectorAll("#results li").length + " games listed",
		document.querySelector("#standings p").textContent, document.querySelector("#results li:last-child").textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2002 games listed", "2002 of 2002 games played", id + "-g2001 b v a: 1000 – 900"}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("the page shows %q, want %q", got, want)
	}
}
