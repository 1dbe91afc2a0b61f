package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

var phasesToProto = map[engine.Phase]pb.Phase{
	engine.PhaseTrick:  pb.Phase_PHASE_TRICK_PHASE1,
	engine.PhaseWindow: pb.Phase_PHASE_WINDOW,
	engine.PhaseTrick2: pb.Phase_PHASE_TRICK_PHASE2,
	engine.PhaseOver:   pb.Phase_PHASE_GAME_OVER,
}

// meldClasses holds the wire form of every set of the five meld classes, by the set's bits, shared
// by every view like the cards (nil for the empty set).
var meldClasses = func() (out [1 << 5][]pb.MeldClass) {
	for c := range out {
		for i := range 5 {
			if c&(1<<i) != 0 {
				out[c] = append(out[c], pb.MeldClass(i+1))
			}
		}
	}
	return out
}()

// classesToProto returns the wire form of a set of meld classes (shared: callers must not modify it).
func classesToProto(c engine.Class) []pb.MeldClass {
	return meldClasses[c]
}

// playsToProto returns the wire form of plays, taking the messages from *pool (a view's plays are
// allocated together: a few allocations a view, not one a play) and the cards from cards.
func playsToProto(ps []engine.PlayedCard, pool *viewPool, cards *cardTable) []*pb.Play {
	out := pool.ptrs[:len(ps):len(ps)]
	pool.ptrs = pool.ptrs[len(ps):]
	for i, p := range ps {
		m := &pool.plays[i]
		m.Seat, m.Card = uint32(p.Seat), cards.msg(p.Card)
		out[i] = m
	}
	pool.plays = pool.plays[len(ps):]
	return out
}

// meldValuesToProto returns the wire form of a view's meld table: the kinds that score, in kind
// order, in two allocations.
func meldValuesToProto(vals *[engine.NumMeldKinds]int) []*pb.MeldValue {
	n := 0
	for _, p := range vals {
		if p > 0 {
			n++
		}
	}
	msgs, out := make([]pb.MeldValue, n), make([]*pb.MeldValue, 0, n)
	for k, p := range vals {
		if p > 0 {
			m := &msgs[len(out)]
			m.Kind, m.Points = pb.MeldKind(k), uint32(p)
			out = append(out, m)
		}
	}
	return out
}

// seatsToProto returns the wire form of a view's seats (their pending announcements included),
// their messages and those of their tabled cards allocated together.
func seatsToProto(v engine.View, cards *cardTable) []*pb.SeatView {
	ntabled := 0
	for _, t := range v.Tabled {
		ntabled += len(t)
	}
	seats, out := make([]pb.SeatView, len(v.HandSizes)), make([]*pb.SeatView, len(v.HandSizes))
	tabled, ptrs := make([]pb.TabledCard, ntabled), make([]*pb.TabledCard, ntabled)
	for s := range v.HandSizes {
		sv := &seats[s]
		sv.Seat, sv.HandSize = uint32(s), uint32(v.HandSizes[s])
		if m := v.Pending[s]; m.Kind != engine.NoMeld {
			sv.Pending = meldWith(m, cards)
		}
		if n := len(v.Tabled[s]); n > 0 {
			sv.Tabled, ptrs = ptrs[:n:n], ptrs[n:]
			for i, tc := range v.Tabled[s] {
				m := &tabled[i]
				m.Card, m.ScoredClasses = cards.msg(tc.Card), classesToProto(tc.Classes)
				sv.Tabled[i] = m
			}
			tabled = tabled[n:]
		}
		out[s] = sv
	}
	return out
}

// viewPool is the backing storage of a view's plays.
type viewPool struct {
	plays []pb.Play
	ptrs  []*pb.Play
}

// ViewToProto returns the wire form of an engine view. past may hold the wire form of the first
// finished tricks of the view's deal, from an earlier view: those messages are reused, not built
// again (they are public and never change; callers must not modify them). The view's finished
// tricks are out.PastTricks, to pass as past next time.
func ViewToProto(v engine.View, past []*pb.Trick) *pb.View {
	past = past[:min(len(past), len(v.Tricks))]
	nplays := len(v.Trick)
	for _, t := range v.Tricks[len(past):] {
		nplays += len(t.Plays)
	}
	plays := &viewPool{plays: make([]pb.Play, nplays), ptrs: make([]*pb.Play, nplays)}
	out := viewToProto(v, plays, &fullCards)
	out.PastTricks = make([]*pb.Trick, len(v.Tricks))
	copy(out.PastTricks, past)
	tricks := make([]pb.Trick, len(v.Tricks)-len(past))
	for i := len(past); i < len(v.Tricks); i++ {
		t, m := v.Tricks[i], &tricks[i-len(past)]
		m.Number, m.Leader, m.Plays, m.Winner = uint32(i+1), uint32(t.Leader), playsToProto(t.Plays, plays, &fullCards), uint32(t.Winner)
		out.PastTricks[i] = m
	}
	return out
}

// viewToProto returns the wire form of an engine view but its finished tricks, its cards from
// cards and its current trick's plays from plays.
func viewToProto(v engine.View, plays *viewPool, cards *cardTable) *pb.View {
	out := &pb.View{
		Variant: VariantToProto(v.Variant), Deal: uint32(v.Deal), Dealer: uint32(v.Dealer),
		Trump: SuitToProto(v.Trump), TurnUp: cards.msg(v.TurnUp), StockSize: uint32(v.StockSize),
		Hand: cards.list(v.Hand), Trick: uint32(v.TrickNo), CurrentTrick: playsToProto(v.Trick, plays, cards),
		Scores: ScoresToProto(v.DealPoints, v.Totals), Phase: phasesToProto[v.Phase],
		SpentSevens: cards.list(v.SpentSevens), LastStockCard: cards.msg(v.Revealed),
		Duel: uint32(v.Duel), Target: uint32(v.Target),
	}
	if v.TrickWinner.Seat != engine.NoSeat {
		out.TrickWinner = &pb.Play{Seat: uint32(v.TrickWinner.Seat), Card: cards.msg(v.TrickWinner.Card)}
	}
	out.BeatingCards = cards.list(v.Beating)
	out.MeldValues = meldValuesToProto(&v.MeldValues)
	opt := new([3]uint32) // the optional fields' values, allocated together
	if v.Seat != engine.NoSeat {
		opt[0] = uint32(v.Seat)
		out.Seat = &opt[0]
	}
	if v.ToAct != engine.NoSeat {
		opt[1] = uint32(v.ToAct)
		out.ToAct = &opt[1]
	}
	if v.Winner != engine.NoSide {
		opt[2] = uint32(v.Winner)
		out.WinnerSide = &opt[2]
	}
	if v.Duel != 0 {
		out.DuelSeats = []uint32{uint32(v.DuelSeats[0]), uint32(v.DuelSeats[1])}
	}
	out.Seats = seatsToProto(v, cards)
	if v.Phase == engine.PhaseWindow {
		w := &pb.WindowState{Winner: uint32(v.Window.Winner), Stage: pb.WindowStage(v.Window.Stage + 1),
			MeldDone: v.Window.Melded, MeldPassed: v.Window.Passed, Exchanged: cards.msg(v.Window.Exchanged)}
		if v.Window.Partner != engine.NoSeat {
			p := uint32(v.Window.Partner)
			w.Partner = &p
		}
		out.Window = w
	}
	return out
}
