package engine

import "slices"

// View is what one seat may know of a game now, or a spectator (Seat [NoSeat]): the public state
// (tabled cards, tricks, scores, the stock's size) plus the seat's own hand. It never holds another
// seat's hand or the stock's order; nor does it keep what was shown once and went back to a hand
// (a carte blanche, a declared or exchanged seven, the last turn-up, tabled cards taken back in
// phase 2), which the events tell.
type View struct {
	// Seat is the viewing seat, [NoSeat] for a spectator.
	Seat    int
	Variant Variant
	// Target is the game target in points; in Rubicon and six-pack the rubicon threshold.
	Target int
	Deal   int
	Dealer int
	// Trump is the trump suit, [NoSuit] until the first marriage or sequence fixes it in the rules
	// without a turn-up (RULES.md §3.6.3).
	Trump Suit
	// TurnUp is the turn-up card while it is in the stock, else NoCard.
	TurnUp Card
	// StockSize is the number of cards left to draw, the turn-up included.
	StockSize int
	Phase     Phase
	// ToAct is the seat to act, [NoSeat] when the game is over.
	ToAct int
	// Hand is the seat's cards in hand (not tabled), by id; nil for a spectator.
	Hand []Card
	// Tabled is every seat's tabled (melded) cards, by seat.
	Tabled [][]TabledCard
	// Pending is every seat's pending announcement (allow_pending_declarations, RULES.md §8.18), by
	// seat: the meld tabled unscored, with the Points it scores when the seat next wins a phase-1
	// trick; Kind [NoMeld] for a seat with none. Its cards are also in Tabled.
	Pending []Meld
	// HandSizes is every seat's number of cards in hand, tabled cards not counted.
	HandSizes []int
	// ShownInHand is every seat's cards in hand that every seat has seen, by seat, by id: the
	// hand of a carte blanche and the card each repeat shows (RULES.md §3.6.4), a trump seven
	// declared (§1.9.2), the turn-up taken by a seven exchange (§1.9.2) or by the last drawer
	// (§3.1.8), the two-handed last stock card drawn face up (§3.1.8, reveal_last_stock_card),
	// and the tabled cards taken back into the hand when the stock is spent (§1.7). A card leaves
	// the list when it leaves the hand (played, or tabled by a meld); the list is public, in every
	// seat's view and the spectators'. Sorted by id; empty for a seat with none.
	ShownInHand [][]Card
	// TrickNo is the number of the current trick in the deal, from 1.
	TrickNo int
	// Trick is the cards played so far to the current trick.
	Trick []PlayedCard
	// Tricks is every completed trick of the deal, in order.
	Tricks []TrickView
	// TrickWinner is the play winning the trick in progress so far, as the engine decides tricks
	// (RULES.md §1.2); Seat [NoSeat] and Card [NoCard] while Trick is empty.
	TrickWinner PlayedCard
	// Beating is the viewing seat's cards (in hand or tabled), by id, that would take the trick in
	// progress from TrickWinner if played now (RULES.md §1.2: a higher card of its suit, or a trump
	// over a non-trump); nil while Trick is empty and for a spectator. Whether a card may be
	// played at all is [Game.Legal]'s to say.
	Beating []Card
	// MeldValues are the points of every meld kind under the game's rules (RULES.md §4,
	// quadruple_value), indexed by [MeldKind]; 0 for NoMeld and for the bezique levels the
	// variant's packs cannot form.
	MeldValues [NumMeldKinds]int
	// Duel is 1 or 2 during the four-handed duels, else 0; DuelSeats are its two seats
	// ([NoSeat, NoSeat] outside the duels: the last deal's stayed, an outside audit of the views).
	Duel      int
	DuelSeats [2]int
	// Window is the state of the post-trick window (Phase == PhaseWindow).
	Window WindowView
	// DealPoints and Totals are every side's points in this deal and in the game.
	DealPoints []int
	Totals     []int
	// SpentSevens are the trump sevens that have scored this deal.
	SpentSevens []Card
	// Revealed is the last face-down stock card shown to the opponent in two-handed, else NoCard.
	Revealed Card
	// Winner is the winning side once the game is over, else [NoSide] (also after a tie at the end
	// of the deals a [Dealing] holds, or in Rubicon and six-pack).
	Winner int
}

// TabledCard is a tabled card and the classes of the melds it has scored in, or is announced in
// while the announcement is pending (RULES.md §8.18).
type TabledCard struct {
	Card    Card
	Classes Class
}

// PlayedCard is a card played to a trick by a seat; FromTable tells whether it came from the
// seat's tabled cards (as the play's event, [Event].FromTable).
type PlayedCard struct {
	Seat      int
	Card      Card
	FromTable bool
}

// TrickView is a completed trick: its leader, its plays in order and its winner.
type TrickView struct {
	Leader int
	Winner int
	Plays  []PlayedCard
}

// WindowView is the public state of the post-trick window.
type WindowView struct {
	// Winner won the trick; Partner is his partner ([NoSeat] outside partnership);
	// both [NoSeat] outside the window.
	Winner  int
	Partner int
	// Stage is 0 while the winner acts, 1 while the partner acts.
	Stage  int
	Melded bool
	Passed bool
	// Exchanged is the card taken by a seven exchange in this window, else NoCard.
	Exchanged Card
}

// View returns what seat may know; seat [NoSeat] gives the spectators' view (no hand).
func (g *Game) View(seat int) View {
	var v View
	g.ViewSince(&v, seat, 0)
	return v
}

// ViewSince fills *v with what seat may know, as [Game.View] returns it, except that v.Tricks
// holds only the deal's completed tricks after the first from: v.Tricks[i] is trick from+i+1
// of the deal, and v.Tricks is empty when from is at or past the tricks completed. It is for a
// caller that keeps the earlier tricks (they never change within a deal) and builds views often:
// it reuses the backing arrays of *v's slices (Tabled, ShownInHand and each seat's list in
// them, Pending, HandSizes, Hand, Tricks, Beating, DealPoints, Totals, SpentSevens), so that
// once they have room it allocates nothing but one array for the plays of v.Trick and v.Tricks
// when there are any, and the view filled before is overwritten: copy what you keep of it.
// Where [Game.View] leaves a list nil (Hand for a spectator, Beating, a seat's Tabled or
// ShownInHand, SpentSevens) *v may hold an empty one instead.
func (g *Game) ViewSince(v *View, seat, from int) {
	sides := g.rules.Variant.Sides()
	*v = View{
		Seat: seat, Variant: g.rules.Variant, Target: g.rules.Target, Deal: g.deal, Dealer: g.dealer,
		Trump: g.trump, TurnUp: g.turnUp, StockSize: g.stockLeft(), Phase: g.phase, ToAct: g.toAct,
		Tabled: resize(v.Tabled, g.n), ShownInHand: resize(v.ShownInHand, g.n), Pending: append(v.Pending[:0], g.pending[:g.n]...), HandSizes: resize(v.HandSizes, g.n), TrickNo: g.trickNo,
		Duel: g.duel, DuelSeats: g.duelSeats, Revealed: g.revealed, Winner: g.winner,
		DealPoints:  append(v.DealPoints[:0], g.dealPts[:sides]...),
		Totals:      append(v.Totals[:0], g.totals[:sides]...),
		TrickWinner: PlayedCard{Seat: NoSeat, Card: NoCard},
		Hand:        v.Hand[:0], Beating: v.Beating[:0], SpentSevens: v.SpentSevens[:0],
		Tricks: v.Tricks[:0],
	}
	for k := CommonMarriage; k < NumMeldKinds; k++ {
		v.MeldValues[k] = g.meldValue(k)
	}
	for lvl := g.rules.packs() + 1; lvl < len(bezLevelKinds); lvl++ {
		v.MeldValues[bezLevelKinds[lvl]] = 0
	}
	if g.phase == PhaseWindow {
		w := g.win
		v.Window = WindowView{Winner: w.winner, Partner: w.partner, Stage: w.stage, Melded: w.melded, Passed: w.passed, Exchanged: w.exchanged}
	} else {
		v.Window = WindowView{Winner: NoSeat, Partner: NoSeat, Exchanged: NoCard}
	}
	for s := 0; s < g.n; s++ {
		v.Tabled[s], v.ShownInHand[s] = v.Tabled[s][:0], v.ShownInHand[s][:0]
		v.HandSizes[s] = 0
		for _, c := range g.held[s][:g.nheld[s]] {
			if g.cs[c].loc == locTable {
				v.Tabled[s] = append(v.Tabled[s], TabledCard{Card: c, Classes: g.cs[c].used})
				continue
			}
			v.HandSizes[s]++
			if s == seat {
				v.Hand = append(v.Hand, c)
			}
			if g.cs[c].seenInHand() {
				v.ShownInHand[s] = append(v.ShownInHand[s], c)
			}
		}
		slices.SortFunc(v.Tabled[s], func(a, b TabledCard) int { return int(a.Card) - int(b.Card) })
		slices.Sort(v.ShownInHand[s])
	}
	slices.Sort(v.Hand)
	// The plays of every trick in the view share one backing array: a view costs a few
	// allocations, not one a trick. The trick in progress, if any, is in the view whatever from:
	// it is the last trick, where the loops start at the latest.
	first := max(min(from, g.trickNo-1), 0)
	nplays, ntricks := 0, 0
	for i := first; i < g.trickNo; i++ {
		if t := &g.tricks[i]; i >= from || t.winner < 0 {
			nplays += int(t.n)
			ntricks++
		}
	}
	all := make([]PlayedCard, 0, nplays)
	if v.Tricks == nil || cap(v.Tricks) < ntricks {
		v.Tricks = make([]TrickView, 0, ntricks)
	}
	for i := first; i < g.trickNo; i++ {
		t := &g.tricks[i]
		if i < from && t.winner >= 0 {
			continue
		}
		start := len(all)
		for k := 0; k < int(t.n); k++ {
			all = append(all, t.played(k))
		}
		plays := all[start:len(all):len(all)]
		if t.winner < 0 {
			v.Trick = plays
			if t.n > 0 {
				w := t.winning(g.trump)
				v.TrickWinner = t.played(w)
			}
			continue
		}
		v.Tricks = append(v.Tricks, TrickView{Leader: int(t.leader), Winner: int(t.winner), Plays: plays})
	}
	if seat != NoSeat && v.TrickWinner.Seat != NoSeat {
		for _, c := range g.held[seat][:g.nheld[seat]] {
			if beats(c, v.TrickWinner.Card, g.trump) {
				v.Beating = append(v.Beating, c)
			}
		}
		slices.Sort(v.Beating)
	}
	for cp := 0; cp < g.rules.packs(); cp++ { // only sevens are spent: look at those, by id
		for s := Suit(0); s < NumSuits; s++ {
			if c := NewCard(NewFace(s, Seven), cp); g.cs[c].spent {
				v.SpentSevens = append(v.SpentSevens, c)
			}
		}
	}
}

// resize returns s with length n, reusing its backing array when it has room; the elements kept
// from s are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
