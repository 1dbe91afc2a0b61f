package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/bezique-arena/bezique/internal/testpg"
)

// openPostgresForTest opens a store on a schema of its own in the PostgreSQL database of
// BEZIQUE_TEST_POSTGRES_URL, dropped at cleanup; it skips the test when the variable is not set.
func openPostgresForTest(t *testing.T) *sqlStore {
	t.Helper()
	return openURLForTest(t, testpg.Schema(t, testpg.URL(t), "store_internal"))
}

// openURLForTest opens the store at u, closed at cleanup.
func openURLForTest(t *testing.T, u string) *sqlStore {
	t.Helper()
	st, err := Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if pg, ok := st.(*pgStore); ok {
		return pg.sqlStore
	}
	return st.(*sqlStore)
}

// TestCommitBatchMoveHeads writes batches straight through commitBatch on SQLite and PostgreSQL:
// one action to each of 300 tables and one to a table that does not exist (moveHeads, chunks of
// 128, 128 and 45), one of them a seq already stored, in the second chunk; then a batch with a
// table twice and a request of two actions (one statement a request). Every request but the
// guilty ones succeeds, and every acknowledged action is stored exactly once.
func TestCommitBatchMoveHeads(t *testing.T) {
	for name, open := range map[string]func(*testing.T) *sqlStore{"sqlite": openSQLiteForTest, "postgres": openPostgresForTest} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t)
			const tables = 300
			id := func(i int) string { return fmt.Sprintf("t%03d", i) }
			for i := range tables {
				if err := s.CreateTable(ctx, Table{ID: id(i)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.AppendActions(ctx, id(150), []Action{{Seq: 1}}); err != nil {
				t.Fatal(err)
			}
			req := func(table string, seqs ...int64) *appendReq {
				r := &appendReq{tableID: table, done: make(chan error, 1)}
				for _, q := range seqs {
					r.actions = append(r.actions, Action{Seq: q, Payload: []byte(table)})
				}
				return r
			}
			check := func(batch []*appendReq, want map[int]error) {
				t.Helper()
				s.commitBatch(batch, newStmtCache(s.w))
				for i, r := range batch {
					err := <-r.done
					if w := want[i]; (w == nil) != (err == nil) || (w != nil && !errors.Is(err, w)) {
						t.Errorf("request %d (%s %d actions): err = %v, want %v", i, r.tableID, len(r.actions), err, w)
					}
				}
			}
			var batch []*appendReq
			for i := range tables {
				batch = append(batch, req(id(i), 1))
			}
			batch = append(batch[:200], append([]*appendReq{req("nope", 1)}, batch[200:]...)...)
			check(batch, map[int]error{150: ErrConflict, 200: ErrNotFound})
			check([]*appendReq{req(id(0), 2), req(id(0), 3), req(id(1), 2, 3), req(id(2), 1), req(id(3), 2)},
				map[int]error{3: ErrConflict})

			active, err := s.LoadActive(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(active) != tables {
				t.Fatalf("%d tables active, want %d", len(active), tables)
			}
			want := map[string][]int64{id(0): {1, 2, 3}, id(1): {1, 2, 3}, id(3): {1, 2}}
			for _, at := range active {
				seqs := want[at.ID]
				if seqs == nil {
					seqs = []int64{1}
				}
				got := make([]int64, len(at.Actions))
				for i, a := range at.Actions {
					got[i] = a.Seq
				}
				if fmt.Sprint(got) != fmt.Sprint(seqs) {
					t.Errorf("table %s: seqs %v, want %v", at.ID, got, seqs)
				}
			}
		})
	}
}
