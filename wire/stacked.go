package wire

import (
	"fmt"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// StackedDealFromProto reads a stacked deal given in card text form (RULES.md §4 faces such as
// "QS"); its errors name the field (stacked_deal.hands[i].cards[j], stacked_deal.turn_up,
// stacked_deal.stock[j]).
func StackedDealFromProto(sd *pb.StackedDeal) (engine.StackedDeal, error) {
	d := engine.StackedDeal{Dealer: int(sd.GetDealer())}
	for i, h := range sd.GetHands() {
		var faces []engine.Face
		for j, c := range h.GetCards() {
			f, err := engine.ParseFace(c)
			if err != nil {
				return d, fmt.Errorf("stacked_deal.hands[%d].cards[%d]: %v", i, j, err)
			}
			faces = append(faces, f)
		}
		d.Hands = append(d.Hands, faces)
	}
	f, err := engine.ParseFace(sd.GetTurnUp())
	if err != nil {
		return d, fmt.Errorf("stacked_deal.turn_up: %v", err)
	}
	d.TurnUp = f
	for j, c := range sd.GetStock() {
		f, err := engine.ParseFace(c)
		if err != nil {
			return d, fmt.Errorf("stacked_deal.stock[%d]: %v", j, err)
		}
		d.Stock = append(d.Stock, f)
	}
	return d, nil
}
