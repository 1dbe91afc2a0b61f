package engine

// This file holds the pending declarations of option allow_pending_declarations (RULES.md §2 R9,
// §8.18, FOS): after the side's one meld of a window, the melder may announce a second meld,
// tabled at once and scored when he next wins a trick.

// announcing reports whether a meld by seat now would be announced rather than scored: the
// option is on, the side has used its one meld of the window and seat has no meld pending.
func (g *Game) announcing(seat int) bool {
	return g.rules.AllowPendingDeclarations && g.win.melded && g.pending[seat].Kind == NoMeld
}

// scorePending scores seat's pending meld when seat has won a phase-1 trick, as the window's one
// meld, if every one of its cards is still on seat's table; otherwise the announcement lapses
// (RULES.md §8.18). Either way seat has no meld pending afterwards.
func (g *Game) scorePending(seat int) {
	m := g.pending[seat]
	if m.Kind == NoMeld {
		return
	}
	g.pending[seat] = Meld{}
	for i := 0; i < m.Cards.Len(); i++ {
		if st := g.cs[m.Cards.At(i)]; st.loc != locTable || int(st.owner) != seat {
			return
		}
	}
	g.win.melded = true
	side := g.rules.side(seat)
	g.emit(Event{Kind: EvMeld, Seat: seat, Side: side, Card: NoCard, Taken: NoCard, Meld: m, Points: m.Points})
	g.score(side, m.Points)
}
