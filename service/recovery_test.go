package service

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// seatStream is a raw seat connection for recovery tests.
type seatStream struct {
	t       *testing.T
	stream  pb.SeatService_ConnectClient
	lastSeq uint64
	lastReq uint64
}

func joinSeat(t *testing.T, r *referee, table string, seat int, token string, after uint64) (*seatStream, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stream, err := r.seats.Connect(ctx)
	if err != nil {
		return nil, err
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: table, Seat: uint32(seat), Token: token,
		ProtocolVersion: ProtocolVersion, ResumeAfterSeq: after}}}); err != nil {
		return nil, err
	}
	s := &seatStream{t: t, stream: stream, lastSeq: after}
	m, err := stream.Recv()
	if err != nil {
		return nil, err
	}
	if m.GetWelcome() == nil {
		t.Fatalf("seat %d: first message %v, want a welcome", seat, m)
	}
	return s, nil
}

// until reads messages until f returns true, tracking the last event seq and request id.
func (s *seatStream) until(f func(*pb.ConnectResponse) bool) {
	s.t.Helper()
	for {
		m, err := s.stream.Recv()
		if err != nil {
			s.t.Fatalf("recv: %v", err)
		}
		if e := m.GetEvent(); e != nil {
			s.lastSeq = max(s.lastSeq, e.GetSeq())
		}
		if d := m.GetDecisionRequest(); d != nil {
			s.lastReq = d.GetRequestId()
		}
		if f(m) {
			return
		}
	}
}

// TestRecoveryNeverReusesSeqs is the regression test of a crash-recovery bug: seat
// connect/disconnect events and request ids are not stored, so a referee restarted on the same
// store numbered events and requests from the last stored action again. A bot resuming after
// the last seq it saw was then refused (InvalidArgument: resume_after_seq beyond the table's
// last event) and gave up, leaving its table stuck; and a bot holding its answer to request n
// re-sent it to a new request n. The referee now stores a floor above every seq and request id
// it has issued.
func TestRecoveryNeverReusesSeqs(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, nil)
	resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(7)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	s0, err := joinSeat(t, r1, id, 0, tokenOf(resp, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	s1, err := joinSeat(t, r1, id, 1, tokenOf(resp, 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	// Both seats see both SeatConnected events; nothing is stored yet but the deal.
	s0.until(func(m *pb.ConnectResponse) bool {
		return m.GetEvent().GetSeatConnected() != nil && m.GetEvent().GetSeatConnected().GetSeat() == 1
	})
	s1.until(func(m *pb.ConnectResponse) bool {
		return m.GetEvent().GetSeatConnected() != nil && m.GetEvent().GetSeatConnected().GetSeat() == 1
	})
	// Play one action so that a request id has been answered: the leader has the open request.
	type msg struct {
		seat int
		m    *pb.ConnectResponse
	}
	read := func(streams ...*seatStream) <-chan msg {
		ch := make(chan msg, 64)
		for seat, s := range streams {
			go func() {
				for {
					m, err := s.stream.Recv()
					if err != nil {
						return
					}
					ch <- msg{seat, m}
				}
			}()
		}
		return ch
	}
	firstRequest := func(ch <-chan msg, seen uint64) (int, *pb.DecisionRequest) {
		t.Helper()
		timeout := time.After(5 * time.Second)
		for {
			select {
			case m := <-ch:
				if e := m.m.GetEvent(); e != nil && e.GetSeatConnected() != nil && e.GetSeq() <= seen {
					t.Errorf("seat %d: a new SeatConnected event has seq %d; seats had seen up to %d", m.seat, e.GetSeq(), seen)
				}
				if d := m.m.GetDecisionRequest(); d != nil {
					return m.seat, d
				}
			case <-timeout:
				t.Fatal("no decision request")
			}
		}
	}
	ch := read(s0, s1)
	leader, req := firstRequest(ch, 0)
	reqID := req.GetRequestId()
	if err := []*seatStream{s0, s1}[leader].stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: reqID, Choice: &pb.Decide_ActionId{ActionId: 1}}}}); err != nil {
		t.Fatal(err)
	}
	// Wait until the action is stored.
	deadline := time.Now().Add(5 * time.Second)
	for {
		act, err := st.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(act) == 1 && len(act[0].Actions) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("action not stored")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Seat 1 reconnects after the stored action: seat 0 sees SeatDisconnected and SeatConnected,
	// events that are not stored.
	if _, err := joinSeat(t, r1, id, 1, tokenOf(resp, 1), 0); err != nil {
		t.Fatal(err)
	}
	var seen uint64
	for seen == 0 {
		select {
		case m := <-ch:
			if e := m.m.GetEvent(); m.seat == 0 && e.GetSeatConnected() != nil && e.GetSeatConnected().GetSeat() == 1 {
				seen = e.GetSeq()
			}
		case <-time.After(5 * time.Second):
			t.Fatal("seat 0 did not see seat 1 reconnect")
		}
	}
	// "Crash": stop the referee (nothing more is written) and start another on the same store.
	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, nil)
	var again []*seatStream
	for seat := range 2 {
		ns, err := joinSeat(t, r2, id, seat, tokenOf(resp, seat), seen)
		if err != nil {
			t.Fatalf("seat %d resuming after seq %d (seen before the restart): %v", seat, seen, err)
		}
		again = append(again, ns)
	}
	if _, req := firstRequest(read(again...), seen); req.GetRequestId() <= reqID {
		t.Errorf("request id %d after the restart; request %d was issued before it", req.GetRequestId(), reqID)
	}
}

// rejoinEnded joins an ended table and returns the messages until the stream ends with OK.
func rejoinEnded(t *testing.T, r *referee, id string, seat int, token string) []*pb.ConnectResponse {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	stream, err := r.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: id, Seat: uint32(seat), Token: token, ProtocolVersion: ProtocolVersion}}}); err != nil {
		t.Fatal(err)
	}
	var out []*pb.ConnectResponse
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("rejoining ended table %s: %v", id, err)
		}
		out = append(out, m)
	}
}

// TestRejoinEndedTableGetsResult is the regression test of a crash-recovery bug: a bot whose game
// ended while it was away (the last action was stored, the referee died before telling the seats,
// and the recovered table finished at once) was refused on reconnecting (FailedPrecondition, or
// NotFound once the table had left memory) and never learned the result. It now gets the
// GameOver, from memory or from the stored record.
func TestRejoinEndedTableGetsResult(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, nil)
	resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(9)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	res, err := botsdk.Play(ctx, r1.botConfig(id, 0, tokenOf(resp, 0)), botsdk.NewRandom(1))
	if err != nil {
		t.Fatal(err)
	}
	check := func(where string, msgs []*pb.ConnectResponse) {
		t.Helper()
		if len(msgs) == 0 || msgs[len(msgs)-1].GetGameOver() == nil {
			t.Fatalf("%s: %d messages, the last not a GameOver", where, len(msgs))
		}
		if got := msgs[len(msgs)-1].GetGameOver().GetResult(); !proto.Equal(got, res) {
			t.Fatalf("%s: result %v, want %v", where, got, res)
		}
	}
	check("in memory", rejoinEnded(t, r1, id, 0, tokenOf(resp, 0)))
	r1.grpc.Stop()
	r1.srv.Close()
	r2 := startReferee(t, st, nil)
	check("after a restart", rejoinEnded(t, r2, id, 0, tokenOf(resp, 0)))
}

// TestRecoveredBeforeItsFirstAction: a game that started (every seat joined, the first decision
// asked for) but had no action stored when its referee stopped is recovered in play, as it was
// stored: it was recovered waiting for its seats, counted in bezique_tables{state="waiting"},
// liable to expire as a table nobody joined (--waiting-expiry), its seats' absence not played
// under its failure policy.
func TestRecoveredBeforeItsFirstAction(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r1 := startReferee(t, st, nil)
	resp, err := r1.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(9)})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	s, err := joinSeat(t, r1, id, 0, tokenOf(resp, 0), 0)
	if err != nil {
		t.Fatal(err)
	}
	s.until(func(m *pb.ConnectResponse) bool { return m.GetDecisionRequest() != nil })
	if got, err := r1.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id}); err != nil || got.GetTable().GetState() != pb.TableState_TABLE_STATE_PLAYING {
		t.Fatalf("before the restart: %v, %v; want it playing", got.GetTable().GetState(), err)
	}
	r1.grpc.Stop()
	r1.srv.Close()

	r2 := startReferee(t, st, nil)
	got, err := r2.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.GetTable().GetSeats()); got.GetTable().GetState() != pb.TableState_TABLE_STATE_PLAYING || n != 2 {
		t.Fatalf("after the restart: %v with %d seats; want it playing", got.GetTable().GetState(), n)
	}
	for state, want := range map[string]float64{TableWaiting: 0, TablePlaying: 1} {
		if g := testutil.ToFloat64(r2.srv.metrics.tables.WithLabelValues(state)); g != want {
			t.Errorf("after the restart: bezique_tables{state=%q} = %v, want %v", state, g, want)
		}
	}
}

// TestRecoveredTableNamesItsBots is the regression test of a record that lost a bot's name: the
// name and version a bot gives at Join were held in memory only, so a game recovered after a
// crash and ended without the bot joining again (auto-played on disconnect, or cancelled) was
// recorded with seat bot_name "". A clean-clone CI run saw it: a lobby bot's tournament game
// recorded with bot "" after a SIGKILL. The start of the game stores the seats' bots, and so
// does a rejoin that names another.
func TestRecoveredTableNamesItsBots(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	join := func(r *referee, id, token, version string) {
		t.Helper()
		cctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stream, err := r.seats.Connect(cctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: id, Token: token,
			ProtocolVersion: ProtocolVersion, BotName: "py-bot", BotVersion: version}}}); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := stream.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if m.GetDecisionRequest() != nil {
				return
			}
		}
	}
	bot := func(r *referee, id string) (string, string) {
		t.Helper()
		got, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		s := got.GetTable().GetSeats()[0]
		return s.GetBotName(), s.GetBotVersion()
	}
	restart := func(r *referee) *referee {
		r.grpc.Stop()
		r.srv.Close()
		return startReferee(t, st, nil)
	}

	r := startReferee(t, st, nil)
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(9)})
	if err != nil {
		t.Fatal(err)
	}
	id, token := resp.GetTableId(), tokenOf(resp, 0)
	join(r, id, token, "1")
	r = restart(r)
	if name, version := bot(r, id); name != "py-bot" || version != "1" {
		t.Fatalf("after a restart: seat 0's bot %q version %q; want py-bot 1", name, version)
	}
	join(r, id, token, "2")
	r = restart(r)
	if name, version := bot(r, id); name != "py-bot" || version != "2" {
		t.Fatalf("after a rejoin and a restart: seat 0's bot %q version %q; want py-bot 2", name, version)
	}
	if _, err := r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: id}); err != nil {
		t.Fatal(err)
	}
	rec, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.GetRecord().GetSeats()[0]; s.GetBotName() != "py-bot" || s.GetBotVersion() != "2" {
		t.Fatalf("the record's seat 0: bot %q version %q; want py-bot 2", s.GetBotName(), s.GetBotVersion())
	}
}
