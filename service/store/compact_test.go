package store

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/internal/testpg"
)

// TestCompact: the compaction deletes the actions of ended tables that lie below every live
// table's, and nothing a live table needs: LoadActive and the records read the same after it. On
// SQLite and, with BEZIQUE_TEST_POSTGRES_URL, PostgreSQL.
func TestCompact(t *testing.T) {
	forEachDialect(t, testCompact)
}

// forEachDialect runs fn as a subtest on a store of each dialect: a SQLite file, and PostgreSQL.
func forEachDialect(t *testing.T, fn func(t *testing.T, s *sqlStore)) {
	for name, open := range map[string]func(*testing.T) *sqlStore{"sqlite": openSQLiteForTest, "postgres": openPostgresForTest} {
		t.Run(name, func(t *testing.T) { fn(t, open(t)) })
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
	compact(all, 11) // no table lives: every action goes but the newest, which keeps the ids growing
	create("e")
	appendRounds(1, 2, "e")
	compact(all, 1) // the newest of before, below e's
	if got := active(); !reflect.DeepEqual(got, map[string][]int64{"e": {1, 2}}) {
		t.Fatalf("after the log was compacted, a new table's actions %v; want e: 1, 2", got)
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
	u := testpg.Schema(t, testpg.URL(t), "store_internal")
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
	later := time.Now().Add(keepEndedActions + time.Minute) // the actions are old enough then
	if r, err := b.compactRound(ctx, later, 0); r.ran || r.deleted != 0 || err != nil {
		t.Errorf("the other store's round while the first holds the lock: %+v, %v; want it skipped", r, err)
	}
	unlock()
	if r, err := b.compactRound(ctx, later, 0); !r.ran || r.deleted != 2 || err != nil {
		t.Errorf("the other store's round once the lock is free: %+v, %v; want 2 of the 3 actions deleted (the newest is kept)", r, err)
	}
	if r, err := a.compactRound(ctx, later, 0); !r.ran || r.deleted != 0 || err != nil {
		t.Errorf("the first store's next round: %+v, %v; want it run, nothing left", r, err)
	}
}

// TestDueBelow: the search finds the id below which every action was stored before the cutoff
// (the actions up to the newest one that old may go), over ids with gaps, from any id known to
// lie below it, in as many lookups as halvings of the id range.
func TestDueBelow(t *testing.T) {
	// ids 1..3 at hour 0, 7..9 at hour 1 (4..6 deleted, or rolled back), 10..20 at hour 2.
	log := map[int64]int64{}
	for id := int64(1); id <= 20; id++ {
		switch {
		case id <= 3:
			log[id] = 0
		case id >= 7 && id <= 9:
			log[id] = 1
		case id >= 10:
			log[id] = 2
		}
	}
	for _, c := range []struct {
		old, cutoff, want int64
	}{
		{0, 0, 0},   // nothing stored before hour 0
		{0, 1, 4},   // ids 1..3
		{0, 2, 10},  // up to 9, over the gap
		{4, 2, 10},  // from a bound found before
		{10, 2, 10}, // nothing more
		{0, 3, 21},  // all of it
	} {
		lookups := 0
		got, err := searchDue(c.old, 21, c.cutoff, func(from int64) (int64, int64, bool, error) {
			lookups++
			for id := from; id <= 20; id++ {
				if at, ok := log[id]; ok {
					return id, at, true, nil
				}
			}
			return 0, 0, false, nil
		})
		if err != nil || got != c.want || lookups > 6 {
			t.Errorf("from %d, cutoff hour %d: below %d, %v, %d lookups; want %d in at most 6", c.old, c.cutoff, got, err, lookups, c.want)
		}
	}
}

// TestCompactAfterRestart: the day's bound came from what the running store had seen of the log
// (marks of its highest id), so a referee restarted deleted nothing for a day. It now comes from
// the stored recorded_at: in a real SQLite file, an ended table's actions stamped two days ago
// (one of them with a recorded_at that is not a number) are deleted at the first round of a store
// just opened; those of a table ended an hour ago, and a live table's, stay.
func TestCompactAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	ctx := context.Background()
	s, err := Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"old", "recent", "live"} {
		if err := s.CreateTable(ctx, Table{ID: id}); err != nil {
			t.Fatal(err)
		}
		for seq := int64(1); seq <= 3; seq++ {
			if err := s.AppendActions(ctx, id, []Action{{Seq: seq, Payload: []byte(id)}}); err != nil {
				t.Fatal(err)
			}
		}
		if id != "live" {
			if err := s.FinishTable(ctx, id, Outcome{State: StateFinished, Result: "completed", Record: []byte(id)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	now := time.Now()
	raw := s.(*sqlStore).w
	for id, age := range map[string]time.Duration{"old": 2 * keepEndedActions, "recent": time.Hour} {
		if _, err := raw.ExecContext(ctx, "UPDATE actions SET recorded_at = ? WHERE table_id = ?", micros(now.Add(-age)), id); err != nil {
			t.Fatal(err)
		}
	}
	// A recorded_at that is not a number (SQLite keeps it) counts as old, rather than failing
	// every round.
	if _, err := raw.ExecContext(ctx, "UPDATE actions SET recorded_at = 'noon' WHERE table_id = 'old' AND seq = 2"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	restarted := openURLForTest(t, "sqlite:"+path)
	r, err := restarted.compactRound(ctx, now, 0)
	if err != nil || !r.ran || r.deleted != 3 || r.below != 4 {
		t.Fatalf("the first round after the restart: %+v, %v; want the 3 actions of the table ended two days ago deleted, below id 4", r, err)
	}
	var left []string
	rows, err := restarted.r.QueryContext(ctx, "SELECT table_id FROM actions ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		left = append(left, id)
	}
	if want := []string{"recent", "recent", "recent", "live", "live", "live"}; !reflect.DeepEqual(left, want) {
		t.Errorf("actions left: %v; want %v", left, want)
	}
}

// TestCompactWhileTablesPlay: compactions running without pause while four waves of 8 tables
// are made and append 40 actions each (every table of the first three waves ends, half of the
// last) delete exactly the actions of the first three waves, and leave every live table its whole
// log (seq 1..40). On SQLite and, with BEZIQUE_TEST_POSTGRES_URL, PostgreSQL.
func TestCompactWhileTablesPlay(t *testing.T) {
	forEachDialect(t, func(t *testing.T, s *sqlStore) {
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

// TestForgetGoneReferees: a round of compaction deletes the rows of the referees not seen for
// goneAfter that hold no lease (the referees that died and never came back on their address),
// and keeps a live referee's row (stamped at each lease renewal) and a long-unseen referee's that
// still holds a lease, even an expired one, until another referee takes it over.
func TestForgetGoneReferees(t *testing.T) {
	u := testpg.Schema(t, testpg.URL(t), "store_internal")
	st, err := Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	pg := st.(*pgStore)
	ctx := context.Background()
	if err := pg.Advertise(ctx, "live:1"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"INSERT INTO referees (owner, address, seen_at) VALUES ('gone', 'gone:1', now() - interval '2 hours'), " +
			"('gone-holding', 'gone:2', now() - interval '2 hours'), ('recent', 'recent:1', now() - interval '30 minutes')",
		"INSERT INTO leases (kind, id, owner, epoch, expires_at) VALUES ('table', 'x', 'gone-holding', 1, now() - interval '2 hours')",
		"UPDATE referees SET seen_at = now() - interval '2 hours' WHERE address = 'live:1'",
	} {
		if _, err := pg.w.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pg.RenewLeases(ctx); err != nil { // the live referee's renewal stamps its row
		t.Fatal(err)
	}
	if _, err := pg.compactRound(ctx, time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	rows, err := pg.w.QueryContext(ctx, "SELECT address FROM referees ORDER BY address")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var left []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		left = append(left, a)
	}
	if want := []string{"gone:2", "live:1", "recent:1"}; !slices.Equal(left, want) {
		t.Fatalf("referees left %v, want %v", left, want)
	}
}

// TestCompactForgetsOldAudit: a round of compaction deletes the audit events older than
// KeepAudit, in chunks of compactChunk, and keeps the others (the trail grew for ever, an event
// a table for a platform that creates a table per game). On SQLite and PostgreSQL.
func TestCompactForgetsOldAudit(t *testing.T) {
	forEachDialect(t, func(t *testing.T, s *sqlStore) {
		ctx := context.Background()
		now := time.Now()
		old := compactChunk + 5 // more than a chunk: two deletions
		for i := range old + 3 {
			at := now.Add(-KeepAudit - time.Duration(old-i)*time.Second) // the old ones, oldest first
			if i >= old {
				at = now.Add(-KeepAudit + time.Duration(i)*time.Minute) // three within the year
			}
			if err := s.AppendAudit(ctx, AuditEvent{ID: fmt.Sprintf("a%06d", i), At: at, Principal: "admin", Action: "table_created", Target: "t"}); err != nil {
				t.Fatal(err)
			}
		}
		r, err := s.compactRound(ctx, now, 0)
		if err != nil || !r.ran {
			t.Fatalf("compactRound: %+v, %v", r, err)
		}
		left, _, err := s.ListAudit(ctx, 100, "")
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, e := range left {
			ids = append(ids, e.ID)
		}
		if want := []string{fmt.Sprintf("a%06d", old+2), fmt.Sprintf("a%06d", old+1), fmt.Sprintf("a%06d", old)}; !slices.Equal(ids, want) {
			t.Errorf("audit events left %v, want %v", ids, want)
		}
	})
}

// TestCompactKeepsAWaitingTablesActions: a table created when every action stored belonged to
// ended tables, its head's first_id past them all; the compaction deletes those actions but
// the newest, and the table's actions then stored must still be read back by LoadActive. On
// SQLite the log was emptied, and gave its ids out again from 1, below the head's first_id: a
// recovery read none of them.
func TestCompactKeepsAWaitingTablesActions(t *testing.T) {
	forEachDialect(t, func(t *testing.T, s *sqlStore) {
		ctx := context.Background()
		for _, id := range []string{"old", "new"} {
			if err := s.CreateTable(ctx, Table{ID: id}); err != nil {
				t.Fatal(err)
			}
			if id == "new" {
				break
			}
			for seq := int64(1); seq <= 3; seq++ {
				if err := s.AppendActions(ctx, id, []Action{{Seq: seq, Payload: []byte{byte(seq)}}}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.FinishTable(ctx, id, Outcome{State: StateFinished, Result: "completed", Record: []byte("record")}); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := s.compact(ctx, math.MaxInt64); err != nil || n != 2 {
			t.Fatalf("compact: %d deleted, %v; want 2 of the ended table's 3 (the newest action is kept)", n, err)
		}
		for seq := int64(1); seq <= 2; seq++ {
			if err := s.AppendActions(ctx, "new", []Action{{Seq: seq, Payload: []byte{byte(seq)}}}); err != nil {
				t.Fatal(err)
			}
		}
		active, err := s.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(active) != 1 || active[0].ID != "new" || len(active[0].Actions) != 2 {
			t.Fatalf("LoadActive after the compaction: %+v; want table new with its 2 actions", active)
		}
	})
}
