package service

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestViewReusesPastTricks: a table's views, which reuse the wire form of the deal's finished
// tricks, equal views built from nothing, for every seat, at random decisions (one in eight, so
// that deals also change between two views) of whole random games of every variant.
func TestViewReusesPastTricks(t *testing.T) {
	for _, v := range engine.Variants {
		t.Run(string(v), func(t *testing.T) {
			g, err := engine.NewGame(engine.DefaultRules(v), engine.Dealing{Seed: engine.SeedFromUint64(11)})
			if err != nil {
				t.Fatal(err)
			}
			tb := &table{game: g}
			rng := rand.New(rand.NewPCG(5, 6))
			var buf []engine.Action
			var before []*pb.Trick // the finished tricks of the view built last
			reused := 0
			for steps := 0; !g.Over() && steps < 5000; steps++ {
				s := g.Turn()
				buf = g.Legal(s, buf[:0])
				if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				if rng.IntN(8) != 0 {
					continue
				}
				for seat := range v.Players() {
					got, want := tb.view(seat), wire.ViewToProto(g.View(seat))
					if !proto.Equal(got, want) {
						t.Fatalf("step %d seat %d: view\n%v\nwant\n%v", steps, seat, got, want)
					}
					if len(before) > 0 && len(got.PastTricks) >= len(before) && got.PastTricks[0] == before[0] {
						reused++
					}
					before = got.PastTricks
				}
			}
			if !g.Over() || reused == 0 {
				t.Fatalf("game over %v, views that reused a trick %d", g.Over(), reused)
			}
		})
	}
}

// TestWireViewsEqualReplay: over the wire, at tables of the core variants played at once by
// remote seats that reconnect at random (resuming after the last seq they saw) next to a built-in
// rulebook seat, every Welcome snapshot and every decision request's view equals the view of the
// game replayed from the record up to that message's seq; and the shared card and card-play
// messages are unmodified afterwards.
func TestWireViewsEqualReplay(t *testing.T) {
	r := startReferee(t, nil, quiet)
	variants := []pb.Variant{pb.Variant_VARIANT_TWO_HANDED, pb.Variant_VARIANT_FOUR_HANDED}
	if !testing.Short() {
		variants = append(variants, pb.Variant_VARIANT_THREE_HANDED, pb.Variant_VARIANT_FOUR_HANDED_INDIVIDUAL)
	}
	var wg sync.WaitGroup
	for i, v := range variants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			checkWireViews(t, r, v, byte(40+i))
		}()
	}
	wg.Wait()
	// The shared card and card-play messages came through those games unmodified.
	for i := range engine.MaxCards {
		c := engine.Card(i)
		card := &pb.Card{Id: uint32(c), Text: c.String(), Suit: pb.Suit(c.Suit() + 1), Rank: pb.Rank(c.Rank() + 1), Copy: uint32(c.Copy())}
		shared, play := wire.CardToProto(c), wire.ActionToProto(engine.Play(c))
		if !proto.Equal(shared, card) || !proto.Equal(play, &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{Card: card}}}) {
			t.Fatalf("shared messages of card %d modified: %v, %v", i, shared, play)
		}
	}
}

// wireView is a view a seat received: in a Welcome or a decision request, as of event seq.
type wireView struct {
	seat int
	seq  uint64
	view *pb.View
}

func checkWireViews(t *testing.T, r *referee, v pb.Variant, seed byte) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ev, err := wire.VariantFromProto(v)
	if err != nil {
		t.Error(err)
		return
	}
	n := ev.Players()
	seats := remoteSeats(n)
	seats[n-1] = builtinSeat("rulebook")
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: v, Seats: seats, Seed: seed32(seed)})
	if err != nil {
		t.Error(err)
		return
	}
	var mu sync.Mutex
	var seen []wireView
	var wg sync.WaitGroup
	for s := range n - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(s)))
			var last uint64
			for over := false; !over; {
				sctx, scancel := context.WithCancel(ctx)
				stream, err := r.seats.Connect(sctx)
				if err == nil {
					err = stream.Send(joinMsg(&pb.Join{TableId: resp.GetTableId(), Seat: uint32(s), Token: tokenOf(resp, s), ProtocolVersion: 1, ResumeAfterSeq: last}))
				}
				for reconnect := false; err == nil && !reconnect && !over; {
					var m *pb.ConnectResponse
					if m, err = stream.Recv(); err != nil {
						break
					}
					switch k := m.GetKind().(type) {
					case *pb.ConnectResponse_Welcome:
						mu.Lock()
						seen = append(seen, wireView{s, k.Welcome.GetLastSeq(), k.Welcome.GetSnapshot()})
						mu.Unlock()
					case *pb.ConnectResponse_Event:
						last = max(last, k.Event.GetSeq())
					case *pb.ConnectResponse_DecisionRequest:
						d := k.DecisionRequest
						mu.Lock()
						seen = append(seen, wireView{s, d.GetSeq(), d.GetView()})
						mu.Unlock()
						if reconnect = rng.IntN(40) == 0; !reconnect {
							la := d.GetLegalActions()
							err = stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: &pb.Decide{RequestId: d.GetRequestId(),
								Choice: &pb.Decide_ActionId{ActionId: la[rng.IntN(len(la))].GetActionId()}}}})
						}
					case *pb.ConnectResponse_GameOver:
						over = true
					}
				}
				scancel()
				if err != nil && !over {
					t.Errorf("%v seat %d: %v", v, s, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	rr, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Error(err)
		return
	}
	rec := rr.GetRecord()
	start := proto.Clone(rec).(*pb.GameRecord)
	start.Actions = nil
	rp, err := wire.ReplayRecord(start)
	if err != nil {
		t.Error(err)
		return
	}
	g, next := rp.Game, 0
	slices.SortStableFunc(seen, func(a, b wireView) int { return cmp.Compare(a.seq, b.seq) })
	for _, w := range seen {
		for ; next < len(rec.GetActions()) && rec.GetActions()[next].GetSeq() <= w.seq; next++ {
			ra := rec.GetActions()[next]
			a, err := wire.ActionFromProto(ra.GetAction())
			if err == nil {
				_, err = g.Apply(int(ra.GetSeat()), a)
			}
			if err != nil {
				t.Errorf("%v: replaying action %d: %v", v, next, err)
				return
			}
		}
		if want := wire.ViewToProto(g.View(w.seat)); !proto.Equal(w.view, want) {
			t.Errorf("%v seat %d, view as of seq %d:\n%v\nwant\n%v", v, w.seat, w.seq, w.view, want)
			return
		}
	}
	if len(seen) < 100 {
		t.Errorf("%v: only %d views received", v, len(seen))
	}
}
