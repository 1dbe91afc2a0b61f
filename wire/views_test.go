package wire_test

import (
	"strconv"
	"testing"

	"github.com/bezique-arena/bezique/engine"
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
