package service

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// idleTableBudget is the goal for what a waiting table holds: heap in use and goroutine stacks.
const idleTableBudget = 16 << 10

// TestIdleTableMemory: 1 000 waiting two-handed tables hold at most idleTableBudget each, heap
// and stacks (41 KB before: the engine preallocated a 256-event log, 32 KB, and the table copied
// every event into its history).
func TestIdleTableMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's bookkeeping adds to every allocation and stack")
	}
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry()), PingInterval: time.Hour, MaxTables: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const n = 1000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range n {
		if _, err := srv.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)}); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	stack := int64(after.StackInuse) - int64(before.StackInuse)
	if per := (heap + stack) / n; per > idleTableBudget {
		t.Fatalf("a waiting table holds %d bytes (heap %d, stacks %d), want at most %d", per, heap/n, stack/n, idleTableBudget)
	}
}

// TestEndedTablesLeaveMemory: once more games have ended than Config.KeepFinished, the oldest
// ended tables leave memory with their goroutines (each held its whole game until the referee
// stopped: 1 251 four-handed games left 1 266 goroutines and a 2.5 GB heap).
func TestEndedTablesLeaveMemory(t *testing.T) {
	const keep, games = 2, 6
	r := startReferee(t, nil, func(c *Config) { c.KeepFinished = keep })
	for i := range games {
		resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(byte(60 + i))})
		if _, err := r.watch(t, resp.GetTableId())(); err != nil {
			t.Fatal(err)
		}
	}
	var running int
	for range 200 { // the last ended table's goroutine may still be on its way out
		running = strings.Count(allStacks(), "service.(*table).run(")
		if running == keep {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if running != keep {
		t.Fatalf("%d table goroutines after %d games with KeepFinished %d, want %d", running, games, keep, keep)
	}
	r.srv.mu.Lock()
	inMemory := len(r.srv.tables)
	r.srv.mu.Unlock()
	if inMemory != keep {
		t.Fatalf("%d tables in memory, want %d", inMemory, keep)
	}
	list, err := r.tables.ListTables(context.Background(), &pb.ListTablesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(list.GetTables()); n != keep {
		t.Fatalf("ListTables lists %d tables, want %d", n, keep)
	}
}
