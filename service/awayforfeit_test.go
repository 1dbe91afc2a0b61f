package service

import (
	"context"
	"slices"
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestDisconnectForfeitsEverySeatAway: with on_disconnect forfeit, the bots of two seats that
// leave a game in play one after the other both forfeit it once their graces end: in a
// three-handed game the built-in bot's side, the one left, wins; in a two-handed game nobody is
// left to play and the game is cancelled. Only the seat to act forfeited, and the other bot,
// gone too, drew or won the game (a host's trial: b2, killed with b1, rated level with the
// winner).
func TestDisconnectForfeitsEverySeatAway(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	policy := &pb.FailurePolicy{OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 300}
	for _, c := range []struct {
		variant pb.Variant
		seats   []*pb.SeatConfig
		check   func(*pb.GameResult) bool
	}{
		{pb.Variant_VARIANT_THREE_HANDED, []*pb.SeatConfig{remoteSeats(1)[0], remoteSeats(1)[0], builtinSeat("random")}, func(res *pb.GameResult) bool {
			return res.GetOutcome() == pb.Outcome_OUTCOME_FORFEIT && slices.Equal(res.GetForfeitSeats(), []uint32{0, 1}) && res.WinnerSide != nil &&
				res.GetWinnerSide() == 2 && res.GetForfeitCause() == pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT
		}},
		{pb.Variant_VARIANT_TWO_HANDED, remoteSeats(2), func(res *pb.GameResult) bool {
			return res.GetOutcome() == pb.Outcome_OUTCOME_CANCELLED && res.GetReason() == "disconnected for longer than the grace period"
		}},
	} {
		resp := r.create(t, &pb.CreateTableRequest{Variant: c.variant, Seats: c.seats, FailurePolicy: policy})
		a, b := r.join(t, resp, 0, 0), r.join(t, resp, 1, 0)
		a.welcome()
		b.welcome()
		a.close()
		b.close()
		res, err := r.srv.Referee.Await(ctx, resp.GetTableId())
		if err != nil || !c.check(res) {
			t.Errorf("%s: the game ended %v, %v", c.variant, res, err)
		}
	}
}

// TestTimeoutForfeitTakesSeatsAway: a game that a seat's timeout ends (on_timeout forfeit) is
// forfeited by every seat then away past its grace too (on_disconnect forfeit): in a three-handed
// game, the built-in bot's side wins. The bot already gone drew it (a re-trial).
func TestTimeoutForfeitTakesSeatsAway(t *testing.T) {
	r := startReferee(t, nil, quiet)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_THREE_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], remoteSeats(1)[0], builtinSeat("random")}, Clock: &pb.Clock{DecisionMs: 1500, BankMs: new(uint32)},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: pb.FailureAction_FAILURE_ACTION_FORFEIT, OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 300}})
	a, b := r.join(t, resp, 0, 0), r.join(t, resp, 1, 0)
	b.setAuto()
	a.request() // seat 0's turn: it never answers
	b.close()
	res, err := r.srv.Referee.Await(ctx, resp.GetTableId())
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_FORFEIT || !slices.Equal(res.GetForfeitSeats(), []uint32{0, 1}) ||
		res.WinnerSide == nil || res.GetWinnerSide() != 2 || res.GetForfeitCause() != pb.ForfeitCause_FORFEIT_CAUSE_TIMEOUT {
		t.Errorf("the game ended %v, %v; want seats 0 and 1 forfeiting, side 2 winning", res, err)
	}
}
