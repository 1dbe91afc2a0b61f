package engine

// logPrealloc is the room the event log gets at the first action: most of a deal's events (a
// two-handed deal logs about 250), so that a deal grows it rarely. Before the first action the log
// holds only the deal's opening events: a game that waits for its players stays small.
const logPrealloc = 256

// freshPrealloc is the room for the events of one Apply that the game gets at its first action
// (Game.fresh): a card play's few, most of a deal's end and the next deal's opening.
const freshPrealloc = 16

// Apply applies seat's action and returns the events it caused, in order. The returned slice is
// the game's own, valid until the next Apply; it must not be modified. On a refused action it
// returns an *Error naming the rule, and the game is unchanged. A card play allocates nothing.
func (g *Game) Apply(seat int, a Action) ([]Event, error) {
	if err := g.check(seat, a); err != nil {
		return nil, err
	}
	if cap(g.log) < logPrealloc {
		g.log = append(make([]loggedEvent, 0, logPrealloc), g.log...)
	}
	if g.fresh == nil {
		g.fresh = make([]Event, 0, freshPrealloc)
	}
	g.fresh = g.fresh[:0]
	switch a.Kind {
	case PlayCard:
		g.playCard(seat, a.Card)
	case DeclareMeld:
		mc, _ := g.checkMeld(seat, &a.Meld.Cards, a.Meld.Kind)
		g.applyMeld(seat, &a.Meld.Cards, mc)
	case ExchangeSeven:
		g.exchangeSeven(seat, a.Card)
	case DeclareSeven:
		g.declareSeven(seat, a.Card)
	case PassMeld:
		g.win.passed = true
		g.emit(Event{Kind: EvPassMeld, Seat: seat, Side: g.rules.Side(seat), Card: NoCard, Taken: NoCard})
		g.endWindowStage()
	case EndWindow:
		g.emit(Event{Kind: EvEndWindow, Seat: seat, Side: g.rules.Side(seat), Card: NoCard, Taken: NoCard})
		g.endWindowStage()
	case DeclareCarteBlanche:
		g.declareCarteBlanche(seat)
	}
	return g.fresh[:len(g.fresh):len(g.fresh)], nil
}

// Check reports whether Apply would accept seat's action now, without changing the game: nil, or
// the *Error Apply would return.
func (g *Game) Check(seat int, a Action) error {
	if err := g.check(seat, a); err != nil {
		return err
	}
	return nil
}

// check validates an action without changing the game. It returns nil when Apply would accept it.
func (g *Game) check(seat int, a Action) *Error {
	if g.phase == PhaseOver {
		return &Error{Code: CodeGameOver, Msg: "the game is over"}
	}
	if seat < 0 || seat >= g.n {
		return malformed("seat %d is not a seat of %s", seat, g.rules.Variant)
	}
	switch a.Kind {
	case PlayCard, ExchangeSeven, DeclareSeven:
		if !g.rules.inDeck(a.Card) {
			return malformed("card id %d is not in the %d-card deck", a.Card, g.rules.Deck)
		}
	case DeclareMeld:
		if a.Meld.Cards.Len() < 2 {
			return malformed("a meld has 2 to 8 cards, got %d", a.Meld.Cards.Len())
		}
	case PassMeld, EndWindow, DeclareCarteBlanche:
	default:
		return malformed("unknown action kind %d", a.Kind)
	}
	if seat != g.toAct {
		if a.Kind != PlayCard && a.Kind != EndWindow && a.Kind != DeclareCarteBlanche && (g.phase != PhaseWindow || g.rules.Side(seat) != g.rules.Side(g.win.winner)) {
			return &Error{Code: CodeNotYourTurn, Rule: "RULES.md §1.6", Msg: "only the side that won the trick may meld or act with a seven"}
		}
		return &Error{Code: CodeNotYourTurn, Rule: "RULES.md §1.5", Msg: "it is not your turn"}
	}
	if a.Kind == DeclareCarteBlanche {
		if g.phase != PhaseTrick || g.cb[seat] != cbPending {
			return ruleErr("RULES.md §3.6.4", "no carte blanche to show: it is shown before the seat's play, when its dealt hand, or each card drawn since, has no king, queen or jack")
		}
		return nil
	}
	if a.Kind == PlayCard {
		if g.phase == PhaseWindow {
			return ruleErr("RULES.md §1.5", "the post-trick window is open: meld, act with a seven or end it")
		}
		return g.checkPlay(seat, a.Card)
	}
	if g.phase != PhaseWindow {
		if a.Kind == EndWindow {
			return ruleErr("RULES.md §1.5", "no post-trick window is open to end: it opens when a trick is won, before drawing")
		}
		if g.phase == PhaseTrick2 {
			return ruleErr("RULES.md §1.7", "no melds or seven actions in phase 2")
		}
		return ruleErr("RULES.md §1.6", "melds and seven actions come only after winning a trick, before drawing")
	}
	w := &g.win
	privilege := (w.stage == 0 && !w.passed) || (w.stage == 1 && w.passed)
	switch a.Kind {
	case DeclareMeld:
		if w.melded && !g.announcing(seat) {
			return ruleErr("RULES.md §2 R9", "the side has already scored its one meld for this trick")
		}
		if !privilege {
			return ruleErr("RULES.md §3.3.6", "the meld privilege is not yours in this window")
		}
		if _, r := g.checkMeld(seat, &a.Meld.Cards, a.Meld.Kind); r.why != okay {
			return r.explain()
		}
	case ExchangeSeven, DeclareSeven:
		if r := g.checkSeven(seat, a.Card, privilege); r.why != okay {
			return r.explain()
		}
		if a.Kind == ExchangeSeven && g.turnUp.Rank() == Seven {
			return ruleErr("RULES.md §1.9.2", "the turn-up is itself a seven: a seven can only be declared")
		}
	case PassMeld:
		if !g.rules.Variant.Partnership() || g.rules.PartnerMeldProtocol != PartnerMeldPass {
			return ruleErr("RULES.md §3.3.6", "passing the meld privilege needs partner_meld_protocol=pass in a partnership")
		}
		if w.stage != 0 {
			return ruleErr("RULES.md §8.8", "only the trick winner may pass the meld privilege")
		}
		if w.melded {
			return ruleErr("RULES.md §8.8", "the side has already melded: nothing to pass")
		}
	}
	return nil
}

// checkSeven checks a seven action of seat with card c (RULES.md §1.9, §8.1).
func (g *Game) checkSeven(seat int, c Card, privilege bool) refusal {
	st := &g.cs[c]
	switch {
	case !g.rules.TurnUpTrump:
		return refuse(whyNoSevens, c, 0)
	case c.Suit() != g.trump || c.Rank() != Seven:
		return refuse(whyNotSeven, c, 0)
	case int(st.owner) != seat || st.loc != locHand:
		return refuse(whySevenNotInHand, c, 0)
	case st.spent:
		return refuse(whySevenSpent, c, 0)
	case int(g.win.sevens[seat]) >= g.rules.MaxSevenActionsPerTrick:
		return refuse(whySevenLimit, c, g.rules.MaxSevenActionsPerTrick)
	case g.rules.SevenCountsAsMeld && (g.win.melded || !privilege):
		return refuse(whySevenAsMeld, c, 0)
	}
	return refusal{}
}

// checkPlay checks that seat may play card c to the current trick (RULES.md §1.3, §1.4, §1.8).
func (g *Game) checkPlay(seat int, c Card) *Error {
	st := &g.cs[c]
	if int(st.owner) != seat || (st.loc != locHand && st.loc != locTable) {
		return ruleErr("RULES.md §1.3", "%s is not in your hand or on your table", c)
	}
	if g.phase == PhaseTrick2 && !g.followsPhase2(seat, c) {
		return ruleErr("RULES.md §1.8", "%s breaks the obligation to follow suit, head the trick or trump", c)
	}
	return nil
}

// playable reports whether seat, to act in a trick, may play its held card c.
func (g *Game) playable(seat int, c Card) bool {
	return g.phase != PhaseTrick2 || g.followsPhase2(seat, c)
}

// trickWinning returns the card currently winning the trick in play, or NoCard before the lead.
func (g *Game) trickWinning() Card {
	t := &g.tricks[g.trickNo-1]
	if t.n == 0 {
		return NoCard
	}
	return t.cards[t.winning(g.trump)]
}

// followsPhase2 reports whether c meets the phase-2 obligations of RULES.md §1.8: follow suit and
// head the trick in that suit (unless phase2_must_head=false); else trump, over-trumping a trump;
// else anything.
func (g *Game) followsPhase2(seat int, c Card) bool {
	t := &g.tricks[g.trickNo-1]
	if t.n == 0 {
		return true
	}
	led := t.cards[0].Suit()
	w := g.trickWinning()
	var haveLed, haveHigherLed, haveTrump, haveHigherTrump bool
	for _, h := range g.held[seat][:g.nheld[seat]] {
		switch h.Suit() {
		case led:
			haveLed = true
			if w.Suit() == led && h.Rank() > w.Rank() {
				haveHigherLed = true
			}
		}
		if h.Suit() == g.trump {
			haveTrump = true
			if w.Suit() == g.trump && h.Rank() > w.Rank() {
				haveHigherTrump = true
			}
		}
	}
	switch {
	case haveLed:
		if c.Suit() != led {
			return false
		}
		if g.rules.Phase2MustHead && haveHigherLed {
			return c.Rank() > w.Rank()
		}
		return true
	case haveTrump:
		if w.Suit() != g.trump {
			return c.Suit() == g.trump
		}
		if haveHigherTrump {
			return c.Suit() == g.trump && c.Rank() > w.Rank()
		}
		return true
	}
	return true
}

func (g *Game) exchangeSeven(seat int, c Card) {
	old := g.turnUp
	g.take(seat, c)
	g.cs[c] = cardState{loc: locTurnUp, owner: -1, spent: true}
	g.turnUp = c
	g.give(seat, old)
	g.cs[old].shown = true
	g.win.exchanged = old
	g.win.sevens[seat]++
	if g.rules.SevenCountsAsMeld {
		g.win.melded = true
	}
	side := g.rules.Side(seat)
	g.emit(Event{Kind: EvSevenExchange, Seat: seat, Side: side, Card: c, Taken: old, Points: 10})
	g.score(side, 10)
}

func (g *Game) declareSeven(seat int, c Card) {
	g.cs[c].spent, g.cs[c].shown = true, true
	g.win.sevens[seat]++
	if g.rules.SevenCountsAsMeld {
		g.win.melded = true
	}
	side := g.rules.Side(seat)
	g.emit(Event{Kind: EvSevenDeclare, Seat: seat, Side: side, Card: c, Taken: NoCard, Points: 10})
	g.score(side, 10)
}

// Legal appends every legal action of seat to buf and returns it; nothing when seat is not to act.
// Interchangeable copies (same face, owner, place and meld history, both in or both out of a
// pending announcement, and both seen or both unseen by every seat, View.ShownInHand, but in phase
// 2 of a game of two players, where every hand is known) are listed once: a card play,
// a seven action or a meld names the lowest such copy, and Apply accepts any of them. Order: card
// plays (by card id) then a carte blanche; in the window melds, then seven actions, pass, end.
func (g *Game) Legal(seat int, buf []Action) []Action {
	if seat != g.toAct || g.phase == PhaseOver {
		return buf
	}
	if g.phase == PhaseTrick || g.phase == PhaseTrick2 {
		buf = g.appendPlays(seat, buf)
		if g.phase == PhaseTrick && g.cb[seat] == cbPending {
			buf = append(buf, Action{Kind: DeclareCarteBlanche, Card: NoCard})
		}
		return buf
	}
	w := &g.win
	privilege := (w.stage == 0 && !w.passed) || (w.stage == 1 && w.passed)
	if privilege && (!w.melded || g.announcing(seat)) {
		buf = g.appendMelds(seat, buf)
	}
	seven := NoCard
	for _, c := range g.held[seat][:g.nheld[seat]] {
		if (seven == NoCard || c < seven) && g.checkSeven(seat, c, privilege).why == okay {
			seven = c
		}
	}
	if seven != NoCard {
		if g.turnUp.Rank() != Seven {
			buf = append(buf, Action{Kind: ExchangeSeven, Card: seven})
		}
		buf = append(buf, Action{Kind: DeclareSeven, Card: seven})
	}
	if g.rules.Variant.Partnership() && g.rules.PartnerMeldProtocol == PartnerMeldPass && w.stage == 0 && !w.melded {
		buf = append(buf, Action{Kind: PassMeld, Card: NoCard})
	}
	return append(buf, Action{Kind: EndWindow, Card: NoCard})
}

// appendPlays appends one play per class of interchangeable cards in seat's holding.
func (g *Game) appendPlays(seat int, buf []Action) []Action {
	held := g.held[seat][:g.nheld[seat]]
	start := len(buf)
	for i, c := range held {
		if !g.playable(seat, c) {
			continue
		}
		dup := false
		for j, d := range held {
			if j != i && d.Face() == c.Face() && d < c && g.interchangeable(c, d) {
				dup = true
				break
			}
		}
		if !dup {
			buf = append(buf, Play(c))
		}
	}
	// Sort the plays appended by card id (insertion sort: at most 9 entries).
	plays := buf[start:]
	for i := 1; i < len(plays); i++ {
		for j := i; j > 0 && plays[j].Card < plays[j-1].Card; j-- {
			plays[j], plays[j-1] = plays[j-1], plays[j]
		}
	}
	return buf
}

// seenFirst reports whether copy c of a face comes before copy d in DefaultAction's order: seen by
// every seat (tabled, or seen in the hand) before unseen, then by id.
func (g *Game) seenFirst(c, d Card) bool {
	seen := func(st *cardState) bool { return st.loc == locTable || st.seenInHand() }
	if sc, sd := seen(&g.cs[c]), seen(&g.cs[d]); sc != sd {
		return sc
	}
	return c < d
}

// interchangeable reports whether two cards of one face in one holding have the same place and
// meld history, are both in or both out of a pending announcement (playing one of it lapses it,
// RULES.md §8.18), and are both seen or both unseen by every seat (View.ShownInHand), so that
// playing either leads to the same game. A seen copy and an unseen one were listed once, by the
// lower id: a seat whose lower copy was unseen could not play the seen one, and gave away that it
// held two (a re-trial). In phase 2 of a game of two players every copy of a face is: each seat
// knows the other's hand then, by elimination, and which copy is seen tells nobody anything.
func (g *Game) interchangeable(c, d Card) bool {
	a, b := &g.cs[c], &g.cs[d]
	if g.phase == PhaseTrick2 && g.n == 2 {
		return true
	}
	if a.seenInHand() != b.seenInHand() {
		return false
	}
	if g.phase == PhaseTrick2 {
		return true
	}
	return a.loc == b.loc && a.used == b.used && a.free == b.free && a.bez == b.bez && a.maxVal == b.maxVal && a.spent == b.spent &&
		g.inPending(c) == g.inPending(d) &&
		// Playing a card breaks the melds it is in (reform_after_play): copies in different ones
		// lead to different games (Legal listed one of them: an outside rules audit).
		(len(g.melds) == 0 || g.wholeMelds(c, false) == g.wholeMelds(d, false))
}

// declareCarteBlanche scores seat's carte blanche (RULES.md §3.6.4): the whole hand is shown
// the first time, the card drawn at each repeat.
func (g *Game) declareCarteBlanche(seat int) {
	side := g.rules.Side(seat)
	e := Event{Kind: EvCarteBlanche, Seat: seat, Side: side, Card: NoCard, Taken: NoCard, Points: g.meldValue(CarteBlanche)}
	if c := g.cbCard[seat]; c != NoCard {
		e.Cards.Add(c)
	} else {
		for _, c := range g.held[seat][:g.nheld[seat]] {
			e.Cards.Add(c)
		}
	}
	for i := range e.Cards.Len() {
		g.cs[e.Cards.At(i)].shown = true
	}
	g.cb[seat] = cbShown
	g.emit(e)
	g.score(side, e.Points)
}

// DefaultAction returns the action a referee applies for a seat that must be played for (a timeout,
// a disconnect): in a trick the lowest legal card by rank, then suit, then a copy every seat has
// seen (tabled, or in the hand: View.ShownInHand) before one unseen (playing the unseen one would
// show that the seat held two), then id; in the window, end the seat's stage. It returns an action
// with Kind NoAction when seat is not to act.
func (g *Game) DefaultAction(seat int) Action {
	if seat != g.toAct || g.phase == PhaseOver {
		return Action{Kind: NoAction, Card: NoCard}
	}
	if g.phase == PhaseWindow {
		return Action{Kind: EndWindow, Card: NoCard}
	}
	best := NoCard
	for _, c := range g.held[seat][:g.nheld[seat]] {
		if !g.playable(seat, c) {
			continue
		}
		if best == NoCard || c.Rank() < best.Rank() || c.Rank() == best.Rank() && (c.Suit() < best.Suit() || c.Suit() == best.Suit() && g.seenFirst(c, best)) {
			best = c
		}
	}
	return Play(best)
}
