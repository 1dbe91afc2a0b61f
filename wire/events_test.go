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
