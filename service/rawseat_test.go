package service

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// waitFor is how long a protocol test waits for one message before it fails.
const waitFor = 20 * time.Second

// rawSeat is a seat stream driven message by message (no botsdk), so a test controls every
// message a bot sends. A reader goroutine receives everything; in auto mode it also answers every
// decision request with a random legal action, like a bot.
type rawSeat struct {
	t      *testing.T
	stream pb.SeatService_ConnectClient
	cancel context.CancelFunc
	in     chan *pb.ConnectResponse
	end    chan error // the stream's status once it ends (nil for OK)

	mu      sync.Mutex
	send    sync.Mutex
	auto    bool
	rng     *rand.Rand
	pending []*pb.ConnectResponse // read but not yet matched by until
	events  []*pb.Event           // every event received, in order
	all     []*pb.ConnectResponse // every message received, in order
	status  error
	ended   bool
	// open is the last decision request received while auto mode was off and not yet
	// answered: setAuto answers it, so a request that arrives between join and setAuto is
	// not left waiting (a CI run's game stalled for 20 s so).
	open *pb.DecisionRequest
}

// dial opens a seat stream and sends join as its first message.
func (r *referee) dial(t *testing.T, join *pb.Join) *rawSeat {
	t.Helper()
	return r.dialFirst(t, &pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: join}})
}

// dialFirst opens a seat stream and sends first as its first message.
func (r *referee) dialFirst(t *testing.T, first *pb.ConnectRequest) *rawSeat {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := r.seats.Connect(ctx)
	if err != nil {
		cancel()
		t.Fatalf("Connect: %v", err)
	}
	s := &rawSeat{t: t, stream: stream, cancel: cancel, in: make(chan *pb.ConnectResponse, 1<<16), end: make(chan error, 1),
		rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))}
	t.Cleanup(cancel)
	if err := stream.Send(first); err != nil && !errors.Is(err, io.EOF) {
		t.Fatalf("send first message: %v", err)
	}
	go s.read()
	return s
}

// join is dial with a Join for seat of a created table.
func (r *referee) join(t *testing.T, resp *pb.CreateTableResponse, seat int, resume uint64) *rawSeat {
	t.Helper()
	return r.dial(t, &pb.Join{TableId: resp.GetTableId(), Seat: uint32(seat), Token: tokenOf(resp, seat), BotName: "raw",
		BotVersion: "1", ProtocolVersion: ProtocolVersion, ResumeAfterSeq: resume})
}

func (s *rawSeat) read() {
	defer close(s.in)
	for {
		m, err := s.stream.Recv()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			s.end <- err
			return
		}
		s.mu.Lock()
		s.all = append(s.all, m)
		if ev := m.GetEvent(); ev != nil {
			s.events = append(s.events, ev)
		}
		auto := s.auto
		var pick uint32
		if req := m.GetDecisionRequest(); auto && req != nil && len(req.GetLegalActions()) > 0 {
			pick = s.pick(req)
		} else if req != nil {
			s.open = req
		}
		s.mu.Unlock()
		if pick != 0 {
			s.decideID(m.GetDecisionRequest().GetRequestId(), pick)
		}
		s.in <- m
	}
}

// setAuto switches auto mode on: every decision request received from now on is answered with a
// random legal action, and so is the last one received before that the test has not answered.
func (s *rawSeat) setAuto() {
	s.mu.Lock()
	s.auto = true
	req := s.open
	s.open = nil
	var pick uint32
	if len(req.GetLegalActions()) > 0 {
		pick = s.pick(req)
	}
	s.mu.Unlock()
	if pick != 0 {
		s.decideID(req.GetRequestId(), pick)
	}
}

// pick returns a random legal action of req; s.mu is held.
func (s *rawSeat) pick(req *pb.DecisionRequest) uint32 {
	return req.GetLegalActions()[s.rng.IntN(len(req.GetLegalActions()))].GetActionId()
}

// answered forgets the open request once the test answers it.
func (s *rawSeat) answered(requestID uint64) {
	s.mu.Lock()
	if s.open.GetRequestId() == requestID {
		s.open = nil
	}
	s.mu.Unlock()
}

// until returns the first message (pending or new) for which match is true; messages that do not
// match stay pending for later calls. It fails the test when the stream ends, when the table
// makes no progress (no event, request or batch) for waitFor, or when nothing matches within
// 4×waitFor: a whole game of random play under -race on a loaded machine can take longer than
// waitFor while every action comes in time.
func (s *rawSeat) until(what string, match func(*pb.ConnectResponse) bool) *pb.ConnectResponse {
	s.t.Helper()
	for i, m := range s.pending {
		if match(m) {
			s.pending = append(s.pending[:i:i], s.pending[i+1:]...)
			return m
		}
	}
	idle := time.NewTimer(waitFor)
	defer idle.Stop()
	limit := time.After(4 * waitFor)
	var last *pb.ConnectResponse
	received := 0
	for {
		select {
		case m, ok := <-s.in:
			if !ok {
				s.t.Fatalf("waiting for %s: stream ended: %v", what, s.finalStatus())
			}
			if match(m) {
				return m
			}
			s.pending = append(s.pending, m)
			if m.GetPing() == nil && m.GetClockReport() == nil {
				idle.Reset(waitFor)
				last, received = m, received+1
			}
		case <-idle.C:
			s.t.Fatalf("waiting for %s: nothing after %v (%d messages before, the last %v)", what, waitFor, received, last)
		case <-limit:
			s.t.Fatalf("waiting for %s: not within %v (%d messages, the last %v)", what, 4*waitFor, received, last)
		}
	}
}

func (s *rawSeat) welcome() *pb.Welcome {
	s.t.Helper()
	return s.until("welcome", func(m *pb.ConnectResponse) bool { return m.GetWelcome() != nil }).GetWelcome()
}

func (s *rawSeat) request() *pb.DecisionRequest {
	s.t.Helper()
	return s.until("decision request", func(m *pb.ConnectResponse) bool { return m.GetDecisionRequest() != nil }).GetDecisionRequest()
}

func (s *rawSeat) rejection() *pb.Rejection {
	s.t.Helper()
	return s.until("rejection", func(m *pb.ConnectResponse) bool { return m.GetRejection() != nil }).GetRejection()
}

func (s *rawSeat) gameOver() *pb.GameResult {
	s.t.Helper()
	return s.until("game over", func(m *pb.ConnectResponse) bool { return m.GetGameOver() != nil }).GetGameOver().GetResult()
}

// event waits for an event that match accepts.
func (s *rawSeat) event(what string, match func(*pb.Event) bool) *pb.Event {
	s.t.Helper()
	return s.until(what, func(m *pb.ConnectResponse) bool { return m.GetEvent() != nil && match(m.GetEvent()) }).GetEvent()
}

func (s *rawSeat) sendMsg(m *pb.ConnectRequest) {
	s.send.Lock()
	defer s.send.Unlock()
	_ = s.stream.Send(m) // a failed send shows as the stream's status
}

func (s *rawSeat) decideID(requestID uint64, actionID uint32) {
	s.answered(requestID)
	s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: requestID, Choice: &pb.Decide_ActionId{ActionId: actionID}}}})
}

func (s *rawSeat) decideAction(requestID uint64, a *pb.Action) {
	s.answered(requestID)
	s.sendMsg(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: requestID, Choice: &pb.Decide_Action{Action: a}}}})
}

// finalStatus waits for the stream to end and returns its status (nil for OK), reading and
// keeping whatever comes before.
func (s *rawSeat) finalStatus() error {
	s.t.Helper()
	s.mu.Lock()
	if s.ended {
		defer s.mu.Unlock()
		return s.status
	}
	s.mu.Unlock()
	timeout := time.After(waitFor)
	for {
		select {
		case m, ok := <-s.in:
			if ok {
				s.pending = append(s.pending, m)
			}
		case err := <-s.end:
			for m := range s.in {
				s.pending = append(s.pending, m)
			}
			s.mu.Lock()
			s.ended, s.status = true, err
			s.mu.Unlock()
			return err
		case <-timeout:
			s.t.Fatalf("the stream did not end within %v", waitFor)
		}
	}
}

// wantStatus checks the stream's final status code.
func (s *rawSeat) wantStatus(want codes.Code) error {
	s.t.Helper()
	err := s.finalStatus()
	if got := status.Code(err); got != want {
		s.t.Fatalf("stream ended with %v (%v), want %v", got, err, want)
	}
	return err
}

// close ends the stream from the client side (a disconnection) and waits for the reader.
func (s *rawSeat) close() {
	s.cancel()
	_ = s.finalStatus()
}

// eventsSnapshot returns the events received so far.
func (s *rawSeat) eventsSnapshot() []*pb.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*pb.Event(nil), s.events...)
}

// actionEvents counts the events that show an action of seat (one per action applied).
func actionEvents(evs []*pb.Event, seat uint32) int {
	n := 0
	for _, e := range evs {
		switch p := e.GetPayload().(type) {
		case *pb.Event_CardPlayed:
			n += b2i(p.CardPlayed.GetSeat() == seat)
		case *pb.Event_Melded:
			n += b2i(p.Melded.GetSeat() == seat)
		case *pb.Event_SevenExchanged:
			n += b2i(p.SevenExchanged.GetSeat() == seat)
		case *pb.Event_SevenDeclared:
			n += b2i(p.SevenDeclared.GetSeat() == seat)
		case *pb.Event_MeldPassed:
			n += b2i(p.MeldPassed.GetSeat() == seat)
		case *pb.Event_WindowEnded:
			n += b2i(p.WindowEnded.GetSeat() == seat)
		}
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// create creates a table or fails the test.
func (r *referee) create(t *testing.T, req *pb.CreateTableRequest) *pb.CreateTableResponse {
	t.Helper()
	resp, err := r.tables.CreateTable(context.Background(), req)
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	return resp
}

// record waits for the record of an ended table.
func (r *referee) record(t *testing.T, id string) *pb.GameRecord {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		got, err := r.tables.GetRecord(context.Background(), &pb.GetRecordRequest{TableId: id})
		if err == nil {
			return got.GetRecord()
		}
		if time.Now().After(deadline) {
			t.Fatalf("GetRecord: %v", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// cancelTable cancels a table, tolerating one that has just ended.
func (r *referee) cancelTable(t *testing.T, id string) {
	t.Helper()
	_, err := r.tables.CancelTable(context.Background(), &pb.CancelTableRequest{TableId: id, Reason: "test over"})
	if err != nil && status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("CancelTable: %v", err)
	}
}

// checkDefaultAction checks that the record's action i, an intervention, is the engine's default
// action for its seat in the position before it (replayed independently from the record).
func checkDefaultAction(t *testing.T, rec *pb.GameRecord, i int) {
	t.Helper()
	prefix := proto.Clone(rec).(*pb.GameRecord)
	prefix.Actions = prefix.Actions[:i]
	rp, err := wire.ReplayRecord(prefix)
	if err != nil {
		t.Fatal(err)
	}
	ra := rec.GetActions()[i]
	want := wire.ActionToProto(rp.Game.DefaultAction(int(ra.GetSeat())))
	if !proto.Equal(want, ra.GetAction()) {
		t.Fatalf("intervention %v by seat %d recorded %v; the engine's default action is %v", ra.GetIntervention(), ra.GetSeat(), ra.GetAction(), want)
	}
}

// firstIntervention returns the index of the record's first action with that intervention kind.
func firstIntervention(t *testing.T, rec *pb.GameRecord, kind pb.InterventionKind) int {
	t.Helper()
	for i, ra := range rec.GetActions() {
		if ra.GetIntervention() == kind {
			return i
		}
	}
	t.Fatalf("no %v in the record's %d actions", kind, len(rec.GetActions()))
	return -1
}

// illegalPlay returns a play of a card the seat does not hold: the rules refuse it.
func illegalPlay(req *pb.DecisionRequest) *pb.Action {
	held := map[uint32]bool{}
	for _, c := range req.GetView().GetHand() {
		held[c.GetId()] = true
	}
	for _, sv := range req.GetView().GetSeats() {
		for _, tc := range sv.GetTabled() {
			held[tc.GetCard().GetId()] = true
		}
	}
	for id := uint32(0); id < 64; id++ {
		if !held[id] {
			return wire.ActionToProto(engine.Play(engine.Card(id)))
		}
	}
	panic("every card held")
}

// playSeats plays every remote seat of a created table with a random Go bot (botsdk.Play, one
// stream per seat) and returns the results the seats saw.
func playSeats(t *testing.T, r *referee, resp *pb.CreateTableResponse) []*pb.GameResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	n := len(resp.GetTable().GetSeats())
	results := make([]*pb.GameResult, n)
	errs := make([]error, n)
	for _, st := range resp.GetSeatTokens() {
		seat := int(st.GetSeat())
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[seat], errs[seat] = botsdk.Play(ctx, r.botConfig(resp.GetTableId(), seat, st.GetToken()), botsdk.NewRandom(uint64(seat)))
		}()
	}
	wg.Wait()
	for seat, err := range errs {
		if err != nil {
			t.Errorf("seat %d: %v", seat, err)
		}
	}
	return results
}
