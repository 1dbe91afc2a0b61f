package wire

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// playMsgs holds one wire action per card for playing that card, shared like the cards: card plays
// are most of every decision request's legal actions; tabledPlayMsgs the same with from_table
// set, the plays of cards on their holder's table.
var playMsgs, tabledPlayMsgs = playActions(false), playActions(true)

// playActions returns a play action per card, from_table set to fromTable.
func playActions(fromTable bool) (out [engine.MaxCards]*pb.Action) {
	for i := range out {
		out[i] = &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{Card: fullCards[i], FromTable: fromTable}}}
	}
	return out
}

// LegalActionToProto returns the wire form of a of g's legal actions ([engine.Game.Legal]): as
// ActionToProto, with PlayAction.from_table set for a card that lies on its holder's table
// (engine.Game.Tabled), and SevenExchangeAction.taken for the turn-up a seven exchange takes
// (engine.Game.TurnUp). The legal plays of tabled cards said from_table false: the web app's
// play page, which draws them apart from the hand, offered none of them (a browser trial); an
// offered exchange named no card taken, as the proto and write-a-bot.md say it does (a bot
// author's trial). The message of a card play is shared: callers must not modify it.
func LegalActionToProto(g *engine.Game, a engine.Action) *pb.Action {
	switch {
	case a.Kind == engine.PlayCard && int(a.Card) < len(tabledPlayMsgs) && g.Tabled(a.Card):
		return tabledPlayMsgs[a.Card]
	case a.Kind == engine.ExchangeSeven && g.TurnUp() != engine.NoCard:
		return &pb.Action{Kind: &pb.Action_SevenExchange{SevenExchange: &pb.SevenExchangeAction{
			Seven: CardToProto(a.Card), Taken: CardToProto(g.TurnUp())}}}
	}
	return ActionToProto(a)
}

// ActionToProto returns the wire form of an engine action. The message of a card play is shared:
// callers must not modify it.
func ActionToProto(a engine.Action) *pb.Action {
	switch a.Kind {
	case engine.PlayCard:
		if int(a.Card) < len(playMsgs) {
			return playMsgs[a.Card]
		}
		return &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{}}}
	case engine.DeclareMeld:
		return &pb.Action{Kind: &pb.Action_Meld{Meld: &pb.MeldAction{Meld: meldToProto(a.Meld)}}}
	case engine.ExchangeSeven:
		return &pb.Action{Kind: &pb.Action_SevenExchange{SevenExchange: &pb.SevenExchangeAction{Seven: CardToProto(a.Card)}}}
	case engine.DeclareSeven:
		return &pb.Action{Kind: &pb.Action_SevenDeclare{SevenDeclare: &pb.SevenDeclareAction{Seven: CardToProto(a.Card)}}}
	case engine.PassMeld:
		return &pb.Action{Kind: &pb.Action_PassMeld{PassMeld: &pb.PassMeldAction{}}}
	case engine.EndWindow:
		return &pb.Action{Kind: &pb.Action_EndWindow{EndWindow: &pb.EndWindowAction{}}}
	case engine.DeclareCarteBlanche:
		return &pb.Action{Kind: &pb.Action_CarteBlanche{CarteBlanche: &pb.CarteBlancheAction{}}}
	}
	return &pb.Action{}
}

// ActionFromProto returns the engine action of a wire action; errors name the field.
func ActionFromProto(a *pb.Action) (engine.Action, error) {
	switch k := a.GetKind().(type) {
	case *pb.Action_Play:
		c, err := CardFromProto(k.Play.GetCard(), "action.play.card")
		return engine.Play(c), err
	case *pb.Action_Meld:
		cards := k.Meld.GetMeld().GetCards()
		if len(cards) < 2 || len(cards) > engine.MaxMeldCards {
			return engine.Action{}, fmt.Errorf("action.meld.meld.cards: a meld has 2 to %d cards, got %d", engine.MaxMeldCards, len(cards))
		}
		var set engine.CardSet
		for i, pc := range cards {
			c, err := CardFromProto(pc, fmt.Sprintf("action.meld.meld.cards[%d]", i))
			if err != nil {
				return engine.Action{}, err
			}
			set.Add(c)
		}
		kind := k.Meld.GetMeld().GetKind()
		if kind < 0 || kind >= pb.MeldKind_MELD_KIND_CARTE_BLANCHE {
			return engine.Action{}, fmt.Errorf("action.meld.meld.kind: unknown kind %d", kind)
		}
		return engine.Action{Kind: engine.DeclareMeld, Card: engine.NoCard, Meld: engine.Meld{Kind: engine.MeldKind(kind), Cards: set}}, nil
	case *pb.Action_SevenExchange:
		c, err := CardFromProto(k.SevenExchange.GetSeven(), "action.seven_exchange.seven")
		return engine.Action{Kind: engine.ExchangeSeven, Card: c}, err
	case *pb.Action_SevenDeclare:
		c, err := CardFromProto(k.SevenDeclare.GetSeven(), "action.seven_declare.seven")
		return engine.Action{Kind: engine.DeclareSeven, Card: c}, err
	case *pb.Action_PassMeld:
		return engine.Action{Kind: engine.PassMeld, Card: engine.NoCard}, nil
	case *pb.Action_EndWindow:
		return engine.Action{Kind: engine.EndWindow, Card: engine.NoCard}, nil
	case *pb.Action_CarteBlanche:
		return engine.Action{Kind: engine.DeclareCarteBlanche, Card: engine.NoCard}, nil
	}
	return engine.Action{}, fmt.Errorf("action: no action kind set")
}
