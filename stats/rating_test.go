package stats

import (
	"slices"
	"testing"
)

// TestRatingsUpdate plays the games of testdata/openskill_ref.py and checks every
// rating after each against openskill.py's PlackettLuce with its defaults.
//
// openskill.py also has a block meant to give tied teams the same change of mean;
// it reads the mean it has already overwritten, so it changes nothing, and its
// results are the paper's Algorithm 4, as here (see alice and dave after game 3).
func TestRatingsUpdate(t *testing.T) {
	games := []struct {
		teams [][]string
		ranks []int
		want  map[string]Rating
	}{
		{[][]string{{"alice"}, {"bob"}}, []int{1, 2}, map[string]Rating{
			"alice": {27.635389493140, 8.065901413544},
			"bob":   {22.364610506860, 8.065901413544},
		}},
		{[][]string{{"alice"}, {"bob"}}, []int{1, 1}, map[string]Rating{
			"alice": {27.122494147947, 7.822887192881},
			"bob":   {22.877505852053, 7.822887192881},
		}},
		{[][]string{{"alice"}, {"carol"}, {"dave"}}, []int{2, 1, 2}, map[string]Rating{
			"alice": {25.592320429788, 7.595386559910},
			"bob":   {22.877505852053, 7.822887192881},
			"carol": {27.981906947450, 8.202070906666},
			"dave":  {23.754447001170, 8.048345229434},
		}},
		{[][]string{{"alice", "carol"}, {"bob", "dave"}}, []int{2, 1}, map[string]Rating{
			"alice": {23.539878043795, 7.473227273423},
			"bob":   {25.054726030476, 7.688752815827},
			"carol": {25.588531655194, 8.047879301871},
			"dave":  {26.058957479084, 7.902150410139},
		}},
		{[][]string{{"alice", "bob"}, {"carol", "dave"}}, []int{1, 1}, map[string]Rating{
			"alice": {23.693388415218, 7.352306139290},
			"bob":   {25.217217346406, 7.556948145990},
			"carol": {25.410508368209, 7.888559560302},
			"dave":  {25.887322333236, 7.751414630572},
		}},
	}
	var r Ratings
	for g, game := range games {
		if err := r.Update(game.teams, game.ranks); err != nil {
			t.Fatalf("game %d: %v", g+1, err)
		}
		for id, want := range game.want {
			if got := r.Get(id); !nearRating(got, want) {
				t.Errorf("game %d: Get(%q) = %+v, want %+v", g+1, id, got, want)
			}
		}
	}
	if got, want := r.IDs(), []string{"alice", "bob", "carol", "dave"}; !slices.Equal(got, want) {
		t.Errorf("IDs() = %v, want %v", got, want)
	}
}

func TestRatingDefaultAndOrdinal(t *testing.T) {
	var r Ratings
	got := r.Get("nobody")
	if !nearRating(got, Rating{25, 25.0 / 3}) || !near(got.Ordinal(), 0) {
		t.Errorf("Get(unrated) = %+v, ordinal %v; want 25 ± 8.333333, ordinal 0", got, got.Ordinal())
	}
	// 27.635389493140 - 3·8.065901413544 = 3.437685252508
	if o := (Rating{27.635389493140, 8.065901413544}).Ordinal(); !near(o, 3.437685252508) {
		t.Errorf("Ordinal = %v", o)
	}
}

func TestRatingsUpdateRefuses(t *testing.T) {
	for _, tc := range []struct {
		teams [][]string
		ranks []int
		want  string
	}{
		{[][]string{{"a"}}, []int{1}, "stats: a game needs at least two teams, got 1"},
		{[][]string{{"a"}, {"b"}}, []int{1}, "stats: ranks has 1 entries for 2 teams"},
		{[][]string{{"a"}, {}}, []int{1, 2}, "stats: team 1 is empty"},
		{[][]string{{"a"}, {""}}, []int{1, 2}, "stats: an entrant id is empty"},
		{[][]string{{"a", "b"}, {"b", "c"}}, []int{1, 2}, `stats: entrant "b" appears twice in one game`},
	} {
		var r Ratings
		err := r.Update(tc.teams, tc.ranks)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Update(%v, %v) = %v, want %q", tc.teams, tc.ranks, err, tc.want)
		}
		if len(r.IDs()) != 0 {
			t.Errorf("Update(%v, %v) rated %v after an error", tc.teams, tc.ranks, r.IDs())
		}
	}
}

func nearRating(got, want Rating) bool { return near(got.Mu, want.Mu) && near(got.Sigma, want.Sigma) }

// TestRatingsUpdateAllocatesNothing: rating a game of Bézique (two or three sides of one, two
// sides of two) between entrants already rated allocates nothing; a tournament's standings rate
// every game at each computation. Before, each game allocated its teams' working slices (3 to 6
// allocations).
func TestRatingsUpdateAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates where the compiler otherwise uses the stack (one allocation in a game of three or four sides)")
	}
	var r Ratings
	for _, c := range []struct {
		teams [][]string
		ranks []int
	}{
		{[][]string{{"a"}, {"b"}}, []int{0, 1}},
		{[][]string{{"a"}, {"b"}, {"c"}}, []int{0, 1, 1}},
		{[][]string{{"a"}, {"b"}, {"c"}, {"d"}}, []int{0, 2, 1, 3}},
		{[][]string{{"a", "c"}, {"b", "d"}}, []int{1, 0}},
	} {
		if err := r.Update(c.teams, c.ranks); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = r.Update(c.teams, c.ranks) }); n != 0 {
			t.Errorf("Update(%v, %v): %v allocations, want 0", c.teams, c.ranks, n)
		}
	}
}
