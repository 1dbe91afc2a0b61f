package engine

// This file holds the pending declarations of option allow_pending_declarations (RULES.md §2 R9,
// §8.18, FOS): after the side's one meld of a window, the melder may announce a second meld,
// tabled at once and scored when he next wins a trick; it lapses when a card of it is played first
// or phase 2 begins.

// announcing reports whether a meld by seat now would be announced rather than scored: the
// option is on, the side has used its one meld of the window and seat has no meld pending.
func (g *Game) announcing(seat int) bool {
	return g.rules.AllowPendingDeclarations && g.win.melded && g.pending[seat].Kind == NoMeld
}

// scorePending scores seat's pending meld when seat has won a phase-1 trick, as the window's one
// meld (RULES.md §8.18): its cards are all still on seat's table, since playing one of them ends the
// announcement (lapseOnPlay). The EvMeld says so with Announced.
func (g *Game) scorePending(seat int) {
	m := g.pending[seat]
	if m.Kind == NoMeld {
		return
	}
	g.pending[seat] = Meld{}
	g.win.melded = true
	side := g.rules.Side(seat)
	g.emit(Event{Kind: EvMeld, Seat: seat, Side: side, Card: NoCard, Taken: NoCard, Meld: m, Points: m.Points, Announced: true})
	g.score(side, m.Points)
}

// lapseOnPlay ends seat's pending meld when c, just played, is one of its cards: the meld can no
// longer be on the table when seat next wins a trick (RULES.md §8.18).
func (g *Game) lapseOnPlay(seat int, c Card) {
	m := &g.pending[seat]
	for i := 0; i < m.Cards.Len(); i++ {
		if m.Cards.At(i) == c {
			g.lapse(seat, LapseCardPlayed, c)
			return
		}
	}
}

// lapse ends seat's pending meld unscored, for cause (card: the card played under
// LapseCardPlayed, else NoCard), and emits EvAnnouncementLapsed (RULES.md §8.18).
func (g *Game) lapse(seat int, cause LapseCause, card Card) {
	m := g.pending[seat]
	g.pending[seat] = Meld{}
	g.emit(Event{Kind: EvAnnouncementLapsed, Seat: seat, Side: g.rules.Side(seat), Card: card, Taken: NoCard, Meld: m, Lapse: cause})
}

// inPending reports whether c, on a seat's table, is a card of that seat's pending meld.
func (g *Game) inPending(c Card) bool {
	st := &g.cs[c]
	if st.loc != locTable || st.owner < 0 {
		return false
	}
	m := &g.pending[st.owner]
	for i := 0; i < m.Cards.Len(); i++ {
		if m.Cards.At(i) == c {
			return true
		}
	}
	return false
}
