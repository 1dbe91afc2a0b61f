package store_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// TestMemoryConformance runs the store contract against the memory store.
func TestMemoryConformance(t *testing.T) {
	storetest.Run(t, func(*testing.T) store.Store { return store.NewMemory(0) })
}

// TestMemoryRetention: beyond keepEnded ended tables, the one that ended first goes, with its
// actions, record and bot names; active tables stay however many there are.
func TestMemoryRetention(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(3)
	t.Cleanup(func() { _ = st.Close() })
	// e1..e5 end in id order, but with FinishedAt in the reverse order: retention follows the
	// order of the FinishTable calls.
	for i := 1; i <= 5; i++ {
		id := fmt.Sprintf("e%d", i)
		mustCreate(t, st, storetest.Table(id, store.StatePlaying, i))
		if err := st.AppendActions(ctx, id, []store.Action{{Seq: 1, Payload: []byte(id)}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 8 {
		mustCreate(t, st, storetest.Table(fmt.Sprintf("a%d", i), store.StateWaiting, 10+i))
	}
	for i := 1; i <= 5; i++ {
		id := fmt.Sprintf("e%d", i)
		o := store.Outcome{State: store.StateFinished, Result: "completed", FinishedAt: storetest.T0.Add(time.Duration(10-i) * time.Hour),
			Record: []byte(id), Bots: []string{"alpha"}}
		if i == 4 {
			o = store.Outcome{State: store.StateCancelled, Result: "cancelled", WinnerSide: store.NoWinner} // counts too
		}
		if err := st.FinishTable(ctx, id, o); err != nil {
			t.Fatal(err)
		}
	}

	rows, _, err := st.ListTables(ctx, store.TableFilter{}, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"e3", "e4", "e5", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"}
	if got := ids(rows); !reflect.DeepEqual(got, want) {
		t.Errorf("ListTables = %v, want %v", got, want)
	}
	games, _, err := st.ListGames(ctx, store.GameFilter{BotName: "alpha"}, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := gameIDs(games); !reflect.DeepEqual(got, []string{"e3", "e5"}) {
		t.Errorf("ListGames(alpha) = %v, want [e3 e5]", got)
	}
	for _, id := range []string{"e1", "e2"} {
		if _, err := st.GetTable(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("GetTable(%s) err = %v, want ErrNotFound", id, err)
		}
		if _, err := st.GetRecord(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("GetRecord(%s) err = %v, want ErrNotFound", id, err)
		}
		if err := st.AppendActions(ctx, id, []store.Action{{Seq: 2}}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("AppendActions(%s) err = %v, want ErrNotFound", id, err)
		}
	}
	if r, err := st.GetRecord(ctx, "e3"); err != nil || string(r) != "e3" {
		t.Errorf("GetRecord(e3) = %q, %v; want e3", r, err)
	}
	// A dropped table's id is free again, and the new table starts empty.
	mustCreate(t, st, storetest.Table("e1", store.StatePlaying, 30))
	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(active); n != 9 || active[8].ID != "e1" || len(active[8].Actions) != 0 {
		t.Errorf("LoadActive = %d tables, last %s with %d actions; want 9, e1 with 0", n, active[n-1].ID, len(active[n-1].Actions))
	}
}

// TestMemoryRetentionDefault: NewMemory(0) keeps DefaultKeepEnded (1 000) ended tables.
func TestMemoryRetentionDefault(t *testing.T) {
	ctx := context.Background()
	st := store.NewMemory(0)
	t.Cleanup(func() { _ = st.Close() })
	const ended = store.DefaultKeepEnded + 5
	for i := range ended {
		id := fmt.Sprintf("t%04d", i)
		mustCreate(t, st, storetest.Table(id, store.StatePlaying, i))
		if err := st.FinishTable(ctx, id, store.Outcome{State: store.StateFinished, Result: "completed", Record: []byte("{}")}); err != nil {
			t.Fatal(err)
		}
	}
	var kept []string
	tok := ""
	for {
		rows, next, err := st.ListTables(ctx, store.TableFilter{State: store.StateFinished}, store.MaxPageSize, tok)
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, ids(rows)...)
		if next == "" {
			break
		}
		tok = next
	}
	if len(kept) != store.DefaultKeepEnded || kept[0] != "t0005" || kept[len(kept)-1] != "t1004" {
		t.Errorf("kept %d finished tables, %s..%s; want %d, t0005..t1004", len(kept), kept[0], kept[len(kept)-1], store.DefaultKeepEnded)
	}
}

func ids(rows []store.Table) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return out
}

func gameIDs(rows []store.Game) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.TableID)
	}
	return out
}

// ExampleNewMemory shows the memory store's retention: beyond keepEnded ended tables, the one
// that ended first is dropped; active tables stay.
func ExampleNewMemory() {
	ctx := context.Background()
	st := store.NewMemory(2)
	defer func() { _ = st.Close() }()

	for _, id := range []string{"t1", "t2", "t3", "t4"} {
		_ = st.CreateTable(ctx, store.Table{ID: id, Variant: "two-handed"})
	}
	for _, id := range []string{"t1", "t2", "t3"} {
		_ = st.FinishTable(ctx, id, store.Outcome{State: store.StateFinished, Result: "completed", Record: []byte("{}")})
	}
	tables, _, _ := st.ListTables(ctx, store.TableFilter{}, 10, "")
	for _, t := range tables {
		fmt.Println(t.ID, t.State)
	}
	_, err := st.GetRecord(ctx, "t1")
	fmt.Println("t1:", errors.Is(err, store.ErrNotFound))
	// Output:
	// t2 finished
	// t3 finished
	// t4 waiting
	// t1: true
}
