package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ScoresToProto returns one SideScore per side: deal[s] points this deal (0 where deal is shorter)
// and totals[s] in the game.
func ScoresToProto(deal, totals []int) []*pb.SideScore {
	msgs, out := make([]pb.SideScore, len(totals)), make([]*pb.SideScore, len(totals))
	for s := range totals {
		d := 0
		if s < len(deal) {
			d = deal[s]
		}
		m := &msgs[s]
		m.Side, m.DealPoints, m.Total = uint32(s), uint32(d), uint32(totals[s])
		out[s] = m
	}
	return out
}

// EventToProto returns the wire form of an engine event (already redacted for its reader) with
// its sequence number.
func EventToProto(e engine.Event, seq uint64) *pb.Event {
	out := &pb.Event{Seq: seq}
	// NoSeat and NoSide only occur on kinds whose message does not carry them, except the
	// NoSide of a tied EvGameEnd, which GameEnded says with its tie flag.
	seat, side, pts := uint32(max(e.Seat, 0)), uint32(max(e.Side, 0)), uint32(e.Points)
	switch e.Kind {
	case engine.EvDeal:
		out.Payload = &pb.Event_DealStarted{DealStarted: &pb.DealStarted{Deal: uint32(e.Deal), Dealer: seat, Trump: SuitToProto(e.Trump), TurnUp: CardToProto(e.Card), StockSize: uint32(e.Stock)}}
	case engine.EvHand:
		out.Payload = &pb.Event_HandDealt{HandDealt: &pb.HandDealt{Seat: seat, Cards: visible(e.Cards), Count: uint32(e.Cards.Len())}}
	case engine.EvTurnUpSeven:
		out.Payload = &pb.Event_TurnUpSeven{TurnUpSeven: &pb.TurnUpSeven{Dealer: seat, Side: side, Points: pts}}
	case engine.EvPlay:
		out.Payload = &pb.Event_CardPlayed{CardPlayed: &pb.CardPlayed{Seat: seat, Card: CardToProto(e.Card), FromTable: e.FromTable}}
	case engine.EvSevenPlayed:
		out.Payload = &pb.Event_SevenPlayedScored{SevenPlayedScored: &pb.SevenPlayedScored{Seat: seat, Seven: CardToProto(e.Card), Points: pts}}
	case engine.EvTrick:
		out.Payload = &pb.Event_TrickWon{TrickWon: &pb.TrickWon{Winner: seat, Trick: uint32(e.Trick), Cards: cardSetToProto(e.Cards), Points: pts}}
	case engine.EvMeld:
		out.Payload = &pb.Event_Melded{Melded: &pb.Melded{Seat: seat, Meld: meldToProto(e.Meld), Pending: e.Pending, Announced: e.Announced}}
	case engine.EvSevenExchange:
		out.Payload = &pb.Event_SevenExchanged{SevenExchanged: &pb.SevenExchanged{Seat: seat, Seven: CardToProto(e.Card), Taken: CardToProto(e.Taken), Points: pts}}
	case engine.EvSevenDeclare:
		out.Payload = &pb.Event_SevenDeclared{SevenDeclared: &pb.SevenDeclared{Seat: seat, Seven: CardToProto(e.Card), Points: pts}}
	case engine.EvPassMeld:
		out.Payload = &pb.Event_MeldPassed{MeldPassed: &pb.MeldPassed{Seat: seat}}
	case engine.EvEndWindow:
		out.Payload = &pb.Event_WindowEnded{WindowEnded: &pb.WindowEnded{Seat: seat}}
	case engine.EvDraw:
		out.Payload = &pb.Event_CardDrawn{CardDrawn: &pb.CardDrawn{Seat: seat, Card: CardToProto(e.Card), Revealed: e.Revealed, StockSize: uint32(e.Stock)}}
	case engine.EvPhase2:
		out.Payload = &pb.Event_Phase2Started{Phase2Started: &pb.Phase2Started{Duel: uint32(e.Duel), Leader: seat}}
	case engine.EvLastTrick:
		out.Payload = &pb.Event_LastTrickScored{LastTrickScored: &pb.LastTrickScored{Seat: seat, Side: side, Points: pts}}
	case engine.EvBrisques:
		out.Payload = &pb.Event_BrisquesScored{BrisquesScored: &pb.BrisquesScored{Side: side, Count: uint32(e.Brisques), Points: pts}}
	case engine.EvDealEnd:
		out.Payload = &pb.Event_DealEnded{DealEnded: &pb.DealEnded{Deal: uint32(e.Deal), Scores: ScoresToProto(e.DealPoints[:e.Sides], e.Totals[:e.Sides])}}
	case engine.EvGameEnd:
		out.Payload = &pb.Event_GameEnded{GameEnded: &pb.GameEnded{WinnerSide: side, Scores: ScoresToProto(e.DealPoints[:e.Sides], e.Totals[:e.Sides]), Tie: e.Side == engine.NoSide,
			GamePoints: pts, Rubicon: e.Rubicon}}
	case engine.EvTrumpFixed:
		out.Payload = &pb.Event_TrumpFixed{TrumpFixed: &pb.TrumpFixed{Seat: seat, Trump: SuitToProto(e.Trump)}}
	case engine.EvCarteBlanche:
		out.Payload = &pb.Event_CarteBlancheShown{CarteBlancheShown: &pb.CarteBlancheShown{Seat: seat, Side: side, Cards: cardSetToProto(e.Cards), Points: pts}}
	case engine.EvAnnouncementLapsed:
		out.Payload = &pb.Event_AnnouncementLapsed{AnnouncementLapsed: &pb.AnnouncementLapsed{Seat: seat, Meld: meldToProto(e.Meld),
			Cause: pb.LapseCause(e.Lapse), Card: CardToProto(e.Card)}}
	}
	return out
}

// visible returns the cards of a set that are not hidden (a redacted hand shows none).
func visible(s engine.CardSet) []*pb.Card {
	var out []*pb.Card
	for i := 0; i < s.Len(); i++ {
		if c := s.At(i); c != engine.NoCard {
			out = append(out, CardToProto(c))
		}
	}
	return out
}
