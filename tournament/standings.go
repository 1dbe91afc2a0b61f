package tournament

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/bezique-arena/bezique/stats"
)

// Standing is one entrant's line in the standings.
type Standing struct {
	// Entrant is the entrant's id.
	Entrant string `json:"entrant"`
	// Games, Wins, Draws and Losses count its games that ended with a result (cancelled games
	// count nowhere). A win is its side winning; a draw a game without a winner.
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// Points is wins plus half the draws.
	Points float64 `json:"points"`
	// Score is the sum of its side's final totals (Bézique points).
	Score int `json:"score"`
	// DealDiff is, with duplicate deals, the mean over the deal sets it played of its score
	// difference on the same cards: the sum over the deal set's seatings of its side's total less
	// the mean of the other sides' totals. Zero without duplicate deals.
	DealDiff float64 `json:"deal_diff"`
	// Forfeits is the games it lost by forfeit; Timeouts, Illegal and Disconnects the actions the
	// referee played for it, by cause.
	Forfeits    int `json:"forfeits"`
	Timeouts    int `json:"timeouts"`
	Illegal     int `json:"illegal"`
	Disconnects int `json:"disconnects"`
	// MeanDecisionMs is its mean decision time over the actions it chose, in milliseconds.
	MeanDecisionMs float64 `json:"mean_decision_ms"`
	// Rating is its rating with its uncertainty after every counted game, in schedule order
	// (stats.Ratings: each game ranks the sides, the winner first, the others by score).
	Rating stats.Rating `json:"rating"`
}

// Pair is the head-to-head of two entrants (A listed before B in the spec) over the games where
// they sat on opposing sides.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	// W, D, L are A's wins, draws and losses against B: a win when A's side won, a loss when B's
	// did, a draw otherwise.
	W int `json:"w"`
	D int `json:"d"`
	L int `json:"l"`
	// Penta counts, for a two-sided pairing of A and B played with duplicate deals, the deal sets
	// by A's points over the two games of the deal set in half-points (0, ½, 1, 1½, 2): the
	// pentanomial counts. Deal sets with a game missing or cancelled are not counted.
	Penta stats.Penta `json:"penta"`
	// Elo is A's Elo difference over B with its 95 % interval: from Penta when it counts any deal
	// set (paired games), else from W, D, L.
	Elo stats.EloInterval `json:"elo"`
}

// MarshalJSON writes the pair as its fields say, with the non-finite values of its Elo interval
// as the strings "+Inf", "-Inf" and "NaN" (JSON has no such numbers): a pair without a loss has an
// infinite Elo, and an interval whose score bound leaves (0, 1) has no Elo bound.
func (p Pair) MarshalJSON() ([]byte, error) {
	type plain Pair
	number := func(f float64) any {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
		return f
	}
	return json.Marshal(struct {
		plain
		Elo map[string]any `json:"elo"`
	}{plain(p), map[string]any{"elo": number(p.Elo.Elo), "lo": number(p.Elo.Lo), "hi": number(p.Elo.Hi)}})
}

// SPRTStatus is where a match's sequential probability ratio test stands.
type SPRTStatus struct {
	// LLR is the log-likelihood ratio of H1 against H0 so far; Lower and Upper its bounds.
	LLR   float64 `json:"llr"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// Verdict is continue, H0 accepted or H1 accepted.
	Verdict stats.Verdict `json:"verdict"`
}

// Standings are a tournament's table, computed from its spec and results alone.
type Standings struct {
	// Entrants are ranked by points, then deal difference, then score, then id.
	Entrants []Standing `json:"entrants"`
	// Pairs are every pair of entrants that met, in spec order.
	Pairs []Pair `json:"pairs"`
	// Played is the number of results counted; Scheduled the number of games scheduled.
	Played    int `json:"played"`
	Scheduled int `json:"scheduled"`
	// SPRT is the test of a match that has one.
	SPRT *SPRTStatus `json:"sprt,omitempty"`
}

// Clone returns a copy of s that shares no memory with it: its entrants, pairs and SPRT status
// copied.
func (s Standings) Clone() Standings {
	s.Entrants, s.Pairs = slices.Clone(s.Entrants), slices.Clone(s.Pairs)
	if s.SPRT != nil {
		t := *s.SPRT
		s.SPRT = &t
	}
	return s
}

// Decided reports whether a match's SPRT has accepted a hypothesis, so that no more games start.
func (s Standings) Decided() bool { return s.SPRT != nil && s.SPRT.Verdict != stats.VerdictContinue }

// Compute returns the standings of the validated spec given its results (in any order; a result
// for a game outside the schedule is ignored).
func Compute(spec *Spec, results []Result) Standings {
	games := spec.Schedule()
	n := len(spec.Entrants)
	st := make([]Standing, n)
	decisions := make([]int, n)
	var decisionMs = make([]int64, n)
	for i, e := range spec.Entrants {
		st[i].Entrant = e.ID
	}
	type pairKey struct{ a, b int }
	pairs := map[pairKey]*Pair{}
	type dealKey struct{ group, deal, entrant int }
	dealDiff := map[dealKey]float64{}
	type setKey struct{ group, deal int }
	sets := map[setKey][]Result{}
	out := Standings{Scheduled: len(games)}
	var ratings stats.Ratings
	sorted := slices.Clone(results)
	slices.SortFunc(sorted, func(a, b Result) int { return cmp.Compare(a.Game, b.Game) })
	for _, r := range sorted {
		if r.Game < 0 || r.Game >= len(games) || r.Outcome == OutcomeCancelled || len(r.Scores) != spec.Variant.Sides() {
			continue
		}
		g := games[r.Game]
		out.Played++
		sideOf := map[int]int{} // entrant → side
		for seat, e := range g.Seats {
			sideOf[e] = spec.Side(seat)
			if seat < len(r.Seats) {
				s := r.Seats[seat]
				decisions[e] += s.Decisions
				decisionMs[e] += s.DecisionMs
				st[e].Timeouts += s.Timeouts
				st[e].Illegal += s.Illegal
				st[e].Disconnects += s.Disconnects
			}
		}
		if r.Outcome == OutcomeForfeit && r.ForfeitSeat >= 0 && r.ForfeitSeat < len(g.Seats) {
			st[g.Seats[r.ForfeitSeat]].Forfeits++
		}
		total := 0
		for _, sc := range r.Scores {
			total += sc
		}
		for e, side := range sideOf {
			s := &st[e]
			s.Games++
			switch r.WinnerSide {
			case side:
				s.Wins++
			case -1:
				s.Draws++
			default:
				s.Losses++
			}
			s.Score += r.Scores[side]
			others := float64(total-r.Scores[side]) / float64(len(r.Scores)-1)
			dealDiff[dealKey{g.Group, g.Deal, e}] += float64(r.Scores[side]) - others
		}
		for a, sa := range sideOf {
			for b, sb := range sideOf {
				if a >= b || sa == sb {
					continue
				}
				p := pairs[pairKey{a, b}]
				if p == nil {
					p = &Pair{A: spec.Entrants[a].ID, B: spec.Entrants[b].ID}
					pairs[pairKey{a, b}] = p
				}
				switch r.WinnerSide {
				case sa:
					p.W++
				case sb:
					p.L++
				default:
					p.D++
				}
			}
		}
		sets[setKey{g.Group, g.Deal}] = append(sets[setKey{g.Group, g.Deal}], r)
		teams := make([][]string, len(r.Scores))
		for e, side := range sideOf {
			teams[side] = append(teams[side], spec.Entrants[e].ID)
		}
		for _, t := range teams {
			slices.Sort(t)
		}
		_ = ratings.Update(teams, ranks(r)) // never fails: two or more sides, each of distinct entrants, every id non-empty
	}
	if spec.Duplicate {
		played := make([]int, n)
		// In deal set order: with three or four sides a deal set's difference is in halves or
		// thirds, and a sum of them in a map's order differed from one call to the next.
		keys := slices.SortedFunc(maps.Keys(dealDiff), func(x, y dealKey) int {
			return cmp.Or(cmp.Compare(x.group, y.group), cmp.Compare(x.deal, y.deal), cmp.Compare(x.entrant, y.entrant))
		})
		for _, k := range keys {
			st[k.entrant].DealDiff += dealDiff[k]
			played[k.entrant]++
		}
		for i := range st {
			if played[i] > 0 {
				st[i].DealDiff /= float64(played[i])
			}
		}
		if spec.groupSize() == 2 {
			groups := spec.Groups()
			for k, rs := range sets {
				if len(rs) != 2 {
					continue
				}
				a, b := groups[k.group][0], groups[k.group][1]
				half := 0 // A's points over the deal set, in half-points
				for _, r := range rs {
					sideA := spec.Side(slices.Index(games[r.Game].Seats, a))
					switch r.WinnerSide {
					case sideA:
						half += 2
					case -1:
						half++
					}
				}
				pairs[pairKey{a, b}].Penta[half]++
			}
		}
	}
	for i := range st {
		st[i].Points = float64(st[i].Wins) + float64(st[i].Draws)/2
		st[i].Rating = ratings.Get(st[i].Entrant)
		if decisions[i] > 0 {
			st[i].MeanDecisionMs = float64(decisionMs[i]) / float64(decisions[i])
		}
	}
	slices.SortStableFunc(st, func(x, y Standing) int {
		return cmp.Or(cmp.Compare(y.Points, x.Points), cmp.Compare(y.DealDiff, x.DealDiff), cmp.Compare(y.Score, x.Score), cmp.Compare(x.Entrant, y.Entrant))
	})
	out.Entrants = st
	for a := range n {
		for b := a + 1; b < n; b++ {
			if p := pairs[pairKey{a, b}]; p != nil {
				p.Elo = stats.EloFromWDL(stats.WDL{W: p.W, D: p.D, L: p.L})
				if p.Penta != (stats.Penta{}) {
					p.Elo = stats.EloFromPenta(p.Penta)
				}
				out.Pairs = append(out.Pairs, *p)
			}
		}
	}
	if spec.SPRT != nil && len(out.Pairs) == 1 {
		t := spec.SPRT.test()
		p := out.Pairs[0]
		llr := t.LLRWDL(stats.WDL{W: p.W, D: p.D, L: p.L})
		if spec.Duplicate {
			llr = t.LLRPenta(p.Penta)
		}
		lo, hi := t.Bounds()
		out.SPRT = &SPRTStatus{LLR: llr, Lower: lo, Upper: hi, Verdict: t.Verdict(llr)}
	}
	return out
}

// ranks ranks the sides of a game for the ratings: the winner 0, then the other sides by final
// score (1 for the best of them; equal scores share a rank); without a winner, every side by score.
func ranks(r Result) []int {
	out := make([]int, len(r.Scores))
	for i := range r.Scores {
		if i == r.WinnerSide {
			continue
		}
		if r.WinnerSide >= 0 {
			out[i] = 1
		}
		for j, sc := range r.Scores {
			if j != i && j != r.WinnerSide && sc > r.Scores[i] {
				out[i]++
			}
		}
	}
	return out
}
