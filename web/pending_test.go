package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestReplayShowsPendingAnnouncement replays two-handed games under allow_pending_declarations
// between built-in random bots until one has an announcement (RULES.md §8.18), and steps the
// replay page to it: the announcing seat shows the announced meld (its kind and cards) as pending
// from the melded event that announces it up to the event that ends it (melded with announced,
// or announcement_lapsed), and no longer from that event on, which the page's last line names.
func TestReplayShowsPendingAnnouncement(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	var id string
	var events []*pb.Event
	from, to := -1, -1
	for seed := byte(1); seed <= 20 && to < 0; seed++ {
		resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Options: map[string]string{"allow_pending_declarations": "true"},
			Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}},
				{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: seedOf(seed)})
		if err != nil {
			t.Fatal(err)
		}
		id = resp.GetTableId()
		awaitRecord(t, r, id)
		replayed, err := r.tables.GetReplay(context.Background(), &pb.GetReplayRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		events, from, to = replayed.GetEvents(), -1, -1
		for i, ev := range events {
			switch {
			case from < 0 && ev.GetMelded().GetPending():
				from = i
			case from >= 0 && (ev.GetMelded().GetAnnounced() && ev.GetMelded().GetSeat() == events[from].GetMelded().GetSeat() ||
				ev.GetAnnouncementLapsed().GetSeat() == events[from].GetMelded().GetSeat() && ev.GetAnnouncementLapsed() != nil):
				to = i
			}
			if to >= 0 {
				break
			}
		}
	}
	if to < 0 {
		t.Fatal("no announcement that ended in 20 games")
	}
	seat := events[from].GetMelded().GetSeat()
	m := events[from].GetMelded().GetMeld()
	var names []string
	for _, c := range m.GetCards() {
		names = append(names, strings.ToLower(strings.TrimPrefix(c.GetRank().String(), "RANK_"))+" of "+strings.ToLower(strings.TrimPrefix(c.GetSuit().String(), "SUIT_")))
	}
	want := strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(m.GetKind().String(), "MELD_KIND_")), "_", " ") + "|" + strings.Join(names, ",")
	wantLast := "scored by"
	if events[to].GetAnnouncementLapsed() != nil {
		wantLast = "lapsed unscored: "
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/replay/"+id), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	// pendingAt returns, after the slider is set to step k (k events folded), what seat's pending
	// announcement shows ("kind|card names", "" for none) and the page's last line.
	pendingAt := func(k int) (string, string) {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
			const step = document.getElementById("step");
			step.value = %d;
			step.dispatchEvent(new Event("input"));
			const p = document.querySelectorAll(".seat")[%d].querySelector(".pending");
			const last = document.querySelector(".last").textContent;
			if (!p) return ["", last];
			const kind = p.childNodes[1].textContent.trim();
			return [kind + "|" + [...p.querySelectorAll(".card")].map((c) => c.getAttribute("aria-label")).join(","), last];
		})()`, k, seat)))
		if err != nil {
			t.Fatal(err)
		}
		return got[0], got[1]
	}
	if got, _ := pendingAt(from); got != "" {
		t.Errorf("step %d, before the announcement: pending %q, want none", from, got)
	}
	got, last := pendingAt(from + 1)
	if got != want || !strings.Contains(last, "announced by") {
		t.Errorf("step %d, the announcement: pending %q, want %q; last line %q", from+1, got, want, last)
	}
	shot(t, ctx, "replay-pending")
	t.Logf("table %s: seat %d announced %q at event %d, pending until event %d; %q", id, seat, want, from, to, last)
	if got, _ := pendingAt(to); got != want {
		t.Errorf("step %d, before the announcement ends: pending %q, want %q", to, got, want)
	}
	if got, last := pendingAt(to + 1); got != "" || !strings.Contains(last, wantLast) {
		t.Errorf("step %d, the announcement ended: pending %q, want none; last line %q, want it to say %q", to+1, got, last, wantLast)
	}
}
