package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/internal/testpg"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// backend is one database the shared suite runs against. fresh returns the URL of an empty
// database that lives until the test ends; raw opens it with database/sql for tests that must
// reach past the Store interface.
type backend struct {
	fresh func(t testing.TB) string
	raw   func(t testing.TB, url string) *sql.DB
}

func sqliteBackend() backend {
	return backend{
		fresh: func(t testing.TB) string {
			return "sqlite:" + filepath.Join(t.TempDir(), "data", "bezique.db")
		},
		raw: func(t testing.TB, u string) *sql.DB {
			db, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(u, "sqlite:")+"?_busy_timeout=5000&_foreign_keys=1")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = db.Close() })
			return db
		},
	}
}

// postgresBackend gives each test its own schema in the database at base, dropped at cleanup.
func postgresBackend(base string) backend {
	return backend{
		fresh: func(t testing.TB) string { return testpg.Schema(t, base, "store_test") },
		raw: func(t testing.TB, u string) *sql.DB {
			db, err := sql.Open("pgx", u)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = db.Close() })
			return db
		},
	}
}

// forEachBackend runs fn against SQLite and, when BEZIQUE_TEST_POSTGRES_URL is set, PostgreSQL.
func forEachBackend(t *testing.T, fn func(t *testing.T, b backend)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, sqliteBackend()) })
	t.Run("postgres", func(t *testing.T) {
		fn(t, postgresBackend(testpg.URL(t)))
	})
}

func open(t testing.TB, u string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), u)
	if err != nil {
		t.Fatalf("Open(%q): %v", u, err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

func mustCreate(t testing.TB, st store.Store, tables ...store.Table) {
	t.Helper()
	for _, tb := range tables {
		if err := st.CreateTable(context.Background(), tb); err != nil {
			t.Fatalf("CreateTable(%s): %v", tb.ID, err)
		}
	}
}

// TestConformance runs the store contract (package storetest) against SQLite and PostgreSQL.
func TestConformance(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		storetest.Run(t, func(t *testing.T) store.Store { return open(t, b.fresh(t)) })
	})
}

// TestFinishTableAtomic makes FinishTable's record insert fail (a stray records row written
// behind the store's back): the table's state must not change either.
func TestFinishTableAtomic(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		mustCreate(t, st, storetest.Table("t2", store.StatePlaying, 1))
		raw := b.raw(t, u)
		if _, err := raw.Exec(rebindForTest(u, "INSERT INTO records (table_id, record, variant, finished_at, result) VALUES (?, '{}', 'x', 0, 'x')"), "t2"); err != nil {
			t.Fatal(err)
		}
		err := st.FinishTable(ctx, "t2", store.Outcome{State: store.StateFinished, Result: "forfeit", WinnerSide: 0, Record: []byte("{}")})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("FinishTable with a failing record insert err = %v, want ErrConflict", err)
		}
		got, err := st.GetTable(ctx, "t2")
		if err != nil {
			t.Fatal(err)
		}
		if got.State != store.StatePlaying || got.Result != "" || !got.FinishedAt.IsZero() || got.WinnerSide != store.NoWinner {
			t.Errorf("table after failed FinishTable = %+v, want unchanged (playing)", got)
		}
	})
}

// TestDurable: what a store acknowledged is there after Close and a reopen, including
// actions appended concurrently by many tables (group commit).
func TestDurable(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		const tables, perTable = 16, 10
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		for i := range tables {
			mustCreate(t, st, storetest.Table(fmt.Sprintf("t%02d", i), store.StatePlaying, i))
		}
		var wg sync.WaitGroup
		for i := range tables {
			wg.Go(func() {
				id := fmt.Sprintf("t%02d", i)
				for seq := int64(1); seq <= perTable; seq++ {
					if err := st.AppendActions(ctx, id, []store.Action{{Seq: seq, Seat: i % 2, Payload: fmt.Appendf(nil, "%s/%d", id, seq)}}); err != nil {
						t.Errorf("%s seq %d: %v", id, seq, err)
					}
				}
			})
		}
		wg.Wait()
		if err := st.FinishTable(ctx, "t00", store.Outcome{State: store.StateFinished, Result: "completed", WinnerSide: 1,
			Scores: "[0,1000]", FinishedAt: storetest.T0.Add(time.Hour), Record: []byte(`{"tableId":"t00"}`), Bots: []string{"beta", "alpha"}}); err != nil {
			t.Fatal(err)
		}
		if err := st.UpdateTable(ctx, "t01", store.TableUpdate{State: store.StateWaiting, Spec: []byte("respec")}); err != nil {
			t.Fatal(err)
		}
		type snapshot struct {
			active []store.ActiveTable
			tables []store.Table
			games  []store.Game
			record string
		}
		snap := func(st store.Store) snapshot {
			t.Helper()
			var s snapshot
			var err error
			if s.active, err = takeAndLoad(ctx, st); err != nil {
				t.Fatal(err)
			}
			if s.tables, _, err = st.ListTables(ctx, store.TableFilter{}, 0, ""); err != nil {
				t.Fatal(err)
			}
			if s.games, _, err = st.ListGames(ctx, store.GameFilter{}, 0, ""); err != nil {
				t.Fatal(err)
			}
			r, err := st.GetRecord(ctx, "t00")
			if err != nil {
				t.Fatal(err)
			}
			s.record = string(r)
			return s
		}
		before := snap(st)
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		after := snap(open(t, u))
		if !reflect.DeepEqual(before, after) {
			t.Errorf("after reopen:\n%+v\nbefore:\n%+v", after, before)
		}
		n := 0
		for _, at := range after.active {
			n += len(at.Actions)
		}
		if len(after.active) != tables-1 || n != (tables-1)*perTable || len(after.tables) != tables || len(after.games) != 1 {
			t.Errorf("after reopen: %d active tables with %d actions, %d tables, %d games; want %d, %d, %d, 1",
				len(after.active), n, len(after.tables), len(after.games), tables-1, (tables-1)*perTable, tables)
		}
	})
}

// rebindForTest numbers ? placeholders for PostgreSQL.
func rebindForTest(u, q string) string {
	if strings.HasPrefix(u, "sqlite:") {
		return q
	}
	n := 0
	var b strings.Builder
	for _, c := range q {
		if c == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func TestReopenMigrationsIdempotent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		mustCreate(t, st, storetest.Table("t1", store.StateWaiting, 0))
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			st := open(t, u)
			if _, err := st.GetTable(ctx, "t1"); err != nil {
				t.Errorf("GetTable after reopen: %v", err)
			}
			if err := st.Close(); err != nil {
				t.Fatal(err)
			}
		}
		var applied, version int
		if err := b.raw(t, u).QueryRow("SELECT COUNT(*), MAX(version_id) FROM goose_db_version WHERE version_id > 0").
			Scan(&applied, &version); err != nil {
			t.Fatal(err)
		}
		if n := migrationCount(t); applied != n || version != n {
			t.Errorf("goose_db_version: %d applied, version %d; want %d, %d", applied, version, n, n)
		}
	})
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	for _, u := range []string{"memory:", "mysql://x", "", "sqlite:"} {
		if _, err := store.Open(ctx, u); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("Open(%q) err = %v, want ErrInvalid", u, err)
		}
	}
	// The data dir and file are created on first start, in WAL mode.
	path := filepath.Join(t.TempDir(), "a", "b", "bezique.db")
	st := open(t, "sqlite:"+path)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("data file not created: %v", err)
	}
	var mode string
	if err := sqliteBackend().raw(t, "sqlite:"+path).QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
}

// ExampleOpen shows the referee's use: recover, create, append durably, finish.
func ExampleOpen() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "bezique-example")
	defer func() { _ = os.RemoveAll(dir) }()

	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "bezique.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer func() { _ = st.Close() }()

	active, _ := st.LoadActive(ctx) // replay these before serving
	fmt.Println("active after start:", len(active))

	_ = st.CreateTable(ctx, store.Table{ID: "t1", Variant: "two-handed", Spec: []byte("{}"), Seed: []byte{1}})
	_ = st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying})
	err = st.AppendActions(ctx, "t1", []store.Action{{Seq: 1, Seat: 0, Payload: []byte(`{"play":"QS"}`)}})
	fmt.Println("append:", err) // durable: now tell the bots
	err = st.AppendActions(ctx, "t1", []store.Action{{Seq: 1, Seat: 1}})
	fmt.Println("duplicate is conflict:", errors.Is(err, store.ErrConflict))

	_ = st.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished, Result: "completed",
		WinnerSide: 0, Scores: "[1000,0]", Record: []byte(`{"tableId":"t1"}`), Bots: []string{"alpha", "beta"}})
	games, _, _ := st.ListGames(ctx, store.GameFilter{BotName: "beta"}, 10, "")
	fmt.Println(games[0].TableID, games[0].Result, games[0].Bots)
	// Output:
	// active after start: 0
	// append: <nil>
	// duplicate is conflict: true
	// t1 completed [alpha beta]
}

// migrationCount is the number of migrations, versions 1 to n: each lives in migrations/common or
// in both dialect folders, so the SQLite folder and common/ hold one file per version.
func migrationCount(t *testing.T) int {
	t.Helper()
	n := 0
	for _, dir := range []string{"migrations/sqlite", "migrations/common"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.sql"))
		if err != nil {
			t.Fatal(err)
		}
		n += len(files)
	}
	return n
}

// TestUnreadableRows: a row holding a value of the wrong type (SQLite keeps any value in any
// column) is returned by GetTable, ListTables and LoadActive with its id and Unreadable, and does
// not fail the call; an unreadable action marks its table in LoadActive. The other tables load.
func TestUnreadableRows(t *testing.T) {
	ctx := context.Background()
	u := sqliteBackend().fresh(t)
	st := open(t, u)
	mustCreate(t, st, storetest.Table("bad-row", store.StatePlaying, 1), storetest.Table("bad-action", store.StatePlaying, 2),
		storetest.Table("good", store.StatePlaying, 3))
	if err := st.AppendActions(ctx, "good", []store.Action{{Seq: 1, Seat: 0, Payload: []byte{1}}}); err != nil {
		t.Fatal(err)
	}
	raw := sqliteBackend().raw(t, u)
	if _, err := raw.Exec("UPDATE tables SET winner_side = 'north' WHERE id = 'bad-row'"); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("INSERT INTO actions (table_id, seq, seat, payload, recorded_at) VALUES ('bad-action', 1, 'east', x'00', 0)"); err != nil {
		t.Fatal(err)
	}
	const rowErr = `table bad-row: unreadable stored row: sql: Scan error on column index 9, name "winner_side": ` +
		`converting driver.Value type string ("north") to a int64: invalid syntax`
	got, err := st.GetTable(ctx, "bad-row")
	if err != nil || got.ID != "bad-row" || got.WinnerSide != store.NoWinner || got.Unreadable == nil || got.Unreadable.Error() != rowErr {
		t.Errorf("GetTable(bad-row) = %+v, %v; want the id and Unreadable %q", got, err, rowErr)
	}
	list, _, err := st.ListTables(ctx, store.TableFilter{}, 10, "")
	if err != nil || len(list) != 3 {
		t.Fatalf("ListTables = %d tables, %v; want 3", len(list), err)
	}
	active, err := st.LoadActive(ctx)
	if err != nil || len(active) != 3 {
		t.Fatalf("LoadActive = %d tables, %v; want 3", len(active), err)
	}
	want := map[string]string{"bad-row": rowErr,
		"bad-action": `table bad-action: unreadable stored action (seq 1): sql: Scan error on column index 2, name "seat": ` +
			`converting driver.Value type string ("east") to a int64: invalid syntax`,
		"good": ""}
	for _, at := range active {
		var msg string
		if at.Unreadable != nil {
			msg = at.Unreadable.Error()
		}
		if msg != want[at.ID] {
			t.Errorf("LoadActive: %s Unreadable %q, want %q", at.ID, msg, want[at.ID])
		}
		if at.ID == "good" && (len(at.Actions) != 1 || at.State != store.StatePlaying) {
			t.Errorf("LoadActive: good = %+v, want playing with its 1 action", at)
		}
	}
}

// TestListTablesPagesPastUnreadableRows: a page that ended on a row that does not read gave a
// page token from its zero creation time, so the next page started again from the first table
// and a client paging through the tables went round for ever. In a SQLite file, of four tables
// bad-row's winner_side is text and cancelled's created_at is text (and it ended, so it is
// listed with its state, end and reason): pages of one list each table once, in order, then end.
func TestListTablesPagesPastUnreadableRows(t *testing.T) {
	ctx := context.Background()
	u := sqliteBackend().fresh(t)
	st := open(t, u)
	mustCreate(t, st, storetest.Table("a", store.StatePlaying, 1), storetest.Table("bad-row", store.StatePlaying, 2),
		storetest.Table("c", store.StatePlaying, 3), storetest.Table("cancelled", store.StatePlaying, 4))
	if err := st.FinishTable(ctx, "cancelled", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner,
		Reason: "its row is lost", FinishedAt: storetest.T0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	raw := sqliteBackend().raw(t, u)
	for _, q := range []string{"UPDATE tables SET winner_side = 'north' WHERE id = 'bad-row'", "UPDATE tables SET created_at = 'yesterday' WHERE id = 'cancelled'"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	token := ""
	for range 10 {
		page, next, err := st.ListTables(ctx, store.TableFilter{}, 1, token)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range page {
			got = append(got, tb.ID)
			if tb.ID == "cancelled" && (tb.Unreadable == nil || tb.State != store.StateCancelled || tb.Result != "cancelled" ||
				tb.Reason != "its row is lost" || !tb.FinishedAt.Equal(storetest.T0.Add(time.Hour))) {
				t.Errorf("cancelled = %+v; want it unreadable, cancelled, its result, reason and end", tb)
			}
		}
		if token = next; token == "" {
			break
		}
	}
	if want := []string{"a", "bad-row", "c", "cancelled"}; !slices.Equal(got, want) {
		t.Errorf("pages of one: %v, want %v", got, want)
	}
}
