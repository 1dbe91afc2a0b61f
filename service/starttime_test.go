package service

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// startTimeTable is a short two-handed game (target 300) between the test's remote seat 0 and
// the built-in random bot.
func startTimeTable() *pb.CreateTableRequest {
	return &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{remoteSeats(1)[0], builtinSeat("random")},
		Seed: seed32(11), Options: map[string]string{"target": "300"}}
}

// startTimeOf returns table id's TableInfo.start_time as referee r reports it, failing the test
// when it has none.
func startTimeOf(t *testing.T, r *referee, id string) *timestamppb.Timestamp {
	t.Helper()
	got, err := r.tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if got.GetTable().GetStartTime() == nil {
		t.Fatalf("table %s (%v) has no start_time", id, got.GetTable().GetState())
	}
	return got.GetTable().GetStartTime()
}

// playOne answers seat s's next decision request with its first legal action and waits for the
// request after it: the action is then stored (stored before sent).
func playOne(s *rawSeat) {
	s.t.Helper()
	isRequest := func(m *pb.ConnectResponse) bool { return m.GetDecisionRequest() != nil }
	req := s.until("a decision request", isRequest).GetDecisionRequest()
	s.decideID(req.GetRequestId(), req.GetLegalActions()[0].GetActionId())
	s.until("the next decision request", func(m *pb.ConnectResponse) bool {
		return m.GetDecisionRequest().GetRequestId() > req.GetRequestId()
	})
}

// TestRecoveredTableKeepsItsStartTime is the regression test of a recovered table that reported
// as its start the time it was rebuilt: the store kept no start, so a referee restarted mid-game
// set TableInfo.start_time and the record's start_time to the recovery's time (an outside trial
// saw records 5 to 46 s late). The start is stored with the state playing (storedSpec.Started):
// after two restarts, each after an action, the table and its record carry the start the first
// referee reported, to the nanosecond, and so does the ended table read from the store by a
// referee started after its end. On a SQLite file and on the memory store, each reopened by a new
// referee.
func TestRecoveredTableKeepsItsStartTime(t *testing.T) {
	for _, kind := range []string{"sqlite", "memory"} {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			st := store.NewMemory(0)
			if kind == "sqlite" {
				var err error
				if st, err = store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db")); err != nil {
					t.Fatal(err)
				}
			}
			defer st.Close()
			r := startReferee(t, st, quiet)
			resp, err := r.tables.CreateTable(ctx, startTimeTable())
			if err != nil {
				t.Fatal(err)
			}
			id := resp.GetTableId()
			playOne(r.join(t, resp, 0, 0))
			want := startTimeOf(t, r, id)
			if created := resp.GetTable().GetCreateTime().AsTime(); want.AsTime().Before(created) {
				t.Fatalf("start_time %v is before create_time %v", want.AsTime(), created)
			}
			for restart := 1; restart <= 2; restart++ {
				r.grpc.Stop()
				r.srv.Close()
				r = startReferee(t, st, quiet)
				if got := startTimeOf(t, r, id); !proto.Equal(got, want) {
					t.Fatalf("after restart %d: start_time %v; want %v, the start before it", restart, got.AsTime(), want.AsTime())
				}
				if restart == 1 {
					playOne(r.join(t, resp, 0, 0))
				}
			}
			s := r.join(t, resp, 0, 0)
			s.setAuto()
			if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("the game ended %v; want it completed", res.GetOutcome())
			}
			if got := startTimeOf(t, r, id); !proto.Equal(got, want) {
				t.Errorf("the ended table's start_time %v; want %v", got.AsTime(), want.AsTime())
			}
			rec, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.GetRecord().GetStartTime(); !proto.Equal(got, want) {
				t.Errorf("the record's start_time %v; want %v", got.AsTime(), want.AsTime())
			}
			// A referee that never held the ended table reads it from the store (storedInfo).
			r.grpc.Stop()
			r.srv.Close()
			r = startReferee(t, st, quiet)
			if got := startTimeOf(t, r, id); !proto.Equal(got, want) {
				t.Errorf("the ended table read from the store: start_time %v; want %v", got.AsTime(), want.AsTime())
			}
		})
	}
}

// TestTakenOverTableKeepsItsStartTime: a table taken over by another referee sharing its
// PostgreSQL store (its lease given to a referee that died, as TestAwaitFollowsALostTable) is
// rebuilt from the store with the start its first referee reported, and its game, played to the
// end there, is recorded with it, to the nanosecond.
func TestTakenOverTableKeepsItsStartTime(t *testing.T) {
	u, raw := sharedSchema(t)
	a, b := startPeer(t, u, nil), startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, startTimeTable())
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	s := a.join(t, resp, 0, 0)
	playOne(s)
	want := startTimeOf(t, a.referee, id)
	if _, err := raw.Exec("UPDATE leases SET owner = 'dead', epoch = epoch + 1, expires_at = '-infinity' WHERE id = $1", id); err != nil {
		t.Fatal(err)
	}
	var owner string
	for deadline := time.Now().Add(waitFor); ; time.Sleep(20 * time.Millisecond) {
		var epoch int64
		if err := raw.QueryRow("SELECT epoch, owner FROM leases WHERE id = $1", id).Scan(&epoch, &owner); err != nil {
			t.Fatal(err)
		}
		if epoch == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no referee took the table over in %v", waitFor)
		}
	}
	s.finalStatus() // A stops the table (Unavailable): the stream ends
	for _, r := range []*peerReferee{a, b} {
		// The referee that took it over answers Unavailable until it has loaded it.
		for deadline := time.Now().Add(waitFor); ; time.Sleep(20 * time.Millisecond) {
			_, err := r.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
			if status.Code(err) != codes.Unavailable || time.Now().After(deadline) {
				break
			}
		}
		if got := startTimeOf(t, r.referee, id); !proto.Equal(got, want) {
			t.Fatalf("after the takeover (by %s), through %s: start_time %v; want %v, the start before it", owner, r.addr, got.AsTime(), want.AsTime())
		}
	}
	s = b.join(t, resp, 0, 0)
	s.setAuto()
	if res := s.gameOver(); res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("the game ended %v; want it completed", res.GetOutcome())
	}
	rec, err := b.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.GetRecord().GetStartTime(); !proto.Equal(got, want) {
		t.Errorf("the record's start_time %v; want %v", got.AsTime(), want.AsTime())
	}
}

// TestRecoveredOlderTableStartsAtItsFirstEntry: a table in play whose spec was stored before the
// start was (no storedSpec.Started: a game in play across the upgrade that brought it) is
// recovered with the time its first log entry was stored as its start, at the store's precision
// (microseconds), the same after every restart, rather than each recovery's time.
func TestRecoveredOlderTableStartsAtItsFirstEntry(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := startReferee(t, st, quiet)
	resp, err := r.tables.CreateTable(ctx, startTimeTable())
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	playOne(r.join(t, resp, 0, 0))
	r.grpc.Stop()
	r.srv.Close()
	// The spec as a referee stored it before 2026-12-03: without "started".
	row, err := st.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]json.RawMessage
	if err := json.Unmarshal(row.Spec, &spec); err != nil {
		t.Fatal(err)
	}
	if _, ok := spec["started"]; !ok {
		t.Fatalf("the stored spec %s has no \"started\"", row.Spec)
	}
	delete(spec, "started")
	older, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.UpdateTable(ctx, id, store.TableUpdate{Spec: older}); err != nil {
		t.Fatal(err)
	}
	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 1 || len(active[0].Actions) == 0 {
		t.Fatalf("LoadActive: %d tables; want table %s with its actions", len(active), id)
	}
	want := timestamppb.New(active[0].Actions[0].RecordedAt)
	for restart := 1; restart <= 2; restart++ {
		r = startReferee(t, st, quiet)
		if got := startTimeOf(t, r, id); !proto.Equal(got, want) {
			t.Fatalf("after restart %d: start_time %v; want %v, when its first entry was stored", restart, got.AsTime(), want.AsTime())
		}
		r.grpc.Stop()
		r.srv.Close()
	}
}
