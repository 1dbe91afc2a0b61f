package engine

import (
	"math/rand/v2"
	"testing"
)

// TestPropertyRandomPlayOptions is TestPropertyRandomPlay with an option of issue 17 always on:
// the same invariants (RULES.md §7: tricks, brisques, card conservation, totals equal to the sum
// of scoring events, every listed action accepted and sampled unlisted ones refused), for as many
// deals; under allow_pending_declarations every announcement ends exactly once, scored or lapsed,
// as its events say, and the views show the pending ones (RULES.md §8.18).
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
			var ann announcements
			rng := rand.New(rand.NewPCG(uint64(len(c.name)), 17))
			var log []Event
			for deals < propertyDeals() {
				n, a := playRandomGame(t, r, SeedFromUint64(uint64(games)+17_000), rng, &log)
				deals += n
				ann.add(a)
				games++
			}
			t.Logf("%s: %d deals in %d games", c.name, deals, games)
			if r.AllowPendingDeclarations {
				// Random play must reach every end of an announcement, or the run checks less than it
				// says: without -short it does in each of these variants (about 100 announcements in
				// 3 000 deals, 8 or more lapsing at phase 2); -short's 300 deals reach some only.
				t.Logf("announcements: %d made, %d scored, %d lapsed by a card played, %d at phase 2",
					ann.made, ann.scored, ann.lapsed[LapseCardPlayed], ann.lapsed[LapsePhase2])
				if ann.made == 0 || !testing.Short() && (ann.scored == 0 || ann.lapsed[LapseCardPlayed] == 0 || ann.lapsed[LapsePhase2] == 0) {
					t.Fatalf("announcements: %+v: an end never happened", ann)
				}
			}
		})
	}
}
