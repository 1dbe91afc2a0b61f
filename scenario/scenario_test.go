package scenario

import (
	"os"
	"strings"
	"testing"
)

// wrong is vector 1 with wrong expectations: the trick to seat 0 (N wins it), 10 points, a
// refusal of an action the engine accepts, the wrong legal actions, pending announcement and
// totals, a game end; an empty step, and seats that the variant has not.
const wrong = `{
  "name": "wrong",
  "variant": "two-handed",
  "deal": {
    "dealer": 0,
    "hands": ["KSa 8Ha 7Da 8Da 9Sa 9Ha 7Sa 8Sa", "TSa 8Db 9Db 7Ha 7Hb 8Hb 9Hb 7Db"],
    "turn_up": "9Ca"
  },
  "steps": [
    {"seat": 1, "do": "play TSa", "refused": "RULES.md §1.3"},
    {"seat": 0, "do": "play KSa", "trick_winner": 0, "points": 10, "game_end": {"winner_side": 1, "totals": [0, 0]}},
    {"seat": 1, "legal": ["end", "declare 7Ca"], "view": {"totals": [0, 10], "pending": ["", "KSa"]}},
    {"seat": 1, "do": "play 8Db", "refused": "RULES.md §1.5"},
    {"seat": 1, "do": "play 8Db"},
    {"seat": 1, "do": "fold"},
    {},
    {"seat": 7, "view": {"hand": ""}},
    {"view": {"seat": 2, "hand": ""}},
    {"seat": 5, "legal": []}
  ]
}`

// TestWrongExpectationsFail: every wrong expectation fails, with a message naming the step (its
// number, seat and action) and the expectation; the right ones pass.
func TestWrongExpectationsFail(t *testing.T) {
	s, err := Load(strings.NewReader(wrong))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Failures() {
		got = append(got, c.String())
	}
	want := []string{
		"step 1 (seat 1: play TSa): refused: accepted, want refused (RULES.md §1.3)",
		"step 2 (seat 0: play KSa): points: got 0, want 10",
		"step 2 (seat 0: play KSa): trick_winner: got 1, want 0",
		"step 2 (seat 0: play KSa): game_end: the game did not end",
		"step 3: legal: got [end], want [end, declare 7Ca]",
		"step 3: view.pending[1]: got \"\", want \"KSa\"",
		"step 3: view.totals: got [0 0], want [0 10]",
		"step 5 (seat 1: play 8Db): accepted: refused: bezique: the post-trick window is open: meld, act with a seven or end it (RULES.md §1.5)",
		`step 6 (seat 1: fold): accepted: refused: bezique: action "fold": unknown verb "fold" (want one of play, meld, exchange, declare, pass, end, carte_blanche)`,
		"step 7: step: nothing to do or check",
		"step 8: seat: 7 is not a seat of two-handed (0 to 1)",
		"step 9: view.seat: 2 is not a seat of two-handed (0 to 1, or -1 for a spectator)",
		"step 10: seat: 5 is not a seat of two-handed (0 to 1)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("failures:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(res.Checks) - len(res.Failures()); n != 3 {
		t.Fatalf("%d checks passed, want 3 (steps 2 and 4 accepted/refused as expected, step 3's view.pending[0])", n)
	}
}

// TestLoadErrors: a scenario that cannot start names the field at fault.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct{ json, err string }{
		{`{"variant": "two-handed", "hands": []}`, `not a scenario: json: unknown field "hands"`},
		{`{"tableId": "t-1", "variant": "VARIANT_TWO_HANDED", "actions": []}`, "not a scenario but a game's record (GetRecord, bezique records export): bezique replay checks a record"},
		{`{"variant": "two-handed"}`, "deal: missing: a scenario's deal gives at least every seat's hands (deal.hands)"},
		{`{"variant": "five-handed"}`, `variant: bezique: unknown variant "five-handed"`},
		{`{"variant": "two-handed", "options": {"target": "x"}}`, "options: "},
		{`{"variant": "two-handed", "deal": {"hands": ["QX"], "turn_up": "9C"}}`, `deal: hands[0].cards[0]: bezique: card "QX": unknown suit "X"`},
		{`{"variant": "two-handed", "deal": {"hands": ["QS QSa QSb", "JD"], "turn_up": "9C"}}`, "deal: hands[0].cards[0]: QS: more than the 2 copies of QS of a 64-card deck"},
		{`{"variant": "two-handed", "deal": {"hands": ["QS", "JD"], "turn_up": "9C"}}`, "deal: bezique: stacked deal: seat 0 has 1 cards, want 8"},
		{`{"variant": "two-handed", "deal": {"dealer": 4294967297, "hands": ["QS", "JD"], "turn_up": "9C"}}`, "deal.dealer: 4294967297 is not a seat of two-handed (0 to 1)"},
	} {
		s, err := Load(strings.NewReader(c.json))
		if err == nil {
			_, err = s.Run()
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.json, err, c.err)
		}
	}
}

// TestTotalsErrors: carried totals the engine refuses are reported under totals.
func TestTotalsErrors(t *testing.T) {
	s, err := Load(strings.NewReader(`{"variant": "two-handed", "totals": [1000, 0], "deal": {"hands": ["KSa 8Ha 7Da 8Da 9Sa 9Ha 7Sa 8Sa", "TSa 8Db 9Db 7Ha 7Hb 8Hb 9Hb 7Db"], "turn_up": "9Ca"}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Game()
	want := "totals: bezique: dealing: totals[0] = 1000: a carried total is from 0 to below the target 1000"
	if err == nil || err.Error() != want {
		t.Fatalf("%v, want %q", err, want)
	}
}

// TestWrongSettlementFails: vector 45's file with the settlement of an implementation that does
// not truncate the scores to hundreds (500 + 2740 − 1560 = 1680, RULES.md §3.6.10) fails on
// game_end and on nothing else.
func TestWrongSettlementFails(t *testing.T) {
	b, err := os.ReadFile("../testdata/scenarios/vector-45.json")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), `"game_points":1700`, `"game_points":1680`, 1)
	if text == string(b) {
		t.Fatal("vector-45.json states no game_points 1700")
	}
	s, err := Load(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run()
	if err != nil {
		t.Fatal(err)
	}
	f := res.Failures()
	want := "game_end: got {WinnerSide:0 Totals:[2740 1560] GamePoints:1700 Rubicon:false}, want {WinnerSide:0 Totals:[2740 1560] GamePoints:1680 Rubicon:false}"
	if len(f) != 1 || !strings.HasSuffix(f[0].String(), "): "+want) {
		t.Fatalf("failures %v, want one: %s", f, want)
	}
}
