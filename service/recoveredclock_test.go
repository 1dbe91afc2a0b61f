package service

import (
	"context"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestRecoveredTableClockWaitsForTheSeat: after the referee's restart, the decision a seat's
// bot had open is not timed from the restart but from the bot's return: a seat whose clock was
// shorter than its bot's way back (here 1 s, and a bot back after 1.5 s) lost its game on time
// to the referee's crash (on_timeout forfeit), and every such first decision was recorded with
// the bot's way back as its time (a host's trial: 4.9 to 5.3 s). The disconnect grace still bounds
// the wait.
func TestRecoveredTableClockWaitsForTheSeat(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	r := startReferee(t, st, quiet)
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(11), Options: map[string]string{"target": "300"},
		Clock:         &pb.Clock{DecisionMs: 1000, BankMs: new(uint32)},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 30000}})
	if err != nil {
		t.Fatal(err)
	}
	playOne(r.join(t, resp, 0, 0)) // seat 0's next decision is open as the referee stops
	r.grpc.Stop()
	r.srv.Close()
	r = startReferee(t, st, quiet)
	time.Sleep(1500 * time.Millisecond) // the bot's way back, longer than its decision time
	s := r.join(t, resp, 0, 0)
	req := s.request()
	if left := time.Until(req.GetDeadline().AsTime()); left < 500*time.Millisecond {
		t.Fatalf("the open request's deadline is %v away; want about 1 s from the bot's return", left)
	}
	s.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	s.setAuto()
	if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the game ended %v; want it completed", res)
	}
	rec := r.record(t, resp.GetTableId())
	for _, a := range rec.GetActions() {
		if a.GetSeat() == 0 && a.GetElapsedMs() >= 1000 {
			t.Errorf("seat 0's action seq %d took %d ms on the record; want the time from the bot's return", a.GetSeq(), a.GetElapsedMs())
		}
	}
}

// TestRecoveredTableGraceStillBounds: a seat whose bot does not come back after the referee's
// restart is handled by the disconnect grace, counted from the restart, but not before
// Config.RecoveryGrace (400 ms here, the table's grace 300 ms): a forfeit for the disconnection,
// not one on time.
func TestRecoveredTableGraceStillBounds(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	r := startReferee(t, st, quiet)
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(11),
		Clock: &pb.Clock{DecisionMs: 100, BankMs: new(uint32)},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: pb.FailureAction_FAILURE_ACTION_AUTO_PLAY, OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT,
			DisconnectGraceMs: 300}})
	if err != nil {
		t.Fatal(err)
	}
	playOne(r.join(t, resp, 0, 0))
	r.grpc.Stop()
	r.srv.Close()
	restart := time.Now()
	r = startReferee(t, st, func(c *Config) { quiet(c); c.RecoveryGrace = 400 * time.Millisecond })
	actx, cancel := context.WithTimeout(ctx, waitFor)
	defer cancel()
	res, err := r.srv.Referee.Await(actx, resp.GetTableId())
	if err != nil {
		t.Fatal(err)
	}
	if res.GetOutcome() != pb.Outcome_OUTCOME_FORFEIT || res.GetForfeitCause() != pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT {
		t.Fatalf("result %v; want seat 0's forfeit for its disconnection", res)
	}
	if d := time.Since(restart); d < 400*time.Millisecond {
		t.Errorf("the forfeit came %v after the restart; want the recovery grace, 400 ms, at least", d)
	}
}

// TestRecoveryGrace: a bot back 1 s after the referee's restart, past its table's disconnect grace
// (300 ms, on_disconnect forfeit) but within Config.RecoveryGrace (3 s here), finds its game and
// plays it to its end. Timed from the restart with the table's grace, the referee's own downtime
// was charged to the bot: bots whose reconnection attempts had grown to seconds apart forfeited
// 6 games of 36 after a restart (a host's trial).
func TestRecoveryGrace(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	r := startReferee(t, st, quiet)
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(11), Options: map[string]string{"target": "300"},
		FailurePolicy: &pb.FailurePolicy{OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 300}})
	if err != nil {
		t.Fatal(err)
	}
	playOne(r.join(t, resp, 0, 0))
	r.grpc.Stop()
	r.srv.Close()
	r = startReferee(t, st, func(c *Config) { quiet(c); c.RecoveryGrace = 3 * time.Second })
	time.Sleep(time.Second) // the bot's way back
	s := r.join(t, resp, 0, 0)
	s.setAuto()
	if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the game ended %v; want it completed", res)
	}
}
