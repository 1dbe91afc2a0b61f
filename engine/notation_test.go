package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestActionTextRoundTrip parses back the text of every legal action of random games of every
// variant, and of the same actions with an unset meld kind.
func TestActionTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for _, v := range Variants {
		for game := range 3 {
			g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(game)), Deals: 1})
			if err != nil {
				t.Fatal(err)
			}
			var buf []Action
			for !g.Over() {
				buf = g.Legal(g.Turn(), buf[:0])
				for _, a := range buf {
					bare := a
					bare.Meld.Kind, bare.Meld.Points = NoMeld, 0
					for _, want := range []Action{a, bare} {
						got, err := ParseAction(want.String())
						if err != nil || got != want {
							t.Fatalf("ParseAction(%q) = %+v, %v; want %+v", want.String(), got, err, want)
						}
						n++
					}
				}
				if _, err := g.Apply(g.Turn(), buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d actions round-tripped", n)
}

func TestParseActionForms(t *testing.T) {
	qs, jd := NewCard(NewFace(Spades, Queen), 1), NewCard(NewFace(Diamonds, Jack), 0)
	seven := NewCard(NewFace(Hearts, Seven), 1)
	cases := map[string]Action{
		"play QSb":                  Play(qs),
		" play  10H ":               Play(NewCard(NewFace(Hearts, Ten), 0)),
		"play Q♠b":                  Play(qs),
		"meld QSb JDa":              MeldOf(qs, jd),
		"meld bezique QSb JDa":      {Kind: DeclareMeld, Card: NoCard, Meld: Meld{Kind: Bezique, Cards: NewCardSet(qs, jd)}},
		"meld bezique QSb JDa (40)": {Kind: DeclareMeld, Card: NoCard, Meld: Meld{Kind: Bezique, Cards: NewCardSet(qs, jd), Points: 40}},
		"exchange 7Hb":              {Kind: ExchangeSeven, Card: seven},
		"declare 7Hb":               {Kind: DeclareSeven, Card: seven},
		"pass":                      {Kind: PassMeld, Card: NoCard},
		"end":                       {Kind: EndWindow, Card: NoCard},
	}
	for in, want := range cases {
		want := want
		if want.Kind == DeclareMeld {
			want.Card = NoCard
		}
		got, err := ParseAction(in)
		if err != nil || got != want {
			t.Errorf("ParseAction(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for in, msg := range map[string]string{
		"":                   "empty action text",
		"jump QS":            `unknown verb "jump"`,
		"play":               "play takes one card, got 0 words",
		"play QS JD":         "play takes one card, got 2 words",
		"play QX":            `unknown suit "X"`,
		"play QSz":           `card "QSz": unknown copy letter "z" (want a to f, as many as the variant's packs)`, // it said unknown suit "Sz" (a trial)
		"end now":            `end takes nothing, got "now"`,
		"meld bezique QS":    "a meld has 2 to 8 cards, got 1",
		"meld QS JD (forty)": "points (forty): want a number in parentheses",
		"meld QS ZD":         `unknown rank "Z"`,
		"exchange":           "exchange takes one card, got 0 words",
	} {
		_, err := ParseAction(in)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseAction(%q) = %v; want an error containing %q", in, err, msg)
		}
	}
}

// TestDealsEndsTheGame: with Dealing.Deals 1 the game ends after its one stacked deal, won by the
// side with the highest total, and no second deal is shuffled from the seed.
func TestDealsEndsTheGame(t *testing.T) {
	d := stackedWithTurnUp(TwoHanded, 0, NewFace(Diamonds, Seven))
	g, err := NewGame(DefaultRules(TwoHanded), Dealing{Stacked: []StackedDeal{d}, Deals: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf []Action
	for !g.Over() {
		buf = g.Legal(g.Turn(), buf[:0])
		if _, err := g.Apply(g.Turn(), buf[0]); err != nil {
			t.Fatal(err)
		}
	}
	evs := g.Events()
	last := evs[len(evs)-1]
	if g.Deal() != 1 || last.Kind != EvGameEnd || evs[len(evs)-2].Kind != EvDealEnd {
		t.Fatalf("deal %d, last events %v", g.Deal(), eventStrings(evs[len(evs)-2:]))
	}
	tot := g.Totals()
	want := 0
	if tot[1] > tot[0] {
		want = 1
	}
	if tot[0] == tot[1] {
		want = -1
	}
	if g.Winner() != want || last.Side != want {
		t.Fatalf("totals %v: winner %d (event side %d), want %d", tot, g.Winner(), last.Side, want)
	}
	if _, err := NewGame(DefaultRules(TwoHanded), Dealing{Deals: -1}); err == nil || !strings.Contains(err.Error(), "-1 deals") {
		t.Fatalf("Deals -1: %v", err)
	}
}

// TestStackedDealCopies: a stacked deal names its copies; a repeated card and a copy beyond the
// variant's packs are refused with the card named.
func TestStackedDealCopies(t *testing.T) {
	d := stackedWithTurnUp(TwoHanded, 0, NewFace(Diamonds, Seven))
	d.Hands[0][0], d.Hands[0][1] = d.Hands[0][1], d.Hands[0][0]
	if _, err := NewGame(DefaultRules(TwoHanded), Dealing{Stacked: []StackedDeal{d}}); err != nil {
		t.Fatal(err)
	}
	twice := d
	twice.Hands = [][]Card{append([]Card(nil), d.Hands[0]...), d.Hands[1]}
	twice.Hands[0][0] = twice.Hands[0][1]
	third := d
	third.Hands = [][]Card{append([]Card(nil), d.Hands[0]...), d.Hands[1]}
	third.Hands[0][0] = NewCard(d.Hands[0][0].Face(), 2)
	// A card in two places names both (it said "appears twice" alone: a trial).
	stock := d
	stock.Stock = append([]Card(nil), d.Stock...)
	stock.Stock[0] = d.Hands[1][2]
	for sd, msg := range map[*StackedDeal]string{
		&stock: "bezique: stacked deal: " + d.Hands[1][2].String() + " appears twice, in seat 1's hand and in the stock",
		&twice: "stacked deal: " + d.Hands[0][1].String() + " appears twice in seat 0's hand",
		&third: "stacked deal: " + third.Hands[0][0].String() + ": more than 2 copies of " + d.Hands[0][0].Face().String(),
	} {
		if _, err := NewGame(DefaultRules(TwoHanded), Dealing{Stacked: []StackedDeal{*sd}}); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("NewGame: %v; want %q", err, msg)
		}
	}
}

// TestCardTextBounded: a card text longer than any card is refused by its length, not quoted
// (60 000 bytes came back quoted twice), and an unknown rank is its first character, not its
// first byte ("é" read as "\xc3"): an attack trial.
func TestCardTextBounded(t *testing.T) {
	for text, want := range map[string]string{
		"7S" + strings.Repeat("x", 60000): "bezique: card text of 60002 bytes: not a card (a card is at most 6 bytes, \"10♠f\")",
		"éS":                              `bezique: card "éS": unknown rank "é" (want one of A T 10 K Q J 9 8 7)`,
	} {
		if _, err := ParseCard(text); err == nil || err.Error() != want {
			t.Errorf("ParseCard(%.20q…): %v; want %q", text, err, want)
		}
	}
}
