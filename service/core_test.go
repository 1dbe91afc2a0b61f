package service

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// newCore returns a referee's core with no gRPC server, closed when the test ends.
func newCore(t testing.TB, cfg Config) *Referee {
	t.Helper()
	cfg.Metrics = NewMetrics(prometheus.NewRegistry())
	r, err := NewReferee(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// endedResults collects what Config.OnTableEnded is told.
type endedResults struct {
	mu  sync.Mutex
	got map[string]*pb.GameResult
}

func (e *endedResults) add(id string, res *pb.GameResult) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.got[id] = res
}

func (e *endedResults) of(id string) *pb.GameResult {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.got[id]
}

// TestWholeGamesInProcess plays whole two- and four-handed games between built-in bots through
// the core, without gRPC: create, await the result, read the record, watch the history. The
// result equals the record's, the record replays through the engine, and OnTableEnded was told
// the same result.
func TestWholeGamesInProcess(t *testing.T) {
	ended := &endedResults{got: map[string]*pb.GameResult{}}
	r := newCore(t, Config{OnTableEnded: ended.add})
	cases := []struct {
		name  string
		req   *pb.CreateTableRequest
		sides int
	}{
		{"two-handed", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random")}, Seed: seed32(11)}, 2},
		{"four-handed", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random"), builtinSeat("rulebook"), builtinSeat("random")}, Seed: seed32(12)}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			resp, err := r.CreateTable(ctx, c.req)
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.GetSeatTokens()) != 0 {
				t.Fatalf("%d seat tokens for built-in seats only", len(resp.GetSeatTokens()))
			}
			id := resp.GetTableId()
			res, err := r.Await(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED || len(res.GetScores()) != c.sides {
				t.Fatalf("result %v", res)
			}
			rec, err := r.GetRecord(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !proto.Equal(res, rec.GetResult()) {
				t.Fatalf("Await says %v, the record %v", res, rec.GetResult())
			}
			if got := ended.of(id); !proto.Equal(got, res) {
				t.Fatalf("OnTableEnded was told %v, Await says %v", got, res)
			}
			rp, err := wire.ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := rp.Verify(rec); err != nil {
				t.Fatal(err)
			}
			if int(res.GetWinnerSide()) != rp.Game.Winner() {
				t.Fatalf("winner side %d, the replay says %d", res.GetWinnerSide(), rp.Game.Winner())
			}
			ti, err := r.GetTable(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if ti.GetState() != pb.TableState_TABLE_STATE_FINISHED || !proto.Equal(ti.GetResult(), res) {
				t.Fatalf("table state %v, result %v", ti.GetState(), ti.GetResult())
			}
			var seqs []uint64
			if err := r.WatchTable(ctx, id, 0, 0, func(e *SpectatorEvent) error {
				if e.Clock != nil {
					return nil // a clock report: no event
				}
				seqs = append(seqs, e.Event.GetSeq())
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if uint64(len(seqs)) != ti.GetLastSeq() {
				t.Fatalf("watched %d events, the table's last seq is %d", len(seqs), ti.GetLastSeq())
			}
			for i, seq := range seqs {
				if seq != uint64(i+1) {
					t.Fatalf("event %d has seq %d", i, seq)
				}
			}
		})
	}
}

// TestAwait checks Await for a table that has ended in memory (at once, even with a context that
// has ended), for a waiting table that is cancelled while awaited, for a table recovered from the
// store, for an ended table read back from the store, and after Close.
func TestAwait(t *testing.T) {
	ctx := context.Background()
	done, cancel := context.WithCancel(ctx)
	cancel()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ended := &endedResults{got: map[string]*pb.GameResult{}}
	r := newCore(t, Config{Store: st, OnTableEnded: ended.add})

	t.Run("ended", func(t *testing.T) {
		resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(21)})
		if err != nil {
			t.Fatal(err)
		}
		first, err := r.Await(ctx, resp.GetTableId())
		if err != nil {
			t.Fatal(err)
		}
		again, err := r.Await(done, resp.GetTableId())
		if err != nil || again != first {
			t.Fatalf("Await of an ended table: %v, %v; want %v", again, err, first)
		}
	})

	t.Run("cancelled", func(t *testing.T) {
		resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(22)})
		if err != nil {
			t.Fatal(err)
		}
		id := resp.GetTableId()
		if _, err := r.Await(done, id); err != context.Canceled {
			t.Fatalf("Await of a waiting table with an ended context: %v", err)
		}
		got := make(chan *pb.GameResult, 1)
		go func() {
			res, err := r.Await(ctx, id)
			if err != nil {
				t.Error(err)
			}
			got <- res
		}()
		ti, err := r.CancelTable(ctx, id, "")
		if err != nil {
			t.Fatal(err)
		}
		want := &pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED, Scores: wire.ScoresToProto(nil, []int{0, 0}), Deals: 1, Reason: "cancelled by request", AutoPlayed: []uint32{0, 0}}
		if res := <-got; !proto.Equal(res, want) || !proto.Equal(ti.GetResult(), want) || !proto.Equal(ended.of(id), want) {
			t.Fatalf("Await %v, CancelTable %v, OnTableEnded %v; want %v", res, ti.GetResult(), ended.of(id), want)
		}
		if _, err := r.CancelTable(ctx, id, ""); !errors.Is(err, ErrEnded) || err.Error() != "table "+id+" is cancelled" {
			t.Fatalf("cancelling again: %v", err)
		}
	})

	t.Run("recovered and stored", func(t *testing.T) {
		resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: seed32(23)})
		if err != nil {
			t.Fatal(err)
		}
		id := resp.GetTableId()
		r.Close()
		if _, err := r.Await(ctx, id); !errors.Is(err, ErrStopped) {
			t.Fatalf("Await after Close: %v", err)
		}
		r2 := newCore(t, Config{Store: st, OnTableEnded: ended.add}) // recovers the waiting table
		got := make(chan *pb.GameResult, 1)
		go func() {
			res, err := r2.Await(ctx, id)
			if err != nil {
				t.Error(err)
			}
			got <- res
		}()
		if _, err := r2.CancelTable(ctx, id, "the tournament is over"); err != nil {
			t.Fatal(err)
		}
		want := &pb.GameResult{Outcome: pb.Outcome_OUTCOME_CANCELLED, Scores: wire.ScoresToProto(nil, []int{0, 0}), Deals: 1, Reason: "the tournament is over", AutoPlayed: []uint32{0, 0}}
		if res := <-got; !proto.Equal(res, want) || !proto.Equal(ended.of(id), want) {
			t.Fatalf("Await %v, OnTableEnded %v; want %v", res, ended.of(id), want)
		}
		r2.Close()
		r3 := newCore(t, Config{Store: st}) // the ended table is only in the store
		res, err := r3.Await(ctx, id)
		if err != nil || !proto.Equal(res, want) {
			t.Fatalf("Await of a stored table: %v, %v; want %v", res, err, want)
		}
		if ti, err := r3.GetTable(ctx, id); err != nil || !proto.Equal(ti.GetResult(), want) {
			t.Fatalf("GetTable of a stored table: result %v, %v; want the record's %v", ti.GetResult(), err, want)
		}
		if _, err := r3.Await(ctx, "t-unknown"); !errors.Is(err, ErrNotFound) || err.Error() != `table "t-unknown" not found` {
			t.Fatalf("Await of an unknown table: %v", err)
		}
		if err := r3.WatchTable(ctx, id, 0, 0, func(*SpectatorEvent) error { return nil }); !errors.Is(err, ErrEnded) {
			t.Fatalf("WatchTable of a stored table: %v", err)
		}
	})
}

// TestCoreErrors checks the core's plain errors for bad input, draining and the table limit,
// and the one table that maps them to gRPC codes.
func TestCoreErrors(t *testing.T) {
	ctx := context.Background()
	r := newCore(t, Config{MaxTables: 1})
	_, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(3)})
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "seats" || fe.Reason != "3 seats given; two-handed needs 2" {
		t.Fatalf("three seats at a two-handed table: %v", err)
	}
	_, err = r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2),
		StackedDeal: &pb.StackedDeal{TurnUp: "XX"}})
	if !errors.As(err, &fe) || fe.Field != "stacked_deal.turn_up" {
		t.Fatalf("a bad stacked deal: %v", err)
	}
	if _, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}); err != nil {
		t.Fatal(err)
	}
	// The count before its name: "1 tables waiting or in play" (a docs audit).
	if _, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}); !errors.Is(err, ErrTableLimit) ||
		err.Error() != "tables waiting or in play: 1, the limit (--max-tables)" {
		t.Fatalf("beyond MaxTables: %v", err)
	}
	if err := r.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}); !errors.Is(err, ErrDraining) {
		t.Fatalf("while draining: %v", err)
	}
	if _, err := r.GetTable(ctx, "t-none"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetTable of an unknown table: %v", err)
	}

	for _, c := range []struct {
		err   error
		code  codes.Code
		msg   string
		retry time.Duration // of its RetryInfo, as the SDKs read it
	}{
		{invalid("seats[0]", "set remote or builtin"), codes.InvalidArgument, "seats[0]: set remote or builtin", 0},
		{errorf(ErrNotFound, "table %q not found", "t-1"), codes.NotFound, `table "t-1" not found`, 0},
		{errorf(ErrDraining, "draining"), codes.Unavailable, "draining", time.Second}, // another referee, or this one restarted
		{errorf(ErrTableLimit, "limit"), codes.ResourceExhausted, "limit", 0},
		{errorf(ErrEnded, "ended"), codes.FailedPrecondition, "ended", 0},
		{errorf(ErrNotEnded, "in play"), codes.FailedPrecondition, "in play", 0},
		{errorf(ErrStopped, "stopped"), codes.Unavailable, "stopped", time.Second},
		{errorf(ErrQueueFull, "full"), codes.ResourceExhausted, "full", 0},
		{errorf(ErrMoving, "moving"), codes.Unavailable, "moving", time.Second}, // the takeover round
		{fmt.Errorf("lease: %w", store.ErrLeaseLost), codes.Unavailable, "lease: " + store.ErrLeaseLost.Error(), time.Second},
		{fmt.Errorf("closing: %w", store.ErrClosed), codes.Unavailable, "closing: " + store.ErrClosed.Error(), time.Second},
		{fmt.Errorf("out of reach: %w: failed to connect to `user=postgres database=bezique`: 10.0.0.5:5432: connection refused", store.ErrUnavailable), codes.Unavailable,
			"out of reach: store: unavailable (the referee's database cannot be reached or written now; try again)", time.Second}, // the driver's words left out
		{store.ErrConflict, codes.AlreadyExists, "store: conflict", 0},
		{context.Canceled, codes.Canceled, "context canceled", 0},
		{context.DeadlineExceeded, codes.DeadlineExceeded, "context deadline exceeded", 0},
		{status.Error(codes.Aborted, "superseded"), codes.Aborted, "superseded", 0},
		{errors.New("boom"), codes.Internal, "boom", 0},
	} {
		st := status.Convert(statusOf(c.err))
		if retry := botsdk.RetryDelay(st.Err()); st.Code() != c.code || st.Message() != c.msg || retry != c.retry {
			t.Errorf("statusOf(%v) = %v %q, RetryInfo %v; want %v %q, %v", c.err, st.Code(), st.Message(), retry, c.code, c.msg, c.retry)
		}
	}
	if statusOf(nil) != nil {
		t.Error("statusOf(nil) is not nil")
	}
}
