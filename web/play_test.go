package web_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPlayAgainstRulebook plays a whole two-handed game as a person against rulebook through the
// page, with the keyboard only: the tables page's form creates a table (the game is played on one
// made as the form makes it, with a chosen seed), then each decision is
// Enter on the action the page focuses (the first legal card, or the first other action). The
// page ends with the record's final scores, and the record names the browser as seat 0's bot;
// the person's clock runs while the page waits; in phase 1 every card held, tabled or not, is a
// button; the page says that leaving it hands the seat to the referee.
func TestPlayAgainstRulebook(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	formTable := startFromHome(t, ctx, r)
	// The page says what leaving it does: the referee's default policy, 15 s then auto-play.
	if leaving, err := chromedp.Run(ctx, chromedp.Text("#heading p:last-child")); err != nil ||
		leaving != "You play seat 0, side 0. Leaving this page leaves your seat: 15 s later the referee plays each of your turns at once until you are back (a game against bots can end within seconds)." {
		t.Errorf("the play page says %q (%v) of the seat and of leaving it", leaving, err)
	}
	// The form's table has a random seed, and with some the person (who plays the first legal card)
	// never melds while the stock lasts, so no tabled card is ever offered (a clean-clone CI run):
	// the game is played on a table made as the form makes it, with a seed that melds.
	info, err := r.tables.GetTable(t.Context(), &pb.GetTableRequest{TableId: formTable})
	if err != nil {
		t.Fatal(err)
	}
	if seats := info.GetTable().GetSeats(); len(seats) != 2 || !seats[0].GetRemote() || seats[0].GetName() != "you" || seats[1].GetRemote() || seats[1].GetName() != "rulebook" {
		t.Errorf("the form made a table with seats %v, want you and rulebook", seats)
	}
	// A person's clock, a minute a decision and ten in the bank: the referee's default, 10 s and 60
	// s, is a bot's (an accessibility review ran out of it in a deal).
	personClock := &pb.Clock{DecisionMs: 60000, BankMs: proto.Uint32(600000)}
	if c := info.GetTable().GetClock(); !proto.Equal(c, personClock) {
		t.Errorf("the form made a table with the clock %v, want %v", c, personClock)
	}
	if _, err := r.tables.CancelTable(t.Context(), &pb.CancelTableRequest{TableId: formTable, Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	made, err := r.tables.CreateTable(t.Context(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true, Seed: make([]byte, 32), Clock: personClock,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := made.GetTableId()
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/"+id+"#seat=0&token="+url.QueryEscape(made.GetSeatTokens()[0].GetToken())), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	decisions, shotTaken, tabledOffered, phase2Seen := 0, false, 0, 0
	for deadline := time.Now().Add(3 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the game is not over after 3 minutes and %d decisions", decisions)
		}
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("over") ? "over" :
			!(document.activeElement && document.activeElement.dataset.action) ? "wait" :
			document.querySelectorAll("button.action").length >= 2 ? "melds" : "decide"`))
		if err != nil {
			t.Fatal(err)
		}
		if state == "over" {
			break
		}
		if state == "decide" || state == "melds" {
			if decisions == 0 { // the person's clock runs while the page waits for a choice
				clock, err := liveText(ctx, `.clock[data-seat="0"]`)
				if err != nil || !regexp.MustCompile(`^to act \d+\.\d s \+ bank \d+\.\d s$`).MatchString(clock) {
					t.Errorf("at the first decision seat 0's clock says %q (%v), want \"to act S s + bank B s\"", clock, err)
				}
			}
			// In phase 1 (the stock not empty) every card of the hand and of the table is a legal
			// play: each is a button, the second copy of a face and the tabled cards too (neither
			// was: a browser trial).
			cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
				const s = [...document.querySelectorAll(".seat")].at(-1); // the person's seat, drawn last
				if (Number(document.getElementById("stock").textContent) === 0) return [0, 0, 0];
				return [s.querySelectorAll(".hand .card, .tabled .card").length, s.querySelectorAll(".hand button.card, .tabled button.card").length,
					s.querySelectorAll(".tabled button.card").length];
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if cards[1] > 0 && cards[0] != cards[1] {
				t.Fatalf("decision %d, in phase 1: %d of seat 0's %d cards are buttons, want every one", decisions, cards[1], cards[0])
			}
			tabledOffered += cards[2]
			// In phase 2 the opponent's hand shows the cards every seat has seen in it
			// (View.seats.shown_in_hand): at least the turn-up or the last stock card it took, while
			// it has played none of its 8. Each decision's view blanked them (they were not in it).
			seen, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
				const s = document.querySelector(".seat"); // the opponent's, drawn first
				if (Number(document.getElementById("stock").textContent) !== 0) return [-1, -1];
				return [s.querySelectorAll(".hand .card:not(.back)").length, Number(s.querySelector(".hand").dataset.count)];
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if seen[1] == 8 {
				phase2Seen++
				if seen[0] == 0 {
					t.Errorf("decision %d, in phase 2: the opponent's 8 cards all backs, want those taken face up shown", decisions)
				}
			}
			if state == "melds" { // the melds in the cards' faces, as the table draws them (they read "KCa QCb")
				texts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("button.action")].map((b) => b.textContent)`))
				if err != nil {
					t.Fatal(err)
				}
				for _, text := range texts {
					if strings.HasPrefix(text, "meld ") && !meldText.MatchString(text) {
						t.Fatalf("a meld to choose reads %q, want \"meld KIND FACES (POINTS)\"", text)
					}
				}
			}
			if !shotTaken && state == "melds" { // a meld to choose: the page at its richest
				shot(t, ctx, "play")
				shotTaken = true
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
				t.Fatal(err)
			}
			decisions++
			continue
		}
		time.Sleep(20 * time.Millisecond)
	}
	rec := awaitRecord(t, r, id)
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the page's final scores %v, the record's %v", got, want)
	}
	if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the game ended %v, want completed", rec.GetResult())
	}
	if got := rec.GetSeats()[0].GetBotName(); got != "browser" {
		t.Errorf("seat 0's bot is %q, want browser", got)
	}
	if decisions < 20 {
		t.Errorf("the person decided %d times, want a whole game's worth", decisions)
	}
	if phase2Seen == 0 {
		t.Errorf("no decision at phase 2's start with the opponent's 8 cards in hand: not the case tried")
	}
	if tabledOffered == 0 {
		t.Errorf("no tabled card was offered to play in %d decisions: not the case tried (the person melds at every chance)", decisions)
	}
	// The end is said in the live region (the last-move line), as on the board: it went unannounced.
	if last, err := chromedp.Run(ctx, chromedp.Text("p.last")); err != nil || last != "Game over: "+overText(t, ctx) {
		t.Errorf("at the game's end the last-move line says %q (%v), want the board's %q", last, err, "Game over: "+overText(t, ctx))
	}
	// On a person's seat the actions region, the live region, says the last moves and the end (the
	// last-move line is not live there: it said the opponent's batch's last event alone).
	end := fmt.Sprintf("; Game over: %s. Final scores: you %s, rulebook %s.", overText(t, ctx), finalScores(t, ctx)[0], finalScores(t, ctx)[1])
	if since, err := chromedp.Run(ctx, chromedp.Text("#actions .since")); err != nil || !strings.HasSuffix(since, end) {
		t.Errorf("at the game's end the actions region says %q (%v), want it to end %q", since, err, end)
	}
	// The game over, the seat is no longer played: the line about leaving goes.
	if heading, err := chromedp.Run(ctx, chromedp.Text("#heading p:last-child")); err != nil || heading != "You play seat 0, side 0." {
		t.Errorf("after the game the play page says %q (%v), want \"You play seat 0, side 0.\"", heading, err)
	}
	shot(t, ctx, "play-over")
	phoneFits(t, ctx, "play-phone")
	t.Logf("%d decisions through the page, %d tabled cards offered", decisions, tabledOffered)
}

// startFromHome presses the home page's button with the keyboard and returns the id of the table
// whose play page it opens.
func startFromHome(t *testing.T, ctx context.Context, r *referee) string {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#newgame button"),
		chromedp.Focus("#newgame button"), chromedp.KeyEvent("\r"), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/play/")
}

// meldText is a meld to choose on the play page: "meld common marriage K♣ Q♣ (20)".
var meldText = regexp.MustCompile(`^meld [a-z ]+( (10|[AKQJ987])[♠♥♦♣])+ \(\d+\)$`)

// overText is what the board says of the game's end, less its "Game over: ".
func overText(t *testing.T, ctx context.Context) string {
	t.Helper()
	over, err := chromedp.Run(ctx, chromedp.Text("#over"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(over, "Game over: ")
}
