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
