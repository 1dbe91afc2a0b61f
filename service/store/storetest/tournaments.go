package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

// testTournaments: a tournament is stored running with its seed, salt and spec; its games are
// stored once each and listed in game order whatever the order of the writes; it ends once; the
// errors are the contract's.
func testTournaments(t *testing.T, st store.Store) {
	ctx := context.Background()
	mk := func(id string, minute int) store.Tournament {
		return store.Tournament{ID: id, Spec: []byte(`{"format":"round-robin"}`), Seed: []byte{1, 2, 3}, Salt: []byte{0xff, 0},
			Commitment: "c-" + id, CreatedAt: T0.Add(time.Duration(minute) * time.Minute), Creator: "k-" + id}
	}
	for _, tr := range []store.Tournament{mk("b", 2), mk("a", 2), mk("c", 1)} {
		if err := st.CreateTournament(ctx, tr, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CreateTournament(ctx, mk("a", 5), nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateTournament(a) again: %v, want ErrConflict", err)
	}
	if err := st.CreateTournament(ctx, mk("", 5), nil); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("CreateTournament(\"\"): %v, want ErrInvalid", err)
	}
	got, err := st.GetTournament(ctx, "a")
	want := mk("a", 2)
	want.State = store.TournamentRunning
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("GetTournament(a) = %+v, %v; want %+v", got, err, want)
	}
	if _, err := st.GetTournament(ctx, "zz"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetTournament(zz): %v, want ErrNotFound", err)
	}
	if got := listTournamentIDs(t, st, store.TournamentFilter{}, 0); got != "[c a b]" {
		t.Errorf("ListTournaments: %v, want [c a b]", got)
	}
	if got := listTournamentIDs(t, st, store.TournamentFilter{}, 2); got != "[c a] [b]" {
		t.Errorf("ListTournaments by pages of 2: %v, want [c a] [b]", got)
	}
	newest := store.TournamentFilter{NewestFirst: true}
	if got := listTournamentIDs(t, st, newest, 0); got != "[b a c]" {
		t.Errorf("ListTournaments newest first: %v, want [b a c]", got)
	}
	if got := listTournamentIDs(t, st, newest, 2); got != "[b a] [c]" {
		t.Errorf("ListTournaments newest first by pages of 2: %v, want [b a] [c]", got)
	}
	// A page token is for the order that issued it: one of the other order is refused.
	for _, f := range []store.TournamentFilter{{}, newest} {
		_, tok, err := st.ListTournaments(ctx, f, 1, "")
		if err != nil || tok == "" {
			t.Fatalf("ListTournaments(%+v) by pages of 1: next page %q, %v", f, tok, err)
		}
		other := store.TournamentFilter{NewestFirst: !f.NewestFirst}
		if page, _, err := st.ListTournaments(ctx, other, 1, tok); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ListTournaments(%+v) with a page token of %+v: %v, %v; want ErrInvalid", other, f, page, err)
		}
	}
	for _, tok := range []string{"x", "eyJrIjoidGFibGVzIiwidCI6MCwiaSI6IiJ9"} { // not base64 JSON; a token of ListTables
		if _, _, err := st.ListTournaments(ctx, store.TournamentFilter{}, 0, tok); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("ListTournaments(page token %q): %v, want ErrInvalid", tok, err)
		}
	}
	if _, _, err := st.ListTournaments(ctx, store.TournamentFilter{State: "ended"}, 0, ""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("ListTournaments(state ended): %v, want ErrInvalid", err)
	}
	for _, n := range []int{2, 0, 1} {
		g := store.TournamentGame{TournamentID: "a", Game: n, TableID: fmt.Sprintf("a-%d", n), Result: []byte(fmt.Sprintf(`{"game":%d}`, n)),
			FinishedAt: T0.Add(time.Duration(n) * time.Second)}
		if err := st.AddTournamentGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "a", Game: 1, TableID: "x", Result: []byte("{}")}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddTournamentGame(a, 1) again: %v, want ErrConflict", err)
	}
	if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "zz", Game: 0, TableID: "x", Result: []byte("{}")}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AddTournamentGame(zz): %v, want ErrNotFound", err)
	}
	games, err := st.ListTournamentGames(ctx, "a")
	if err != nil || len(games) != 3 {
		t.Fatalf("ListTournamentGames(a) = %v, %v", games, err)
	}
	for i, g := range games {
		want := store.TournamentGame{TournamentID: "a", Game: i, TableID: fmt.Sprintf("a-%d", i), Result: []byte(fmt.Sprintf(`{"game":%d}`, i)),
			FinishedAt: T0.Add(time.Duration(i) * time.Second)}
		if !reflect.DeepEqual(g, want) {
			t.Errorf("game %d = %+v, want %+v", i, g, want)
		}
	}
	if games, err := st.ListTournamentGames(ctx, "b"); err != nil || len(games) != 0 {
		t.Errorf("ListTournamentGames(b) = %v, %v; want none", games, err)
	}
	if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "c", Game: 4, TableID: "c-4", Result: []byte("{}"), FinishedAt: T0}); err != nil {
		t.Fatal(err)
	}
	// Several tournaments in one read: each one's games together, in game order.
	games, err = st.ListTournamentGames(ctx, "c", "zz", "a")
	var keys []string
	for _, g := range games {
		keys = append(keys, fmt.Sprintf("%s/%d", g.TournamentID, g.Game))
	}
	if got := strings.Join(keys, " "); err != nil || (got != "a/0 a/1 a/2 c/4" && got != "c/4 a/0 a/1 a/2") {
		t.Errorf("ListTournamentGames(c, zz, a) = %s, %v; want a's three games and c's one, each tournament's together in game order", got, err)
	}
	if games, err := st.ListTournamentGames(ctx); err != nil || len(games) != 0 {
		t.Errorf("ListTournamentGames() = %v, %v; want none", games, err)
	}
	// The counts of several tournaments' games in one read: none for one without games or unknown.
	if n, err := st.CountTournamentGames(ctx, "c", "zz", "a", "b"); err != nil || !reflect.DeepEqual(n, map[string]int{"a": 3, "c": 1}) {
		t.Errorf("CountTournamentGames(c, zz, a, b) = %v, %v; want map[a:3 c:1]", n, err)
	}
	if n, err := st.CountTournamentGames(ctx); err != nil || len(n) != 0 {
		t.Errorf("CountTournamentGames() = %v, %v; want none", n, err)
	}
	// A tournament's results by pages in the order stored (by time, then game), after a game.
	for _, g := range []struct{ game, at int }{{3, 1}, {1, 2}, {0, 2}, {2, 3}, {4, 0}} {
		if err := st.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "b", Game: g.game, TableID: fmt.Sprintf("b-%d", g.game),
			Result: []byte(fmt.Sprintf(`{"game":%d}`, g.game)), FinishedAt: T0.Add(time.Duration(g.at) * time.Second)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		after, limit int
		want         string
	}{{-1, 2, "4 3"}, {3, 2, "0 1"}, {1, 9, "2"}, {2, 9, ""}, {-1, 9, "4 3 0 1 2"}} {
		games, err := st.ListTournamentResults(ctx, "b", tc.after, tc.limit)
		var got []string
		for _, g := range games {
			got = append(got, fmt.Sprint(g.Game))
			if string(g.Result) != fmt.Sprintf(`{"game":%d}`, g.Game) || g.TableID != fmt.Sprintf("b-%d", g.Game) {
				t.Errorf("ListTournamentResults(b, %d, %d): game %d as %+v", tc.after, tc.limit, g.Game, g)
			}
		}
		if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("ListTournamentResults(b, %d, %d) = games %q, %v; want %q", tc.after, tc.limit, got, err, tc.want)
		}
	}
	if _, err := st.ListTournamentResults(ctx, "b", 7, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ListTournamentResults(b, after game 7): %v, want ErrNotFound", err)
	}
	if games, err := st.ListTournamentResults(ctx, "zz", -1, 2); err != nil || len(games) != 0 {
		t.Errorf("ListTournamentResults(zz) = %v, %v; want none", games, err)
	}
	// A table of a tournament's game names it (a Leaser creates it only under the tournament's
	// lease, which this store holds: it created the tournament).
	if err := st.CreateTable(ctx, store.Table{ID: "a-3", Variant: "two-handed", Tournament: "a", CreatedAt: T0}); err != nil {
		t.Fatal(err)
	}
	if got, err := st.GetTable(ctx, "a-3"); err != nil || got.Tournament != "a" {
		t.Errorf("GetTable(a-3) = %+v, %v; want Tournament a", got, err)
	}
	// The tables of a tournament's games, whatever its schedule: a-3's alone, none for another.
	if err := st.CreateTable(ctx, store.Table{ID: "t-own", Variant: "two-handed", CreatedAt: T0}); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string][]string{"a": {"a-3"}, "b": nil, "zz": nil} {
		if got, err := st.TournamentTables(ctx, id); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("TournamentTables(%s) = %q, %v; want %q", id, got, err, want)
		}
	}
	if err := st.FinishTournament(ctx, "a", store.TournamentRunning, T0); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("FinishTournament(a, running): %v, want ErrInvalid", err)
	}
	if err := st.FinishTournament(ctx, "a", store.TournamentFinished, T0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishTournament(ctx, "a", store.TournamentCancelled, T0); !errors.Is(err, store.ErrConflict) {
		t.Errorf("FinishTournament(a) again: %v, want ErrConflict", err)
	}
	if err := st.FinishTournament(ctx, "zz", store.TournamentFinished, T0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("FinishTournament(zz): %v, want ErrNotFound", err)
	}
	if got, err := st.GetTournament(ctx, "a"); err != nil || got.State != store.TournamentFinished || !got.FinishedAt.Equal(T0.Add(time.Hour)) {
		t.Errorf("GetTournament(a) after finishing = %+v, %v", got, err)
	}
	if err := st.FinishTournament(ctx, "c", store.TournamentCancelled, T0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	for state, want := range map[store.TournamentState]string{store.TournamentRunning: "[b]", store.TournamentFinished: "[a]", store.TournamentCancelled: "[c]"} {
		if got := listTournamentIDs(t, st, store.TournamentFilter{State: state}, 1); got != want {
			t.Errorf("ListTournaments(state %s) by pages of 1: %v, want %v", state, got, want)
		}
	}
	if got := listTournamentIDs(t, st, store.TournamentFilter{}, 1); got != "[c] [a] [b]" {
		t.Errorf("ListTournaments by pages of 1: %v, want [c] [a] [b]", got)
	}
	for state, want := range map[store.TournamentState]string{"": "[b] [a] [c]", store.TournamentRunning: "[b]", store.TournamentCancelled: "[c]"} {
		if got := listTournamentIDs(t, st, store.TournamentFilter{State: state, NewestFirst: true}, 1); got != want {
			t.Errorf("ListTournaments(state %q) newest first by pages of 1: %v, want %v", state, got, want)
		}
	}
}

// listTournamentIDs follows the pages of ListTournaments (pageSize, f) and returns the ids of each
// page, as "[c a] [b]".
func listTournamentIDs(t *testing.T, st store.Store, f store.TournamentFilter, pageSize int) string {
	t.Helper()
	var pages []string
	tok := ""
	for {
		page, next, err := st.ListTournaments(context.Background(), f, pageSize, tok)
		if err != nil {
			t.Fatalf("ListTournaments(%+v, %d, %q): %v", f, pageSize, tok, err)
		}
		var ids []string
		for _, tr := range page {
			ids = append(ids, tr.ID)
		}
		pages = append(pages, fmt.Sprint(ids))
		if next == "" {
			return strings.Join(pages, " ")
		}
		tok = next
	}
}

// testCreateTournamentWithin: CreateTournament calls within with the running tournaments of the
// new one's creator (not another creator's, not one that ended); within's error is returned as
// it is and stores nothing; CreateTournament calls of one creator made at once run their within
// one after another, so a within refusing a second running tournament lets one through
// ([OneRunningTournament]).
func testCreateTournamentWithin(t *testing.T, st store.Store) {
	ctx := context.Background()
	mk := func(id, creator string) store.Tournament {
		return store.Tournament{ID: id, Spec: []byte("{}"), Seed: []byte{1}, Salt: []byte{2}, Commitment: "c", CreatedAt: T0, Creator: creator}
	}
	for _, tr := range []store.Tournament{mk("a", "k-1"), mk("b", "k-1"), mk("c", "k-2")} {
		if err := st.CreateTournament(ctx, tr, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishTournament(ctx, "b", store.TournamentFinished, T0); err != nil {
		t.Fatal(err)
	}
	var seen []string
	if err := st.CreateTournament(ctx, mk("d", "k-1"), func(running []store.Tournament) error {
		seen = ids(running, func(tr store.Tournament) string { return tr.ID + " " + string(tr.State) })
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a running"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("within saw %v, want %v", seen, want)
	}
	refused := errors.New("refused")
	if err := st.CreateTournament(ctx, mk("e", "k-1"), func([]store.Tournament) error { return refused }); err != refused {
		t.Errorf("CreateTournament with a refusing within = %v, want its error as it is", err)
	}
	if _, err := st.GetTournament(ctx, "e"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetTournament(e) after a refusal = %v, want ErrNotFound", err)
	}
	if n := OneRunningTournament(t, st, st); n != 1 {
		t.Errorf("%d running tournaments of creator k-once made at once, want 1", n)
	}
}

// OneRunningTournament makes 16 CreateTournament calls of creator "k-once" at once, half through
// a and half through b (two stores of one database, or one store twice), each with a within that
// refuses a second running tournament of that creator, and returns how many running tournaments
// of "k-once" the store then holds.
func OneRunningTournament(t *testing.T, a, b store.Store) int {
	t.Helper()
	ctx := context.Background()
	sixteenAtOnce(t, a, b, "CreateTournament(k-once)", func(st store.Store, i int) error {
		tr := store.Tournament{ID: fmt.Sprintf("tn-once-%02d", i), Spec: []byte("{}"), Seed: []byte{1}, Salt: []byte{2},
			Commitment: "c", CreatedAt: T0, Creator: "k-once"}
		return st.CreateTournament(ctx, tr, func(running []store.Tournament) error {
			if len(running) > 0 {
				return store.ErrConflict
			}
			return nil
		})
	})
	n := 0
	for tok := ""; ; {
		page, next, err := a.ListTournaments(ctx, store.TournamentFilter{State: store.TournamentRunning}, 100, tok)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range page {
			if tr.Creator == "k-once" {
				n++
			}
		}
		if next == "" {
			return n
		}
		tok = next
	}
}
