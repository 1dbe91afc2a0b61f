package engine_test

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
)

// Example plays the first deal of a seeded two-handed game, every seat always taking its first
// legal action, and prints the deal's opening and its score.
func Example() {
	rules := engine.DefaultRules(engine.TwoHanded)
	g, err := engine.NewGame(rules, engine.Dealing{Seed: engine.SeedFromUint64(42)})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Events()[0])
	var legal []engine.Action
	for g.Deal() == 1 && !g.Over() {
		seat := g.Turn()
		legal = g.Legal(seat, legal[:0])
		if _, err := g.Apply(seat, legal[0]); err != nil {
			panic(err)
		}
	}
	for _, e := range g.Events() {
		switch e.Kind {
		case engine.EvTurnUpSeven, engine.EvMeld, engine.EvLastTrick, engine.EvBrisques, engine.EvDealEnd:
			fmt.Println(e)
		}
	}
	// Output:
	// deal 1: dealer 1, turn-up 7Sa, trump S
	// seat 1 turn_up_seven 7Sa (+10)
	// seat 1 melds common_marriage KCb QCb (20)
	// last trick: seat 0 (+10)
	// side 0: 12 brisques (+120)
	// side 1: 4 brisques (+40)
	// deal 1 ends: totals [130 70]
}

// ExampleOptionCatalog prints the options that only the four-handed variants may change, with
// their values and four-handed defaults, and builds rules with two of them.
func ExampleOptionCatalog() {
	for _, o := range engine.OptionCatalog() {
		if o.Supported && len(o.Variants) == 2 && o.Variants[0] == engine.FourHanded {
			fmt.Println(o.Name, o.Type, o.Values, o.Defaults[engine.FourHanded], "RULES.md", o.Section)
		}
	}
	r, err := engine.NewRules(engine.FourHanded, map[string]string{"partnership_phase2": "all_four", "quadruple_value": "1500"})
	fmt.Println(r.Phase2 == engine.Phase2AllFour, r.QuadrupleValue, err)
	// Output:
	// partnership_phase2 enum [duels all_four] duels RULES.md §3.3.10
	// duel2_leader enum [partner opponent] partner RULES.md §5 #18
	// quadruple_value int [] 4500 RULES.md §3.3.13
	// true 1500 <nil>
}

// ExampleParseAction reads actions in the notation the program prints, and prints them back.
func ExampleParseAction() {
	for _, s := range []string{"play 10H", "meld bezique QSb JDa (40)", "meld QSb JDa", "exchange 7Hb", "end"} {
		a, err := engine.ParseAction(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(a)
	}
	// Output:
	// play THa
	// meld bezique QSb JDa (40)
	// meld QSb JDa
	// exchange 7Hb
	// end
}
