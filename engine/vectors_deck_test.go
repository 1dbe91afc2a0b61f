package engine

import (
	"testing"
)

// The RULES.md §6 vectors of option deck=63 (three-handed, RULES.md §3.2.1, §8.17).

// 53. deck=63 (3p): 63 cards, 8♣b left out; 24 dealt, the 25th turned up, 38 face-down; a stacked
// deal or an action naming 8♣b → refused; 13 phase-1 tricks and 8 phase-2 tricks, brisques 160.
func TestVector53Deck63(t *testing.T) {
	r, err := NewRules(ThreeHanded, map[string]string{"deck": "63"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(r, Dealing{Seed: SeedFromUint64(49), Deals: 1})
	if err != nil {
		t.Fatal(err)
	}
	if g.stockEnd != 38 || g.turnUp == NoCard || g.nheld != [4]int{8, 8, 8, 0} {
		t.Fatalf("dealt %v cards, turn-up %s, stock %d; want 8 each, a turn-up and 38", g.nheld, g.turnUp, g.stockEnd)
	}
	if SuppressedEight.String() != "8Cb" || g.turnUp == SuppressedEight || g.holds(0, SuppressedEight) ||
		g.holds(1, SuppressedEight) || g.holds(2, SuppressedEight) {
		t.Fatalf("8Cb is in the deal")
	}
	for _, c := range g.stock[:g.stockEnd] {
		if c == SuppressedEight {
			t.Fatalf("8Cb is in the stock")
		}
	}
	err = g.Check(g.Turn(), Play(SuppressedEight))
	if e, ok := err.(*Error); !ok || e.Code != CodeMalformed || e.Msg != "card id 57 is not in the 63-card deck" {
		t.Fatalf("playing 8Cb: %v, want malformed: card id 57 is not in the 63-card deck", err)
	}
	sd := StackedDeal{Dealer: 0, TurnUp: SuppressedEight}
	for s := range 3 {
		sd.Hands = append(sd.Hands, nil)
		for c := range 8 {
			sd.Hands[s] = append(sd.Hands[s], Card(s*8+c))
		}
	}
	if _, err := NewGame(r, Dealing{Stacked: []StackedDeal{sd}}); err == nil ||
		err.Error() != "bezique: stacked deal: 8Cb is not in the 63-card deck (deck=63 leaves it out, RULES.md §8.17)" { // the only one: no "(stacked deal 1)"
		t.Fatalf("stacked deal naming 8Cb: %v", err)
	}
	var legal []Action
	for !g.Over() {
		legal = g.Legal(g.Turn(), legal[:0])
		if _, err := g.Apply(g.Turn(), legal[len(legal)-1]); err != nil { // end every window: no melds
			t.Fatal(err)
		}
	}
	tricks, phase2After, brisques := 0, 0, 0
	for _, e := range g.Events() {
		switch e.Kind {
		case EvTrick:
			tricks++
		case EvPhase2:
			phase2After = tricks
		case EvBrisques:
			brisques += int(e.Brisques)
		}
	}
	if tricks != 21 || phase2After != 13 || brisques != 16 {
		t.Fatalf("%d tricks, phase 2 after trick %d, %d brisques; want 21, 13, 16 (160 points)", tricks, phase2After, brisques)
	}
}

// 54. deck=63 last draw: trick 13 won by seat 1 with the stock at 2 face-down + turn-up → seats 1
// and 2 draw the face-down cards, seat 0 the turn-up; trick 14 is phase 2.
func TestVector54Deck63LastDraw(t *testing.T) {
	p := setup(t, position{variant: ThreeHanded, opts: map[string]string{"deck": "63"}, turnUp: "9Ca", stock: "JHa JHb", trickNo: 12,
		hands: []string{"8Hb", "ASa", "8Ha"}})
	p.trick(1)
	p.ok(1, p.play("ASa"), "seat 1 plays ASa")
	p.ok(2, p.play("8Ha"), "seat 2 plays 8Ha")
	p.ok(0, p.play("8Hb"), "seat 0 plays 8Hb", "trick 13 to seat 1: ASa 8Ha 8Hb")
	p.ok(1, endWin, "seat 1 end_window", "seat 1 draws JHa", "seat 2 draws JHb", "seat 0 draws 9Ca",
		"phase 2 duel 0, seat 1 leads")
	p.is("trick2 act=1 trump=C up=-- stock=0 totals=[0 0 0] | 0: 9Ca / - | 1: JHa / - | 2: JHb / -")
	if p.g.trickNo != 14 {
		t.Fatalf("trick %d, want 14", p.g.trickNo)
	}
}
