package store_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/bezique-arena/bezique/internal/testpg"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// postgresLeaseBackend returns a fresh PostgreSQL schema's URL and a raw connection to it, or
// skips the test when BEZIQUE_TEST_POSTGRES_URL is not set.
func postgresLeaseBackend(t *testing.T) (string, backend) {
	base := testpg.URL(t)
	b := postgresBackend(base)
	return b.fresh(t), b
}

func leaser(t *testing.T, u string) (store.Store, store.Leaser) {
	t.Helper()
	st := open(t, u)
	l, ok := st.(store.Leaser)
	if !ok {
		t.Fatalf("the PostgreSQL store %T is not a store.Leaser", st)
	}
	return st, l
}

// TestLeases: two PostgreSQL stores share one schema. The store that creates a table owns it;
// the other cannot write it (ErrLeaseLost) until the lease is released and taken over with the
// next epoch; then the first is fenced off. Every action is stamped with the owner and epoch
// that wrote it, and an ended table has no lease.
func TestLeases(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	a, la := leaser(t, u)
	bs, lb := leaser(t, u)
	if la.Owner() == lb.Owner() {
		t.Fatalf("two stores share the owner id %q", la.Owner())
	}
	for _, x := range []struct {
		l    store.Leaser
		addr string
	}{{la, "10.0.0.1:7777"}, {lb, "10.0.0.2:7777"}} {
		if err := x.l.Advertise(ctx, x.addr); err != nil {
			t.Fatal(err)
		}
	}
	mustCreate(t, a, storetest.Table("t1", store.StatePlaying, 0))
	h, err := lb.Holder(ctx, store.LeaseTable, "t1")
	if want := (store.Holder{Owner: la.Owner(), Address: "10.0.0.1:7777", Epoch: 1}); err != nil || h != want {
		t.Fatalf("Holder(t1) = %+v, %v; want %+v", h, err, want)
	}
	hs, err := lb.Holders(ctx, store.LeaseTable, []string{"t1", "absent"})
	if want := map[string]store.Holder{"t1": h}; err != nil || !reflect.DeepEqual(hs, want) {
		t.Fatalf("Holders(t1, absent) = %+v, %v; want %+v", hs, err, want)
	}
	act := func(seq int64) []store.Action { return []store.Action{{Seq: seq, Payload: []byte{byte(seq)}}} }
	if err := a.AppendActions(ctx, "t1", act(1)); err != nil {
		t.Fatal(err)
	}
	// The other store can write nothing of t1.
	for name, err := range map[string]error{
		"AppendActions": bs.AppendActions(ctx, "t1", act(2)),
		"UpdateTable":   bs.UpdateTable(ctx, "t1", store.TableUpdate{Spec: []byte("{}")}),
		"FinishTable":   bs.FinishTable(ctx, "t1", store.Outcome{State: store.StateCancelled, WinnerSide: store.NoWinner}),
	} {
		if !errors.Is(err, store.ErrLeaseLost) {
			t.Errorf("%s by the store without the lease: %v, want ErrLeaseLost", name, err)
		}
	}
	if got, err := lb.TakeExpired(ctx, store.LeaseTable, 10); err != nil || len(got) != 0 {
		t.Fatalf("TakeExpired of a live lease = %v, %v; want none", got, err)
	}
	// Released (a drain), it is taken over with epoch 2; the first store is fenced off.
	if err := la.Release(ctx, store.LeaseTable, "t1"); err != nil {
		t.Fatal(err)
	}
	got, err := lb.TakeExpired(ctx, store.LeaseTable, 10)
	if want := []store.Lease{{Kind: store.LeaseTable, ID: "t1", Epoch: 2}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("TakeExpired after Release = %+v, %v; want %+v", got, err, want)
	}
	loaded, err := lb.LoadTables(ctx, []string{"t1", "nope"})
	if err != nil || len(loaded) != 1 || loaded[0].ID != "t1" || len(loaded[0].Actions) != 1 {
		t.Fatalf("LoadTables = %+v, %v; want t1 with 1 action", loaded, err)
	}
	if err := a.AppendActions(ctx, "t1", act(2)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("AppendActions by the former owner: %v, want ErrLeaseLost", err)
	}
	if err := bs.AppendActions(ctx, "t1", act(2)); err != nil {
		t.Fatal(err)
	}
	if held, err := la.RenewLeases(ctx); err != nil || len(held) != 0 {
		t.Errorf("the former owner's RenewLeases = %+v, %v; want none", held, err)
	}
	if held, err := lb.RenewLeases(ctx); err != nil || !reflect.DeepEqual(held, []store.Lease{{Kind: store.LeaseTable, ID: "t1", Epoch: 2}}) {
		t.Errorf("the new owner's RenewLeases = %+v, %v; want t1 at epoch 2", held, err)
	}
	rows, err := b.raw(t, u).Query("SELECT seq, lease_owner, lease_epoch FROM actions WHERE table_id = 't1' ORDER BY seq")
	if err != nil {
		t.Fatal(err)
	}
	type stamp struct {
		seq   int64
		owner string
		epoch int64
	}
	var stamps []stamp
	for rows.Next() {
		var s stamp
		if err := rows.Scan(&s.seq, &s.owner, &s.epoch); err != nil {
			t.Fatal(err)
		}
		stamps = append(stamps, s)
	}
	if want := []stamp{{1, la.Owner(), 1}, {2, lb.Owner(), 2}}; !reflect.DeepEqual(stamps, want) {
		t.Errorf("stored actions = %+v, want %+v", stamps, want)
	}
	if err := bs.FinishTable(ctx, "t1", store.Outcome{State: store.StateFinished, Result: "completed", WinnerSide: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := la.Holder(ctx, store.LeaseTable, "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Holder of an ended table: %v, want ErrNotFound", err)
	}
}

// TestLeaseExpiry: a store that stops renewing (killed) loses its tables to the next LoadActive
// of another store (a referee starting) once the leases have expired, and not before; a
// tournament's games can be added, and the tables of its games created, only by its lease's
// holder: a former holder (paused past its lease) is fenced off.
func TestLeaseExpiry(t *testing.T) {
	ctx := context.Background()
	u, b := postgresLeaseBackend(t)
	a, la := leaser(t, u)
	mustCreate(t, a, storetest.Table("t1", store.StateWaiting, 0), storetest.Table("t2", store.StatePlaying, 1))
	if err := a.CreateTournament(ctx, store.Tournament{ID: "tn1", Spec: []byte("{}"), Seed: []byte{1}, Salt: []byte{2}, Commitment: "c"}, nil); err != nil {
		t.Fatal(err)
	}
	c, lc := leaser(t, u)
	if active, err := c.LoadActive(ctx); err != nil || len(active) != 0 {
		t.Fatalf("LoadActive while the owner lives = %d tables, %v; want none", len(active), err)
	}
	err := c.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "tn1", Game: 0, TableID: "tn1-g0", Result: []byte("{}")})
	if !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("AddTournamentGame without the tournament's lease: %v, want ErrLeaseLost", err)
	}
	if err := c.CreateTable(ctx, store.Table{ID: "tn1-g1", Tournament: "tn1"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("CreateTable of a game without the tournament's lease: %v, want ErrLeaseLost", err)
	}
	mustCreate(t, a, store.Table{ID: "tn1-g0", Tournament: "tn1"})
	// The owner dies: its leases are not renewed past their expiry.
	if _, err := b.raw(t, u).Exec("UPDATE leases SET expires_at = now() - interval '1 second' WHERE owner = $1", la.Owner()); err != nil {
		t.Fatal(err)
	}
	active, err := takeAndLoad(ctx, c)
	if err != nil || len(active) != 3 || active[0].ID != "t1" || active[1].ID != "t2" || active[2].ID != "tn1-g0" {
		t.Fatalf("LoadActive after the expiry = %+v, %v; want t1, t2 and tn1-g0", active, err)
	}
	tn, err := lc.TakeExpired(ctx, store.LeaseTournament, 10)
	if want := []store.Lease{{Kind: store.LeaseTournament, ID: "tn1", Epoch: 2}}; err != nil || !reflect.DeepEqual(tn, want) {
		t.Fatalf("TakeExpired(tournament) = %+v, %v; want %+v", tn, err, want)
	}
	if err := c.AddTournamentGame(ctx, store.TournamentGame{TournamentID: "tn1", Game: 0, TableID: "tn1-g0", Result: []byte("{}")}); err != nil {
		t.Errorf("AddTournamentGame by the new holder: %v", err)
	}
	if err := a.CreateTable(ctx, store.Table{ID: "tn1-g1", Tournament: "tn1"}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("CreateTable of a game by the former holder: %v, want ErrLeaseLost", err)
	}
	if _, err := c.GetTable(ctx, "tn1-g1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetTable(tn1-g1) after the refused create: %v, want ErrNotFound", err)
	}
	mustCreate(t, c, store.Table{ID: "tn1-g1", Tournament: "tn1"})
	if h, err := lc.Holder(ctx, store.LeaseTable, "tn1-g1"); err != nil || h.Owner != lc.Owner() || h.Epoch != 1 {
		t.Errorf("Holder(tn1-g1) = %+v, %v; want the new holder of the tournament, epoch 1", h, err)
	}
	if err := a.UpdateTable(ctx, "t1", store.TableUpdate{State: store.StatePlaying}); !errors.Is(err, store.ErrLeaseLost) {
		t.Errorf("UpdateTable by the dead owner: %v, want ErrLeaseLost", err)
	}
}

// TestLeaseRestartInPlace: a store that advertises the address of a former one (a referee
// restarted on its address after a crash) takes the former one's tables at once, without
// waiting for their leases to expire; a store at another address does not.
func TestLeaseRestartInPlace(t *testing.T) {
	ctx := context.Background()
	u, _ := postgresLeaseBackend(t)
	a, la := leaser(t, u)
	if err := la.Advertise(ctx, "127.0.0.1:7777"); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, a, storetest.Table("t1", store.StatePlaying, 0))
	other, lo := leaser(t, u)
	if err := lo.Advertise(ctx, "127.0.0.1:7778"); err != nil {
		t.Fatal(err)
	}
	if active, err := other.LoadActive(ctx); err != nil || len(active) != 0 {
		t.Fatalf("LoadActive at another address = %d tables, %v; want none", len(active), err)
	}
	again, lg := leaser(t, u) // a is "killed": it never renews again
	if err := lg.Advertise(ctx, "127.0.0.1:7777"); err != nil {
		t.Fatal(err)
	}
	if _, err := lg.TakeExpired(ctx, store.LeaseTable, 100); err != nil { // as a referee's start does, within its --max-tables
		t.Fatal(err)
	}
	active, err := again.LoadActive(ctx)
	if err != nil || len(active) != 1 || active[0].ID != "t1" {
		t.Fatalf("LoadActive at the former address = %+v, %v; want t1", active, err)
	}
	if h, err := lo.Holder(ctx, store.LeaseTable, "t1"); err != nil || h.Owner != lg.Owner() || h.Epoch != 2 || h.Address != "127.0.0.1:7777" {
		t.Errorf("Holder(t1) = %+v, %v; want the restarted store at epoch 2", h, err)
	}
}

// TestIsReferee: a store's referees are those that have advertised in it and not closed since:
// its own owner id and another store's on the same schema once advertised, not an owner id
// unknown to it (a referee of another database, such as a restored copy), nor one that closed.
func TestIsReferee(t *testing.T) {
	ctx := context.Background()
	u, _ := postgresLeaseBackend(t)
	_, la := leaser(t, u)
	other, lo := leaser(t, u)
	if err := la.Advertise(ctx, "127.0.0.1:7777"); err != nil {
		t.Fatal(err)
	}
	check := func(what, owner string, want bool) {
		t.Helper()
		if got, err := la.IsReferee(ctx, owner); err != nil || got != want {
			t.Errorf("IsReferee(%s) = %v, %v; want %v", what, got, err, want)
		}
	}
	check("its own owner id", la.Owner(), true)
	check("another store's owner id before it advertised", lo.Owner(), false)
	if err := lo.Advertise(ctx, "127.0.0.1:7778"); err != nil {
		t.Fatal(err)
	}
	check("another store's owner id", lo.Owner(), true)
	check("an unknown owner id", "elsewhere-0123abcd", false)
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}
	check("the other store's owner id once it closed", lo.Owner(), false)
}

// takeAndLoad is LoadActive as a referee's start makes it: a Leaser's store takes over the
// expired table leases first (service's recover, within its --max-tables), as LoadActive itself
// did before; other stores load.
func takeAndLoad(ctx context.Context, st store.Store) ([]store.ActiveTable, error) {
	if l, ok := st.(store.Leaser); ok {
		if _, err := l.TakeExpired(ctx, store.LeaseTable, 1<<30); err != nil {
			return nil, err
		}
	}
	return st.LoadActive(ctx)
}

// TestOneKeyOfANameOnTwoStores: CreateKey calls made at once through two PostgreSQL stores of one
// schema (two referees) run their free one after another, so one key of a name is made.
func TestOneKeyOfANameOnTwoStores(t *testing.T) {
	u, _ := postgresLeaseBackend(t)
	a, _ := leaser(t, u)
	b, _ := leaser(t, u)
	if n := storetest.OneKeyOfAName(t, a, b); n != 1 {
		t.Errorf("%d keys of one name made at once through two stores, want 1", n)
	}
}

// TestOneRunningTournamentOnTwoStores: CreateTournament calls of one creator made at once through
// two PostgreSQL stores of one schema (two referees) run their within one after another, so a
// limit that within checks holds (two creations at once both passed the scheduled-games quota).
func TestOneRunningTournamentOnTwoStores(t *testing.T) {
	u, _ := postgresLeaseBackend(t)
	a, _ := leaser(t, u)
	b, _ := leaser(t, u)
	if n := storetest.OneRunningTournament(t, a, b); n != 1 {
		t.Errorf("%d running tournaments of one creator made at once through two stores, want 1", n)
	}
}
