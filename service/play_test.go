package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPlayAndDecide plays a whole two-handed game from a seat held through Play (the server
// stream a browser can open), answering every decision request with the unary Decide, against
// the built-in random bot; and checks Decide's refusals.
func TestPlayAndDecide(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(3)})
	if err != nil {
		t.Fatal(err)
	}
	id, token := resp.GetTableId(), tokenOf(resp, 0)
	decide := func(seat uint32, token string, requestID uint64, actionID uint32) error {
		_, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: id, Seat: seat, Token: token,
			Decide: &pb.Decide{RequestId: requestID, Choice: &pb.Decide_ActionId{ActionId: actionID}}})
		return err
	}
	for _, c := range []struct {
		name string
		err  error
		code codes.Code
	}{
		{"no stream yet", decide(0, token, 1, 1), codes.FailedPrecondition},
		{"wrong token", decide(0, "nope", 1, 1), codes.PermissionDenied},
		{"built-in seat", decide(1, token, 1, 1), codes.PermissionDenied},
		{"seat out of range", decide(2, token, 1, 1), codes.InvalidArgument},
	} {
		if status.Code(c.err) != c.code {
			t.Fatalf("%s: %v, want %v", c.name, c.err, c.code)
		}
	}
	if _, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: "t-nope", Decide: &pb.Decide{Choice: &pb.Decide_ActionId{ActionId: 1}}}); status.Code(err) != codes.NotFound {
		t.Fatalf("unknown table: %v", err)
	}

	stream, err := r.seats.Play(ctx, &pb.PlayRequest{Join: &pb.Join{TableId: id, Seat: 0, Token: token, BotName: "browser", ProtocolVersion: ProtocolVersion}})
	if err != nil {
		t.Fatal(err)
	}
	var welcomed, staleRejected bool
	decisions := 0
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			t.Fatal("stream ended without GameOver")
		}
		if err != nil {
			t.Fatal(err)
		}
		switch k := m.GetMessage().GetKind().(type) {
		case *pb.ConnectResponse_Welcome:
			welcomed = k.Welcome.GetTableId() == id && k.Welcome.GetSeat() == 0
		case *pb.ConnectResponse_Ping:
			t.Fatal("Play sent a Ping")
		case *pb.ConnectResponse_Rejection:
			if k.Rejection.GetCode() != pb.RejectionCode_REJECTION_CODE_STALE_REQUEST || k.Rejection.GetRequestId() != 999999 {
				t.Fatalf("rejection %v", k.Rejection)
			}
			staleRejected = true
		case *pb.ConnectResponse_DecisionRequest:
			if decisions == 0 { // a stale request id first: rejected on the stream, the request stays open
				if err := decide(0, token, 999999, 1); err != nil {
					t.Fatal(err)
				}
				// A decision without an action, or one that does not read (a card by its text), is
				// refused at once, costing no strike: on the stream it was a MALFORMED rejection
				// and a strike, three of which played the human's card (an integrator's trial).
				rid := k.DecisionRequest.GetRequestId()
				for _, c := range []struct {
					d    *pb.Decide
					want string
				}{
					{&pb.Decide{RequestId: rid}, "decide: set action_id or action"},
					{&pb.Decide{RequestId: rid, Choice: &pb.Decide_Action{Action: &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{Card: &pb.Card{Text: "KSb"}}}}}},
						`decide: action.play.card: id 0 is 7Sa, which its other fields (text "KSb", suit SUIT_UNSPECIFIED, rank RANK_UNSPECIFIED, copy 0) do not name: a card is sent by its id alone`},
				} {
					_, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: id, Seat: 0, Token: token, Decide: c.d})
					if status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != c.want {
						t.Fatalf("Decide %v: %v; want InvalidArgument %q", c.d, err, c.want)
					}
				}
			}
			decisions++
			if err := decide(0, token, k.DecisionRequest.GetRequestId(), k.DecisionRequest.GetLegalActions()[0].GetActionId()); err != nil {
				t.Fatal(err)
			}
		case *pb.ConnectResponse_GameOver:
			if !welcomed || !staleRejected || decisions < 10 {
				t.Fatalf("welcomed %v, stale decision rejected %v, %d decisions", welcomed, staleRejected, decisions)
			}
			if got := k.GameOver.GetResult().GetOutcome(); got != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("outcome %v", got)
			}
			if _, err := stream.Recv(); !errors.Is(err, io.EOF) {
				t.Fatalf("after GameOver: %v, want the end of the stream", err)
			}
			// A Decide once the game has ended says so (it said to open a stream first).
			want := fmt.Sprintf("table %s has ended (TABLE_STATE_FINISHED): no decision is open; the seat's stream (Play, Connect) ends with its result, as it does when opened again", id)
			if err := decide(0, token, 1, 1); status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != want {
				t.Fatalf("Decide after the game's end: %v; want FailedPrecondition %q", err, want)
			}
			// As it says, a seat's stream opened again ends with the result (it pointed at
			// GetRecord, which a seat's token cannot read: an integrator's trial).
			again, err := r.seats.Play(ctx, &pb.PlayRequest{Join: &pb.Join{TableId: id, Seat: 0, Token: token, BotName: "browser", ProtocolVersion: ProtocolVersion}})
			if err != nil {
				t.Fatal(err)
			}
			var over *pb.GameOver
			for over == nil {
				m, err := again.Recv()
				if err != nil {
					t.Fatalf("Play after the game's end: %v before GameOver", err)
				}
				over = m.GetMessage().GetGameOver()
			}
			if !proto.Equal(over.GetResult(), k.GameOver.GetResult()) {
				t.Fatalf("Play after the game's end: result %v, want %v", over.GetResult(), k.GameOver.GetResult())
			}
			return
		}
	}
}

// TestDecideFallbackRecorded: answers a seat's SDK sent for its bot (Decide.fallback: the bot's
// decide missed its deadline, failed, or chose no legal action) are applied as any answer, kept
// in the record (RecordedAction.fallback) and counted apart from the bot's own decisions in a
// tournament result (SeatStats.Fallbacks): a bot author's match counted 754 such moves as the
// bot's own, with no trace in the standings (a new bot author's trial).
func TestDecideFallbackRecorded(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Seed: seed32(4)})
	if err != nil {
		t.Fatal(err)
	}
	id, token := resp.GetTableId(), tokenOf(resp, 0)
	stream, err := r.seats.Play(ctx, &pb.PlayRequest{Join: &pb.Join{TableId: id, Seat: 0, Token: token, BotName: "py", ProtocolVersion: ProtocolVersion}})
	if err != nil {
		t.Fatal(err)
	}
	decisions, fallbacks := 0, 0
	for over := false; !over; {
		m, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		switch k := m.GetMessage().GetKind().(type) {
		case *pb.ConnectResponse_DecisionRequest:
			fallback := decisions%3 == 0
			if fallback {
				fallbacks++
			}
			decisions++
			if _, err := r.seats.Decide(ctx, &pb.DecideRequest{TableId: id, Seat: 0, Token: token, Decide: &pb.Decide{RequestId: k.DecisionRequest.GetRequestId(),
				Choice: &pb.Decide_ActionId{ActionId: k.DecisionRequest.GetLegalActions()[0].GetActionId()}, Fallback: fallback}}); err != nil {
				t.Fatal(err)
			}
		case *pb.ConnectResponse_GameOver:
			over = true
		}
	}
	got, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	recorded := 0
	for _, a := range got.GetRecord().GetActions() {
		if a.GetFallback() {
			if a.GetSeat() != 0 || a.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
				t.Fatalf("fallback recorded on %v", a)
			}
			recorded++
		}
	}
	st := ResultFromRecord(0, got.GetRecord()).Seats[0]
	if recorded != fallbacks || st.Fallbacks != fallbacks || st.Decisions != decisions-fallbacks || fallbacks < 5 {
		t.Fatalf("%d answers, %d of them fallbacks; recorded %d fallbacks, result %+v", decisions, fallbacks, recorded, st)
	}
}

// TestGoSDKFallsBackForItsBot: the Go SDK answers the first legal action, marked Decide.fallback,
// when its bot returns an error or an action_id no legal action has, as the Python and Node SDKs
// do. Before, an error left the request open until on_timeout applied and an illegal id drew a
// strike, so under forfeit policies (strike limit 1, 2 s a decision) the bot lost the game (a bot
// author's trial); now the game completes and the record marks every one of them.
func TestGoSDKFallsBackForItsBot(t *testing.T) {
	r := startReferee(t, nil, quiet)
	forfeit := pb.FailureAction_FAILURE_ACTION_FORFEIT
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(6),
		Seats:         []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")},
		Clock:         &pb.Clock{DecisionMs: 2000},
		FailurePolicy: &pb.FailurePolicy{OnTimeout: forfeit, OnIllegal: forfeit, StrikeLimit: 1}})
	decisions, bad := 0, 0
	rnd := botsdk.NewRandom(2)
	bot := botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		decisions++
		switch decisions % 7 {
		case 1:
			bad++
			return 0, errors.New("no idea")
		case 4:
			bad++
			return 999, nil
		}
		return rnd.Decide(ctx, req)
	})
	cfg := r.botConfig(resp.GetTableId(), 0, tokenOf(resp, 0))
	logged := &logRecords{}
	cfg.Logger = slog.New(logged)
	res, err := botsdk.Play(context.Background(), cfg, bot)
	if err != nil {
		t.Fatal(err)
	}
	if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("outcome %v (%s), want completed", res.GetOutcome(), res.GetReason())
	}
	fallbacks := r.recordedFallbacks(t, resp.GetTableId())
	if fallbacks != bad || bad < 10 {
		t.Fatalf("%d fallbacks recorded, want %d (of %d decisions)", fallbacks, bad, decisions)
	}
	// The 1st, 2nd, 4th, 8th... failures are logged: a line each filled a bot's log (a bot
	// author's trial, with the Python SDK).
	var got, want []int64
	for _, rec := range logged.records {
		rec.Attrs(func(a slog.Attr) bool {
			if a.Key == "failures_so_far" {
				got = append(got, a.Value.Int64())
			}
			return true
		})
	}
	for n := 1; n <= bad; n *= 2 {
		want = append(want, int64(n))
	}
	if !slices.Equal(got, want) {
		t.Errorf("failures logged at %v, want %v (of %d)", got, want, bad)
	}
}

// TestGoSDKSurvivesABotPanic: a Go bot whose Decide panics is answered for with the first legal
// action (Decide.fallback), as a bot that returns an error is, and the game goes on: the panic
// ended the bot's process and every game it played (an integrator's trial).
func TestGoSDKSurvivesABotPanic(t *testing.T) {
	r := startReferee(t, nil, quiet)
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(7),
		Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")}, Options: map[string]string{"target": "300"}})
	decisions, panics := 0, 0
	rnd := botsdk.NewRandom(3)
	bot := botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
		if decisions++; decisions%5 == 2 {
			panics++
			panic("deliberate")
		}
		return rnd.Decide(ctx, req)
	})
	cfg := r.botConfig(resp.GetTableId(), 0, tokenOf(resp, 0))
	cfg.Logger = slog.New(slog.DiscardHandler)
	res, err := botsdk.Play(context.Background(), cfg, bot)
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Play: %v, %v; want the game completed", res, err)
	}
	fallbacks := r.recordedFallbacks(t, resp.GetTableId())
	if fallbacks != panics || panics < 3 {
		t.Fatalf("%d fallbacks recorded, want one per panic (%d)", fallbacks, panics)
	}
}

// recordedFallbacks returns how many actions of table id's record its SDK answered for its bot
// (RecordedAction.fallback).
func (r *referee) recordedFallbacks(t *testing.T, id string) int {
	t.Helper()
	got, err := r.tables.GetRecord(context.Background(), &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range got.GetRecord().GetActions() {
		if a.GetFallback() {
			n++
		}
	}
	return n
}
