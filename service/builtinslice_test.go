package service

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestBuiltinTableHandsTheTurnBack: a table of built-in seats only plays its game in slices
// (builtinSlice), so that a read of it is answered while it plays and the referee's shutdown
// stops it mid-game, to resume from the store. Its whole game held the turn before: an outside
// trial's GetTable waited 2.5 s for a four-handed game to 10 000 and got it finished, and a
// draining referee went on playing such games for 4.6 s.
func TestBuiltinTableHandsTheTurnBack(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReferee(ctx, Config{Store: st, Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := r.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Options: map[string]string{"target": "10000"},
		Seats: []*pb.SeatConfig{builtinSeat("rulebook"), builtinSeat("random"), builtinSeat("rulebook"), builtinSeat("random")}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	info, err := r.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if info.GetState() != pb.TableState_TABLE_STATE_PLAYING {
		t.Fatalf("GetTable while the built-in seats play: state %s, want playing", info.GetState())
	}
	r.Close()
	st.Close()

	// The referee stopped the game where it was: a referee on the same store resumes it.
	st, err = store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r = newCore(t, Config{Store: st})
	info, err = r.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if info.GetState() != pb.TableState_TABLE_STATE_PLAYING {
		t.Fatalf("after the shutdown: state %s, want playing (the game stopped mid-game, resumed)", info.GetState())
	}
}
