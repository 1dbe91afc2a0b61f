package web_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestWatchRubiconAndSixPack watches a Rubicon game between built-in bots (rulebook through the
// Go SDK in seat 0, held until the page has been read, and a built-in random in seat 1) from
// before its first trick to its end: the page shows no trump and the referee's stock of 110 (128 cards less
// two hands of 9) at the start, then the trump the game's trump_fixed event names, and ends with
// the record's final scores and its settlement in game points. Then the replay page steps through
// the game: no trump before the trump_fixed step and that trump from it on, each hand as many
// cards as the events say at every step, and the record's scores and settlement at the end.
// The same for a six-pack game (a stock of 168: 192 cards less two hands of 12).
func TestWatchRubiconAndSixPack(t *testing.T) {
	for _, c := range []struct {
		variant pb.Variant
		stock   string
		shots   string
	}{{pb.Variant_VARIANT_RUBICON, "110", "rubicon"}, {pb.Variant_VARIANT_SIX_PACK, "168", "six-pack"}} {
		t.Run(c.variant.String(), func(t *testing.T) { watchOneDeal(t, c.variant, c.stock, c.shots) })
	}
}

// watchOneDeal is TestWatchRubiconAndSixPack for one variant, whose stock after the deal is
// stock; its screenshots are named after shots.
func watchOneDeal(t *testing.T, variant pb.Variant, stock, shots string) {
	r := startReferee(t)
	ctx := browser(t)
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: variant,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "rulebook"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: seedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/t/"+id), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	bot, err := bots.New("rulebook", 1)
	if err != nil {
		t.Fatal(err)
	}
	hold := make(chan struct{})
	var first sync.Once
	held := bots.Func(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		first.Do(func() { <-hold })
		return bot.Decide(ctx, req)
	})
	cfg := botsdk.Config{Server: "passthrough:///bufnet", TableID: id, Seat: 0, Token: resp.GetSeatTokens()[0].GetToken(),
		BotName: "rulebook", BotVersion: "1", DialOptions: r.dial}
	played := make(chan error, 1)
	go func() {
		_, err := botsdk.Play(context.Background(), cfg, held)
		played <- err
	}()
	// Before the first trick: the deal is dealt, with no trump yet.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("stock")?.textContent === %q`, stock), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		close(hold)
		t.Fatalf("the page's stock never said %s: %v", stock, err)
	}
	start, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".centre > div")].slice(1, 3).map(d => d.textContent)`))
	close(hold)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(start, "|") != "Trump –|Turn-up –" {
		t.Errorf("the centre before the first trick says %q, want no trump and no turn-up", start)
	}
	if err := <-played; err != nil {
		t.Fatal(err)
	}
	rec := awaitRecord(t, r, id)
	res := rec.GetResult()
	if res.GetGamePoints() == 0 {
		t.Fatalf("the record has no settlement: %v", res)
	}
	wantOver := fmt.Sprintf("Game over: completed, side %d wins, %d game points", res.GetWinnerSide(), res.GetGamePoints())
	if res.GetRubicon() {
		wantOver += " (rubicon)"
	}
	replayed, err := r.tables.GetReplay(context.Background(), &pb.GetReplayRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	fixedAt, trump := -1, ""
	for i, ev := range replayed.GetEvents() {
		if tf := ev.GetTrumpFixed(); tf != nil {
			fixedAt, trump = i, strings.ToLower(strings.TrimPrefix(tf.GetTrump().String(), "SUIT_"))
			break
		}
	}
	if fixedAt < 0 {
		t.Fatal("the game has no trump_fixed event")
	}
	trumpShown := func() string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".centre .suit")?.getAttribute("aria-label") ?? "none"`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	checkEnd := func(page string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.WaitVisible("#over")); err != nil {
			t.Fatal(err)
		}
		if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: the final scores %v, the record's %v", page, got, want)
		}
		// The watch page's line comes from GetTable once the stream ends; wait for it.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("over").textContent === %q`, wantOver), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			over, _ := chromedp.Run(ctx, chromedp.Text("#over"))
			t.Errorf("%s says %q, want %q", page, over, wantOver)
		}
		if got := trumpShown(); got != trump {
			t.Errorf("%s: trump %q at the end, want %q (the trump_fixed event's)", page, got, trump)
		}
	}
	checkEnd("the table page")
	shot(t, ctx, shots+"-over")

	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/replay/"+id), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	checkEnd("the replay page")
	setStep := func(k int) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
			const step = document.getElementById("step");
			step.value = %d;
			return step.dispatchEvent(new Event("input"));
		})()`, k))); err != nil {
			t.Fatal(err)
		}
	}
	// Step k shows the first k events: trump_fixed is event fixedAt+1.
	setStep(fixedAt)
	if got := trumpShown(); got != "none" {
		t.Errorf("replay step %d, before trump_fixed: trump %q, want none", fixedAt, got)
	}
	setStep(fixedAt + 1)
	if got := trumpShown(); got != trump {
		t.Errorf("replay step %d, trump_fixed: trump %q, want %q", fixedAt+1, got, trump)
	}
	shot(t, ctx, shots+"-replay-trump-fixed")
	if mismatch := replayHandsMismatch(t, ctx); mismatch != "" {
		t.Error(mismatch)
	}
	checkEnd("the replay's last step")
}

// seedOf is a 32-byte seed ending in b.
func seedOf(b byte) []byte {
	s := make([]byte, 32)
	s[31] = b
	return s
}
