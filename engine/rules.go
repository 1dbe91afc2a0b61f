package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Variant names a game of RULES.md §3. Its value is the name used in the API and on the command line.
type Variant string

// The variants the engine plays.
const (
	// TwoHanded is RULES.md §3.1: 2 players, 64 cards, target 1000.
	TwoHanded Variant = "two-handed"
	// ThreeHanded is RULES.md §3.2: 3 players, 96 cards, target 2000.
	ThreeHanded Variant = "three-handed"
	// FourHanded is RULES.md §3.3 (seed 000): 4 players in two partnerships sitting opposite,
	// 128 cards, target 2000, phase 2 played as two duels.
	FourHanded Variant = "four-handed"
	// FourHandedIndividual is RULES.md §3.4: 4 players each for himself, 128 cards, target 2000.
	FourHandedIndividual Variant = "four-handed-individual"
)

// Variants lists every variant, in the order above.
var Variants = []Variant{TwoHanded, ThreeHanded, FourHanded, FourHandedIndividual}

// Players returns the number of seats: 2, 3 or 4 (0 for an unknown variant).
func (v Variant) Players() int {
	switch v {
	case TwoHanded:
		return 2
	case ThreeHanded:
		return 3
	case FourHanded, FourHandedIndividual:
		return 4
	}
	return 0
}

// Packs returns the number of 32-card packs in the deck: one per player (RULES.md §3).
func (v Variant) Packs() int { return v.Players() }

// Partnership reports whether seats 0+2 and 1+3 score together (RULES.md §3.3).
func (v Variant) Partnership() bool { return v == FourHanded }

// Sides returns the number of scoring sides: 2 in partnership, else one per player.
func (v Variant) Sides() int {
	if v.Partnership() {
		return 2
	}
	return v.Players()
}

// ParseVariant returns the variant with that name, or an error listing the names.
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants {
		if string(v) == s {
			return v, nil
		}
	}
	return "", fmt.Errorf("bezique: unknown variant %q (want one of two-handed, three-handed, four-handed, four-handed-individual)", s)
}

// Rules is a variant plus the options of RULES.md §5 that apply to it. Build it with NewRules,
// which fills in the defaults and validates; the zero value is not valid.
type Rules struct {
	// Variant is the game played.
	Variant Variant

	// DealPackets is the packet sizes of the deal, summing to 8 (RULES.md §5 #2, deal_packets,
	// default 3-2-3).
	DealPackets []int
	// DealerRotation is "left" (the deal passes left; in two-handed this alternates) or
	// "last_trick_winner" (RULES.md §5 #3, dealer_rotation, default left).
	DealerRotation string
	// SevenCountsAsMeld makes a seven action use the side's one meld of the window
	// (RULES.md §1.9.3, seven_counts_as_meld, default false).
	SevenCountsAsMeld bool
	// SevenScoresOnPlay scores 10 for a trump seven played to a phase-1 trick
	// (RULES.md §1.9.7, seven_scores_on_play, default false).
	SevenScoresOnPlay bool
	// ExchangedCardMeldable lets the card taken by a seven exchange join a meld in the same window
	// (RULES.md §1.9.4, exchanged_card_meldable, default false).
	ExchangedCardMeldable bool
	// MaxSevenActionsPerTrick is how many seven actions each member of the winning side may make
	// in one window (RULES.md §1.9.5, max_seven_actions_per_trick, default 1).
	MaxSevenActionsPerTrick int
	// Phase2MustHead obliges a follower to beat the winning card of the suit led when he can
	// (RULES.md §1.8.1, phase2_must_head, default true).
	Phase2MustHead bool
	// RevealLastStockCard shows the last face-down stock card to the opponent in two-handed
	// (RULES.md §3.1.8, reveal_last_stock_card, default true in two-handed, else false).
	RevealLastStockCard bool
	// ReuseRule is "kind" (RULES.md §2 R3) or "higher_value" (S004) (reuse_rule, default kind).
	ReuseRule string
	// RequireNewCard demands a card from the melder's hand in every meld
	// (RULES.md §2 R2, require_new_card, default true).
	RequireNewCard bool
	// SecondDoubleOnUsedPair allows a double bezique from one pair of an earlier double plus a new
	// pair (RULES.md §2 R6, second_double_on_used_pair, default true in three-handed, else false).
	SecondDoubleOnUsedPair bool
	// PartnerMeldProtocol is "pass" (the winner melds or passes the privilege to his partner,
	// RULES.md §8.8) or "winner_only" (RULES.md §3.3.6, partner_meld_protocol, default pass).
	PartnerMeldProtocol string
	// MultiBeziqueSamePlayer requires a double, triple or quadruple bezique to be made of the
	// melder's own cards (RULES.md §5 #15, multi_bezique_same_player, default false).
	MultiBeziqueSamePlayer bool
	// Phase2 is "duels" or "all_four" for the four-handed variants (RULES.md §3.3.10,
	// partnership_phase2, default duels).
	Phase2 string
	// Duel2Leader is "partner" (the partner of the first duel's leader leads) or "opponent"
	// (RULES.md §5 #18, duel2_leader, default partner).
	Duel2Leader string
	// LastTrick is "last" (the last trick of the deal scores 10) or "trick24" (the last
	// phase-1 trick does) (RULES.md §1.11, last_trick, default last).
	LastTrick string
	// TrickScoring is "brisques" (10 per ace and ten) or "card_points" (A 11, 10 10, K 4, Q 3,
	// J 2) (RULES.md §1.10, trick_scoring, default brisques).
	TrickScoring string
	// CountBrisquesImmediately scores trick points when the trick is won instead of at the end of
	// the deal (RULES.md §1.10, count_brisques_immediately, default false).
	CountBrisquesImmediately bool
	// Target is the game target in points (RULES.md §4, target, default 1000 two-handed, else 2000).
	Target int
	// EndCheck is "end_of_deal" (the game ends after a deal in which a side reached the target;
	// the higher total wins; a tie plays another deal) or "immediate" (the first side to reach the
	// target wins at once) (RULES.md §3.1.11, end_check, default end_of_deal).
	EndCheck string
	// QuadrupleValue is the points for a quadruple bezique in the four-handed variants
	// (RULES.md §3.3.13, quadruple_value, default 4500).
	QuadrupleValue int
}

// optionNames lists every option name NewRules accepts, as RULES.md §5 spells it.
var optionNames = []string{
	"count_brisques_immediately", "deal_packets", "dealer_rotation", "duel2_leader", "end_check",
	"exchanged_card_meldable", "last_trick", "max_seven_actions_per_trick", "multi_bezique_same_player",
	"partner_meld_protocol", "partnership_phase2", "phase2_must_head", "quadruple_value",
	"require_new_card", "reuse_rule", "reveal_last_stock_card", "second_double_on_used_pair",
	"seven_counts_as_meld", "seven_scores_on_play", "target", "trick_scoring",
}

// unsupportedOptions are options of RULES.md §5 that the engine does not play, with the reason.
var unsupportedOptions = map[string]string{
	"allow_pending_declarations": "pending declarations (FOS) are not supported; the seed rule R2 applies",
	"turn_up_trump":              "trump by first marriage is not supported; the turn-up fixes trump",
	"bezique_by_trump":           "applies to six-pack bezique only",
	"deck":                       "only full packs are supported",
}

// DefaultRules returns the variant's rules with every option at its RULES.md §5 default.
// It panics on an unknown variant; use NewRules for input.
func DefaultRules(v Variant) Rules {
	r, err := NewRules(v, nil)
	if err != nil {
		panic(err)
	}
	return r
}

// NewRules returns the rules of variant v with the options given by name (RULES.md §5 spelling)
// and every other option at its default. It returns an error naming the option for an unknown
// option, a bad value, or an option that cannot apply to the variant.
func NewRules(v Variant, opts map[string]string) (Rules, error) {
	if v.Players() == 0 {
		return Rules{}, fmt.Errorf("bezique: unknown variant %q (want one of two-handed, three-handed, four-handed, four-handed-individual)", string(v))
	}
	r := Rules{
		Variant:                 v,
		DealPackets:             []int{3, 2, 3},
		DealerRotation:          "left",
		MaxSevenActionsPerTrick: 1,
		Phase2MustHead:          true,
		RevealLastStockCard:     v == TwoHanded,
		ReuseRule:               "kind",
		RequireNewCard:          true,
		SecondDoubleOnUsedPair:  v == ThreeHanded,
		PartnerMeldProtocol:     "pass",
		Phase2:                  "duels",
		Duel2Leader:             "partner",
		LastTrick:               "last",
		TrickScoring:            "brisques",
		Target:                  2000,
		EndCheck:                "end_of_deal",
		QuadrupleValue:          4500,
	}
	if v == TwoHanded {
		r.Target = 1000
	}
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := r.set(k, opts[k]); err != nil {
			return Rules{}, err
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

func (r *Rules) set(name, val string) error {
	bad := func(want string) error {
		return fmt.Errorf("bezique: option %s: bad value %q (want %s)", name, val, want)
	}
	boolOpt := func(p *bool) error {
		b, err := strconv.ParseBool(val)
		if err != nil {
			return bad("true or false")
		}
		*p = b
		return nil
	}
	intOpt := func(p *int, lo, hi int) error {
		n, err := strconv.Atoi(val)
		if err != nil || n < lo || n > hi {
			return bad(fmt.Sprintf("an integer from %d to %d", lo, hi))
		}
		*p = n
		return nil
	}
	enumOpt := func(p *string, values ...string) error {
		for _, x := range values {
			if val == x {
				*p = val
				return nil
			}
		}
		return bad("one of " + strings.Join(values, ", "))
	}
	switch name {
	case "deal_packets":
		var ps []int
		for _, f := range strings.Split(val, "-") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 {
				return bad("packet sizes joined by '-', summing to 8, e.g. 3-2-3")
			}
			ps = append(ps, n)
		}
		r.DealPackets = ps
		return nil
	case "dealer_rotation":
		return enumOpt(&r.DealerRotation, "left", "last_trick_winner")
	case "seven_counts_as_meld":
		return boolOpt(&r.SevenCountsAsMeld)
	case "seven_scores_on_play":
		return boolOpt(&r.SevenScoresOnPlay)
	case "exchanged_card_meldable":
		return boolOpt(&r.ExchangedCardMeldable)
	case "max_seven_actions_per_trick":
		return intOpt(&r.MaxSevenActionsPerTrick, 1, 4)
	case "phase2_must_head":
		return boolOpt(&r.Phase2MustHead)
	case "reveal_last_stock_card":
		return boolOpt(&r.RevealLastStockCard)
	case "reuse_rule":
		return enumOpt(&r.ReuseRule, "kind", "higher_value")
	case "require_new_card":
		return boolOpt(&r.RequireNewCard)
	case "second_double_on_used_pair":
		return boolOpt(&r.SecondDoubleOnUsedPair)
	case "partner_meld_protocol":
		return enumOpt(&r.PartnerMeldProtocol, "pass", "winner_only")
	case "multi_bezique_same_player":
		return boolOpt(&r.MultiBeziqueSamePlayer)
	case "partnership_phase2":
		return enumOpt(&r.Phase2, "duels", "all_four")
	case "duel2_leader":
		return enumOpt(&r.Duel2Leader, "partner", "opponent")
	case "last_trick":
		return enumOpt(&r.LastTrick, "last", "trick24")
	case "trick_scoring":
		return enumOpt(&r.TrickScoring, "brisques", "card_points")
	case "count_brisques_immediately":
		return boolOpt(&r.CountBrisquesImmediately)
	case "target":
		return intOpt(&r.Target, 1, 1_000_000)
	case "end_check":
		return enumOpt(&r.EndCheck, "end_of_deal", "immediate")
	case "quadruple_value":
		return intOpt(&r.QuadrupleValue, 0, 100_000)
	}
	if why, ok := unsupportedOptions[name]; ok {
		return fmt.Errorf("bezique: option %s: not supported: %s", name, why)
	}
	return fmt.Errorf("bezique: unknown option %q (known: %s)", name, strings.Join(optionNames, ", "))
}

// Validate reports the first impossible combination of variant and options, naming the option.
func (r Rules) Validate() error {
	n := r.Variant.Players()
	if n == 0 {
		return fmt.Errorf("bezique: unknown variant %q", string(r.Variant))
	}
	sum := 0
	for _, p := range r.DealPackets {
		if p < 1 {
			return fmt.Errorf("bezique: option deal_packets: packet size %d is not positive", p)
		}
		sum += p
	}
	if sum != HandSize {
		return fmt.Errorf("bezique: option deal_packets: packets sum to %d, want %d", sum, HandSize)
	}
	if r.RevealLastStockCard && r.Variant != TwoHanded {
		return fmt.Errorf("bezique: option reveal_last_stock_card applies to two-handed only")
	}
	if r.SecondDoubleOnUsedPair && r.Variant == TwoHanded {
		return fmt.Errorf("bezique: option second_double_on_used_pair cannot apply to two-handed (two packs hold only two bezique pairs)")
	}
	if !r.Variant.Partnership() {
		if r.PartnerMeldProtocol != "pass" {
			return fmt.Errorf("bezique: option partner_meld_protocol applies to four-handed partnership only")
		}
		if r.MultiBeziqueSamePlayer {
			return fmt.Errorf("bezique: option multi_bezique_same_player applies to four-handed partnership only")
		}
	}
	if n != 4 {
		if r.Phase2 != "duels" {
			return fmt.Errorf("bezique: option partnership_phase2 applies to the four-handed variants only")
		}
		if r.Duel2Leader != "partner" {
			return fmt.Errorf("bezique: option duel2_leader applies to the four-handed variants only")
		}
	}
	if r.Phase2 == "all_four" && r.Duel2Leader != "partner" {
		return fmt.Errorf("bezique: option duel2_leader has no meaning with partnership_phase2=all_four")
	}
	if r.DealerRotation == "last_trick_winner" && r.Variant != TwoHanded {
		return fmt.Errorf("bezique: option dealer_rotation=last_trick_winner applies to two-handed only")
	}
	if r.Variant.Packs() < 4 && r.QuadrupleValue != 4500 {
		return fmt.Errorf("bezique: option quadruple_value applies to the four-handed variants only (a quadruple bezique needs four packs)")
	}
	if r.SevenCountsAsMeld && r.MaxSevenActionsPerTrick > 1 {
		return fmt.Errorf("bezique: option max_seven_actions_per_trick > 1 has no meaning with seven_counts_as_meld=true (a seven action is the side's one meld)")
	}
	if r.SevenCountsAsMeld && r.ExchangedCardMeldable {
		return fmt.Errorf("bezique: option exchanged_card_meldable has no meaning with seven_counts_as_meld=true (the exchange is the window's one meld)")
	}
	if r.MaxSevenActionsPerTrick < 1 {
		return fmt.Errorf("bezique: option max_seven_actions_per_trick must be at least 1")
	}
	if r.Target < 1 {
		return fmt.Errorf("bezique: option target must be positive")
	}
	return nil
}

// Options returns every option of these rules by its RULES.md §5 name, with its effective value
// in the text form NewRules accepts.
func (r Rules) Options() map[string]string {
	packets := make([]string, len(r.DealPackets))
	for i, p := range r.DealPackets {
		packets[i] = strconv.Itoa(p)
	}
	b := strconv.FormatBool
	return map[string]string{
		"deal_packets":                strings.Join(packets, "-"),
		"dealer_rotation":             r.DealerRotation,
		"seven_counts_as_meld":        b(r.SevenCountsAsMeld),
		"seven_scores_on_play":        b(r.SevenScoresOnPlay),
		"exchanged_card_meldable":     b(r.ExchangedCardMeldable),
		"max_seven_actions_per_trick": strconv.Itoa(r.MaxSevenActionsPerTrick),
		"phase2_must_head":            b(r.Phase2MustHead),
		"reveal_last_stock_card":      b(r.RevealLastStockCard),
		"reuse_rule":                  r.ReuseRule,
		"require_new_card":            b(r.RequireNewCard),
		"second_double_on_used_pair":  b(r.SecondDoubleOnUsedPair),
		"partner_meld_protocol":       r.PartnerMeldProtocol,
		"multi_bezique_same_player":   b(r.MultiBeziqueSamePlayer),
		"partnership_phase2":          r.Phase2,
		"duel2_leader":                r.Duel2Leader,
		"last_trick":                  r.LastTrick,
		"trick_scoring":               r.TrickScoring,
		"count_brisques_immediately":  b(r.CountBrisquesImmediately),
		"target":                      strconv.Itoa(r.Target),
		"end_check":                   r.EndCheck,
		"quadruple_value":             strconv.Itoa(r.QuadrupleValue),
	}
}

// HandSize is the number of cards each player holds after every draw: hand plus own tabled cards
// (RULES.md §1.3, §7).
const HandSize = 8

// side returns the scoring side of a seat: seat%2 in partnership, else the seat (RULES.md §3.3.2).
func (r *Rules) side(seat int) int {
	if r.Variant.Partnership() {
		return seat % 2
	}
	return seat
}
