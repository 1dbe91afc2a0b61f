package service

// Message order per seat stream, now that two goroutines send on it (the stream's writer and,
// after its own turn, its reader: conn.sendOwn): every seat and member gets the Welcome first,
// the events in seq order without gap or repeat, each decision request after the events it
// follows, nothing after the GameOver, and the stream ends with OK.
//
// FINDING (older than the turn: the actor's writer did it too): the writer sent a Ping after the
// GameOver when its ticker fired after the GameOver had been sent (by the reader, or by the writer
// itself before the connection was closed), and the stream then ended. A bot that reads on after
// the GameOver gets a Ping it cannot answer (docs/write-a-bot.md: GameOver comes "at the end").

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// orderBot is one seat member's bot for the order tests, driven message by message: it answers
// every decision request (a random legal action, the captain only), then, when junk is set, the
// same request again (a STALE_REQUEST rejection that races with the next moves); it answers
// pings; a non-captain member sends a team message per request. It checks the order of what it
// receives as it goes.
type orderBot struct {
	seat, member int
	play         bool // SeatService.Play and unary Decides rather than Connect
	batch, junk  bool
	token        string

	lastSeq    uint64
	welcomed   bool
	over       *pb.GameResult
	events     int
	requests   int
	rejections int
	pings      int
}

// check takes one message (a Batch's messages one by one) and returns the decision requests in it,
// or the first order violation.
func (b *orderBot) check(m *pb.ConnectResponse) ([]*pb.DecisionRequest, error) {
	if bt := m.GetBatch(); bt != nil {
		var reqs []*pb.DecisionRequest
		for _, mm := range bt.GetMessages() {
			rs, err := b.check(mm)
			if err != nil {
				return nil, err
			}
			reqs = append(reqs, rs...)
		}
		return reqs, nil
	}
	if b.over != nil {
		return nil, fmt.Errorf("%T after the GameOver", m.GetKind())
	}
	if w := m.GetWelcome(); w != nil {
		if b.welcomed {
			return nil, errors.New("a second Welcome")
		}
		b.welcomed, b.lastSeq = true, w.GetLastSeq()
		return nil, nil
	}
	if !b.welcomed {
		return nil, fmt.Errorf("%T before the Welcome", m.GetKind())
	}
	switch k := m.GetKind().(type) {
	case *pb.ConnectResponse_Event:
		if got := k.Event.GetSeq(); got != b.lastSeq+1 {
			return nil, fmt.Errorf("event seq %d after seq %d (%d events so far)", got, b.lastSeq, b.events)
		}
		b.lastSeq++
		b.events++
	case *pb.ConnectResponse_DecisionRequest:
		if k.DecisionRequest.GetSeq() > b.lastSeq {
			return nil, fmt.Errorf("request %d follows seq %d, before that event came (last seq %d)", k.DecisionRequest.GetRequestId(), k.DecisionRequest.GetSeq(), b.lastSeq)
		}
		b.requests++
		return []*pb.DecisionRequest{k.DecisionRequest}, nil
	case *pb.ConnectResponse_Rejection:
		if k.Rejection.GetCode() != pb.RejectionCode_REJECTION_CODE_STALE_REQUEST && k.Rejection.GetCode() != pb.RejectionCode_REJECTION_CODE_NOT_CAPTAIN {
			return nil, fmt.Errorf("rejection %v", k.Rejection)
		}
		b.rejections++
	case *pb.ConnectResponse_Ping:
		b.pings++
	case *pb.ConnectResponse_GameOver:
		b.over = k.GameOver.GetResult()
	}
	return nil, nil
}

// run plays the bot's stream to its end and returns the first violation, or an error when the
// stream did not end with OK right after a GameOver.
func (b *orderBot) run(ctx context.Context, r *referee, tableID string) error {
	join := &pb.Join{TableId: tableID, Seat: uint32(b.seat), Member: uint32(b.member), Token: b.token, BotName: "order", BotVersion: "1",
		ProtocolVersion: ProtocolVersion, Batch: b.batch}
	rng := rand.New(rand.NewPCG(uint64(b.seat), uint64(b.member)))
	var recv func() (*pb.ConnectResponse, error)
	var send func(*pb.ConnectRequest) error
	if b.play {
		stream, err := r.seats.Play(ctx, &pb.PlayRequest{Join: join})
		if err != nil {
			return err
		}
		recv = func() (*pb.ConnectResponse, error) {
			m, err := stream.Recv()
			return m.GetMessage(), err
		}
		send = func(m *pb.ConnectRequest) error {
			if m.GetDecide() == nil {
				return nil // no pongs nor team messages over Play
			}
			_, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: tableID, Seat: uint32(b.seat), Member: uint32(b.member), Token: b.token, Decide: m.GetDecide()})
			if status.Code(err) == codes.FailedPrecondition {
				return nil // the game ended on the first answer: the stream is gone; the GameOver comes
			}
			return err
		}
	} else {
		stream, err := r.seats.Connect(ctx)
		if err != nil {
			return err
		}
		recv = stream.Recv
		send = func(m *pb.ConnectRequest) error {
			if err := stream.Send(m); !errors.Is(err, io.EOF) {
				return err
			}
			return nil // the stream has ended: Recv says how
		}
		if err := send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: join}}); err != nil {
			return err
		}
	}
	for {
		m, err := recv()
		if errors.Is(err, io.EOF) {
			if b.over == nil {
				return errors.New("the stream ended with OK before a GameOver")
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("stream: %w (after %d events, game over: %v)", err, b.events, b.over != nil)
		}
		reqs, err := b.check(m)
		if err != nil {
			return err
		}
		if p := m.GetPing(); p != nil {
			if err := send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Pong{Pong: &pb.Pong{Nonce: p.GetNonce()}}}); err != nil {
				return err
			}
		}
		for _, req := range reqs {
			if b.member != 0 {
				text := fmt.Sprintf("request %d", req.GetRequestId())
				if err := send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_TeamMessage{TeamMessage: &pb.TeamMessage{Text: text}}}); err != nil {
					return err
				}
				continue
			}
			legal := req.GetLegalActions()
			d := &pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: req.GetRequestId(),
				Choice: &pb.Decide_ActionId{ActionId: legal[rng.IntN(len(legal))].GetActionId()}}}}
			for range 1 + b2i(b.junk) {
				if err := send(d); err != nil {
					return err
				}
			}
		}
	}
}

// playOrdered plays a table's remote seats with bots and fails the test on any order violation;
// it returns the bots.
func playOrdered(t *testing.T, r *referee, resp *pb.CreateTableResponse, bots []*orderBot) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, len(bots))
	for i, b := range bots {
		b.token = tokenOf(resp, b.seat)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = b.run(ctx, r, resp.GetTableId())
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("seat %d member %d (play %v, batch %v, junk %v): %v", bots[i].seat, bots[i].member, bots[i].play, bots[i].batch, bots[i].junk, err)
		}
	}
}

// TestSeatOrder plays whole games with every kind of seat stream at one table, pings every
// millisecond, and each captain answering every request twice; a spectator watches the
// two-handed games (every event once, in seq order, as many as the seats got).
func TestSeatOrder(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	fast := func(c *Config) { c.PingInterval = time.Millisecond }
	t.Run("two-handed", func(t *testing.T) {
		for g := range games {
			for _, kinds := range [][2]*orderBot{
				{{seat: 0, batch: true, junk: true}, {seat: 1, junk: true}},
				{{seat: 0, junk: true}, {seat: 1, play: true, junk: true}},
				{{seat: 0, batch: true, play: true}, {seat: 1, batch: true, junk: true}},
			} {
				r := startReferee(t, nil, fast)
				resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(byte(g + 1))})
				spectate := r.watch(t, resp.GetTableId())
				playOrdered(t, r, resp, kinds[:])
				if a, b := kinds[0], kinds[1]; a.lastSeq != b.lastSeq || a.over == nil || b.over == nil {
					t.Fatalf("game %d: the seats' last seqs %d and %d, results %v and %v", g, a.lastSeq, b.lastSeq, a.over, b.over)
				}
				evs, err := spectate()
				if err != nil {
					t.Fatalf("spectator: %v", err)
				}
				for i, e := range evs {
					if e.GetSeq() != uint64(i+1) {
						t.Fatalf("spectator: event %d has seq %d", i+1, e.GetSeq())
					}
				}
				if uint64(len(evs)) != kinds[0].lastSeq {
					t.Fatalf("spectator: %d events, the seats %d", len(evs), kinds[0].lastSeq)
				}
			}
		}
	})
	t.Run("team", func(t *testing.T) {
		for g := range games {
			r := startReferee(t, nil, fast)
			req := teamTable(pb.TeamPolicy_TEAM_POLICY_CAPTAIN)
			req.Seed = seed32(byte(g + 1))
			resp := r.create(t, req)
			bots := []*orderBot{{seat: 0, member: 0, batch: true, junk: true}, {seat: 0, member: 1, batch: true}, {seat: 1, junk: true}}
			playOrdered(t, r, resp, bots)
			for _, b := range bots {
				if b.lastSeq != bots[2].lastSeq || b.over == nil {
					t.Fatalf("game %d: seat %d member %d ended at seq %d (seat 1 at %d), result %v", g, b.seat, b.member, b.lastSeq, bots[2].lastSeq, b.over)
				}
			}
		}
	})
}
