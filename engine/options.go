package engine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// This file declares every rule option of RULES.md §5 once: its name, type, allowed values,
// default per variant, doc and section. NewRules, Rules.Options, Rules.Validate's per-option
// checks, the refusals of unknown and unsupported options, and OptionCatalog all read this table.

// DealerRotation is who deals the next deal (RULES.md §5 #3, option dealer_rotation).
type DealerRotation string

// The dealer rotations.
const (
	// DealerRotationLeft passes the deal to the left; in two-handed the deal alternates.
	DealerRotationLeft DealerRotation = "left"
	// DealerRotationLastTrickWinner has the winner of the last trick deal next (S004, two-handed).
	DealerRotationLastTrickWinner DealerRotation = "last_trick_winner"
)

// ReuseRule is when a tabled card may join another meld (RULES.md §2, option reuse_rule).
type ReuseRule string

// The re-use rules.
const (
	// ReuseRuleKind allows a card in one meld of each class (RULES.md §2 R3).
	ReuseRuleKind ReuseRule = "kind"
	// ReuseRuleHigherValue allows a tabled card only in a new meld worth more than its last (S004).
	ReuseRuleHigherValue ReuseRule = "higher_value"
)

// PartnerMeldProtocol is who may meld after a partnership wins a trick (option
// partner_meld_protocol).
type PartnerMeldProtocol string

// The partner meld protocols.
const (
	// PartnerMeldPass lets the winner meld or pass the privilege to his partner (RULES.md §8.8).
	PartnerMeldPass PartnerMeldProtocol = "pass"
	// PartnerMeldWinnerOnly lets only the trick's winner meld (RULES.md §3.3.6).
	PartnerMeldWinnerOnly PartnerMeldProtocol = "winner_only"
)

// PartnershipPhase2 is how the four-handed variants play phase 2 (RULES.md §3.3.10, option
// partnership_phase2).
type PartnershipPhase2 string

// The four-handed phase-2 procedures.
const (
	// Phase2Duels plays phase 2 as two duels of two players.
	Phase2Duels PartnershipPhase2 = "duels"
	// Phase2AllFour plays phase 2 with all four, each trick won by the highest card (BIC).
	Phase2AllFour PartnershipPhase2 = "all_four"
)

// Duel2Leader is who leads the second duel of a four-handed phase 2 (RULES.md §5 #18, option
// duel2_leader).
type Duel2Leader string

// The second duel's leaders.
const (
	// Duel2LeaderPartner has the partner of the first duel's leader lead.
	Duel2LeaderPartner Duel2Leader = "partner"
	// Duel2LeaderOpponent has an opponent of the first duel's leader lead.
	Duel2LeaderOpponent Duel2Leader = "opponent"
)

// LastTrick is which trick scores the last-trick bonus of 10 (RULES.md §1.11, option last_trick).
type LastTrick string

// The last-trick definitions.
const (
	// LastTrickLast scores the last trick of the deal.
	LastTrickLast LastTrick = "last"
	// LastTrickTrick24 scores the last phase-1 trick (EW).
	LastTrickTrick24 LastTrick = "trick24"
)

// TrickScoring is what won cards score (RULES.md §1.10, option trick_scoring).
type TrickScoring string

// The trick scorings.
const (
	// TrickScoringBrisques scores 10 per ace and ten won.
	TrickScoringBrisques TrickScoring = "brisques"
	// TrickScoringCardPoints scores A 11, 10 10, K 4, Q 3, J 2 (S003, WDE).
	TrickScoringCardPoints TrickScoring = "card_points"
)

// EndCheck is when the game ends (RULES.md §3.1.11, option end_check).
type EndCheck string

// The game-end checks.
const (
	// EndCheckEndOfDeal ends the game after a deal in which a side reached the target; the higher
	// total wins; a tie plays another deal.
	EndCheckEndOfDeal EndCheck = "end_of_deal"
	// EndCheckImmediate ends the game as soon as a side reaches the target; that side wins.
	EndCheckImmediate EndCheck = "immediate"
)

// OptionType is the kind of value a rule option takes. Its value is the name the catalog uses.
type OptionType string

// The option types.
const (
	// OptionBool is "true" or "false" (strconv.ParseBool's other spellings are accepted too).
	OptionBool OptionType = "bool"
	// OptionInt is a decimal integer from OptionSpec.Min to OptionSpec.Max.
	OptionInt OptionType = "int"
	// OptionEnum is one of OptionSpec.Values.
	OptionEnum OptionType = "enum"
	// OptionIntList is decimal integers from OptionSpec.Min to OptionSpec.Max joined by '-'
	// ("3-2-3").
	OptionIntList OptionType = "int_list"
)

// OptionSpec describes one rule option of RULES.md §5, as [OptionCatalog] lists it.
type OptionSpec struct {
	// Name is the option's name in the API and on the command line, as RULES.md §5 spells it.
	Name string
	// Type is the kind of value; empty for an unsupported option.
	Type OptionType
	// Values are the allowed values of an enum, or "false" and "true" for a bool; nil otherwise.
	Values []string
	// Min and Max bound an int, or each integer of an int list; zero otherwise.
	Min, Max int
	// Examples are typical values of an int or int list, for a form's suggestions; nil otherwise.
	Examples []string
	// Defaults is the default value of each variant, in the text form NewRules accepts; nil for an
	// unsupported option.
	Defaults map[Variant]string
	// Variants are the variants in which the option may take another value than its default, in
	// the order of [Variants]; nil for an unsupported option.
	Variants []Variant
	// Doc is a one-line description.
	Doc string
	// Section is the section of RULES.md that states the rule: "§1.9.3", "§2 R3", "§5 #2".
	Section string
	// Supported reports whether the engine plays the option; NewRules refuses an unsupported one.
	Supported bool
	// Unsupported is why the engine does not play the option; empty for a supported one.
	Unsupported string
}

// option is a row of the option table: its spec and how it reads and writes a Rules field.
type option struct {
	OptionSpec
	// parse sets the field from its text form; the error says what is wanted.
	parse func(r *Rules, s string) error
	// format returns the field in its text form.
	format func(r *Rules) string
	// check reports a field value parse would refuse (Rules built by hand); nil for a bool.
	check func(r *Rules) error
	// same reports whether two rules hold the same value of the field (without allocating:
	// Validate runs for every new game).
	same func(a, b *Rules) bool
}

// options is the option table: the supported options in the order of RULES.md §5's rows
// (max_seven_actions_per_trick, stated in §1.9.5 only, and deck, §3.2.1, last), then the
// unsupported ones.
var options = []option{
	intListOption(OptionSpec{Name: "deal_packets", Min: 1, Max: MaxHandSize, Section: "§5 #2",
		Examples: []string{"3-2-3", "2-3-3", "4-4", "2-2-2-2", "3-3-3", "3-3-3-3"},
		Defaults: perVariant(perVariant(everywhere("3-2-3"), Rubicon, "3-3-3"), SixPack, "3-3-3-3"), Variants: Variants,
		Doc: "the packet sizes of the deal, summing to the hand size (8; Rubicon 9, six-pack 12)"},
		"packet sizes joined by '-', summing to the hand size, e.g. 3-2-3", func(r *Rules) *[]int { return &r.DealPackets }),
	enumOption(OptionSpec{Name: "dealer_rotation", Section: "§5 #3", Defaults: everywhere("left"), Variants: only(TwoHanded),
		Doc: "who deals next: left (in two-handed the deal alternates) or the last trick's winner (S004, two-handed)"},
		func(r *Rules) *DealerRotation { return &r.DealerRotation }, DealerRotationLeft, DealerRotationLastTrickWinner),
	boolOption(OptionSpec{Name: "seven_scores_on_play", Section: "§1.9.7", Defaults: everywhere("false"), Variants: classic,
		Doc: "a trump seven played to a phase-1 trick scores 10"},
		func(r *Rules) *bool { return &r.SevenScoresOnPlay }),
	boolOption(OptionSpec{Name: "seven_counts_as_meld", Section: "§1.9.3", Defaults: everywhere("false"), Variants: classic,
		Doc: "a seven action uses the side's one meld of the window"},
		func(r *Rules) *bool { return &r.SevenCountsAsMeld }),
	boolOption(OptionSpec{Name: "exchanged_card_meldable", Section: "§1.9.4", Defaults: everywhere("false"), Variants: classic,
		Doc: "the card taken by a seven exchange may join a meld in the same window"},
		func(r *Rules) *bool { return &r.ExchangedCardMeldable }),
	boolOption(OptionSpec{Name: "phase2_must_head", Section: "§1.8.1", Defaults: everywhere("true"), Variants: Variants,
		Doc: "in phase 2 a follower must beat the winning card of the suit led when he can"},
		func(r *Rules) *bool { return &r.Phase2MustHead }),
	boolOption(OptionSpec{Name: "reveal_last_stock_card", Section: "§3.1.8",
		Defaults: perVariant(everywhere("false"), TwoHanded, "true"), Variants: only(TwoHanded),
		Doc: "the last face-down stock card is shown to the opponent (two-handed; default false with turn_up_trump=false)"},
		func(r *Rules) *bool { return &r.RevealLastStockCard }),
	enumOption(OptionSpec{Name: "reuse_rule", Section: "§2 R3", Defaults: everywhere("kind"), Variants: classic,
		Doc: "a tabled card joins one meld of each class (kind) or only a meld worth more than its last (higher_value, S004)"},
		func(r *Rules) *ReuseRule { return &r.ReuseRule }, ReuseRuleKind, ReuseRuleHigherValue),
	boolOption(OptionSpec{Name: "require_new_card", Section: "§2 R2", Defaults: everywhere("true"), Variants: Variants,
		Doc: "every meld needs a card from the melder's hand (false: a meld of tabled cards alone is refused only when one of them has scored in its class, FOS)"},
		func(r *Rules) *bool { return &r.RequireNewCard }),
	boolOption(OptionSpec{Name: "allow_pending_declarations", Section: "§2 R9", Defaults: everywhere("false"),
		Variants: only(TwoHanded, ThreeHanded, FourHandedIndividual),
		Doc:      "a second meld may be announced after the window's one, tabled now and scored when the melder next wins a trick (FOS, §8.18)"},
		func(r *Rules) *bool { return &r.AllowPendingDeclarations }),
	boolOption(OptionSpec{Name: "second_double_on_used_pair", Section: "§2 R6",
		Defaults: perVariant(everywhere("false"), ThreeHanded, "true"), Variants: only(ThreeHanded, FourHanded, FourHandedIndividual),
		Doc: "a double bezique may be made of one pair of an earlier double plus a new pair (three or more packs; no effect, so left at its default, with deck=63 or reuse_rule=higher_value)"},
		func(r *Rules) *bool { return &r.SecondDoubleOnUsedPair }),
	enumOption(OptionSpec{Name: "partner_meld_protocol", Section: "§3.3.6", Defaults: everywhere("pass"), Variants: only(FourHanded),
		Doc: "in partnership the trick's winner melds or passes the privilege to his partner (pass), or only he melds (winner_only)"},
		func(r *Rules) *PartnerMeldProtocol { return &r.PartnerMeldProtocol }, PartnerMeldPass, PartnerMeldWinnerOnly),
	boolOption(OptionSpec{Name: "multi_bezique_same_player", Section: "§5 #15", Defaults: everywhere("false"), Variants: only(FourHanded),
		Doc: "in partnership a double, triple or quadruple bezique must be made of the melder's own cards"},
		func(r *Rules) *bool { return &r.MultiBeziqueSamePlayer }),
	enumOption(OptionSpec{Name: "partnership_phase2", Section: "§3.3.10", Defaults: everywhere("duels"), Variants: only(FourHanded, FourHandedIndividual),
		Doc: "four-handed phase 2 is played as two duels or by all four, the highest card winning (BIC)"},
		func(r *Rules) *PartnershipPhase2 { return &r.Phase2 }, Phase2Duels, Phase2AllFour),
	enumOption(OptionSpec{Name: "duel2_leader", Section: "§5 #18", Defaults: everywhere("partner"), Variants: only(FourHanded, FourHandedIndividual),
		Doc: "the second duel is led by the partner or by an opponent of the first duel's leader"},
		func(r *Rules) *Duel2Leader { return &r.Duel2Leader }, Duel2LeaderPartner, Duel2LeaderOpponent),
	enumOption(OptionSpec{Name: "last_trick", Section: "§1.11", Defaults: everywhere("last"), Variants: classic,
		Doc: "the last-trick bonus of 10 goes to the last trick of the deal (last) or to the last phase-1 trick (trick24)"},
		func(r *Rules) *LastTrick { return &r.LastTrick }, LastTrickLast, LastTrickTrick24),
	enumOption(OptionSpec{Name: "trick_scoring", Section: "§1.10", Defaults: everywhere("brisques"), Variants: classic,
		Doc: "won cards score 10 per ace and ten (brisques) or A 11, 10 10, K 4, Q 3, J 2 (card_points)"},
		func(r *Rules) *TrickScoring { return &r.TrickScoring }, TrickScoringBrisques, TrickScoringCardPoints),
	boolOption(OptionSpec{Name: "count_brisques_immediately", Section: "§1.10", Defaults: everywhere("false"), Variants: classic,
		Doc: "trick points score when the trick is won instead of at the end of the deal"},
		func(r *Rules) *bool { return &r.CountBrisquesImmediately }),
	intOption(OptionSpec{Name: "target", Section: "§4", Min: 1, Max: 1_000_000,
		Examples: []string{"500", "1000", "1500", "2000", "3000"}, Defaults: perVariant(perVariant(perVariant(everywhere("2000"), TwoHanded, "1000"), Rubicon, "1000"), SixPack, "3000"), Variants: classic,
		Doc: "the game target in points; in Rubicon and six-pack the rubicon threshold (fixed: 1000, 3000)"},
		func(r *Rules) *int { return &r.Target }),
	enumOption(OptionSpec{Name: "end_check", Section: "§3.1.11", Defaults: everywhere("end_of_deal"), Variants: classic,
		Doc: "the game ends after the deal in which a side reached the target (end_of_deal) or as soon as one does (immediate)"},
		func(r *Rules) *EndCheck { return &r.EndCheck }, EndCheckEndOfDeal, EndCheckImmediate),
	intOption(OptionSpec{Name: "quadruple_value", Section: "§3.3.13", Min: 0, Max: 100_000,
		Examples: []string{"4500", "1500"}, Defaults: everywhere("4500"), Variants: only(FourHanded, FourHandedIndividual),
		Doc: "the points of a quadruple bezique (four packs; it can change the game only in four-handed partnership with multi_bezique_same_player=false: elsewhere a player melds from the 7 cards he holds in hand and on the table, and a quadruple takes 8)"},
		func(r *Rules) *int { return &r.QuadrupleValue }),
	boolOption(OptionSpec{Name: "bezique_by_trump", Section: "§5 #26", Defaults: everywhere("false"), Variants: only(SixPack),
		Doc: "the bezique is the queen of trumps and the jack of the opposite suit (♥ Q♥ J♣, ♦ Q♦ J♠, ♣ Q♣ J♥, ♠ Q♠ J♦; CMC, HER; six-pack)"},
		func(r *Rules) *bool { return &r.BeziqueByTrump }),
	boolOption(OptionSpec{Name: "turn_up_trump", Section: "§5 #27",
		Defaults: perVariant(perVariant(everywhere("true"), Rubicon, "false"), SixPack, "false"), Variants: only(TwoHanded),
		Doc: "a card is turned up for trump (false: the first marriage or sequence fixes trump, no seven scores; EB11, BOU)"},
		func(r *Rules) *bool { return &r.TurnUpTrump }),
	boolOption(OptionSpec{Name: "rubicon_marriage_to_sequence", Section: "§5 #28", Defaults: everywhere("true"), Variants: only(Rubicon, SixPack),
		Doc: "a sequence may contain cards of a scored marriage (FOS; false: WKC)"},
		func(r *Rules) *bool { return &r.RubiconMarriageToSequence }),
	boolOption(OptionSpec{Name: "reform_after_play", Section: "§5 #29",
		Defaults: perVariant(perVariant(everywhere("false"), Rubicon, "true"), SixPack, "true"), Variants: only(Rubicon, SixPack),
		Doc: "once a card of a scored meld is played, the rest may form the same kind again with a replacement card (R8; WKC, BIC)"},
		func(r *Rules) *bool { return &r.ReformAfterPlay }),
	boolOption(OptionSpec{Name: "carte_blanche_repeat", Section: "§5 #30", Defaults: everywhere("true"), Variants: only(Rubicon, SixPack),
		Doc: "a carte blanche scores again for each non-court card drawn until a court card is drawn (false: only before the first trick, FOS)"},
		func(r *Rules) *bool { return &r.CarteBlancheRepeat }),
	intOption(OptionSpec{Name: "max_seven_actions_per_trick", Section: "§1.9.5", Min: 1, Max: 4,
		Examples: []string{"1", "2"}, Defaults: everywhere("1"), Variants: classic,
		Doc: "how many seven actions each member of the winning side may make in one window (each seven of trumps gives one action at most: at most their number, 2 in two-handed and with deck=63, 3 in three-handed, 4 in four-handed)"},
		func(r *Rules) *int { return &r.MaxSevenActionsPerTrick }),
	intOption(OptionSpec{Name: "deck", Section: "§3.2.1", Min: Deck63, Max: MaxCards,
		Examples: []string{"96", "63"}, Defaults: fullDecks(), Variants: only(ThreeHanded),
		Doc: "the number of cards: the variant's full packs, or 63 in three-handed (two packs without the 8♣ of the second pack, EW, §8.17)"},
		func(r *Rules) *int { return &r.Deck }),
	unsupported(OptionSpec{Name: "loser_under_100_bonus", Section: "§5 #31",
		Doc:         "an extra to the Rubicon winner when the loser scored under 100 (CMC)",
		Unsupported: "its only source (CMC) is truncated: neither the amount nor the condition is known"}),
	unsupported(OptionSpec{Name: "cut_guessing_bonuses", Section: "§3.7.2",
		Doc:         "six-pack: the non-dealer guesses how many cards the dealer cut (+150), the dealer cuts exactly 24 (+250) (PWK, HER)",
		Unsupported: "a digital deal has no cut: the referee shuffles from a committed seed (docs/DEALING.md), so there is nothing to guess"}),
}

// optionNames lists the supported options' names, sorted, for the unknown-option error.
var optionNames = func() []string {
	var out []string
	for _, o := range options {
		if o.Supported {
			out = append(out, o.Name)
		}
	}
	sort.Strings(out)
	return out
}()

// defaultRules holds each variant's rules with every option at its default, in the order of
// Variants: built once from the table (and validated by init), copied by DefaultRules and
// NewRules.
var defaultRules = func() (out [6]Rules) { // 6: len(Variants)
	for i, v := range Variants {
		out[i].Variant = v
		for _, o := range options {
			if !o.Supported {
				continue
			}
			if err := o.parse(&out[i], o.Defaults[v]); err != nil {
				panic(fmt.Sprintf("engine: option table: default of %s in %s: %v", o.Name, v, err))
			}
		}
	}
	return out
}()

func init() {
	for i := range defaultRules {
		if err := defaultRules[i].validate(); err != nil {
			panic(fmt.Sprintf("engine: option table: defaults of %s: %v", Variants[i], err))
		}
	}
}

// defaultsOf returns the default rules of variant v, nil for an unknown variant.
func defaultsOf(v Variant) *Rules {
	for i, x := range Variants {
		if x == v {
			return &defaultRules[i]
		}
	}
	return nil
}

// OptionCatalog returns every rule option the engine knows, supported or not, in the order of
// the option table: the supported ones in the order of RULES.md §5, then the unsupported ones. The result is a copy the caller may modify.
func OptionCatalog() []OptionSpec {
	out := make([]OptionSpec, len(options))
	for i, o := range options {
		out[i] = o.OptionSpec.clone()
	}
	return out
}

// LookupOption returns the catalog entry of the option called name (RULES.md §5), a copy the
// caller may modify, and false for a name the engine does not know.
func LookupOption(name string) (OptionSpec, bool) {
	o, ok := lookupOption(name)
	if !ok {
		return OptionSpec{}, false
	}
	return o.OptionSpec.clone(), true
}

// clone returns a copy of s sharing no slice or map with it.
func (s OptionSpec) clone() OptionSpec {
	s.Values = slices.Clone(s.Values)
	s.Examples = slices.Clone(s.Examples)
	s.Variants = slices.Clone(s.Variants)
	s.Defaults = maps.Clone(s.Defaults)
	return s
}

// lookupOption returns the table row of a name.
func lookupOption(name string) (*option, bool) {
	for i := range options {
		if options[i].Name == name {
			return &options[i], true
		}
	}
	return nil, false
}

// everywhere is the same default in every variant.
func everywhere(val string) map[Variant]string {
	m := make(map[Variant]string, len(Variants))
	for _, v := range Variants {
		m[v] = val
	}
	return m
}

// perVariant returns the defaults m with variant v's default set to val.
func perVariant(m map[Variant]string, v Variant, val string) map[Variant]string {
	m[v] = val
	return m
}

// fullDecks is the default of option deck: every variant's full packs, 32 cards a pack.
func fullDecks() map[Variant]string {
	m := make(map[Variant]string, len(Variants))
	for _, v := range Variants {
		m[v] = strconv.Itoa(v.Packs() * NumFaces)
	}
	return m
}

// only is the variants an option may change in, written in the order of Variants.
func only(vs ...Variant) []Variant { return vs }

// classic is the variants with a turn-up, brisques and a target: all but Rubicon and six-pack,
// whose options of that kind keep their defaults (RULES.md §3.6, §3.7).
var classic = only(TwoHanded, ThreeHanded, FourHanded, FourHandedIndividual)

// OptionError is the error of NewRules and Rules.Validate about an option: Option is its name as
// RULES.md §5 spells it (or as given, for an unknown one), the first one the message names when a
// combination is refused; Error says what is wrong, naming it. A caller that reports a field
// names "options."+Option (an integrator's tool could not tell which option from "options").
type OptionError struct {
	Option string
	msg    string
}

// Error returns the message: "bezique: option target: bad value "x" (want …)".
func (e *OptionError) Error() string { return e.msg }

// optionErr returns an *OptionError about option, its message formatted as fmt.Sprintf does.
func optionErr(option, format string, args ...any) error {
	return &OptionError{Option: option, msg: fmt.Sprintf(format, args...)}
}

// badValue is the error of a value an option's parser refuses.
func badValue(name, val, want string) error {
	return optionErr(name, "bezique: option %s: bad value %q (want %s)", name, val, want)
}

// boolOption is the row of a bool field.
func boolOption(s OptionSpec, field func(*Rules) *bool) option {
	s.Type, s.Values, s.Supported = OptionBool, []string{"false", "true"}, true
	return option{OptionSpec: s,
		parse: func(r *Rules, val string) error {
			b, err := strconv.ParseBool(val)
			if err != nil {
				return badValue(s.Name, val, "true or false")
			}
			*field(r) = b
			return nil
		},
		format: func(r *Rules) string { return strconv.FormatBool(*field(r)) },
		same:   func(a, b *Rules) bool { return *field(a) == *field(b) },
	}
}

// intOption is the row of an int field bounded by s.Min and s.Max.
func intOption(s OptionSpec, field func(*Rules) *int) option {
	s.Type, s.Supported = OptionInt, true
	return option{OptionSpec: s,
		parse: func(r *Rules, val string) error {
			n, err := strconv.Atoi(val)
			if err != nil || n < s.Min || n > s.Max {
				return badValue(s.Name, val, fmt.Sprintf("an integer from %d to %d", s.Min, s.Max))
			}
			*field(r) = n
			return nil
		},
		format: func(r *Rules) string { return strconv.Itoa(*field(r)) },
		same:   func(a, b *Rules) bool { return *field(a) == *field(b) },
		check: func(r *Rules) error {
			if n := *field(r); n < s.Min || n > s.Max {
				return badValue(s.Name, strconv.Itoa(n), fmt.Sprintf("an integer from %d to %d", s.Min, s.Max))
			}
			return nil
		},
	}
}

// intListOption is the row of an []int field, each integer bounded by s.Min and s.Max; want
// says what a bad value should have been.
func intListOption(s OptionSpec, want string, field func(*Rules) *[]int) option {
	s.Type, s.Supported = OptionIntList, true
	return option{OptionSpec: s,
		parse: func(r *Rules, val string) error {
			var ns []int
			for _, f := range strings.Split(val, "-") {
				n, err := strconv.Atoi(f)
				if err != nil || n < s.Min || n > s.Max {
					return badValue(s.Name, val, want)
				}
				ns = append(ns, n)
			}
			*field(r) = ns
			return nil
		},
		format: func(r *Rules) string {
			fs := make([]string, len(*field(r)))
			for i, n := range *field(r) {
				fs[i] = strconv.Itoa(n)
			}
			return strings.Join(fs, "-")
		},
		same: func(a, b *Rules) bool { return slices.Equal(*field(a), *field(b)) },
		check: func(r *Rules) error {
			for _, n := range *field(r) {
				if n < s.Min || n > s.Max {
					return optionErr(s.Name, "bezique: option %s: %d is not from %d to %d", s.Name, n, s.Min, s.Max)
				}
			}
			return nil
		},
	}
}

// enumOption is the row of a typed string field that takes one of values.
func enumOption[T ~string](s OptionSpec, field func(*Rules) *T, values ...T) option {
	s.Type, s.Supported = OptionEnum, true
	for _, v := range values {
		s.Values = append(s.Values, string(v))
	}
	return option{OptionSpec: s,
		parse: func(r *Rules, val string) error {
			for _, v := range values {
				if val == string(v) {
					*field(r) = v
					return nil
				}
			}
			return badValue(s.Name, val, "one of "+strings.Join(s.Values, ", "))
		},
		format: func(r *Rules) string { return string(*field(r)) },
		same:   func(a, b *Rules) bool { return *field(a) == *field(b) },
		check: func(r *Rules) error {
			for _, v := range values {
				if *field(r) == v {
					return nil
				}
			}
			return badValue(s.Name, string(*field(r)), "one of "+strings.Join(s.Values, ", "))
		},
	}
}

// unsupported is the row of an option the engine refuses, saying why.
func unsupported(s OptionSpec) option {
	return option{OptionSpec: s,
		parse: func(*Rules, string) error {
			return optionErr(s.Name, "bezique: option %s: not supported: %s", s.Name, s.Unsupported)
		},
	}
}
