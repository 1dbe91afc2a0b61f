package engine

import "testing"

// TestGroupKeyKeepsLargeMeldValues: two copies that differ only in the value of the meld they
// scored in (reuse_rule=higher_value, quadruple_value up to 100 000) are not interchangeable,
// however large the value; nor is a copy that differs only by being the exchanged card.
func TestGroupKeyKeepsLargeMeldValues(t *testing.T) {
	g, err := NewGame(DefaultRules(FourHanded), Dealing{Seed: SeedFromUint64(1)})
	if err != nil {
		t.Fatal(err)
	}
	a, b := NewCard(NewFace(Spades, Queen), 0), NewCard(NewFace(Spades, Queen), 1)
	g.cs[b] = g.cs[a]
	g.win.exchanged = NoCard
	for _, tc := range []struct{ va, vb uint32 }{{65595, 59}, {100_000, 100_000 - 1<<16}, {1 << 16, 0}} {
		g.cs[a].maxVal, g.cs[b].maxVal = tc.va, tc.vb
		if g.groupKey(a) == g.groupKey(b) {
			t.Errorf("maxVal %d and %d: same key %+v", tc.va, tc.vb, g.groupKey(a))
		}
	}
	g.cs[a].maxVal, g.cs[b].maxVal = 1<<16, 0
	g.win.exchanged = b
	if g.groupKey(a) == g.groupKey(b) {
		t.Errorf("maxVal 65536 and the exchanged card: same key %+v", g.groupKey(a))
	}
	g.cs[b].maxVal = 1 << 16
	g.win.exchanged = NoCard
	if g.groupKey(a) != g.groupKey(b) {
		t.Errorf("identical copies: keys %+v, %+v", g.groupKey(a), g.groupKey(b))
	}
}

// TestLegalSixPackEveryBeziqueChoice: Legal lists every triple bezique of a six-pack holding of
// six bezique queens, each of its own history (none interchangeable), and three bezique jacks:
// C(6, 3) = 20 choices of the queens, all legal (RULES.md §3.7: a triple bezique of new cards of
// the bezique class). Legal kept 16 choices of the queens and lost 4 triples that Check and Apply
// accept (a rules audit).
func TestLegalSixPackEveryBeziqueChoice(t *testing.T) {
	p := setup(t, position{variant: SixPack, trump: "H", fill: 4, hands: []string{"", "QSa QSb QSc QSd QSe QSf JDa JDb JDc"}})
	for c, st := range map[string]cardState{
		"QSb": {loc: locTable, owner: 1, used: ClassMarriage, maxVal: 20},
		"QSc": {loc: locTable, owner: 1, used: ClassQuartet, maxVal: 60},
		"QSd": {loc: locTable, owner: 1, used: ClassMarriage | ClassQuartet, maxVal: 60},
		"QSe": {loc: locTable, owner: 1, used: ClassSequence, maxVal: 150},
		"QSf": {loc: locTable, owner: 1, used: ClassSequence | ClassQuartet, maxVal: 150},
	} {
		p.g.cs[card(t, c)] = st
	}
	p.window(nS)
	queens := []string{"QSa", "QSb", "QSc", "QSd", "QSe", "QSf"}
	listed := 0
	for i := range queens {
		for j := i + 1; j < len(queens); j++ {
			for k := j + 1; k < len(queens); k++ {
				a := p.meld(queens[i] + " " + queens[j] + " " + queens[k] + " JDa JDb JDc")
				if err := p.g.Check(nS, a); err != nil {
					t.Fatalf("%s refused: %v", a, err)
				}
				if p.listed(nS, a) {
					listed++
				} else {
					t.Errorf("%s accepted by Check, not listed by Legal", a)
				}
			}
		}
	}
	if listed != 20 {
		t.Fatalf("%d triple beziques listed, want 20", listed)
	}
}
