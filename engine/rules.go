package engine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Variant names a game of RULES.md §3. Its value is the one spelling of the variant on the command
// line, in scenarios, records and stored rows. Two places cannot use it: the API's enum
// (VARIANT_TWO_HANDED, converted by wire.VariantToProto and wire.VariantFromProto, the one table)
// and Prometheus label values (two_handed: the name with '_' for '-', made by the service's
// metricVariant and kept for the dashboards and alerts that select on it).
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
	// Rubicon is RULES.md §3.6, Rubicon Bézique: 2 players, 128 cards, 9 each, no turn-up (the
	// first marriage or sequence fixes trump), one deal to a game, settled with the rubicon.
	Rubicon Variant = "rubicon"
	// SixPack is RULES.md §3.7, six-pack (Chinese) Bézique: 2 players, 192 cards, 12 each, no
	// turn-up, trump quartets, no brisques, one deal to a game.
	SixPack Variant = "six-pack"
)

// Variants lists every variant, in the order above.
var Variants = []Variant{TwoHanded, ThreeHanded, FourHanded, FourHandedIndividual, Rubicon, SixPack}

// variantNames is the list of variant names for errors.
const variantNames = "two-handed, three-handed, four-handed, four-handed-individual, rubicon, six-pack"

// Players returns the number of seats: 2, 3 or 4 (0 for an unknown variant).
func (v Variant) Players() int {
	switch v {
	case TwoHanded, Rubicon, SixPack:
		return 2
	case ThreeHanded:
		return 3
	case FourHanded, FourHandedIndividual:
		return 4
	}
	return 0
}

// Packs returns the number of 32-card packs in the deck: one per player (RULES.md §3), four in
// Rubicon (§3.6.1), six in six-pack (§3.7.1).
func (v Variant) Packs() int {
	switch v {
	case Rubicon:
		return 4
	case SixPack:
		return 6
	}
	return v.Players()
}

// HandSize returns the number of cards each player holds after every draw, hand plus own tabled
// cards: 8, Rubicon 9, six-pack 12 (RULES.md §1.3, §7).
func (v Variant) HandSize() int {
	switch v {
	case Rubicon:
		return 9
	case SixPack:
		return 12
	}
	return 8
}

// OneDeal reports whether a game is one deal settled in game points with the rubicon: Rubicon
// and six-pack (RULES.md §3.6.10, §3.7.7).
func (v Variant) OneDeal() bool { return v == Rubicon || v == SixPack }

// Partnership reports whether seats 0+2 and 1+3 score together (RULES.md §3.3).
func (v Variant) Partnership() bool { return v == FourHanded }

// Sides returns the number of scoring sides: 2 in partnership, else one per player.
func (v Variant) Sides() int {
	if v.Partnership() {
		return 2
	}
	return v.Players()
}

// NoSeat is the seat of no one: a spectator's view, no seat to act once the game is over, no
// partner outside partnership, an event about no one seat. Seats are 0 to [Variant.Players]-1.
const NoSeat = -1

// NoSide is the side of no one: no winner (yet, or a tie), an event about no one side. Sides are
// 0 to [Variant.Sides]-1.
const NoSide = -1

// ParseVariant returns the variant with that name, or an error listing the names.
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants {
		if string(v) == s {
			return v, nil
		}
	}
	return "", fmt.Errorf("bezique: unknown variant %q (want one of %s)", s, variantNames)
}

// Rules is a variant plus the options of RULES.md §5 that apply to it. Build it with NewRules,
// which fills in the defaults and validates; the zero value is not valid. [OptionCatalog] lists
// the options with their names, values and defaults.
type Rules struct {
	// Variant is the game played.
	Variant Variant

	// DealPackets is the packet sizes of the deal, summing to 8 (RULES.md §5 #2, deal_packets,
	// default 3-2-3).
	DealPackets []int
	// DealerRotation is who deals next (RULES.md §5 #3, dealer_rotation, default left).
	DealerRotation DealerRotation
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
	// ReuseRule is when a tabled card may join another meld (RULES.md §2 R3, reuse_rule,
	// default kind).
	ReuseRule ReuseRule
	// RequireNewCard demands a card from the melder's hand in every meld
	// (RULES.md §2 R2, require_new_card, default true).
	RequireNewCard bool
	// AllowPendingDeclarations lets the side that has scored its one meld of a window announce a
	// second one, tabled now and scored when the melder next wins a trick (RULES.md §2 R9, §8.18,
	// allow_pending_declarations, default false; FOS; not in the partnership game).
	AllowPendingDeclarations bool
	// SecondDoubleOnUsedPair allows a double bezique from one pair of an earlier double plus a new
	// pair (RULES.md §2 R6, second_double_on_used_pair, default true in three-handed, else false).
	SecondDoubleOnUsedPair bool
	// PartnerMeldProtocol is who may meld after a partnership wins a trick (RULES.md §3.3.6,
	// partner_meld_protocol, default pass).
	PartnerMeldProtocol PartnerMeldProtocol
	// MultiBeziqueSamePlayer requires a double, triple or quadruple bezique to be made of the
	// melder's own cards (RULES.md §5 #15, multi_bezique_same_player, default false).
	MultiBeziqueSamePlayer bool
	// Phase2 is how the four-handed variants play phase 2 (RULES.md §3.3.10, partnership_phase2,
	// default duels).
	Phase2 PartnershipPhase2
	// Duel2Leader is who leads the second duel (RULES.md §5 #18, duel2_leader, default partner).
	Duel2Leader Duel2Leader
	// LastTrick is which trick scores the last-trick bonus (RULES.md §1.11, last_trick,
	// default last).
	LastTrick LastTrick
	// TrickScoring is what won cards score (RULES.md §1.10, trick_scoring, default brisques).
	TrickScoring TrickScoring
	// CountBrisquesImmediately scores trick points when the trick is won instead of at the end of
	// the deal (RULES.md §1.10, count_brisques_immediately, default false).
	CountBrisquesImmediately bool
	// Target is the game target in points (RULES.md §4, target, default 1000 two-handed, else
	// 2000); in Rubicon and six-pack, which are one deal, the rubicon threshold (1000, 3000, fixed:
	// RULES.md §3.6.10, §3.7.7).
	Target int
	// EndCheck is when the game ends (RULES.md §3.1.11, end_check, default end_of_deal).
	EndCheck EndCheck
	// QuadrupleValue is the points for a quadruple bezique in the four-handed variants
	// (RULES.md §3.3.13, quadruple_value, default 4500).
	QuadrupleValue int
	// Deck is the number of cards in the deck (RULES.md §3.2.1, deck): the variant's full packs
	// (64, 96, 128; the default), or [Deck63] in three-handed, two packs without
	// [SuppressedEight] (EW; RULES.md §8.17).
	Deck int
	// TurnUpTrump turns up a card after the deal that fixes trump (RULES.md §5 #27,
	// turn_up_trump, default true; false in Rubicon and six-pack). Without it trump is fixed by
	// the first marriage (40) or sequence declared (RULES.md §3.6.3) and there are no seven
	// scores; in two-handed, reveal_last_stock_card then defaults to false (no turn-up to
	// follow the last face-down card).
	TurnUpTrump bool
	// BeziqueByTrump makes the bezique the queen of trumps with the jack of the "opposite" suit
	// (♥ Q♥ J♣, ♦ Q♦ J♠, ♣ Q♣ J♥, ♠ Q♠ J♦), so no bezique can be declared before trump is fixed
	// (RULES.md §3.7.6, §8.12, bezique_by_trump, six-pack only, default false).
	BeziqueByTrump bool
	// RubiconMarriageToSequence lets a sequence contain cards of a scored marriage (RULES.md §5
	// #28, rubicon_marriage_to_sequence, Rubicon and six-pack, default true).
	RubiconMarriageToSequence bool
	// ReformAfterPlay lets the cards left of a scored meld, once one of its cards has been
	// played, form the same kind again with a replacement card (RULES.md §2 R8, §5 #29,
	// reform_after_play, default true in Rubicon and six-pack, else false).
	ReformAfterPlay bool
	// CarteBlancheRepeat scores a carte blanche again for each non-court card drawn until a
	// court card is drawn (RULES.md §3.6.4, §5 #30, carte_blanche_repeat, Rubicon and six-pack,
	// default true).
	CarteBlancheRepeat bool
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
// and every other option at its default. It returns an *OptionError naming the option for an
// unknown option, a bad value, an option that cannot apply to the variant or cannot change the
// game with the others (Validate); a plain error for an unknown variant.
func NewRules(v Variant, opts map[string]string) (Rules, error) {
	def := defaultsOf(v)
	if def == nil {
		return Rules{}, fmt.Errorf("bezique: unknown variant %q (want one of %s)", string(v), variantNames)
	}
	if _, set := opts["reveal_last_stock_card"]; !set && opts["turn_up_trump"] != "" && isFalse(opts["turn_up_trump"]) {
		// Without a turn-up the last two stock cards are both face down: nothing to reveal
		// (RULES.md §3.1.8), so the option's default follows turn_up_trump.
		opts = maps.Clone(opts)
		opts["reveal_last_stock_card"] = "false"
	}
	if len(opts) == 0 { // the defaults, validated when the table was read
		r := *def
		r.DealPackets = append([]int(nil), def.DealPackets...)
		return r, nil
	}
	r := new(Rules)
	*r = *def
	r.DealPackets = append([]int(nil), def.DealPackets...)
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		o, ok := lookupOption(k)
		if !ok {
			return Rules{}, optionErr(k, "bezique: unknown option %q (known: %s)", k, strings.Join(optionNames, ", "))
		}
		if err := o.parse(r, opts[k]); err != nil {
			return Rules{}, err
		}
	}
	if err := r.validate(); err != nil {
		return Rules{}, err
	}
	return *r, nil
}

// isFalse reports whether a bool option's text is a false value.
func isFalse(s string) bool {
	b, err := strconv.ParseBool(s)
	return err == nil && !b
}

// Validate reports the first impossible combination of variant and options as an *OptionError
// naming the option (a plain error for an unknown variant).
func (r Rules) Validate() error { return r.validate() }

// validate is Validate on a pointer, for callers whose Rules already live on the heap (the
// option table's checks take a pointer, so a Rules value they see is moved to the heap).
func (r *Rules) validate() error {
	n := r.Variant.Players()
	if n == 0 {
		return fmt.Errorf("bezique: unknown variant %q", string(r.Variant))
	}
	for i := range options {
		if o := &options[i]; o.check != nil {
			if err := o.check(r); err != nil {
				return err
			}
		}
	}
	sum := 0
	for _, p := range r.DealPackets {
		sum += p
	}
	if sum != r.Variant.HandSize() {
		return optionErr("deal_packets", "bezique: option deal_packets: packets sum to %d, want %d", sum, r.Variant.HandSize())
	}
	// Two-handed alone chooses its turn-up: in Rubicon and six-pack (none) these options do not
	// apply, as the check of every option's variants below says (this said to set
	// turn_up_trump=true, which they refuse: an options audit).
	if !r.TurnUpTrump && r.Variant == TwoHanded {
		switch {
		case r.RevealLastStockCard:
			return optionErr("reveal_last_stock_card", "bezique: option reveal_last_stock_card needs a turn-up (turn_up_trump=true)")
		case r.SevenScoresOnPlay, r.SevenCountsAsMeld, r.ExchangedCardMeldable, r.MaxSevenActionsPerTrick != 1:
			return optionErr("max_seven_actions_per_trick", "bezique: the seven options (seven_scores_on_play, seven_counts_as_meld, exchanged_card_meldable, max_seven_actions_per_trick) need a turn-up (turn_up_trump=true): without one the seven of trumps scores nothing (RULES.md §3.6.5)")
		case r.AllowPendingDeclarations:
			return optionErr("allow_pending_declarations", "bezique: option allow_pending_declarations needs a turn-up (turn_up_trump=true): no source says whether an announced marriage fixes trump (RULES.md §8.18)")
		}
	}
	if r.RevealLastStockCard && r.Variant != TwoHanded {
		return optionErr("reveal_last_stock_card", "bezique: option reveal_last_stock_card applies to two-handed only")
	}
	if r.SecondDoubleOnUsedPair && r.Variant == TwoHanded {
		return optionErr("second_double_on_used_pair", "bezique: option second_double_on_used_pair cannot apply to two-handed (two packs hold only two bezique pairs)")
	}
	if !r.Variant.Partnership() {
		if r.PartnerMeldProtocol != PartnerMeldPass {
			return optionErr("partner_meld_protocol", "bezique: option partner_meld_protocol applies to four-handed partnership only")
		}
		if r.MultiBeziqueSamePlayer {
			return optionErr("multi_bezique_same_player", "bezique: option multi_bezique_same_player applies to four-handed partnership only")
		}
	}
	if n != 4 {
		if r.Phase2 != Phase2Duels {
			return optionErr("partnership_phase2", "bezique: option partnership_phase2 applies to the four-handed variants only")
		}
		if r.Duel2Leader != Duel2LeaderPartner {
			return optionErr("duel2_leader", "bezique: option duel2_leader applies to the four-handed variants only")
		}
	}
	if r.Phase2 == Phase2AllFour && r.Duel2Leader != Duel2LeaderPartner {
		return optionErr("duel2_leader", "bezique: option duel2_leader has no meaning with partnership_phase2=all_four")
	}
	if r.DealerRotation == DealerRotationLastTrickWinner && r.Variant != TwoHanded {
		return optionErr("dealer_rotation", "bezique: option dealer_rotation=last_trick_winner applies to two-handed only")
	}
	if r.Variant.Packs() < 4 && r.QuadrupleValue != 4500 {
		return optionErr("quadruple_value", "bezique: option quadruple_value applies to the four-handed variants only (a quadruple bezique needs four packs)")
	}
	if full := r.Variant.Packs() * NumFaces; r.Deck != full && (r.Deck != Deck63 || r.Variant != ThreeHanded) {
		return optionErr("deck", "bezique: option deck: %d cards in %s (want %d, or 63 in three-handed)", r.Deck, r.Variant, full)
	}
	if r.SevenCountsAsMeld && r.MaxSevenActionsPerTrick > 1 {
		return optionErr("max_seven_actions_per_trick", "bezique: option max_seven_actions_per_trick > 1 has no meaning with seven_counts_as_meld=true (a seven action is the side's one meld)")
	}
	if r.SevenCountsAsMeld && r.ExchangedCardMeldable {
		return optionErr("exchanged_card_meldable", "bezique: option exchanged_card_meldable has no meaning with seven_counts_as_meld=true (the exchange is the window's one meld)")
	}
	// Every other option keeps its default outside the variants the table lists for it.
	def := defaultsOf(r.Variant)
	for i := range options {
		o := &options[i]
		if o.Supported && !slices.Contains(o.Variants, r.Variant) && !o.same(r, def) {
			return optionErr(o.Name, "bezique: option %s does not apply to %s (it applies to %s)", o.Name, r.Variant, variantList(o.Variants))
		}
	}
	return nil
}

// CheckNew reports, as an *OptionError, an option of rules that a new table or tournament is
// to play that cannot change the game with the others, set to another value than its default
// (RULES.md §5, after the table): max_seven_actions_per_trick above the deck's sevens of trumps;
// second_double_on_used_pair with deck=63 or reuse_rule=higher_value; quadruple_value in
// four-handed individual or with multi_bezique_same_player=true. Harmless, they were accepted
// and shown as if they played (an options audit); NewRules reads them still, as tables, records
// and tournaments stored before this check hold them (refusing them there broke their replay,
// recovery and verification: a re-trial).
func (r Rules) CheckNew() error {
	def := defaultsOf(r.Variant)
	if def == nil {
		return fmt.Errorf("bezique: unknown variant %q", string(r.Variant))
	}
	if sevens := (r.Deck + NumFaces - 1) / NumFaces; r.MaxSevenActionsPerTrick > sevens {
		return optionErr("max_seven_actions_per_trick", "bezique: option max_seven_actions_per_trick: %d is more than the %d sevens of trumps of a %d-card deck (each gives one seven action at most: RULES.md §1.9.5)",
			r.MaxSevenActionsPerTrick, sevens, r.Deck)
	}
	if r.SecondDoubleOnUsedPair != def.SecondDoubleOnUsedPair {
		switch {
		case r.Deck == Deck63:
			return optionErr("second_double_on_used_pair", "bezique: option second_double_on_used_pair has no effect with deck=63 (two packs hold two bezique pairs, so no third pair: RULES.md §2 R6): leave it out")
		case r.ReuseRule == ReuseRuleHigherValue:
			return optionErr("second_double_on_used_pair", "bezique: option second_double_on_used_pair has no effect with reuse_rule=higher_value (a pair of a 500 double is not worth more in a new one: RULES.md §2): leave it out")
		}
	}
	if r.QuadrupleValue != def.QuadrupleValue {
		switch {
		case r.Variant == FourHandedIndividual:
			return optionErr("quadruple_value", "bezique: option quadruple_value has no effect in four-handed-individual (a player melds from the 7 cards he holds in hand and on the table, a quadruple bezique takes 8: RULES.md §3.3.13): leave it out")
		case r.MultiBeziqueSamePlayer:
			return optionErr("quadruple_value", "bezique: option quadruple_value has no effect with multi_bezique_same_player=true (a player melds from the 7 cards he holds in hand and on the table, a quadruple bezique takes 8: RULES.md §3.3.13): leave it out")
		}
	}
	return nil
}

// variantList joins variant names with commas.
func variantList(vs []Variant) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// Options returns every option of these rules by its RULES.md §5 name, with its effective value
// in the text form NewRules accepts.
func (r Rules) Options() map[string]string {
	out := make(map[string]string, len(options))
	for i := range options {
		if o := &options[i]; o.Supported {
			out[o.Name] = o.format(&r)
		}
	}
	return out
}

// Canonical returns the options of asked, which NewRules read into r, each in the text form
// Options gives ("TRUE" → "true", "+04" → "4", "3-02-3" → "3-2-3"): what a table keeps and shows
// of the options asked for. A name r has no option of (NewRules refuses it) is left out.
func (r Rules) Canonical(asked map[string]string) map[string]string {
	if asked == nil {
		return nil
	}
	all := r.Options()
	out := make(map[string]string, len(asked))
	for name := range asked {
		if v, ok := all[name]; ok {
			out[name] = v
		}
	}
	return out
}

// MaxHandSize is the largest [Variant.HandSize]: 12 in six-pack.
const MaxHandSize = 12

// Side returns the scoring side of a seat: seat%2 in partnership, else the seat (RULES.md §3.3.2).
func (r *Rules) Side(seat int) int {
	if r.Variant.Partnership() {
		return seat % 2
	}
	return seat
}
