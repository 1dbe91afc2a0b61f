package wire

import (
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// phasesToProto holds the wire form of every phase, by the engine's (an array: a view reads it
// for every request).
var phasesToProto = [...]pb.Phase{
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

// maxSeats is the most seats of any variant ([engine.Variant.Players]), and so of sides and of
// plays in a trick.
const maxSeats = 4

// viewMem holds a view's messages of fixed number and the lists of its seats, sides and plays
// of the trick in progress, allocated together.
type viewMem struct {
	view      pb.View
	opt       [3]uint32 // the optional fields' values
	duelSeats [2]uint32
	winner    pb.Play
	seats     [maxSeats]*pb.SeatView
	scores    [maxSeats]*pb.SideScore
	plays     [maxSeats]*pb.Play
}

// seatMem holds a view's messages of one seat, one side and one play of the trick in progress:
// a view allocates one per seat, together.
type seatMem struct {
	seat  pb.SeatView
	score pb.SideScore
	play  pb.Play
}

// playsToProto returns the wire form of plays, their messages in msgs and ptrs (one of each per
// play: a view's finished tricks' plays are allocated together, not one by one) and their cards
// from cards.
func playsToProto(ps []engine.PlayedCard, msgs []pb.Play, ptrs []*pb.Play, cards *cardTable) []*pb.Play {
	out := ptrs[:len(ps):len(ps)]
	for i, p := range ps {
		m := &msgs[i]
		m.Seat, m.Card, m.FromTable = uint32(p.Seat), cards.msg(p.Card), p.FromTable
		out[i] = m
	}
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
// their messages in per and mem, those of their tabled cards allocated together, their lists of
// cards shown in hand appended to list (which must have room for them).
func seatsToProto(v *engine.View, cards *cardTable, mem *viewMem, per []seatMem, list []*pb.Card) []*pb.SeatView {
	ntabled := 0
	for _, t := range v.Tabled {
		ntabled += len(t)
	}
	n := len(v.HandSizes)
	out := mem.seats[:n:n]
	tabled, ptrs := make([]pb.TabledCard, ntabled), make([]*pb.TabledCard, ntabled)
	for s := range v.HandSizes {
		sv := &per[s].seat
		sv.Seat, sv.HandSize = uint32(s), uint32(v.HandSizes[s])
		if m := v.Pending[s]; m.Kind != engine.NoMeld {
			sv.Pending = meldWith(m, cards)
		}
		if len(v.ShownInHand[s]) > 0 {
			sv.ShownInHand, list = cards.appendList(list, v.ShownInHand[s])
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

// ViewToProto returns the wire form of an engine view. A table building views again and again
// uses [Views], which builds only what changed since its last view.
func ViewToProto(v engine.View) *pb.View {
	out := viewToProto(&v, &fullCards)
	out.MeldValues = meldValuesToProto(&v.MeldValues)
	out.PastTricks = appendTricks(make([]*pb.Trick, 0, len(v.Tricks)), v.Tricks)
	return out
}

// appendTricks appends the wire form of the finished tricks ts to tricks, which holds those
// before them, and returns it; the new tricks' messages, and their plays', are allocated
// together.
func appendTricks(tricks []*pb.Trick, ts []engine.TrickView) []*pb.Trick {
	nplays := 0
	for _, t := range ts {
		nplays += len(t.Plays)
	}
	msgs, ptrs, plays := make([]pb.Trick, len(ts)), make([]*pb.Play, nplays), make([]pb.Play, nplays)
	for i, t := range ts {
		m, n := &msgs[i], len(t.Plays)
		m.Number, m.Leader, m.Plays, m.Winner = uint32(len(tricks)+1), uint32(t.Leader), playsToProto(t.Plays, plays, ptrs, &fullCards), uint32(t.Winner)
		plays, ptrs = plays[n:], ptrs[n:]
		tricks = append(tricks, m)
	}
	return tricks
}

// viewToProto returns the wire form of an engine view but its finished tricks and its meld
// table, its cards from cards. Its messages are allocated together (viewMem, and a seatMem per
// seat), and its lists of cards (hand, spent sevens, beating cards, the seats' cards shown in
// hand) share one backing array.
func viewToProto(v *engine.View, cards *cardTable) *pb.View {
	mem, per := new(viewMem), make([]seatMem, len(v.HandSizes))
	nshown := 0
	for _, cs := range v.ShownInHand {
		nshown += len(cs)
	}
	list := make([]*pb.Card, 0, len(v.Hand)+len(v.SpentSevens)+len(v.Beating)+nshown)
	out := &mem.view
	out.Variant, out.Deal, out.Dealer = VariantToProto(v.Variant), uint32(v.Deal), uint32(v.Dealer)
	out.Trump, out.TurnUp, out.StockSize = SuitToProto(v.Trump), cards.msg(v.TurnUp), uint32(v.StockSize)
	out.Hand, list = cards.appendList(list, v.Hand)
	out.Trick, out.CurrentTrick = uint32(v.TrickNo), mem.plays[:len(v.Trick):len(v.Trick)]
	for i, p := range v.Trick {
		m := &per[i].play
		m.Seat, m.Card, m.FromTable = uint32(p.Seat), cards.msg(p.Card), p.FromTable
		out.CurrentTrick[i] = m
	}
	out.Scores = mem.scores[:len(v.Totals):len(v.Totals)]
	for s, total := range v.Totals {
		m := &per[s].score
		m.Side, m.DealPoints, m.Total = uint32(s), uint32(v.DealPoints[s]), uint32(total)
		out.Scores[s] = m
	}
	out.Phase = phasesToProto[v.Phase]
	out.SpentSevens, list = cards.appendList(list, v.SpentSevens)
	out.LastStockCard, out.Duel, out.Target = cards.msg(v.Revealed), uint32(v.Duel), uint32(v.Target)
	if v.TrickWinner.Seat != engine.NoSeat {
		mem.winner.Seat, mem.winner.Card, mem.winner.FromTable = uint32(v.TrickWinner.Seat), cards.msg(v.TrickWinner.Card), v.TrickWinner.FromTable
		out.TrickWinner = &mem.winner
	}
	out.BeatingCards, list = cards.appendList(list, v.Beating)
	if v.Seat != engine.NoSeat {
		mem.opt[0] = uint32(v.Seat)
		out.Seat = &mem.opt[0]
	}
	if v.ToAct != engine.NoSeat {
		mem.opt[1] = uint32(v.ToAct)
		out.ToAct = &mem.opt[1]
	}
	if v.Winner != engine.NoSide {
		mem.opt[2] = uint32(v.Winner)
		out.WinnerSide = &mem.opt[2]
	}
	if v.Duel != 0 {
		mem.duelSeats = [2]uint32{uint32(v.DuelSeats[0]), uint32(v.DuelSeats[1])}
		out.DuelSeats = mem.duelSeats[:]
	}
	out.Seats = seatsToProto(v, cards, mem, per, list)
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
