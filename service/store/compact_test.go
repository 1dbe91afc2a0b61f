package store

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"sync"
	"testing"
	"time"
)

// TestCompact: the compaction deletes the actions of ended tables that lie below every live
// table's, and nothing a live table needs: LoadActive and the records read the same after it. On
// SQLite and, with BEZIQUE_TEST_POSTGRES_URL, PostgreSQL.
func TestCompact(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			s := openSQLiteForTest
			if dialect == "postgres" {
				s = openPostgresForTest
			}
			testCompact(t, s(t))
		})
	}
}

func testCompact(t *testing.T, s *sqlStore) {
	ctx := context.Background()
	create := func(ids ...string) {
		for _, id := range ids {
			if err := s.CreateTable(ctx, Table{ID: id}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// appendRound appends one action to each table of ids, seqs from..to (interleaved).
	appendRounds := func(from, to int64, ids ...string) {
		for seq := from; seq <= to; seq++ {
			for _, id := range ids {
				if err := s.AppendActions(ctx, id, []Action{{Seq: seq, Payload: []byte(fmt.Sprint(id, seq))}}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	finish := func(ids ...string) {
		for _, id := range ids {
			if err := s.FinishTable(ctx, id, Outcome{State: StateFinished, Result: "completed", WinnerSide: 0, Record: []byte("record of " + id)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	compact := func(below, want int64) {
		t.Helper()
		if n, err := s.compact(ctx, below); err != nil || n != want {
			t.Fatalf("compact below id %d: %d deleted, %v; want %d", below, n, err, want)
		}
	}
	const all = math.MaxInt64
	stored := func() (n int64) {
		t.Helper()
		if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM actions").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	active := func() map[string][]int64 {
		t.Helper()
		tables, err := s.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		seqs := map[string][]int64{}
		for _, at := range tables {
			seqs[at.ID] = []int64{}
			for _, a := range at.Actions {
				seqs[at.ID] = append(seqs[at.ID], a.Seq)
			}
		}
		return seqs
	}

	create("a", "x")
	appendRounds(1, 4, "a", "x") // a's and x's 8 actions
	finish("a", "x")
	create("b", "c")
	appendRounds(1, 3, "b", "c")
	create("d")
	appendRounds(4, 5, "b", "c", "d") // d's actions lie above b's first: kept while b plays
	finish("d")
	before := active()
	compact(5, 4)   // below id 5: the first 4 of a's and x's 8 actions
	compact(all, 4) // the other 4
	if n := stored(); n != 12 {
		t.Fatalf("%d actions stored after compacting; want 12 (b's 5, c's 5, d's 2)", n)
	}
	if after := active(); !reflect.DeepEqual(after, before) || !reflect.DeepEqual(after, map[string][]int64{"b": {1, 2, 3, 4, 5}, "c": {1, 2, 3, 4, 5}}) {
		t.Fatalf("live tables' actions after compacting %v; before %v", after, before)
	}
	compact(all, 0)
	finish("b", "c")
	compact(all, 12) // no table lives: every action goes
	create("e")
	appendRounds(1, 2, "e")
	compact(all, 0)
	if got := active(); !reflect.DeepEqual(got, map[string][]int64{"e": {1, 2}}) {
		t.Fatalf("after the log was emptied, a new table's actions %v; want e: 1, 2", got)
	}
	// A live table without a head (stored before heads existed) may have actions anywhere: nothing goes.
	if _, err := s.w.ExecContext(ctx, "DELETE FROM action_heads WHERE table_id = 'e'"); err != nil {
		t.Fatal(err)
	}
	create("g")
	appendRounds(1, 2, "g")
	finish("g")
	compact(all, 0)
	for _, id := range []string{"a", "b", "d"} {
		if rec, err := s.GetRecord(ctx, id); err != nil || string(rec) != "record of "+id {
			t.Fatalf("record of %s after compacting: %q, %v", id, rec, err)
		}
	}
}

// TestCompactOneStoreAtATime: two stores share one PostgreSQL database, as two referees do. While
// one holds the compaction's lock (a round in progress), the other's round is skipped and deletes
// nothing; once it is given back, the other's round deletes the ended table's actions. Before,
// every referee deleted the same rows every compactEvery, each waiting for the others' locks.
func TestCompactOneStoreAtATime(t *testing.T) {
	u := postgresSchemaForTest(t)
	a, b := openURLForTest(t, u), openURLForTest(t, u)
	ctx := context.Background()
	if err := a.CreateTable(ctx, Table{ID: "x"}); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= 3; seq++ {
		if err := a.AppendActions(ctx, "x", []Action{{Seq: seq, Payload: []byte{byte(seq)}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.FinishTable(ctx, "x", Outcome{State: StateFinished, Result: "completed", Record: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	unlock, ok, err := a.compactLock(ctx)
	if err != nil || !ok {
		t.Fatalf("the first store's compaction lock: %v, %v; want it taken", ok, err)
	}
	if ran, n, err := b.compactRound(ctx, math.MaxInt64); ran || n != 0 || err != nil {
		t.Errorf("the other store's round while the first holds the lock: ran %v, %d deleted, %v; want it skipped", ran, n, err)
	}
	unlock()
	if ran, n, err := b.compactRound(ctx, math.MaxInt64); !ran || n != 3 || err != nil {
		t.Errorf("the other store's round once the lock is free: ran %v, %d deleted, %v; want the 3 actions deleted", ran, n, err)
	}
	if ran, n, err := a.compactRound(ctx, math.MaxInt64); !ran || n != 0 || err != nil {
		t.Errorf("the first store's next round: ran %v, %d deleted, %v; want it run, nothing left", ran, n, err)
	}
}

// TestDueBelow: the actions up to the newest mark at least keepEndedActions old may go; the
// marks from that one on are kept.
func TestDueBelow(t *testing.T) {
	start := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	marks := []logMark{{start, 10}, {start.Add(time.Hour), 20}, {start.Add(2 * time.Hour), 35}}
	for _, c := range []struct {
		after time.Duration
		below int64
		rest  int
		ok    bool
	}{
		{keepEndedActions - time.Second, 0, 3, false},
		{keepEndedActions, 11, 3, true},
		{keepEndedActions + time.Hour + time.Minute, 21, 2, true},
		{3 * keepEndedActions, 36, 1, true},
	} {
		below, rest, ok := dueBelow(marks, start.Add(c.after))
		if below != c.below || len(rest) != c.rest || ok != c.ok || rest[len(rest)-1] != marks[2] {
			t.Errorf("%v after the first mark: below %d, %d marks kept, %v; want %d, %d, %v", c.after, below, len(rest), ok, c.below, c.rest, c.ok)
		}
	}
}

// TestCompactWhileTablesPlay: compactions running without pause while four waves of 8 tables
// are made and append 40 actions each (every table of the first three waves ends, half of the
// last) delete exactly the actions of the first three waves, and leave every live table its whole
// log (seq 1..40). On SQLite and, with BEZIQUE_TEST_POSTGRES_URL, PostgreSQL.
func TestCompactWhileTablesPlay(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			open := openSQLiteForTest
			if dialect == "postgres" {
				open = openPostgresForTest
			}
			s := open(t)
			ctx := context.Background()
			const waves, tables, actions = 4, 8, 40
			stop := make(chan struct{})
			deleted := make(chan int64, 1)
			go func() {
				var n int64
				defer func() { deleted <- n }()
				for {
					select {
					case <-stop:
						return
					default:
					}
					d, err := s.compact(ctx, math.MaxInt64)
					if err != nil {
						t.Error(err)
						return
					}
					n += d
				}
			}()
			for w := range waves {
				// A wave's tables are all made before its first action, so none of its actions
				// lies below another of its tables' first (an ended one's would go then).
				for i := range tables {
					if err := s.CreateTable(ctx, Table{ID: fmt.Sprint("t", w, "-", i)}); err != nil {
						t.Fatal(err)
					}
				}
				var wg sync.WaitGroup
				for i := range tables {
					wg.Go(func() {
						id := fmt.Sprint("t", w, "-", i)
						for seq := int64(1); seq <= actions; seq++ {
							if err := s.AppendActions(ctx, id, []Action{{Seq: seq, Payload: []byte{byte(i), byte(seq)}}}); err != nil {
								t.Error(err)
								return
							}
						}
						if w < waves-1 || i%2 == 1 {
							if err := s.FinishTable(ctx, id, Outcome{State: StateFinished, Result: "completed", Record: []byte(id)}); err != nil {
								t.Error(err)
							}
						}
					})
				}
				wg.Wait()
			}
			close(stop)
			n := <-deleted
			last, err := s.compact(ctx, math.MaxInt64)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d actions deleted while the tables played, %d after", n, last)
			if n+last != (waves-1)*tables*actions {
				t.Fatalf("%d actions deleted; want the first three waves' %d", n+last, (waves-1)*tables*actions)
			}
			live, err := s.LoadActive(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(live) != tables/2 {
				t.Fatalf("%d live tables; want %d", len(live), tables/2)
			}
			for _, at := range live {
				if len(at.Actions) != actions || at.Actions[0].Seq != 1 || at.Actions[actions-1].Seq != actions {
					t.Fatalf("table %s: %d actions after the compactions; want seq 1..%d", at.ID, len(at.Actions), actions)
				}
			}
		})
	}
}
