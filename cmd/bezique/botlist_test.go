package main

import (
	"reflect"
	"testing"
)

// TestBotListRepeatsAroundTheTable: a shorter --bots list repeats around the table for any seat
// count (three-handed with two names failed; four-handed gave seat 3 the wrong bot).
func TestBotListRepeatsAroundTheTable(t *testing.T) {
	cases := []struct {
		in    string
		seats int
		want  []string
	}{
		{"rulebook,random", 2, []string{"rulebook", "random"}},
		{"rulebook,random", 3, []string{"rulebook", "random", "rulebook"}},
		{"rulebook,random", 4, []string{"rulebook", "random", "rulebook", "random"}},
		{"random", 4, []string{"random", "random", "random", "random"}},
		{" random , rulebook", 2, []string{"random", "rulebook"}},
	}
	for _, c := range cases {
		got, err := botList(c.in, c.seats)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("botList(%q, %d) = %v, %v; want %v", c.in, c.seats, got, err, c.want)
		}
	}
	if _, err := botList("random,random,random", 2); err == nil {
		t.Error("three names for two seats accepted")
	}
	if _, err := botList("random,nosuchbot", 2); err == nil {
		t.Error("unknown bot accepted")
	}
}

// TestGamesFilter: the export flags become a ListGames filter; bad values name their flag.
func TestGamesFilter(t *testing.T) {
	req, err := gameFilter{"rulebook", "four-handed", "forfeit", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", true}.request()
	if err != nil {
		t.Fatal(err)
	}
	if req.GetBotName() != "rulebook" || req.GetVariant().String() != "VARIANT_FOUR_HANDED" || req.GetOutcome().String() != "OUTCOME_FORFEIT" ||
		req.GetFinishedAfter().AsTime().Format("2006-01-02") != "2026-11-01" || req.GetFinishedBefore().AsTime().Format("2006-01-02") != "2026-12-01" ||
		!req.GetWithoutTournamentGames() {
		t.Fatalf("filter %v", req)
	}
	for _, bad := range []gameFilter{{variant: "five-handed"}, {outcome: "won"}, {after: "yesterday"}} {
		if _, err := bad.request(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
