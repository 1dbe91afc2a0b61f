package wire_test

import (
	"math/rand/v2"
	"testing"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
	"google.golang.org/protobuf/proto"
)

// TestAnnouncementLapsedOnTheWire: the lapse of a pending announcement (RULES.md §8.18) by a card
// played names the card and the cause; at phase 2 it names the cause and no card.
func TestAnnouncementLapsedOnTheWire(t *testing.T) {
	ks, qs := engine.NewCard(engine.NewFace(engine.Spades, engine.King), 0), engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 0)
	m := engine.Meld{Kind: engine.CommonMarriage, Cards: engine.NewCardSet(ks, qs), Points: 20}
	pm := &pb.Meld{Kind: pb.MeldKind_MELD_KIND_COMMON_MARRIAGE, Cards: []*pb.Card{wire.CardToProto(ks), wire.CardToProto(qs)}, Points: 20}
	for _, c := range []struct {
		e    engine.Event
		want *pb.AnnouncementLapsed
	}{
		{engine.Event{Kind: engine.EvAnnouncementLapsed, Seat: 1, Side: 1, Card: qs, Taken: engine.NoCard, Meld: m, Lapse: engine.LapseCardPlayed},
			&pb.AnnouncementLapsed{Seat: 1, Meld: pm, Cause: pb.LapseCause_LAPSE_CAUSE_CARD_PLAYED, Card: wire.CardToProto(qs)}},
		{engine.Event{Kind: engine.EvAnnouncementLapsed, Seat: 1, Side: 1, Card: engine.NoCard, Taken: engine.NoCard, Meld: m, Lapse: engine.LapsePhase2},
			&pb.AnnouncementLapsed{Seat: 1, Meld: pm, Cause: pb.LapseCause_LAPSE_CAUSE_PHASE2}},
	} {
		want := &pb.Event{Seq: 5, Payload: &pb.Event_AnnouncementLapsed{AnnouncementLapsed: c.want}}
		if got := wire.EventToProto(c.e, 5); !proto.Equal(got, want) {
			t.Errorf("%s: %v, want %v", c.e.Lapse, got, want)
		}
	}
}

// TestPendingInTheWireView plays two-handed games under allow_pending_declarations in which every
// seat melds whenever it may (so announcements are many) and else acts at random, and checks at every step that each
// seat's SeatView.pending is the engine view's pending announcement, and that the announcements'
// events reach the wire: announced (Melded.pending), scored (Melded.announced) and lapsed both
// ways (AnnouncementLapsed).
func TestPendingInTheWireView(t *testing.T) {
	r, err := engine.NewRules(engine.TwoHanded, map[string]string{"allow_pending_declarations": "true"})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var buf []engine.Action
	rng := rand.New(rand.NewPCG(17, 8))
	for seed := uint64(1); seed <= 2000 && (seen["pending"] == 0 || seen["announced"] == 0 || seen["LAPSE_CAUSE_CARD_PLAYED"] == 0 || seen["LAPSE_CAUSE_PHASE2"] == 0); seed++ {
		g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(seed), Deals: 1})
		if err != nil {
			t.Fatal(err)
		}
		seq := uint64(0)
		for !g.Over() {
			seat := g.Turn()
			ev := g.View(engine.NoSeat)
			for s, sv := range wire.ViewToProto(ev).GetSeats() {
				m := ev.Pending[s]
				var want *pb.Meld
				if m.Kind != engine.NoMeld {
					want = &pb.Meld{Kind: pb.MeldKind(m.Kind), Points: uint32(m.Points)}
					for i := 0; i < m.Cards.Len(); i++ {
						want.Cards = append(want.Cards, wire.CardToProto(m.Cards.At(i)))
					}
				}
				if !proto.Equal(sv.GetPending(), want) {
					t.Fatalf("seed %d: seat %d pending %v, engine %s", seed, s, sv.GetPending(), m)
				}
			}
			buf = g.Legal(seat, buf[:0])
			a := buf[rng.IntN(len(buf))]
			for _, l := range buf {
				if l.Kind == engine.DeclareMeld {
					a = l
					break
				}
			}
			evs, err := g.Apply(seat, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				seq++
				w := wire.EventToProto(e.Redact(engine.NoSeat), seq)
				switch {
				case w.GetMelded().GetPending():
					seen["pending"]++
				case w.GetMelded().GetAnnounced():
					seen["announced"]++
					if w.GetMelded().GetMeld().GetPoints() == 0 {
						t.Fatalf("seed %d: the scored announcement %v has no points", seed, w)
					}
				case w.GetAnnouncementLapsed() != nil:
					l := w.GetAnnouncementLapsed()
					seen[l.GetCause().String()]++
					if (l.GetCause() == pb.LapseCause_LAPSE_CAUSE_CARD_PLAYED) != (l.GetCard() != nil) {
						t.Fatalf("seed %d: lapse %v", seed, l)
					}
				}
			}
		}
	}
	for _, k := range []string{"pending", "announced", "LAPSE_CAUSE_CARD_PLAYED", "LAPSE_CAUSE_PHASE2"} {
		if seen[k] == 0 {
			t.Errorf("no %s event in the games played: %v", k, seen)
		}
	}
	t.Logf("events: %v", seen)
}
