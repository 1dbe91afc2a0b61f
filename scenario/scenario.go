package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// Scenario is one scenario file (docs/SCENARIOS.md): a game of one stacked deal and the steps to
// play and check in it.
type Scenario struct {
	// Name names the scenario in reports; the file name when empty.
	Name string `json:"name"`
	// About says what the scenario shows, with the RULES.md sections it checks.
	About string `json:"about"`
	// Variant is the variant's name (two-handed, three-handed, four-handed, four-handed-individual, rubicon, six-pack).
	Variant string `json:"variant"`
	// Options are rule options by their RULES.md §5 names, as on the command line.
	Options map[string]string `json:"options"`
	// Deal is the stacked deal: the game's only deal unless PlayToTarget.
	Deal Deal `json:"deal"`
	// Totals are every side's game totals carried into the deal from earlier deals; nil for 0.
	// Each is from 0 to below the target.
	Totals []int `json:"totals"`
	// PlayToTarget goes on after the deal, as a game does, while no side has won (RULES.md
	// §3.1.11); later deals are shuffled by the implementation, so a scenario checks no card of
	// them. False: the game ends after the deal, won by the higher total.
	PlayToTarget bool `json:"play_to_target"`
	// Steps are played and checked in order.
	Steps []Step `json:"steps"`
}

// Deal is a stacked deal in card notation.
type Deal struct {
	// Dealer is the dealing seat.
	Dealer int `json:"dealer"`
	// Hands are every seat's dealt cards (8; Rubicon 9, six-pack 12), one string of cards
	// separated by spaces per seat.
	Hands []string `json:"hands"`
	// TurnUp is the turn-up card; its suit is trumps. Empty in the rules without a turn-up
	// (Rubicon, six-pack, turn_up_trump=false).
	TurnUp string `json:"turn_up"`
	// Stock is the top of the face-down stock, the first card drawn first; every card of the deck
	// named nowhere in the deal follows, in ascending card id (copy, then suit S H D C, then rank
	// 7 8 9 J Q K T A).
	Stock string `json:"stock"`
}

// Step is one step: checks of the position, then optionally an action and checks of what it did.
// Every field but Seat and Do is an expectation; an absent one is not checked.
type Step struct {
	// Seat is the acting seat, and the seat whose legal actions Legal lists.
	Seat *int `json:"seat"`
	// Do is the action, in action notation ("play QSb", "meld QSb JDa", "end").
	Do string `json:"do"`

	// Legal are all the legal actions of Seat (of the seat to act when Seat is absent) before Do,
	// in any order; a meld written without a kind matches on its cards.
	Legal *[]string `json:"legal"`
	// View is what a seat's view must show before Do.
	View *View `json:"view"`

	// Refused is the rule that refuses Do ("RULES.md §2 R9"), or for a refusal that names no
	// rule its code (malformed, game_over). Absent: Do must be accepted and listed by Legal.
	Refused string `json:"refused"`
	// Points is the sum of the points Do scored, every side.
	Points *int `json:"points"`
	// Scores are the points Do scored by side and cause, exactly and in order; a score's deal
	// (the deal it counts in: a step that ends a deal may score the next one's turned-up seven)
	// is checked where given.
	Scores *[]wire.Score `json:"scores"`
	// TrickWinner is the seat that won the trick Do completed.
	TrickWinner *int `json:"trick_winner"`
	// Draws are the cards drawn after Do, exactly and in order.
	Draws *[]wire.DrawAccount `json:"draws"`
	// Events are the engine's events of Do in their one-line text form (engine.Event.String),
	// exactly and in order: a check specific to this implementation.
	Events *[]string `json:"events"`
	// DealEnd is every side's breakdown at the end of the deal Do ended, exactly.
	DealEnd *[]wire.SideAccount `json:"deal_end"`
	// GameEnd is how the game Do ended, exactly: the winning side (-1 for none), the totals and,
	// in Rubicon and six-pack, the settlement's game points and whether it was a rubicon
	// (RULES.md §3.6.10, §3.7.7, §8.16).
	GameEnd *wire.GameEnd `json:"game_end"`
}

// View is the expected part of a seat's view ([engine.Game.View]); absent fields are not checked.
type View struct {
	// Seat is whose view: a seat, or -1 ([engine.NoSeat]) for a spectator's. Absent: the step's
	// Seat, else -1.
	Seat *int `json:"seat"`
	// ToAct is the seat to act, -1 ([engine.NoSeat]) once the game is over.
	ToAct *int `json:"to_act"`
	// Phase is trick, window, trick2 or over.
	Phase *string `json:"phase"`
	// TurnUp is the turn-up card, or "--" once drawn (or in the rules without one).
	TurnUp *string `json:"turn_up"`
	// Trump is the trump suit's letter (S H D C), or "-" before the first marriage or sequence
	// fixes it in the rules without a turn-up (RULES.md §3.6.3).
	Trump *string `json:"trump"`
	// StockSize is the number of cards left to draw, the turn-up included.
	StockSize *int `json:"stock_size"`
	// Hand is the viewing seat's cards in hand, in any order ("" for none).
	Hand *string `json:"hand"`
	// Tabled is every seat's tabled cards, in any order.
	Tabled *[]string `json:"tabled"`
	// ShownInHand is every seat's cards in hand that every seat has seen ([engine.View]
	// ShownInHand: a carte blanche, a declared seven, a turn-up taken, the tabled cards taken back
	// for phase 2), in any order ("" for none).
	ShownInHand *[]string `json:"shown_in_hand"`
	// Pending is every seat's pending announcement (allow_pending_declarations, RULES.md §8.18):
	// the cards of the meld announced and not yet scored or lapsed, in any order ("" for none).
	Pending *[]string `json:"pending"`
	// Trick is the cards of the trick in progress, in the order played.
	Trick *string `json:"trick"`
	// DealPoints are every side's points in the deal.
	DealPoints *[]int `json:"deal_points"`
	// Totals are every side's game totals.
	Totals *[]int `json:"totals"`
	// Winner is the winning side once the game is over, else -1 ([engine.NoSide], also for a tie).
	Winner *int `json:"winner"`
}

// Load reads a scenario from JSON; unknown fields are refused, naming them.
func Load(r io.Reader) (*Scenario, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		if isRecord(b) {
			return nil, errors.New("not a scenario but a game's record (GetRecord, bezique records export): bezique replay checks a record")
		}
		return nil, fmt.Errorf("not a scenario: %w", err)
	}
	return &s, nil
}

// isRecord reports whether b is a JSON object with a game record's fields (its table id and
// actions, as protojson or the proto names spell them): a host ran check on the records a
// tournament exported, and was told of an unknown field "tableId" 160 times (an outside trial).
func isRecord(b []byte) bool {
	var fields map[string]json.RawMessage
	if json.Unmarshal(b, &fields) != nil {
		return false
	}
	_, id := fields["tableId"]
	_, idName := fields["table_id"]
	_, actions := fields["actions"]
	return (id || idName) && actions
}

// Game starts the scenario's game: its rules, its stacked deal as the only deal
// ([engine.Dealing].Deals 1) unless PlayToTarget, its carried Totals. Errors name the field
// (variant, options, deal.hands[i], totals, ...).
func (s *Scenario) Game() (*engine.Game, error) {
	r, d, err := s.StackedDeal()
	if err != nil {
		return nil, err
	}
	dealing := engine.Dealing{Stacked: []engine.StackedDeal{d}, Deals: 1, Totals: s.Totals}
	if s.PlayToTarget {
		dealing.Deals = 0
	}
	g, err := engine.NewGame(r, dealing)
	if err != nil {
		if strings.HasPrefix(err.Error(), "bezique: dealing: ") { // the dealing's one check that can fail here: Totals
			return nil, fmt.Errorf("totals: %v", err)
		}
		return nil, fmt.Errorf("deal: %v", err)
	}
	return g, nil
}

// StackedDeal returns the scenario's rules and its deal with the whole deck: the cards it names
// where it names them, the others at the bottom of the stock in the deck's order, as Game deals
// them (a table's stacked deal, CreateTable.stacked_deal, needs every card: bezique create
// --scenario). Errors name the field (variant, options, deal.hands[i], ...); whether the cards
// make up the deck is [engine.NewGame]'s to check.
func (s *Scenario) StackedDeal() (engine.Rules, engine.StackedDeal, error) {
	v, err := engine.ParseVariant(s.Variant)
	if err != nil {
		return engine.Rules{}, engine.StackedDeal{}, fmt.Errorf("variant: %v", err)
	}
	r, err := engine.NewRules(v, s.Options)
	if err != nil {
		return engine.Rules{}, engine.StackedDeal{}, fmt.Errorf("options: %v", err)
	}
	if len(s.Deal.Hands) == 0 {
		return engine.Rules{}, engine.StackedDeal{}, fmt.Errorf("deal: missing: a scenario's deal gives at least every seat's hands (deal.hands)")
	}
	if n := v.Players(); s.Deal.Dealer < 0 || s.Deal.Dealer >= n { // checked before uint32: 4294967297 dealt from seat 1 (an attack trial)
		return engine.Rules{}, engine.StackedDeal{}, fmt.Errorf("deal.dealer: %d is not a seat of %s (0 to %d)", s.Deal.Dealer, v, n-1)
	}
	sd := &pb.StackedDeal{Dealer: uint32(s.Deal.Dealer), TurnUp: s.Deal.TurnUp, Stock: strings.Fields(s.Deal.Stock)}
	for _, h := range s.Deal.Hands {
		sd.Hands = append(sd.Hands, &pb.StackedHand{Cards: strings.Fields(h)})
	}
	d, err := wire.StackedDealFromProto(sd, r)
	if err != nil {
		return engine.Rules{}, engine.StackedDeal{}, fmt.Errorf("deal: %s", strings.TrimPrefix(err.Error(), "stacked_deal."))
	}
	var named [engine.MaxCards]bool
	for _, h := range d.Hands {
		for _, c := range h {
			named[c] = true
		}
	}
	if d.TurnUp != engine.NoCard {
		named[d.TurnUp] = true
	}
	for _, c := range d.Stock {
		named[c] = true
	}
	for _, c := range r.DeckCards() {
		if !named[c] {
			d.Stock = append(d.Stock, c)
		}
	}
	return r, d, nil
}
