package wire

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestStackedDealCopies: cards written with a copy are that copy; bare faces take the lowest copy
// not written anywhere, in order of appearance; a face beyond its copies is refused naming the field.
func TestStackedDealCopies(t *testing.T) {
	sd := &pb.StackedDeal{Dealer: 1, Hands: []*pb.StackedHand{{Cards: []string{"QS", "QSa"}}, {Cards: []string{"QS", "JDb", "JD"}}}, TurnUp: "10H", Stock: []string{"THb", "Q♠"}}
	four, rubicon := engine.DefaultRules(engine.FourHanded), engine.DefaultRules(engine.Rubicon)
	d, err := StackedDealFromProto(sd, four)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, h := range d.Hands {
		got = append(got, engine.NewCardSet(h...).String())
	}
	got = append(got, d.TurnUp.String(), engine.NewCardSet(d.Stock...).String())
	want := []string{"QSb QSa", "QSc JDb JDa", "THa", "THb QSd"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("deal %q, want %q", got, want)
	}
	// A bare face beyond the deck's copies is refused naming it, not a copy never written
	// ("QSe: more than 4 copies", from the engine: a trial).
	sd.Stock = append(sd.Stock, "QS", "QS", "QS")
	if _, err := StackedDealFromProto(sd, four); err == nil || err.Error() != "stacked_deal.stock[2]: QS: more than the 4 copies of QS of a 128-card deck" {
		t.Fatalf("a fifth QS: %v", err)
	}
	sd.Stock[4] = "QSg"
	if _, err := StackedDealFromProto(sd, four); err == nil || !strings.HasPrefix(err.Error(), "stacked_deal.stock[4]: bezique: card \"QSg\"") {
		t.Fatalf("QSg: %v", err)
	}
	// No turn-up (Rubicon, six-pack): the turn-up is none, and a turn-up given is refused.
	sd.Stock = sd.Stock[:2]
	if _, err := StackedDealFromProto(sd, rubicon); err == nil || err.Error() != `stacked_deal.turn_up: "10H", but the rules have no turn-up (rubicon, turn_up_trump=false): leave it empty` {
		t.Fatalf("a turn-up in Rubicon: %v", err)
	}
	sd.TurnUp = ""
	if d, err := StackedDealFromProto(sd, rubicon); err != nil || d.TurnUp != engine.NoCard {
		t.Fatalf("no turn-up: %v, %v", d.TurnUp, err)
	}
	if _, err := StackedDealFromProto(sd, four); err == nil || !strings.HasPrefix(err.Error(), "stacked_deal.turn_up: ") {
		t.Fatalf("no turn-up in four-handed: %v", err)
	}
}

// TestReplayDealsPlanned: the golden stacked record replayed with deals_planned 1 ends after its
// stacked deal, won by the higher total; without a seed a record must plan its deals.
func TestReplayDealsPlanned(t *testing.T) {
	rec := proto.Clone(goldenRecord(t, "two-handed-stacked.json")).(*pb.GameRecord)
	rec.DealsPlanned = 1
	rp, err := ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	g := rp.Game
	tot := g.Totals()
	if !g.Over() || g.Deal() != 1 || tot[0] == tot[1] || g.Winner() != map[bool]int{true: 0, false: 1}[tot[0] > tot[1]] {
		t.Fatalf("over %v, deal %d, totals %v, winner %d", g.Over(), g.Deal(), tot, g.Winner())
	}
	last := rp.Steps[len(rp.Steps)-1]
	for _, st := range rp.Steps {
		if st.GameEnd != nil {
			last = st
			break
		}
	}
	if last.GameEnd == nil || last.DealEnd == nil || last.DealStart != nil || last.GameEnd.WinnerSide != g.Winner() {
		t.Fatalf("the step ending the game: %+v", last)
	}
	rec.Seed, rec.SeedCommitment, rec.DealsPlanned = nil, "", 0
	if _, err := ReplayRecord(rec); err == nil || err.Error() != "deals_planned: 0, but without a seed the record holds only its 1 stacked deal" {
		t.Fatalf("no seed, no deals planned: %v", err)
	}
}

// TestStackedDealBareFacesDeck63: with deck=63 a bare 8C takes the deck's one 8♣, and a second is
// refused naming its field (the engine named 8Cb, never written: an attack trial).
func TestStackedDealBareFacesDeck63(t *testing.T) {
	r, err := engine.NewRules(engine.ThreeHanded, map[string]string{"deck": "63"})
	if err != nil {
		t.Fatal(err)
	}
	sd := &pb.StackedDeal{Hands: []*pb.StackedHand{{Cards: []string{"8C"}}, {Cards: []string{"8C"}}, {}}, TurnUp: "9H"}
	if _, err := StackedDealFromProto(sd, r); err == nil || err.Error() != "stacked_deal.hands[1].cards[0]: 8C: more than the 1 copies of 8C of a 63-card deck" {
		t.Fatalf("two bare 8C with deck=63: %v", err)
	}
	sd.Hands[1].Cards = []string{"8S", "8S"}
	d, err := StackedDealFromProto(sd, r)
	if err != nil || d.Hands[0][0].String() != "8Ca" || d.Hands[1][1].String() != "8Sb" {
		t.Fatalf("bare faces with deck=63: %v, %v", d.Hands, err)
	}
}
