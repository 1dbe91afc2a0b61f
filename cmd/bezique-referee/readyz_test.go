package main

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// getReadyz fetches /readyz from base and returns its status code and body.
func getReadyz(client *http.Client, base string) (int, string, error) {
	resp, err := client.Get(base + "/readyz")
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// TestReadyzDuringDrain serves the metrics mux on loopback and runs the referee's drain while
// readers fetch /readyz without pause: every answer is 200 "ready" until the drain clears the
// flag, then 503 "draining", never back. Under -race it fails if the flag is a plain bool (the
// bug: the drain wrote it while the handler read it).
func TestReadyzDuringDrain(t *testing.T) {
	reg := prometheus.NewRegistry()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := service.New(context.Background(), service.Config{Metrics: service.NewMetrics(reg), Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	hs := health.NewServer()
	var ready atomic.Bool
	ready.Store(true)
	hsrv := httptest.NewServer(metricsMux(reg, &ready, srv.StoreHealth, false, nil))
	defer hsrv.Close()
	client := hsrv.Client()

	if code, body, err := getReadyz(client, hsrv.URL); err != nil || code != http.StatusOK || body != "ready\n" {
		t.Fatalf("before the drain: %d %q %v; want 200 \"ready\\n\"", code, body, err)
	}

	const readers = 4
	var wg sync.WaitGroup
	seenReady := make(chan struct{}, readers)
	stop := make(chan struct{})
	for r := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			draining := false
			for n := 0; ; n++ {
				code, body, err := getReadyz(client, hsrv.URL)
				switch {
				case err != nil:
					t.Errorf("reader %d, get %d: %v", r, n, err)
					return
				case code == http.StatusOK && body == "ready\n" && !draining:
					if n == 0 {
						seenReady <- struct{}{}
					}
				case code == http.StatusServiceUnavailable && body == "draining\n":
					draining = true
				default:
					t.Errorf("reader %d, get %d: %d %q after draining=%v", r, n, code, body, draining)
					return
				}
				if draining {
					select {
					case <-stop:
						return
					default:
					}
				}
			}
		}()
	}
	for range readers {
		<-seenReady
	}
	drained := make(chan struct{})
	go func() {
		drain(log, &ready, hs, srv, time.Second)
		close(drained)
	}()
	select {
	case <-drained:
	case <-time.After(10 * time.Second):
		t.Fatal("the drain of a referee with no tables did not return in 10 s")
	}
	close(stop)
	wg.Wait()

	if code, body, err := getReadyz(client, hsrv.URL); err != nil || code != http.StatusServiceUnavailable || body != "draining\n" {
		t.Fatalf("after the drain: %d %q %v; want 503 \"draining\\n\"", code, body, err)
	}
	h, err := hs.Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("gRPC health after the drain: %v %v; want NOT_SERVING", h, err)
	}
}

// TestReadyzStoreFailing is the regression test of /readyz answering "ready" while every store
// write failed (the table retried forever and its bots looped on UNAVAILABLE): while appends to
// the real SQLite file fail (a trigger aborts them), /readyz answers 503 with the store's error
// and bezique_store_errors_total{op="append"} counts them; once writes succeed again it answers
// 200 and the game plays to its end.
func TestReadyzStoreFailing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	raw, err := sql.Open("sqlite", "file:"+path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec("CREATE TRIGGER fail_appends BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"); err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	metrics := service.NewMetrics(reg)
	srv, err := service.New(ctx, service.Config{Store: st, Metrics: metrics, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	var ready atomic.Bool
	ready.Store(true)
	hsrv := httptest.NewServer(metricsMux(reg, &ready, srv.StoreHealth, false, nil))
	defer hsrv.Close()
	if code, body, err := getReadyz(hsrv.Client(), hsrv.URL); err != nil || code != http.StatusOK || body != "ready\n" {
		t.Fatalf("before any write: %d %q %v; want 200 \"ready\\n\"", code, body, err)
	}
	builtin := func(bot string) *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: bot}}}
	}
	resp, err := srv.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{builtin("random"), builtin("random")}})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for srv.StoreHealth() == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	want := "not ready: store append failing: store: append actions to table \"" + resp.GetTableId() + "\": constraint failed: disk on fire (1811)\n"
	if code, body, err := getReadyz(hsrv.Client(), hsrv.URL); err != nil || code != http.StatusServiceUnavailable || body != want {
		t.Errorf("while appends fail: %d %q %v; want 503 %q", code, body, err, want)
	}
	if n, err := testutil.GatherAndCount(reg, "bezique_store_errors_total"); err != nil || n != 5 {
		t.Errorf("bezique_store_errors_total: %d series, %v; want 5 (one per op)", n, err)
	}
	mfs, _ := reg.Gather()
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			if mf.GetName() == "bezique_store_errors_total" && m.GetLabel()[0].GetValue() == "append" && m.GetCounter().GetValue() < 1 {
				t.Errorf("bezique_store_errors_total{op=\"append\"} = %v, want at least 1", m.GetCounter().GetValue())
			}
		}
	}
	if _, err := raw.Exec("DROP TRIGGER fail_appends"); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	res, err := srv.Await(wctx, resp.GetTableId())
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("after the store recovered: %v %v; want the game COMPLETED", res, err)
	}
	if code, body, err := getReadyz(hsrv.Client(), hsrv.URL); err != nil || code != http.StatusOK || body != "ready\n" {
		t.Errorf("after the store recovered: %d %q %v; want 200 \"ready\\n\"", code, body, err)
	}
}
