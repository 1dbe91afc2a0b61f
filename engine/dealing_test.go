package engine

import (
	"reflect"
	"testing"
)

// TestDealingTotals: totals carried into the first deal are the game's totals from the start;
// NewGame refuses a wrong number of them, a negative one and one that reaches the target.
func TestDealingTotals(t *testing.T) {
	r, err := NewRules(FourHanded, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(r, Dealing{Seed: SeedFromUint64(1), Totals: []int{1990, 1850}})
	if err != nil {
		t.Fatal(err)
	}
	want := []int{1990, 1850}
	if v := g.View(NoSeat); v.TurnUp.Rank() == Seven {
		want[g.Side(v.Dealer)] += 10 // RULES.md §1.9.1
	}
	if got := g.Totals(); !reflect.DeepEqual(got, want) {
		t.Fatalf("totals %v, want %v", got, want)
	}
	for _, c := range []struct {
		totals []int
		err    string
	}{
		{[]int{0}, "bezique: dealing: 1 totals, want one per side (2)"},
		{[]int{0, -10}, "bezique: dealing: totals[1] = -10: a carried total is from 0 to below the target 2000"},
		{[]int{2000, 0}, "bezique: dealing: totals[0] = 2000: a carried total is from 0 to below the target 2000"},
	} {
		if _, err := NewGame(r, Dealing{Totals: c.totals}); err == nil || err.Error() != c.err {
			t.Errorf("totals %v: %v, want %q", c.totals, err, c.err)
		}
	}
}
