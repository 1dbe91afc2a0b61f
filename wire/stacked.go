package wire

import (
	"fmt"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// StackedDealFromProto reads a stacked deal given in card text form: each card with its copy
// ("QSb", as [engine.ParseCard] reads it) or as a bare face ("QS"). Cards written with a copy are
// that copy; a bare face is the lowest copy of its face not written anywhere in the deal and not
// taken by an earlier bare face (hands by seat, then the turn-up, then the stock), so a deal of
// bare faces numbers its copies in order of appearance. Errors name the field
// (stacked_deal.hands[i].cards[j], stacked_deal.turn_up, stacked_deal.stock[j]). The turn-up is
// required under rules r with a turn-up and must be empty under the others (Rubicon, six-pack,
// turn_up_trump=false), where the deal's TurnUp is [engine.NoCard]; whether the
// cards make up the deck is [engine.NewGame]'s to check.
func StackedDealFromProto(sd *pb.StackedDeal, r engine.Rules) (engine.StackedDeal, error) {
	type slot struct {
		field string
		text  string
		card  *engine.Card
	}
	d := engine.StackedDeal{Dealer: int(sd.GetDealer()), Hands: make([][]engine.Card, len(sd.GetHands()))}
	var slots []slot
	for i, h := range sd.GetHands() {
		d.Hands[i] = make([]engine.Card, len(h.GetCards()))
		for j, c := range h.GetCards() {
			slots = append(slots, slot{fmt.Sprintf("stacked_deal.hands[%d].cards[%d]", i, j), c, &d.Hands[i][j]})
		}
	}
	d.TurnUp = engine.NoCard
	switch {
	case r.TurnUpTrump:
		slots = append(slots, slot{"stacked_deal.turn_up", sd.GetTurnUp(), &d.TurnUp})
	case sd.GetTurnUp() != "":
		return d, fmt.Errorf("stacked_deal.turn_up: %q, but the rules have no turn-up (%s, turn_up_trump=false): leave it empty", sd.GetTurnUp(), r.Variant)
	}
	d.Stock = make([]engine.Card, len(sd.GetStock()))
	for j, c := range sd.GetStock() {
		slots = append(slots, slot{fmt.Sprintf("stacked_deal.stock[%d]", j), c, &d.Stock[j]})
	}
	var used [engine.MaxCards]bool
	var bare []slot
	for _, s := range slots {
		if _, err := engine.ParseFace(s.text); err == nil {
			bare = append(bare, s)
			continue
		}
		c, err := engine.ParseCard(s.text)
		if err != nil {
			return d, fmt.Errorf("%s: %v", s.field, err)
		}
		*s.card, used[c] = c, true
	}
	// A bare face takes a copy of the rules' deck: beyond it, the engine's refusal named a copy the
	// author never wrote ("8Sc: more than 2 copies" of three bare 8S, "8Cb is not in the 63-card
	// deck" of two bare 8C: trials).
	var inDeck [engine.MaxCards]bool
	for _, c := range r.DeckCards() {
		inDeck[c] = true
	}
	for _, s := range bare {
		f, _ := engine.ParseFace(s.text)
		*s.card = engine.NoCard
		copies := 0
		for cp := range engine.MaxPacks {
			c := engine.NewCard(f, cp)
			if !inDeck[c] {
				continue
			}
			copies++
			if !used[c] && *s.card == engine.NoCard {
				*s.card, used[c] = c, true
			}
		}
		if *s.card == engine.NoCard {
			return d, fmt.Errorf("%s: %s: more than the %d copies of %s of a %d-card deck", s.field, strings.TrimSpace(s.text), copies, f, r.Deck)
		}
	}
	return d, nil
}

// StackedDealToProto is d in card text form, each card with its copy ("QSb"), as
// [StackedDealFromProto] reads it back: the turn-up empty for [engine.NoCard].
func StackedDealToProto(d engine.StackedDeal) *pb.StackedDeal {
	sd := &pb.StackedDeal{Dealer: uint32(d.Dealer), Stock: cardTexts(d.Stock)}
	for _, h := range d.Hands {
		sd.Hands = append(sd.Hands, &pb.StackedHand{Cards: cardTexts(h)})
	}
	if d.TurnUp != engine.NoCard {
		sd.TurnUp = d.TurnUp.String()
	}
	return sd
}
