package wire

import "github.com/bezique-arena/bezique/engine"

// Score is points scored for one cause by one side.
type Score struct {
	// Side is the side scored.
	Side int `json:"side"`
	// Cause is why: meld, turn_up_seven, seven_played, seven_exchange, seven_declare, trick (trick
	// points at once under count_brisques_immediately), last_trick, brisques (10 a brisque at
	// the end of the deal) or card_points (under trick_scoring=card_points) (RULES.md §1.9–§1.11, §4),
	// carte_blanche (RULES.md §3.6.4).
	Cause string `json:"cause"`
	// Points is the points scored.
	Points int `json:"points"`
	// Deal is the deal the points count in, from 1: a step that ends a deal may score the next
	// one's turned-up seven (or carte blanche) too, which counts in that next deal (a bot author
	// summing a step's scores into the deal of its action put it in the deal before).
	Deal int `json:"deal"`
}

// TrickAccount is a completed trick.
type TrickAccount struct {
	// Number is the trick's number in its deal, from 1.
	Number int `json:"number"`
	// Winner is the seat that won it (RULES.md §1.2).
	Winner int `json:"winner"`
	// Cards are its cards in the order played, in card notation ("QSb").
	Cards []string `json:"cards"`
}

// DrawAccount is one card drawn from the stock.
type DrawAccount struct {
	// Seat is the drawing seat.
	Seat int `json:"seat"`
	// Card is the card drawn, in card notation.
	Card string `json:"card"`
	// Revealed is true for the two-handed last stock card, drawn face up (reveal_last_stock_card).
	Revealed bool `json:"revealed,omitempty"`
	// TurnUp is true when the card drawn is the turn-up (the last card of the stock).
	TurnUp bool `json:"turn_up,omitempty"`
}

// ExchangeAccount is a seven exchanged for the turn-up (RULES.md §1.9.2).
type ExchangeAccount struct {
	// Seven is the trump seven given, in card notation; it becomes the turn-up.
	Seven string `json:"seven"`
	// Took is the turn-up taken in exchange, in card notation.
	Took string `json:"took"`
}

// DealStart is a deal as it begins.
type DealStart struct {
	// Deal is the deal's number, from 1.
	Deal int `json:"deal"`
	// Dealer is the dealing seat.
	Dealer int `json:"dealer"`
	// Trump is the trump suit's letter (S H D C), "-" when the deal has no turn-up and the first
	// marriage or sequence will fix it (RULES.md §3.6.3).
	Trump string `json:"trump"`
	// TurnUp is the turn-up card, in card notation ("--": none).
	TurnUp string `json:"turn_up"`
	// Hands are every seat's dealt cards, in card notation (an account of a whole game is public).
	Hands [][]string `json:"hands"`
}

// SideAccount is one side's points in one deal, by cause, and its game total after the deal.
type SideAccount struct {
	// Side is the side.
	Side int `json:"side"`
	// Melds is the points of the side's melds.
	Melds int `json:"melds"`
	// Sevens is the points of the trump sevens: turned up, exchanged, declared or played.
	Sevens int `json:"sevens"`
	// CarteBlanche is the points of carte blanches shown (Rubicon 50, six-pack 250 each,
	// RULES.md §3.6.4).
	CarteBlanche int `json:"carte_blanche,omitempty"`
	// TricksWon is the number of tricks the side won.
	TricksWon int `json:"tricks_won"`
	// Brisques is the number of aces and tens in the tricks the side won.
	Brisques int `json:"brisques"`
	// TrickPoints is the points of those tricks: 10 a brisque, or card points under
	// trick_scoring=card_points (RULES.md §1.10).
	TrickPoints int `json:"trick_points"`
	// LastTrick is the last-trick bonus: 10 (Rubicon 50, six-pack 250) or 0 (RULES.md §1.11, §4).
	LastTrick int `json:"last_trick"`
	// DealPoints is the side's points in the deal, the sum of the above.
	DealPoints int `json:"deal_points"`
	// Total is the side's game total after the deal.
	Total int `json:"total"`
}

// DealEnd is the per-side account of a deal at its end.
type DealEnd struct {
	// Deal is the deal's number, from 1.
	Deal int `json:"deal"`
	// Sides has one entry per side.
	Sides []SideAccount `json:"sides"`
}

// GameEnd is how the game ended.
type GameEnd struct {
	// WinnerSide is the winning side, -1 for a tie after the deals a record plans (deals_planned).
	WinnerSide int `json:"winner_side"`
	// Totals are every side's game total.
	Totals []int `json:"totals"`
	// GamePoints is the winner's game points in Rubicon and six-pack (RULES.md §3.6.10), else 0.
	GamePoints int `json:"game_points,omitempty"`
	// Rubicon is true when the loser of a Rubicon or six-pack game was rubiconed.
	Rubicon bool `json:"rubicon,omitempty"`
}

// Phase2Start is the start of phase 2, or of a four-handed duel.
type Phase2Start struct {
	// Leader is the seat that leads.
	Leader int `json:"leader"`
	// Duel is 1 or 2 for the duels of the four-handed game (RULES.md §3.3.10), else 0.
	Duel int `json:"duel"`
}

// Account is everything that happened in one step, as the engine's events tell it: points by
// cause, the trick it completed, the cards drawn, a seven exchanged, phase 2, deals ended and
// begun, the end of the game.
type Account struct {
	// Scores are the points scored, in the order scored.
	Scores []Score `json:"scores,omitempty"`
	// Trick is the trick the step completed.
	Trick *TrickAccount `json:"trick,omitempty"`
	// Draws are the cards drawn after the step, the trick winner first.
	Draws []DrawAccount `json:"draws,omitempty"`
	// Exchange is the seven exchanged by the step.
	Exchange *ExchangeAccount `json:"exchange,omitempty"`
	// TrumpFixed is the trump suit's letter when the step's meld fixed trump (RULES.md §3.6.3).
	TrumpFixed string `json:"trump_fixed,omitempty"`
	// Phase2 is the start of phase 2 (or a duel) the step led to.
	Phase2 *Phase2Start `json:"phase2,omitempty"`
	// DealEnd is the account of the deal the step ended.
	DealEnd *DealEnd `json:"deal_end,omitempty"`
	// DealStart is the deal the step led to.
	DealStart *DealStart `json:"deal_start,omitempty"`
	// GameEnd is set when the step ended the game.
	GameEnd *GameEnd `json:"game_end,omitempty"`
}

// Accountant turns a game's events into [Account]s, keeping the running per-side account of the
// deal in play. Build it with [NewAccountant] and feed it every event of the game in order.
type Accountant struct {
	rules  engine.Rules
	deal   []SideAccount
	dealNo int // the deal in play, from 1 (0 before the first)
}

// NewAccountant returns an accountant for a game under rules r.
func NewAccountant(r engine.Rules) *Accountant {
	return &Accountant{rules: r}
}

// Add accounts for evs, the events of one step (or the deal's start), and returns their account.
func (a *Accountant) Add(evs []engine.Event) Account {
	var acc Account
	sides := a.rules.Variant.Sides()
	score := func(side int, cause string, pts int) {
		acc.Scores = append(acc.Scores, Score{Side: side, Cause: cause, Points: pts, Deal: a.dealNo})
	}
	for i := range evs {
		e := &evs[i]
		switch e.Kind {
		case engine.EvDeal:
			a.dealNo = e.Deal
			a.deal = make([]SideAccount, sides)
			for s := range a.deal {
				a.deal[s].Side = s
			}
			acc.DealStart = &DealStart{Deal: e.Deal, Dealer: e.Seat, Trump: e.Trump.String(), TurnUp: e.Card.String()}
		case engine.EvHand:
			if acc.DealStart != nil {
				acc.DealStart.Hands = append(acc.DealStart.Hands, cardTexts(e.Cards.Slice()))
			}
		case engine.EvTurnUpSeven, engine.EvSevenPlayed, engine.EvSevenDeclare:
			a.deal[e.Side].Sevens += e.Points
			score(e.Side, e.Kind.String(), e.Points)
		case engine.EvSevenExchange:
			a.deal[e.Side].Sevens += e.Points
			score(e.Side, e.Kind.String(), e.Points)
			acc.Exchange = &ExchangeAccount{Seven: e.Card.String(), Took: e.Taken.String()}
		case engine.EvMeld:
			a.deal[e.Side].Melds += e.Points
			score(e.Side, "meld", e.Points)
		case engine.EvTrumpFixed:
			acc.TrumpFixed = e.Trump.String()
		case engine.EvCarteBlanche:
			a.deal[e.Side].CarteBlanche += e.Points
			score(e.Side, "carte_blanche", e.Points)
		case engine.EvTrick:
			cards := e.Cards.Slice()
			acc.Trick = &TrickAccount{Number: int(e.Trick), Winner: e.Seat, Cards: cardTexts(cards)}
			sa := &a.deal[e.Side]
			sa.TricksWon++
			for _, c := range cards {
				if c.Rank() == engine.Ace || c.Rank() == engine.Ten {
					sa.Brisques++
				}
			}
			if e.Points > 0 {
				sa.TrickPoints += e.Points
				score(e.Side, "trick", e.Points)
			}
		case engine.EvDraw:
			acc.Draws = append(acc.Draws, DrawAccount{Seat: e.Seat, Card: e.Card.String(), Revealed: e.Revealed, TurnUp: !e.Private && !e.Revealed})
		case engine.EvPhase2:
			acc.Phase2 = &Phase2Start{Leader: e.Seat, Duel: int(e.Duel)}
		case engine.EvLastTrick:
			a.deal[e.Side].LastTrick += e.Points
			score(e.Side, "last_trick", e.Points)
		case engine.EvBrisques:
			a.deal[e.Side].TrickPoints += e.Points
			cause := "brisques"
			if a.rules.TrickScoring == engine.TrickScoringCardPoints {
				cause = "card_points"
			}
			score(e.Side, cause, e.Points)
		case engine.EvDealEnd, engine.EvGameEnd:
			if e.Kind == engine.EvGameEnd {
				acc.GameEnd = &GameEnd{WinnerSide: e.Side, Totals: append([]int(nil), e.Totals[:e.Sides]...), GamePoints: e.Points, Rubicon: e.Rubicon}
				if acc.DealEnd != nil {
					continue
				}
			}
			end := &DealEnd{Deal: e.Deal, Sides: append([]SideAccount(nil), a.deal...)}
			for s := range end.Sides {
				sa := &end.Sides[s]
				sa.DealPoints = sa.Melds + sa.Sevens + sa.CarteBlanche + sa.TrickPoints + sa.LastTrick
				sa.Total = e.Totals[s]
			}
			acc.DealEnd = end
		}
	}
	return acc
}

func cardTexts(cs []engine.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
