package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/grpc/metadata"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// TestPlayWithSeatTokenOnly: with keys turned on, a person sent by a platform to
// /play/{id}#seat=0&token=… of a table that is not public plays it with the seat token alone,
// as docs/INTEGRATE.md tells platforms (the browser holds no key): the page shows the seat's
// legal actions and the game goes on to its end, with no key asked for; the token leaves the
// address at once and a reload of the page plays on.
func TestPlayWithSeatTokenOnly(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}})
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	resp, err := r.tables.CreateTable(admin, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"target": "200"},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "player"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/"+id+"#seat=0&token="+resp.GetSeatTokens()[0].GetToken())); err != nil {
		t.Fatal(err)
	}
	// The token leaves the address (bookmarks, history, a shared link), and the seat is kept for
	// the tab: a reload plays on.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
		if err != nil {
			t.Fatal(err)
		}
		if href == r.url+"/play/"+id {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the address still holds the seat's token: %s", href)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	decisions := 0
	for deadline := time.Now().Add(2 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the game is not over after 2 minutes and %d decisions", decisions)
		}
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".error") ? "error: " + document.querySelector(".error").textContent :
			document.getElementById("over") ? "over" :
			(document.activeElement && document.activeElement.dataset.action) ? "decide" : "wait"`))
		if err != nil {
			t.Fatal(err)
		}
		if state == "over" {
			break
		}
		if state != "decide" && state != "wait" {
			t.Fatalf("after %d decisions the page says %q", decisions, state)
		}
		if state == "decide" {
			if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
				t.Fatal(err)
			}
			decisions++
			continue
		}
		time.Sleep(20 * time.Millisecond)
	}
	if decisions == 0 {
		t.Errorf("the game ended without a decision of the person")
	}
}

// TestPlayWithWrongToken: with keys turned on, /play/{id} with a wrong seat token, or none, says
// that the seat's link is at fault, with the referee's words; it told the person to enter an
// API key, which no key fixes (an integrator's trial).
func TestPlayWithWrongToken(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}})
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	resp, err := r.tables.CreateTable(admin, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "player"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	for fragment, said := range map[string]string{"#seat=0&token=deadbeef": "wrong token", "": "no token given"} {
		// (The browser keeps a seat's token until the game ends: a new visit starts without it.)
		if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.clear() === undefined`)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/play/"+id+fragment), chromedp.WaitVisible(".error")); err != nil {
			t.Fatal(err)
		}
		msg, err := chromedp.Run(ctx, chromedp.Text(".error"))
		if err != nil {
			t.Fatal(err)
		}
		want := "This seat's link does not hold its token, or holds a wrong one: open the link the game's creator gave for the seat. The referee said: permission_denied: join.token: " +
			said + " for seat 0 (its token is in CreateTableResponse.seat_tokens)"
		if msg != want {
			t.Errorf("/play with %q says %q, want %q", fragment, msg, want)
		}
	}
}
