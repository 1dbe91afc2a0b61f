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
