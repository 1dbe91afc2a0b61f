package wire

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestGameEndedTie: a game that ends level (engine.NoSide) says so with GameEnded.tie; it read as
// a win for side 0 before.
func TestGameEndedTie(t *testing.T) {
	for _, c := range []struct {
		side int
		want *pb.GameEnded
	}{
		{engine.NoSide, &pb.GameEnded{Tie: true, Scores: []*pb.SideScore{{Side: 0, Total: 700}, {Side: 1, Total: 700}}}},
		{1, &pb.GameEnded{WinnerSide: 1, Scores: []*pb.SideScore{{Side: 0, Total: 650}, {Side: 1, Total: 700}}}},
	} {
		e := engine.Event{Kind: engine.EvGameEnd, Seat: engine.NoSeat, Side: c.side, Sides: 2, Totals: [4]int{700, 700}}
		if c.side == 1 {
			e.Totals[0] = 650
		}
		got := EventToProto(e, 9).GetGameEnded()
		if !proto.Equal(got, c.want) {
			t.Errorf("side %d: GameEnded = %v, want %v", c.side, got, c.want)
		}
	}
}

// TestStockSize: a deal and each draw carry the stock the engine counts, the turn-up included, as
// the seat's View does, so that a page shows the stock without knowing the pack's size.
func TestStockSize(t *testing.T) {
	r, err := engine.NewRules(engine.TwoHanded, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(7)})
	if err != nil {
		t.Fatal(err)
	}
	var got []uint32
	for _, e := range g.Events() {
		if d := EventToProto(e, 1).GetDealStarted(); d != nil {
			got = append(got, d.GetStockSize())
		}
	}
	for len(got) < 3 {
		s := g.Turn()
		evs, err := g.Apply(s, g.Legal(s, nil)[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if d := EventToProto(e, 1).GetCardDrawn(); d != nil {
				got = append(got, d.GetStockSize())
			}
		}
	}
	if want := []uint32{48, 47, 46}; !slices.Equal(got[:3], want) {
		t.Errorf("stock sizes of the deal and the first draws: %v, want %v", got, want)
	}
	if v := g.View(0).StockSize; uint32(v) != got[len(got)-1] {
		t.Errorf("View.StockSize %d, the last CardDrawn.stock_size %d", v, got[len(got)-1])
	}
}
