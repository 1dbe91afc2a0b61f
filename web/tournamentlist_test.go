package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// TestHomeListsRecentTournaments: with 1 001 ended tournaments, one more than ListTournaments'
// largest page, and two running ones created before them, the home page lists the running ones,
// then the 25 most recent others, newest first, in two ListTournaments calls (counted at the
// referee: grpc_server_handled_total); "More" shows the next 25. Before, it read every page
// and listed all 1 001 and the two running ones, a cost that grows with the tournaments kept.
func TestHomeListsRecentTournaments(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	spec, err := json.Marshal(tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 1, Concurrency: 1,
		Entrants: []tournament.Entrant{{ID: "a", Bot: "random"}, {ID: "b", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = store.MaxPageSize + 1
	at := time.Now().Add(time.Hour) // after the running ones, which the referee creates now
	for i := range n {
		id := fmt.Sprintf("tn-%016x", i)
		if err := st.CreateTournament(ctx, store.Tournament{ID: id, Spec: spec, Seed: make([]byte, 32), Salt: make([]byte, engine.SaltSize),
			Commitment: "c", CreatedAt: at.Add(time.Duration(i) * time.Second)}, nil); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTournament(ctx, id, store.TournamentCancelled, at.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	reg := prometheus.NewRegistry()
	r := startRefereeWith(t, service.Config{Store: st, Metrics: service.NewMetrics(reg)})
	// Two running tournaments, newest first: a lobby bot that never comes, with an hour's grace.
	var running []string
	for range 2 {
		resp, err := pb.NewTournamentServiceClient(r.cc).CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
			Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 1, AbsenceGraceMs: 3_600_000,
			Entrants: []*pb.Entrant{{Id: "away", Kind: &pb.Entrant_LobbyBot{LobbyBot: "away"}}, {Id: "r", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		running = append([]string{resp.GetTournament().GetTournamentId()}, running...)
	}
	calls := func() int { // the ListTournaments calls the referee answered
		t.Helper()
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, f := range families {
			if f.GetName() != "grpc_server_handled_total" {
				continue
			}
			for _, m := range f.GetMetric() {
				for _, l := range m.GetLabel() {
					if l.GetName() == "grpc_method" && l.GetValue() == "ListTournaments" {
						total += int(m.GetCounter().GetValue())
					}
				}
			}
		}
		return total
	}
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/")); err != nil {
		t.Fatal(err)
	}
	listed := func(want int) []string { // the ids listed once there are want
		t.Helper()
		if _, err := chromedp.Run(bctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelectorAll("#tournaments li").length === %d`, want))); err != nil {
			got, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#tournaments li").length`))
			t.Fatalf("the home page lists %d tournaments; want %d: %v", got, want, err)
		}
		ids, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tournaments li a")].map((a) => a.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	check := func(ids []string, pages int) {
		t.Helper()
		want := append([]string(nil), running...)
		for i := range 25 * pages {
			want = append(want, fmt.Sprintf("tn-%016x", n-1-i))
		}
		if fmt.Sprint(ids) != fmt.Sprint(want) {
			t.Fatalf("the home page lists %d tournaments, from %s to %s; want %d, %s, %s, then %s to %s",
				len(ids), ids[0], ids[len(ids)-1], len(want), running[0], running[1], want[2], want[len(want)-1])
		}
	}
	check(listed(27), 1)
	if c := calls(); c != 2 {
		t.Fatalf("the home page's first list took %d ListTournaments calls; want 2 (the running ones, a page of the others)", c)
	}
	if err := chromedp.Do(bctx, chromedp.Click("#more-tournaments")); err != nil {
		t.Fatal(err)
	}
	check(listed(52), 2)
}
