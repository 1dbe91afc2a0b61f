package service

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// BenchmarkDecisionRequest measures a mid-deal two-handed decision request (trick 24, so 23
// finished tricks in the view): the referee building it from the engine (view, legal actions),
// marshalling it, and a bot unmarshalling it; "full" with the seat's view, "lean" without
// (Join.view_mode VIEW_MODE_NONE).
func BenchmarkDecisionRequest(b *testing.B) {
	g, err := engine.NewGame(engine.DefaultRules(engine.TwoHanded), engine.Dealing{Seed: engine.SeedFromUint64(3)})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	for g.View(0).TrickNo < 24 {
		s := g.Turn()
		buf = g.Legal(s, buf[:0])
		if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	t := &table{game: g, srv: &Referee{}, reserved: math.MaxUint64} // no store: every seq is reserved already
	seat := g.Turn()
	for _, mode := range []struct {
		name     string
		withView bool
	}{{"full", true}, {"lean", false}} {
		b.Run(mode.name+"/build", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				t.decisionRequest(seat, time.Time{}, mode.withView)
			}
		})
		msg := &pb.ConnectResponse{Kind: &pb.ConnectResponse_DecisionRequest{DecisionRequest: t.decisionRequest(seat, time.Time{}, mode.withView).msg}}
		data, err := proto.Marshal(msg)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(mode.name+"/marshal", func(b *testing.B) {
			b.ReportAllocs()
			b.ReportMetric(float64(len(data)), "bytes")
			for range b.N {
				if _, err := proto.Marshal(msg); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(mode.name+"/unmarshal", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := proto.Unmarshal(data, &pb.ConnectResponse{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
