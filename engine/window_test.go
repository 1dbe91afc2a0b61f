package engine

import "testing"

// TestEndWindowOutsideTheWindow: ending the post-trick window when none is open names that rule,
// not the melds' (an outside trial got "melds and seven actions come only after winning a trick,
// before drawing" for an end_window sent during the trick).
func TestEndWindowOutsideTheWindow(t *testing.T) {
	g, err := NewGame(DefaultRules(TwoHanded), Dealing{Seed: SeedFromUint64(1)})
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase() != PhaseTrick {
		t.Fatalf("phase %v, want the trick", g.Phase())
	}
	err = g.Check(g.Turn(), Action{Kind: EndWindow})
	const want = "bezique: no post-trick window is open to end: it opens when a trick is won, before drawing (RULES.md §1.5)"
	if err == nil || err.Error() != want {
		t.Errorf("end_window during the trick: %v, want %q", err, want)
	}
}
