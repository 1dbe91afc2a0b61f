package wire

import (
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

// TestMeldedPending: vector 51's events on the wire (RULES.md §8.12): the announcement is a Melded
// with pending and 0 points, the later scoring one a Melded of the same cards with the points.
func TestMeldedPending(t *testing.T) {
	ks, qs := engine.NewCard(engine.NewFace(engine.Spades, engine.King), 0), engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 0)
	m := engine.Meld{Kind: engine.CommonMarriage, Cards: engine.NewCardSet(ks, qs)}
	announced := EventToProto(engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Meld: m, Pending: true}, 7).GetMelded()
	m.Points = 20
	scored := EventToProto(engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Meld: m, Points: 20}, 12).GetMelded()
	if !announced.GetPending() || announced.GetMeld().GetPoints() != 0 || scored.GetPending() || scored.GetMeld().GetPoints() != 20 ||
		!proto.Equal(announced.GetMeld().GetCards()[0], scored.GetMeld().GetCards()[0]) || len(scored.GetMeld().GetCards()) != 2 {
		t.Fatalf("announced %v, scored %v", announced, scored)
	}
}
