package engine

// loggedEvent is an [Event] as the game's log holds it: the same fields, each in the smallest
// type that holds every value it can take (a seat or side from NoSeat/NoSide to 3, a stock of at
// most 256 cards, a deal number, points and totals within int32: the target is at most
// 1 000 000), 72 bytes against an Event's 160 (DealPoints is not held: dealPointsAt). The log keeps every event of the game, about
// 1 500 in a two-handed game to 1 000 points, so a table late in its game held 190 KB and more
// for it (docs/BENCHMARKS.md). pack and unpack convert; TestPropertyRandomPlay checks the round
// trip on every game of every variant it plays.
type loggedEvent struct {
	kind      EventKind
	card      Card
	taken     Card
	trump     Suit
	trick     int8
	duel      int8
	brisques  int8
	lapse     LapseCause
	seat      int8
	side      int8
	sides     int8
	flags     eventFlags
	meldKind  MeldKind
	cards     CardSet
	meldCards CardSet
	stock     int16
	deal      int32
	points    int32
	meldPts   int32
	totals    [4]int32
}

// eventFlags holds an Event's booleans, one bit each.
type eventFlags uint8

const (
	flagFromTable eventFlags = 1 << iota
	flagRubicon
	flagRevealed
	flagPending
	flagAnnounced
	flagPrivate
)

// flag returns f when b, else 0.
func flag(b bool, f eventFlags) eventFlags {
	if b {
		return f
	}
	return 0
}

// pack returns e as the log holds it.
func pack(e *Event) loggedEvent {
	l := loggedEvent{kind: e.Kind, card: e.Card, taken: e.Taken, trump: e.Trump, trick: e.Trick, duel: e.Duel,
		brisques: e.Brisques, lapse: e.Lapse, seat: int8(e.Seat), side: int8(e.Side), sides: e.Sides,
		flags: flag(e.FromTable, flagFromTable) | flag(e.Rubicon, flagRubicon) | flag(e.Revealed, flagRevealed) |
			flag(e.Pending, flagPending) | flag(e.Announced, flagAnnounced) | flag(e.Private, flagPrivate),
		meldKind: e.Meld.Kind, cards: e.Cards, meldCards: e.Meld.Cards, stock: int16(e.Stock), deal: int32(e.Deal),
		points: int32(e.Points), meldPts: int32(e.Meld.Points)}
	for i, t := range e.Totals {
		l.totals[i] = int32(t)
	}
	return l
}

// unpack returns the Event that l holds.
func (l *loggedEvent) unpack() Event {
	e := Event{Kind: l.kind, Card: l.card, Taken: l.taken, Trump: l.trump, Trick: l.trick, Duel: l.duel,
		Brisques: l.brisques, Lapse: l.lapse, Seat: int(l.seat), Side: int(l.side), Sides: l.sides,
		FromTable: l.flags&flagFromTable != 0, Rubicon: l.flags&flagRubicon != 0, Revealed: l.flags&flagRevealed != 0,
		Pending: l.flags&flagPending != 0, Announced: l.flags&flagAnnounced != 0, Private: l.flags&flagPrivate != 0,
		Meld: Meld{Kind: l.meldKind, Cards: l.meldCards, Points: int(l.meldPts)}, Cards: l.cards,
		Stock: int(l.stock), Deal: int(l.deal), Points: int(l.points)}
	for i, t := range l.totals {
		e.Totals[i] = int(t)
	}
	return e
}

// Events returns every event of the game so far, unredacted, in order: a new slice on each call
// (the log holds them packed), for a record or a replay; a referee reading one event at a time
// uses [Game.Event].
func (g *Game) Events() []Event {
	evs := make([]Event, len(g.log))
	for i := range g.log {
		evs[i] = g.Event(i)
	}
	return evs
}

// Event returns the game's event number i, from 0 (the first event of [Game.Events]). It panics
// when i is not below [Game.NumEvents].
func (g *Game) Event(i int) Event {
	e := g.log[i].unpack()
	if e.Kind == EvDealEnd || e.Kind == EvGameEnd {
		e.DealPoints = g.dealPointsAt(i, &e)
	}
	return e
}

// dealPointsAt returns the DealPoints of e, the log's event i, the end of a deal or of the game,
// which the log does not hold (16 bytes more on every event, for two events a deal): e's totals
// less those its deal started with, the totals of the last EvDealEnd of an earlier deal, else
// those the game started with (Dealing.Totals). Points go to a side's deal points and total
// together (Game.score), so the difference is the deal's points.
func (g *Game) dealPointsAt(i int, e *Event) [4]int {
	var start [4]int
	copy(start[:], g.dealing.Totals)
	for j := i - 1; j >= 0; j-- {
		if l := &g.log[j]; l.kind == EvDealEnd && int(l.deal) < e.Deal {
			for s, t := range l.totals {
				start[s] = int(t)
			}
			break
		}
	}
	var pts [4]int
	for s := range pts {
		pts[s] = e.Totals[s] - start[s]
	}
	return pts
}

// NumEvents returns the number of events of the game so far.
func (g *Game) NumEvents() int { return len(g.log) }
