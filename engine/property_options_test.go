package engine

import (
	"math/rand/v2"
	"testing"
)

// TestPropertyRandomPlayOptions is TestPropertyRandomPlay with an option of issue 17 always on:
// the same invariants (RULES.md §7: tricks, brisques, card conservation, totals equal to the sum
// of scoring events, every listed action accepted and sampled unlisted ones refused), for as many
// deals.
func TestPropertyRandomPlayOptions(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant Variant
		opts    map[string]string
	}{
		{"three-handed deck=63", ThreeHanded, map[string]string{"deck": "63"}},
		{"two-handed allow_pending_declarations", TwoHanded, map[string]string{"allow_pending_declarations": "true"}},
		{"three-handed allow_pending_declarations deck=63", ThreeHanded, map[string]string{"allow_pending_declarations": "true", "deck": "63"}},
		{"four-handed-individual allow_pending_declarations", FourHandedIndividual, map[string]string{"allow_pending_declarations": "true"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := NewRules(c.variant, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			deals, games := 0, 0
			rng := rand.New(rand.NewPCG(uint64(len(c.name)), 17))
			for deals < propertyDeals() {
				deals += playRandomGame(t, r, SeedFromUint64(uint64(games)+17_000), rng)
				games++
			}
			t.Logf("%s: %d deals in %d games", c.name, deals, games)
		})
	}
}
