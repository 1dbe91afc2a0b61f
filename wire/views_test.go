package wire_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestViewTrickWinnerAndMeldValues checks the wire form of the view's trick winner, beating cards
// and meld table, against the engine view they come from, through a whole seeded four-handed
// game.
func TestViewTrickWinnerAndMeldValues(t *testing.T) {
	g, err := engine.NewGame(engine.DefaultRules(engine.FourHanded), engine.Dealing{Seed: engine.SeedFromUint64(3)})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"common_marriage 20", "royal_marriage 40", "sequence 250", "bezique 40", "double_bezique 500",
		"triple_bezique 1500", "quadruple_bezique 4500", "four_aces 100", "four_kings 80", "four_queens 60", "four_jacks 40"}
	var buf []engine.Action
	followed := 0
	for !g.Over() {
		seat := g.Turn()
		ev := g.View(seat)
		v := wire.ViewToProto(ev)
		if len(v.GetMeldValues()) != len(want) {
			t.Fatalf("%d meld values, want %d", len(v.GetMeldValues()), len(want))
		}
		for i, mv := range v.GetMeldValues() {
			if got := engine.MeldKind(mv.GetKind()).String() + " " + strconv.Itoa(int(mv.GetPoints())); got != want[i] {
				t.Fatalf("meld value %d: %s, want %s", i, got, want[i])
			}
		}
		if len(ev.Trick) == 0 {
			if v.TrickWinner != nil || len(v.GetBeatingCards()) != 0 {
				t.Fatalf("empty trick: winner %v, beating %v", v.GetTrickWinner(), v.GetBeatingCards())
			}
		} else {
			followed++
			w := v.GetTrickWinner()
			if int(w.GetSeat()) != ev.TrickWinner.Seat || w.GetCard() != wire.CardToProto(ev.TrickWinner.Card) {
				t.Fatalf("trick winner %v, engine %v", w, ev.TrickWinner)
			}
			if len(v.GetBeatingCards()) != len(ev.Beating) {
				t.Fatalf("beating %v, engine %v", v.GetBeatingCards(), ev.Beating)
			}
			for i, c := range v.GetBeatingCards() {
				if c != wire.CardToProto(ev.Beating[i]) {
					t.Fatalf("beating %v, engine %v", v.GetBeatingCards(), ev.Beating)
				}
			}
		}
		buf = g.Legal(seat, buf[:0])
		if _, err := g.Apply(seat, buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	if followed == 0 {
		t.Fatal("no view with a trick in progress")
	}
	if v := wire.ViewToProto(g.View(engine.NoSeat)); v.TrickWinner != nil || len(v.GetBeatingCards()) != 0 {
		t.Fatalf("game over: winner %v, beating %v", v.GetTrickWinner(), v.GetBeatingCards())
	}
}

// TestViewPlaysFromTableOnTheWire: the full view's plays (current trick, trick winner, finished
// tricks) carry the engine view's FromTable, and the compact view's packed plays its bit (1024):
// both said false of every play (an outside audit of the views).
func TestViewPlaysFromTableOnTheWire(t *testing.T) {
	fromTable := 0
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := range uint64(5) {
		g, err := engine.NewGame(engine.DefaultRules(engine.TwoHanded), engine.Dealing{Seed: engine.SeedFromUint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		var views wire.Views
		var buf []engine.Action
		for !g.Over() {
			seat := g.Turn()
			ev := g.View(seat)
			full := views.Full(g, seat)
			var want, got []bool
			for _, p := range ev.Trick {
				want = append(want, p.FromTable)
			}
			for _, p := range full.GetCurrentTrick() {
				got = append(got, p.GetFromTable())
			}
			for _, tr := range ev.Tricks {
				for _, p := range tr.Plays {
					want = append(want, p.FromTable)
				}
			}
			for _, tr := range full.GetPastTricks() {
				for _, p := range tr.GetPlays() {
					got = append(got, p.GetFromTable())
				}
			}
			if len(ev.Trick) > 0 {
				want, got = append(want, ev.TrickWinner.FromTable), append(got, full.GetTrickWinner().GetFromTable())
			}
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d: the full view's from_table %v, the engine view's %v", seed, got, want)
			}
			var packed []bool
			for _, p := range views.Compact(g, seat).GetPastTrickPlays() {
				packed = append(packed, p >= 1024)
			}
			var past []bool
			for _, tr := range ev.Tricks {
				for _, p := range tr.Plays {
					past = append(past, p.FromTable)
					if p.FromTable {
						fromTable++
					}
				}
			}
			if !slices.Equal(packed, past) {
				t.Fatalf("seed %d: the compact view's from_table bits %v, the engine view's %v", seed, packed, past)
			}
			buf = g.Legal(seat, buf[:0])
			if _, err := g.Apply(seat, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if fromTable == 0 {
		t.Fatal("no play from the table in a view: the test saw nothing")
	}
}

// TestViewShownInHandOnTheWire: every seat's shown_in_hand, in the full view and in the compact
// one expanded, is the engine view's ShownInHand of that seat, by card id, for the spectators and
// the seat to act.
func TestViewShownInHandOnTheWire(t *testing.T) {
	shown := 0
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := range uint64(5) {
		g, err := engine.NewGame(engine.DefaultRules(engine.TwoHanded), engine.Dealing{Seed: engine.SeedFromUint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		var views wire.Views
		var buf []engine.Action
		for !g.Over() {
			for _, seat := range []int{engine.NoSeat, g.Turn()} {
				ev := g.View(seat)
				full := views.Full(g, seat)
				compact := proto.Clone(views.Compact(g, seat)).(*pb.View)
				if err := wire.ExpandView(compact, nil); err != nil {
					t.Fatal(err)
				}
				for s, want := range ev.ShownInHand {
					shown += len(want)
					for form, v := range map[string]*pb.View{"full": full, "compact": compact} {
						var got []engine.Card
						for _, c := range v.GetSeats()[s].GetShownInHand() {
							got = append(got, engine.Card(c.GetId()))
						}
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d, seat %d's %s view: seat %d shown_in_hand %v, the engine view's %v", seed, seat, form, s, got, want)
						}
					}
				}
			}
			seat := g.Turn()
			buf = g.Legal(seat, buf[:0])
			if _, err := g.Apply(seat, buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if shown == 0 {
		t.Fatal("no card shown in hand in a view: the test saw nothing")
	}
}
