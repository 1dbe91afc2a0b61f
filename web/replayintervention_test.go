package web_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestReplayShowsInterventions: a game whose remote seat never answers (each of its actions
// auto-played at its deadline) replays with each of the referee's moves said on the last-move
// line at its step, "Played for sleeper by the referee (out of time): the seven of diamonds",
// and in the list below the board; the deal picker lands before the referee's play
// of a deal's first card. A step onto an intervention changed nothing on the board, the list
// read "sleeper: auto play timeout" with no card, and GetReplay had no intervention at all before
// (an HTTP bot author's trial, then a re-trial).
func TestReplayShowsInterventions(t *testing.T) {
	r := startReferee(t)
	ctx := context.Background()
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true, Seed: make([]byte, 32),
		Options: map[string]string{"target": "700"}, Clock: &pb.Clock{DecisionMs: 10, BankMs: proto.Uint32(0)},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "sleeper"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	sleepThrough(t, r, resp)
	awaitRecord(t, r, resp.GetTableId())
	replay, err := r.tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	first, interventions := -1, 0 // the first intervention that plays a card, and how many
	for i, ev := range replay.GetEvents() {
		if ev.GetIntervention() == nil {
			continue
		}
		interventions++
		if first < 0 && ev.GetIntervention().GetAction().GetPlay() != nil {
			first = i
		}
	}
	if first < 0 {
		t.Fatal("the replay has no intervention playing a card")
	}
	card := replay.GetEvents()[first].GetIntervention().GetAction().GetPlay().GetCard()
	want := "Played for sleeper by the referee (out of time): the " + strings.ToLower(strings.TrimPrefix(card.GetRank().String(), "RANK_")) +
		" of " + strings.ToLower(strings.TrimPrefix(card.GetSuit().String(), "SUIT_"))
	bctx := browser(t)
	step := func(k int) {
		t.Helper()
		if err := chromedp.Do(bctx, chromedp.SetValue("#step", strconv.Itoa(k))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`document.getElementById("step").dispatchEvent(new Event("input"))`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/replay/"+resp.GetTableId()), chromedp.WaitVisible("#step")); err != nil {
		t.Fatal(err)
	}
	step(first + 1)
	last, err := chromedp.Run(bctx, chromedp.Text("p.last"))
	if err != nil || last != want {
		t.Errorf("at the first intervention's step the last-move line says %q (%v), want %q", last, err, want)
	}
	listed, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".interventions li")].map((li) => li.textContent)`))
	if err != nil || len(listed) == 0 || listed[len(listed)-1] != want {
		t.Errorf("the interventions listed: %q (%v), want the last %q", listed, err, want)
	}
	// The deal picker: each deal at the step before its first card's play, and before the
	// referee's announcement when it played that card (the picker landed after it).
	var deals []int
	before := 0 // deals whose first card the referee played
	for i, ev := range replay.GetEvents() {
		switch {
		case ev.GetDealStarted() != nil:
			deals = append(deals, -1)
		case ev.GetCardPlayed() != nil && len(deals) > 0 && deals[len(deals)-1] < 0:
			deals[len(deals)-1] = i
			if replay.GetEvents()[i-1].GetIntervention() != nil {
				deals[len(deals)-1], before = i-1, before+1
			}
		}
	}
	if len(deals) < 2 || before == 0 {
		t.Fatalf("%d deals, %d of them begun by the referee's play: not the case tried", len(deals), before)
	}
	for d, want := range deals {
		got, err := chromedp.Run(bctx, chromedp.Evaluate[string](`(() => { const p = document.getElementById("deal"); p.value = "`+strconv.Itoa(d)+`";
			p.dispatchEvent(new Event("change")); return document.getElementById("step").value; })()`))
		if err != nil || got != strconv.Itoa(want) {
			t.Errorf("deal %d picked: step %s (%v), want %d", d+1, got, err, want)
		}
	}
	// Every step: at the game's end the last ten interventions listed, after how many came before
	// (all of them, hundreds, were listed below the board).
	step(len(replay.GetEvents()))
	if interventions <= 10 {
		t.Fatalf("%d interventions: not the case tried", interventions)
	}
	got, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[document.querySelector(".interventions h3").textContent, document.querySelector(".interventions p").textContent,
		String(document.querySelectorAll(".interventions li").length)]`))
	if want := []string{fmt.Sprintf("Interventions (%d)", interventions), fmt.Sprintf("%d earlier, then:", interventions-10), "10"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("at the game's end the interventions say %q (%v), want %q", got, err, want)
	}
	// The table's live page lists the referee's plays once: "Played for sleeper by the referee (out
	// of time): the ace of spades", not "Ace of spades played by sleeper" after it too (a browser
	// trial). The sleeper answered nothing: none of its cards is said played by it.
	if err := chromedp.Do(bctx, chromedp.Navigate(r.url+"/t/"+resp.GetTableId()), chromedp.WaitVisible("#over")); err != nil {
		t.Fatal(err)
	}
	moves, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".moves li")].map((li) => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	playedFor, playedBy := 0, 0
	for _, m := range moves {
		if strings.HasPrefix(m, "Played for sleeper by the referee (out of time): the ") {
			playedFor++
		}
		if strings.HasSuffix(m, " played by sleeper") {
			playedBy++
		}
	}
	if playedFor == 0 || playedBy != 0 {
		t.Errorf("the table's last moves %q: %d said played for sleeper, %d played by it; want some, none", moves, playedFor, playedBy)
	}
	// The end says the referee played the sleeper's actions: it read as a plain win (an
	// integrator's trial).
	gr, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	rec := gr.GetRecord()
	if got := rec.GetResult().GetAutoPlayed(); !slices.Equal(got, []uint32{uint32(interventions), 0}) {
		t.Errorf("result.auto_played %v, want [%d 0], the replay's interventions", got, interventions)
	}
	over, err := chromedp.Run(bctx, chromedp.Text("#over"))
	if want := fmt.Sprintf("Game over: completed, side %d wins (%d actions of seat 0 played by the referee)", rec.GetResult().GetWinnerSide(), interventions); err != nil || over != want {
		t.Errorf("the table's end says %q (%v), want %q", over, err, want)
	}
}

// sleepThrough joins seat 0 of the table resp made and answers nothing until the game is over.
func sleepThrough(t *testing.T, r *referee, resp *pb.CreateTableResponse) {
	t.Helper()
	stream, err := pb.NewSeatServiceClient(r.cc).Connect(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0,
		Token: resp.GetSeatTokens()[0].GetToken()}}}); err != nil {
		t.Fatal(err)
	}
	for {
		msg, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if msg.GetGameOver() != nil {
			return
		}
	}
}
