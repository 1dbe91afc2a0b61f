package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestReplayMeldWithPartnersCard replays four-handed games of built-in bots until one has a meld
// that takes a card from the melder's partner's table (RULES.md R1), and steps through it: at
// every step each hand shows as many cards as the events say it holds, and the card stays on the
// partner's table alone. The page copied it to the melder's table and counted it out of the
// melder's hand: one card too many shown in that hand to the game's end (a browser trial).
func TestReplayMeldWithPartnersCard(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	var id string
	at := 0 // the step after that meld
	for seed := byte(1); seed <= 30 && id == ""; seed++ {
		builtin := &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}
		resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED,
			Seats: []*pb.SeatConfig{builtin, builtin, builtin, builtin}, Seed: append(make([]byte, 31), seed)})
		if err != nil {
			t.Fatal(err)
		}
		awaitRecord(t, r, resp.GetTableId())
		replayed, err := r.tables.GetReplay(context.Background(), &pb.GetReplayRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		tabled := make([]map[uint32]bool, 4) // each seat's cards on the table
		for i := range tabled {
			tabled[i] = map[uint32]bool{}
		}
		for i, ev := range replayed.GetEvents() {
			switch {
			case ev.GetMelded() != nil:
				s := ev.GetMelded().GetSeat()
				for _, c := range ev.GetMelded().GetMeld().GetCards() {
					if tabled[(s+2)%4][c.GetId()] && id == "" {
						id, at = resp.GetTableId(), i+1
					}
					if !tabled[(s+2)%4][c.GetId()] {
						tabled[s][c.GetId()] = true
					}
				}
			case ev.GetCardPlayed().GetFromTable():
				delete(tabled[ev.GetCardPlayed().GetSeat()], ev.GetCardPlayed().GetCard().GetId())
			case ev.GetPhase2Started() != nil:
				for i := range tabled {
					tabled[i] = map[uint32]bool{}
				}
			}
		}
	}
	if id == "" {
		t.Fatal("no meld took a partner's tabled card in 30 games")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/replay/"+id), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if mismatch := replayHandsMismatch(t, ctx); mismatch != "" {
		t.Errorf("table %s, a meld with a partner's card at step %d: %s", id, at, mismatch)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const step = document.getElementById("step");
		step.value = %d;
		return step.dispatchEvent(new Event("input"));
	})()`, at))); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "replay-partners-card")
}
