package service

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/bezique-arena/bezique/service/store"
)

// BenchmarkEndedTournamentPage measures a page of 1 000 results of an ended tournament of 14 000
// games on SQLite (ns/op, B/op, allocs/op: GetTournamentPage, every page in turn, from the
// summary the referee keeps and the store's index). Apart from it, whole-read-ms is the first
// call, which reads every result for the standings, as every call did before pages. The store is
// filled once, through the store's API, before the timer starts. See docs/BENCHMARKS.md.
//
//	go test -run '^$' -bench BenchmarkEndedTournamentPage -benchmem -benchtime 100x ./service/
func BenchmarkEndedTournamentPage(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bezique.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = st.Close() }()
	fillEndedTournaments(b, st, 1, 7000)
	r, err := NewReferee(ctx, Config{Store: st, Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	const id = "tn-0000000000000000"
	start := time.Now()
	if _, _, err := r.GetTournamentPage(ctx, id, 1000, ""); err != nil {
		b.Fatal(err)
	}
	whole := time.Since(start)
	token := ""
	b.ResetTimer()
	for range b.N {
		tn, next, err := r.GetTournamentPage(ctx, id, 1000, token)
		if err != nil || len(tn.Results) != 1000 {
			b.Fatalf("%d results, %v", len(tn.Results), err)
		}
		token = next
	}
	b.ReportMetric(float64(whole.Microseconds())/1000, "whole-read-ms")
}
