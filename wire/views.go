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

func classesToProto(c engine.Class) []pb.MeldClass {
	var out []pb.MeldClass
	for i, cl := range []engine.Class{engine.ClassMarriage, engine.ClassSequence, engine.ClassBezique, engine.ClassQuartet, engine.ClassTrumpQuartet} {
		if c&cl != 0 {
			out = append(out, pb.MeldClass(i+1))
		}
	}
	return out
}

// playsToProto returns the wire form of plays, taking the messages from *pool (a view's plays are
// allocated together: a few allocations a view, not one a play).
func playsToProto(ps []engine.PlayedCard, pool *viewPool) []*pb.Play {
	out := pool.ptrs[:len(ps):len(ps)]
	pool.ptrs = pool.ptrs[len(ps):]
	for i, p := range ps {
		m := &pool.plays[i]
		m.Seat, m.Card = uint32(p.Seat), CardToProto(p.Card)
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
	out := &pb.View{
		Variant: VariantToProto(v.Variant), Deal: uint32(v.Deal), Dealer: uint32(v.Dealer),
		Trump: SuitToProto(v.Trump), TurnUp: CardToProto(v.TurnUp), StockSize: uint32(v.StockSize),
		Hand: cardsToProto(v.Hand), Trick: uint32(v.TrickNo), CurrentTrick: playsToProto(v.Trick, plays),
		Scores: ScoresToProto(v.DealPoints, v.Totals), Phase: phasesToProto[v.Phase],
		SpentSevens: cardsToProto(v.SpentSevens), LastStockCard: CardToProto(v.Revealed),
		Duel: uint32(v.Duel), Target: uint32(v.Target),
	}
	if v.TrickWinner.Seat != engine.NoSeat {
		out.TrickWinner = &pb.Play{Seat: uint32(v.TrickWinner.Seat), Card: CardToProto(v.TrickWinner.Card)}
	}
	out.BeatingCards = cardsToProto(v.Beating)
	out.MeldValues = meldValuesToProto(&v.MeldValues)
	if v.Seat != engine.NoSeat {
		s := uint32(v.Seat)
		out.Seat = &s
	}
	if v.ToAct != engine.NoSeat {
		s := uint32(v.ToAct)
		out.ToAct = &s
	}
	if v.Winner != engine.NoSide {
		s := uint32(v.Winner)
		out.WinnerSide = &s
	}
	if v.Duel != 0 {
		out.DuelSeats = []uint32{uint32(v.DuelSeats[0]), uint32(v.DuelSeats[1])}
	}
	for s := range v.HandSizes {
		sv := &pb.SeatView{Seat: uint32(s), HandSize: uint32(v.HandSizes[s])}
		if m := v.Pending[s]; m.Kind != engine.NoMeld {
			sv.Pending = meldToProto(m)
		}
		for _, tc := range v.Tabled[s] {
			sv.Tabled = append(sv.Tabled, &pb.TabledCard{Card: CardToProto(tc.Card), ScoredClasses: classesToProto(tc.Classes)})
		}
		out.Seats = append(out.Seats, sv)
	}
	out.PastTricks = make([]*pb.Trick, len(v.Tricks))
	copy(out.PastTricks, past)
	tricks := make([]pb.Trick, len(v.Tricks)-len(past))
	for i := len(past); i < len(v.Tricks); i++ {
		t, m := v.Tricks[i], &tricks[i-len(past)]
		m.Number, m.Leader, m.Plays, m.Winner = uint32(i+1), uint32(t.Leader), playsToProto(t.Plays, plays), uint32(t.Winner)
		out.PastTricks[i] = m
	}
	if v.Phase == engine.PhaseWindow {
		w := &pb.WindowState{Winner: uint32(v.Window.Winner), Stage: pb.WindowStage(v.Window.Stage + 1),
			MeldDone: v.Window.Melded, MeldPassed: v.Window.Passed, Exchanged: CardToProto(v.Window.Exchanged)}
		if v.Window.Partner != engine.NoSeat {
			p := uint32(v.Window.Partner)
			w.Partner = &p
		}
		out.Window = w
	}
	return out
}
