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
	g.undo[seat] = pendingUndo{}
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
	g.undoPending(seat, &m)
	g.emit(Event{Kind: EvAnnouncementLapsed, Seat: seat, Side: g.rules.Side(seat), Card: card, Taken: NoCard, Meld: m, Lapse: cause})
}

// pendingUndo is what a seat's announced meld changed in the deal's meld history (RULES.md §8.18),
// for undoPending: each card's history before it, the bezique meld it upgraded and its own.
type pendingUndo struct {
	cards    [8]cardUndo // the meld's cards', in its order
	upgrades int         // 1-based index of the bezique meld it upgraded, 0 none
	bez      int         // 1-based index of its own bezique meld (Game.bez), 0 none
}

// cardUndo is a card's meld history before an announcement: the class bit of the meld's kind in
// used and free, its latest bezique meld and the highest value of its melds.
type cardUndo struct {
	used, free Class
	bez        uint8
	maxVal     uint32
}

// keepUndo keeps what seat's announcement of the checked meld of cards is about to change.
func (g *Game) keepUndo(seat int, cards *CardSet, mc meldCheck) {
	class := mc.kind.class()
	u := pendingUndo{upgrades: mc.upgrades}
	for i := 0; i < cards.Len(); i++ {
		st := &g.cs[cards.At(i)]
		u.cards[i] = cardUndo{used: st.used & class, free: st.free & class, bez: st.bez, maxVal: st.maxVal}
	}
	g.undo[seat] = u
}

// undoPending undoes what seat's lapsed announcement m changed: it scored nothing, so its cards
// may form what they could before it (RULES.md §2 R3, R6 speak of scored melds; a lapsed
// announcement's cards stayed married, or in a bezique not whole: an outside rules audit). Between
// the announcement and its lapse no meld of the seat touched its cards (a seat melds after a
// trick it won, which scores the announcement first).
func (g *Game) undoPending(seat int, m *Meld) {
	u := &g.undo[seat]
	class := m.Kind.class()
	for i := 0; i < m.Cards.Len(); i++ {
		st, was := &g.cs[m.Cards.At(i)], &u.cards[i]
		st.used = st.used&^class | was.used
		st.free |= was.free // the announcement cleared it; a meld broken since may have set it again
		st.bez, st.maxVal = was.bez, was.maxVal
	}
	if u.upgrades != 0 {
		g.bez[u.upgrades-1].upgraded = false
	}
	if u.bez != 0 {
		g.bez[u.bez-1] = bezRecord{} // no cards: no meld is it (beziqueOf)
	}
	*u = pendingUndo{}
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
