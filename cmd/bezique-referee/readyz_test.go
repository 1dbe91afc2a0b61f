package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/bezique-arena/bezique/service"
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
	hsrv := httptest.NewServer(metricsMux(reg, &ready, false))
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
