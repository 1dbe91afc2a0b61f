package wire

import (
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestOutcomeText: every way a game ends, in the words every view prints.
func TestOutcomeText(t *testing.T) {
	forfeit := func(cause pb.ForfeitCause, reason string) *pb.GameResult {
		return &pb.GameResult{Outcome: pb.Outcome_OUTCOME_FORFEIT, WinnerSide: proto.Uint32(1), ForfeitSeat: proto.Uint32(0), ForfeitCause: cause, Reason: reason}
	}
	for _, c := range []struct {
		res  *pb.GameResult
		want string
	}{
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1)}, "completed, side 1 wins"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1), AutoPlayed: []uint32{0, 0}}, "completed, side 1 wins"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1), AutoPlayed: []uint32{142, 0}},
			"completed, side 1 wins (142 actions of seat 0 played by the referee)"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(0), AutoPlayed: []uint32{0, 1, 0, 5}},
			"completed, side 0 wins (1 action of seat 1 and 5 of seat 3 played by the referee)"},
		{forfeit(pb.ForfeitCause_FORFEIT_CAUSE_TIMEOUT, "decision deadline passed"), "forfeit by seat 0 (timeout: decision deadline passed), side 1 wins"},
		{forfeit(pb.ForfeitCause_FORFEIT_CAUSE_ILLEGAL, "strike limit (3) reached on one decision"), "forfeit by seat 0 (illegal actions: strike limit (3) reached on one decision), side 1 wins"},
		{forfeit(pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT, ""), "forfeit by seat 0 (disconnect), side 1 wins"},
		{forfeit(pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, "forfeit recorded before a restart"), "forfeit by seat 0 (forfeit recorded before a restart), side 1 wins"},
		{forfeit(pb.ForfeitCause_FORFEIT_CAUSE_UNSPECIFIED, ""), "forfeit by seat 0 (cause not recorded), side 1 wins"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_FORFEIT, ForfeitSeat: proto.Uint32(0), ForfeitSeats: []uint32{0, 2}, ForfeitCause: pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT},
			"forfeit by seats 0 and 2 (disconnect), no winner"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_FORFEIT, WinnerSide: proto.Uint32(2), ForfeitSeat: proto.Uint32(0), ForfeitSeats: []uint32{0, 1, 3}, ForfeitCause: pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT},
			"forfeit by seats 0, 1 and 3 (disconnect), side 2 wins"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED, Reason: "bot crashed"}, "cancelled (bot crashed), no result"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED}, "cancelled (no reason given), no result"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_EXPIRED}, "expired (waited longer than the referee's limit for its seats), no result"},
		{&pb.GameResult{}, "not ended"},
		{nil, "not ended"},
	} {
		if got := OutcomeText(c.res); got != c.want {
			t.Errorf("OutcomeText(%v) = %q, want %q", c.res, got, c.want)
		}
	}
}

// TestResultText: the outcome, the totals and a Rubicon or six-pack settlement, in the words of
// the Python and Node SDKs' result_text and resultText.
func TestResultText(t *testing.T) {
	scores := []*pb.SideScore{{Side: 0, Total: 610}, {Side: 1, Total: 1480}}
	for _, c := range []struct {
		res  *pb.GameResult
		want string
	}{
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1), Scores: scores, GamePoints: 1590, Rubicon: true},
			"completed, side 1 wins; side 0 610, side 1 1480; 1590 game points (rubicon)"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1), Scores: scores, GamePoints: 1300},
			"completed, side 1 wins; side 0 610, side 1 1480; 1300 game points"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_COMPLETED, WinnerSide: proto.Uint32(1), Scores: scores},
			"completed, side 1 wins; side 0 610, side 1 1480"},
		{&pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED, Reason: "bot crashed"}, "cancelled (bot crashed), no result"},
		{nil, "not ended"},
	} {
		if got := ResultText(c.res); got != c.want {
			t.Errorf("ResultText(%v) = %q, want %q", c.res, got, c.want)
		}
	}
}
