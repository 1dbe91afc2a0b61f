package engine

import (
	"reflect"
	"testing"
)

// TestViewTrickWinnerAndBeating checks the view's trick winner and the viewing seat's cards that
// would take the trick, in the four-handed game (hearts trumps): the trick winner changes hands
// as seats play, a same-face copy does not beat the first played (RULES.md §1.2), and a trump
// beats any plain card.
func TestViewTrickWinnerAndBeating(t *testing.T) {
	p := setup(t, position{variant: FourHanded, turnUp: "8Ha", fill: 20,
		hands: []string{"TSa 9Da", "ASa 7Ha KDa", "TSb JSa 7Hb", "QSa 9Ca"}})
	p.trick(0)
	v := p.g.View(1)
	if want := (PlayedCard{Seat: NoSeat, Card: NoCard}); v.TrickWinner != want || v.Beating != nil {
		t.Fatalf("before the lead: winner %v, beating %v; want %v and none", v.TrickWinner, v.Beating, want)
	}
	p.do(0, p.play("TSa"))
	v = p.g.View(1)
	if want := (PlayedCard{Seat: 0, Card: card(t, "TSa")}); v.TrickWinner != want {
		t.Fatalf("after TSa: winner %v, want %v", v.TrickWinner, want)
	}
	if want := cards(t, "ASa 7Ha"); !reflect.DeepEqual(v.Beating, want) {
		t.Fatalf("seat 1 after TSa: beating %v, want %v", v.Beating, want)
	}
	p.do(1, p.play("ASa"))
	v = p.g.View(2)
	if want := (PlayedCard{Seat: 1, Card: card(t, "ASa")}); v.TrickWinner != want {
		t.Fatalf("after ASa: winner %v, want %v", v.TrickWinner, want)
	}
	if want := cards(t, "7Hb"); !reflect.DeepEqual(v.Beating, want) {
		t.Fatalf("seat 2 after ASa: beating %v, want %v (TSb and JSa are lower)", v.Beating, want)
	}
	if s := p.g.View(NoSeat); s.Beating != nil || s.TrickWinner.Seat != 1 {
		t.Fatalf("spectator: winner %v, beating %v; want seat 1 and none", s.TrickWinner, s.Beating)
	}
}

// TestViewMeldValues checks the meld table a view carries: the engine's values under the rules,
// with the bezique levels a variant's packs cannot form at 0 and quadruple_value applied.
func TestViewMeldValues(t *testing.T) {
	base := [NumMeldKinds]int{CommonMarriage: 20, RoyalMarriage: 40, Sequence: 250, Bezique: 40, DoubleBezique: 500,
		FourAces: 100, FourKings: 80, FourQueens: 60, FourJacks: 40}
	three, four, four9 := base, base, base
	three[TripleBezique] = 1500
	four[TripleBezique], four[QuadrupleBezique] = 1500, 4500
	four9[TripleBezique], four9[QuadrupleBezique] = 1500, 9000
	for _, c := range []struct {
		v    Variant
		opts map[string]string
		want [NumMeldKinds]int
	}{
		{TwoHanded, nil, base},
		{ThreeHanded, nil, three},
		{FourHanded, nil, four},
		{FourHanded, map[string]string{"quadruple_value": "9000"}, four9},
	} {
		r, err := NewRules(c.v, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(r, Dealing{Seed: SeedFromUint64(1)})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.View(0).MeldValues; got != c.want {
			t.Errorf("%s %v: meld values %v, want %v", c.v, c.opts, got, c.want)
		}
	}
}
