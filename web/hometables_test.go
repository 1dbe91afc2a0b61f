package web_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestHomeListsRecentTables: with 201 ended tables (cancelled, each with its record), one forfeited
// on time after them, and one waiting for its seats created last, the home page lists the waiting
// one, then the 50 most recently ended, newest first, a tournament's games left out. It listed ListTables' first
// page of 200, the oldest tables, reversed: past 200 tables, a table created after the 200th (a
// game a person had just started from this page) never showed. Each ended row says who won, or
// who forfeited and why, or that there is no result (it gave the scores alone).
func TestHomeListsRecentTables(t *testing.T) {
	r := startReferee(t)
	ctx := context.Background()
	create := func() string {
		t.Helper()
		resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "north"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "south"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetTableId()
	}
	var ended []string
	for range 201 {
		id := create()
		if _, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id, Reason: "test"}); err != nil {
			t.Fatal(err)
		}
		ended = append(ended, id)
	}
	// A tournament's games, ended after them, are on its own page, not among the tables ended last:
	// they pushed every other game out of the list (a platform's trial).
	tournaments := pb.NewTournamentServiceClient(r.cc)
	created, err := tournaments.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Format: pb.TournamentFormat_TOURNAMENT_FORMAT_ROUND_ROBIN, Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 2,
		Options: map[string]string{"target": "100"}, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		got, err := tournaments.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: created.GetTournament().GetTournamentId(), PageSize: 1})
		if err == nil && got.GetTournament().GetState() == pb.TournamentState_TOURNAMENT_STATE_FINISHED {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament has not finished in a minute: %v", err)
		}
	}
	// A table forfeited on time, ended last: its row names who forfeited and why, and who won.
	forfeited, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "sleeper"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}},
		Clock: &pb.Clock{DecisionMs: 100, BankMs: proto.Uint32(0)}, FailurePolicy: &pb.FailurePolicy{OnTimeout: pb.FailureAction_FAILURE_ACTION_FORFEIT}})
	if err != nil {
		t.Fatal(err)
	}
	sleepThrough(t, r, forfeited) // the sleeper answers nothing
	rec := awaitRecord(t, r, forfeited.GetTableId())
	waiting := create()
	want := []string{waiting} // the waiting table, then the 50 ended last, newest first
	want = append(want, forfeited.GetTableId())
	for _, id := range slices.Backward(ended[len(ended)-49:]) {
		want = append(want, id)
	}
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("table.tables tbody tr")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.tables tbody tr td:first-child a")].map((a) => a.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the home page lists %d tables, %q … %q; want %d, %q … %q", len(got), got[:min(3, len(got))], got[max(0, len(got)-3):],
			len(want), want[:3], want[len(want)-3:])
	}
	// The result column: the scores alone for the waiting table; the forfeit named, with the scores and
	// the winner; no result for a cancelled table (the list gave the scores alone).
	results, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.tables tbody tr")].slice(0, 3).map((tr) => tr.lastElementChild.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	// The waiting table is dealt: a turn-up seven has scored its dealer 10 (1 deal in 8).
	info, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: waiting})
	if err != nil {
		t.Fatal(err)
	}
	waitingScores := info.GetTable().GetScores()
	scores := rec.GetResult().GetScores()
	if want := []string{fmt.Sprintf("%d – %d", waitingScores[0].GetTotal(), waitingScores[1].GetTotal()), fmt.Sprintf("%d – %d: forfeit by sleeper (timeout), random won", scores[0].GetTotal(), scores[1].GetTotal()), "no result"}; !slices.Equal(results, want) {
		t.Errorf("the first three rows' results %q, want %q", results, want)
	}
}

// TestHomeKeepsFocusAndMakesOneGame: the home page's list, reloaded every 2 s, is drawn again only
// when it changed, and is no live region: a link focused keeps the focus (it went to the body at
// each reload, and the list was announced again); and two presses of "Play a two-handed game"
// make one table (on a slow connection three presses made three, two left waiting for a person:
// an accessibility review).
func TestHomeKeepsFocusAndMakesOneGame(t *testing.T) {
	r := startReferee(t)
	ctx := context.Background()
	ended, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	awaitRecord(t, r, ended.GetTableId())
	bctx := browser(t)
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("table.tables tbody tr a"), chromedp.Focus("table.tables tbody tr a")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2500 * time.Millisecond) // a reload of the list at least
	kept, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`document.activeElement === document.querySelector("table.tables tbody tr a") &&
		!document.getElementById("list").hasAttribute("aria-live")`))
	if err != nil || !kept {
		t.Errorf("after a reload of the list, the focused link kept the focus and the list is no live region: %v (%v)", kept, err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => { const f = document.getElementById("newgame"); f.requestSubmit(); f.requestSubmit(); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.WaitVisible(".seat")); err != nil {
		t.Fatal(err)
	}
	waiting, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_WAITING})
	if err != nil {
		t.Fatal(err)
	}
	playing, err := r.tables.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_PLAYING})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(waiting.GetTables()) + len(playing.GetTables()); n != 1 {
		t.Errorf("two presses made %d tables, want 1", n)
	}
}
