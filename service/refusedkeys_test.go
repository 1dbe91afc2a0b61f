package service

import (
	"crypto/sha256"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRefusedKeysPerAddr: a referee with authentication on a port of 127.0.0.1. From 127.0.0.2,
// a key is used (known), then a revoked key and 19 unknown ones are refused UNAUTHENTICATED; the
// 21st key from it, unknown or good but never used from it, is refused RESOURCE_EXHAUSTED before
// it is looked up, with a QuotaFailure naming the address and a RetryInfo of at most the 30 s a
// token takes to come back, counted as refused_keys_per_addr in bezique_quota_refusals_total; a
// call without a key from it is still served, and so are the key it used before and the admin
// key; the used key, once revoked, is refused UNAUTHENTICATED, then RESOURCE_EXHAUSTED. From
// 127.0.0.3 the good key works and an unknown key is refused UNAUTHENTICATED. Before, every
// refused key was hashed and looked up, as often as a client sent one; and then, one client's
// wrong keys locked every other client of its address out, the admin's and the web pages' of a
// one-machine referee among them (the new-user trial of 2026-12-02).
func TestRefusedKeysPerAddr(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv, err := New(t.Context(), Config{Metrics: NewMetrics(reg), Auth: &Auth{AdminKey: testAdminKey}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	servePortOn(t, lis, DefaultMaxConnectionIdle, srv.Register, append(ServerOptions(srv.metrics), srv.AuthOptions()...)...)
	addr := lis.Addr().String()

	admin := pb.NewKeyServiceClient(dialFrom(t, addr, "127.0.0.5"))
	good, err := admin.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "good", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	known, err := admin.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "known", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	revoked, err := admin.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "revoked", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: revoked.GetKey().GetKeyId()}); err != nil {
		t.Fatal(err)
	}
	list := func(from pb.TableServiceClient, key string) error {
		_, err := from.ListTables(as(key), &pb.ListTablesRequest{})
		return err
	}
	x, y := pb.NewTableServiceClient(dialFrom(t, addr, "127.0.0.2")), pb.NewTableServiceClient(dialFrom(t, addr, "127.0.0.3"))

	if err := list(x, known.GetSecret()); err != nil {
		t.Fatalf("the known key from 127.0.0.2: %v", err)
	}
	if err := list(x, revoked.GetSecret()); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("the revoked key from 127.0.0.2: %v, want Unauthenticated", err)
	}
	for i := 2; i <= RefusedKeysPerAddr; i++ {
		if err := list(x, fmt.Sprintf("bzq_unknown-%d", i)); status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != "unknown API key" {
			t.Fatalf("refused key %d from 127.0.0.2: %v, want Unauthenticated, unknown API key", i, err)
		}
	}
	const description = "refused API keys per client address: 20, one more every 30s, the limit; a call with a key from this address waits for it"
	for _, key := range []string{"bzq_unknown-21", good.GetSecret()} {
		if d := wantQuota(t, list(x, key), "ip:127.0.0.2", description); d <= 0 || d > RefusedKeyRefill {
			t.Fatalf("RetryInfo %v, want more than 0 and at most 30s", d)
		}
	}
	if n := testutil.ToFloat64(srv.metrics.quotaRefusals.WithLabelValues(LimitRefusedKeysPerAddr)); n != 2 {
		t.Fatalf("bezique_quota_refusals_total{limit=%q} %v, want 2", LimitRefusedKeysPerAddr, n)
	}
	if _, err := x.GetRuleCatalog(t.Context(), &pb.GetRuleCatalogRequest{}); err != nil {
		t.Fatalf("a call without a key from 127.0.0.2: %v", err)
	}
	for _, key := range []string{known.GetSecret(), testAdminKey} {
		if err := list(x, key); err != nil {
			t.Fatalf("a key used before, or the admin's, from 127.0.0.2 past its refused keys: %v", err)
		}
	}
	if _, err := admin.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: known.GetKey().GetKeyId()}); err != nil {
		t.Fatal(err)
	}
	if err := list(x, known.GetSecret()); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("the known key revoked, from 127.0.0.2: %v, want Unauthenticated", err)
	}
	wantQuota(t, list(x, known.GetSecret()), "ip:127.0.0.2", description)
	if n := testutil.ToFloat64(srv.metrics.quotaRefusals.WithLabelValues(LimitRefusedKeysPerAddr)); n != 3 {
		t.Fatalf("bezique_quota_refusals_total{limit=%q} %v, want 3", LimitRefusedKeysPerAddr, n)
	}

	if err := list(y, good.GetSecret()); err != nil {
		t.Fatalf("the good key from 127.0.0.3: %v", err)
	}
	if err := list(y, "bzq_unknown-y"); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("an unknown key from 127.0.0.3: %v, want Unauthenticated", err)
	}
}

// TestRefusedKeyLimitersBounded: the refused-key limiters are kept for at most maxLimiters client
// addresses, however many send refused keys.
func TestRefusedKeyLimitersBounded(t *testing.T) {
	q := newQuotas(Config{}, nil, false)
	now := time.Now()
	for i := range maxLimiters + 1000 {
		q.keyLookedUp(fmt.Sprintf("ip:10.%d.%d.%d", i>>16&255, i>>8&255, i&255), nil, keyRefused, now)
	}
	if n := q.keyAddrs.Len(); n != maxLimiters {
		t.Fatalf("%d limiters kept, want %d", n, maxLimiters)
	}
}

// TestRefusedKeysSpareAMachinesBots: ten bots of one machine, each with its own key, go on
// calling once another client of the machine has spent the address's refused keys; a key never
// used from it is refused. With 4 keys remembered per address, six of the ten were refused (an
// operator's soak).
func TestRefusedKeysSpareAMachinesBots(t *testing.T) {
	q := newQuotas(Config{}, nil, false)
	now := time.Now()
	const addr = "ip:10.0.0.1"
	hash := func(name string) []byte { h := sha256.Sum256([]byte(name)); return h[:] }
	look := func(key string, outcome keyLookup) error {
		settle, err := q.takeKey(addr, hash(key), now)
		if err == nil {
			settle(outcome)
		}
		return err
	}
	for i := range 10 {
		if err := look(fmt.Sprintf("bot-%d", i), keyGood); err != nil {
			t.Fatal(err)
		}
	}
	for i := range RefusedKeysPerAddr {
		if err := look(fmt.Sprintf("wrong-%d", i), keyRefused); err != nil {
			t.Fatalf("wrong key %d: %v", i, err)
		}
	}
	for i := range 10 {
		if err := look(fmt.Sprintf("bot-%d", i), keyGood); err != nil {
			t.Errorf("bot %d's key after the wrong keys: %v", i, err)
		}
	}
	if err := look("bot-new", keyGood); err == nil {
		t.Error("a key never used from the address was looked up, its refused keys spent")
	}
}

// TestRefusedKeysConcurrent: a referee with authentication on a PostgreSQL store. From
// 127.0.0.2, 19 unknown keys leave one refused key in the address's bucket, which good keys
// from it (the admin's, a stored one), each taking it before its lookup, give back; then 10 calls with
// unknown keys come at once while the store's key lookups are held (a transaction holds
// api_keys locked): one takes the last token, is looked up and refused UNAUTHENTICATED once the
// lock goes; the 9 others are refused RESOURCE_EXHAUSTED at once. The bucket was only read
// before the lookup and taken from after it, so all 10 were looked up and refused UNAUTHENTICATED:
// an address with many streams open had as many keys looked up at each token's return as it had
// calls in flight, not one.
func TestRefusedKeysConcurrent(t *testing.T) {
	u, raw := sharedSchema(t)
	st, _ := openShared(t, u)
	srv, err := New(t.Context(), Config{Store: st, Metrics: NewMetrics(prometheus.NewRegistry()), Auth: &Auth{AdminKey: testAdminKey},
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	servePortOn(t, lis, DefaultMaxConnectionIdle, srv.Register, append(ServerOptions(srv.metrics), srv.AuthOptions()...)...)
	x := pb.NewTableServiceClient(dialFrom(t, lis.Addr().String(), "127.0.0.2"))
	list := func(key string) error {
		_, err := x.ListTables(as(key), &pb.ListTablesRequest{})
		return err
	}
	for i := 1; i < RefusedKeysPerAddr; i++ {
		if err := list(fmt.Sprintf("bzq_unknown-%d", i)); status.Code(err) != codes.Unauthenticated {
			t.Fatalf("refused key %d: %v, want Unauthenticated", i, err)
		}
	}

	// Good keys from it take the last token and give it back: it is still there for the burst.
	good, err := pb.NewKeyServiceClient(dialFrom(t, lis.Addr().String(), "127.0.0.5")).CreateKey(as(testAdminKey),
		&pb.CreateKeyRequest{Name: "good", Role: pb.Role_ROLE_WATCHER})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		for _, key := range []string{testAdminKey, good.GetSecret()} {
			if err := list(key); err != nil {
				t.Fatalf("good key, call %d, with one refused key left: %v", i+1, err)
			}
		}
	}

	tx, err := raw.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	const calls = 10
	var answered atomic.Int32
	codesSeen := make(chan codes.Code, calls)
	for i := range calls {
		go func() {
			err := list(fmt.Sprintf("bzq_burst-%d", i))
			answered.Add(1)
			codesSeen <- status.Code(err)
		}()
	}
	// Every call is either answered or waiting for the lock in a key lookup.
	for deadline := time.Now().Add(waitFor); ; {
		var waiting int32
		if err := raw.QueryRow("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM api_keys WHERE%'").Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting+answered.Load() == calls {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls neither answered nor waiting for the store after %v", calls-answered.Load(), waitFor)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	got := map[codes.Code]int{}
	for range calls {
		got[<-codesSeen]++
	}
	if want := map[codes.Code]int{codes.Unauthenticated: 1, codes.ResourceExhausted: calls - 1}; !maps.Equal(got, want) {
		t.Fatalf("the %d calls at once: %v, want %v", calls, got, want)
	}
}
