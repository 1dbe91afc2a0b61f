package service

// Attacks on the table's turn (table.acquire/release): a seat's stream goroutine applies the
// seat's messages itself and sends its answer (conn.sendOwn), a Decide in two turns (the action,
// then table.advance), the table's goroutine keeps the timers. Each test names what it attacks.

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// appendGate is a store whose AppendActions, while on, reports on blocked and waits for gate: a
// test holds a seat's Decide inside its turn (the action being stored) for as long as it needs.
type appendGate struct {
	store.Store
	on      chan struct{} // closed: gate the next AppendActions
	blocked chan struct{} // receives once a gated AppendActions waits
	gate    chan struct{} // closed to let it go on
}

func newAppendGate(t *testing.T) *appendGate {
	return &appendGate{Store: openAtkStore(t).Store, on: make(chan struct{}), blocked: make(chan struct{}, 1), gate: make(chan struct{})}
}

func (s *appendGate) AppendActions(ctx context.Context, id string, a []store.Action) error {
	select {
	case <-s.on:
		select {
		case s.blocked <- struct{}{}:
		default:
		}
		<-s.gate
	default:
	}
	return s.Store.AppendActions(ctx, id, a)
}

// TestTurnDecideThenHangUp: a bot that sends its action and hangs up (or crashes) before the
// action's events reach it must not stop the game: the table goes on to the next moves, and the
// seat, now disconnected, meets its disconnect policy.
//
// FINDING: readSeat applies a Decide in two turns, and took the second (table.advance: the
// built-in seat's move, the next decision request) only when the first one's send succeeded and
// the stream's context was still alive. The send of the action's events to a stream that has
// ended fails, so advance never ran: the action was stored and applied, no request was open and
// no timer armed, and the table stayed in play for ever (no deadline, no grace, no end).
func TestTurnDecideThenHangUp(t *testing.T) {
	st := newAppendGate(t)
	r := startReferee(t, st, quiet)
	resp := r.create(t, soloTable(nil, &pb.FailurePolicy{OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 50}))
	s := r.join(t, resp, 0, 0)
	s.welcome()
	req := s.request()
	close(st.on)
	s.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	select {
	case <-st.blocked: // the action is being stored, inside the reader's turn
	case <-time.After(waitFor):
		t.Fatal("the Decide never reached the store")
	}
	s.close()
	time.Sleep(100 * time.Millisecond) // the referee sees the stream end (its leave waits for the turn)
	close(st.gate)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := r.srv.Await(ctx, resp.GetTableId())
	if err != nil {
		got, _ := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
		t.Fatalf("Await: %v; the table is %v at seq %d", err, got.GetTable().GetState(), got.GetTable().GetLastSeq())
	}
	wantForfeit(t, res, 0, 1, pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT, "disconnected for longer than the grace period")
	rec := r.record(t, resp.GetTableId())
	if a := rec.GetActions()[0]; a.GetSeat() != 0 || !proto.Equal(a.GetAction(), req.GetLegalActions()[0].GetAction()) {
		t.Fatalf("first recorded action %v, want seat 0's %v", a, req.GetLegalActions()[0].GetAction())
	}
}
