package service

import (
	"context"
	"os"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/tournament"
)

// BenchmarkTournamentOverhead plays, in each iteration, the same games twice on a referee without
// a store: once as a round robin through the tournament runner (schedule, results read from the
// records, standings, watchers) and once on bare tables (CreateTable and Await, 16 at a time), and
// reports both rates and their ratio, per second of wall time and per second of the process's CPU
// time (user and system, getrusage): on a machine shared with other work the CPU figures are the
// ones to compare. BEZIQUE_BENCH_DEALS sets the deal sets per pairing (default
// 8: 4 entrants, 6 pairings, 2 seatings, so 96 games an iteration). See docs/BENCHMARKS.md.
func BenchmarkTournamentOverhead(b *testing.B) {
	deals := 8
	if s := os.Getenv("BEZIQUE_BENCH_DEALS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		deals = n
	}
	const concurrency = 16
	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: deals, Duplicate: true, Concurrency: concurrency,
		Entrants: []tournament.Entrant{{ID: "random-1", Bot: "random"}, {ID: "rulebook-1", Bot: "rulebook"}, {ID: "random-2", Bot: "random"}, {ID: "rulebook-2", Bot: "rulebook"}}}
	if err := spec.Validate(); err != nil {
		b.Fatal(err)
	}
	games := spec.Schedule()
	ctx := context.Background()
	r := newCore(b, Config{KeepFinished: 100})
	var bare, runner, bareCPU, runnerCPU time.Duration
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	b.ResetTimer()
	playTournament := func(seed engine.Seed) {
		start, startCPU := time.Now(), cpu()
		tn, err := r.CreateTournament(ctx, spec, &seed)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.WatchTournament(ctx, tn.ID, func(TournamentUpdate) error { return nil }); err != nil {
			b.Fatal(err)
		}
		runner += time.Since(start)
		runnerCPU += cpu() - startCPU
	}
	playBare := func(seed engine.Seed) {
		tr := &tourney{spec: spec, seed: seed}
		start, startCPU := time.Now(), cpu()
		slots := make(chan struct{}, concurrency)
		var wg sync.WaitGroup
		for _, g := range games {
			slots <- struct{}{}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-slots }()
				resp, err := r.CreateTable(ctx, tr.tableRequest(g))
				if err != nil {
					b.Error(err)
					return
				}
				if _, err := r.Await(ctx, resp.GetTableId()); err != nil {
					b.Error(err)
				}
			}()
		}
		wg.Wait()
		bare += time.Since(start)
		bareCPU += cpu() - startCPU
	}
	for i := range b.N {
		seed := engine.SeedFromUint64(uint64(i))
		if i%2 == 0 { // alternate which goes first, so that neither always meets the other's garbage
			playTournament(seed)
			playBare(seed)
		} else {
			playBare(seed)
			playTournament(seed)
		}
	}
	n := float64(b.N * len(games))
	b.ReportMetric(n/runner.Seconds(), "tournament-games/s")
	b.ReportMetric(n/bare.Seconds(), "bare-games/s")
	b.ReportMetric(bare.Seconds()/runner.Seconds(), "ratio")
	b.ReportMetric(n/runnerCPU.Seconds(), "tournament-games/cpu-s")
	b.ReportMetric(n/bareCPU.Seconds(), "bare-games/cpu-s")
	b.ReportMetric(bareCPU.Seconds()/runnerCPU.Seconds(), "cpu-ratio")
}
