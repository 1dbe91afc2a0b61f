package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/bezique-arena/bezique/service"
)

// TestPprofHostGuard: the metrics port's /debug/pprof/ answers at an IP address, localhost and a
// name of --allowed-hosts, and refuses any other Host 403 (a page of any site could read the
// referee's stack dumps and profiles by DNS rebinding: a web security review); /metrics answers
// any Host (Prometheus may scrape by name).
func TestPprofHostGuard(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv, err := service.New(context.Background(), service.Config{Metrics: service.NewMetrics(reg), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	var ready atomic.Bool
	hsrv := httptest.NewServer(metricsMux(reg, &ready, srv.StoreHealth, true, []string{"referee.lan"}))
	defer hsrv.Close()
	for _, c := range []struct {
		path, host string
		want       int
	}{
		{"/debug/pprof/", "127.0.0.1:9090", http.StatusOK},
		{"/debug/pprof/", "localhost", http.StatusOK},
		{"/debug/pprof/", "[::1]:9090", http.StatusOK},
		{"/debug/pprof/", "REFEREE.lan:9090", http.StatusOK},
		{"/debug/pprof/", "rebind.attacker.example:9090", http.StatusForbidden},
		{"/debug/pprof/goroutine?debug=2", "rebind.attacker.example", http.StatusForbidden},
		{"/debug/pprof/symbol", "rebind.attacker.example", http.StatusForbidden},
		{"/metrics", "prometheus-target.example", http.StatusOK},
	} {
		req, err := http.NewRequest(http.MethodGet, hsrv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		res, err := hsrv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.want {
			t.Errorf("%s with Host %s: %d %.80q, want %d", c.path, c.host, res.StatusCode, body, c.want)
		}
		if want := `Host "rebind.attacker.example:9090" is not served: /debug/pprof answers only at an IP address, localhost or a name of --allowed-hosts, ` +
			"so that no other site's page can read it by DNS rebinding (docs/SECURITY.md)\n"; c.host == "rebind.attacker.example:9090" && string(body) != want {
			t.Errorf("the refusal: %q, want %q", body, want)
		}
	}
}
