package engine

import "fmt"

// Phase is the stage of play that a game is in.
type Phase uint8

// The phases.
const (
	// PhaseTrick is a phase-1 trick: any card may be played (RULES.md §1.4).
	PhaseTrick Phase = iota + 1
	// PhaseWindow is the post-trick window of phase 1: melds, seven actions, passing, ending
	// (RULES.md §1.5, §8.8).
	PhaseWindow
	// PhaseTrick2 is a phase-2 trick, with the obligations of RULES.md §1.8.
	PhaseTrick2
	// PhaseOver is the end of the game.
	PhaseOver
)

var phaseNames = [...]string{0: "none", PhaseTrick: "trick", PhaseWindow: "window", PhaseTrick2: "trick2", PhaseOver: "over"}

// String returns the phase's name: trick, window, trick2, over.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

type location uint8

const (
	locStock location = iota
	locTurnUp
	locHand
	locTable
	locTrick
	locWon
)

// cardState is the engine's bookkeeping for one physical card in the current deal.
type cardState struct {
	loc    location
	owner  int8   // seat holding it (hand, table), side that won it (won), else -1
	used   Class  // classes of the melds it has scored in (RULES.md §2 R3)
	free   Class  // classes of used whose meld lost a card to a trick: re-formable (RULES.md §2 R8)
	spent  bool   // a trump seven that has scored (RULES.md §8.1)
	shown  bool   // in hand and seen by every seat since it came there (View.Shown)
	bez    uint8  // 1-based index of the latest bezique-class meld it is part of
	maxVal uint32 // highest value of a meld it has scored in (reuse_rule=higher_value)
}

// seenInHand reports whether the card is in a hand and every seat has seen it there
// (View.ShownInHand): shown stays set on a card tabled from the hand, where every card is seen.
func (st *cardState) seenInHand() bool { return st.shown && st.loc == locHand }

// bezRecord is one scored bezique-class meld, for the upgrade chain of RULES.md §2 R6.
type bezRecord struct {
	level    uint8 // pairs: 1 single, 2 double, ...
	upgraded bool
	cards    CardSet
}

// meldRecord is one scored meld of the current deal, kept under reform_after_play so that playing
// one of its cards frees the others for the same kind (RULES.md §2 R8). (No variant has both
// reform_after_play and allow_pending_declarations: a meld recorded here is scored.)
type meldRecord struct {
	class  Class
	broken bool
	cards  CardSet
}

// MaxTricks is the largest number of tricks in a deal: six-pack's 84 phase-1 and 12 phase-2
// tricks (RULES.md §7).
const MaxTricks = 96

// The carte blanche states of a seat (RULES.md §3.6.4).
const (
	cbNone    uint8 = iota // no carte blanche, or its privilege has ended
	cbPending              // the seat may show a carte blanche before its next play
	cbShown                // shown; each non-court card drawn may be shown again
)

// trickRecord is one trick of the current deal.
type trickRecord struct {
	leader int8
	winner int8
	n      uint8
	tabled uint8 // bit k: play k came from the seat's tabled cards
	cards  [4]Card
	seats  [4]int8
}

// played returns play k of t.
func (t *trickRecord) played(k int) PlayedCard {
	return PlayedCard{Seat: int(t.seats[k]), Card: t.cards[k], FromTable: t.tabled&(1<<k) != 0}
}

// window is the state of the post-trick window (RULES.md §1.5, §8.8).
type window struct {
	winner    int
	partner   int // NoSeat outside partnership
	stage     int // 0: the winner acts; 1: the partner acts
	melded    bool
	passed    bool
	sevens    [4]uint8
	exchanged Card
}

// Game is a whole Bézique game: deals until a side reaches the target. Exactly one seat is to act
// at any moment (Turn). It is not safe for concurrent use.
type Game struct {
	rules   Rules
	dealing Dealing
	n       int
	ncards  int

	hand int // cards held after every draw (Variant.HandSize)

	deal     int
	dealer   int
	trump    Suit // NoSuit until the first marriage or sequence without a turn-up
	bezQ     Face // the bezique's queen and jack (RULES.md §3.7.6); noFace before trump
	bezJ     Face // is fixed under bezique_by_trump
	turnUp   Card
	stock    [MaxCards]Card
	stockTop int
	stockEnd int
	cs       [MaxCards]cardState
	held     [4][MaxHandSize + 1]Card // hand and own tabled cards
	nheld    [4]int
	bez      [MaxCards / 2]bezRecord
	nbez     int
	melds    []meldRecord // under reform_after_play only: a slice, so other games carry no array
	cb       [4]uint8     // carte blanche state per seat
	cbCard   [4]Card      // the card drawn that a repeated carte blanche shows

	phase     Phase
	toAct     int
	trickNo   int
	tricks    [MaxTricks]trickRecord
	duel      int    // 0: not dueling; 1 or 2: the duel in play (RULES.md §3.3.10)
	duelSeats [2]int // the seats of the duel in play
	lastW     int    // winner of the last phase-1 trick
	win       window

	dealPts  [4]int
	totals   [4]int
	trickPts [4]int // trick points won this deal, not yet scored
	brisques [4]int
	revealed Card
	winner   int
	pending  [4]Meld        // per seat: the meld announced and not yet scored (RULES.md §8.18); Kind NoMeld when none
	undo     [4]pendingUndo // per seat: what its pending meld changed, undone if it lapses
	settled  Settlement

	// log is every event so far, packed (loggedEvent). It gets its room (logPrealloc) at the
	// first action, not in NewGame: a game that waits for its players holds only the deal's
	// opening events.
	log []loggedEvent
	// fresh is the events of the last Apply, as Apply returns them; nil until the first Apply.
	fresh []Event
}

// NewGame starts a game under rules r with deals from d: it validates both, deals the first deal
// and returns the game with the elder hand to lead. It returns an error naming the option or the
// stacked-deal problem.
func NewGame(r Rules, d Dealing) (*Game, error) {
	g := &Game{rules: r, dealing: d, n: r.Variant.Players(), ncards: r.packs() * NumFaces, hand: r.Variant.HandSize(), winner: NoSide}
	if err := g.rules.validate(); err != nil { // g.rules, not r: the checks would move r to the heap
		return nil, err
	}
	if d.Deals < 0 {
		return nil, fmt.Errorf("bezique: dealing: %d deals; 0 (play to the target) or more", d.Deals)
	}
	for i := range d.Stacked {
		if err := d.Stacked[i].check(&g.rules); err != nil {
			if len(d.Stacked) == 1 { // "(stacked deal 1)" of the only one read as a riddle (a trial)
				return nil, err
			}
			return nil, fmt.Errorf("%w (stacked deal %d)", err, i+1)
		}
		if i > 0 && r.DealerRotation == DealerRotationLeft && d.Stacked[i].Dealer != (d.Stacked[0].Dealer+i)%g.n {
			return nil, fmt.Errorf("bezique: stacked deal %d: dealer %d, but the deal passes left to seat %d", i+1, d.Stacked[i].Dealer, (d.Stacked[0].Dealer+i)%g.n)
		}
	}
	if d.Totals != nil {
		if r.Variant.OneDeal() {
			return nil, fmt.Errorf("bezique: dealing: totals carried into %s, a game of one deal (RULES.md §3.6.10)", r.Variant)
		}
		if len(d.Totals) != r.Variant.Sides() {
			return nil, fmt.Errorf("bezique: dealing: %d totals, want one per side (%d)", len(d.Totals), r.Variant.Sides())
		}
		for i, t := range d.Totals {
			if t < 0 || t >= g.rules.Target {
				return nil, fmt.Errorf("bezique: dealing: totals[%d] = %d: a carried total is from 0 to below the target %d", i, t, g.rules.Target)
			}
		}
		copy(g.totals[:], d.Totals)
	}
	if len(d.Stacked) > 0 {
		g.dealer = d.Stacked[0].Dealer
	} else {
		g.dealer = firstDealer(d.Seed, g.n)
	}
	if r.ReformAfterPlay {
		g.melds = make([]meldRecord, 0, 32) // a deal's melds, grown past 32 by append
	}
	g.startDeal()
	return g, nil
}

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Turn returns the seat that is to act, or [NoSeat] when the game is over.
func (g *Game) Turn() int { return g.toAct }

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Winner returns the winning side, or [NoSide] while the game is on and after a tie at the end of the
// deals a [Dealing] holds (Dealing.Deals).
func (g *Game) Winner() int { return g.winner }

// Deal returns the number of the current deal, from 1.
func (g *Game) Deal() int { return g.deal }

// Totals returns every side's game total in points (one entry per side).
func (g *Game) Totals() []int { return append([]int(nil), g.totals[:g.rules.Variant.Sides()]...) }

// DealPoints returns every side's points in the current deal (one entry per side): once the game
// is over, in the deal in which it ended.
func (g *Game) DealPoints() []int {
	return append([]int(nil), g.dealPts[:g.rules.Variant.Sides()]...)
}

// Tabled reports whether card c lies on its holder's table: declared in a meld and not played
// since, so that a play of it comes from the table (RULES.md §1.3). False for [NoCard].
func (g *Game) Tabled(c Card) bool { return int(c) < len(g.cs) && g.cs[c].loc == locTable }

// TurnUp returns the turn-up while it lies under the stock, the card a seven exchange takes
// (RULES.md §1.9.1); NoCard once it has been taken or drawn.
func (g *Game) TurnUp() Card { return g.turnUp }

// Side returns the scoring side of a seat: seat%2 in the partnership variant, else the seat.
func (g *Game) Side(seat int) int { return g.rules.Side(seat) }

// Clone returns an independent copy of the game, for simulations.
func (g *Game) Clone() *Game {
	c := *g
	c.log = append(make([]loggedEvent, 0, cap(g.log)), g.log...)
	if g.fresh != nil { // keep nil nil, and the room, as the log's
		c.fresh = append(make([]Event, 0, cap(g.fresh)), g.fresh...)
	}
	if g.melds != nil { // keep nil nil: a clone equals its original
		c.melds = append(make([]meldRecord, 0, cap(g.melds)), g.melds...)
	}
	return &c
}

// emit logs e as an event of the current deal, and keeps it for Apply to return (NewGame's
// events, before any Apply, are in the log only: Events returns them).
func (g *Game) emit(e Event) {
	e.Deal = g.deal
	g.log = append(g.log, pack(&e))
	if g.fresh != nil {
		g.fresh = append(g.fresh, e)
	}
}

// score adds pts to side's deal and game totals; under end_check=immediate it ends the game when
// the side reaches the target (RULES.md §3.1.11).
func (g *Game) score(side, pts int) {
	g.dealPts[side] += pts
	g.totals[side] += pts
	if g.rules.EndCheck == EndCheckImmediate && g.totals[side] >= g.rules.Target && g.phase != PhaseOver {
		g.gameOver(side)
	}
}

func (g *Game) gameOver(side int) {
	g.phase = PhaseOver
	g.toAct = NoSeat
	g.winner = side
	e := Event{Kind: EvGameEnd, Seat: NoSeat, Side: side, Card: NoCard, Taken: NoCard, Points: g.settled.Points, Rubicon: g.settled.Rubicon,
		Totals: g.totals, DealPoints: g.dealPts}
	e.Sides = int8(g.rules.Variant.Sides())
	g.emit(e)
}

func (g *Game) give(seat int, c Card) {
	g.cs[c] = cardState{loc: locHand, owner: int8(seat), spent: g.cs[c].spent} // a scored seven stays spent (RULES.md §8.1)
	g.held[seat][g.nheld[seat]] = c
	g.nheld[seat]++
}

func (g *Game) take(seat int, c Card) {
	h := &g.held[seat]
	for i := 0; i < g.nheld[seat]; i++ {
		if h[i] == c {
			g.nheld[seat]--
			h[i] = h[g.nheld[seat]]
			return
		}
	}
}

// startDeal deals the next deal (RULES.md §3.1.3, §3.2.2, §3.3.3).
func (g *Game) startDeal() {
	g.deal++
	n := g.n
	for i := 0; i < g.ncards; i++ {
		g.cs[i] = cardState{owner: -1}
	}
	g.nbez = 0
	g.nheld = [4]int{}
	g.dealPts = [4]int{}
	g.trickPts = [4]int{}
	g.brisques = [4]int{}
	g.revealed = NoCard
	g.duel, g.duelSeats = 0, [2]int{NoSeat, NoSeat}
	g.pending = [4]Meld{}
	g.undo = [4]pendingUndo{}
	g.melds = g.melds[:0]
	g.turnUp = NoCard
	if g.deal <= len(g.dealing.Stacked) {
		sd := &g.dealing.Stacked[g.deal-1]
		for s, h := range sd.Hands {
			for _, c := range h {
				g.give(s, c)
			}
		}
		if g.rules.TurnUpTrump {
			g.turnUp = sd.TurnUp
		}
		g.stockEnd = copy(g.stock[:], sd.Stock)
	} else {
		var deck [MaxCards]Card
		ndeck := g.rules.deckIDs(deck[:])
		shuffledDeck(g.dealing.Seed, g.deal, deck[:ndeck])
		i := 0
		for _, p := range g.rules.DealPackets {
			for k := 1; k <= n; k++ {
				s := (g.dealer + k) % n
				for j := 0; j < p; j++ {
					g.give(s, deck[i])
					i++
				}
			}
		}
		if g.rules.TurnUpTrump {
			g.turnUp = deck[i]
			i++
		}
		g.stockEnd = copy(g.stock[:], deck[i:ndeck])
	}
	g.stockTop = 0
	g.setTrump(NoSuit)
	if g.turnUp != NoCard {
		g.cs[g.turnUp].loc = locTurnUp
		g.setTrump(g.turnUp.Suit())
	}
	g.emit(Event{Kind: EvDeal, Seat: g.dealer, Side: NoSide, Card: g.turnUp, Taken: NoCard, Trump: g.trump, Stock: g.stockLeft()})
	for s := 0; s < n; s++ {
		e := Event{Kind: EvHand, Seat: s, Side: g.rules.Side(s), Card: NoCard, Taken: NoCard, Private: true}
		for _, c := range g.held[s][:g.nheld[s]] {
			e.Cards.Add(c)
		}
		g.emit(e)
	}
	for s := 0; s < n; s++ {
		g.cb[s], g.cbCard[s] = cbNone, NoCard
		if g.rules.Variant.OneDeal() && !g.holdsCourt(s) {
			g.cb[s] = cbPending
		}
	}
	g.trickNo = 0
	g.phase = PhaseTrick
	if g.turnUp != NoCard && g.turnUp.Rank() == Seven {
		g.cs[g.turnUp].spent = true
		side := g.rules.Side(g.dealer)
		g.emit(Event{Kind: EvTurnUpSeven, Seat: g.dealer, Side: side, Card: g.turnUp, Taken: NoCard, Points: 10})
		g.score(side, 10)
		if g.phase == PhaseOver {
			return
		}
	}
	g.startTrick((g.dealer + 1) % n)
}

// setTrump fixes the trump suit (NoSuit leaves it open) and, under bezique_by_trump, the
// bezique's cards (RULES.md §3.6.3, §3.7.6).
func (g *Game) setTrump(s Suit) {
	g.trump = s
	g.bezQ, g.bezJ = queenSpades, jackDiamonds
	if g.rules.BeziqueByTrump {
		g.bezQ, g.bezJ = noFace, noFace
		if s != NoSuit {
			g.bezQ, g.bezJ = NewFace(s, Queen), NewFace(opposite[s], Jack)
		}
	}
}

// opposite is the suit of the bezique's jack under bezique_by_trump (RULES.md §3.7.6).
var opposite = [NumSuits]Suit{Spades: Diamonds, Diamonds: Spades, Hearts: Clubs, Clubs: Hearts}

// holdsCourt reports whether seat holds a king, queen or jack (RULES.md §3.6.4).
func (g *Game) holdsCourt(seat int) bool {
	for _, c := range g.held[seat][:g.nheld[seat]] {
		if c.Rank().court() {
			return true
		}
	}
	return false
}

// stockLeft returns the cards left to draw, the turn-up included.
func (g *Game) stockLeft() int {
	left := g.stockEnd - g.stockTop
	if g.turnUp != NoCard {
		left++
	}
	return left
}

func (g *Game) startTrick(leader int) {
	g.trickNo++
	g.tricks[g.trickNo-1] = trickRecord{leader: int8(leader), winner: -1}
	g.toAct = leader
	if g.stockLeft() > 0 {
		g.phase = PhaseTrick
	} else {
		g.phase = PhaseTrick2
	}
}

// trickSize returns how many cards the current trick takes.
func (g *Game) trickSize() int {
	if g.duel != 0 {
		return 2
	}
	return g.n
}

// nextInTrick returns the seat that plays after the current plays of trick t.
func (g *Game) nextInTrick(t *trickRecord) int {
	if g.duel != 0 {
		if int(t.seats[0]) == g.duelSeats[0] {
			return g.duelSeats[1]
		}
		return g.duelSeats[0]
	}
	return (int(t.leader) + int(t.n)) % g.n
}

// beats reports whether card c, played after w, takes the trick from w (RULES.md §1.2):
// a higher card of w's suit, or any trump over a non-trump. Identical cards: the first stays.
func beats(c, w Card, trump Suit) bool {
	if c.Suit() == w.Suit() {
		return c.Rank() > w.Rank()
	}
	return c.Suit() == trump
}

// winning returns the index of the play winning trick t so far (RULES.md §1.2); t holds a play.
func (t *trickRecord) winning(trump Suit) int {
	best := 0
	for i := 1; i < int(t.n); i++ {
		if beats(t.cards[i], t.cards[best], trump) {
			best = i
		}
	}
	return best
}

// playCard applies a checked card play.
func (g *Game) playCard(seat int, c Card) {
	st := &g.cs[c]
	fromTable := st.loc == locTable
	if fromTable && g.rules.ReformAfterPlay {
		g.breakMelds(c)
	}
	if g.cb[seat] == cbPending {
		// A carte blanche not shown before the play is gone; a repeat not shown waits for the
		// next draw (RULES.md §3.6.4, §8.13).
		g.cb[seat] = cbShown
		if g.cbCard[seat] == NoCard {
			g.cb[seat] = cbNone
		}
	}
	if !g.rules.CarteBlancheRepeat {
		g.cb[seat] = cbNone
	}
	g.take(seat, c)
	st.loc = locTrick
	st.owner = -1
	t := &g.tricks[g.trickNo-1]
	t.cards[t.n] = c
	t.seats[t.n] = int8(seat)
	if fromTable {
		t.tabled |= 1 << t.n
	}
	t.n++
	g.emit(Event{Kind: EvPlay, Seat: seat, Side: g.rules.Side(seat), Card: c, Taken: NoCard, FromTable: fromTable})
	if fromTable {
		g.lapseOnPlay(seat, c)
	}
	if g.phase == PhaseTrick && g.rules.SevenScoresOnPlay && c.Suit() == g.trump && c.Rank() == Seven && !st.spent {
		st.spent = true
		side := g.rules.Side(seat)
		g.emit(Event{Kind: EvSevenPlayed, Seat: seat, Side: side, Card: c, Taken: NoCard, Points: 10})
		g.score(side, 10)
		if g.phase == PhaseOver {
			return
		}
	}
	if int(t.n) < g.trickSize() {
		g.toAct = g.nextInTrick(t)
		return
	}
	g.finishTrick(t)
}

// finishTrick resolves a complete trick and moves on: to the window in phase 1, to the next trick,
// duel or deal in phase 2.
func (g *Game) finishTrick(t *trickRecord) {
	w := int(t.seats[t.winning(g.trump)])
	t.winner = int8(w)
	side := g.rules.Side(w)
	pts, bris := 0, 0
	e := Event{Kind: EvTrick, Seat: w, Side: side, Card: NoCard, Taken: NoCard, Trick: int8(g.trickNo)}
	for i := 0; i < int(t.n); i++ {
		c := t.cards[i]
		g.cs[c].loc = locWon
		g.cs[c].owner = int8(side)
		e.Cards.Add(c)
		if c.Rank().Brisque() {
			bris++
		}
		pts += cardPoints[c.Rank()]
	}
	if g.rules.TrickScoring == TrickScoringBrisques {
		pts = 10 * bris
	}
	g.brisques[side] += bris
	if g.rules.CountBrisquesImmediately {
		e.Points = pts
	} else {
		g.trickPts[side] += pts
	}
	g.emit(e)
	if e.Points > 0 {
		g.score(side, pts)
		if g.phase == PhaseOver {
			return
		}
	}
	if g.phase == PhaseTrick {
		g.lastW = w
		if g.rules.LastTrick == LastTrickTrick24 && g.stockLeft() == g.n {
			g.emit(Event{Kind: EvLastTrick, Seat: w, Side: side, Card: NoCard, Taken: NoCard, Points: 10})
			g.score(side, 10)
			if g.phase == PhaseOver {
				return
			}
		}
		partner := NoSeat
		if g.rules.Variant.Partnership() {
			partner = (w + 2) % 4
		}
		g.win = window{winner: w, partner: partner, exchanged: NoCard}
		g.phase = PhaseWindow
		g.toAct = w
		g.scorePending(w)
		return
	}
	if g.nheld[w] > 0 {
		g.startTrick(w)
		return
	}
	if g.duel == 1 {
		g.startDuel(2)
		return
	}
	g.endDeal(w)
}

// endWindowStage ends the acting seat's stage of the window; the window closes and the drawing
// follows when the last stage ends (RULES.md §8.8).
func (g *Game) endWindowStage() {
	if g.win.stage == 0 && g.win.partner != NoSeat {
		g.win.stage = 1
		g.toAct = g.win.partner
		return
	}
	g.draw()
}

// draw deals one stock card to every player, the trick winner first; the last drawer of the last
// round takes the turn-up (RULES.md §1.5, §3.1.8, §3.3.9).
func (g *Game) draw() {
	w := g.win.winner
	last := g.stockLeft() == g.n
	for k := 0; k < g.n; k++ {
		s := (w + k) % g.n
		e := Event{Kind: EvDraw, Seat: s, Side: g.rules.Side(s), Taken: NoCard, Private: true}
		if g.stockTop < g.stockEnd {
			e.Card = g.stock[g.stockTop]
			g.stockTop++
			if last && k == 0 && g.rules.RevealLastStockCard {
				e.Private, e.Revealed = false, true
				g.revealed = e.Card
			}
		} else {
			e.Card = g.turnUp
			g.turnUp = NoCard
			e.Private = false
		}
		g.give(s, e.Card)
		g.cs[e.Card].shown = !e.Private // the turn-up, or the last stock card drawn face up
		e.Stock = g.stockLeft()
		g.emit(e)
		if g.cb[s] == cbShown && !last {
			g.cb[s], g.cbCard[s] = cbPending, e.Card
			if e.Card.Rank().court() {
				g.cb[s] = cbNone
			}
		} else {
			g.cb[s] = cbNone
		}
	}
	if !last {
		g.startTrick(w)
		return
	}
	for s := 0; s < g.n; s++ {
		if g.pending[s].Kind != NoMeld { // no melds in phase 2: an announcement not yet scored lapses (RULES.md §8.18)
			g.lapse(s, LapsePhase2, NoCard)
		}
	}
	for s := 0; s < g.n; s++ {
		for _, c := range g.held[s][:g.nheld[s]] {
			if g.cs[c].loc == locTable { // taken back into the hand face up
				g.cs[c].shown = true
			}
			g.cs[c].loc = locHand
		}
	}
	if g.n == 4 && g.rules.Phase2 == Phase2Duels {
		g.startDuel(1)
		return
	}
	g.emit(Event{Kind: EvPhase2, Seat: w, Side: g.rules.Side(w), Card: NoCard, Taken: NoCard})
	g.startTrick(w)
}

// startDuel starts duel 1 (the winner of the last phase-1 trick against the opponent on his left,
// the winner leading) or duel 2 (the other two; duel2_leader leads) (RULES.md §3.3.10).
func (g *Game) startDuel(d int) {
	w := g.lastW
	g.duel = d
	leader := w
	if d == 1 {
		g.duelSeats = [2]int{w, (w + 1) % 4}
	} else {
		g.duelSeats = [2]int{(w + 2) % 4, (w + 3) % 4}
		leader = g.duelSeats[0]
		if g.rules.Duel2Leader == Duel2LeaderOpponent {
			leader = g.duelSeats[1]
		}
	}
	g.emit(Event{Kind: EvPhase2, Seat: leader, Side: g.rules.Side(leader), Card: NoCard, Taken: NoCard, Duel: int8(d)})
	g.startTrick(leader)
}

// endDeal scores the last trick and the trick points, then ends the game or deals again
// (RULES.md §1.10, §1.11, §3.1.11, §3.3.12).
func (g *Game) endDeal(last int) {
	if g.rules.Variant.OneDeal() {
		g.settle(last)
		return
	}
	if g.rules.LastTrick == LastTrickLast {
		side := g.rules.Side(last)
		g.emit(Event{Kind: EvLastTrick, Seat: last, Side: side, Card: NoCard, Taken: NoCard, Points: 10})
		g.score(side, 10)
		if g.phase == PhaseOver {
			return
		}
	}
	if !g.rules.CountBrisquesImmediately {
		sides := g.rules.Variant.Sides()
		for k := 1; k <= sides; k++ {
			side := (g.dealer + k) % sides
			g.emit(Event{Kind: EvBrisques, Seat: NoSeat, Side: side, Card: NoCard, Taken: NoCard, Brisques: int8(g.brisques[side]), Points: g.trickPts[side]})
			g.score(side, g.trickPts[side])
			if g.phase == PhaseOver {
				return
			}
		}
	}
	e := Event{Kind: EvDealEnd, Seat: g.dealer, Side: NoSide, Card: NoCard, Taken: NoCard, Totals: g.totals, DealPoints: g.dealPts}
	e.Sides = int8(g.rules.Variant.Sides())
	g.emit(e)
	best, bestSide, tie := -1, NoSide, false
	for s := 0; s < g.rules.Variant.Sides(); s++ {
		switch {
		case g.totals[s] > best:
			best, bestSide, tie = g.totals[s], s, false
		case g.totals[s] == best:
			tie = true
		}
	}
	if best >= g.rules.Target && !tie {
		g.gameOver(bestSide)
		return
	}
	if g.dealing.Deals > 0 && g.deal >= g.dealing.Deals {
		if tie {
			bestSide = NoSide
		}
		g.gameOver(bestSide)
		return
	}
	if g.rules.DealerRotation == DealerRotationLastTrickWinner {
		g.dealer = last
	} else {
		g.dealer = (g.dealer + 1) % g.n
	}
	g.startDeal()
}
