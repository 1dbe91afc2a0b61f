package service

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/bezique-arena/bezique/service/store"
)

// BenchmarkStartWithEndedTournaments measures a referee's start (NewReferee; ns/op) on a store
// holding ended tournaments: BEZIQUE_BENCH_TOURNAMENTS of them (default 2 000), each a round
// robin of two entrants with 50 stored results (so 100 000 results by default), in SQLite and,
// with BEZIQUE_TEST_POSTGRES_URL set, in PostgreSQL. Apart from it, first-page-ms is the first
// ListTournaments page of 50 after the start, which reads that page's results. The store is
// filled once, through the store's API, before the timer starts. See docs/BENCHMARKS.md.
//
//	go test -run '^$' -bench BenchmarkStartWithEndedTournaments -benchtime 5x ./service/
func BenchmarkStartWithEndedTournaments(b *testing.B) {
	n := 2000
	if s := os.Getenv("BEZIQUE_BENCH_TOURNAMENTS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	start := func(b *testing.B, st store.Store) {
		fillEndedTournaments(b, st, n, 25)
		var firstPage time.Duration
		b.ResetTimer()
		for range b.N {
			r, err := NewReferee(ctx, Config{Store: st, Metrics: NewMetrics(prometheus.NewRegistry())})
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			listed := time.Now()
			if _, _, err := r.ListTournaments(ctx, store.TournamentFilter{}, 0, ""); err != nil {
				b.Fatal(err)
			}
			firstPage += time.Since(listed)
			r.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(firstPage.Milliseconds())/float64(b.N), "first-page-ms")
	}
	b.Run("sqlite", func(b *testing.B) {
		st, err := store.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bezique.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = st.Close() }()
		start(b, st)
	})
	b.Run("postgres", func(b *testing.B) {
		u, _ := sharedSchema(b)
		st, err := store.Open(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = st.Close() }()
		start(b, st)
	})
}
