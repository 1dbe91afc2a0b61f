package engine

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestOptionCatalog pins the option table: names in order, type, bounds, values, defaults per
// variant (two-, three-, four-handed, four-handed individual), the variants where the option may
// differ from its default, and the section.
func TestOptionCatalog(t *testing.T) {
	all, classic := "2 3 4 4i r 6", "2 3 4 4i"
	want := []string{
		"deal_packets int_list 1..12 [] 3-2-3/3-2-3/3-2-3/3-2-3/3-3-3/3-3-3-3 in " + all + " §5 #2",
		"dealer_rotation enum 0..0 [left last_trick_winner] left/left/left/left/left/left in 2 §5 #3",
		"seven_scores_on_play bool 0..0 [false true] false/false/false/false/false/false in " + classic + " §1.9.7",
		"seven_counts_as_meld bool 0..0 [false true] false/false/false/false/false/false in " + classic + " §1.9.3",
		"exchanged_card_meldable bool 0..0 [false true] false/false/false/false/false/false in " + classic + " §1.9.4",
		"phase2_must_head bool 0..0 [false true] true/true/true/true/true/true in " + all + " §1.8.1",
		"reveal_last_stock_card bool 0..0 [false true] true/false/false/false/false/false in 2 §3.1.8",
		"reuse_rule enum 0..0 [kind higher_value] kind/kind/kind/kind/kind/kind in " + classic + " §2 R3",
		"require_new_card bool 0..0 [false true] true/true/true/true/true/true in " + all + " §2 R2",
		"allow_pending_declarations bool 0..0 [false true] false/false/false/false/false/false in 2 3 4i §2 R9",
		"second_double_on_used_pair bool 0..0 [false true] false/true/false/false/false/false in 3 4 4i §2 R6",
		"partner_meld_protocol enum 0..0 [pass winner_only] pass/pass/pass/pass/pass/pass in 4 §3.3.6",
		"multi_bezique_same_player bool 0..0 [false true] false/false/false/false/false/false in 4 §5 #15",
		"partnership_phase2 enum 0..0 [duels all_four] duels/duels/duels/duels/duels/duels in 4 4i §3.3.10",
		"duel2_leader enum 0..0 [partner opponent] partner/partner/partner/partner/partner/partner in 4 4i §5 #18",
		"last_trick enum 0..0 [last trick24] last/last/last/last/last/last in " + classic + " §1.11",
		"trick_scoring enum 0..0 [brisques card_points] brisques/brisques/brisques/brisques/brisques/brisques in " + classic + " §1.10",
		"count_brisques_immediately bool 0..0 [false true] false/false/false/false/false/false in " + classic + " §1.10",
		"target int 1..1000000 [] 1000/2000/2000/2000/1000/3000 in " + classic + " §4",
		"end_check enum 0..0 [end_of_deal immediate] end_of_deal/end_of_deal/end_of_deal/end_of_deal/end_of_deal/end_of_deal in " + classic + " §3.1.11",
		"quadruple_value int 0..100000 [] 4500/4500/4500/4500/4500/4500 in 4 4i §3.3.13",
		"bezique_by_trump bool 0..0 [false true] false/false/false/false/false/false in 6 §5 #26",
		"turn_up_trump bool 0..0 [false true] true/true/true/true/false/false in 2 §5 #27",
		"rubicon_marriage_to_sequence bool 0..0 [false true] true/true/true/true/true/true in r 6 §5 #28",
		"reform_after_play bool 0..0 [false true] false/false/false/false/true/true in r 6 §5 #29",
		"carte_blanche_repeat bool 0..0 [false true] true/true/true/true/true/true in r 6 §5 #30",
		"max_seven_actions_per_trick int 1..4 [] 1/1/1/1/1/1 in " + classic + " §1.9.5",
		"deck int 63..192 [] 64/96/128/128/128/192 in 3 §3.2.1",
		"loser_under_100_bonus unsupported §5 #31: its only source (CMC) is truncated: neither the amount nor the condition is known",
		"cut_guessing_bonuses unsupported §3.7.2: a digital deal has no cut: the referee shuffles from a committed seed (docs/DEALING.md), so there is nothing to guess",
	}
	short := map[Variant]string{TwoHanded: "2", ThreeHanded: "3", FourHanded: "4", FourHandedIndividual: "4i", Rubicon: "r", SixPack: "6"}
	var got []string
	for _, o := range OptionCatalog() {
		if !o.Supported {
			got = append(got, o.Name+" unsupported "+o.Section+": "+o.Unsupported)
			continue
		}
		var defs, in []string
		for _, v := range Variants {
			defs = append(defs, o.Defaults[v])
		}
		for _, v := range o.Variants {
			in = append(in, short[v])
		}
		got = append(got, strings.Join([]string{o.Name, string(o.Type), strconv.Itoa(o.Min) + ".." + strconv.Itoa(o.Max),
			"[" + strings.Join(o.Values, " ") + "]", strings.Join(defs, "/"), "in", strings.Join(in, " "), o.Section}, " "))
		if o.Doc == "" {
			t.Errorf("%s: no doc", o.Name)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("catalog:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOptionCatalogIsACopy: changing the returned catalog changes nothing in the engine.
func TestOptionCatalogIsACopy(t *testing.T) {
	c := OptionCatalog()
	c[0].Defaults[TwoHanded] = "4-4"
	c[1].Values[0] = "right"
	c[1].Variants[0] = FourHanded
	if got := OptionCatalog(); got[0].Defaults[TwoHanded] != "3-2-3" || got[1].Values[0] != "left" || got[1].Variants[0] != TwoHanded {
		t.Fatalf("catalog changed through a copy: %+v %+v", got[0], got[1])
	}
	r := DefaultRules(TwoHanded)
	r.DealPackets[0] = 8
	if got := DefaultRules(TwoHanded).DealPackets; !slices.Equal(got, []int{3, 2, 3}) {
		t.Fatalf("DefaultRules shares its packets: %v", got)
	}
}

// TestLookupOption: one option's entry is the catalog's, a copy, and an unknown name is not found.
func TestLookupOption(t *testing.T) {
	o, ok := LookupOption("dealer_rotation")
	if !ok || !reflect.DeepEqual(o, OptionCatalog()[1]) {
		t.Fatalf("LookupOption(dealer_rotation) = %+v, %v; want the catalog's second entry", o, ok)
	}
	o.Values[0] = "right"
	if again, _ := LookupOption("dealer_rotation"); again.Values[0] != "left" {
		t.Fatalf("the option table changed through a copy: %+v", again)
	}
	if o, ok := LookupOption("Target"); ok {
		t.Fatalf("LookupOption(Target) = %+v, true; want not found (names are case-sensitive)", o)
	}
}

// TestOptionDefaultsRoundTrip: for every option and variant, the catalog's default is what
// DefaultRules holds and Options prints, and parsing it gives the default rules back; every value
// a form may offer (Values, Examples) parses and prints back unchanged where the option applies.
func TestOptionDefaultsRoundTrip(t *testing.T) {
	for _, v := range Variants {
		def := DefaultRules(v)
		printed := def.Options()
		n := 0
		for _, o := range OptionCatalog() {
			if !o.Supported {
				continue
			}
			n++
			if printed[o.Name] != o.Defaults[v] {
				t.Errorf("%s %s: Options() prints %q, catalog default %q", v, o.Name, printed[o.Name], o.Defaults[v])
			}
			r, err := NewRules(v, map[string]string{o.Name: o.Defaults[v]})
			if err != nil || !reflect.DeepEqual(r, def) {
				t.Errorf("%s %s=%s: %+v, %v; want the default rules", v, o.Name, o.Defaults[v], r, err)
			}
			if !slices.Contains(o.Variants, v) {
				continue
			}
			for _, x := range append(slices.Clone(o.Values), o.Examples...) {
				if o.Name == "deal_packets" && packetSum(x) != v.HandSize() {
					continue
				}
				r, err := NewRules(v, map[string]string{o.Name: x})
				if err != nil || r.Options()[o.Name] != x {
					t.Errorf("%s %s=%s: prints back %q, %v", v, o.Name, x, r.Options()[o.Name], err)
				}
			}
		}
		if len(printed) != n {
			t.Errorf("%s: Options() has %d options, the catalog %d supported", v, len(printed), n)
		}
		r, err := NewRules(v, printed)
		if err != nil || !reflect.DeepEqual(r, def) {
			t.Errorf("%s: NewRules(DefaultRules().Options()) = %+v, %v", v, r, err)
		}
	}
}

// TestOptionVariantsAgreeWithValidate: an option alone at a value other than its default is
// accepted exactly in the variants the catalog lists (Validate's hand-written variant checks and
// the table say the same).
func TestOptionVariantsAgreeWithValidate(t *testing.T) {
	for _, o := range OptionCatalog() {
		if !o.Supported {
			continue
		}
		for _, v := range Variants {
			for _, x := range append(slices.Clone(o.Values), o.Examples...) {
				if x == o.Defaults[v] || o.Name == "deal_packets" && packetSum(x) != v.HandSize() {
					continue
				}
				_, err := NewRules(v, map[string]string{o.Name: x})
				if applies := slices.Contains(o.Variants, v); applies != (err == nil) {
					t.Errorf("%s %s=%s: error %v, catalog says applies=%v", v, o.Name, x, err, applies)
				}
				if err != nil && !strings.Contains(err.Error(), o.Name) {
					t.Errorf("%s %s=%s: error %q does not name the option", v, o.Name, x, err)
				}
			}
		}
	}
}

// packetSum is the sum of a deal_packets value.
func packetSum(x string) int {
	sum := 0
	for _, f := range strings.Split(x, "-") {
		n, _ := strconv.Atoi(f)
		sum += n
	}
	return sum
}

// TestOptionRefusals: bad values name the option and what is wanted; unsupported options say why;
// an unknown option lists the supported names.
func TestOptionRefusals(t *testing.T) {
	for _, tc := range []struct{ name, val, want string }{
		{"dealer_rotation", "right", `bezique: option dealer_rotation: bad value "right" (want one of left, last_trick_winner)`},
		{"seven_counts_as_meld", "yes", `bezique: option seven_counts_as_meld: bad value "yes" (want true or false)`},
		{"target", "0", `bezique: option target: bad value "0" (want an integer from 1 to 1000000)`},
		{"max_seven_actions_per_trick", "5", `bezique: option max_seven_actions_per_trick: bad value "5" (want an integer from 1 to 4)`},
		{"deal_packets", "3-0-5", `bezique: option deal_packets: bad value "3-0-5" (want packet sizes joined by '-', summing to the hand size, e.g. 3-2-3)`},
		{"deal_packets", "3-3-3", `bezique: option deal_packets: packets sum to 9, want 8`},
		{"deck", "63", `bezique: option deck: 63 cards in two-handed (want 64, or 63 in three-handed)`},
		{"deck", "62", `bezique: option deck: bad value "62" (want an integer from 63 to 192)`},
		{"loser_under_100_bonus", "true", `bezique: option loser_under_100_bonus: not supported: its only source (CMC) is truncated: neither the amount nor the condition is known`},
		{"cut_guessing_bonuses", "true", `bezique: option cut_guessing_bonuses: not supported: a digital deal has no cut: the referee shuffles from a committed seed (docs/DEALING.md), so there is nothing to guess`},
		{"reform_after_play", "true", `bezique: option reform_after_play does not apply to two-handed (it applies to rubicon, six-pack)`},
		{"trump", "S", `bezique: unknown option "trump" (known: allow_pending_declarations, bezique_by_trump, carte_blanche_repeat, count_brisques_immediately, deal_packets, ` +
			`dealer_rotation, deck, duel2_leader, end_check, exchanged_card_meldable, last_trick, max_seven_actions_per_trick, multi_bezique_same_player, ` +
			`partner_meld_protocol, partnership_phase2, phase2_must_head, quadruple_value, reform_after_play, require_new_card, reuse_rule, ` +
			`reveal_last_stock_card, rubicon_marriage_to_sequence, second_double_on_used_pair, seven_counts_as_meld, seven_scores_on_play, ` +
			`target, trick_scoring, turn_up_trump)`},
	} {
		_, err := NewRules(TwoHanded, map[string]string{tc.name: tc.val})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s=%s: %v\nwant %s", tc.name, tc.val, err, tc.want)
		}
	}
	// An announced marriage before trump is fixed would be a royal marriage that fixes no trump
	// (the long property run found one): the two options are refused together (RULES.md §8.18).
	_, err := NewRules(TwoHanded, map[string]string{"allow_pending_declarations": "true", "turn_up_trump": "false"})
	if want := "bezique: option allow_pending_declarations needs a turn-up (turn_up_trump=true): no source says whether an announced marriage fixes trump (RULES.md §8.18)"; err == nil || err.Error() != want {
		t.Errorf("allow_pending_declarations with turn_up_trump=false: %v\nwant %s", err, want)
	}
}

// TestValidateChecksValuesFromTheTable: Rules built by hand with a value NewRules would not parse
// are refused by Validate (and so by NewGame), naming the option.
func TestValidateChecksValuesFromTheTable(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Rules)
		want string
	}{
		{func(r *Rules) { r.DealerRotation = "lfet" }, `bezique: option dealer_rotation: bad value "lfet" (want one of left, last_trick_winner)`},
		{func(r *Rules) { r.TrickScoring = "" }, `bezique: option trick_scoring: bad value "" (want one of brisques, card_points)`},
		{func(r *Rules) { r.MaxSevenActionsPerTrick = 0 }, `bezique: option max_seven_actions_per_trick: bad value "0" (want an integer from 1 to 4)`},
		{func(r *Rules) { r.Target = -5 }, `bezique: option target: bad value "-5" (want an integer from 1 to 1000000)`},
		{func(r *Rules) { r.QuadrupleValue = 100_001 }, `bezique: option quadruple_value: bad value "100001" (want an integer from 0 to 100000)`},
		{func(r *Rules) { r.DealPackets = []int{0, 8} }, `bezique: option deal_packets: 0 is not from 1 to 12`},
		{func(r *Rules) { r.DealPackets = []int{4, 3} }, `bezique: option deal_packets: packets sum to 7, want 8`},
	} {
		r := DefaultRules(FourHanded)
		tc.edit(&r)
		if err := r.Validate(); err == nil || err.Error() != tc.want {
			t.Errorf("Validate: %v\nwant %s", err, tc.want)
		}
		if _, err := NewGame(r, Dealing{Seed: SeedFromUint64(1)}); err == nil || err.Error() != tc.want {
			t.Errorf("NewGame: %v\nwant %s", err, tc.want)
		}
	}
}

// rulesMDSection5 reads the rows of the "Disagreements and recommended defaults" table of
// RULES.md §5: row number, default (as written) and the option names of the Config column.
func rulesMDSection5(t *testing.T) map[int]struct {
	def   string
	names []string
} {
	t.Helper()
	b, err := os.ReadFile("../docs/rules/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "\n## 5. ")
	end := strings.Index(text, "\n## 6. ")
	if start < 0 || end < start {
		t.Fatal("RULES.md: no §5 before §6")
	}
	row := regexp.MustCompile("^\\| (\\d+) \\|[^|]*\\|[^|]*\\| ([^|]*) \\| ([^|]*) \\|$")
	name := regexp.MustCompile("`([a-z0-9_]+)`")
	rows := map[int]struct {
		def   string
		names []string
	}{}
	for _, line := range strings.Split(text[start:end], "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var names []string
		for _, n := range name.FindAllStringSubmatch(m[3], -1) {
			names = append(names, n[1])
		}
		n, _ := strconv.Atoi(m[1])
		rows[n] = struct {
			def   string
			names []string
		}{m[2], names}
	}
	if len(rows) != 37 {
		t.Fatalf("RULES.md §5: %d rows, want 37", len(rows))
	}
	return rows
}

// TestRulesMDSection5AgreesWithCatalog: the options RULES.md §5 names and their defaults are the
// catalog's. The default column is prose, so each row's prose is pinned here next to the catalog
// defaults it means (two-, three-, four-handed, four-handed individual); a change on either side
// fails until both agree again.
func TestRulesMDSection5AgreesWithCatalog(t *testing.T) {
	rows := rulesMDSection5(t)
	means := []struct {
		row      int
		prose    string
		option   string
		defaults string // per variant (two-, three-, four-handed, individual, Rubicon, six-pack), "/"-separated
	}{
		{2, "3-2-3", "deal_packets", "3-2-3/3-2-3/3-2-3/3-2-3/3-3-3/3-3-3-3"},
		{3, "alternate / left", "dealer_rotation", "left/left/left/left/left/left"},
		{4, "exchange/show after won trick", "seven_scores_on_play", "false/false/false/false/false/false"},
		{5, "extra", "seven_counts_as_meld", "false/false/false/false/false/false"},
		{6, "forbidden", "exchanged_card_meldable", "false/false/false/false/false/false"},
		{7, "yes", "phase2_must_head", "true/true/true/true/true/true"},
		{8, "yes (2p)", "reveal_last_stock_card", "true/false/false/false/false/false"},
		{9, "kind", "reuse_rule", "kind/kind/kind/kind/kind/kind"},
		{10, "every meld", "require_new_card", "true/true/true/true/true/true"},
		{10, "every meld", "allow_pending_declarations", "false/false/false/false/false/false"}, // no meld scored later: every meld needs its own trick
		{13, "3p on, 4p off", "second_double_on_used_pair", "false/true/false/false/false/false"},
		{14, "S000 + BIC protocol", "partner_meld_protocol", "pass/pass/pass/pass/pass/pass"},
		{15, "mix", "multi_bezique_same_player", "false/false/false/false/false/false"},
		{16, "duels", "partnership_phase2", "duels/duels/duels/duels/duels/duels"},
		{18, "W's partner leads", "duel2_leader", "partner/partner/partner/partner/partner/partner"},
		{19, "last of deal", "last_trick", "last/last/last/last/last/last"},
		{20, "brisques", "trick_scoring", "brisques/brisques/brisques/brisques/brisques/brisques"},
		{21, "end", "count_brisques_immediately", "false/false/false/false/false/false"},
		{22, "1000", "target", "1000/2000/2000/2000/1000/3000"},
		{23, "2000", "target", "1000/2000/2000/2000/1000/3000"},
		{24, "end of deal", "end_check", "end_of_deal/end_of_deal/end_of_deal/end_of_deal/end_of_deal/end_of_deal"},
		{25, "4500", "quadruple_value", "4500/4500/4500/4500/4500/4500"},
		{26, "fixed", "bezique_by_trump", "false/false/false/false/false/false"},
		{27, "turn-up", "turn_up_trump", "true/true/true/true/false/false"},
		{28, "allowed", "rubicon_marriage_to_sequence", "true/true/true/true/true/true"},
		{29, "allowed in Rubicon/six-pack only", "reform_after_play", "false/false/false/false/true/true"},
		{30, "repeat", "carte_blanche_repeat", "true/true/true/true/true/true"},
		{35, "1", "max_seven_actions_per_trick", "1/1/1/1/1/1"},
		{36, "96", "deck", "64/96/128/128/128/192"},
	}
	// Options RULES.md §5 names that the engine does not know at all.
	var notInCatalog []string
	// Options of the catalog that RULES.md states outside §5's table: none since rows 35–37 (an
	// outside trial read README's "§5 lists every option").
	var notInSection5 []string

	catalog := map[string]OptionSpec{}
	for _, o := range OptionCatalog() {
		catalog[o.Name] = o
	}
	inSection5 := map[string]bool{}
	for n, r := range rows {
		for _, name := range r.names {
			inSection5[name] = true
			if _, ok := catalog[name]; !ok && !slices.Contains(notInCatalog, name) {
				t.Errorf("RULES.md §5 #%d names option %s, which the catalog lacks", n, name)
			}
		}
	}
	for name := range catalog {
		if !inSection5[name] && !slices.Contains(notInSection5, name) {
			t.Errorf("catalog option %s is not in RULES.md §5", name)
		}
	}
	for _, name := range notInCatalog {
		if _, ok := catalog[name]; ok || !inSection5[name] {
			t.Errorf("%s: listed as only in RULES.md §5, but catalog has it: %v, §5 has it: %v", name, ok, inSection5[name])
		}
	}
	pinned := map[string]bool{}
	for _, m := range means {
		r := rows[m.row]
		if r.def != m.prose || !slices.Contains(r.names, m.option) {
			t.Errorf("RULES.md §5 #%d: default %q, options %v; pinned %q for %s", m.row, r.def, r.names, m.prose, m.option)
		}
		o := catalog[m.option]
		var defs []string
		for _, v := range Variants {
			defs = append(defs, o.Defaults[v])
		}
		if got := strings.Join(defs, "/"); got != m.defaults {
			t.Errorf("%s: catalog defaults %s, RULES.md §5 #%d (%q) means %s", m.option, got, m.row, m.prose, m.defaults)
		}
		pinned[m.option] = true
	}
	for name, o := range catalog {
		if o.Supported && !pinned[name] && !slices.Contains(notInSection5, name) {
			t.Errorf("%s: supported, in RULES.md §5, but its default is not pinned to a row", name)
		}
	}
}
