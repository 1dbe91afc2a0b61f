package service

import (
	"context"
	"testing"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestHealthWatchCountsAsWatcher: a principal's Health/Watch streams count with its spectator
// streams at --max-watchers-per-principal (1 here): a second is refused with the quota's message,
// and one is admitted again once the first ends; Check is not counted. A key held every
// Health/Watch stream it opened (the re-attack of session 30).
func TestHealthWatchCountsAsWatcher(t *testing.T) {
	r := startAuthReferee(t, nil, func(c *Config) { quiet(c); c.MaxWatchersPerPrincipal = 1 })
	idW, keyW := r.newKey(t, "site", pb.Role_ROLE_WATCHER)
	health := healthpb.NewHealthClient(r.cc)
	watch := func(ctx context.Context) error {
		stream, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
		if err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	if _, err := health.Check(as(keyW), &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatalf("Check: %v", err)
	}
	wantWatchesCounted(t, r, idW, keyW, func(ctx context.Context) error {
		if err := watch(ctx); err != nil {
			return err
		}
		_, err := health.Check(as(keyW), &healthpb.HealthCheckRequest{}) // not counted
		return err
	})
}

// wantWatchesCounted checks that watch, which opens a stream of the watcher key keyW (id idW)
// and returns once it has its first message, counts at --max-watchers-per-principal, which r has
// at 1: a first watch is admitted, a second refused with the quota's message, and one is
// admitted again once the first ends.
func wantWatchesCounted(t *testing.T, r *authReferee, idW, keyW string, watch func(context.Context) error) {
	t.Helper()
	first, cancel := context.WithCancel(as(keyW))
	if err := watch(first); err != nil {
		t.Fatal(err)
	}
	wantQuota(t, watch(as(keyW)), "key:"+idW+"@ip:bufconn", "spectator streams per principal: 1, the limit (--max-watchers-per-principal)")
	cancel()
	eventually(t, "the first watch to end", func() bool {
		r.srv.quotas.mu.Lock()
		defer r.srv.quotas.mu.Unlock()
		return r.srv.quotas.watchers["key:"+idW+"@ip:bufconn"] == 0
	})
	again, stop := context.WithCancel(as(keyW))
	defer stop()
	if err := watch(again); err != nil {
		t.Fatalf("a watch after the first ended: %v", err)
	}
}
