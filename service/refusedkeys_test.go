package service

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRefusedKeysPerAddr: a referee with authentication on a port of 127.0.0.1. From 127.0.0.2,
// a revoked key and 19 unknown ones are refused UNAUTHENTICATED; the 21st key from it, unknown
// or good, is refused RESOURCE_EXHAUSTED before it is looked up, with a QuotaFailure naming the
// address and a RetryInfo of at most the 30 s a token takes to come back, counted as
// refused_keys_per_addr in bezique_quota_refusals_total; a call without a key from it is still
// served. From 127.0.0.3 the good key works and an unknown key is refused UNAUTHENTICATED. Before,
// every refused key was hashed and looked up, as often as a client sent one.
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
	port, err := NewPort(lis, PortConfig{}, srv.Register, append(ServerOptions(srv.metrics), srv.AuthOptions()...)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(time.Second) })
	addr := lis.Addr().String()

	admin := pb.NewKeyServiceClient(dialFrom(t, addr, "127.0.0.5"))
	good, err := admin.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "good", Role: pb.Role_ROLE_WATCHER})
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
		q.keyRefused(fmt.Sprintf("ip:10.%d.%d.%d", i>>16&255, i>>8&255, i&255), now)
	}
	if n := q.refusedKeys.Len(); n != maxLimiters {
		t.Fatalf("%d limiters kept, want %d", n, maxLimiters)
	}
}
