package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Views builds the views of one game, full and compact, each from what changed since the last:
// it keeps the wire form of the deal's finished tricks (the full form's Trick messages and the
// compact form's packed lists: View.past_trick_plays, past_trick_sizes and past_trick_winners),
// extended as tricks finish, the wire form of the meld table, and the engine view it fills
// ([engine.Game.ViewSince]), so that a view reads from the game only the tricks finished since
// the previous view of its form. The views share those messages and lists: each view's lists are
// capped at their length, so an extension never writes where a view built earlier reads, and
// callers must not modify them. The zero value is ready; a Views serves one game, one call at a
// time.
type Views struct {
	deal                  int
	view                  engine.View
	tricks                []*pb.Trick
	plays, sizes, winners []uint32
	meldValues            [engine.NumMeldKinds]int
	meldMsgs              []*pb.MeldValue
}

// Full returns the wire form of seat's view of g (seat [engine.NoSeat] for a spectator's): what
// [ViewToProto] makes of g.View(seat). Its card, trick and meld table messages are shared:
// callers must not modify them.
func (s *Views) Full(g *engine.Game, seat int) *pb.View {
	v := s.fill(g, seat, len(s.tricks))
	s.tricks = appendTricks(s.tricks, v.Tricks)
	out := viewToProto(v, &fullCards)
	out.MeldValues = s.meldTable(v)
	out.PastTricks = s.tricks[:len(s.tricks):len(s.tricks)]
	return out
}

// Compact returns the compact wire form of seat's view of g (View.compact, Join.view_mode
// VIEW_MODE_COMPACT; seat [engine.NoSeat] for a spectator's): the information of [Views.Full],
// every card by its id only and the finished tricks packed into three lists of numbers. Its card
// and meld table messages and its lists are shared: callers must not modify them.
func (s *Views) Compact(g *engine.Game, seat int) *pb.View {
	v := s.fill(g, seat, len(s.sizes))
	for _, t := range v.Tricks {
		for _, p := range t.Plays {
			s.plays = append(s.plays, uint32(p.Card)+playSeat*uint32(p.Seat)+playFromTable*b2u(p.FromTable))
		}
		s.sizes = append(s.sizes, uint32(len(t.Plays)))
		s.winners = append(s.winners, uint32(t.Winner))
	}
	out := viewToProto(v, &idCards)
	out.MeldValues = s.meldTable(v)
	out.Compact = true
	out.PastTrickPlays = s.plays[:len(s.plays):len(s.plays)]
	out.PastTrickSizes = s.sizes[:len(s.sizes):len(s.sizes)]
	out.PastTrickWinners = s.winners[:len(s.winners):len(s.winners)]
	return out
}

// fill fills s's engine view with seat's view of g, its finished tricks those after the first
// from, and returns it; a new deal first drops the tricks kept (then from is 0).
func (s *Views) fill(g *engine.Game, seat, from int) *engine.View {
	if s.deal != g.Deal() {
		s.deal, s.tricks, s.plays, s.sizes, s.winners = g.Deal(), nil, nil, nil, nil
		from = 0
	}
	g.ViewSince(&s.view, seat, from)
	return &s.view
}

// meldTable returns the wire form of v's meld table, built again only when the values change.
func (s *Views) meldTable(v *engine.View) []*pb.MeldValue {
	if s.meldMsgs == nil || s.meldValues != v.MeldValues {
		s.meldValues, s.meldMsgs = v.MeldValues, meldValuesToProto(&v.MeldValues)
	}
	return s.meldMsgs
}
