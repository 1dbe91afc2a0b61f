package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestTrickSaysWhoPlayed replays a four-handed game of two built-in bots, each at two seats, and
// checks that a trick's cards say who played each, and that a name two seats share says the seat:
// the page drew a trick's cards alone, and said "won by rulebook" of either rulebook seat; and
// that the heading names the partnerships.
func TestTrickSaysWhoPlayed(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	builtin := func(bot string) *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: bot}}}
	}
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED,
		Options: map[string]string{"target": "500"},
		Seats:   []*pb.SeatConfig{builtin("rulebook"), builtin("random"), builtin("rulebook"), builtin("random")}, Seed: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	awaitRecord(t, r, resp.GetTableId())
	replayed, err := r.tables.GetReplay(context.Background(), &pb.GetReplayRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	// The step after a trick's third card, and the names of the three seats that played.
	step, want := 0, []string(nil)
	for i, ev := range replayed.GetEvents() {
		if ev.GetTrickWon() != nil {
			want = nil
		}
		if p := ev.GetCardPlayed(); p != nil {
			name := map[uint32]string{0: "rulebook", 1: "random", 2: "rulebook", 3: "random"}[p.GetSeat()]
			want = append(want, fmt.Sprintf("%s (seat %d)", name, p.GetSeat()))
			if len(want) == 3 {
				step = i + 1
				break
			}
		}
	}
	if step == 0 {
		t.Fatal("the replay has no trick of three cards")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/replay/"+resp.GetTableId()), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
		const slider = document.getElementById("step");
		slider.value = %d;
		slider.dispatchEvent(new Event("input"));
		return [...document.querySelectorAll(".trick .played figcaption")].map((f) => f.textContent);
	})()`, step)))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("the trick in progress at step %d names %q, want %q", step, got, want)
	}
	// The heading puts partners together (the four names read as four sides beside two scores).
	if meta, err := chromedp.Run(ctx, chromedp.Text(".meta")); err != nil || meta != "rulebook & rulebook v random & random · four-handed" {
		t.Errorf("the replay's heading says %q (%v)", meta, err)
	}
	shot(t, ctx, "replay-four-handed-trick")
}
