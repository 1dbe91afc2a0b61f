package service

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/codec"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// BenchmarkDecisionRequest measures a two-handed decision request early, mid and late in a deal
// (tricks 2, 12 and 24: 1, 11 and 23 finished tricks in the view): the referee building it from
// the engine (view, legal actions), marshalling it (codec.Server, the referee's gRPC codec), and a
// Go bot unmarshalling it (codec.Client, the Go SDK's); "full" with the
// seat's full view (Join.view_mode VIEW_MODE_FULL), "compact" with its compact view
// (VIEW_MODE_COMPACT, the SDKs' default; "unmarshal+expand" adds wire.ExpandView as the Go SDK
// runs it before the bot sees the view, with the tricks it expanded for the seat's previous
// request, one trick fewer), "lean" without (VIEW_MODE_NONE).
func BenchmarkDecisionRequest(b *testing.B) {
	for _, pos := range []struct {
		name  string
		trick int
	}{{"early", 2}, {"mid", 12}, {"late", 24}} {
		g, err := engine.NewGame(engine.DefaultRules(engine.TwoHanded), engine.Dealing{Seed: engine.SeedFromUint64(3)})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		var buf []engine.Action
		for g.View(0).TrickNo < pos.trick {
			s := g.Turn()
			buf = g.Legal(s, buf[:0])
			if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
		t := &table{game: g, srv: &Referee{}, reserved: math.MaxUint64} // no store: every seq is reserved already
		seat := g.Turn()
		for _, mode := range []struct {
			name string
			mode pb.ViewMode
		}{{"full", pb.ViewMode_VIEW_MODE_FULL}, {"compact", pb.ViewMode_VIEW_MODE_COMPACT}, {"lean", pb.ViewMode_VIEW_MODE_NONE}} {
			name := fmt.Sprintf("%s/%s/", pos.name, mode.name)
			b.Run(name+"build", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					t.decisionRequest(seat, time.Time{}, mode.mode)
				}
			})
			msg := &pb.ConnectResponse{Kind: &pb.ConnectResponse_DecisionRequest{DecisionRequest: t.decisionRequest(seat, time.Time{}, mode.mode).msg}}
			data, err := proto.Marshal(msg)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"marshal", func(b *testing.B) {
				b.ReportAllocs()
				b.ReportMetric(float64(len(data)), "bytes")
				for range b.N {
					data, err := codec.Server.Marshal(msg)
					if err != nil {
						b.Fatal(err)
					}
					data.Free()
				}
			})
			b.Run(name+"unmarshal", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if err := codec.Client.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, &pb.ConnectResponse{}); err != nil {
						b.Fatal(err)
					}
				}
			})
			if mode.mode != pb.ViewMode_VIEW_MODE_COMPACT {
				continue
			}
			past := expandedBefore(b, data)
			b.Run(name+"unmarshal+expand", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					m := &pb.ConnectResponse{}
					if err := codec.Client.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, m); err != nil {
						b.Fatal(err)
					}
					if err := wire.ExpandView(m.GetDecisionRequest().GetView(), past); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// expandedBefore returns the finished tricks the Go SDK keeps from the seat's previous request,
// taken to hold one trick fewer than the compact decision request data: its past_tricks expanded
// without the last trick.
func expandedBefore(b *testing.B, data []byte) []*pb.Trick {
	m := &pb.ConnectResponse{}
	if err := proto.Unmarshal(data, m); err != nil {
		b.Fatal(err)
	}
	v := m.GetDecisionRequest().GetView()
	if n := len(v.PastTrickSizes); n > 0 {
		v.PastTrickPlays = v.PastTrickPlays[:len(v.PastTrickPlays)-int(v.PastTrickSizes[n-1])]
		v.PastTrickSizes, v.PastTrickWinners = v.PastTrickSizes[:n-1], v.PastTrickWinners[:n-1]
	}
	if err := wire.ExpandView(v, nil); err != nil {
		b.Fatal(err)
	}
	return v.PastTricks
}
