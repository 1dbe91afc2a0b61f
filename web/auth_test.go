package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/grpc/metadata"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

const adminKey = "bzq_web-test-admin-key-0123456789"

// TestWatchWithKey runs a referee with authentication and a table that is not public: without a
// key the page says that it needs one; with a watcher key (the least a key may do) given in the
// iframe's fragment the embedded view shows the game to its end, and the key leaves the address;
// a refused key is named as such; a key typed in the header's field is used and forgotten; what
// the key may not do (start a game) is refused in words, and without a key too.
func TestWatchWithKey(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}})
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	key, err := pb.NewKeyServiceClient(r.cc).CreateKey(admin, &pb.CreateKeyRequest{Name: "club-site", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	watcher := key.GetSecret()
	resp, err := r.tables.CreateTable(admin, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	var rec *pb.GameRecord
	for deadline := time.Now().Add(time.Minute); rec == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got, err := r.tables.GetRecord(admin, &pb.GetRecordRequest{TableId: id}); err == nil {
			rec = got.GetRecord()
		}
	}
	if rec == nil {
		t.Fatalf("table %s has no record after a minute", id)
	}
	errorText := func(path string) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(r.url+path), chromedp.WaitVisible(".error")); err != nil {
			t.Fatal(err)
		}
		msg, err := chromedp.Run(ctx, chromedp.Text(".error"))
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}

	msg := errorText("/t/" + id)
	if want := "This referee needs an API key to show this page: enter one in the API key field at the top (a watcher key is enough to watch). The referee said: unauthenticated: table " + id + " is not public: reading it needs an API key"; !strings.HasPrefix(msg, want) {
		t.Errorf("without a key the table's page says %q, want it to start with %q", msg, want)
	}
	shot(t, ctx, "auth-no-key")
	msg = errorText("/embed/t/" + id)
	if want := "This referee needs an API key to show this page: add #key=… to this frame's address"; !strings.HasPrefix(msg, want) {
		t.Errorf("without a key the embedded view says %q, want it to start with %q", msg, want)
	}

	// The key added to the open page's address (a change of fragment alone, which loads no page:
	// the page ignored it until a reload).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf("location.hash = %q", "#key="+watcher))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("with a watcher key the embedded view's scores %v, the record's %v", got, want)
	}
	address, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	if err != nil {
		t.Fatal(err)
	}
	if want := r.url + "/embed/t/" + id; address != want {
		t.Errorf("after taking the key the address is %q, want %q", address, want)
	}
	// The key is kept for the tab: the full page shows the table too, and says a key is set.
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/t/"+id), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if set, err := chromedp.Run(ctx, chromedp.Text("#keyform span")); err != nil || set != "API key set" {
		t.Errorf("the header says %q (%v), want \"API key set\"", set, err)
	}
	shot(t, ctx, "auth-watcher-key")
	phoneFits(t, ctx, "table-phone")

	// Forgotten, the page asks again; a wrong key typed in the field is refused by name; the
	// watcher key typed in shows the table.
	// errorStarts waits for the page's error to start with prefix, through the reload that the
	// key form makes (a poll in the page fails when the page it runs in goes away).
	errorStarts := func(prefix string) chromedp.Action[chromedp.Void] {
		check := chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(".error")?.textContent.startsWith(%q) ?? false`, prefix))
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			for {
				if ok, err := check(ctx, t); err == nil && ok {
					return nil
				}
				select {
				case <-ctx.Done():
					return fmt.Errorf("no error starting %q on the page: %w", prefix, ctx.Err())
				case <-time.After(50 * time.Millisecond):
				}
			}
		})
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#keyform button`), errorStarts("This referee needs an API key"), chromedp.WaitVisible(`#keyform input`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(`#keyform input`, "bzq_not-a-key\r"),
		errorStarts("The referee refused the API key: unauthenticated: unknown API key. Check it, or enter one in the API key field at the top.")); err != nil {
		t.Fatalf("with an unknown key typed in: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#keyform button`), chromedp.WaitVisible(`#keyform input`),
		chromedp.SendKeys(`#keyform input`, watcher+"\r"), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("with the key typed in the page's scores %v, the record's %v", got, want)
	}

	// The watcher key lists the tables but may not start a game: the page says so.
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible(".tables"), chromedp.Click("#newgame button"),
		errorStarts("The API key may not do this: permission_denied: /bezique.v1.TableService/CreateTable needs role admin or organiser; key "+key.GetKey().GetKeyId()+" has role watcher")); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "auth-permission-denied")

	// Without a key the button says which key starting a game needs, under it (it said that a
	// watcher key was enough, under the lists).
	if err := chromedp.Do(ctx, chromedp.Click(`#keyform button`), chromedp.WaitVisible(`#keyform input`), chromedp.WaitVisible("#newgame button"),
		chromedp.Click("#newgame button"), chromedp.WaitVisible("#newgame + #newgame-error")); err != nil {
		t.Fatal(err)
	}
	if msg, err := chromedp.Run(ctx, chromedp.Text("#newgame-error")); err != nil || msg != `This referee needs an API key to start a game: enter one in the API key field at the top. The referee said: unauthenticated: /bezique.v1.TableService/CreateTable needs an API key (role admin or organiser): send "authorization: Bearer <key>"` {
		t.Errorf("without a key the button says %q (%v)", msg, err)
	}
}

// TestLinkKeyOffered: a link with another API key than the one the tab uses does not replace it
// silently: the header says so and offers the link's key, which is taken only when the person
// presses its button. A crafted link replaced the tab's key, and the tables the person then
// made belonged to the link's key (a web security review); an embedded view opened as a page of
// its own does the same (a re-trial). An embedded view in a frame takes its frame's key, as its
// site sets it (TestWatchWithKey's embedded view, opened without a key, takes it too).
func TestLinkKeyOffered(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}})
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	newKey := func(name string) string {
		t.Helper()
		k, err := pb.NewKeyServiceClient(r.cc).CreateKey(admin, &pb.CreateKeyRequest{Name: name, Role: pb.Role_ROLE_ORGANISER})
		if err != nil {
			t.Fatal(err)
		}
		return k.GetSecret()
	}
	own, other := newKey("own"), newKey("other")
	tabKey := func() string {
		t.Helper()
		k, err := chromedp.Run(ctx, chromedp.Evaluate[string](`sessionStorage.getItem("bezique.key") ?? ""`))
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	for _, step := range []struct {
		address string
		want    string
		offered bool
	}{
		{"/#key=" + own, own, false},
		{"/#key=" + other, own, true},
		{"/#key=" + own, own, false}, // the same key: nothing to offer
		// An embedded view opened as a page of its own, not in a frame: it took the link's key
		// (a re-trial).
		{"/embed/t/t-0123456789abcdef#key=" + other, own, true},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(r.url+step.address), chromedp.WaitReady("#keyform")); err != nil {
			t.Fatal(err)
		}
		offered, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("keyoffer")?.textContent ?? ""`))
		if err != nil {
			t.Fatal(err)
		}
		if got := tabKey(); got != step.want || (offered != "") != step.offered {
			t.Errorf("after %s the tab's key is %q, offered %q; want %q, offered %v", step.address, got, offered, step.want, step.offered)
		}
		if step.offered && offered != "The link you followed holds another API key than the one this tab uses; this tab goes on with its own. Use the link's key" {
			t.Errorf("the offer says %q", offered)
		}
	}
	// Offered, and taken by the button.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(r.url+"/#key="+other), chromedp.WaitReady("#keyoffer button")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector("#keyoffer button").click()`)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		// Read through the reload the button makes: a read that meets it fails, and is made again.
		k, err := chromedp.Run(ctx, chromedp.Evaluate[string](`sessionStorage.getItem("bezique.key") ?? ""`))
		if err == nil && k == other {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the offer's button the tab's key is %q (%v), want the link's", k, err)
		}
	}
}

// TestSharedCardsGameWaits: a tournament's game whose deal set has another game to play, opened
// with a watcher key (a club site's), says in words why it cannot be watched, with no board, and
// tries again; once its deal set has ended it shows the game. A club site's visitor was
// shown an empty board and the referee's words with a docs path, never retried (a host's trial).
// The tournament's page lists the game in play unlinked, saying why.
func TestSharedCardsGameWaits(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}})
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	keys := pb.NewKeyServiceClient(r.cc)
	site, err := keys.CreateKey(admin, &pb.CreateKeyRequest{Name: "club-site", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := keys.CreateKey(admin, &pb.CreateKeyRequest{Name: "lobbyist", Role: pb.Role_ROLE_BOT})
	if err != nil {
		t.Fatal(err)
	}
	_, id, step := heldTournament(t, r, bot.GetSecret(), admin)
	g0 := id + "-g0"
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if info, err := r.tables.GetTable(admin, &pb.GetTableRequest{TableId: g0}); err == nil && info.GetTable().GetState() == pb.TableState_TABLE_STATE_PLAYING {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("game 0 never came into play: %v", err)
		}
	}
	// The tournament's page lists it in play with the reason, and no link to a page that could
	// only say it (every game in play was a link: a re-trial).
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/tournaments/"+id+"#key="+site.GetSecret())); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`!!document.querySelector("#inplay li")?.textContent.startsWith("%s (shared cards: watchable when its deal set ends)") && !document.querySelector("#inplay a")`, g0),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#inplay")?.innerHTML ?? "no #inplay"`))
		t.Fatalf("the tournament's page never listed %s in play, unlinked, with the reason: %v\n%s", g0, err, html)
	}
	want := "This tournament game is dealt the same cards as another game of the tournament still in play or to be played, so it " +
		"cannot be watched, nor its record read, before that one has ended (only the tournament's host and the referee's admins may). " +
		"This page tries again every 10 seconds."
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/t/"+g0+"#key="+site.GetSecret()), chromedp.WaitVisible(".error")); err != nil {
		t.Fatal(err)
	}
	if msg, err := chromedp.Run(ctx, chromedp.Text(".error")); err != nil || msg != want {
		t.Errorf("the page of %s, in play, says %q (%v); want %q", g0, msg, err, want)
	}
	if boards, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#board").length`)); err != nil || boards != 0 {
		t.Errorf("%d boards drawn (%v); want none", boards, err)
	}
	// Across a try (10 s) the words stay as they are, the same element, and no board is drawn (an
	// empty board was drawn and the alert put back at each try: a re-trial).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.sharedAlert = document.querySelector(".error"), true)`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(11 * time.Second)
	if same, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.sharedAlert === document.querySelector(".error") && !document.querySelector("#board")`)); err != nil || !same {
		t.Errorf("after a try the page's alert was put back, or a board drawn (%v)", err)
	}
	shot(t, ctx, "shared-cards-wait")
	step <- struct{}{} // game 0 plays on to its end, game 1 (its deal set's other) comes to its first decision
	step <- struct{}{} // game 1 too: deal set 0 has ended
	done := make(chan struct{})
	defer close(done)
	go func() { // games 2 and 3 (deal set 1) are let go too: the bot's held decisions end with them
		for {
			select {
			case step <- struct{}{}:
			case <-done:
				return
			}
		}
	}()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector("#status a")?.getAttribute("href") === "/replay/%s"`, g0),
		chromedp.WithPollingTimeout(45*time.Second))); err != nil {
		t.Fatalf("the page never showed %s once its deal set had ended: %v", g0, err)
	}
}
