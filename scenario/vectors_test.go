package scenario

import (
	"strings"

	"github.com/bezique-arena/bezique/engine"
)

// The RULES.md §6 vectors whose scenario files reach, through a stacked deal and scripted tricks,
// a position later than the deal (reach_test.go), or that follow the same pattern from trick 1.
// Two-handed: the dealer D is seat 0, the non-dealer N seat 1 (N leads trick 1). Four-handed:
// Anna 0, Ben 1, Carla 2, Dan 3; seats 0 and 2 are side 0.
var vectors = concat(
	[]vector{vector04, vector04Immediate},
	vector09(), vector10(), vector16(), vector17(),
	[]vector{vector18, vector19},
	vector19b(),
	[]vector{vector20, vector23, vector24, vector25, vector26},
	vector27(),
	[]vector{vector28, vector29, vector30},
	vector31(),
	[]vector{vector32, vector37, vector38},
	vector39(),
	[]vector{vector40, vector47Phase2, vector48, vector53, vector54},
	vector55(),
	[]vector{vector56, vector57},
	vector45(), vector52(),
)

func concat(vs ...[]vector) []vector {
	var out []vector
	for _, v := range vs {
		out = append(out, v...)
	}
	return out
}

// lines splits a block of steps, one JSON object a line.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, strings.TrimSuffix(l, ","))
		}
	}
	return out
}

// junkD is a two-handed D's hand that never beats N's spade and heart leads in phase 1.
const junkD = "7Ha 8Ha 9Ha 7Hb 8Hb 9Hb 7Da 8Da"

var vector04 = vector{
	file:    "vector-04.json",
	about:   "RULES.md §6 vector 4 (§1.3): off-suit never wins. Trump ♣; N leads 9♦, D plays A♥: N wins the trick. (vector-04-count-brisques-immediately.json shows the A♥ scored as N's brisque.)",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{"AHa 8Sa 9Sa 7Sa 8Ha 9Ha 7Ha JSa", "9Da 7Db 8Db 9Db 7Hb 8Hb 9Hb JHb"},
	steps: lines(`
{"seat": 1, "do": "play 9Da"}
{"seat": 0, "do": "play AHa", "trick_winner": 1, "points": 0}
{"view": {"seat": 1, "phase": "window", "to_act": 1, "totals": [0, 0]}}`),
}

var vector04Immediate = vector{
	file:    "vector-04-count-brisques-immediately.json",
	about:   "RULES.md §6 vector 4 (§1.3, §1.10) under count_brisques_immediately, which scores a trick's brisques when it is won (by default they are counted at the end of the deal): N leads 9♦, D plays A♥, N wins and the A♥ scores N's side 10.",
	variant: "two-handed", options: map[string]string{"count_brisques_immediately": "true"}, dealer: 0, turnUp: "9Ca", at: 1,
	hands: vector04.hands,
	steps: lines(`
{"seat": 1, "do": "play 9Da"}
{"seat": 0, "do": "play AHa", "trick_winner": 1, "scores": [{"side": 1, "cause": "trick", "points": 10}]}
{"view": {"seat": 1, "phase": "window", "to_act": 1, "totals": [0, 10]}}`),
}

// withAndWithoutNewCard returns v under the default rules and under require_new_card=false, its
// steps from steps(rule) with rule the rule that refuses the vector's all-tabled meld.
func withAndWithoutNewCard(v vector, def, relaxed string, steps func(string) string) []vector {
	v.steps = lines(steps(def))
	w := v
	w.file = strings.TrimSuffix(v.file, ".json") + "-require-new-card-false.json"
	w.about = v.about + " Under require_new_card=false the rule that refuses it is " + strings.TrimPrefix(relaxed, "RULES.md ") + "."
	w.options = map[string]string{"require_new_card": "false"}
	w.steps = lines(steps(relaxed))
	v.about += " By default R2 (no card from hand) refuses it first."
	return []vector{v, w}
}

func vector09() []vector {
	return withAndWithoutNewCard(vector{
		file:    "vector-09.json",
		about:   "RULES.md §6 vector 9 (§2 R3, R4, R5): marriage → sequence. Trump ♥; N melds K♥ Q♥ (+40); later wins and adds A♥ 10♥ J♥ → +250 (290 in all); later K♥+Q♥ as a marriage again → refused.",
		variant: "two-handed", dealer: 0, turnUp: "9Ha", at: 1,
		hands: []string{"7Da 8Da 9Da 7Ca 8Ca 9Ca 7Db 8Db", "KHa QHa AHa THa JHa ASa ASb TSa"},
	}, "RULES.md §2 R2", "RULES.md §2 R5", func(rule string) string {
		return `
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Da", "trick_winner": 1}
{"seat": 1, "do": "meld KHa QHa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "7Sa"}, {"seat": 0, "card": "8Sa"}]}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Da", "trick_winner": 1}
{"seat": 1, "legal": ["meld sequence AHa THa KHa QHa JHa (250)", "end"], "do": "meld AHa THa KHa QHa JHa", "scores": [{"side": 1, "cause": "meld", "points": 250}]}
{"view": {"seat": 1, "totals": [0, 290], "tabled": ["", "AHa THa KHa QHa JHa"]}}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play TSa"}
{"seat": 0, "do": "play 9Da", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld KHa QHa", "refused": "` + rule + `"}
{"view": {"seat": 1, "totals": [0, 290]}}`
	})
}

func vector10() []vector {
	return withAndWithoutNewCard(vector{
		file:    "vector-10.json",
		about:   "RULES.md §6 vector 10 (§2 R5): sequence → marriage. Trump ♥; N melds A♥ 10♥ K♥ Q♥ J♥ (+250); later (a) K♥+Q♥ from it as a royal marriage → refused; (b) K♥ from the sequence + Q♥b from hand → refused (R5).",
		variant: "two-handed", dealer: 0, turnUp: "9Ha", at: 1,
		hands: []string{"7Da 8Da 9Da 7Ca 8Ca 9Ca 7Db 8Db", "AHa THa KHa QHa JHa QHb ASa ASb"},
	}, "RULES.md §2 R2", "RULES.md §2 R5", func(rule string) string {
		return `
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Da", "trick_winner": 1}
{"seat": 1, "do": "meld AHa THa KHa QHa JHa", "scores": [{"side": 1, "cause": "meld", "points": 250}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Da", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld KHa QHa", "refused": "` + rule + `"}
{"seat": 1, "do": "meld KHa QHb", "refused": "RULES.md §2 R5"}
{"view": {"seat": 1, "totals": [0, 250], "hand": "QHb 7Sa", "tabled": ["", "AHa THa KHa QHa JHa"]}}`
	})
}

func vector16() []vector {
	return withAndWithoutNewCard(vector{
		file:    "vector-16.json",
		about:   "RULES.md §6 vector 16 (§2 R2, R6): two singles. Trump ♣; N melds Q♠a J♦a (+40); later Q♠b J♦b as a single (+40, legal); later a \"double\" from the four tabled cards → refused.",
		variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
		hands: []string{junkD, "QSa JDa QSb JDb ASa ASb AHa AHb"},
	}, "RULES.md §2 R2", "RULES.md §2 R6", func(rule string) string {
		return `
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "legal": ["meld bezique QSb JDb (40)", "meld double_bezique QSa JDa QSb JDb (500)", "end"], "do": "meld bezique QSb JDb", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play AHa"}
{"seat": 0, "do": "play 7Da", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld QSa JDa QSb JDb", "refused": "` + rule + `"}
{"view": {"seat": 1, "totals": [0, 80], "tabled": ["", "QSa JDa QSb JDb"]}}`
	})
}

func vector17() []vector {
	return withAndWithoutNewCard(vector{
		file:    "vector-17.json",
		about:   "RULES.md §6 vector 17 (§2 R3, R6): double first. Trump ♣; N melds Q♠a Q♠b J♦a J♦b at once → +500; later the single Q♠a+J♦a → refused.",
		variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
		hands: []string{junkD, "QSa JDa QSb JDb ASa ASb AHa AHb"},
	}, "RULES.md §2 R2", "RULES.md §2 R6", func(rule string) string {
		return `
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa QSb JDa JDb", "scores": [{"side": 1, "cause": "meld", "points": 500}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld QSa JDa", "refused": "` + rule + `"}
{"view": {"seat": 1, "totals": [0, 500], "tabled": ["", "QSa JDa QSb JDb"]}}`
	})
}

var vector18 = vector{
	file:    "vector-18.json",
	about:   "RULES.md §6 vector 18 (§2 R1, R2, R3, R6): broken bezique. Trump ♣; N melds Q♠a J♦a, then plays Q♠a to a trick and wins it; the double with Q♠b J♦b → refused (Q♠a is gone: R1); Q♠b+J♦a → refused (J♦a is already in a bezique: R6); the single Q♠b+J♦b → +40; after it, Q♠b+J♦a → refused (both tabled: R2).",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{junkD, "QSa JDa QSb JDb ASa ASb AHa AHb"},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play QSa", "events": ["seat 1 plays QSa (from table)"]}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "legal": ["meld bezique QSb JDb (40)", "end"], "do": "meld QSa JDa QSb JDb", "refused": "RULES.md §2 R1"}
{"seat": 1, "do": "meld QSb JDa", "refused": "RULES.md §2 R6"}
{"seat": 1, "do": "meld QSb JDb", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"view": {"seat": 1, "totals": [0, 80], "tabled": ["", "JDa QSb JDb"]}}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 9Ha", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld QSb JDa", "refused": "RULES.md §2 R2"}`),
}

var vector19 = vector{
	file:    "vector-19.json",
	about:   "RULES.md §6 vector 19 (§2 R3, §8.4): cross-kind reuse. Trump ♣; N melds the bezique Q♠ J♦; later adds K♠ → marriage +20; later adds Q♥ Q♦ Q♣ → four queens +60.",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{junkD, "QSa JDa KSa QHa QDa QCa ASa ASb"},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "7Sa"}, {"seat": 0, "card": "8Sa"}]}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "legal": ["meld common_marriage QSa KSa (20)", "meld four_queens QSa QHa QDa QCa (60)", "end"], "do": "meld KSa QSa", "scores": [{"side": 1, "cause": "meld", "points": 20}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play 7Sa"}
{"seat": 0, "do": "play 7Da", "trick_winner": 1}
{"seat": 1, "legal": ["meld four_queens QSa QHa QDa QCa (60)", "end"], "do": "meld QSa QHa QDa QCa", "scores": [{"side": 1, "cause": "meld", "points": 60}]}
{"view": {"seat": 1, "totals": [0, 120], "tabled": ["", "QSa JDa KSa QHa QDa QCa"]}}`),
}

func vector19b() []vector {
	v := vector{
		file:    "vector-19b.json",
		about:   "RULES.md §6 vector 19b (§2 R2): no all-tabled meld. Trump ♣; N has four kings (K♠ among them) and the bezique Q♠ J♦ tabled, wins a trick and claims the marriage K♠+Q♠ from those tabled cards only → refused (R2, the default). Under require_new_card=false (vector-19b-require-new-card-false.json) → +20.",
		variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
		hands: []string{junkD, "KSa KHa KDa KCa QSa JDa ASa ASb"},
	}
	prefix := `
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "scores": [{"side": 1, "cause": "meld", "points": 80}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play 7Sa"}
{"seat": 0, "do": "play 7Da", "trick_winner": 1}`
	v.steps = lines(prefix + `
{"seat": 1, "legal": ["end"], "do": "meld KSa QSa", "refused": "RULES.md §2 R2"}
{"view": {"seat": 1, "totals": [0, 120]}}`)
	w := v
	w.file = "vector-19b-require-new-card-false.json"
	w.about = "RULES.md §6 vector 19b (§2 R2) under require_new_card=false: the marriage K♠+Q♠ from tabled cards only (K♠ from four kings, Q♠ from a bezique) → +20 [FOS double-declaration example]."
	w.options = map[string]string{"require_new_card": "false"}
	w.steps = lines(prefix + `
{"seat": 1, "legal": ["meld common_marriage QSa KSa (20)", "end"], "do": "meld KSa QSa", "scores": [{"side": 1, "cause": "meld", "points": 20}]}
{"view": {"seat": 1, "totals": [0, 140]}}`)
	return []vector{v, w}
}

var vector20 = vector{
	file:    "vector-20.json",
	about:   "RULES.md §6 vector 20 (§2, reuse_rule=higher_value): vector 11's marriage K♦+Q♦ (20 < 80, the four kings K♦ is in) → refused.",
	variant: "two-handed", options: map[string]string{"reuse_rule": "higher_value"}, dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{junkD, "KSa KHa KDa KCa QDa ASa ASb AHa"},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "scores": [{"side": 1, "cause": "meld", "points": 80}]}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "legal": ["end"], "do": "meld KDa QDa", "refused": "RULES.md §2 (reuse_rule=higher_value)"}
{"view": {"seat": 1, "totals": [0, 80]}}`),
}

var vector23 = vector{
	file:    "vector-23.json",
	about:   "RULES.md §6 vector 23 (§1.4, §2 R1): melded card played. Trump ♣; N plays Q♠, part of its tabled bezique, to a trick → legal; the bezique's 40 stay; Q♠ leaves the table.",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{"7Ha 8Ha 9Ha 7Da 8Da 9Da JHa JHb", "QSa JDa ASa 7Hb 8Hb 9Hb 7Db 8Db"},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "7Sa"}, {"seat": 0, "card": "8Sa"}]}
{"seat": 1, "legal": ["play QSa", "play JDa", "play 7Hb", "play 8Hb", "play 9Hb", "play 7Db", "play 8Db", "play 7Sa"], "do": "play QSa", "events": ["seat 1 plays QSa (from table)"]}
{"view": {"seat": 1, "trick": "QSa", "tabled": ["", "JDa"], "totals": [0, 40]}}
{"seat": 0, "do": "play 7Da", "trick_winner": 1, "points": 0}
{"view": {"seat": 1, "tabled": ["", "JDa"], "totals": [0, 40]}}`),
}

var vector24 = vector{
	file:    "vector-24.json",
	about:   "RULES.md §6 vector 24 (§1.5, §1.7, §3.1.8): meld before the last draw. Stock = 1 face-down card + the turn-up K♣; N wins trick 24 and melds four aces (+100) → legal; N draws the face-down card, revealed to D; D draws K♣. Any meld afterwards → refused.",
	variant: "two-handed", dealer: 0, turnUp: "KCa", at: 24, leader: 1,
	hands: []string{"9Sa 7Da 8Da 9Da 7Db 8Db 9Db JDb", "ASa AHa ADa ACa TSa 7Ha 8Ha 9Ha"},
	stock: "JHa",
	steps: lines(`
{"seat": 1, "do": "play TSa"}
{"seat": 0, "do": "play 9Sa", "trick_winner": 1}
{"seat": 1, "legal": ["meld four_aces ASa AHa ADa ACa (100)", "end"], "do": "meld ASa AHa ADa ACa", "scores": [{"side": 1, "cause": "meld", "points": 100}]}
{"seat": 1, "legal": ["end"], "do": "end", "draws": [{"seat": 1, "card": "JHa", "revealed": true}, {"seat": 0, "card": "KCa", "turn_up": true}]}
{"view": {"seat": 0, "phase": "trick2", "to_act": 1, "turn_up": "--", "stock_size": 0, "hand": "7Da 8Da 9Da 7Db 8Db 9Db JDb KCa"}}
{"seat": 1, "do": "meld ASa AHa ADa ACa", "refused": "RULES.md §1.7"}
{"view": {"seat": 1, "totals": [0, 100]}}`),
}

var vector25 = vector{
	file:    "vector-25.json",
	about:   "RULES.md §6 vector 25 (§1.5, §3.3.9): four-handed last draw. Stock = 3 face-down cards + the turn-up; seat 0 wins trick 24; seats 0, 1 and 2 draw face-down cards, seat 3 gets the turn-up.",
	variant: "four-handed", dealer: 3, turnUp: "9Ca", at: 24, leader: 0,
	hands: []string{
		"ASa 7Sa 8Sa 9Sa 7Sb 8Sb 9Sb JSa",
		"8Ha 7Da 8Da 9Da 7Db 8Db 9Db JDa",
		"8Hb 7Dc 8Dc 9Dc 7Dd 8Dd 9Dd JDb",
		"8Hc 7Ha 7Hb 7Hc 7Hd 9Ha 9Hb 9Hc",
	},
	stock: "JHa JHb JHc",
	steps: lines(`
{"seat": 0, "do": "play ASa"}
{"seat": 1, "do": "play 8Ha"}
{"seat": 2, "do": "play 8Hb"}
{"seat": 3, "do": "play 8Hc", "trick_winner": 0}
{"seat": 0, "do": "end"}
{"seat": 2, "do": "end", "draws": [{"seat": 0, "card": "JHa"}, {"seat": 1, "card": "JHb"}, {"seat": 2, "card": "JHc"}, {"seat": 3, "card": "9Ca", "turn_up": true}]}
{"view": {"seat": 3, "phase": "trick2", "to_act": 0, "turn_up": "--", "stock_size": 0, "hand": "7Ha 7Hb 7Hc 7Hd 9Ha 9Hb 9Hc 9Ca"}}`),
}

var vector26 = vector{
	file:    "vector-26.json",
	about:   "RULES.md §6 vector 26 (§1.5, §3.2): three-handed last draw. Stock = 2 face-down cards + the turn-up; seat 1 wins trick 24; seats 1 and 2 draw face-down cards, seat 0 gets the turn-up.",
	variant: "three-handed", dealer: 0, turnUp: "9Ca", at: 24, leader: 1,
	hands: []string{
		"8Hb 7Dc 8Dc 9Dc 7Hc 8Hc 9Hc JDb",
		"ASa 7Sa 8Sa 9Sa 7Sb 8Sb 9Sb JSa",
		"8Ha 7Da 8Da 9Da 7Db 8Db 9Db JDa",
	},
	stock: "JHa JHb",
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 2, "do": "play 8Ha"}
{"seat": 0, "do": "play 8Hb", "trick_winner": 1}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "JHa"}, {"seat": 2, "card": "JHb"}, {"seat": 0, "card": "9Ca", "turn_up": true}]}
{"view": {"seat": 0, "phase": "trick2", "to_act": 1, "turn_up": "--", "stock_size": 0, "hand": "7Dc 8Dc 9Dc 7Hc 8Hc 9Hc JDb 9Ca"}}`),
}

func vector27() []vector {
	v := vector{
		file:    "vector-27.json",
		about:   "RULES.md §6 vector 27 (§1.8): must head. Phase 2, trump ♣; N leads 9♥; D holds 10♥, 8♥ and A♣ → only 10♥ is legal. (vector-27-phase2-must-head-false.json: 10♥ or 8♥.)",
		variant: "two-handed", dealer: 0, turnUp: "ACa", at: 25, leader: 1,
		hands: []string{"THa 8Ha ACa 7Sa 8Sa 9Sa 7Da 8Da", "9Ha 7Sb 8Sb 9Sb 7Db 8Db 9Db JSa"},
		steps: lines(`
{"seat": 1, "do": "play 9Ha"}
{"seat": 0, "legal": ["play THa"], "do": "play 8Ha", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play ACa", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play THa", "trick_winner": 0}`),
	}
	w := v
	w.file = "vector-27-phase2-must-head-false.json"
	w.about = "RULES.md §6 vector 27 (§1.8) under phase2_must_head=false: phase 2, trump ♣; N leads 9♥; D holds 10♥, 8♥ and A♣ → 10♥ or 8♥."
	w.options = map[string]string{"phase2_must_head": "false"}
	w.steps = lines(`
{"seat": 1, "do": "play 9Ha"}
{"seat": 0, "legal": ["play 8Ha", "play THa"], "do": "play ACa", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}`)
	return []vector{v, w}
}

var vector28 = vector{
	file:    "vector-28.json",
	about:   "RULES.md §6 vector 28 (§1.8): must trump. Phase 2, trump ♣; N leads A♦; D, with no ♦, holds 7♣ and K♠ → only 7♣ is legal. (The turn-up 7♣ scored the dealer D 10.)",
	variant: "two-handed", dealer: 0, turnUp: "7Ca", at: 25, leader: 1,
	hands: []string{"7Ca KSa 7Sa 8Sa 9Sa 7Ha 8Ha 9Ha", "ADa 7Hb 8Hb 9Hb 7Sb 8Sb 9Sb JSa"},
	steps: lines(`
{"seat": 1, "do": "play ADa"}
{"seat": 0, "legal": ["play 7Ca"], "do": "play KSa", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play 7Ca", "trick_winner": 0}`),
}

var vector29 = vector{
	file:    "vector-29.json",
	about:   "RULES.md §6 vector 29 (§1.8, §8.10): void in both. Trump ♣; A♦ led; D holds no ♦ and no ♣ → any card. At trick 25 D, the loser of trick 24, holds the turn-up (a trump), so the vector is at trick 27: D trumps trick 25 with it, N wins trick 26.",
	variant: "two-handed", dealer: 0, turnUp: "8Ca", at: 25, leader: 1,
	hands: []string{"8Ca 9Sa KSa 7Sa 8Sa JSa QSa ASa", "7Ha TSa ADa 7Db 8Db 9Db 9Hb 8Hb"},
	steps: lines(`
{"seat": 1, "do": "play 7Ha"}
{"seat": 0, "legal": ["play 8Ca"], "do": "play 8Ca", "trick_winner": 0}
{"seat": 0, "do": "play 9Sa"}
{"seat": 1, "legal": ["play TSa"], "do": "play TSa", "trick_winner": 1}
{"seat": 1, "do": "play ADa"}
{"seat": 0, "legal": ["play 7Sa", "play 8Sa", "play JSa", "play QSa", "play KSa", "play ASa"], "do": "play KSa", "trick_winner": 1}`),
}

var vector30 = vector{
	file:    "vector-30.json",
	about:   "RULES.md §6 vector 30 (§1.8): trump lead. Phase 2, trump ♣; N leads 10♣; D holds A♣, 9♣ and A♠ → only A♣.",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 25, leader: 1,
	hands: []string{"ACa 9Ca ASa 7Ha 8Ha 9Ha 7Da 8Da", "TCa 7Sb 8Sb 9Sb 7Db 8Db 9Db JSa"},
	steps: lines(`
{"seat": 1, "do": "play TCa"}
{"seat": 0, "legal": ["play ACa"], "do": "play 9Ca", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play ASa", "refused": "RULES.md §1.8"}
{"seat": 0, "do": "play ACa", "trick_winner": 0}`),
}

func vector31() []vector {
	v := vector{
		file:    "vector-31.json",
		about:   "RULES.md §6 vector 31 (§1.8, §3.2): three-handed discard. Phase 2, trump ♣; seat 0 leads 9♥; seat 1 (no ♥) trumps with A♣; seat 2 (no ♥) holds 7♣ and K♠ → either is legal (as is any of its cards: it cannot beat the A♣). (vector-31-no-trump.json: seat 1 plays 8♦ instead, and seat 2 must play 7♣.)",
		variant: "three-handed", dealer: 2, turnUp: "7Ca", at: 25, leader: 0,
		hands: []string{
			"9Ha 7Ha 8Ha JHa QHa KHa 7Sc 8Sc",
			"ACa 8Da 9Da 7Sa 8Sa 9Sa JSa QSa",
			"7Ca KSa 7Db 8Db 9Db 7Sb 8Sb 9Sb",
		},
		steps: lines(`
{"seat": 0, "do": "play 9Ha"}
{"seat": 1, "legal": ["play ACa"], "do": "play ACa"}
{"seat": 2, "legal": ["play 7Ca", "play KSa", "play 7Db", "play 8Db", "play 9Db", "play 7Sb", "play 8Sb", "play 9Sb"], "do": "play KSa", "trick_winner": 1}`),
	}
	w := v
	w.file = "vector-31-no-trump.json"
	w.about = "RULES.md §6 vector 31 (§1.8, §3.2), its second case: phase 2, trump ♣; seat 0 leads 9♥; seat 1, with no ♥ and no trump, plays 8♦; seat 2 (no ♥) holds 7♣ and K♠ → it must play 7♣."
	w.hands = []string{v.hands[0], "8Da 9Da TDa 7Sa 8Sa 9Sa JSa QSa", v.hands[2]}
	w.steps = lines(`
{"seat": 0, "do": "play 9Ha"}
{"seat": 1, "do": "play 8Da"}
{"seat": 2, "legal": ["play 7Ca"], "do": "play KSa", "refused": "RULES.md §1.8"}
{"seat": 2, "do": "play 7Ca", "trick_winner": 2}`)
	return []vector{v, w}
}

var vector32 = vector{
	file:    "vector-32.json",
	about:   "RULES.md §6 vector 32 (§1.7): no melds in phase 2. N wins trick 25 and attempts the marriage K♥ Q♥ → refused.",
	variant: "two-handed", dealer: 0, turnUp: "8Ca", at: 25, leader: 1,
	hands: []string{"9Sa 8Ca 8Da 9Da 7Ha 8Ha 9Ha 7Da", "ASa KHa QHa 7Db 8Db 9Db 7Hb 8Hb"},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "legal": ["play 9Sa"], "do": "play 9Sa", "trick_winner": 1}
{"seat": 1, "legal": ["play QHa", "play KHa", "play 7Db", "play 8Db", "play 9Db", "play 7Hb", "play 8Hb"], "do": "meld KHa QHa", "refused": "RULES.md §1.7"}
{"view": {"seat": 1, "phase": "trick2", "to_act": 1}}`),
}

var vector37 = vector{
	file:    "vector-37.json",
	about:   "RULES.md §6 vector 37 (§3.3.10): four-handed duels. Seat 0 wins trick 24 → duel 1 seat 0 v seat 1 (seat 0 leads), duel 2 seat 2 v seat 3 (seat 2 leads). The winner of duel 1's 8th trick (seat 1) scores no bonus; the winner of duel 2's 8th trick (seat 2) scores its side the last trick's 10.",
	variant: "four-handed", dealer: 3, turnUp: "9Ca", at: 24, leader: 0,
	hands: []string{
		"AHa 7Sa 7Sb 7Sc 7Sd 8Sa 8Sb 8Sc",
		"9Ha ASa ASb ASc ASd TSa TSb TSc",
		"9Hb ADa ADb ADc ADd TDa TDb TDc",
		"9Hc 7Da 7Db 7Dc 7Dd 8Da 8Db 8Dc",
	},
	stock: "8Sd TSd ACa",
	steps: lines(`
{"seat": 0, "do": "play AHa"}
{"seat": 1, "do": "play 9Ha"}
{"seat": 2, "do": "play 9Hb"}
{"seat": 3, "do": "play 9Hc", "trick_winner": 0}
{"seat": 0, "do": "end"}
{"seat": 2, "do": "end", "draws": [{"seat": 0, "card": "8Sd"}, {"seat": 1, "card": "TSd"}, {"seat": 2, "card": "ACa"}, {"seat": 3, "card": "9Ca", "turn_up": true}]}
{"view": {"seat": -1, "phase": "trick2", "to_act": 0}}
{"seat": 0, "do": "play 7Sa"}
{"seat": 1, "do": "play TSa", "trick_winner": 1}
{"seat": 1, "do": "play TSb"}
{"seat": 0, "do": "play 7Sb", "trick_winner": 1}
{"seat": 1, "do": "play TSc"}
{"seat": 0, "do": "play 7Sc", "trick_winner": 1}
{"seat": 1, "do": "play TSd"}
{"seat": 0, "do": "play 7Sd", "trick_winner": 1}
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 8Sa", "trick_winner": 1}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 8Sb", "trick_winner": 1}
{"seat": 1, "do": "play ASc"}
{"seat": 0, "do": "play 8Sc", "trick_winner": 1}
{"seat": 1, "do": "play ASd"}
{"seat": 0, "do": "play 8Sd", "trick_winner": 1, "scores": []}
{"view": {"seat": -1, "phase": "trick2", "to_act": 2}}
{"seat": 2, "do": "play ADa"}
{"seat": 3, "do": "play 7Da", "trick_winner": 2}
{"seat": 2, "do": "play ADb"}
{"seat": 3, "do": "play 7Db", "trick_winner": 2}
{"seat": 2, "do": "play ADc"}
{"seat": 3, "do": "play 7Dc", "trick_winner": 2}
{"seat": 2, "do": "play ADd"}
{"seat": 3, "do": "play 7Dd", "trick_winner": 2}
{"seat": 2, "do": "play TDa"}
{"seat": 3, "do": "play 8Da", "trick_winner": 2}
{"seat": 2, "do": "play TDb"}
{"seat": 3, "do": "play 8Db", "trick_winner": 2}
{"seat": 2, "do": "play TDc"}
{"seat": 3, "do": "play 8Dc", "trick_winner": 2}
{"seat": 2, "do": "play ACa"}
{"seat": 3, "legal": ["play 9Ca"], "do": "play 9Ca", "trick_winner": 2, "scores": [{"side": 0, "cause": "last_trick", "points": 10}, {"side": 0, "cause": "brisques", "points": 240}, {"side": 1, "cause": "brisques", "points": 80}]}`),
}

var vector38 = vector{
	file: "vector-38.json",
	about: "RULES.md §6 vector 38 (§3.3, the S000 worked example): four-handed deal total. Melds A/C 370 (Anna's royal marriage 40, Carla's sequence on it 250, Anna's four kings 80), " +
		"B/D 550 (Ben's bezique 40, Dan's 7♥ shown 10 and double bezique on Ben's 500); B/D the last trick +10; brisques 18 v 14 → A/C 550, B/D 700. " +
		"Every ace and ten is in play from trick 20 on, so tricks 1–19 score nothing.",
	variant: "four-handed", dealer: 3, turnUp: "8Ha", at: 20, leader: 0,
	hands: []string{
		"ASa KHa QHa TCa ADc KSa KDa KCa",
		"TSa ADb ASb ACb QSa JDa TSc AHb",
		"ADa ACa AHa THa JHa TDb ASc TSd",
		"TDa TSb TCb TDc THb 7Ha QSb JDb",
	},
	stock: "TCc AHc 7Da AHd 7Db THd ACc THc ASd 7Sa 7Dc TDd 7Sb 7Dd TCd ADd 9Ca ACd 7Sc",
	steps: lines(`
{"seat": 0, "do": "play ASa"}
{"seat": 1, "do": "play TSa"}
{"seat": 2, "do": "play ADa"}
{"seat": 3, "do": "play TDa", "trick_winner": 0}
{"seat": 0, "do": "meld KHa QHa", "scores": [{"side": 0, "cause": "meld", "points": 40}]}
{"seat": 0, "do": "end"}
{"seat": 2, "do": "end"}
{"seat": 0, "do": "play TCa"}
{"seat": 1, "do": "play ADb"}
{"seat": 2, "do": "play ACa"}
{"seat": 3, "do": "play TSb", "trick_winner": 2}
{"seat": 2, "do": "meld AHa THa KHa QHa JHa", "scores": [{"side": 0, "cause": "meld", "points": 250}]}
{"seat": 2, "do": "end"}
{"seat": 0, "do": "end"}
{"seat": 2, "do": "play TDb"}
{"seat": 3, "do": "play TCb"}
{"seat": 0, "do": "play ADc"}
{"seat": 1, "do": "play ASb", "trick_winner": 0}
{"seat": 0, "do": "meld KHa KSa KDa KCa", "scores": [{"side": 0, "cause": "meld", "points": 80}]}
{"seat": 0, "do": "end"}
{"seat": 2, "do": "end"}
{"view": {"seat": -1, "totals": [370, 0]}}
{"seat": 0, "do": "play TCc"}
{"seat": 1, "do": "play ACb"}
{"seat": 2, "do": "play ASc"}
{"seat": 3, "do": "play TDc", "trick_winner": 1}
{"seat": 1, "do": "meld QSa JDa", "scores": [{"side": 1, "cause": "meld", "points": 40}]}
{"seat": 1, "do": "end"}
{"seat": 3, "do": "end"}
{"seat": 1, "do": "play TSc"}
{"seat": 2, "do": "play TSd"}
{"seat": 3, "do": "play THb"}
{"seat": 0, "do": "play ACc", "trick_winner": 3}
{"seat": 3, "do": "declare 7Ha", "scores": [{"side": 1, "cause": "seven_declare", "points": 10}]}
{"seat": 3, "do": "meld QSa JDa QSb JDb", "scores": [{"side": 1, "cause": "meld", "points": 500}]}
{"seat": 3, "do": "end"}
{"seat": 1, "do": "end", "draws": [{"seat": 3, "card": "9Ca"}, {"seat": 0, "card": "ACd"}, {"seat": 1, "card": "7Sc"}, {"seat": 2, "card": "8Ha", "turn_up": true}]}
{"view": {"seat": -1, "phase": "trick2", "to_act": 3, "totals": [370, 550]}}
{"seat": 3, "do": "play AHd"}
{"seat": 0, "do": "play QHa", "trick_winner": 3}
{"seat": 3, "do": "play THd"}
{"seat": 0, "do": "play KHa", "trick_winner": 3}
{"seat": 3, "do": "play 7Ha"}
{"seat": 0, "do": "play KSa", "trick_winner": 3}
{"seat": 3, "do": "play QSb"}
{"seat": 0, "do": "play ASd", "trick_winner": 0}
{"seat": 0, "do": "play KDa"}
{"seat": 3, "do": "play TDd", "trick_winner": 3}
{"seat": 3, "do": "play JDb"}
{"seat": 0, "do": "play ADd", "trick_winner": 0}
{"seat": 0, "do": "play KCa"}
{"seat": 3, "do": "play TCd", "trick_winner": 3}
{"seat": 3, "do": "play 9Ca"}
{"seat": 0, "do": "play ACd", "trick_winner": 0, "scores": []}
{"seat": 1, "do": "play AHb"}
{"seat": 2, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "do": "play AHc"}
{"seat": 2, "do": "play JHa", "trick_winner": 1}
{"seat": 1, "do": "play THc"}
{"seat": 2, "do": "play AHa", "trick_winner": 2}
{"seat": 2, "do": "play THa"}
{"seat": 1, "do": "play 7Sa", "trick_winner": 2}
{"seat": 2, "do": "play 7Da"}
{"seat": 1, "do": "play JDa", "trick_winner": 1}
{"seat": 1, "do": "play QSa"}
{"seat": 2, "do": "play 7Db", "trick_winner": 1}
{"seat": 1, "do": "play 7Sb"}
{"seat": 2, "do": "play 7Dc", "trick_winner": 1}
{"seat": 1, "do": "play 7Sc"}
{"seat": 2, "do": "play 7Dd", "trick_winner": 1, "scores": [{"side": 1, "cause": "last_trick", "points": 10}, {"side": 0, "cause": "brisques", "points": 180}, {"side": 1, "cause": "brisques", "points": 140}]}
{"view": {"seat": -1, "phase": "over", "totals": [550, 700], "winner": 1}}`),
}

// vector39 is vector 39 twice, the same deal with two carried totals: seat 1 wins every
// phase-1 trick and with them 27 brisques (side 1 +270); seat 0 wins every trick of duel 2, the
// other 5 brisques and the last trick (side 0 +60).
func vector39() []vector {
	v := vector{
		file: "vector-39.json",
		about: "RULES.md §6 vector 39 (§3.3.11, target 2000): game end, four-handed. The sides carry 1990 and 1850 into the deal and score 60 and 270 in it: " +
			"A 2050, B 2120 → B wins. (vector-39-side-0-wins.json: A 2050, B 1990 → A wins.)",
		variant: "four-handed", dealer: 0, turnUp: "9Ca", at: 25, leader: 1,
		totals: []int{1990, 1850}, playToTarget: true,
		hands: []string{
			"ADa ADb ADc ADd TDa QDa QDb 9Ca",
			"KSa KSb KSc KSd QSa QSb QSc QSd",
			"7Sa 7Sb 7Sc 7Sd 8Sa 8Sb 8Sc 8Sd",
			"7Da 7Db 7Dc 7Dd 8Da 8Db 8Dc 8Dd",
		},
	}
	duels := `
{"seat": 1, "do": "play KSa"}
{"seat": 2, "do": "play 7Sa", "trick_winner": 1}
{"seat": 1, "do": "play KSb"}
{"seat": 2, "do": "play 7Sb", "trick_winner": 1}
{"seat": 1, "do": "play KSc"}
{"seat": 2, "do": "play 7Sc", "trick_winner": 1}
{"seat": 1, "do": "play KSd"}
{"seat": 2, "do": "play 7Sd", "trick_winner": 1}
{"seat": 1, "do": "play QSa"}
{"seat": 2, "do": "play 8Sa", "trick_winner": 1}
{"seat": 1, "do": "play QSb"}
{"seat": 2, "do": "play 8Sb", "trick_winner": 1}
{"seat": 1, "do": "play QSc"}
{"seat": 2, "do": "play 8Sc", "trick_winner": 1}
{"seat": 1, "do": "play QSd"}
{"seat": 2, "do": "play 8Sd", "trick_winner": 1}
{"seat": 3, "do": "play 7Da"}
{"seat": 0, "do": "play ADa", "trick_winner": 0}
{"seat": 0, "do": "play ADb"}
{"seat": 3, "do": "play 7Db", "trick_winner": 0}
{"seat": 0, "do": "play ADc"}
{"seat": 3, "do": "play 7Dc", "trick_winner": 0}
{"seat": 0, "do": "play ADd"}
{"seat": 3, "do": "play 7Dd", "trick_winner": 0}
{"seat": 0, "do": "play TDa"}
{"seat": 3, "do": "play 8Da", "trick_winner": 0}
{"seat": 0, "do": "play QDa"}
{"seat": 3, "do": "play 8Db", "trick_winner": 0}
{"seat": 0, "do": "play QDb"}
{"seat": 3, "do": "play 8Dc", "trick_winner": 0}
{"seat": 0, "do": "play 9Ca"}`
	v.steps = lines(duels + `
{"seat": 3, "do": "play 8Dd", "trick_winner": 0, "points": 330}
{"view": {"seat": -1, "phase": "over", "totals": [2050, 2120], "winner": 1}}
{"seat": 0, "do": "play 7Ca", "refused": "game_over"}`)
	w := v
	w.file = "vector-39-side-0-wins.json"
	w.about = "RULES.md §6 vector 39 (§3.3.11, target 2000): game end, four-handed. The sides carry 1990 and 1720 into the deal and score 60 and 270 in it: A 2050, B 1990 → A wins."
	w.totals = []int{1990, 1720}
	w.steps = lines(duels + `
{"seat": 3, "do": "play 8Dd", "trick_winner": 0, "points": 330}
{"view": {"seat": -1, "phase": "over", "totals": [2050, 1990], "winner": 0}}`)
	return []vector{v, w}
}

var vector40 = vector{
	file: "vector-40.json",
	about: "RULES.md §6 vector 40 (§3.1.11): game end, two-handed tie. D and N carry 930 and 980 into the deal; D wins every phase-1 trick and with them 11 brisques (+110), N every phase-2 trick, the other 5 brisques and the last trick (+60): " +
		"both 1040 after the deal → no winner, another deal (its cards are the implementation's).",
	variant: "two-handed", dealer: 0, turnUp: "9Ca", at: 25, leader: 0,
	totals: []int{930, 980}, playToTarget: true,
	hands: []string{"7Sa 7Sb 8Sa 8Sb 7Ha 8Ha 9Ha JHa", "ASa ASb TSa TSb THa KHa QHa 9Ca"},
	steps: lines(`
{"seat": 0, "do": "play 7Sa"}
{"seat": 1, "do": "play ASa", "trick_winner": 1}
{"seat": 1, "do": "play ASb"}
{"seat": 0, "do": "play 7Sb", "trick_winner": 1}
{"seat": 1, "do": "play TSa"}
{"seat": 0, "do": "play 8Sa", "trick_winner": 1}
{"seat": 1, "do": "play TSb"}
{"seat": 0, "do": "play 8Sb", "trick_winner": 1}
{"seat": 1, "do": "play THa"}
{"seat": 0, "do": "play 7Ha", "trick_winner": 1}
{"seat": 1, "do": "play KHa"}
{"seat": 0, "do": "play 8Ha", "trick_winner": 1}
{"seat": 1, "do": "play QHa"}
{"seat": 0, "do": "play 9Ha", "trick_winner": 1}
{"seat": 1, "do": "play 9Ca"}
{"seat": 0, "legal": ["play JHa"], "do": "play JHa", "trick_winner": 1, "points": 170, "deal_end": [{"side": 0, "melds": 0, "sevens": 0, "tricks_won": 24, "brisques": 11, "trick_points": 110, "last_trick": 0, "deal_points": 110, "total": 1040}, {"side": 1, "melds": 0, "sevens": 0, "tricks_won": 8, "brisques": 5, "trick_points": 50, "last_trick": 10, "deal_points": 60, "total": 1040}]}
{"view": {"seat": -1, "phase": "trick", "to_act": 0, "winner": -1}}`),
}

var vector47Phase2 = vector{
	file:    "vector-47-phase-2.json",
	about:   "RULES.md §6 vector 47 (§5 seven_scores_on_play), its phase-2 half: N plays 7♦ (trump ♦) to a phase-2 trick and loses it → 0. (vector-47.json: the same in phase 1 → N +10.)",
	variant: "two-handed", options: map[string]string{"seven_scores_on_play": "true"}, dealer: 0, turnUp: "9Da", at: 25, leader: 1,
	hands: []string{"8Da 9Da 7Sa 8Sa 9Sa 7Ha 8Ha 9Ha", "7Da 7Sb 8Sb 9Sb 7Hb 8Hb 9Hb JSa"},
	steps: lines(`
{"seat": 1, "do": "play 7Da", "scores": []}
{"seat": 0, "legal": ["play 8Da", "play 9Da"], "do": "play 8Da", "trick_winner": 0, "scores": []}`),
}

var vector48 = vector{
	file:    "vector-48.json",
	about:   "RULES.md §6 vector 48 (§1.10, trick_scoring=card_points): the winner of a trick holding A♠ and K♠ gets 15 card points. D wins every other trick of the deal, so N's card points are those 15 (with the last trick's 10); D's are the other 225 of the 240.",
	variant: "two-handed", options: map[string]string{"trick_scoring": "card_points"}, dealer: 0, turnUp: "8Ca", at: 25, leader: 0,
	hands: []string{"KSa ACa ACb TCa TCb KCa KCb QCa", "ASa 7Ca 7Cb 8Cb 9Ca 9Cb JCa 8Ca"},
	steps: lines(`
{"seat": 0, "do": "play ACa"}
{"seat": 1, "do": "play 7Ca", "trick_winner": 0}
{"seat": 0, "do": "play ACb"}
{"seat": 1, "do": "play 7Cb", "trick_winner": 0}
{"seat": 0, "do": "play TCa"}
{"seat": 1, "do": "play 8Ca", "trick_winner": 0}
{"seat": 0, "do": "play TCb"}
{"seat": 1, "do": "play 8Cb", "trick_winner": 0}
{"seat": 0, "do": "play KCa"}
{"seat": 1, "do": "play 9Ca", "trick_winner": 0}
{"seat": 0, "do": "play KCb"}
{"seat": 1, "do": "play 9Cb", "trick_winner": 0}
{"seat": 0, "do": "play QCa"}
{"seat": 1, "do": "play JCa", "trick_winner": 0}
{"seat": 0, "do": "play KSa"}
{"seat": 1, "legal": ["play ASa"], "do": "play ASa", "trick_winner": 1, "scores": [{"side": 1, "cause": "last_trick", "points": 10}, {"side": 1, "cause": "card_points", "points": 15}, {"side": 0, "cause": "card_points", "points": 225}]}`),
}

var vector53 = vector{
	file:    "vector-53-deck-63.json",
	about:   "RULES.md §6 vector 53 (§3.2.1, §8.17): three-handed with deck=63, two packs without the 8♣ of the second pack. 24 cards dealt, the 25th turned up, 38 face-down; 8♣b is in no hand, not the turn-up and not in the stock, and an action naming it is refused as malformed (card id 57 is not in the deck). vector-54-deck-63.json plays a deal of this deck to its end: 13 phase-1 and 8 phase-2 tricks, brisques 160. A stacked deal naming 8♣b does not start, so no scenario file can hold it: engine/vectors_deck_test.go checks that refusal.",
	variant: "three-handed", options: map[string]string{"deck": "63"}, dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{"7Sa 8Sa 9Sa 7Sb 8Sb 9Sb JSa JSb", "ASa 7Ha 8Ha 9Ha 7Hb 8Hb 9Hb JHa", "7Da 8Da 9Da 7Db 8Db 9Db JDa JDb"},
	steps: lines(`
{"view": {"seat": 1, "phase": "trick", "to_act": 1, "stock_size": 39, "totals": [0, 0, 0]}}
{"seat": 1, "do": "play 8Cb", "refused": "malformed"}
{"seat": 1, "do": "play ASa"}`),
}

var vector54 = vector{
	file:    "vector-54-deck-63.json",
	about:   "RULES.md §6 vector 54 (§3.2.1): three-handed last draw with deck=63. After 12 tricks the stock is 2 face-down cards + the turn-up; seat 1 wins trick 13, the last of phase 1; seats 1 and 2 draw the face-down cards, seat 0 gets the turn-up, and trick 14 is phase 2 (seat 0, void in spades, must trump). The deal then ends after 8 phase-2 tricks, 21 in all (vector 53's 13 + 8), and its brisques total 160 (16 aces and tens, all in seat 1's tricks).",
	variant: "three-handed", options: map[string]string{"deck": "63"}, dealer: 0, turnUp: "9Ca", at: 13, leader: 1,
	hands: []string{
		"8Hb 7Da 8Da 9Da 7Db 8Db 9Db JDb",
		"ASa 7Sa 8Sa 9Sa 7Sb 8Sb 9Sb JSa",
		"8Ha 7Ha 9Ha 7Hb 9Hb QDa QDb KDa",
	},
	stock: "JHa JHb",
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 2, "do": "play 8Ha"}
{"seat": 0, "do": "play 8Hb", "trick_winner": 1}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "JHa"}, {"seat": 2, "card": "JHb"}, {"seat": 0, "card": "9Ca", "turn_up": true}]}
{"view": {"seat": 0, "phase": "trick2", "to_act": 1, "turn_up": "--", "stock_size": 0, "hand": "7Da 8Da 9Da 7Db 8Db 9Db JDb 9Ca"}}
{"seat": 1, "do": "play 7Sa"}
{"seat": 2, "do": "play 7Ha"}
{"seat": 0, "legal": ["play 9Ca"], "do": "play 9Ca", "trick_winner": 0}
{"seat": 0, "do": "play 7Da"}
{"seat": 1, "do": "play 8Sa"}
{"seat": 2, "legal": ["play QDa", "play KDa"], "do": "play QDa", "trick_winner": 2}
{"seat": 2, "do": "play 9Ha"}
{"seat": 0, "do": "play 8Da"}
{"seat": 1, "legal": ["play JHa"], "do": "play JHa", "trick_winner": 1}
{"seat": 1, "do": "play 9Sa"}
{"seat": 2, "do": "play KDa"}
{"seat": 0, "do": "play 9Da", "trick_winner": 1}
{"seat": 1, "do": "play JSa"}
{"seat": 2, "do": "play 7Hb"}
{"seat": 0, "do": "play 7Db", "trick_winner": 1}
{"seat": 1, "do": "play 7Sb"}
{"seat": 2, "do": "play 9Hb"}
{"seat": 0, "do": "play 8Db", "trick_winner": 1}
{"seat": 1, "do": "play 8Sb"}
{"seat": 2, "do": "play JHb"}
{"seat": 0, "do": "play 9Db", "trick_winner": 1}
{"seat": 1, "do": "play 9Sb"}
{"seat": 2, "do": "play QDb"}
{"seat": 0, "do": "play JDb", "trick_winner": 1, "deal_end": [{"side": 0, "melds": 0, "sevens": 0, "tricks_won": 1, "brisques": 0, "trick_points": 0, "last_trick": 0, "deal_points": 0, "total": 0}, {"side": 1, "melds": 0, "sevens": 0, "tricks_won": 19, "brisques": 16, "trick_points": 160, "last_trick": 10, "deal_points": 170, "total": 170}, {"side": 2, "melds": 0, "sevens": 0, "tricks_won": 1, "brisques": 0, "trick_points": 0, "last_trick": 0, "deal_points": 0, "total": 0}]}`),
}

// vector55 and vector56 share a deal: trump ♣; N holds four kings, Q♠a and the marriage K♥ Q♥.
var vector55Hands = []string{"7Sa 7Hb 8Sa 9Sa 7Da 8Da 9Da 8Db", "ASa KSa KHa KDa KCa QSa QHa 7Ha"}

func vector55() []vector {
	v := vector{
		file:    "vector-55-allow-pending-declarations.json",
		about:   "RULES.md §6 vector 55 (§2 R9, §8.18, FOS) under allow_pending_declarations: N wins trick 1 and melds four kings (+80), then announces K♠a+Q♠a (0 now, both cards tabled, as the other seat sees); a third meld in that window is refused (R9). N wins trick 2: the marriage scores 20 at once, as that window's meld, and a further meld there is a new announcement.",
		variant: "two-handed", options: map[string]string{"allow_pending_declarations": "true"}, dealer: 0, turnUp: "9Ca", at: 1,
		hands: vector55Hands,
		steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Sa", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "points": 80}
{"seat": 1, "do": "meld KSa QSa", "points": 0}
{"view": {"seat": 0, "tabled": ["", "KSa KHa KDa KCa QSa"], "totals": [0, 80]}}
{"view": {"seat": -1, "pending": ["", "KSa QSa"]}}
{"seat": 1, "do": "meld KHa QHa", "refused": "RULES.md §2 R9"}
{"seat": 1, "do": "end"}
{"seat": 1, "do": "play 7Ha"}
{"seat": 0, "do": "play 7Hb", "trick_winner": 1, "scores": [{"side": 1, "cause": "meld", "points": 20}], "events": ["seat 0 plays 7Hb", "trick 2 to seat 1: 7Ha 7Hb", "seat 1 scores its announced common_marriage KSa QSa (20)"]}
{"view": {"seat": 0, "pending": ["", ""]}}
{"seat": 1, "do": "meld KHa QHa", "points": 0}
{"view": {"seat": 0, "phase": "window", "to_act": 1, "totals": [0, 100], "pending": ["", "KHa QHa"]}}`),
	}
	off := v
	off.file = "vector-55-pending-refused-by-default.json"
	off.about = "RULES.md §6 vector 55 (§2 R9) without allow_pending_declarations (the default): after four kings, announcing K♠a+Q♠a in the same window is refused, as in vector 21."
	off.options = nil
	off.steps = lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Sa", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "points": 80}
{"seat": 1, "do": "meld KSa QSa", "refused": "RULES.md §2 R9"}`)
	return []vector{v, off}
}

var vector56 = vector{
	file:    "vector-56-pending-declaration-lapses.json",
	about:   "RULES.md §6 vector 56 (§8.18) under allow_pending_declarations: as vector 55, N announces K♠a+Q♠a after four kings, then plays Q♠a from the table to trick 2: the announcement lapses as the card is played (derived) and is no longer pending; D wins trick 2; N's win of trick 3 scores nothing for it, and N may meld K♥ Q♥ in that window.",
	variant: "two-handed", options: map[string]string{"allow_pending_declarations": "true"}, dealer: 0, turnUp: "9Ca", at: 1,
	hands: []string{"7Sa ASb 8Sa 9Sa 7Da 8Da 9Da 8Db", vector55Hands[1]},
	steps: lines(`
{"seat": 1, "do": "play ASa"}
{"seat": 0, "do": "play 7Sa", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "points": 80}
{"seat": 1, "do": "meld KSa QSa", "points": 0}
{"seat": 1, "do": "end"}
{"view": {"seat": 0, "pending": ["", "KSa QSa"]}}
{"seat": 1, "do": "play QSa", "events": ["seat 1 plays QSa (from table)", "seat 1's announced common_marriage KSa QSa (20) lapses: QSa played"]}
{"view": {"seat": 0, "pending": ["", ""]}}
{"seat": 0, "do": "play ASb", "trick_winner": 0}
{"seat": 0, "do": "end"}
{"seat": 0, "do": "play 7Da"}
{"seat": 1, "do": "play KCa", "trick_winner": 1, "points": 0}
{"seat": 1, "do": "meld KHa QHa", "points": 20}`),
}

var vector57 = vector{
	file:    "vector-57-pending-declaration-lapses-at-phase2.json",
	about:   "RULES.md §6 vector 57 (§8.18) under allow_pending_declarations: trump ♣; N wins trick 24, the last of phase 1, melds four kings (+80) and announces K♠a+Q♠a; the last draw begins phase 2, so the announcement lapses unscored before phase 2's first trick (derived) and is no longer pending.",
	variant: "two-handed", options: map[string]string{"allow_pending_declarations": "true"}, dealer: 0, turnUp: "9Ca", at: 24, leader: 1,
	hands: []string{"9Sa 7Sa 8Sa 7Da 8Da 9Da 7Db 8Db", "TSa KSa KHa KDa KCa QSa 7Ha 8Ha"},
	stock: "JHa",
	steps: lines(`
{"seat": 1, "do": "play TSa"}
{"seat": 0, "do": "play 9Sa", "trick_winner": 1}
{"seat": 1, "do": "meld KSa KHa KDa KCa", "points": 80}
{"seat": 1, "do": "meld KSa QSa", "points": 0}
{"view": {"seat": -1, "pending": ["", "KSa QSa"]}}
{"seat": 1, "do": "end", "draws": [{"seat": 1, "card": "JHa", "revealed": true}, {"seat": 0, "card": "9Ca", "turn_up": true}], "points": 0, "events": ["seat 1 end_window", "seat 1 draws JHa", "seat 0 draws 9Ca", "seat 1's announced common_marriage KSa QSa (20) lapses: phase 2", "phase 2 duel 0, seat 1 leads"]}
{"view": {"seat": -1, "phase": "trick2", "to_act": 1, "pending": ["", ""], "deal_points": [0, 80]}}`),
}

// rubiconBlocks are the melds the Rubicon settlement deals are made of, trump ♣ (settle_test.go).
var rubiconBlocks = []block{
	{points: 250, base: "ACa TCa KCa QCa JCa", spares: "JCb JCc JCd ACb ACc ACd", trump: true},
	{points: 1500, base: "QSa QSb QSc JDa JDb JDc", spares: "QSd JDd"},
	{points: 150, base: "AHa THa KHa QHa JHa", spares: "JHb JHc JHd AHb AHc AHd", trump: true},
	{points: 100, base: "ASa ASb ADa ADb", spares: "ASc ASd ADc ADd"},
	{points: 80, base: "KSa KSb KDa KDb", spares: "KSc KSd KDc KDd KHb KHc KHd KCb KCc KCd"},
	{points: 60, base: "QHb QHc QDa QDb", spares: "QHd QDc QDd QCb QCc QCd"},
	{points: 40, base: "JSa JSb JSc JSd"},
}

// vector45 is RULES.md §6 vector 45 in two whole Rubicon deals: A is the dealer, seat 0.
func vector45() []vector {
	return []vector{{
		file: "vector-45.json",
		about: "RULES.md §6 vector 45 (§3.6.8–10, §8.16): Rubicon settlement. A whole deal played to A 2740 (2690 in melds, 50 the last trick), B 1560 (melds): " +
			"B has 1000 without brisques, so no brisques are counted; the scores truncated to 2700 and 1500 pay A 500 + 1200 = 1700 game points. " +
			"The melds are made and re-formed (§2 R8) from trick 1; trump ♣ is fixed by A's first meld, a sequence (§3.6.3).",
		variant: "rubicon", dealer: 0,
		settle: &settlement{melds: [2]int{2690, 1560}, totals: []int{2740, 1560}, trump: engine.Clubs,
			want: engine.Settlement{Winner: 0, Points: 1700}, blocks: rubiconBlocks},
	}, {
		file: "vector-45-rubicon.json",
		about: "RULES.md §6 vector 45, second case (§3.6.9–10, §8.16): Rubicon. A whole deal played to A 2300 (2250 in melds, 50 the last trick), B 700 (melds), " +
			"B's 14 brisques 140: 840, under 1000, so B is rubiconed and both count brisques (A 18: 180, totals 2480 and 840); " +
			"A wins 1000 + 2300 + 700 + 320 = 4320 game points, the loser's points without brisques since the 320 credits all brisques to the winner.",
		variant: "rubicon", dealer: 0,
		settle: &settlement{melds: [2]int{2250, 700}, totals: []int{2480, 840}, trump: engine.Clubs,
			want: engine.Settlement{Winner: 0, Points: 4320, Rubicon: true, BrisquesCounted: true}, blocks: rubiconBlocks},
	}}
}

// sixPackBlocks are the melds the six-pack settlement deals are made of, trump ♣.
var sixPackBlocks = []block{
	{points: 250, base: "ACa TCa KCa QCa JCa", spares: "JCf", trump: true},
	{points: 4500, base: "QSa QSb QSc QSd JDa JDb JDc JDd", spares: "QSe JDe QSf JDf"},
	{points: 1000, base: "ACb ACc ACd ACe", spares: "ACf", trump: true},
	{points: 900, base: "TCb TCc TCd TCe", spares: "TCf", trump: true},
	{points: 800, base: "KCb KCc KCd KCe", spares: "KCf", trump: true},
	{points: 600, base: "QCb QCc QCd QCe", spares: "QCf", trump: true},
	{points: 400, base: "JCb JCc JCd JCe", trump: true},
	{points: 150, base: "AHa THa KHa QHa JHa", spares: "JHb JHc JHd JHe JHf", trump: true},
	{points: 100, base: "ASa ASb ADa ADb", spares: "ASc ASd ASe ASf ADc ADd ADe ADf AHb AHc AHd AHe AHf"},
	{points: 80, base: "KSa KSb KDa KDb", spares: "KSc KSd KSe KSf KDc KDd KDe KDf KHb KHc KHd KHe KHf"},
}

// vector52 is RULES.md §6 vector 52 in two whole six-pack deals: A is the dealer, seat 0.
func vector52() []vector {
	return []vector{{
		file: "vector-52.json",
		about: "RULES.md §6 vector 52 (§3.7.4, §3.7.7, §8.16): six-pack settlement. A whole deal played to A 5200 (4950 in melds, 250 the last trick), B 3350 (melds); " +
			"no brisques are counted; A wins 1000 + 5200 − 3300 = 2900 game points. Trump ♣ is fixed by A's first meld, a sequence (§3.7.3).",
		variant: "six-pack", dealer: 0,
		settle: &settlement{melds: [2]int{4950, 3350}, totals: []int{5200, 3350}, trump: engine.Clubs,
			want: engine.Settlement{Winner: 0, Points: 2900}, blocks: sixPackBlocks},
	}, {
		file: "vector-52-rubicon.json",
		about: "RULES.md §6 vector 52, second case (§3.7.7, §8.16): six-pack. A whole deal played to A 5200 (4950 in melds, 250 the last trick), B 2950 (melds): " +
			"under 3000, B is rubiconed; no brisques are counted; A wins 1000 + 5200 + 2900 = 9100 game points.",
		variant: "six-pack", dealer: 0,
		settle: &settlement{melds: [2]int{4950, 2950}, totals: []int{5200, 2950}, trump: engine.Clubs,
			want: engine.Settlement{Winner: 0, Points: 9100, Rubicon: true}, blocks: sixPackBlocks},
	}}
}
