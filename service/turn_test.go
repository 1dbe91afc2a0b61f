package service

// Attacks on the table's turn (table.acquire/release): a seat's stream goroutine applies the
// seat's messages itself and sends its answer (conn.sendOwn), a Decide in two turns (the action,
// then table.advance), the table's goroutine keeps the timers. Each test names what it attacks.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// appendGate is a store whose AppendActions, while on, reports on blocked and waits for gate: a
// test holds a seat's Decide inside its turn (the action being stored) for as long as it needs.
type appendGate struct {
	store.Store
	on      chan struct{} // closed: gate the next AppendActions
	blocked chan struct{} // receives once a gated AppendActions waits
	gate    chan struct{} // closed to let it go on
	lease   atomic.Bool   // the gated call then fails with store.ErrLeaseLost
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
		if s.lease.Load() {
			return store.ErrLeaseLost
		}
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

// TestTurnCloseWhileDeciding: the referee's shutdown (Close) while a seat's stream goroutine holds
// the turn (its action stuck in the store) waits for that turn, then ends both seats' streams with
// Unavailable (reconnect to resume) and returns; the stored action is the table's, nothing hangs.
func TestTurnCloseWhileDeciding(t *testing.T) {
	st := newAppendGate(t)
	r := startReferee(t, st, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(7)})
	s0, s1 := r.join(t, resp, 0, 0), r.join(t, resp, 1, 0)
	s0.welcome()
	s1.welcome()
	req := s0.request()
	close(st.on)
	s0.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	select {
	case <-st.blocked:
	case <-time.After(waitFor):
		t.Fatal("the Decide never reached the store")
	}
	closed := make(chan struct{})
	go func() { r.srv.Close(); close(closed) }()
	select {
	case <-closed:
		t.Fatal("Close returned while a seat held the table's turn")
	case <-time.After(100 * time.Millisecond):
	}
	close(st.gate)
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatalf("Close did not return after the turn was released\n%s", allStacks())
	}
	for i, s := range []*rawSeat{s0, s1} {
		err := s.wantStatus(codes.Unavailable)
		if want := "the referee is shutting down; reconnect to resume"; !strings.Contains(err.Error(), want) {
			t.Errorf("seat %d: %v, want %q", i, err, want)
		}
	}
	active, err := st.Store.LoadActive(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 1 || active[0].ID != resp.GetTableId() || len(active[0].Actions) != 1 || active[0].Actions[0].Seat != 0 {
		t.Fatalf("stored active tables %+v, want table %s with seat 0's one action", active, resp.GetTableId())
	}
}

// TestTurnDeadlineAsDecideArrives: a bot that answers each request right at its deadline races
// the table's timer (run takes the turn for it, with the stale-fire guard: timerAt) against its
// own turn. Every request is settled exactly once, by the bot's action or by a timeout's
// intervention, never both and never neither; every answer the referee reads before the game's
// end is applied or refused STALE_REQUEST once; the game ends and its record replays.
func TestTurnDeadlineAsDecideArrives(t *testing.T) {
	r := startReferee(t, nil, quiet)
	const decisionMs = MinDecisionMs
	resp := r.create(t, soloTable(&pb.Clock{DecisionMs: decisionMs, BankMs: proto.Uint32(0)}, &pb.FailurePolicy{StrikeLimit: 100}))
	s := r.join(t, resp, 0, 0)
	s.welcome()
	var ids []uint64            // the requests, in order
	refused := map[uint64]int{} // STALE_REQUEST rejections, by request id
	refuse := func(rej *pb.Rejection) {
		if rej.GetCode() != pb.RejectionCode_REJECTION_CODE_STALE_REQUEST || !slices.Contains(ids, rej.GetRequestId()) {
			t.Fatalf("rejection %v; requests %v", rej, ids)
		}
		refused[rej.GetRequestId()]++
	}
	for {
		m := s.until("request or game over", func(m *pb.ConnectResponse) bool {
			return m.GetDecisionRequest() != nil || m.GetGameOver() != nil || m.GetRejection() != nil
		})
		if rej := m.GetRejection(); rej != nil {
			refuse(rej)
			continue
		}
		if m.GetGameOver() != nil {
			break
		}
		req := m.GetDecisionRequest()
		ids = append(ids, req.GetRequestId())
		// Around the deadline: a little before, at, or a little after it.
		time.Sleep(time.Until(req.GetDeadline().AsTime()) + time.Duration(len(ids)%3-1)*200*time.Microsecond)
		s.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	}
	if err := s.finalStatus(); err != nil {
		t.Fatal(err)
	}
	for m := range slices.Values(s.pending) {
		if rej := m.GetRejection(); rej != nil {
			refuse(rej)
		}
	}
	rec := r.record(t, resp.GetTableId())
	if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("result %v", rec.GetResult())
	}
	var timedOut []bool // per action of seat 0, in order: one per request
	for _, ra := range rec.GetActions() {
		switch {
		case ra.GetSeat() != 0:
		case ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED:
			timedOut = append(timedOut, false)
		case ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_AUTO_PLAY_TIMEOUT:
			timedOut = append(timedOut, true)
		default:
			t.Fatalf("intervention %v", ra)
		}
	}
	if len(timedOut) != len(ids) {
		t.Fatalf("%d requests, %d actions of seat 0 recorded", len(ids), len(timedOut))
	}
	// The referee reads the answers in order: those it read before the game's end are the first
	// ones (up to the last answer applied or refused); the others came after the end, when the
	// stream was over (no rejection), to requests that timed out. Counting one such late answer,
	// to the last request, failed when a loaded machine slept past a deadline near the end: the
	// answer to the one before came after the end too.
	read, answered := 0, 0
	for i, id := range ids {
		if !timedOut[i] || refused[id] > 0 {
			read = i + 1
		}
		if !timedOut[i] {
			answered++
		}
	}
	for i, id := range ids {
		switch {
		case !timedOut[i] && refused[id] != 0:
			t.Fatalf("request %d (%d of %d): applied and refused %d times", id, i+1, len(ids), refused[id])
		case timedOut[i] && i < read && refused[id] != 1:
			t.Fatalf("request %d (%d of %d) timed out; its answer, read before the game's end, was refused %d times, want once", id, i+1, len(ids), refused[id])
		}
	}
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Verify(rec); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d requests: %d answered, %d timed out, %d answers after the game's end", len(ids), answered, len(ids)-answered, len(ids)-read)
}

// TestTurnLeaseLostWhileDeciding: another referee takes the table's lease over while a seat's
// stream goroutine holds the turn storing its action: the action is refused (UNAVAILABLE, nothing
// changed), then both seats' streams end with Unavailable naming the move, and the table leaves
// this referee (NotFound here).
func TestTurnLeaseLostWhileDeciding(t *testing.T) {
	st := newAppendGate(t)
	r := startReferee(t, st, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(7)})
	s0, s1 := r.join(t, resp, 0, 0), r.join(t, resp, 1, 0)
	s0.welcome()
	s1.welcome()
	req := s0.request()
	st.lease.Store(true)
	close(st.on)
	close(st.gate)
	s0.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	wantRejection(t, s0.rejection(), req.GetRequestId(), pb.RejectionCode_REJECTION_CODE_UNAVAILABLE)
	want := fmt.Sprintf("table %s has moved to another referee; reconnect to resume", resp.GetTableId())
	for i, s := range []*rawSeat{s0, s1} {
		if err := s.wantStatus(codes.Unavailable); !strings.Contains(err.Error(), want) {
			t.Errorf("seat %d: %v, want %q", i, err, want)
		}
	}
	awaitForgotten(t, r.srv.Referee, resp.GetTableId())
}

// finishFails is a store whose FinishTable fails: a referee that "crashes" between storing a
// forfeit and storing the game's end leaves the table active with a forfeit last in its log.
type finishFails struct{ store.Store }

func (finishFails) FinishTable(context.Context, string, store.Outcome) error {
	return errors.New("attack: the referee died before the game's end was stored")
}

// TestTurnStartUpComesFirst: a table taken over (Referee.adopt, as at recovery or a lease
// takeover) is reachable as soon as it is started; the first turn anyone takes must see it as its
// start-up left it. Here the stored log ends with a forfeit the crash left unfinished: the
// table's start-up finishes it, so the first turn sees the game over, not a game in play that a
// join would advance past the forfeit (opening requests, storing built-in moves after it).
//
// FINDING: table.run takes the turn for its start-up (the pending forfeit's finish, the first
// advance, the expiry timer) on its own goroutine, after Referee.start has published the table;
// a join, GetTable or Decide posted meanwhile took the turn first (the actor's inbox waited for
// the start-up).
func TestTurnStartUpComesFirst(t *testing.T) {
	sqlite := openAtkStore(t).Store
	a := startReferee(t, finishFails{sqlite}, quiet)
	resp := a.create(t, soloTable(nil, &pb.FailurePolicy{StrikeLimit: 1, OnIllegal: pb.FailureAction_FAILURE_ACTION_FORFEIT}))
	s := a.join(t, resp, 0, 0)
	req := s.request()
	s.decideAction(req.GetRequestId(), illegalPlay(req))
	if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_FORFEIT {
		t.Fatalf("result %v", res)
	}
	stopReferee(a)
	active, err := sqlite.LoadActive(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 1 || active[0].Actions[len(active[0].Actions)-1].Seat != 0 {
		t.Fatalf("stored active tables %+v, want the forfeited one", active)
	}
	for range 20 {
		b := startReferee(t, nil, quiet)
		b.srv.adopt(active[0])
		tb, err := b.srv.table(resp.GetTableId())
		if err != nil {
			t.Fatal(err)
		}
		var state pb.TableState
		if err := tb.post(context.Background(), func() { state = tb.state }); err != nil {
			t.Fatal(err)
		}
		if state != pb.TableState_TABLE_STATE_FINISHED {
			t.Fatalf("the first turn after the table started saw it %v, want %v (the recorded forfeit finished)", state, pb.TableState_TABLE_STATE_FINISHED)
		}
		stopReferee(b)
	}
}

// seatGoroutines counts the goroutines of seat streams: handlers, readers, writers, and stall
// drops under way.
func seatGoroutines() int {
	stacks := allStacks()
	n := 0
	for _, f := range []string{"service.(*Server).serveSeat(", "service.(*Server).readSeat(", "service.writeSeat(", "service.(*Server).stalled("} {
		n += strings.Count(stacks, f)
	}
	return n
}

// TestTurnNoSeatGoroutineLeft: once the games are over, no seat stream goroutine is left, whatever
// the streams went through: whole games with every kind of stream and pings every millisecond, a
// bot that hangs up as its action is stored, a flooding bot that never reads.
func TestTurnNoSeatGoroutineLeft(t *testing.T) {
	r := startReferee(t, nil, func(c *Config) {
		c.PingInterval = time.Millisecond
		c.SeatQueue = 64
		// Long enough that the ordered bots below, which read as fast as the machine lets them, are
		// never dropped under a loaded CI machine (100 ms was, once), short enough to drop the flooding
		// bot that never reads well within waitFor.
		c.SendStall = time.Second
	})
	for g := range 2 {
		resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(byte(g + 1))})
		playOrdered(t, r, resp, []*orderBot{{seat: 0, batch: g == 0, junk: true}, {seat: 1, play: g == 1, junk: true}})
	}
	// A bot that answers and hangs up at once, again and again, until the game ends without it.
	resp := r.create(t, soloTable(nil, &pb.FailurePolicy{DisconnectGraceMs: 1}))
	for {
		s := r.join(t, resp, 0, 0)
		m := s.until("request or game over", func(m *pb.ConnectResponse) bool { return m.GetDecisionRequest() != nil || m.GetGameOver() != nil })
		if m.GetGameOver() != nil {
			break
		}
		s.decideID(m.GetDecisionRequest().GetRequestId(), m.GetDecisionRequest().GetLegalActions()[0].GetActionId())
		s.close()
		time.Sleep(600 * time.Millisecond) // within the join rate limit (maxJoins per joinWindow)
		if rec, err := r.srv.Referee.GetRecord(context.Background(), resp.GetTableId()); err == nil {
			if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("result %v", rec.GetResult())
			}
			break
		}
	}
	// A flooding bot that never reads, dropped, then its table cancelled.
	flood := r.create(t, soloTable(nil, nil))
	stream, cancel := joinSeat0(t, r, flood)
	go func() { // its Send may block for good once the referee stops reading: the cancel ends it
		junk := &pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: 1 << 40, Choice: &pb.Decide_ActionId{ActionId: 1}}}}
		for stream.Send(junk) == nil {
		}
	}()
	for end := time.Now().Add(waitFor); ; time.Sleep(10 * time.Millisecond) {
		got, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: flood.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		if seats := got.GetTable().GetSeats(); got.GetTable().GetLastSeq() > 0 && !seats[0].GetConnected() {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the flooding seat was never dropped")
		}
	}
	cancel()
	r.cancelTable(t, flood.GetTableId())
	deadline := time.Now().Add(5 * time.Second)
	for seatGoroutines() > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := seatGoroutines(); n > 0 {
		t.Fatalf("%d seat stream goroutines left 5 s after the games ended\n%s", n, allStacks())
	}
}
