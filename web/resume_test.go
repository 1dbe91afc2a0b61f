package web_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// cutProxy is a TCP proxy between the browser and a referee that can cut every connection it
// carries and refuse new ones for a while, as a network blip or a restarted gateway does.
type cutProxy struct {
	url   string
	mu    sync.Mutex
	down  bool
	conns map[net.Conn]bool
}

// startCutProxy proxies a loopback address to the referee at target (an http:// URL).
func startCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{url: "http://" + lis.Addr().String(), conns: map[net.Conn]bool{}}
	t.Cleanup(func() { lis.Close(); p.cut(true) })
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			go p.carry(c, u.Host)
		}
	}()
	return p
}

// carry copies c to a new connection to the referee and back, until either side or cut ends it.
func (p *cutProxy) carry(c net.Conn, host string) {
	if !p.keep(c) {
		return
	}
	up, err := net.Dial("tcp", host)
	if err != nil || !p.keep(up) {
		c.Close()
		return
	}
	go func() { _, _ = io.Copy(up, c); up.Close() }()
	_, _ = io.Copy(c, up)
	c.Close()
}

// keep holds c to be cut later, or closes it and returns false while the proxy is down.
func (p *cutProxy) keep(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.down {
		c.Close()
		return false
	}
	p.conns[c] = true
	return true
}

// cut closes every connection the proxy carries; down refuses new ones until cut(false).
func (p *cutProxy) cut(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

// pageEvents reads the page's table: the last event's seq and how many events it folded.
func pageEvents(t *testing.T, ctx context.Context) (seq, events int) {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[Number(document.querySelector(".table").dataset.seq), Number(document.querySelector(".table").dataset.events)]`))
	if err != nil {
		t.Fatal(err)
	}
	return got[0], got[1]
}

// watchedEnd watches a table whose game has ended from its first event, over gRPC, and returns
// the seq of its last event and how many events it has.
func watchedEnd(t *testing.T, r *referee, id string) (seq, events int) {
	t.Helper()
	stream, err := r.tables.WatchTable(context.Background(), &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	for {
		m, err := stream.Recv()
		if err == io.EOF {
			return seq, events
		}
		if err != nil {
			t.Fatal(err)
		}
		if m.GetEvent() != nil {
			seq, events = int(m.GetEvent().GetSeq()), events+1
		}
	}
}

// awaitStatus waits until the page's #status says want.
func awaitStatus(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status")?.textContent === `+"`"+want+"`")); err != nil {
		t.Fatalf("the page's status never said %q: %v", want, err)
	}
}

// heldGame creates a two-handed table, a remote rulebook bot the test runs against a built-in
// random one, opens its page at base+"/t/{id}", and starts the bot, which calls hold with the
// number of each decision (1, 2, …) before making it. played gets the bot's end.
func heldGame(t *testing.T, ctx context.Context, r *referee, base string, hold func(decision int)) (id string, played chan error) {
	t.Helper()
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "visitor"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	id = resp.GetTableId()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/t/"+id), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	bot, err := bots.New("rulebook", 1)
	if err != nil {
		t.Fatal(err)
	}
	decisions := 0
	held := bots.Func(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		decisions++
		hold(decisions)
		return bot.Decide(ctx, req)
	})
	cfg := botsdk.Config{Server: "passthrough:///bufnet", TableID: id, Seat: 0, Token: resp.GetSeatTokens()[0].GetToken(),
		BotName: "rulebook", BotVersion: "1", DialOptions: r.dial}
	played = make(chan error, 1)
	go func() {
		_, err := botsdk.Play(context.Background(), cfg, held)
		played <- err
	}()
	return id, played
}

// endsAsTheGame checks that the page watching table id ends as the game did: the record's final
// scores and outcome, every event a watcher from the start gets folded once, the last one last,
// and the replay's link.
func endsAsTheGame(t *testing.T, ctx context.Context, r *referee, id string, played chan error) {
	t.Helper()
	if err := <-played; err != nil {
		t.Fatal(err)
	}
	rec := awaitRecord(t, r, id)
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the page's final scores %v, the record's %v", got, want)
	}
	seq, events := pageEvents(t, ctx)
	lastSeq, watched := watchedEnd(t, r, id)
	if seq != lastSeq || events != watched {
		t.Errorf("the page folded %d events, the last seq %d; the table has %d, the last seq %d", events, seq, watched, lastSeq)
	}
	if status, err := liveText(ctx, "#status"); err != nil || status != "Replay this game" {
		t.Errorf("the page's status after the game: %q (%v), want the replay's link", status, err)
	}
}

// TestWatchResumesAfterACut watches a live game through a proxy that cuts the page's connections
// mid-game and refuses new ones while the game goes on: the page says "reconnecting…", then
// resumes from the first event it had not seen, and ends as the game did (endsAsTheGame).
func TestWatchResumesAfterACut(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	proxy := startCutProxy(t, r.url)
	// The bot holds its 10th decision until the page is cut, and its 20th until the page has
	// said so while its stream was down: the page misses decisions 10 to 19's events.
	reached, cut := make(chan struct{}), make(chan struct{})
	id, played := heldGame(t, ctx, r, proxy.url, func(decision int) {
		switch decision {
		case 10:
			reached <- struct{}{}
			<-cut
		case 20:
			reached <- struct{}{}
		}
	})
	<-reached
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`Number(document.querySelector(".table").dataset.seq) > 0`)); err != nil {
		t.Fatal(err)
	}
	proxy.cut(true)
	awaitStatus(t, ctx, "reconnecting…")
	close(cut)
	<-reached
	proxy.cut(false)
	endsAsTheGame(t, ctx, r, id, played)
}

// TestWatchResumesAfterAnEarlyEnd watches a live game through an HTTP proxy that ends the page's
// first WatchTable stream after its fifth message with a Connect end message of no error, as the
// game's end would: the game is not over, so the page says "reconnecting…", watches again from
// the sixth event, and ends as the game did (endsAsTheGame). It showed the game as ended before.
func TestWatchResumesAfterAnEarlyEnd(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	target, err := url.Parse(r.url)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(target)
	var ended atomic.Bool
	rp.ModifyResponse = func(resp *http.Response) error {
		if strings.HasSuffix(resp.Request.URL.Path, "/WatchTable") && !ended.Swap(true) {
			resp.Body = &endsEarly{ReadCloser: resp.Body, left: 5}
		}
		return nil
	}
	proxy := httptest.NewServer(rp)
	t.Cleanup(proxy.Close)
	release := make(chan struct{})
	id, played := heldGame(t, ctx, r, proxy.URL, func(decision int) {
		if decision == 10 {
			<-release
		}
	})
	awaitStatus(t, ctx, "reconnecting…")
	close(release)
	endsAsTheGame(t, ctx, r, id, played)
}

// endsEarly passes a Connect stream's first left messages on, then its end message with no
// error (flag 2, "{}"), and then ends.
type endsEarly struct {
	io.ReadCloser
	left int
	out  []byte
}

func (e *endsEarly) Read(p []byte) (int, error) {
	for len(e.out) == 0 {
		if e.left < 0 {
			return 0, io.EOF
		}
		if e.left == 0 {
			e.out, e.left = []byte{2, 0, 0, 0, 2, '{', '}'}, -1
			break
		}
		head := make([]byte, 5)
		if _, err := io.ReadFull(e.ReadCloser, head); err != nil {
			return 0, err
		}
		msg := make([]byte, 5+binary.BigEndian.Uint32(head[1:]))
		copy(msg, head)
		if _, err := io.ReadFull(e.ReadCloser, msg[5:]); err != nil {
			return 0, err
		}
		e.out, e.left = msg, e.left-1
	}
	n := copy(p, e.out)
	e.out = e.out[n:]
	return n, nil
}

// TestPlayResumesAfterACut plays a game as a person through a proxy that cuts the page's
// connections mid-game: the page says "reconnecting…", offers its choice again when its Decide
// cannot be sent, joins again with resume_after_seq, gets the decision request still open, and
// ends as the game did: the record's final scores, and every event after its first Welcome
// folded once, the last one last.
func TestPlayResumesAfterACut(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	proxy := startCutProxy(t, r.url)
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}, Seed: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	page := proxy.url + "/play/" + id + "#seat=0&token=" + url.QueryEscape(resp.GetSeatTokens()[0].GetToken())
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	base := -1 // the seq of the first Welcome: the page folds the events after it
	decisions, wasCut := 0, false
	for deadline := time.Now().Add(3 * time.Minute); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the game is not over after 3 minutes and %d decisions", decisions)
		}
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("over") ? "over" :
			!(document.activeElement && document.activeElement.dataset.action) ? "wait" : "decide"`))
		if err != nil {
			t.Fatal(err)
		}
		if state == "over" {
			break
		}
		if state != "decide" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if base < 0 {
			seq, events := pageEvents(t, ctx)
			base = seq - events
		}
		if decisions == 10 && !wasCut { // cut while the page holds a decision request
			proxy.cut(true)
			// The page says what the referee does if the person is not back within the grace,
			// the seconds left shown (it said "reconnecting…" alone).
			status, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("status")?.textContent.startsWith("reconnecting…") && document.getElementById("status").textContent`))
			if err != nil || !cutStatus.MatchString(status) {
				t.Errorf("while cut the page's status says %q (%v), want %q", status, err, cutStatus)
			}
			// A choice made while cut does not reach the referee: the page offers the
			// request again, and shows no error.
			if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.activeElement?.dataset?.action !== undefined`)); err != nil {
				t.Fatalf("the page offers no choice after a Decide that failed: %v", err)
			}
			proxy.cut(false)
			awaitStatus(t, ctx, "")
			// The request again, with nothing said since the turn: nothing was played meanwhile
			// (the whole game so far was read out again: a browser trial).
			awaitTurn(t, ctx)
			if since, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#actions .since")?.textContent ?? ""`)); err != nil || since != "" {
				t.Errorf("back after a cut the page says %q (%v) of the moves since the turn, want nothing", since, err)
			}
			wasCut = true
			continue // the request comes again after the Welcome
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
			t.Fatal(err)
		}
		decisions++
	}
	rec := awaitRecord(t, r, id)
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the page's final scores %v, the record's %v", got, want)
	}
	if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the game ended %v, want completed", rec.GetResult())
	}
	if errs, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll(".error")].map(e => e.textContent).join("; ")`)); err != nil || errs != "" {
		t.Errorf("the page shows errors %q (%v), want none", errs, err)
	}
	seq, events := pageEvents(t, ctx)
	lastSeq, _ := watchedEnd(t, r, id)
	if seq != lastSeq || seq-events != base {
		t.Errorf("the page folded %d events, the last seq %d; want the %d after its first Welcome's seq %d, the last %d", events, seq, lastSeq-base, base, lastSeq)
	}
}

// cutStatus is the play page's status while cut, within the referee's default disconnect grace.
var cutStatus = regexp.MustCompile(`^reconnecting… Not back within 15 s, the referee plays each of your turns at once until you are back \(a game against bots can end within seconds\)\. \(1?\d s left\)$`)

// gateway is an HTTP proxy in front of a referee, as a load balancer is: while failing, it closes
// the connection of each method's first call unanswered and answers the next ones 503, as it does
// while the referee behind it restarts. It counts the calls of each method.
type gateway struct {
	url     string
	failing atomic.Bool
	mu      sync.Mutex
	calls   map[string]int
}

// startGateway proxies a loopback address to the referee at target (an http:// URL).
func startGateway(t *testing.T, target string) *gateway {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	g := &gateway{calls: map[string]int{}}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if strings.HasPrefix(req.URL.Path, "/bezique.v1.") {
			g.mu.Lock()
			g.calls[path.Base(req.URL.Path)]++
			n := g.calls[path.Base(req.URL.Path)]
			g.mu.Unlock()
			if g.failing.Load() && n == 1 {
				if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
					c.Close()
				}
				return
			}
			if g.failing.Load() {
				http.Error(w, "upstream connect error", http.StatusServiceUnavailable)
				return
			}
		}
		rp.ServeHTTP(w, req)
	}))
	t.Cleanup(hs.Close)
	g.url = hs.URL
	return g
}

// count returns how many calls of method (its last path element, "GetTable") came.
func (g *gateway) count(method string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.calls[method]
}

// awaitCalls waits until the gateway has had n calls of method.
func (g *gateway) awaitCalls(t *testing.T, method string, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); g.count(method) < n; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls of %s after 30 s, want %d", g.count(method), method, n)
		}
	}
}

// TestFirstLoadRetries opens pages whose first calls fail, but for a refusal, behind a gateway
// (the connection of the first closed unanswered, then 503s): the table's page and the tables
// page say "reconnecting…", call again with follow's back-off, and draw once the calls get
// through, showing no error. A table that does not exist (NOT_FOUND) shows the referee's error at
// once, after one GetTable. Before, the table's page showed "Failed to fetch" for good, and the
// tables page the error until a listing got through.
func TestFirstLoadRetries(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	rec := awaitRecord(t, r, id)
	gw := startGateway(t, r.url)
	noErrors := func(page string) {
		t.Helper()
		if errs, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll(".error")].map(e => e.textContent).join("; ")`)); err != nil || errs != "" {
			t.Errorf("%s shows errors %q (%v), want none", page, errs, err)
		}
	}

	gw.failing.Store(true)
	if err := chromedp.Do(ctx, chromedp.Navigate(gw.url+"/t/"+id)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("loading")?.textContent === "reconnecting…"`)); err != nil {
		t.Fatalf("the table's page never said reconnecting… while its GetTable failed: %v", err)
	}
	gw.awaitCalls(t, "GetTable", 3) // the closed connection, then two 503s: it called again after each
	noErrors("the table's page while its GetTable failed")
	gw.failing.Store(false)
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	if got, want := finalScores(t, ctx), recordScores(rec); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the table's page's final scores %v, the record's %v", got, want)
	}
	noErrors("the table's page")

	gw.failing.Store(true)
	if err := chromedp.Do(ctx, chromedp.Navigate(gw.url+"/")); err != nil {
		t.Fatal(err)
	}
	awaitStatus(t, ctx, "reconnecting…")
	gw.awaitCalls(t, "ListTables", 3)
	noErrors("the tables page while its listing failed")
	gw.failing.Store(false)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(`a[href="/replay/`+id+`"]`)); err != nil {
		t.Fatal(err)
	}
	awaitStatus(t, ctx, "")
	noErrors("the tables page")

	calls := gw.count("GetTable")
	if err := chromedp.Do(ctx, chromedp.Navigate(gw.url+"/t/t-0000000000000000")); err != nil {
		t.Fatal(err)
	}
	if msg, err := liveText(ctx, ".error"); err != nil || msg != `not_found: table "t-0000000000000000" not found` {
		t.Errorf("the page of a table that does not exist says %q (%v)", msg, err)
	}
	if n := gw.count("GetTable") - calls; n != 1 {
		t.Errorf("the page of a table that does not exist called GetTable %d times, want once", n)
	}
}

// TestTournamentPageResumesAfterACut follows a round robin (heldTournament) through a proxy that
// cuts the page's connections after the second game and refuses new ones while the third is
// played: the page says "reconnecting…", opens WatchTournament again, and ends listing each of
// the four games once, in the order GetTournament gives. It showed the cut as the page's end.
func TestTournamentPageResumesAfterACut(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	proxy := startCutProxy(t, r.url)
	tournaments, id, step := heldTournament(t, r, "", context.Background())
	if err := chromedp.Do(ctx, chromedp.Navigate(proxy.url+"/tournaments/"+id)); err != nil {
		t.Fatal(err)
	}
	played := func(n int) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelectorAll("#results li").length === %d`, n))); err != nil {
			t.Fatalf("the page never listed %d games: %v", n, err)
		}
	}
	step <- struct{}{}
	played(1)
	step <- struct{}{}
	played(2)
	proxy.cut(true)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("state")?.textContent === "reconnecting…"`)); err != nil {
		t.Fatalf("the page never said reconnecting…: %v", err)
	}
	step <- struct{}{} // the third game is played while the page is cut off
	for n := 0; n < 3; time.Sleep(10 * time.Millisecond) {
		now, err := tournaments.GetTournament(context.Background(), &pb.GetTournamentRequest{TournamentId: id})
		if err != nil {
			t.Fatal(err)
		}
		n = len(now.GetResults())
	}
	proxy.cut(false)
	played(3)
	step <- struct{}{}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("state")?.textContent === "Tournament finished"`)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#results li a")].map(a => a.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	now, err := tournaments.GetTournament(context.Background(), &pb.GetTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, res := range now.GetResults() {
		want = append(want, res.GetTableId())
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the page lists the games %v; the tournament played %v", got, want)
	}
}

// TestPlaySaysWhenTheGraceHasPassed cuts a person's play page for longer than its table's
// disconnect grace (three seconds): the page says what the referee will do within the grace, then
// that it does it now, and, back, the person's turn comes again.
func TestPlaySaysWhenTheGraceHasPassed(t *testing.T) {
	r := startReferee(t)
	ctx := browser(t)
	proxy := startCutProxy(t, r.url)
	resp, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}},
		FailurePolicy: &pb.FailurePolicy{DisconnectGraceMs: 3000}, Clock: &pb.Clock{DecisionMs: 60000}})
	if err != nil {
		t.Fatal(err)
	}
	page := proxy.url + "/play/" + resp.GetTableId() + "#seat=0&token=" + url.QueryEscape(resp.GetSeatTokens()[0].GetToken())
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitVisible("#actions .prompt")); err != nil {
		t.Fatal(err)
	}
	proxy.cut(true)
	status, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("status")?.textContent.startsWith("reconnecting…") && document.getElementById("status").textContent`))
	if want := regexp.MustCompile(`^reconnecting… Not back within 3 s, the referee plays each of your turns at once until you are back \(a game against bots can end within seconds\)\. \([123] s left\)$`); err != nil || !want.MatchString(status) {
		t.Errorf("while cut the page's status says %q (%v), want %q", status, err, want)
	}
	awaitStatus(t, ctx, "reconnecting… The referee plays each of your turns at once until you are back (a game against bots can end within seconds).")
	proxy.cut(false)
	// Back: the game goes on, or the referee has played it to its end meanwhile (against a bot,
	// within a second): the status says nothing, or links the replay.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`["", "Replay this game"].includes(document.getElementById("status")?.textContent)`)); err != nil {
		t.Fatalf("back, the page's status never said nothing or the replay's link: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.activeElement?.dataset?.action !== undefined || document.getElementById("over") !== null`)); err != nil {
		t.Fatalf("back, the page offers no choice: %v", err)
	}
}
