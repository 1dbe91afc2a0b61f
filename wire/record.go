package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// DealSummaries returns one summary per deal of an event log: dealer, trump, turn-up and the
// totals at its end.
func DealSummaries(evs []engine.Event) []*pb.DealSummary {
	var out []*pb.DealSummary
	for _, e := range evs {
		switch e.Kind {
		case engine.EvDeal:
			out = append(out, &pb.DealSummary{Deal: uint32(e.Deal), Dealer: uint32(e.Seat), Trump: SuitToProto(e.Trump), TurnUp: CardToProto(e.Card)})
		case engine.EvDealEnd, engine.EvGameEnd:
			if len(out) > 0 {
				out[len(out)-1].Scores = ScoresToProto(e.DealPoints[:e.Sides], e.Totals[:e.Sides])
			}
		}
	}
	return out
}
