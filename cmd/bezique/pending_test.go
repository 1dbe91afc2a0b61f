package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestPendingAnnouncementText: the lines of an announcement's life (RULES.md §8.18, vectors
// 55–57) as the CLI prints them, and the pending meld in `bezique play`'s view.
func TestPendingAnnouncementText(t *testing.T) {
	ks, qs := engine.NewCard(engine.NewFace(engine.Spades, engine.King), 0), engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 0)
	m := engine.Meld{Kind: engine.CommonMarriage, Cards: engine.NewCardSet(ks, qs), Points: 20}
	for _, c := range []struct {
		e    engine.Event
		want string
	}{
		{engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Card: engine.NoCard, Meld: engine.Meld{Kind: m.Kind, Cards: m.Cards}, Pending: true},
			"seat 1 announces common_marriage KSa QSa (0), to score at its next trick"},
		{engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Card: engine.NoCard, Meld: m, Points: 20, Announced: true},
			"seat 1 scores its announced common_marriage KSa QSa (20)"},
		{engine.Event{Kind: engine.EvAnnouncementLapsed, Seat: 1, Side: 1, Card: qs, Meld: m, Lapse: engine.LapseCardPlayed},
			"seat 1's announced common_marriage KSa QSa (20) lapses, unscored: QSa was played"},
		{engine.Event{Kind: engine.EvAnnouncementLapsed, Seat: 1, Side: 1, Card: engine.NoCard, Meld: m, Lapse: engine.LapsePhase2},
			"seat 1's announced common_marriage KSa QSa (20) lapses, unscored: phase 2 began"},
	} {
		if got := eventText(wire.EventToProto(c.e, 1)); got != c.want {
			t.Errorf("%s: %q, want %q", c.e, got, c.want)
		}
	}
	var out bytes.Buffer
	h := &human{out: &out, seat: 0}
	pm := &pb.Meld{Kind: pb.MeldKind_MELD_KIND_COMMON_MARRIAGE, Cards: []*pb.Card{wire.CardToProto(ks), wire.CardToProto(qs)}, Points: 20}
	h.show(&pb.DecisionRequest{View: &pb.View{Seats: []*pb.SeatView{{Seat: 0}, {Seat: 1, Tabled: []*pb.TabledCard{
		{Card: wire.CardToProto(ks)}, {Card: wire.CardToProto(qs)}}, Pending: pm}}}})
	want := "tabled by seat 1: KSa QSa\n  announced by seat 1, to score at its next trick: common_marriage KSa QSa (20)\n"
	if !strings.Contains(out.String(), want) {
		t.Fatalf("view:\n%s\nwant a line %q", out.String(), want)
	}
}
