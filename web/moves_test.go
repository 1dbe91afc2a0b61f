package web_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlaySaysMovesSinceLastTurn plays the first decisions of a seeded game against rulebook on the
// play page and checks what the page says of the moves between two turns: the actions region (the
// live region of a person's seat) says every move since the last turn with the next one, and the
// board lists the last moves, newest first. The last-move line said only the last event of a
// batch: of the person's card, rulebook's, the trick and the two draws, only rulebook's draw.
func TestPlaySaysMovesSinceLastTurn(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	_, play := personTable(t, r)
	if err := chromedp.Do(ctx, chromedp.Navigate(play), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	// turn waits for the page's decision n (one whose actions region says other than prev before
	// its prompt) and returns what the region says there, the last-move line's aria-live, the
	// region's, and the moves listed on the board.
	turn := func(n int, prev string) []string {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`document.activeElement && document.activeElement.dataset.action ?
				[document.querySelector("#actions .since")?.textContent ?? "", document.querySelector(".last").getAttribute("aria-live"),
					document.getElementById("actions").getAttribute("aria-live"), ...[...document.querySelectorAll(".moves li")].map((li) => li.textContent)] : []`))
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > 0 && got[0] != prev {
				return got
			}
		}
		t.Fatalf("no decision %d on the page after 30 s", n)
		return nil
	}
	want := [][]string{
		{"So far: Seven of hearts played by rulebook.", "off", "polite", "Seven of hearts played by rulebook"},
		{"Since your last turn: Ten of spades played by you; Trick 1 won by rulebook; You drew the nine of spades; King of spades played by rulebook.", "off", "polite",
			"King of spades played by rulebook", "You drew the nine of spades", "Trick 1 won by rulebook", "Ten of spades played by you", "Seven of hearts played by rulebook"},
		{"Since your last turn: Ace of hearts played by you; Trick 2 won by rulebook; You drew the jack of hearts; Jack of hearts played by rulebook.", "off", "polite",
			"Jack of hearts played by rulebook", "You drew the jack of hearts", "Trick 2 won by rulebook", "Ace of hearts played by you",
			"King of spades played by rulebook", "You drew the nine of spades", "Trick 1 won by rulebook", "Ten of spades played by you", "Seven of hearts played by rulebook"},
	}
	prev := ""
	for n, w := range want {
		got := turn(n+1, prev)
		if !slices.Equal(got, w) {
			t.Errorf("at decision %d the page says %q, want %q", n+1, got, w)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil { // the first legal card
			t.Fatal(err)
		}
		prev = got[0]
	}
}
