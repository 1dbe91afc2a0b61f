package service

import (
	"context"
	"strings"
	"testing"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

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
