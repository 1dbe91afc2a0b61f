package bots_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// card returns the wire card of "QSa"-style text; it panics on a bad fixture.
func card(s string) *pb.Card {
	c, err := engine.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return wire.CardToProto(c)
}

func cards(s string) []*pb.Card {
	var out []*pb.Card
	for _, f := range strings.Fields(s) {
		out = append(out, card(f))
	}
	return out
}

// plays returns a legal play per card, ids from 1.
func plays(s string) []*pb.LegalAction {
	var out []*pb.LegalAction
	for i, c := range cards(s) {
		out = append(out, &pb.LegalAction{ActionId: uint32(i + 1), Action: &pb.Action{Kind: &pb.Action_Play{Play: &pb.PlayAction{Card: c}}}})
	}
	return out
}

// view returns a view of seat with trump, hand and the current trick ("seat:card ...", the play
// winning it so far marked "*": "0:9Sa 1:ASa*"), as the engine would give it: a hand card marked
// "+" would take the trick (beating_cards), and the meld values are the engine's defaults.
func view(variant pb.Variant, seat uint32, seats int, phase pb.Phase, trump pb.Suit, turnUp, hand, trick string) *pb.View {
	v := &pb.View{Seat: &seat, Variant: variant, Phase: phase, Trump: trump, MeldValues: meldValues(variant)}
	for _, h := range strings.Fields(hand) {
		c, beats := strings.CutSuffix(h, "+")
		v.Hand = append(v.Hand, card(c))
		if beats {
			v.BeatingCards = append(v.BeatingCards, card(c))
		}
	}
	if turnUp != "" {
		v.TurnUp = card(turnUp)
	}
	for i := range seats {
		v.Seats = append(v.Seats, &pb.SeatView{Seat: uint32(i)})
	}
	for _, p := range strings.Fields(trick) {
		s, c, _ := strings.Cut(p, ":")
		c, winning := strings.CutSuffix(c, "*")
		v.CurrentTrick = append(v.CurrentTrick, &pb.Play{Seat: uint32(s[0] - '0'), Card: card(c)})
		if winning {
			v.TrickWinner = v.CurrentTrick[len(v.CurrentTrick)-1]
		}
	}
	return v
}

// meldValues returns the meld table of a new game of the variant with default rules: the engine's.
func meldValues(variant pb.Variant) []*pb.MeldValue {
	ev, err := wire.VariantFromProto(variant)
	if err != nil {
		panic(err)
	}
	g, err := engine.NewGame(engine.DefaultRules(ev), engine.Dealing{})
	if err != nil {
		panic(err)
	}
	return wire.ViewToProto(g.View(0)).GetMeldValues()
}

func chosen(t *testing.T, req *pb.DecisionRequest) *pb.Action {
	t.Helper()
	id, err := bots.Rulebook{}.Decide(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for _, la := range req.GetLegalActions() {
		if la.GetActionId() == id {
			return la.GetAction()
		}
	}
	t.Fatalf("id %d is not a legal action", id)
	return nil
}

func meld(kind pb.MeldKind, pts uint32, cs string) *pb.Action {
	return &pb.Action{Kind: &pb.Action_Meld{Meld: &pb.MeldAction{Meld: &pb.Meld{Kind: kind, Points: pts, Cards: cards(cs)}}}}
}

// TestRulebookScenarios checks the rules of thumb one position at a time.
func TestRulebookScenarios(t *testing.T) {
	two, four := pb.Variant_VARIANT_TWO_HANDED, pb.Variant_VARIANT_FOUR_HANDED
	p1, p2, win := pb.Phase_PHASE_TRICK_PHASE1, pb.Phase_PHASE_TRICK_PHASE2, pb.Phase_PHASE_WINDOW
	hearts, clubs := pb.Suit_SUIT_HEARTS, pb.Suit_SUIT_CLUBS
	end := &pb.Action{Kind: &pb.Action_EndWindow{EndWindow: &pb.EndWindowAction{}}}
	exchange := &pb.Action{Kind: &pb.Action_SevenExchange{SevenExchange: &pb.SevenExchangeAction{Seven: card("7Ha")}}}
	declare := &pb.Action{Kind: &pb.Action_SevenDeclare{SevenDeclare: &pb.SevenDeclareAction{Seven: card("7Ha")}}}
	pass := &pb.Action{Kind: &pb.Action_PassMeld{PassMeld: &pb.PassMeldAction{}}}
	legal := func(as ...*pb.Action) []*pb.LegalAction {
		out := make([]*pb.LegalAction, len(as))
		for i, a := range as {
			out[i] = &pb.LegalAction{ActionId: uint32(i + 1), Action: a}
		}
		return out
	}
	for _, c := range []struct {
		name string
		req  *pb.DecisionRequest
		want string // the chosen action's text
	}{
		{"the best meld first", &pb.DecisionRequest{View: view(two, 0, 2, win, hearts, "AHa", "KCa QCa QSa JDa 7Ha", ""),
			LegalActions: legal(meld(pb.MeldKind_MELD_KIND_COMMON_MARRIAGE, 20, "KCa QCa"), meld(pb.MeldKind_MELD_KIND_BEZIQUE, 40, "QSa JDa"), exchange, declare, end)},
			"meld bezique"},
		{"exchange the seven for a better turn-up", &pb.DecisionRequest{View: view(two, 0, 2, win, hearts, "AHa", "7Ha", ""),
			LegalActions: legal(exchange, declare, end)}, "exchange"},
		{"declare the seven when it cannot be exchanged", &pb.DecisionRequest{View: view(two, 0, 2, win, hearts, "7Hb", "7Ha", ""),
			LegalActions: legal(declare, end)}, "declare"},
		{"pass the meld to the partner when there is none", &pb.DecisionRequest{View: view(four, 1, 4, win, hearts, "AHa", "8Ca", ""),
			LegalActions: legal(pass, end)}, "pass"},
		{"a brisque to the partner's sure trick", &pb.DecisionRequest{View: view(four, 1, 4, p1, hearts, "AHa", "7Ca TCa KHa+ 8Sa", "2:9Da 3:ADa* 0:8Da"),
			LegalActions: plays("7Ca TCa KHa 8Sa")}, "TCa"},
		{"a low card to the opponents' trick", &pb.DecisionRequest{View: view(four, 1, 4, p1, hearts, "AHa", "TCa 9Sa ACa KHa", "2:9Da 3:8Da 0:AHb*"),
			LegalActions: plays("TCa 9Sa ACa KHa")}, "9Sa"},
		{"win a brisque cheaply, keep the trumps", &pb.DecisionRequest{View: view(two, 1, 2, p1, hearts, "8Ha", "ASa+ 7Da KHa+ AHa+", "0:TSa*"),
			LegalActions: plays("ASa 7Da KHa AHa")}, "ASa"},
		{"lead low in phase 1", &pb.DecisionRequest{View: view(two, 0, 2, p1, clubs, "8Ca", "ACa TDa 7Sa QSa JDa", ""),
			LegalActions: plays("ACa TDa 7Sa QSa JDa")}, "7Sa"},
		{"phase 2: the lowest card that wins", &pb.DecisionRequest{View: view(two, 1, 2, p2, clubs, "", "TSa+ ASa+", "0:9Sa*"),
			LegalActions: plays("TSa ASa")}, "TSa"},
		{"phase 2: the lowest card when nothing wins", &pb.DecisionRequest{View: view(two, 1, 2, p2, clubs, "", "7Ca TCa", "0:ACa*"),
			LegalActions: plays("7Ca TCa")}, "7Ca"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := chosen(t, c.req)
			a2, err := wire.ActionFromProto(a)
			if err != nil {
				t.Fatal(err)
			}
			if got := a2.String(); !strings.Contains(got, c.want) {
				t.Fatalf("chose %q, want %q", got, c.want)
			}
		})
	}
}

// withMeldValue returns v with the points of kind in its meld values set to pts.
func withMeldValue(v *pb.View, kind pb.MeldKind, pts uint32) *pb.View {
	for _, mv := range v.GetMeldValues() {
		if mv.GetKind() == kind {
			mv.Points = pts
		}
	}
	return v
}

// TestRulebookFollowsTheView checks that the rulebook takes the trick's winner, the cards that
// would beat it and the meld values from the view (the engine's trick_winner, beating_cards and
// meld_values), not from rules of its own: each view here disagrees with the plain rule of
// RULES.md §1.2 or the default values of §4, and the choice follows the view.
func TestRulebookFollowsTheView(t *testing.T) {
	two, four := pb.Variant_VARIANT_TWO_HANDED, pb.Variant_VARIANT_FOUR_HANDED
	p1, p2 := pb.Phase_PHASE_TRICK_PHASE1, pb.Phase_PHASE_TRICK_PHASE2
	hearts, clubs := pb.Suit_SUIT_HEARTS, pb.Suit_SUIT_CLUBS
	for _, c := range []struct {
		name string
		req  *pb.DecisionRequest
		want string
	}{
		// By the plain rule TSa and ASa both beat 9Sa and TSa, the lower, is chosen; the view says
		// only ASa does.
		{"phase 2: only the view's beating card wins", &pb.DecisionRequest{View: view(two, 1, 2, p2, clubs, "", "TSa ASa+", "0:9Sa*"),
			LegalActions: plays("TSa ASa")}, "ASa"},
		// By the plain rule the partner's ADa wins (a brisque goes to it); the view says seat 0, an
		// opponent, is winning, so a low card goes.
		// The royal marriage ready in hand pays for taking the trick with the queen at the
		// engine's 40; at a table where it scored 20 (the view's meld_values say so) the bot keeps
		// its trumps and throws the eight.
		{"phase 1: a ready meld's worth is the view's", &pb.DecisionRequest{View: view(two, 1, 2, p1, hearts, "9Ha", "KHa+ QHa+ 8Ca", "0:7Sa*"),
			LegalActions: plays("KHa QHa 8Ca")}, "QHa"},
		{"phase 1: a ready meld's worth is the view's (royal marriage 20)", &pb.DecisionRequest{View: withMeldValue(view(two, 1, 2, p1, hearts, "9Ha", "KHa+ QHa+ 8Ca", "0:7Sa*"),
			pb.MeldKind_MELD_KIND_ROYAL_MARRIAGE, 20), LegalActions: plays("KHa QHa 8Ca")}, "8Ca"},
		{"phase 1: the view's winner is an opponent", &pb.DecisionRequest{View: view(four, 1, 4, p1, hearts, "AHa", "7Ca TCa KHa 8Sa", "2:9Da 3:ADa 0:8Da*"),
			LegalActions: plays("7Ca TCa KHa 8Sa")}, "7Ca"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, err := wire.ActionFromProto(chosen(t, c.req))
			if err != nil {
				t.Fatal(err)
			}
			if got := a.String(); !strings.Contains(got, c.want) {
				t.Fatalf("chose %q, want %q", got, c.want)
			}
		})
	}
}
