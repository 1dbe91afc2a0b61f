package web_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// personTable creates a public two-handed table of a person ("you", seat 0, a minute a decision)
// against rulebook, dealt from the seed of 32 zero bytes, and returns its id and the person's
// /play address with the seat's token.
func personTable(t *testing.T, r *referee) (id, play string) {
	t.Helper()
	made, err := r.tables.CreateTable(t.Context(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true, Seed: make([]byte, 32),
		Clock: &pb.Clock{DecisionMs: 60000, BankMs: proto.Uint32(600000)},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	return made.GetTableId(), r.url + "/play/" + made.GetTableId() + "#seat=0&token=" + url.QueryEscape(made.GetSeatTokens()[0].GetToken())
}

// awaitTurn waits until the play page in ctx offers a choice.
func awaitTurn(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.activeElement?.dataset?.action !== undefined`)); err != nil {
		t.Fatalf("the play page offers no choice: %v", err)
	}
}

// playing starts a referee, a browser and a person's table (personTable), opens the person's play
// page and waits for the person's turn.
func playing(t *testing.T) (r *referee, ctx context.Context, id string) {
	t.Helper()
	r = startReferee(t)
	ctx = browser(t)
	id, play := personTable(t, r)
	if err := chromedp.Do(ctx, chromedp.Navigate(play)); err != nil {
		t.Fatal(err)
	}
	awaitTurn(t, ctx)
	return r, ctx, id
}

// TestPlayInTwoTabs opens a seat's page in a second tab: the first says that another page plays
// the seat now and offers nothing to choose. It showed "aborted: seat 0 member 0: superseded by a
// newer connection" and kept its cards live, a card pressed there played (a browser trial).
func TestPlayInTwoTabs(t *testing.T) {
	r, first, id := playing(t)
	second, cancel := chromedp.NewContext(first)
	defer cancel()
	if err := chromedp.Do(second, chromedp.Navigate(r.url+"/play/"+id)); err != nil { // the seat kept by the browser
		t.Fatal(err)
	}
	awaitTurn(t, second)
	said, err := chromedp.Run(first, chromedp.Poll[string](`document.querySelector("#actions .error")?.textContent`))
	if want := "This seat is now played from another page or device, which joined it after this one: this page no longer plays it. Reload it to take the seat back."; err != nil || said != want {
		t.Errorf("the first tab says %q (%v), want %q", said, err, want)
	}
	if n, err := chromedp.Run(first, chromedp.Evaluate[int](`document.querySelectorAll("[data-action]").length + document.querySelectorAll("p.error:not(#actions p)").length`)); err != nil || n != 0 {
		t.Errorf("the first tab offers %d choices or other errors (%v), want none", n, err)
	}
}

// TestPlayWithoutStorage: where the browser refuses storage (full, or blocked in a frame), the
// play page plays with the token in its address, left there for a reload, and the home page
// lists the tables. Both showed the storage's error alone (a browser trial).
func TestPlayWithoutStorage(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	blocked := `Object.defineProperty(window, "localStorage", { get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });`
	if err := chromedp.Do(ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: blocked})
		return chromedp.Void{}, err
	}); err != nil {
		t.Fatal(err)
	}
	_, play := personTable(t, r)
	if err := chromedp.Do(ctx, chromedp.Navigate(play)); err != nil {
		t.Fatal(err)
	}
	awaitTurn(t, ctx)
	if loc, err := chromedp.Run(ctx, chromedp.Location()); err != nil || loc != play {
		t.Errorf("without storage the play page's address is %q (%v), want the token kept there: %q", loc, err, play)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#list table")); err != nil {
		t.Fatal(err)
	}
	if errs, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".error").length`)); err != nil || errs != 0 {
		t.Errorf("without storage the home page shows %d errors (%v)", errs, err)
	}
}

// TestPlayUnknownTable: a seat's link to a table this referee does not know says so and what it
// may mean, not "not_found: join.table_id: …" alone (a browser trial).
func TestPlayUnknownTable(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/t-0000000000000000#seat=0&token=x"), chromedp.WaitVisible(".error")); err != nil {
		t.Fatal(err)
	}
	said, err := chromedp.Run(ctx, chromedp.Text(".error"))
	want := `No table t-0000000000000000 on this referee: the link may be for another referee, or the game ended long ago. The referee said: not_found: join.table_id: table "t-0000000000000000" not found`
	if err != nil || said != want {
		t.Errorf("the play page of an unknown table says %q (%v), want %q", said, err, want)
	}
}

// TestPlayPromptAboveScores: on a phone's screen (390 px) a seat's prompt comes right under the
// hands, above the scores (it came below them, a screen's scroll from the cards: a browser trial),
// and a screen reader reads it before them; the person's own seat is drawn last, right above it
// (in a four-handed game the prompt came three seats below the person's hand: a re-trial).
func TestPlayPromptAboveScores(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	_, play := personTable(t, r)
	if err := chromedp.Do(ctx, chromedp.Navigate(play)); err != nil {
		t.Fatal(err)
	}
	awaitTurn(t, ctx)
	order, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".seats, #actions .prompt, .scores")].map(e => e.className || e.id)`))
	if want := []string{"seats", "prompt", "scores"}; err != nil || !slices.Equal(order, want) {
		t.Errorf("the play page's order %v (%v), want %v", order, err, want)
	}
	below, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#actions .prompt").getBoundingClientRect().bottom <= document.querySelector(".scores").getBoundingClientRect().top`))
	if err != nil || !below {
		t.Errorf("the prompt is not above the scores on a 390 px screen (%v)", err)
	}
	seats, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".seat")].map((s) => s.getAttribute("aria-label"))`))
	if want := []string{"rulebook", "you"}; err != nil || !slices.Equal(seats, want) {
		t.Errorf("the seats in the order %v (%v), want %v: the person's own last", seats, err, want)
	}
}

// TestPlayFourHandedOnAPhone: a person's four-handed seat on a 390 px screen draws the opponents,
// then the partner, named so, then the person's seat, and at the first turn the prompt is on the
// screen with the focused card (focusing the card scrolled to it alone, the prompt below the
// screen's edge; nothing said which seat was the partner: a re-trial).
func TestPlayFourHandedOnAPhone(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	rulebook := &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}
	made, err := r.tables.CreateTable(t.Context(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Public: true, Seed: make([]byte, 32),
		Clock: &pb.Clock{DecisionMs: 60000, BankMs: proto.Uint32(600000)},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}}, rulebook, rulebook, rulebook}})
	if err != nil {
		t.Fatal(err)
	}
	play := r.url + "/play/" + made.GetTableId() + "#seat=0&token=" + url.QueryEscape(made.GetSeatTokens()[0].GetToken())
	if err := chromedp.Do(ctx, chromedp.Navigate(play)); err != nil {
		t.Fatal(err)
	}
	awaitTurn(t, ctx)
	seats, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".seat h3 small")].map((s) => s.textContent)`))
	if want := []string{"seat 1, side 1", "seat 3, side 1", "seat 2, side 0, your partner", "seat 0, side 0, connected"}; err != nil || !slices.Equal(seats, want) {
		t.Errorf("the seats %q (%v), want %q", seats, err, want)
	}
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[document.activeElement, document.querySelector("#actions .prompt")].map((e) => {
		const r = e.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= window.innerHeight;
	})`))
	if err != nil || !slices.Equal(seen, []bool{true, true}) {
		t.Errorf("the focused card and the prompt on the screen: %v (%v), want both", seen, err)
	}
}

// TestPlayLeftLeavesTheSeat: a person who leaves the play page (a link followed, another address)
// leaves the seat, as the page says ("Leaving this page leaves your seat"): the referee sees it
// disconnected, and its disconnect grace starts; back on the page, the seat is played again. The
// browser kept the page's stream open in its back/forward cache, so the seat stayed connected
// and the bot waited out the person's whole clock (a platform's trial).
func TestPlayLeftLeavesTheSeat(t *testing.T) {
	r, ctx, id := playing(t)
	connected := func(want bool) { t.Helper(); seatConnected(t, r, id, want) }
	connected(true)
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/")); err != nil { // the home page: same origin
		t.Fatal(err)
	}
	connected(false)
	// Back: the page comes out of the back/forward cache (no load event, which NavigateBack would
	// wait for) and opens its stream again.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`history.back()`)); err != nil {
		t.Fatal(err)
	}
	connected(true)
	// Read with Evaluate: chromedp's Poll never returned on the page back from the cache.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#actions")?.textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(said, "Your turn") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the play page back says %q 10 s on, want your turn", said)
		}
	}
	// The card pressed there is played: the page answers the request the referee sent again.
	before, err := r.tables.GetTable(t.Context(), &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.activeElement.click()`)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		now, err := r.tables.GetTable(t.Context(), &pb.GetTableRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		if now.GetTable().GetLastSeq() > before.GetTable().GetLastSeq() {
			break
		}
		if time.Now().After(deadline) {
			said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#actions")?.textContent`))
			t.Fatalf("the card pressed on the page back played nothing in 10 s; the page says %q", said)
		}
	}
}

// seatConnected waits up to 10 s for seat 0 of table id to be connected (want) or not.
func seatConnected(t *testing.T, r *referee, id string, want bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := r.tables.GetTable(t.Context(), &pb.GetTableRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetTable().GetSeats()[0].GetConnected() == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("seat 0 connected %v 10 s on, want %v", !want, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestPlayFrozenLeavesTheSeat: a play page the browser freezes (Chrome on Android, a tab put in
// the background) leaves the seat, as one left does, and takes it again when it runs again: the
// frozen page held its stream, its timers stopped, and the seat stayed connected (a re-trial).
func TestPlayFrozenLeavesTheSeat(t *testing.T) {
	r, ctx, id := playing(t)
	seatConnected(t, r, id, true)
	lifecycle := func(state page.SetWebLifecycleStateState) {
		t.Helper()
		if err := chromedp.Do(ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, page.SetWebLifecycleState, page.SetWebLifecycleStateParams{State: state})
			return chromedp.Void{}, err
		}); err != nil {
			t.Fatal(err)
		}
	}
	lifecycle(page.SetWebLifecycleStateStateFrozen)
	seatConnected(t, r, id, false)
	lifecycle(page.SetWebLifecycleStateStateActive)
	seatConnected(t, r, id, true)
}

// TestPlayLinkWithAWrongToken: a link to a table this browser plays, with another token, does not
// replace the token kept: the page says the token is wrong, and the table's page without a token
// plays on with the one kept. A crafted link replaced it, the only copy of a game started from
// the home page, and the seat was lost to the referee's auto-play (a web security review).
func TestPlayLinkWithAWrongToken(t *testing.T) {
	r, ctx, id := playing(t)
	// From another page: the same address with another fragment reloads the page itself (hashchange).
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/"+id+"#seat=0&token=0123456789abcdef0123456789abcdef")); err != nil {
		t.Fatal(err)
	}
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`document.querySelector("p.error")?.textContent`))
	if err != nil || !strings.Contains(said, "wrong token for seat 0") {
		t.Fatalf("the page with a wrong token says %q (%v), want the referee's refusal", said, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/"+id)); err != nil {
		t.Fatal(err)
	}
	awaitTurn(t, ctx)
}

// TestPlayLinkForAnotherSeat: a link for another seat of a table this browser plays is played,
// but does not replace the seat kept: the table's page without a token plays the kept seat on.
// It replaced it, the kept token perhaps its only copy (a re-trial).
func TestPlayLinkForAnotherSeat(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	made, err := r.tables.CreateTable(t.Context(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Clock: &pb.Clock{DecisionMs: 60000, BankMs: proto.Uint32(600000)},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := made.GetTableId()
	playsSeat := func(address string, want int) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(address)); err != nil {
			t.Fatal(err)
		}
		said, err := chromedp.Run(ctx, chromedp.Poll[string](`[...document.querySelectorAll("#heading .meta")].map((p) => p.textContent).find((t) => t.startsWith("You play"))`))
		if wantText := fmt.Sprintf("You play seat %d,", want); err != nil || !strings.HasPrefix(said, wantText) {
			t.Fatalf("%s: the page says %q (%v), want %q…", address, said, err, wantText)
		}
	}
	link := func(seat int) string {
		return fmt.Sprintf("%s/play/%s#seat=%d&token=%s", r.url, id, seat, url.QueryEscape(made.GetSeatTokens()[seat].GetToken()))
	}
	playsSeat(link(0), 0)
	playsSeat(link(1), 1)
	playsSeat(r.url+"/play/"+id, 0)
}
