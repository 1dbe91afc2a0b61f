package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// hiddenFrom returns the cards whose identity seat s cannot know now: the face-down stock and
// the other seats' hands, less every card that has ever been shown (played, tabled, turn-up,
// exchanged, declared, revealed) — a card once seen stays known.
func hiddenFrom(g *Game, s int) []Card {
	shown := make(map[Card]bool)
	for _, e := range g.Events() {
		if e.Private {
			continue
		}
		for _, c := range []Card{e.Card, e.Taken} {
			if c != NoCard {
				shown[c] = true
			}
		}
		for i := 0; i < e.Cards.Len(); i++ {
			shown[e.Cards.At(i)] = true
		}
		for i := 0; i < e.Meld.Cards.Len(); i++ {
			shown[e.Meld.Cards.At(i)] = true
		}
	}
	var out []Card
	for c := 0; c < g.ncards; c++ {
		st := g.cs[c]
		hidden := st.loc == locStock || (st.loc == locHand && int(st.owner) != s)
		if hidden && !shown[Card(c)] {
			out = append(out, Card(c))
		}
	}
	return out
}

// swapHidden exchanges two physical cards everywhere in the game state, the log included.
func swapHidden(g *Game, a, b Card) {
	swap := func(c Card) Card {
		switch c {
		case a:
			return b
		case b:
			return a
		}
		return c
	}
	g.cs[a], g.cs[b] = g.cs[b], g.cs[a]
	for s := 0; s < g.n; s++ {
		for i := 0; i < g.nheld[s]; i++ {
			g.held[s][i] = swap(g.held[s][i])
		}
	}
	for i := g.stockTop; i < g.stockEnd; i++ {
		g.stock[i] = swap(g.stock[i])
	}
	for i := range g.log {
		e := &g.log[i]
		e.card, e.taken = swap(e.card), swap(e.taken)
		for k := 0; k < e.cards.Len(); k++ {
			e.cards.cards[k] = swap(e.cards.cards[k])
		}
	}
}

// TestViewHidesHiddenCards: two states that differ only in cards hidden from seat s give
// identical View(s), identical Legal(s) and identical redacted event logs (RULES.md §8.9).
func TestViewHidesHiddenCards(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, v := range Variants {
		for gi := 0; gi < games; gi++ {
			g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(gi))})
			if err != nil {
				t.Fatal(err)
			}
			steps := rng.IntN(400)
			var buf []Action
			for i := 0; i < steps && !g.Over(); i++ {
				buf = g.Legal(g.Turn(), buf[:0])
				if _, err := g.Apply(g.Turn(), buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			for s := 0; s < g.n; s++ {
				hidden := hiddenFrom(g, s)
				if len(hidden) < 2 {
					continue
				}
				a, b := hidden[rng.IntN(len(hidden))], hidden[rng.IntN(len(hidden))]
				if a.Face() == b.Face() {
					continue
				}
				h := g.Clone()
				swapHidden(h, a, b)
				if !reflect.DeepEqual(g.View(s), h.View(s)) {
					t.Fatalf("%s game %d: swapping hidden %s and %s changes View(%d)", v, gi, a, b, s)
				}
				if !reflect.DeepEqual(g.Legal(s, nil), h.Legal(s, nil)) {
					t.Fatalf("%s game %d: swapping hidden %s and %s changes Legal(%d)", v, gi, a, b, s)
				}
				for i := range g.NumEvents() {
					if g.Event(i).Redact(s) != h.Event(i).Redact(s) {
						t.Fatalf("%s game %d: event %d (%s) redacted for seat %d shows a hidden card", v, gi, i, g.Event(i), s)
					}
				}
				if !reflect.DeepEqual(g.View(NoSeat), h.View(NoSeat)) {
					t.Fatalf("%s game %d: the spectators' view changes", v, gi)
				}
			}
		}
	}
}
