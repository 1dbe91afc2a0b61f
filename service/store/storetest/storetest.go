package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

// Run runs the conformance suite against the backend that open opens, one subtest per clause of
// the [store.Store] contract, one after another. open is called once per subtest and returns a
// new, empty store; it may register cleanups on t (a temporary directory, a schema to drop).
// Run closes each store when its subtest ends.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Helper()
	clauses := []struct {
		name string
		fn   func(t *testing.T, st store.Store)
	}{
		{"CreateTableDefaults", testCreateTableDefaults},
		{"ListTables", testListTables},
		{"Errors", testErrors},
		{"UpdateTable", testUpdateTable},
		{"AppendAndLoadActive", testAppendAndLoadActive},
		{"FinishTable", testFinishTable},
		{"ListGames", testListGames},
		{"ConcurrentAppends", testConcurrentAppends},
		{"ConcurrentUse", testConcurrentUse},
		{"NoAliasing", testNoAliasing},
		{"Closed", testClosed},
		{"Keys", testKeys},
		{"CreateKeyFree", testCreateKeyFree},
		{"Audit", testAudit},
		{"Tournaments", testTournaments},
		{"CreateTournamentWithin", testCreateTournamentWithin},
	}
	for _, c := range clauses {
		t.Run(c.name, func(t *testing.T) {
			st := open(t)
			t.Cleanup(func() { _ = st.Close() })
			c.fn(t, st)
		})
	}
}

// T0 is the suite's clock origin; every time the suite sets is derived from it.
var T0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Table returns a two-handed table row for tests: id, state, created minute minutes after [T0],
// a small spec, seed and commitment derived from id and minute.
func Table(id string, state store.State, minute int) store.Table {
	return store.Table{
		ID:         id,
		State:      state,
		Variant:    "two-handed",
		Spec:       []byte(`{"seats":2,"id":"` + id + `"}`),
		Seed:       []byte{0xde, 0xad, byte(minute)},
		Commitment: "c-" + id,
		CreatedAt:  T0.Add(time.Duration(minute) * time.Minute),
	}
}

func mustCreate(t *testing.T, st store.Store, tables ...store.Table) {
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

// between reports whether got lies in [lo truncated to microseconds, hi], in UTC.
func between(got, lo, hi time.Time) bool {
	return got.Location() == time.UTC && !got.Before(lo.Truncate(time.Microsecond)) && !got.After(hi)
}

// testCreateTableDefaults: an empty state is waiting, a zero CreatedAt is now, UpdatedAt is
// CreatedAt, times read back in UTC truncated to microseconds, and the fields the store sets
// are ignored on create.
func testCreateTableDefaults(t *testing.T, st store.Store) {
	ctx := context.Background()
	in := Table("t1", "", 0)
	in.CreatedAt = time.Date(2026, 3, 1, 13, 0, 0, 1999, time.FixedZone("CET", 3600))
	in.UpdatedAt = T0.Add(time.Hour)
	in.FinishedAt = T0.Add(time.Hour)
	in.WinnerSide = 1
	in.Result = "completed"
	in.Scores = "[1,2]"
	mustCreate(t, st, in)
	got, err := st.GetTable(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	want := Table("t1", store.StateWaiting, 0)
	want.CreatedAt = time.Date(2026, 3, 1, 12, 0, 0, 1000, time.UTC)
	want.UpdatedAt = want.CreatedAt
	want.WinnerSide = store.NoWinner
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GetTable(t1) = %+v, want %+v", got, want)
	}

	before := time.Now()
	mustCreate(t, st, store.Table{ID: "t2", State: store.StatePlaying})
	after := time.Now()
	got, err = st.GetTable(ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	if !between(got.CreatedAt, before, after) || !got.UpdatedAt.Equal(got.CreatedAt) || got.State != store.StatePlaying ||
		len(got.Spec) != 0 || len(got.Seed) != 0 || !got.FinishedAt.IsZero() || got.WinnerSide != store.NoWinner {
		t.Errorf("GetTable(t2) = %+v, want playing, created between %v and %v, nothing else set", got, before, after)
	}
}

func testListTables(t *testing.T, st store.Store) {
	ctx := context.Background()
	// Created out of id order: listing follows created_at, then id.
	mustCreate(t, st,
		Table("t3", store.StateWaiting, 2),
		Table("t1", store.StatePlaying, 0),
		Table("t2", store.StateWaiting, 1),
		Table("t5", store.StatePlaying, 3),
		Table("t4", store.StatePlaying, 3), // same created_at as t5: id breaks the tie
	)
	if err := st.FinishTable(ctx, "t2", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner}); err != nil {
		t.Fatal(err)
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
	for state, want := range map[store.State][]string{store.StateWaiting: {"t3"}, store.StateCancelled: {"t2"}, store.StateFinished: {}} {
		rows, _, err := st.ListTables(ctx, store.TableFilter{State: state}, 0, "")
		if got := ids(rows, tableID); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ListTables(%s) = %v, %v; want %v", state, got, err, want)
		}
	}
	// The rows are whole: the same as GetTable's.
	rows, _, err = st.ListTables(ctx, store.TableFilter{State: store.StateCancelled}, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := st.GetTable(ctx, "t2"); err != nil || len(rows) != 1 || !reflect.DeepEqual(rows[0], got) {
		t.Errorf("ListTables(cancelled) = %+v; GetTable(t2) = %+v, %v", rows, got, err)
	}

	// A token names its method; a malformed one or another method's is ErrInvalid.
	for _, bad := range []string{"not base64!", "e30"} { // e30 is "{}": no kind
		if _, _, err := st.ListTables(ctx, store.TableFilter{}, 2, bad); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ListTables(token %q) err = %v, want ErrInvalid", bad, err)
		}
		if _, _, err := st.ListGames(ctx, store.GameFilter{}, 2, bad); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ListGames(token %q) err = %v, want ErrInvalid", bad, err)
		}
	}
	if _, _, err := st.ListGames(ctx, store.GameFilter{}, 2, next); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("ListGames(tables token) err = %v, want ErrInvalid", err)
	}
	if _, _, err := st.ListTables(ctx, store.TableFilter{State: "paused"}, 2, ""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("ListTables(state paused) err = %v, want ErrInvalid", err)
	}
}

func testErrors(t *testing.T, st store.Store) {
	ctx := context.Background()
	mustCreate(t, st, Table("t1", store.StateWaiting, 0))

	_, getErr := st.GetTable(ctx, "nope")
	_, recErr := st.GetRecord(ctx, "t1")
	_, noRecErr := st.GetRecord(ctx, "nope")
	checks := []struct {
		name string
		err  error
		want error
	}{
		{"CreateTable duplicate id", st.CreateTable(ctx, Table("t1", store.StateWaiting, 5)), store.ErrConflict},
		{"CreateTable empty id", st.CreateTable(ctx, Table("", store.StateWaiting, 0)), store.ErrInvalid},
		{"CreateTable finished", st.CreateTable(ctx, Table("t9", store.StateFinished, 0)), store.ErrInvalid},
		{"CreateTable unknown state", st.CreateTable(ctx, Table("t9", "paused", 0)), store.ErrInvalid},
		{"UpdateTable unknown", st.UpdateTable(ctx, "nope", store.TableUpdate{State: store.StatePlaying}), store.ErrNotFound},
		{"UpdateTable to finished", st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StateFinished}), store.ErrInvalid},
		{"AppendActions unknown table", st.AppendActions(ctx, "nope", []store.Action{{Seq: 1}}), store.ErrNotFound},
		{"FinishTable unknown", st.FinishTable(ctx, "nope", store.Outcome{State: store.StateFinished}), store.ErrNotFound},
		{"FinishTable not terminal", st.FinishTable(ctx, "t1", store.Outcome{State: store.StatePlaying}), store.ErrInvalid},
		{"GetTable unknown", getErr, store.ErrNotFound},
		{"GetRecord of unfinished table", recErr, store.ErrNotFound},
		{"GetRecord unknown", noRecErr, store.ErrNotFound},
	}
	for _, c := range checks {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, c.err, c.want)
		}
	}
	// The failed calls left t1 as it was, and created nothing.
	got, err := st.GetTable(ctx, "t1")
	if err != nil || !got.CreatedAt.Equal(T0) || got.State != store.StateWaiting {
		t.Errorf("GetTable(t1) after failed calls = %+v, %v; want waiting, created at %v", got, err, T0)
	}
	rows, _, err := st.ListTables(ctx, store.TableFilter{}, 0, "")
	if got := ids(rows, tableID); err != nil || !reflect.DeepEqual(got, []string{"t1"}) {
		t.Errorf("ListTables after failed calls = %v, %v; want [t1]", got, err)
	}
}

// testUpdateTable: state and spec change separately, UpdatedAt moves to now, and an ended
// table no longer changes.
func testUpdateTable(t *testing.T, st store.Store) {
	ctx := context.Background()
	mustCreate(t, st, Table("t1", store.StateWaiting, 0), Table("t2", store.StatePlaying, 1))
	before := time.Now()
	if err := st.UpdateTable(ctx, "t1", store.TableUpdate{Spec: []byte("seated")}); err != nil {
		t.Fatal(err)
	}
	got, err := st.GetTable(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.StateWaiting || string(got.Spec) != "seated" || !between(got.UpdatedAt, before, time.Now()) || !got.CreatedAt.Equal(T0) {
		t.Errorf("after spec update: %+v", got)
	}
	if err := st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}); err != nil {
		t.Fatal(err)
	}
	got, err = st.GetTable(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.StatePlaying || string(got.Spec) != "seated" {
		t.Errorf("after state update: state %q spec %q, want playing, seated", got.State, got.Spec)
	}
	if err := st.UpdateTable(ctx, "t2", store.TableUpdate{State: store.StateWaiting}); err != nil {
		t.Fatal(err)
	}
	if got, err := st.GetTable(ctx, "t2"); err != nil || got.State != store.StateWaiting {
		t.Errorf("playing back to waiting: %q, %v", got.State, err)
	}

	if err := st.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished, Result: "completed"}); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishTable(ctx, "t2", store.Outcome{State: store.StateCancelled, Result: "cancelled"}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"t1", "t2"} {
		for _, u := range []store.TableUpdate{{State: store.StatePlaying}, {Spec: []byte("late")}, {}} {
			if err := st.UpdateTable(ctx, id, u); !errors.Is(err, store.ErrConflict) {
				t.Errorf("UpdateTable(%s, %+v) after the end: err = %v, want ErrConflict", id, u, err)
			}
		}
	}
	if got, err := st.GetTable(ctx, "t1"); err != nil || string(got.Spec) != "seated" || got.State != store.StateFinished {
		t.Errorf("ended table after refused updates = %+v, %v", got, err)
	}
}

// testAppendAndLoadActive: actions are appended in Seq order (gaps allowed; a repeated, older or
// unordered seq, or an ended table, is ErrConflict), a call is all-or-nothing, and LoadActive
// returns only waiting and playing tables, oldest first, with their actions in Seq order, each
// with the Kind it was appended with.
func testAppendAndLoadActive(t *testing.T, st store.Store) {
	ctx := context.Background()
	if active, err := st.LoadActive(ctx); err != nil || len(active) != 0 {
		t.Errorf("LoadActive of an empty store = %v, %v; want none", active, err)
	}
	mustCreate(t, st,
		Table("b", store.StatePlaying, 1),
		Table("a", store.StateWaiting, 0),
		Table("done", store.StatePlaying, 2),
		Table("empty", store.StateWaiting, 3),
		Table("c", store.StatePlaying, 1), // same created_at as b: id breaks the tie
	)
	appendOK := func(id string, acts ...store.Action) {
		t.Helper()
		if err := st.AppendActions(ctx, id, acts); err != nil {
			t.Fatalf("AppendActions(%s): %v", id, err)
		}
	}
	before := time.Now()
	appendOK("b", store.Action{Seq: 1, Seat: 0, Payload: []byte("b1")})
	appendOK("a", store.Action{Seq: 1, Seat: 1, Payload: []byte("a1")}, store.Action{Seq: 2, Seat: 0, Kind: 7, Payload: []byte("a2")})
	appendOK("b", store.Action{Seq: 2, Seat: -1, Kind: 1, Payload: []byte("b2")})
	appendOK("b", store.Action{Seq: 3, Seat: 1, Payload: []byte("b3")})
	appendOK("done", store.Action{Seq: 1, Payload: []byte("d1")})
	appendOK("a", store.Action{Seq: 3, Seat: 1, Payload: nil, RecordedAt: T0}) // RecordedAt is the store's
	appendOK("c", store.Action{Seq: 7, Payload: []byte("c7")})
	after := time.Now()
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
	err = st.AppendActions(ctx, "c", []store.Action{{Seq: 9}, {Seq: 8}})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendActions(seqs out of order in call) err = %v, want ErrConflict", err)
	}
	err = st.AppendActions(ctx, "c", []store.Action{{Seq: 6, Payload: []byte("c6")}})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendActions(seq below the last stored) err = %v, want ErrConflict", err)
	}
	if err := st.FinishTable(ctx, "done", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner}); err != nil {
		t.Fatal(err)
	}
	err = st.AppendActions(ctx, "done", []store.Action{{Seq: 2}})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendActions(ended table) err = %v, want ErrConflict", err)
	}

	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	type act struct {
		Seq     int64
		Seat    int
		Kind    int
		Payload string
	}
	got := map[string][]act{}
	var order []string
	for _, at := range active {
		order = append(order, at.ID)
		got[at.ID] = []act{}
		for _, a := range at.Actions {
			got[at.ID] = append(got[at.ID], act{a.Seq, a.Seat, a.Kind, string(a.Payload)})
			if !between(a.RecordedAt, before, after) {
				t.Errorf("%s seq %d RecordedAt = %v, want between %v and %v", at.ID, a.Seq, a.RecordedAt, before, after)
			}
		}
	}
	if want := []string{"a", "b", "c", "empty"}; !reflect.DeepEqual(order, want) {
		t.Errorf("LoadActive order = %v, want %v", order, want)
	}
	want := map[string][]act{
		"a":     {{1, 1, 0, "a1"}, {2, 0, 7, "a2"}, {3, 1, 0, ""}},
		"b":     {{1, 0, 0, "b1"}, {2, -1, 1, "b2"}, {3, 1, 0, "b3"}},
		"c":     {{7, 0, 0, "c7"}},
		"empty": {},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LoadActive actions = %v, want %v", got, want)
	}
	if len(active) > 0 {
		row, err := st.GetTable(ctx, "a")
		if err != nil || !reflect.DeepEqual(active[0].Table, row) {
			t.Errorf("LoadActive table a = %+v; GetTable(a) = %+v, %v", active[0].Table, row, err)
		}
	}
}

// testFinishTable: the terminal state, summary, record and bot names are written together; a
// zero FinishedAt is now; an ended table is final.
func testFinishTable(t *testing.T, st store.Store) {
	ctx := context.Background()
	mustCreate(t, st, Table("t1", store.StatePlaying, 0), Table("t2", store.StateWaiting, 1), Table("t3", store.StatePlaying, 2))
	end := T0.Add(time.Hour + 1500*time.Nanosecond) // read back truncated to the microsecond
	rec := []byte(`{"tableId":"t1","actions":[]}`)
	before := time.Now()
	if err := st.FinishTable(ctx, "t1", store.Outcome{
		State: store.StateFinished, Result: "completed", WinnerSide: 1, Scores: "[980,1520]",
		FinishedAt: end, Record: rec, Bots: []string{"zed", "alpha", "zed"},
	}); err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	got, err := st.GetTable(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	want := Table("t1", store.StateFinished, 0)
	want.Result, want.WinnerSide, want.Scores = "completed", 1, "[980,1520]"
	want.FinishedAt = T0.Add(time.Hour + time.Microsecond)
	if !between(got.UpdatedAt, before, after) {
		t.Errorf("finished table UpdatedAt = %v, want between %v and %v", got.UpdatedAt, before, after)
	}
	want.UpdatedAt = got.UpdatedAt
	if !reflect.DeepEqual(got, want) {
		t.Errorf("finished table = %+v, want %+v", got, want)
	}
	r, err := st.GetRecord(ctx, "t1")
	if err != nil || string(r) != string(rec) {
		t.Errorf("GetRecord = %q, %v; want %q", r, err, rec)
	}
	games, next, err := st.ListGames(ctx, store.GameFilter{}, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	wantGames := []store.Game{{TableID: "t1", Variant: "two-handed", Result: "completed", WinnerSide: 1,
		Scores: "[980,1520]", FinishedAt: want.FinishedAt, Bots: []string{"alpha", "zed"}}}
	if !reflect.DeepEqual(games, wantGames) || next != "" {
		t.Errorf("ListGames = %+v (next %q), want %+v", games, next, wantGames)
	}

	// Cancelled from waiting, with no record and no FinishedAt: finished now, no game; the
	// reason is kept on the row.
	before = time.Now()
	if err := st.FinishTable(ctx, "t2", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner,
		Reason: "stored log cannot be replayed", Bots: []string{"alpha"}}); err != nil {
		t.Fatal(err)
	}
	after = time.Now()
	got, err = st.GetTable(ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	if got.State != store.StateCancelled || got.Result != "cancelled" || got.WinnerSide != store.NoWinner ||
		got.Scores != "" || got.Reason != "stored log cannot be replayed" || !between(got.FinishedAt, before, after) {
		t.Errorf("cancelled table = %+v", got)
	}
	if _, err := st.GetRecord(ctx, "t2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRecord(no record) err = %v, want ErrNotFound", err)
	}
	games, _, err = st.ListGames(ctx, store.GameFilter{BotName: "alpha"}, 0, "")
	if got := ids(games, gameID); err != nil || !reflect.DeepEqual(got, []string{"t1"}) {
		t.Errorf("ListGames(alpha) = %v, %v; want [t1]: a table without a record is no game", got, err)
	}

	// A finished table is final: the second FinishTable changes nothing.
	for _, id := range []string{"t1", "t2"} {
		if err := st.FinishTable(ctx, id, store.Outcome{State: store.StateCancelled, Result: "again", Record: []byte("{}")}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("FinishTable(%s) twice err = %v, want ErrConflict", id, err)
		}
	}
	if got, err := st.GetTable(ctx, "t1"); err != nil || got.Result != "completed" || got.State != store.StateFinished {
		t.Errorf("t1 after a second FinishTable = %+v, %v", got, err)
	}
	if r, err := st.GetRecord(ctx, "t2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRecord(t2) after a refused FinishTable = %q, %v; want ErrNotFound", r, err)
	}

	// An empty record is a record.
	if err := st.FinishTable(ctx, "t3", store.Outcome{State: store.StateFinished, Result: "forfeit", WinnerSide: 0, FinishedAt: end, Record: []byte{}}); err != nil {
		t.Fatal(err)
	}
	if r, err := st.GetRecord(ctx, "t3"); err != nil || len(r) != 0 {
		t.Errorf("GetRecord(empty record) = %q, %v; want empty, nil", r, err)
	}
	games, _, err = st.ListGames(ctx, store.GameFilter{}, 0, "")
	if got := ids(games, gameID); err != nil || !reflect.DeepEqual(got, []string{"t3", "t1"}) {
		t.Errorf("ListGames = %v, %v; want [t3 t1]", got, err)
	}
}

func testListGames(t *testing.T, st store.Store) {
	ctx := context.Background()
	type game struct {
		id, variant, result string
		minute              int
		bots                []string
	}
	games := []game{
		{"g1", "two-handed", "completed", 10, []string{"alpha", "beta"}},
		{"g2", "four-handed", "forfeit", 20, []string{"alpha", "gamma"}},
		{"g3", "two-handed", "forfeit", 30, []string{"beta", "gamma"}},
		{"g4", "two-handed", "completed", 30, []string{"alpha", "delta"}}, // ties g3 on time
		{"g5", "two-handed", "cancelled", 40, nil},
	}
	for i, g := range games {
		tb := Table(g.id, store.StatePlaying, i)
		tb.Variant = g.variant
		mustCreate(t, st, tb)
		if err := st.FinishTable(ctx, g.id, store.Outcome{
			State: store.StateFinished, Result: g.result, WinnerSide: i % 2, Scores: fmt.Sprintf("[%d,0]", i),
			FinishedAt: T0.Add(time.Duration(g.minute) * time.Minute),
			Record:     []byte(`{"id":"` + g.id + `"}`), Bots: g.bots,
		}); err != nil {
			t.Fatal(err)
		}
	}
	// A finished table without a record is no game, nor is an active table.
	mustCreate(t, st, Table("norecord", store.StatePlaying, 9), Table("active", store.StatePlaying, 10))
	if err := st.FinishTable(ctx, "norecord", store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner}); err != nil {
		t.Fatal(err)
	}

	at := func(m int) time.Time { return T0.Add(time.Duration(m) * time.Minute) }
	cases := []struct {
		name string
		f    store.GameFilter
		want []string
	}{
		{"all, newest first, ties by id desc", store.GameFilter{}, []string{"g5", "g4", "g3", "g2", "g1"}},
		{"bot alpha", store.GameFilter{BotName: "alpha"}, []string{"g4", "g2", "g1"}},
		{"bot gamma", store.GameFilter{BotName: "gamma"}, []string{"g3", "g2"}},
		{"bot unknown", store.GameFilter{BotName: "omega"}, []string{}},
		{"bot name is exact", store.GameFilter{BotName: "alph"}, []string{}},
		{"variant four-handed", store.GameFilter{Variant: "four-handed"}, []string{"g2"}},
		{"result forfeit", store.GameFilter{Result: "forfeit"}, []string{"g3", "g2"}},
		{"after 20 inclusive", store.GameFilter{FinishedAfter: at(20)}, []string{"g5", "g4", "g3", "g2"}},
		{"before 30 exclusive", store.GameFilter{FinishedBefore: at(30)}, []string{"g2", "g1"}},
		{"window [20,40)", store.GameFilter{FinishedAfter: at(20), FinishedBefore: at(40)}, []string{"g4", "g3", "g2"}},
		{"alpha, two-handed, completed", store.GameFilter{BotName: "alpha", Variant: "two-handed", Result: "completed"}, []string{"g4", "g1"}},
		{"without id prefix g3", store.GameFilter{WithoutIDPrefix: "g3"}, []string{"g5", "g4", "g2", "g1"}},
		{"without id prefix g", store.GameFilter{WithoutIDPrefix: "g"}, []string{}},
		{"an id prefix taken as it is", store.GameFilter{WithoutIDPrefix: "g_"}, []string{"g5", "g4", "g3", "g2", "g1"}},
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

	// Paging two at a time through the tie at minute 30, and with a filter.
	for _, p := range []struct {
		f    store.GameFilter
		want [][]string
	}{
		{store.GameFilter{}, [][]string{{"g5", "g4"}, {"g3", "g2"}, {"g1"}}},
		{store.GameFilter{BotName: "alpha"}, [][]string{{"g4", "g2"}, {"g1"}}},
	} {
		var pages [][]string
		tok := ""
		for {
			rows, next, err := st.ListGames(ctx, p.f, 2, tok)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, ids(rows, gameID))
			if next == "" {
				break
			}
			tok = next
		}
		if !reflect.DeepEqual(pages, p.want) {
			t.Errorf("ListGames(%+v) pages = %v, want %v", p.f, pages, p.want)
		}
	}
	rows, next, err := st.ListGames(ctx, store.GameFilter{Variant: "two-handed"}, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Game{{TableID: "g5", Variant: "two-handed", Result: "cancelled", WinnerSide: 0, Scores: "[4,0]", FinishedAt: at(40)}}
	if !reflect.DeepEqual(rows, want) || next == "" {
		t.Errorf("ListGames(two-handed, 1) = %+v (next %q), want %+v with no bots and a next page", rows, next, want)
	}
	// The token of a ListGames page is no ListTables token.
	if _, _, err := st.ListTables(ctx, store.TableFilter{}, 2, next); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("ListTables(games token) err = %v, want ErrInvalid", err)
	}
}

// testConcurrentAppends has 32 tables append one action at a time, as the referee does, and
// checks every acknowledged action is there. Table 0 also sends a duplicate seq after every
// action: only its own calls may fail, not those committed with it.
func testConcurrentAppends(t *testing.T, st store.Store) {
	const tables, perTable = 32, 20
	ctx := context.Background()
	for i := range tables {
		mustCreate(t, st, Table(fmt.Sprintf("t%02d", i), store.StatePlaying, i))
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
	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != tables {
		t.Fatalf("LoadActive: %d tables, want %d", len(active), tables)
	}
	total := 0
	for _, at := range active {
		for j, a := range at.Actions {
			if want := fmt.Sprintf("%s/%d", at.ID, j+1); a.Seq != int64(j+1) || string(a.Payload) != want || a.Seat != (j+1)%2 {
				t.Errorf("%s action %d = seq %d seat %d %q, want seq %d seat %d %q", at.ID, j, a.Seq, a.Seat, a.Payload, j+1, (j+1)%2, want)
			}
		}
		total += len(at.Actions)
	}
	if total != tables*perTable {
		t.Errorf("actions = %d, want %d", total, tables*perTable)
	}
}

// testConcurrentUse: the store is safe for concurrent use. Tables go through their whole life
// at once while readers list them; in the end every table and game is there.
func testConcurrentUse(t *testing.T, st store.Store) {
	const tables = 8
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprintf("t%d", i)
			steps := []func() error{
				func() error { return st.CreateTable(ctx, Table(id, store.StateWaiting, i)) },
				func() error {
					return st.UpdateTable(ctx, id, store.TableUpdate{State: store.StatePlaying, Spec: []byte(id)})
				},
				func() error { return st.AppendActions(ctx, id, []store.Action{{Seq: 1}, {Seq: 2}}) },
				func() error {
					return st.FinishTable(ctx, id, store.Outcome{State: store.StateFinished, Result: "completed",
						FinishedAt: T0.Add(time.Duration(i) * time.Minute), Record: []byte(id), Bots: []string{"alpha", id}})
				},
			}
			for _, step := range steps {
				if err := step(); err != nil {
					t.Errorf("table %s: %v", id, err)
					return
				}
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for range 2 * tables {
				for _, err := range []error{
					second(st.ListTables(ctx, store.TableFilter{}, 0, "")),
					second(st.ListGames(ctx, store.GameFilter{BotName: "alpha"}, 0, "")),
					first(st.LoadActive(ctx)),
				} {
					if err != nil {
						t.Error(err)
					}
				}
			}
		})
	}
	wg.Wait()
	games, _, err := st.ListGames(ctx, store.GameFilter{BotName: "alpha"}, 0, "")
	want := []string{"t7", "t6", "t5", "t4", "t3", "t2", "t1", "t0"}
	if got := ids(games, gameID); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ListGames(alpha) = %v, %v; want %v", got, err, want)
	}
	if active, err := st.LoadActive(ctx); err != nil || len(active) != 0 {
		t.Errorf("LoadActive = %d tables, %v; want none", len(active), err)
	}
}

// first and second return the error of a two- or three-result call.
func first[A any](_ A, err error) error          { return err }
func second[A, B any](_ A, _ B, err error) error { return err }

// testNoAliasing: the store keeps its own copies. Changing a slice after passing it in, or one
// that the store returned, changes nothing stored.
func testNoAliasing(t *testing.T, st store.Store) {
	ctx := context.Background()
	in := Table("t1", store.StatePlaying, 0)
	mustCreate(t, st, in)
	in.Spec[0], in.Seed[0] = 'X', 'X'
	spec := []byte("spec2")
	if err := st.UpdateTable(ctx, "t1", store.TableUpdate{Spec: spec}); err != nil {
		t.Fatal(err)
	}
	spec[0] = 'X'
	acts := []store.Action{{Seq: 1, Payload: []byte("p1")}, {Seq: 2, Payload: []byte("p2")}}
	if err := st.AppendActions(ctx, "t1", acts); err != nil {
		t.Fatal(err)
	}
	acts[0].Payload[0], acts[1].Seq = 'X', 9

	got, err := st.GetTable(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	got.Spec[0], got.Seed[0] = 'Y', 'Y'
	active, err := st.LoadActive(ctx)
	if err != nil || len(active) != 1 || len(active[0].Actions) != 2 {
		t.Fatalf("LoadActive = %+v, %v; want t1 with 2 actions", active, err)
	}
	active[0].Spec[0], active[0].Seed[0], active[0].Actions[0].Payload[0] = 'Z', 'Z', 'Z'
	rows, _, err := st.ListTables(ctx, store.TableFilter{}, 0, "")
	if err != nil || len(rows) != 1 {
		t.Fatalf("ListTables = %+v, %v; want t1", rows, err)
	}
	rows[0].Spec[0], rows[0].Seed[0] = 'W', 'W'

	active, err = st.LoadActive(ctx)
	if err != nil || len(active) != 1 {
		t.Fatalf("LoadActive = %+v, %v; want t1", active, err)
	}
	a := active[0]
	if string(a.Spec) != "spec2" || string(a.Seed) != "\xde\xad\x00" || len(a.Actions) != 2 ||
		a.Actions[0].Seq != 1 || string(a.Actions[0].Payload) != "p1" || a.Actions[1].Seq != 2 || string(a.Actions[1].Payload) != "p2" {
		t.Errorf("LoadActive after changing slices in and out = %+v", a)
	}

	rec, bots := []byte(`{"r":1}`), []string{"beta", "alpha"}
	if err := st.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished, Result: "completed", FinishedAt: T0, Record: rec, Bots: bots}); err != nil {
		t.Fatal(err)
	}
	rec[0], bots[0] = 'X', "omega"
	r, err := st.GetRecord(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	r[0] = 'Y'
	games, _, err := st.ListGames(ctx, store.GameFilter{}, 0, "")
	if err != nil || len(games) != 1 {
		t.Fatalf("ListGames = %+v, %v; want t1", games, err)
	}
	games[0].Bots[0] = "omega"
	if r, err := st.GetRecord(ctx, "t1"); err != nil || string(r) != `{"r":1}` {
		t.Errorf("GetRecord after changing slices in and out = %q, %v", r, err)
	}
	games, _, err = st.ListGames(ctx, store.GameFilter{BotName: "alpha"}, 0, "")
	if err != nil || len(games) != 1 || !reflect.DeepEqual(games[0].Bots, []string{"alpha", "beta"}) {
		t.Errorf("ListGames(alpha) after changing slices in and out = %+v, %v", games, err)
	}
}

// testClosed: after Close every method returns ErrClosed, and Close may be called again.
func testClosed(t *testing.T, st store.Store) {
	ctx := context.Background()
	mustCreate(t, st, Table("t1", store.StateWaiting, 0))
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
	_, getErr := st.GetTable(ctx, "t1")
	_, _, listErr := st.ListTables(ctx, store.TableFilter{}, 0, "")
	_, loadErr := st.LoadActive(ctx)
	_, recErr := st.GetRecord(ctx, "t1")
	_, _, gamesErr := st.ListGames(ctx, store.GameFilter{}, 0, "")
	for name, err := range map[string]error{
		"CreateTable":   st.CreateTable(ctx, Table("t2", store.StateWaiting, 0)),
		"GetTable":      getErr,
		"ListTables":    listErr,
		"UpdateTable":   st.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}),
		"AppendActions": st.AppendActions(ctx, "t1", []store.Action{{Seq: 1}}),
		"FinishTable":   st.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished}),
		"LoadActive":    loadErr,
		"GetRecord":     recErr,
		"ListGames":     gamesErr,
	} {
		if !errors.Is(err, store.ErrClosed) {
			t.Errorf("%s after Close: err = %v, want ErrClosed", name, err)
		}
	}
}
