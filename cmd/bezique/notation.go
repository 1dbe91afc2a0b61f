package main

import (
	"slices"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// chooseAction returns the id of the legal action that the action a (read with
// engine.ParseAction) names: the same kind and card, a meld's cards in any order (and its kind
// when a names it); a card of another copy of the same face when no legal action names a's own
// copy (interchangeable copies are listed once, naming the lowest). The copy a names comes first:
// Q♠b tabled in a bezique and Q♠a in hand are two actions, and "QSb" played Q♠a (an outside
// trial). It returns 0 when no legal action matches.
func chooseAction(a engine.Action, legal []*pb.LegalAction) uint32 {
	if a.Kind == engine.PlayCard || a.Kind == engine.ExchangeSeven || a.Kind == engine.DeclareSeven {
		for _, la := range legal {
			if l, err := wire.ActionFromProto(la.GetAction()); err == nil && l.Kind == a.Kind && l.Card == a.Card {
				return la.GetActionId()
			}
		}
	}
	for _, la := range legal {
		l, err := wire.ActionFromProto(la.GetAction())
		if err != nil || l.Kind != a.Kind {
			continue
		}
		switch a.Kind {
		case engine.DeclareMeld:
			ac, lc := a.Meld.Cards.Slice(), l.Meld.Cards.Slice()
			slices.Sort(ac)
			slices.Sort(lc)
			if slices.Equal(ac, lc) && (a.Meld.Kind == engine.NoMeld || a.Meld.Kind == l.Meld.Kind) {
				return la.GetActionId()
			}
		case engine.PlayCard, engine.ExchangeSeven, engine.DeclareSeven:
			if l.Card.Face() == a.Card.Face() {
				return la.GetActionId()
			}
		default:
			return la.GetActionId()
		}
	}
	return 0
}
