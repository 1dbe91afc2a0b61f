package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestOwnGamesOutliveTheTab starts a game from the home page, leaves its play page, and comes back
// to it from the home page of another tab: the seat's token is kept in the browser until the game
// ends (kept for the tab, it was lost with a closed tab, and the referee played the seat to the
// end). Once the game is over the home page no longer offers it.
func TestOwnGamesOutliveTheTab(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	id := startFromHome(t, ctx, r)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil { // the page left
		t.Fatal(err)
	}
	tab, cancel := chromedp.NewContext(ctx) // another tab of the same browser
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#own a")); err != nil {
		t.Fatal(err)
	}
	if own, err := chromedp.Run(tab, chromedp.Text("#own")); err != nil || own != "Your games in play: "+id {
		t.Errorf("the home page of another tab says %q (%v), want \"Your games in play: %s\"", own, err, id)
	}
	// The link plays the seat: the page joins with the kept token and the person's turn comes.
	if err := chromedp.Do(tab, chromedp.Click("#own a"), chromedp.WaitVisible("#actions .prompt")); err != nil {
		t.Fatal(err)
	}
	if heading, err := chromedp.Run(tab, chromedp.Text("#heading p:last-child")); err != nil || !strings.HasPrefix(heading, "You play seat 0, side 0.") {
		t.Errorf("the play page reached from the home page says %q (%v)", heading, err)
	}
	if _, err := r.tables.CancelTable(t.Context(), &pb.CancelTableRequest{TableId: id, Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	kept, err := chromedp.Run(tab, chromedp.Evaluate[int](`Object.keys(localStorage).filter((k) => k.startsWith("bezique-seat:")).length`))
	if err != nil || kept != 0 {
		t.Errorf("after the game's end the browser keeps %d seats (%v), want none", kept, err)
	}
	if err := chromedp.Do(tab, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#list table")); err != nil {
		t.Fatal(err)
	}
	if own, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("own").textContent`)); err != nil || own != "" {
		t.Errorf("after the game's end the home page says %q (%v) of the person's games, want nothing", own, err)
	}
}
