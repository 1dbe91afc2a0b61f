package service

import (
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRecoveredTableBeyondAnUnstoredFloor: a table whose store failed to take its seq floor
// (storedSpec.SeqFloor; the store was out of reach, or the table's lease had been taken over,
// store.ErrLeaseLost) still sent the events it reserved for: here seat 0's connection, beyond
// the floor stored at creation. Recovered (a restart; in a deployment of several referees, the
// takeover by another), the table started its seqs at the stored floor, and the bot resuming
// after the event it had seen was refused for good: InvalidArgument "join.resume_after_seq: 4 is
// beyond the table's last event 3" (one game in 2 of 4 runs of e2e.TestSharedRefereesDatabaseOutage,
// where a referee paused past its lease sent events of a table taken over meanwhile). A recovered
// table now starts one reservation (seqReserve) beyond the stored floor, and admits a resume
// cursor up to one reservation beyond its last event (a former life that was itself recovered
// started at the same place), going on after it: here two lives in a row.
func TestRecoveredTableBeyondAnUnstoredFloor(t *testing.T) {
	st := openAtkStore(t)
	r := startReferee(t, st, quiet)
	resp := r.create(t, twoRemote(false))
	var last uint64
	// Two lives whose store refuses their floor: seat 0 connects to each and sees its connection.
	for life := 1; life <= 2; life++ {
		st.failUpdate.Store(true)
		s := r.join(t, resp, 0, last)
		if w := s.welcome(); w == nil {
			t.Fatalf("life %d: no Welcome resuming after seq %d", life, last)
		}
		last = s.event("seat 0's connection", func(e *pb.Event) bool { return e.GetSeatConnected() != nil }).GetSeq()
		stopReferee(r)
		st.failUpdate.Store(false)
		r = startReferee(t, st, quiet)
	}
	again := r.join(t, resp, 0, last)
	if w := again.welcome(); w == nil {
		t.Fatalf("no Welcome resuming after seq %d", last)
	}
	peer := r.join(t, resp, 1, 0)
	peer.welcome()
	ev := again.event("seat 1's connection", func(e *pb.Event) bool { return e.GetSeatConnected().GetSeat() == 1 })
	if ev.GetSeq() <= last {
		t.Fatalf("the recovered table's next event has seq %d; want above %d, the last one seat 0 saw", ev.GetSeq(), last)
	}
}
