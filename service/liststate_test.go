package service

import (
	"context"
	"sync/atomic"
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestListTablesStateIsTheLiveOne: a listing of one state lists the tables in that state now,
// not those whose stored row had it: a table cancelled between the store's page and its live
// entry is left out of the waiting tables. It was listed, cancelled, under the filter waiting
// (an outside trial's `bezique tables --state playing` showed finished tables).
func TestListTablesStateIsTheLiveOne(t *testing.T) {
	ctx := context.Background()
	r := newCore(t, Config{})
	cancelled, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	waiting, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	var once atomic.Bool
	r.mu.Lock()
	r.lookedUp = func(tb *table) {
		if tb.id == cancelled.GetTableId() && !once.Swap(true) {
			if _, err := r.CancelTable(ctx, tb.id, "cancelled as it is listed"); err != nil {
				t.Errorf("CancelTable: %v", err)
			}
		}
	}
	r.mu.Unlock()
	resp, err := r.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_WAITING})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ti := range resp.GetTables() {
		got = append(got, ti.GetTableId()+" "+ti.GetState().String())
	}
	if want := waiting.GetTableId() + " TABLE_STATE_WAITING"; len(got) != 1 || got[0] != want {
		t.Fatalf("waiting tables: %q, want [%q]", got, want)
	}
}
