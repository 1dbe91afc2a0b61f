package wire

import (
	"testing"

	"github.com/bezique-arena/bezique/engine"
)

// TestLegalPlaysSayFromTable: a legal play of a card on its holder's table says from_table, and a
// play from the hand does not, as the seat's view places the card, through whole games whose
// seats declare every meld they can (the legal plays of tabled cards said from_table false, and
// the web app's play page offered none of them: a browser trial).
func TestLegalPlaysSayFromTable(t *testing.T) {
	for _, v := range []engine.Variant{engine.TwoHanded, engine.FourHanded, engine.SixPack} {
		r, err := engine.NewRules(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		tabledPlays := 0
		for seed := range uint64(5) {
			g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(seed)})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				seat := g.Turn()
				legal := g.Legal(seat, nil)
				tabled := map[engine.Card]bool{}
				for _, c := range g.View(seat).Tabled[seat] {
					tabled[c.Card] = true
				}
				choice := legal[0]
				for _, a := range legal {
					if a.Kind == engine.DeclareMeld && choice.Kind != engine.DeclareMeld {
						choice = a // meld whenever it can: cards on the table to play later
					}
					if a.Kind != engine.PlayCard {
						continue
					}
					if got := LegalActionToProto(g, a).GetPlay().GetFromTable(); got != tabled[a.Card] {
						t.Fatalf("%s seed %d: the legal play of %s says from_table %v; the seat's view has it tabled: %v", v, seed, a.Card, got, tabled[a.Card])
					}
					if tabled[a.Card] {
						tabledPlays++
					}
				}
				if _, err := g.Apply(seat, choice); err != nil {
					t.Fatal(err)
				}
			}
		}
		if tabledPlays == 0 {
			t.Fatalf("%s: no legal play of a tabled card in 5 games: not the case tried", v)
		}
		t.Logf("%s: %d legal plays of tabled cards", v, tabledPlays)
	}
}

// TestLegalExchangesSayTaken: an offered seven exchange names the card it takes, the turn-up of
// the seat's view, and the SevenExchanged event of the exchange made takes that card (the offered
// exchanges named none: a bot author's trial).
func TestLegalExchangesSayTaken(t *testing.T) {
	for _, v := range []engine.Variant{engine.TwoHanded, engine.FourHanded} {
		r, err := engine.NewRules(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		exchanges := 0
		for seed := range uint64(40) {
			g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(seed)})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				seat := g.Turn()
				legal := g.Legal(seat, nil)
				choice, offered := legal[0], engine.NoCard
				for _, a := range legal {
					if a.Kind != engine.ExchangeSeven {
						continue
					}
					turnUp := g.View(seat).TurnUp
					got := LegalActionToProto(g, a).GetSevenExchange().GetTaken()
					if got == nil || engine.Card(got.GetId()) != turnUp {
						t.Fatalf("%s seed %d: the offered exchange of %s takes %v; the seat's view has the turn-up %s", v, seed, a.Card, got, turnUp)
					}
					choice, offered = a, turnUp
				}
				events, err := g.Apply(seat, choice)
				if err != nil {
					t.Fatal(err)
				}
				if choice.Kind == engine.ExchangeSeven {
					exchanges++
					if events[0].Kind != engine.EvSevenExchange || events[0].Taken != offered {
						t.Fatalf("%s seed %d: the exchange offered to take %s made %+v", v, seed, offered, events[0])
					}
				}
			}
		}
		if exchanges == 0 {
			t.Fatalf("%s: no seven exchanged in 40 games: not the case tried", v)
		}
		t.Logf("%s: %d exchanges", v, exchanges)
	}
}
