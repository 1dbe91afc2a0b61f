package wire

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestGameEndedTie: a game that ends level (engine.NoSide) says so with GameEnded.tie; it read as
// a win for side 0 before.
func TestGameEndedTie(t *testing.T) {
	for _, c := range []struct {
		side int
		want *pb.GameEnded
	}{
		{engine.NoSide, &pb.GameEnded{Tie: true, Scores: []*pb.SideScore{{Side: 0, Total: 700}, {Side: 1, Total: 700}}}},
		{1, &pb.GameEnded{WinnerSide: 1, Scores: []*pb.SideScore{{Side: 0, Total: 650}, {Side: 1, Total: 700}}}},
	} {
		e := engine.Event{Kind: engine.EvGameEnd, Seat: engine.NoSeat, Side: c.side, Sides: 2, Totals: [4]int{700, 700}}
		if c.side == 1 {
			e.Totals[0] = 650
		}
		got := EventToProto(e, 9).GetGameEnded()
		if !proto.Equal(got, c.want) {
			t.Errorf("side %d: GameEnded = %v, want %v", c.side, got, c.want)
		}
	}
}

// TestMeldedPending: vector 55's events on the wire (RULES.md §8.18): the announcement is a Melded
// with pending and 0 points, the later scoring one a Melded of the same cards with the points and
// announced.
func TestMeldedPending(t *testing.T) {
	ks, qs := engine.NewCard(engine.NewFace(engine.Spades, engine.King), 0), engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 0)
	m := engine.Meld{Kind: engine.CommonMarriage, Cards: engine.NewCardSet(ks, qs)}
	announced := EventToProto(engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Meld: m, Pending: true}, 7).GetMelded()
	m.Points = 20
	scored := EventToProto(engine.Event{Kind: engine.EvMeld, Seat: 1, Side: 1, Meld: m, Points: 20, Announced: true}, 12).GetMelded()
	if !announced.GetPending() || announced.GetAnnounced() || !scored.GetAnnounced() || announced.GetMeld().GetPoints() != 0 || scored.GetPending() || scored.GetMeld().GetPoints() != 20 ||
		!proto.Equal(announced.GetMeld().GetCards()[0], scored.GetMeld().GetCards()[0]) || len(scored.GetMeld().GetCards()) != 2 {
		t.Fatalf("announced %v, scored %v", announced, scored)
	}
}

// TestRubiconOnTheWire: a deal without a turn-up has no trump (SUIT_UNSPECIFIED) and no turn-up;
// trump_fixed, carte_blanche_shown and the settlement on game_ended carry what the engine says;
// the carte blanche action converts both ways.
func TestRubiconOnTheWire(t *testing.T) {
	qs, jh := engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 1), engine.NewCard(engine.NewFace(engine.Hearts, engine.Jack), 0)
	for _, c := range []struct {
		e    engine.Event
		want *pb.Event
	}{
		{engine.Event{Kind: engine.EvDeal, Deal: 1, Seat: 0, Side: engine.NoSide, Card: engine.NoCard, Trump: engine.NoSuit},
			&pb.Event{Seq: 3, Payload: &pb.Event_DealStarted{DealStarted: &pb.DealStarted{Deal: 1}}}},
		{engine.Event{Kind: engine.EvTrumpFixed, Seat: 1, Side: 1, Card: engine.NoCard, Trump: engine.Clubs},
			&pb.Event{Seq: 3, Payload: &pb.Event_TrumpFixed{TrumpFixed: &pb.TrumpFixed{Seat: 1, Trump: pb.Suit_SUIT_CLUBS}}}},
		{engine.Event{Kind: engine.EvCarteBlanche, Seat: 1, Side: 1, Card: engine.NoCard, Cards: engine.NewCardSet(jh), Points: 250},
			&pb.Event{Seq: 3, Payload: &pb.Event_CarteBlancheShown{CarteBlancheShown: &pb.CarteBlancheShown{Seat: 1, Side: 1, Cards: []*pb.Card{CardToProto(jh)}, Points: 250}}}},
		{engine.Event{Kind: engine.EvGameEnd, Seat: engine.NoSeat, Side: 0, Card: engine.NoCard, Sides: 2, Totals: [4]int{2480, 840}, Points: 4320, Rubicon: true},
			&pb.Event{Seq: 3, Payload: &pb.Event_GameEnded{GameEnded: &pb.GameEnded{Scores: []*pb.SideScore{{Side: 0, Total: 2480}, {Side: 1, Total: 840}}, GamePoints: 4320, Rubicon: true}}}},
	} {
		if got := EventToProto(c.e, 3); !proto.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.e.Kind, got, c.want)
		}
	}
	a := engine.Action{Kind: engine.DeclareCarteBlanche, Card: engine.NoCard}
	back, err := ActionFromProto(ActionToProto(a))
	if err != nil || back != a || ActionToProto(a).GetCarteBlanche() == nil {
		t.Fatalf("carte blanche: %v, %v", back, err)
	}
	if got := CardToProto(qs).GetText(); got != "QSb" {
		t.Fatalf("card text %q", got)
	}
}

// TestStockSize: a deal and each draw carry the stock the engine counts, the turn-up included, as
// the seat's View does, so that a page shows the stock without knowing the pack's size.
func TestStockSize(t *testing.T) {
	r, err := engine.NewRules(engine.TwoHanded, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(7)})
	if err != nil {
		t.Fatal(err)
	}
	var got []uint32
	for _, e := range g.Events() {
		if d := EventToProto(e, 1).GetDealStarted(); d != nil {
			got = append(got, d.GetStockSize())
		}
	}
	for len(got) < 3 {
		s := g.Turn()
		evs, err := g.Apply(s, g.Legal(s, nil)[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if d := EventToProto(e, 1).GetCardDrawn(); d != nil {
				got = append(got, d.GetStockSize())
			}
		}
	}
	if want := []uint32{48, 47, 46}; !slices.Equal(got[:3], want) {
		t.Errorf("stock sizes of the deal and the first draws: %v, want %v", got, want)
	}
	if v := g.View(0).StockSize; uint32(v) != got[len(got)-1] {
		t.Errorf("View.StockSize %d, the last CardDrawn.stock_size %d", v, got[len(got)-1])
	}
}

// TestDealEndedDealPoints: a deal's DealEnded, a record's DealSummary and the GameEnded carry each
// side's points in the deal, as the accountant sums them from the deal's scoring events, and its
// total; deal_points were 0 on the wire before (an outside trial read
// {"deal":1,"scores":[{"side":0,"dealPoints":0,"total":70},…]}).
func TestDealEndedDealPoints(t *testing.T) {
	r := engine.DefaultRules(engine.TwoHanded)
	r.Target = 1500
	g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(7)})
	if err != nil {
		t.Fatal(err)
	}
	acct := NewAccountant(r)
	acct.Add(g.Events())
	var ended []*pb.DealEnded
	var gameEnded *pb.GameEnded
	var want [][]*pb.SideScore // from the accountant
	for !g.Over() {
		s := g.Turn()
		evs, err := g.Apply(s, g.Legal(s, nil)[0])
		if err != nil {
			t.Fatal(err)
		}
		if end := acct.Add(evs).DealEnd; end != nil {
			var w []*pb.SideScore
			for _, sa := range end.Sides {
				w = append(w, &pb.SideScore{Side: uint32(sa.Side), DealPoints: uint32(sa.DealPoints), Total: uint32(sa.Total)})
			}
			want = append(want, w)
		}
		for _, e := range evs {
			switch m := EventToProto(e, 1); {
			case m.GetDealEnded() != nil:
				ended = append(ended, m.GetDealEnded())
			case m.GetGameEnded() != nil:
				gameEnded = m.GetGameEnded()
			}
		}
	}
	summaries := DealSummaries(g.Events())
	if len(ended) < 2 || len(ended) != len(want) || len(summaries) != len(want) {
		t.Fatalf("%d DealEnded, %d summaries, the accountant ended %d deals: want the same, at least 2", len(ended), len(summaries), len(want))
	}
	for i := range want {
		if !slices.EqualFunc(ended[i].GetScores(), want[i], func(a, b *pb.SideScore) bool { return proto.Equal(a, b) }) {
			t.Errorf("deal %d: DealEnded scores %v, want %v", i+1, ended[i].GetScores(), want[i])
		}
		if !slices.EqualFunc(summaries[i].GetScores(), want[i], func(a, b *pb.SideScore) bool { return proto.Equal(a, b) }) {
			t.Errorf("deal %d: DealSummary scores %v, want %v", i+1, summaries[i].GetScores(), want[i])
		}
	}
	first := &pb.DealEnded{Deal: 1, Scores: []*pb.SideScore{{Side: 0, DealPoints: 160, Total: 160}, {Side: 1, DealPoints: 30, Total: 30}}}
	if !proto.Equal(ended[0], first) {
		t.Errorf("deal 1: DealEnded %v, want %v", ended[0], first)
	}
	last := want[len(want)-1]
	if !slices.EqualFunc(gameEnded.GetScores(), last, func(a, b *pb.SideScore) bool { return proto.Equal(a, b) }) {
		t.Errorf("GameEnded scores %v, want the last deal's %v", gameEnded.GetScores(), last)
	}
}

// TestScoresCountInTheirDeal: every score names the deal it counts in, so that a step's scores
// summed by their deal give each deal's points (the DealEnd's): the step that ends a deal also
// scores the next deal's turned-up seven, which a bot author summing by the step's deal put in
// the deal before. Seeded two-handed games, first legal action, until such a step was seen.
func TestScoresCountInTheirDeal(t *testing.T) {
	r := engine.DefaultRules(engine.TwoHanded)
	r.Target = 2000
	across := 0 // steps that ended a deal and scored the next one's turned-up seven
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := engine.NewGame(r, engine.Dealing{Seed: engine.SeedFromUint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		acct := NewAccountant(r)
		byDeal := map[int]int{}
		add := func(a Account) {
			for _, sc := range a.Scores {
				byDeal[sc.Deal] += sc.Points
			}
			if a.DealEnd != nil {
				sum := 0
				for _, sa := range a.DealEnd.Sides {
					sum += sa.DealPoints
				}
				if byDeal[a.DealEnd.Deal] != sum {
					t.Fatalf("seed %d deal %d: scores naming it sum to %d, its DealEnd to %d", seed, a.DealEnd.Deal, byDeal[a.DealEnd.Deal], sum)
				}
				if a.DealStart != nil && slices.ContainsFunc(a.Scores, func(sc Score) bool { return sc.Cause == "turn_up_seven" && sc.Deal == a.DealStart.Deal }) {
					across++
				}
			}
		}
		add(acct.Add(g.Events()))
		for !g.Over() {
			s := g.Turn()
			evs, err := g.Apply(s, g.Legal(s, nil)[0])
			if err != nil {
				t.Fatal(err)
			}
			add(acct.Add(evs))
		}
	}
	if across == 0 {
		t.Fatal("no step ended a deal and scored the next one's turned-up seven in 60 games: the test saw nothing")
	}
}
