package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// sheetSide is one side's line of one deal on the score sheet.
type sheetSide struct {
	Melds       []engine.Meld
	Sevens      int // turn-up seven, exchanged, declared and played sevens
	Blanche     int // carte blanches shown (Rubicon, six-pack)
	TrickPoints int // points for brisques (or card points) won in tricks
	Brisques    int // number of brisques (aces and tens) won in tricks, counted at the deal's end or trick by trick
	LastTrick   int
	Deal        int // the deal's points: the sum of the above
	Total       int // the game total after the deal, as the engine states it
}

// sheetDeal is one deal on the score sheet.
type sheetDeal struct {
	Deal   int
	Dealer int
	Trump  engine.Suit // engine.NoSuit: no marriage or sequence fixed it (no turn-up)
	TurnUp engine.Card
	Sides  []sheetSide
}

// scoreSheet is a whole game's score sheet, built from the engine's event log.
type scoreSheet struct {
	Variant engine.Variant
	// CardPoints is trick_scoring=card_points: the tricks score card points, not brisques.
	CardPoints bool
	Names      []string // one per side
	Deals      []sheetDeal
	Totals     []int
	Result     *pb.GameResult // how the game ended, as the record states it (replay checks it)
	// Settlement is the game points of a Rubicon or six-pack game (Winner engine.NoSide otherwise).
	Settlement engine.Settlement
}

// buildSheet replays a record through the engine (wire.ReplayRecord) and builds the score
// sheet from the replayed game's event log. It returns the sheet, the replay and an error for a
// malformed record or for a deal whose items do not add up to the totals the engine states.
func buildSheet(rec *pb.GameRecord) (*scoreSheet, *wire.Replayed, error) {
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		return nil, nil, err
	}
	g := rp.Game
	rules := g.Rules()
	sides := rules.Variant.Sides()
	sh := &scoreSheet{Variant: rules.Variant, CardPoints: rules.TrickScoring == engine.TrickScoringCardPoints, Totals: g.Totals(),
		Result: rec.GetResult(), Settlement: g.Settlement()}
	for side := range sides {
		var names []string
		for seat := range rules.Variant.Players() {
			if g.Side(seat) == side {
				names = append(names, fmt.Sprintf("%d:%s", seat, seatName(rec.GetSeats(), seat)))
			}
		}
		sh.Names = append(sh.Names, strings.Join(names, " + "))
	}
	var d *sheetDeal
	closed := false
	prev := make([]int, sides)
	for _, e := range g.Events() {
		if e.Kind == engine.EvDeal {
			sh.Deals = append(sh.Deals, sheetDeal{Deal: e.Deal, Dealer: e.Seat, Trump: e.Trump, TurnUp: e.Card, Sides: make([]sheetSide, sides)})
			d, closed = &sh.Deals[len(sh.Deals)-1], false
			continue
		}
		if d == nil {
			continue
		}
		side := e.Side
		if side == engine.NoSide && e.Seat != engine.NoSeat {
			side = g.Side(e.Seat)
		}
		switch e.Kind {
		case engine.EvMeld:
			if e.Pending {
				continue // announced, scored (as a meld of its own event) when its side wins a trick
			}
			d.Sides[side].Melds = append(d.Sides[side].Melds, e.Meld)
			d.Sides[side].Deal += e.Points
		case engine.EvTrumpFixed:
			d.Trump = e.Trump
		case engine.EvCarteBlanche:
			d.Sides[side].Blanche += e.Points
			d.Sides[side].Deal += e.Points
		case engine.EvTurnUpSeven, engine.EvSevenExchange, engine.EvSevenDeclare, engine.EvSevenPlayed:
			d.Sides[side].Sevens += e.Points
			d.Sides[side].Deal += e.Points
		case engine.EvTrick: // scored trick by trick: count_brisques_immediately
			d.Sides[side].TrickPoints += e.Points
			d.Sides[side].Deal += e.Points
			if e.Points > 0 {
				for _, c := range e.Cards.Slice() {
					if c.Rank().Brisque() {
						d.Sides[side].Brisques++
					}
				}
			}
		case engine.EvBrisques:
			d.Sides[side].TrickPoints += e.Points
			d.Sides[side].Brisques += int(e.Brisques)
			d.Sides[side].Deal += e.Points
		case engine.EvLastTrick:
			d.Sides[side].LastTrick += e.Points
			d.Sides[side].Deal += e.Points
		case engine.EvDealEnd, engine.EvGameEnd:
			if closed {
				continue // the deal already ended; the game's end repeats the totals
			}
			closed = true
			for s := range sides {
				d.Sides[s].Total = e.Totals[s]
				if got := prev[s] + d.Sides[s].Deal; got != e.Totals[s] {
					return nil, nil, fmt.Errorf("deal %d, side %d: the items add up to %d, the engine states a total of %d", d.Deal, s, got, e.Totals[s])
				}
				prev[s] = e.Totals[s]
			}
		}
	}
	return sh, rp, nil
}

// print writes the score sheet as text.
func (sh *scoreSheet) print(w io.Writer) {
	fmt.Fprintf(w, "Score sheet (%s)\n", sh.Variant)
	for _, d := range sh.Deals {
		turnUp := "none"
		if d.TurnUp != engine.NoCard {
			turnUp = d.TurnUp.Face().String()
		}
		fmt.Fprintf(w, "\nDeal %d: dealer seat %d, trump %s, turn-up %s\n", d.Deal, d.Dealer, suitSymbol(d.Trump), turnUp)
		for s, sd := range d.Sides {
			melds := make([]string, 0, len(sd.Melds))
			for _, m := range sd.Melds {
				melds = append(melds, fmt.Sprintf("%s %d", m.Kind, m.Points))
			}
			if len(melds) == 0 {
				melds = append(melds, "none")
			}
			fmt.Fprintf(w, "  side %d (%s)\n", s, sh.Names[s])
			fmt.Fprintf(w, "    melds:      %s (%d)\n", strings.Join(melds, ", "), meldSum(sd.Melds))
			if sh.Variant.OneDeal() {
				fmt.Fprintf(w, "    carte blanche: %d\n", sd.Blanche)
			} else {
				fmt.Fprintf(w, "    sevens:     %d\n", sd.Sevens)
			}
			if sh.CardPoints {
				fmt.Fprintf(w, "    card points: %d\n", sd.TrickPoints)
			} else {
				fmt.Fprintf(w, "    brisques:   %d (%d cards)\n", sd.TrickPoints, sd.Brisques)
			}
			fmt.Fprintf(w, "    last trick: %d\n", sd.LastTrick)
			fmt.Fprintf(w, "    deal total: %d   running total: %d\n", sd.Deal, sd.Total)
		}
	}
	fmt.Fprintf(w, "\nFinal totals:")
	for s, t := range sh.Totals {
		fmt.Fprintf(w, "  side %d %d", s, t)
	}
	fmt.Fprintln(w)
	if st := sh.Settlement; st.Winner != engine.NoSide {
		rubicon := ""
		if st.Rubicon {
			rubicon = ", rubicon"
		}
		section := "§3.6.10" // Rubicon's settlement; six-pack's is §3.7.7
		if sh.Variant == engine.SixPack {
			section = "§3.7.7"
		}
		fmt.Fprintf(w, "Settlement: side %d wins %d game points%s (RULES.md %s)\n", st.Winner, st.Points, rubicon, section)
	}
	fmt.Fprintf(w, "Result: %s\n", wire.OutcomeText(sh.Result))
	if ws := sh.Result.WinnerSide; ws != nil && int(*ws) < len(sh.Names) {
		fmt.Fprintf(w, "Winner: side %d (%s)\n", *ws, sh.Names[*ws])
	} else {
		fmt.Fprintln(w, "Winner: none")
	}
}

func meldSum(ms []engine.Meld) int {
	n := 0
	for _, m := range ms {
		n += m.Points
	}
	return n
}

// suitSymbol returns a suit's symbol and letter: "♥ (H)"; "none" for engine.NoSuit.
func suitSymbol(s engine.Suit) string {
	if s == engine.NoSuit {
		return "none"
	}
	return [...]string{"♠", "♥", "♦", "♣"}[s] + " (" + s.String() + ")"
}

// checkTotals compares the sheet's final totals with the totals the record states.
func (sh *scoreSheet) checkTotals(res *pb.GameResult) error {
	if len(res.GetScores()) != len(sh.Totals) {
		return fmt.Errorf("the record states %d sides' totals, the sheet has %d", len(res.GetScores()), len(sh.Totals))
	}
	for s, sc := range res.GetScores() {
		if int(sc.GetTotal()) != sh.Totals[s] {
			return fmt.Errorf("side %d: the sheet totals %d, the record states %d", s, sh.Totals[s], sc.GetTotal())
		}
	}
	return nil
}
