package storetest

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service/store"
)

func key(id string, minute int) store.Key {
	h := sha256.Sum256([]byte("secret-" + id))
	return store.Key{ID: id, Hash: h[:], Name: "name-" + id, Role: "bot", Owner: "owner-" + id, Creator: "admin",
		CreatedAt: T0.Add(time.Duration(minute) * time.Minute)}
}

// testKeys: keys are created, found by hash and by id, listed oldest first and revoked once;
// ids and hashes are unique; the stored hash is the store's own copy.
func testKeys(t *testing.T, st store.Store) {
	ctx := context.Background()
	k1, k2, k3 := key("k-b", 1), key("k-a", 2), key("k-c", 1)
	for _, k := range []store.Key{k1, k2, k3} {
		if err := st.CreateKey(ctx, k, nil); err != nil {
			t.Fatalf("CreateKey(%s): %v", k.ID, err)
		}
	}
	got, err := st.KeyByHash(ctx, k2.Hash)
	if err != nil || !reflect.DeepEqual(got, k2) {
		t.Errorf("KeyByHash(k-a) = %+v, %v; want %+v", got, err, k2)
	}
	got.Hash[0]++ // the store keeps its own copy
	if got, err := st.GetKey(ctx, "k-a"); err != nil || !reflect.DeepEqual(got, k2) {
		t.Errorf("GetKey(k-a) = %+v, %v; want %+v", got, err, k2)
	}
	other := sha256.Sum256([]byte("nobody"))
	if _, err := st.KeyByHash(ctx, other[:]); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("KeyByHash(unknown) = %v, want ErrNotFound", err)
	}
	if _, err := st.GetKey(ctx, "k-x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetKey(unknown) = %v, want ErrNotFound", err)
	}
	list, err := st.ListKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(list, func(k store.Key) string { return k.ID }), []string{"k-b", "k-c", "k-a"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ListKeys = %v, want %v (by CreatedAt, then ID)", got, want)
	}

	dupID := key("k-a", 5)
	dupID.Hash = other[:]
	dupHash := key("k-z", 5)
	dupHash.Hash = k1.Hash
	short := key("k-s", 5)
	short.Hash = []byte("secret") // not a digest
	for name, c := range map[string]struct {
		k    store.Key
		want error
	}{
		"same id":   {dupID, store.ErrConflict},
		"same hash": {dupHash, store.ErrConflict},
		"empty id":  {store.Key{Hash: other[:]}, store.ErrInvalid},
		"short":     {short, store.ErrInvalid},
	} {
		if err := st.CreateKey(ctx, c.k, nil); !errors.Is(err, c.want) {
			t.Errorf("CreateKey(%s) = %v, want %v", name, err, c.want)
		}
	}

	at := T0.Add(time.Hour + 1500*time.Nanosecond)
	revoked, err := st.RevokeKey(ctx, "k-b", at)
	want := k1
	want.RevokedAt = T0.Add(time.Hour + time.Microsecond)
	if err != nil || !reflect.DeepEqual(revoked, want) {
		t.Errorf("RevokeKey(k-b) = %+v, %v; want %+v", revoked, err, want)
	}
	if got, err := st.KeyByHash(ctx, k1.Hash); err != nil || !got.RevokedAt.Equal(want.RevokedAt) {
		t.Errorf("KeyByHash(revoked) = %+v, %v; want RevokedAt %v", got, err, want.RevokedAt)
	}
	if _, err := st.RevokeKey(ctx, "k-b", at); !errors.Is(err, store.ErrConflict) {
		t.Errorf("RevokeKey(k-b again) = %v, want ErrConflict", err)
	}
	if _, err := st.RevokeKey(ctx, "k-x", at); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RevokeKey(unknown) = %v, want ErrNotFound", err)
	}
	before := time.Now()
	now, err := st.RevokeKey(ctx, "k-c", time.Time{})
	if err != nil || !between(now.RevokedAt, before, time.Now()) {
		t.Errorf("RevokeKey(k-c, zero time) = %+v, %v; want RevokedAt now", now, err)
	}
}

// testCreateKeyFree: CreateKey calls free with every key, oldest first; free's error is returned
// as it is and stores nothing; CreateKey calls made at once run their free one after another,
// so a free refusing a taken name lets one key of that name through ([OneKeyOfAName]).
func testCreateKeyFree(t *testing.T, st store.Store) {
	ctx := context.Background()
	if err := st.CreateKey(ctx, key("k-b", 1), nil); err != nil {
		t.Fatal(err)
	}
	var seen []string
	if err := st.CreateKey(ctx, key("k-a", 2), func(keys []store.Key) error {
		seen = ids(keys, func(k store.Key) string { return k.ID })
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"k-b"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("free saw %v, want %v", seen, want)
	}
	refused := errors.New("refused")
	if err := st.CreateKey(ctx, key("k-c", 3), func([]store.Key) error { return refused }); err != refused {
		t.Errorf("CreateKey with a refusing free = %v, want its error as it is", err)
	}
	if _, err := st.GetKey(ctx, "k-c"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetKey(k-c) after a refusal = %v, want ErrNotFound", err)
	}
	if n := OneKeyOfAName(t, st, st); n != 1 {
		t.Errorf("%d keys of one name made at once, want 1", n)
	}
}

// OneKeyOfAName makes 16 CreateKey calls at once, half through a and half through b (two stores
// of one database, or one store twice), each with a free that refuses a key named "same" when
// one exists, and returns how many keys named "same" the store then holds.
func OneKeyOfAName(t *testing.T, a, b store.Store) int {
	t.Helper()
	ctx := context.Background()
	sixteenAtOnce(t, a, b, "CreateKey(same)", func(st store.Store, i int) error {
		k := key(fmt.Sprintf("k-same-%02d", i), 10)
		k.Name = "same"
		return st.CreateKey(ctx, k, func(keys []store.Key) error {
			for _, o := range keys {
				if o.Name == "same" {
					return store.ErrConflict
				}
			}
			return nil
		})
	})
	keys, err := a.ListKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, k := range keys {
		if k.Name == "same" {
			n++
		}
	}
	return n
}

// sixteenAtOnce makes 16 calls of call at once, half through a and half through b, each with its
// index, and fails t (naming what) for an error other than nil or store.ErrConflict.
func sixteenAtOnce(t *testing.T, a, b store.Store, what string, call func(st store.Store, i int) error) {
	t.Helper()
	errs := make(chan error, 16)
	for i := range 16 {
		st := a
		if i%2 == 1 {
			st = b
		}
		go func() { errs <- call(st, i) }()
	}
	for range 16 {
		if err := <-errs; err != nil && err != store.ErrConflict {
			t.Errorf("%s = %v, want nil or ErrConflict", what, err)
		}
	}
}

// testAudit: events are listed most recent first (by At, then ID), in pages; ids are unique.
func testAudit(t *testing.T, st store.Store) {
	ctx := context.Background()
	var all []store.AuditEvent
	for i, minute := range []int{3, 1, 3, 2, 5} {
		e := store.AuditEvent{ID: fmt.Sprintf("a-%d", i), At: T0.Add(time.Duration(minute) * time.Minute),
			Principal: "k-1", Action: "table.created", Target: fmt.Sprintf("t-%d", i), Detail: "d"}
		if err := st.AppendAudit(ctx, e); err != nil {
			t.Fatalf("AppendAudit(%s): %v", e.ID, err)
		}
		all = append(all, e)
	}
	if err := st.AppendAudit(ctx, all[0]); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendAudit(same id) = %v, want ErrConflict", err)
	}
	if err := st.AppendAudit(ctx, store.AuditEvent{Action: "x"}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("AppendAudit(empty id) = %v, want ErrInvalid", err)
	}
	var got []string
	tok := ""
	for page := 0; ; page++ {
		evs, next, err := st.ListAudit(ctx, 2, tok)
		if err != nil {
			t.Fatal(err)
		}
		if page == 0 && !reflect.DeepEqual(evs[0], all[4]) {
			t.Errorf("ListAudit first = %+v, want %+v", evs[0], all[4])
		}
		got = append(got, ids(evs, func(e store.AuditEvent) string { return e.ID })...)
		if next == "" {
			break
		}
		tok = next
	}
	if want := []string{"a-4", "a-2", "a-0", "a-3", "a-1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ListAudit pages = %v, want %v", got, want)
	}
	if _, _, err := st.ListAudit(ctx, 2, "garbage"); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("ListAudit(bad token) = %v, want ErrInvalid", err)
	}
	before := time.Now()
	if err := st.AppendAudit(ctx, store.AuditEvent{ID: "a-now", Principal: "admin", Action: "key.created"}); err != nil {
		t.Fatal(err)
	}
	evs, _, err := st.ListAudit(ctx, 1, "")
	if err != nil || len(evs) != 1 || evs[0].ID != "a-now" || !between(evs[0].At, before, time.Now()) {
		t.Errorf("ListAudit after a zero-time append = %+v, %v; want a-now stamped now", evs, err)
	}
}
