package engine

import "fmt"

// EventKind is the kind of an Event.
type EventKind uint8

// The event kinds, in the order they can happen in a deal.
const (
	// EvDeal starts deal Event.Deal: Seat is the dealer, Card the turn-up, Trump its suit.
	EvDeal EventKind = iota + 1
	// EvHand gives Seat its dealt Cards (private to Seat).
	EvHand
	// EvTurnUpSeven scores Points (10) for the dealer Seat's Side: the turn-up is a seven (RULES.md §1.9.1).
	EvTurnUpSeven
	// EvPlay is Seat playing Card; FromTable tells whether it came from the seat's tabled cards.
	EvPlay
	// EvSevenPlayed scores Points for a trump seven played to a phase-1 trick (seven_scores_on_play).
	EvSevenPlayed
	// EvTrick is trick number Trick (1-based in the deal) won by Seat with Cards; Points are the
	// trick points scored at once under count_brisques_immediately, else 0.
	EvTrick
	// EvMeld is Seat declaring Meld (kind, cards, points) for Side.
	EvMeld
	// EvSevenExchange is Seat exchanging the trump seven Card for the turn-up Taken, scoring Points.
	EvSevenExchange
	// EvSevenDeclare is Seat showing the trump seven Card, scoring Points.
	EvSevenDeclare
	// EvPassMeld is Seat (the trick winner) passing the meld privilege to his partner.
	EvPassMeld
	// EvEndWindow is Seat ending its stage of the post-trick window.
	EvEndWindow
	// EvDraw is Seat drawing Card from the stock (private to Seat unless it is the turn-up or
	// Revealed, the two-handed last stock card shown to the opponent).
	EvDraw
	// EvPhase2 starts phase 2 (Duel 0), or duel Duel (1 or 2) of the four-handed phase 2;
	// Seat leads.
	EvPhase2
	// EvLastTrick scores Points (10) to Seat's Side for the last trick (RULES.md §1.11).
	EvLastTrick
	// EvBrisques scores Side's trick points at the end of the deal (unless
	// count_brisques_immediately scored them on each EvTrick): Brisques is the number of brisques
	// (aces and tens) Side won, Points 10 per brisque, or the card points under
	// trick_scoring=card_points.
	EvBrisques
	// EvDealEnd ends deal Deal, dealt by Seat; Totals[:Sides] holds every side's game total and
	// DealPoints[:Sides] its points in the deal.
	EvDealEnd
	// EvGameEnd ends the game: Side won ([NoSide]: a tie after the deals of Dealing.Deals, or a
	// tie in Rubicon or six-pack); Totals[:Sides] holds every side's game total and
	// DealPoints[:Sides] its points in the deal in which the game ended. In Rubicon and
	// six-pack Points is the winner's game points of the settlement and Rubicon tells whether the
	// loser was rubiconed (RULES.md §3.6.10, §3.7.7); else both are zero.
	EvGameEnd
	// EvTrumpFixed is Seat's meld (the EvMeld before it) fixing Trump in a deal without a turn-up
	// (RULES.md §3.6.3).
	EvTrumpFixed
	// EvCarteBlanche is Seat showing a carte blanche, scoring Points (RULES.md §3.6.4): Cards is
	// the whole hand at the first showing, the card just drawn at a repeat.
	EvCarteBlanche
	// EvAnnouncementLapsed ends Seat's pending Meld unscored (allow_pending_declarations, RULES.md
	// §8.18), for the reason Lapse: Card, a card of the meld, was just played (LapseCardPlayed,
	// right after its EvPlay), or phase 2 began (LapsePhase2, Card [NoCard], before the EvPhase2).
	// Meld.Points is what it would have scored; Points is 0.
	EvAnnouncementLapsed
)

var eventKindNames = [...]string{0: "none", EvDeal: "deal", EvHand: "hand", EvTurnUpSeven: "turn_up_seven",
	EvPlay: "play", EvSevenPlayed: "seven_played", EvTrick: "trick", EvMeld: "meld",
	EvSevenExchange: "seven_exchange", EvSevenDeclare: "seven_declare", EvPassMeld: "pass_meld",
	EvEndWindow: "end_window", EvDraw: "draw", EvPhase2: "phase2", EvLastTrick: "last_trick",
	EvBrisques: "brisques", EvDealEnd: "deal_end", EvGameEnd: "game_end", EvTrumpFixed: "trump_fixed",
	EvCarteBlanche: "carte_blanche", EvAnnouncementLapsed: "announcement_lapsed"}

// String returns the kind's name in snake case.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// LapseCause is why a pending announcement lapsed (EvAnnouncementLapsed, RULES.md §8.18).
type LapseCause uint8

// The lapse causes.
const (
	// LapseCardPlayed means the seat played a card of the announced meld before it next won a trick.
	LapseCardPlayed LapseCause = iota + 1
	// LapsePhase2 means the stock ran out (phase 2 began) before the seat next won a trick.
	LapsePhase2
)

var lapseCauseNames = [...]string{0: "none", LapseCardPlayed: "card_played", LapsePhase2: "phase2"}

// String returns the cause's name in snake case.
func (c LapseCause) String() string {
	if int(c) < len(lapseCauseNames) {
		return lapseCauseNames[c]
	}
	return fmt.Sprintf("LapseCause(%d)", uint8(c))
}

// Event is one thing that happened in a game. Which fields are set depends on Kind (see the
// EventKind constants); a field that does not apply to the kind is [NoSeat] (Seat), [NoSide]
// (Side), [NoCard] (Card, Taken) or its zero value (the others). The game's log holds its events
// packed, 72 bytes each against an Event's 160 (loggedEvent, TestEventSize): a field added here
// is added there too, or the log loses it (TestPropertyRandomPlay compares the two).
type Event struct {
	// Kind says what happened, and so which of the fields below are set.
	Kind EventKind
	// Card is the event's one card: the turn-up (EvDeal, EvTurnUpSeven), the card played (EvPlay,
	// EvSevenPlayed, EvAnnouncementLapsed by LapseCardPlayed), the trump seven (EvSevenExchange,
	// EvSevenDeclare), the card drawn (EvDraw).
	Card Card
	// Taken is set by EvSevenExchange only: the turn-up taken in exchange for the seven Card.
	Taken Card
	// Trump is the trump suit, set by EvDeal ([NoSuit] when the deal has no turn-up) and
	// EvTrumpFixed.
	Trump Suit
	// Trick (EvTrick only) is the trick's number in the deal, from 1.
	Trick int8
	// Duel (EvPhase2 only) is the duel, 1 or 2, of the four-handed phase 2, or 0 for a phase 2
	// without duels (RULES.md §3.3).
	Duel int8
	// Brisques (EvBrisques only) is the number of brisques (aces and tens) Side won in the deal.
	Brisques int8
	// Lapse (EvAnnouncementLapsed only) is why the announcement lapsed.
	Lapse LapseCause
	// Deal is the number of the deal the event belongs to, from 1; set on every kind.
	Deal int
	// Seat is the seat the event is about: the dealer (EvDeal, EvTurnUpSeven, EvDealEnd), the
	// trick winner (EvTrick, EvLastTrick), the leader (EvPhase2), else the seat that acted or
	// received cards; [NoSeat] for EvBrisques and EvGameEnd.
	Seat int
	// Side is the scoring side the event is about: Seat's side, the side scored (EvBrisques) or
	// the winner (EvGameEnd, [NoSide] for a tie); [NoSide] for EvDeal and EvDealEnd.
	Side int
	// Cards is the hand dealt (EvHand), the cards of the trick won (EvTrick) or the cards shown
	// (EvCarteBlanche).
	Cards CardSet
	// FromTable (EvPlay only) is true when the card played came from the seat's tabled cards.
	FromTable bool
	// Rubicon (EvGameEnd only) is true when the loser of a Rubicon or six-pack game was
	// rubiconed (RULES.md §3.6.10).
	Rubicon bool
	// Revealed (EvDraw only) is true for the two-handed last stock card, drawn face up for the
	// opponent to see (reveal_last_stock_card).
	Revealed bool
	// Pending (EvMeld only) marks a meld announced under allow_pending_declarations: tabled, Points
	// 0; a later EvMeld of the same cards with Announced scores it when Seat next wins a trick, or
	// an EvAnnouncementLapsed ends it unscored (RULES.md §8.18).
	Pending bool
	// Announced (EvMeld only) marks the scoring of Seat's pending announcement, at the trick win
	// that opened this window, before any action (RULES.md §8.18).
	Announced bool
	// Private marks an event whose cards only Seat may see (EvHand, and EvDraw of a face-down
	// card).
	Private bool
	// Sides (EvDealEnd, EvGameEnd only) is the number of sides, [Variant.Sides]: the entries of
	// Totals that are sides.
	Sides int8
	// Meld is the meld declared (EvMeld), with its kind, cards and points, or the announced meld
	// that lapsed (EvAnnouncementLapsed).
	Meld Meld
	// Points is what the event scores for Side: 10 for EvTurnUpSeven, EvSevenPlayed,
	// EvSevenExchange, EvSevenDeclare and EvLastTrick; Meld.Points for EvMeld; the trick points
	// for EvBrisques, and for EvTrick under count_brisques_immediately; 50 or 250 for
	// EvCarteBlanche; the settlement's game points for EvGameEnd (Rubicon, six-pack); else 0.
	Points int
	// Stock (EvDeal, EvDraw only) is the number of cards left to draw, the turn-up included
	// ([View].StockSize): once the hands are dealt (EvDeal), after this draw (EvDraw).
	Stock int
	// Totals is every side's game total in points (EvDealEnd, EvGameEnd): Totals[:Sides],
	// indexed by side, is what [Game.Totals] returns; the entries past Sides are always 0. A
	// fixed array, so that an event costs no allocation.
	Totals [4]int
	// DealPoints is every side's points in the deal (EvDealEnd, EvGameEnd), as Totals:
	// DealPoints[:Sides], indexed by side, is what [Game.DealPoints] returned as the event
	// happened, so that Totals less DealPoints are the totals the deal started with.
	DealPoints [4]int
}

// Redact returns the event as seat may see it (RULES.md §8.9): the cards of a private event of
// another seat are replaced by NoCard, keeping their number. seat [NoSeat] is a spectator. This is
// the only redaction of events; a referee must not filter events any other way.
func (e Event) Redact(seat int) Event {
	if !e.Private || e.Seat == seat {
		return e
	}
	e.Card = NoCard
	for i := 0; i < int(e.Cards.n); i++ {
		e.Cards.cards[i] = NoCard
	}
	return e
}

// String returns a one-line text form of the event, for logs and transcripts.
func (e Event) String() string {
	switch e.Kind {
	case EvDeal:
		return fmt.Sprintf("deal %d: dealer %d, turn-up %s, trump %s", e.Deal, e.Seat, e.Card, e.Trump)
	case EvHand:
		return fmt.Sprintf("seat %d hand %s", e.Seat, e.Cards)
	case EvPlay:
		from := ""
		if e.FromTable {
			from = " (from table)"
		}
		return fmt.Sprintf("seat %d plays %s%s", e.Seat, e.Card, from)
	case EvTrick:
		return fmt.Sprintf("trick %d to seat %d: %s", e.Trick, e.Seat, e.Cards)
	case EvMeld:
		if e.Pending {
			return fmt.Sprintf("seat %d announces %s, to score at its next trick", e.Seat, e.Meld)
		}
		if e.Announced {
			return fmt.Sprintf("seat %d scores its announced %s", e.Seat, e.Meld)
		}
		return fmt.Sprintf("seat %d melds %s", e.Seat, e.Meld)
	case EvSevenExchange:
		return fmt.Sprintf("seat %d exchanges %s for %s (+%d)", e.Seat, e.Card, e.Taken, e.Points)
	case EvSevenDeclare, EvSevenPlayed, EvTurnUpSeven:
		return fmt.Sprintf("seat %d %s %s (+%d)", e.Seat, e.Kind, e.Card, e.Points)
	case EvDraw:
		return fmt.Sprintf("seat %d draws %s", e.Seat, e.Card)
	case EvPhase2:
		return fmt.Sprintf("phase 2 duel %d, seat %d leads", e.Duel, e.Seat)
	case EvLastTrick:
		return fmt.Sprintf("last trick: seat %d (+%d)", e.Seat, e.Points)
	case EvBrisques:
		return fmt.Sprintf("side %d: %d brisques (+%d)", e.Side, e.Brisques, e.Points)
	case EvDealEnd:
		return fmt.Sprintf("deal %d ends: totals %v", e.Deal, e.Totals[:e.Sides])
	case EvGameEnd:
		switch {
		case e.Rubicon:
			return fmt.Sprintf("game over: side %d wins, totals %v, rubicon: %d game points", e.Side, e.Totals[:e.Sides], e.Points)
		case e.Points > 0:
			return fmt.Sprintf("game over: side %d wins, totals %v, %d game points", e.Side, e.Totals[:e.Sides], e.Points)
		}
		return fmt.Sprintf("game over: side %d wins, totals %v", e.Side, e.Totals[:e.Sides])
	case EvTrumpFixed:
		return fmt.Sprintf("seat %d fixes trump %s", e.Seat, e.Trump)
	case EvCarteBlanche:
		return fmt.Sprintf("seat %d carte blanche %s (+%d)", e.Seat, e.Cards, e.Points)
	case EvAnnouncementLapsed:
		if e.Lapse == LapseCardPlayed {
			return fmt.Sprintf("seat %d's announced %s lapses: %s played", e.Seat, e.Meld, e.Card)
		}
		return fmt.Sprintf("seat %d's announced %s lapses: phase 2", e.Seat, e.Meld)
	}
	return fmt.Sprintf("seat %d %s", e.Seat, e.Kind)
}
