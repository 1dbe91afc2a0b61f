package service

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// endedGame is a referee that keeps one ended table in memory (Config.KeepFinished 1, over a
// memory store that keeps every table) with a two-handed game that a remote bot at seat 1 has
// played to its end: the table is still in memory.
type endedGame struct {
	r       *referee
	resp    *pb.CreateTableResponse
	lastSeq uint64 // the last event's seq, as the bot saw it
	evicted atomic.Bool
}

func newEndedGame(t *testing.T) *endedGame {
	t.Helper()
	g := &endedGame{r: startReferee(t, store.NewMemory(store.DefaultKeepEnded), func(c *Config) { quiet(c); c.KeepFinished = 1 })}
	g.resp = g.r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("random"), remoteSeats(1)[0]}, Seed: seed32(11)})
	cfg := g.r.botConfig(g.id(), 1, tokenOf(g.resp, 1))
	cfg.OnEvent = func(e *pb.Event) { g.lastSeq = e.GetSeq() }
	if _, err := botsdk.Play(context.Background(), cfg, botsdk.NewRandom(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := g.r.srv.table(g.id()); err != nil {
		t.Fatalf("the ended table is not in memory: %v", err)
	}
	// The table sends the GameOver before it joins the referee's ended tables (tableEnded): a
	// game that ended in between joined them first, and the eviction took it rather than this
	// table, which stayed in memory (1 run in 20 failed so, in CI too).
	ref := g.r.srv.Referee
	for deadline := time.Now().Add(waitFor); ; time.Sleep(time.Millisecond) {
		ref.mu.Lock()
		ended := slices.ContainsFunc(ref.finished, func(tb *table) bool { return tb.id == g.id() })
		ref.mu.Unlock()
		if ended {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table is not among the referee's ended tables %v after its GameOver", waitFor)
		}
	}
	return g
}

func (g *endedGame) id() string { return g.resp.GetTableId() }

// evictOnLookup makes the next lookup of the ended table (Referee.table) evict it before the
// caller takes the table's turn: another game, of built-in bots, ends in between, and the table,
// now the oldest ended one beyond KeepFinished, leaves memory (its goroutine returns), as it does
// when a game ends elsewhere at that moment.
func (g *endedGame) evictOnLookup(t *testing.T) {
	ref := g.r.srv.Referee
	ref.mu.Lock()
	defer ref.mu.Unlock()
	ref.lookedUp = func(tb *table) {
		if tb.id != g.id() || g.evicted.Swap(true) {
			return
		}
		if _, err := ref.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(12)}); err != nil {
			t.Errorf("CreateTable: %v", err)
			return
		}
		select {
		case <-tb.done:
		case <-time.After(waitFor):
			t.Errorf("table %s still runs %v after another game ended with KeepFinished 1", tb.id, waitFor)
		}
	}
}

// answer is what a call returned: its messages and its status.
type answer struct {
	msgs []proto.Message
	err  error
}

// TestEndedTableEvictedDuringCall: a call about an ended table that leaves memory between the
// lookup of the table and its turn (evictOnLookup) gets the answer that the same call gets once
// the table has left memory, for every call that takes an in-memory table's turn: before, each
// got Unavailable "table … has stopped" (ErrStopped).
func TestEndedTableEvictedDuringCall(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		want codes.Code // the status once the table has left memory
		call func(t *testing.T, g *endedGame) answer
	}{
		{"GetRecord", codes.OK, func(t *testing.T, g *endedGame) answer {
			resp, err := g.r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: g.id()})
			return answer{[]proto.Message{resp}, err}
		}},
		{"GetTable", codes.OK, func(t *testing.T, g *endedGame) answer {
			resp, err := g.r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: g.id()})
			return answer{[]proto.Message{resp}, err}
		}},
		{"ListTables", codes.OK, func(t *testing.T, g *endedGame) answer {
			resp, err := g.r.tables.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_FINISHED})
			var a answer
			for _, ti := range resp.GetTables() { // the other game's table too, once it has ended
				if ti.GetTableId() == g.id() {
					a.msgs = append(a.msgs, ti)
				}
			}
			a.err = err
			return a
		}},
		{"CancelTable", codes.FailedPrecondition, func(t *testing.T, g *endedGame) answer {
			resp, err := g.r.tables.CancelTable(ctx, &pb.CancelTableRequest{TableId: g.id()})
			return answer{[]proto.Message{resp}, err}
		}},
		{"WatchTable", codes.FailedPrecondition, func(t *testing.T, g *endedGame) answer {
			stream, err := g.r.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: g.id()})
			if err != nil {
				return answer{err: err}
			}
			var a answer
			for {
				m, err := stream.Recv()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						a.err = err
					}
					return a
				}
				a.msgs = append(a.msgs, m)
			}
		}},
		{"Connect resume_after_seq", codes.OK, func(t *testing.T, g *endedGame) answer {
			s := g.r.join(t, g.resp, 1, g.lastSeq-5)
			err := s.finalStatus()
			var a answer
			for _, m := range s.all {
				a.msgs = append(a.msgs, m)
			}
			a.err = err
			return a
		}},
		{"Decide", codes.FailedPrecondition, func(t *testing.T, g *endedGame) answer {
			resp, err := g.r.seats.Decide(ctx, &pb.DecideRequest{TableId: g.id(), Seat: 1, Token: tokenOf(g.resp, 1),
				Decide: &pb.Decide{RequestId: 1, Choice: &pb.Decide_ActionId{ActionId: 1}}})
			return answer{[]proto.Message{resp}, err}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newEndedGame(t)
			g.evictOnLookup(t)
			raced := tc.call(t, g)
			if !g.evicted.Load() {
				t.Fatal("the call did not look the table up: nothing was evicted")
			}
			if _, err := g.r.srv.table(g.id()); err == nil {
				t.Fatal("the table is still in memory")
			}
			later := tc.call(t, g)
			if status.Code(later.err) != tc.want {
				t.Fatalf("once evicted: %v, want %v", later.err, tc.want)
			}
			if status.Code(raced.err) != status.Code(later.err) || status.Convert(raced.err).Message() != status.Convert(later.err).Message() {
				t.Fatalf("evicted during the call: %v; once evicted: %v", raced.err, later.err)
			}
			if len(raced.msgs) != len(later.msgs) {
				t.Fatalf("evicted during the call: %d messages; once evicted: %d", len(raced.msgs), len(later.msgs))
			}
			for i := range raced.msgs {
				if !proto.Equal(raced.msgs[i], later.msgs[i]) {
					t.Fatalf("message %d: evicted during the call %v; once evicted %v", i, raced.msgs[i], later.msgs[i])
				}
			}
		})
	}
}

// TestEndedTableShutdownStaysStopped: only an ended table that leaves memory is answered from the
// store; one that stops with the referee's shutdown keeps ErrStopped (Unavailable).
func TestEndedTableShutdownStaysStopped(t *testing.T) {
	g := newEndedGame(t)
	g.r.srv.Close()
	_, err := g.r.tables.GetRecord(context.Background(), &pb.GetRecordRequest{TableId: g.id()})
	if want := "table " + g.id() + " has stopped"; status.Code(err) != codes.Unavailable || status.Convert(err).Message() != want {
		t.Fatalf("GetRecord after the referee's shutdown: %v, want Unavailable %q", err, want)
	}
}

// TestBuiltinSeatsConnected: a built-in seat is connected whatever the table's state, as
// SeatInfo.connected says, in memory (a table waiting for its remote seat) and from the store
// (the ended table once it has left memory); a remote seat is connected only while its bot is.
func TestBuiltinSeatsConnected(t *testing.T) {
	ctx := context.Background()
	r := startReferee(t, nil, quiet)
	waiting := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtinSeat("random"), remoteSeats(1)[0]}})
	got, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: waiting.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	if s := got.GetTable().GetSeats(); !s[0].GetConnected() || s[1].GetConnected() {
		t.Fatalf("waiting table: seats connected %v, %v; want true (built-in), false (remote, not joined)", s[0].GetConnected(), s[1].GetConnected())
	}

	g := newEndedGame(t)
	g.evictOnLookup(t)
	_, _ = g.r.srv.table(g.id()) // evicts it
	stored, err := g.r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: g.id()})
	if err != nil {
		t.Fatal(err)
	}
	if s := stored.GetTable().GetSeats(); !s[0].GetConnected() || s[1].GetConnected() {
		t.Fatalf("ended table from the store: seats connected %v, %v; want true (built-in), false (remote)", s[0].GetConnected(), s[1].GetConnected())
	}
}
