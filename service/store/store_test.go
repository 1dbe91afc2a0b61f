package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

// postgresEnv names the variable that points the suite at a real PostgreSQL server
// (scripts/postgres.sh prints it); CI sets it.
const postgresEnv = "BEZIQUE_TEST_POSTGRES_URL"

// backend is one database the shared suite runs against. fresh returns the URL of an empty
// database that lives until the test ends; raw opens it with database/sql for tests that must
// reach past the Store interface.
type backend struct {
	name  string
	fresh func(t testing.TB) string
	raw   func(t testing.TB, url string) *sql.DB
}

func sqliteBackend() backend {
	return backend{
		name: "sqlite",
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
		name: "postgres",
		fresh: func(t testing.TB) string {
			admin, err := sql.Open("pgx", base)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = admin.Close() }()
			var b [6]byte
			_, _ = rand.Read(b[:])
			schema := "store_test_" + hex.EncodeToString(b[:])
			if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
				t.Fatalf("create schema: %v", err)
			}
			t.Cleanup(func() {
				admin, err := sql.Open("pgx", base)
				if err != nil {
					t.Error(err)
					return
				}
				defer func() { _ = admin.Close() }()
				if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
					t.Errorf("drop schema: %v", err)
				}
			})
			u, err := url.Parse(base)
			if err != nil {
				t.Fatal(err)
			}
			q := u.Query()
			q.Set("search_path", schema)
			u.RawQuery = q.Encode()
			return u.String()
		},
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
		base := os.Getenv(postgresEnv)
		if base == "" {
			t.Skipf("%s is not set: run `eval \"$(scripts/postgres.sh)\"` to test against PostgreSQL", postgresEnv)
		}
		fn(t, postgresBackend(base))
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

// t0 is the suite's clock origin; every stored time is derived from it.
var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func table(id string, state store.State, minute int) store.Table {
	return store.Table{
		ID:         id,
		State:      state,
		Variant:    "rubicon",
		Spec:       []byte(`{"seats":2,"id":"` + id + `"}`),
		Seed:       []byte{0xde, 0xad, byte(minute)},
		Commitment: "c-" + id,
		CreatedAt:  t0.Add(time.Duration(minute) * time.Minute),
	}
}

func mustCreate(t testing.TB, st store.Store, tables ...store.Table) {
	t.Helper()
	for _, tb := range tables {
		if err := st.CreateTable(context.Background(), tb); err != nil {
			t.Fatalf("CreateTable(%s): %v", tb.ID, err)
		}
	}
}

func ids[T any](rows []T, id func(T) string) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, id(r))
	}
	return out
}

func tableID(t store.Table) string { return t.ID }
func gameID(g store.Game) string   { return g.TableID }

func TestCreateGetListTables(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st := open(t, b.fresh(t))
		// Created out of id order: listing follows created_at, then id.
		mustCreate(t, st,
			table("t3", store.StateWaiting, 2),
			table("t1", store.StatePlaying, 0),
			table("t2", store.StateWaiting, 1),
			table("t5", store.StatePlaying, 3),
			table("t4", store.StatePlaying, 3), // same created_at as t5: id breaks the tie
		)

		got, err := st.GetTable(ctx, "t2")
		if err != nil {
			t.Fatal(err)
		}
		want := table("t2", store.StateWaiting, 1)
		want.UpdatedAt = want.CreatedAt
		want.WinnerSide = store.NoWinner
		if !reflect.DeepEqual(got, want) {
			t.Errorf("GetTable(t2) = %+v, want %+v", got, want)
		}

		var pages [][]string
		tok := ""
		for {
			rows, next, err := st.ListTables(ctx, store.TableFilter{}, 2, tok)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, ids(rows, tableID))
			if next == "" {
				break
			}
			tok = next
		}
		if want := [][]string{{"t1", "t2"}, {"t3", "t4"}, {"t5"}}; !reflect.DeepEqual(pages, want) {
			t.Errorf("ListTables pages = %v, want %v", pages, want)
		}

		rows, next, err := st.ListTables(ctx, store.TableFilter{State: store.StatePlaying}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ids(rows, tableID), []string{"t1", "t4", "t5"}; !reflect.DeepEqual(got, want) || next != "" {
			t.Errorf("ListTables(playing) = %v, %q; want %v, \"\"", got, next, want)
		}
		rows, next, err = st.ListTables(ctx, store.TableFilter{State: store.StatePlaying}, 2, "")
		if err != nil {
			t.Fatal(err)
		}
		rows2, next2, err := st.ListTables(ctx, store.TableFilter{State: store.StatePlaying}, 2, next)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := ids(rows, tableID), ids(rows2, tableID); !reflect.DeepEqual(a, []string{"t1", "t4"}) ||
			!reflect.DeepEqual(b, []string{"t5"}) || next2 != "" {
			t.Errorf("ListTables(playing, 2) pages = %v, %v (next %q)", a, b, next2)
		}
		rows, _, err = st.ListTables(ctx, store.TableFilter{State: store.StateFinished}, 0, "")
		if err != nil || len(rows) != 0 {
			t.Errorf("ListTables(finished) = %v, %v; want none", ids(rows, tableID), err)
		}

		for _, bad := range []string{"not base64!", "e30", next} { // e30 is "{}": no kind
			if bad == next {
				// A ListTables token is no ListGames token.
				if _, _, err := st.ListGames(ctx, store.GameFilter{}, 2, bad); !errors.Is(err, store.ErrInvalid) {
					t.Errorf("ListGames(tables token) err = %v, want ErrInvalid", err)
				}
				continue
			}
			if _, _, err := st.ListTables(ctx, store.TableFilter{}, 2, bad); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("ListTables(token %q) err = %v, want ErrInvalid", bad, err)
			}
		}
		if _, _, err := st.ListTables(ctx, store.TableFilter{State: "paused"}, 2, ""); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ListTables(state paused) err = %v, want ErrInvalid", err)
		}
	})
}

func TestErrors(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st := open(t, b.fresh(t))
		mustCreate(t, st, table("t1", store.StateWaiting, 0))

		checks := []struct {
			name string
			err  error
			want error
		}{
			{"CreateTable duplicate id", st.CreateTable(ctx, table("t1", store.StateWaiting, 5)), store.ErrConflict},
			{"CreateTable empty id", st.CreateTable(ctx, table("", store.StateWaiting, 0)), store.ErrInvalid},
			{"CreateTable finished", st.CreateTable(ctx, table("t9", store.StateFinished, 0)), store.ErrInvalid},
			{"UpdateTable unknown", st.UpdateTable(ctx, "nope", store.TableUpdate{State: store.StatePlaying}), store.ErrNotFound},
			{"UpdateTable to finished", st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StateFinished}), store.ErrInvalid},
			{"AppendActions unknown table", st.AppendActions(ctx, "nope", []store.Action{{Seq: 1}}), store.ErrNotFound},
			{"FinishTable unknown", st.FinishTable(ctx, "nope", store.Outcome{State: store.StateFinished}), store.ErrNotFound},
			{"FinishTable not terminal", st.FinishTable(ctx, "t1", store.Outcome{State: store.StatePlaying}), store.ErrInvalid},
		}
		_, err := st.GetTable(ctx, "nope")
		checks = append(checks, struct {
			name string
			err  error
			want error
		}{"GetTable unknown", err, store.ErrNotFound})
		_, err = st.GetRecord(ctx, "t1")
		checks = append(checks, struct {
			name string
			err  error
			want error
		}{"GetRecord of unfinished table", err, store.ErrNotFound})
		for _, c := range checks {
			if !errors.Is(c.err, c.want) {
				t.Errorf("%s: err = %v, want %v", c.name, c.err, c.want)
			}
		}
		// The failed duplicate left the original row alone.
		got, err := st.GetTable(ctx, "t1")
		if err != nil || !got.CreatedAt.Equal(t0) {
			t.Errorf("GetTable(t1) after duplicate = %v, %v; want created at %v", got.CreatedAt, err, t0)
		}
	})
}

func TestUpdateTable(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st := open(t, b.fresh(t))
		mustCreate(t, st, table("t1", store.StateWaiting, 0))
		if err := st.UpdateTable(ctx, "t1", store.TableUpdate{Spec: []byte("seated")}); err != nil {
			t.Fatal(err)
		}
		if err := st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}); err != nil {
			t.Fatal(err)
		}
		got, err := st.GetTable(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if got.State != store.StatePlaying || string(got.Spec) != "seated" || !got.UpdatedAt.After(got.CreatedAt) {
			t.Errorf("after updates: state %q spec %q updated %v created %v", got.State, got.Spec, got.UpdatedAt, got.CreatedAt)
		}
	})
}

func TestAppendAndLoadActive(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		mustCreate(t, st,
			table("b", store.StatePlaying, 1),
			table("a", store.StateWaiting, 0),
			table("done", store.StatePlaying, 2),
			table("empty", store.StateWaiting, 3),
		)
		appendOK := func(id string, acts ...store.Action) {
			t.Helper()
			if err := st.AppendActions(ctx, id, acts); err != nil {
				t.Fatalf("AppendActions(%s): %v", id, err)
			}
		}
		appendOK("b", store.Action{Seq: 1, Seat: 0, Payload: []byte("b1")})
		appendOK("a", store.Action{Seq: 1, Seat: 1, Payload: []byte("a1")}, store.Action{Seq: 2, Seat: 0, Payload: []byte("a2")})
		appendOK("b", store.Action{Seq: 3, Seat: 1, Payload: []byte("b3")})
		appendOK("b", store.Action{Seq: 2, Seat: -1, Payload: []byte("b2")}) // stored out of order, loaded in order
		appendOK("done", store.Action{Seq: 1, Payload: []byte("d1")})
		appendOK("a", store.Action{Seq: 3, Seat: 1, Payload: nil})
		if err := st.AppendActions(ctx, "a", nil); err != nil {
			t.Errorf("AppendActions(nothing) = %v, want nil", err)
		}

		// Duplicate seq: ErrConflict, and the call is all-or-nothing (seq 4 is not stored).
		err := st.AppendActions(ctx, "a", []store.Action{{Seq: 4, Payload: []byte("a4")}, {Seq: 2, Payload: []byte("again")}})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("AppendActions(duplicate seq) err = %v, want ErrConflict", err)
		}
		err = st.AppendActions(ctx, "a", []store.Action{{Seq: 5}, {Seq: 5}})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("AppendActions(seq repeated in call) err = %v, want ErrConflict", err)
		}
		if err := st.FinishTable(ctx, "done", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner}); err != nil {
			t.Fatal(err)
		}

		check := func(st store.Store) {
			t.Helper()
			active, err := st.LoadActive(ctx)
			if err != nil {
				t.Fatal(err)
			}
			type act struct {
				Seq     int64
				Seat    int
				Payload string
			}
			got := map[string][]act{}
			var order []string
			for _, at := range active {
				order = append(order, at.ID)
				got[at.ID] = []act{}
				for _, a := range at.Actions {
					got[at.ID] = append(got[at.ID], act{a.Seq, a.Seat, string(a.Payload)})
					if a.RecordedAt.Before(t0) || a.RecordedAt.After(time.Now().Add(time.Minute)) {
						t.Errorf("%s seq %d RecordedAt = %v", at.ID, a.Seq, a.RecordedAt)
					}
				}
			}
			if want := []string{"a", "b", "empty"}; !reflect.DeepEqual(order, want) {
				t.Errorf("LoadActive order = %v, want %v", order, want)
			}
			want := map[string][]act{
				"a":     {{1, 1, "a1"}, {2, 0, "a2"}, {3, 1, ""}},
				"b":     {{1, 0, "b1"}, {2, -1, "b2"}, {3, 1, "b3"}},
				"empty": {},
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("LoadActive actions = %v, want %v", got, want)
			}
			if active[0].Spec == nil || string(active[0].Spec) != `{"seats":2,"id":"a"}` || active[0].Commitment != "c-a" {
				t.Errorf("LoadActive table a = %+v", active[0].Table)
			}
		}
		check(st)
		// The same after a restart.
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		check(open(t, u))
	})
}

func TestFinishTable(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		mustCreate(t, st, table("t1", store.StatePlaying, 0), table("t2", store.StatePlaying, 1))
		end := t0.Add(time.Hour)
		rec := []byte(`{"tableId":"t1","actions":[]}`)
		if err := st.FinishTable(ctx, "t1", store.Outcome{
			State: store.StateFinished, Result: "completed", WinnerSide: 1, Scores: "[980,1520]",
			FinishedAt: end, Record: rec, Bots: []string{"zed", "alpha", "zed"},
		}); err != nil {
			t.Fatal(err)
		}
		got, err := st.GetTable(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if got.State != store.StateFinished || got.Result != "completed" || got.WinnerSide != 1 ||
			got.Scores != "[980,1520]" || !got.FinishedAt.Equal(end) {
			t.Errorf("finished table = %+v", got)
		}
		r, err := st.GetRecord(ctx, "t1")
		if err != nil || string(r) != string(rec) {
			t.Errorf("GetRecord = %q, %v; want %q", r, err, rec)
		}
		games, _, err := st.ListGames(ctx, store.GameFilter{}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		want := []store.Game{{TableID: "t1", Variant: "rubicon", Result: "completed", WinnerSide: 1,
			Scores: "[980,1520]", FinishedAt: end, Bots: []string{"alpha", "zed"}}}
		if !reflect.DeepEqual(games, want) {
			t.Errorf("ListGames = %+v, want %+v", games, want)
		}
		// A finished table is final.
		if err := st.FinishTable(ctx, "t1", store.Outcome{State: store.StateCancelled}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("FinishTable twice err = %v, want ErrConflict", err)
		}
		if err := st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("UpdateTable(finished) err = %v, want ErrConflict", err)
		}

		// Atomicity: make the record insert fail (a stray records row for t2, written behind the
		// store's back); the table's state must not change either.
		raw := b.raw(t, u)
		if _, err := raw.Exec(rebindForTest(u, "INSERT INTO records (table_id, record, variant, finished_at, result) VALUES (?, '{}', 'x', 0, 'x')"), "t2"); err != nil {
			t.Fatal(err)
		}
		err = st.FinishTable(ctx, "t2", store.Outcome{State: store.StateFinished, Result: "forfeit", WinnerSide: 0, Record: []byte("{}")})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("FinishTable with a failing record insert err = %v, want ErrConflict", err)
		}
		got, err = st.GetTable(ctx, "t2")
		if err != nil {
			t.Fatal(err)
		}
		if got.State != store.StatePlaying || got.Result != "" || !got.FinishedAt.IsZero() || got.WinnerSide != store.NoWinner {
			t.Errorf("table after failed FinishTable = %+v, want unchanged (playing)", got)
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

func TestListGames(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		st := open(t, b.fresh(t))
		type game struct {
			id, variant, result string
			minute              int
			bots                []string
		}
		games := []game{
			{"g1", "rubicon", "completed", 10, []string{"alpha", "beta"}},
			{"g2", "classic", "forfeit", 20, []string{"alpha", "gamma"}},
			{"g3", "rubicon", "forfeit", 30, []string{"beta", "gamma"}},
			{"g4", "rubicon", "completed", 30, []string{"alpha", "delta"}}, // ties g3 on time
			{"g5", "rubicon", "cancelled", 40, nil},
		}
		for i, g := range games {
			tb := table(g.id, store.StatePlaying, i)
			tb.Variant = g.variant
			mustCreate(t, st, tb)
			if err := st.FinishTable(ctx, g.id, store.Outcome{
				State: store.StateFinished, Result: g.result, WinnerSide: 0,
				FinishedAt: t0.Add(time.Duration(g.minute) * time.Minute),
				Record:     []byte(`{"id":"` + g.id + `"}`), Bots: g.bots,
			}); err != nil {
				t.Fatal(err)
			}
		}
		// A finished table without a record is no game.
		mustCreate(t, st, table("norecord", store.StatePlaying, 9))
		if err := st.FinishTable(ctx, "norecord", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner}); err != nil {
			t.Fatal(err)
		}

		at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
		cases := []struct {
			name string
			f    store.GameFilter
			want []string
		}{
			{"all, newest first, ties by id desc", store.GameFilter{}, []string{"g5", "g4", "g3", "g2", "g1"}},
			{"bot alpha", store.GameFilter{BotName: "alpha"}, []string{"g4", "g2", "g1"}},
			{"bot gamma", store.GameFilter{BotName: "gamma"}, []string{"g3", "g2"}},
			{"bot unknown", store.GameFilter{BotName: "omega"}, []string{}},
			{"variant classic", store.GameFilter{Variant: "classic"}, []string{"g2"}},
			{"result forfeit", store.GameFilter{Result: "forfeit"}, []string{"g3", "g2"}},
			{"after 20 inclusive", store.GameFilter{FinishedAfter: at(20)}, []string{"g5", "g4", "g3", "g2"}},
			{"before 30 exclusive", store.GameFilter{FinishedBefore: at(30)}, []string{"g2", "g1"}},
			{"window [20,40)", store.GameFilter{FinishedAfter: at(20), FinishedBefore: at(40)}, []string{"g4", "g3", "g2"}},
			{"alpha, rubicon, completed", store.GameFilter{BotName: "alpha", Variant: "rubicon", Result: "completed"}, []string{"g4", "g1"}},
		}
		for _, c := range cases {
			rows, next, err := st.ListGames(ctx, c.f, 0, "")
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if got := ids(rows, gameID); !reflect.DeepEqual(got, c.want) || next != "" {
				t.Errorf("%s: ListGames = %v (next %q), want %v", c.name, got, next, c.want)
			}
		}

		// Paging two at a time through the tie at minute 30.
		var pages [][]string
		tok := ""
		for {
			rows, next, err := st.ListGames(ctx, store.GameFilter{}, 2, tok)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, ids(rows, gameID))
			if next == "" {
				break
			}
			tok = next
		}
		if want := [][]string{{"g5", "g4"}, {"g3", "g2"}, {"g1"}}; !reflect.DeepEqual(pages, want) {
			t.Errorf("ListGames pages = %v, want %v", pages, want)
		}
		rows, _, err := st.ListGames(ctx, store.GameFilter{Variant: "rubicon"}, 1, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Bots != nil || rows[0].Result != "cancelled" {
			t.Errorf("ListGames(rubicon, 1) = %+v, want g5 with no bots", rows)
		}
	})
}

// TestConcurrentAppends has 64 tables append one action at a time, as the referee does, and
// checks every acknowledged action is there after a reopen. Table 0 also sends a duplicate
// seq after every action: only its own calls may fail, not those batched with it.
func TestConcurrentAppends(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		const tables, perTable = 64, 40
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		for i := range tables {
			mustCreate(t, st, table(fmt.Sprintf("t%02d", i), store.StatePlaying, i))
		}
		var wg sync.WaitGroup
		errs := make(chan error, tables*perTable*2)
		for i := range tables {
			wg.Go(func() {
				id := fmt.Sprintf("t%02d", i)
				for seq := int64(1); seq <= perTable; seq++ {
					p := fmt.Appendf(nil, "%s/%d", id, seq)
					if err := st.AppendActions(ctx, id, []store.Action{{Seq: seq, Seat: int(seq % 2), Payload: p}}); err != nil {
						errs <- fmt.Errorf("%s seq %d: %w", id, seq, err)
					}
					if i == 0 {
						if err := st.AppendActions(ctx, id, []store.Action{{Seq: seq}}); !errors.Is(err, store.ErrConflict) {
							errs <- fmt.Errorf("%s duplicate seq %d: err = %v, want ErrConflict", id, seq, err)
						}
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}

		active, err := open(t, u).LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(active) != tables {
			t.Fatalf("LoadActive after reopen: %d tables, want %d", len(active), tables)
		}
		total := 0
		for _, at := range active {
			for j, a := range at.Actions {
				if want := fmt.Sprintf("%s/%d", at.ID, j+1); a.Seq != int64(j+1) || string(a.Payload) != want {
					t.Errorf("%s action %d = seq %d %q, want seq %d %q", at.ID, j, a.Seq, a.Payload, j+1, want)
				}
			}
			total += len(at.Actions)
		}
		if total != tables*perTable {
			t.Errorf("actions after reopen = %d, want %d", total, tables*perTable)
		}
	})
}

func TestReopenMigrationsIdempotent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st := open(t, u)
		mustCreate(t, st, table("t1", store.StateWaiting, 0))
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
		if applied != 1 || version != 1 {
			t.Errorf("goose_db_version: %d applied, version %d; want 1, 1", applied, version)
		}
	})
}

func TestClosed(t *testing.T) {
	ctx := context.Background()
	st := open(t, sqliteBackend().fresh(t))
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
	_, getErr := st.GetTable(ctx, "t1")
	for name, err := range map[string]error{
		"CreateTable":   st.CreateTable(ctx, table("t1", store.StateWaiting, 0)),
		"AppendActions": st.AppendActions(ctx, "t1", []store.Action{{Seq: 1}}),
		"GetTable":      getErr,
	} {
		if !errors.Is(err, store.ErrClosed) {
			t.Errorf("%s after Close: err = %v, want ErrClosed", name, err)
		}
	}
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

	_ = st.CreateTable(ctx, store.Table{ID: "t1", Variant: "rubicon", Spec: []byte("{}"), Seed: []byte{1}})
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
