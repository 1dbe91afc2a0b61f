package engine

// Settlement is how a one-deal game of Rubicon or six-pack bézique is scored in game points
// (RULES.md §3.6.10, §3.7.7); the zero value (with Winner [NoSide]) before the end and in the
// other variants.
type Settlement struct {
	// Winner is the winning side, [NoSide] on a tie.
	Winner int
	// Points is the winner's game points: the game bonus (Rubicon 500, six-pack 1000) plus the
	// difference of the scores truncated to hundreds; rubicon: 1000 plus both scores truncated to
	// hundreds (Rubicon: without brisques) plus 320 for all the brisques (Rubicon).
	Points int
	// Rubicon is true when the loser scored under the threshold ([Rules].Target: Rubicon 1000,
	// six-pack 3000).
	Rubicon bool
	// BrisquesCounted is true when the Rubicon scores counted brisques: to break a tie or because
	// the loser was under the threshold without them (RULES.md §3.6.9).
	BrisquesCounted bool
}

// Settlement returns the game's settlement once a Rubicon or six-pack game is over.
func (g *Game) Settlement() Settlement {
	if g.phase != PhaseOver || !g.rules.Variant.OneDeal() {
		return Settlement{Winner: NoSide}
	}
	return g.settled
}

// hundreds truncates points to hundreds (RULES.md §3.6.10: "All fractions of 100 points are
// disregarded unless they are needed to determine the winner").
func hundreds(pts int) int { return pts / 100 * 100 }

// settle ends a Rubicon or six-pack game after its one deal: the last trick's bonus, the brisques
// when Rubicon needs them, then the settlement (RULES.md §3.6.8–10, §3.7.4, §3.7.7).
func (g *Game) settle(last int) {
	bonus, game, rubiconExtra := 50, 500, 320
	if g.rules.Variant == SixPack {
		bonus, game, rubiconExtra = 250, 1000, 0
	}
	side := g.rules.Side(last)
	g.emit(Event{Kind: EvLastTrick, Seat: last, Side: side, Card: NoCard, Taken: NoCard, Points: bonus})
	g.score(side, bonus)
	plain := g.totals // the scores without brisques
	threshold := g.rules.Target
	st := Settlement{Winner: NoSide}
	if g.rules.Variant == Rubicon && (plain[0] == plain[1] || min(plain[0], plain[1]) < threshold) {
		// Brisques break a tie or let the loser escape the rubicon; if either counts them, both
		// do (RULES.md §3.6.9).
		st.BrisquesCounted = true
		for k := 1; k <= 2; k++ {
			s := (g.dealer + k) % 2
			g.emit(Event{Kind: EvBrisques, Seat: NoSeat, Side: s, Card: NoCard, Taken: NoCard, Brisques: int8(g.brisques[s]), Points: 10 * g.brisques[s]})
			g.score(s, 10*g.brisques[s])
		}
	}
	g.emit(Event{Kind: EvDealEnd, Seat: g.dealer, Side: NoSide, Card: NoCard, Taken: NoCard, Sides: 2, Totals: g.totals, DealPoints: g.dealPts})
	if g.totals[0] != g.totals[1] {
		w := 0
		if g.totals[1] > g.totals[0] {
			w = 1
		}
		l := 1 - w
		st.Winner = w
		if g.totals[l] < threshold {
			st.Rubicon = true
			st.Points = 1000 + hundreds(plain[w]) + hundreds(plain[l]) + rubiconExtra
		} else {
			st.Points = game + hundreds(g.totals[w]) - hundreds(g.totals[l])
		}
	}
	g.settled = st
	g.gameOver(st.Winner)
}
