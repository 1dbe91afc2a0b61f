package tournament

import (
	"cmp"
	"encoding/json"
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
	// Score is the sum of its side's final totals (Bézique points) over its games played to their
	// end, ScoredGames: a forfeited game's totals are where play stopped (the ranking compared
	// three bots tied on points by the scores of games a fourth abandoned: a host's trial).
	Score       int `json:"score"`
	ScoredGames int `json:"scored_games"`
	// DealDiff is, with duplicate deals, the mean over the whole deal sets it played (a result in
	// every seating, none forfeited: the others compare no play on the same cards) of its score
	// difference on the same cards:
	// the sum over the deal set's seatings of its side's total less the mean of the other sides'
	// totals. Zero without duplicate deals, and without such a deal set (DealSets 0), where it
	// ranks as an even deal diff.
	DealDiff float64 `json:"deal_diff"`
	// DealSets is the number of whole deal sets DealDiff is the mean over: 0, it has no deal diff
	// (without duplicate deals, or every deal set it played is in play, cancelled or forfeited;
	// read as 0.0, an entrant whose games were forfeited looked even on the same cards: a host's
	// trial).
	DealSets int `json:"deal_sets"`
	// Forfeits is the games it lost by forfeit; Timeouts, Illegal and Disconnects the actions the
	// referee played for it, by cause.
	Forfeits int `json:"forfeits"`
	// ForfeitsTimeout, ForfeitsIllegal and ForfeitsDisconnect split Forfeits by the result's
	// ForfeitCause: on time, at the strike limit of illegal actions, disconnected past the grace. A
	// result stored before causes were kept counts in Forfeits alone.
	ForfeitsTimeout    int `json:"forfeits_timeout"`
	ForfeitsIllegal    int `json:"forfeits_illegal"`
	ForfeitsDisconnect int `json:"forfeits_disconnect"`
	Timeouts           int `json:"timeouts"`
	Illegal            int `json:"illegal"`
	Disconnects        int `json:"disconnects"`
	// Fallbacks is the answers its bot's SDK sent for it ([SeatStats.Fallbacks]).
	Fallbacks int `json:"fallbacks"`
	// MeanDecisionMs is its mean decision time over the actions its bot chose, in milliseconds.
	MeanDecisionMs float64 `json:"mean_decision_ms"`
	// Rating is its rating with its uncertainty after every counted game in schedule order but the
	// games forfeited before any action (stats.Ratings: each game ranks the sides, the winner
	// first, the others by score).
	Rating stats.Rating `json:"rating"`
}

// Pair is the head-to-head of two entrants (A listed before B in the spec) over the games where
// they sat on opposing sides.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	// W, D, L are A's wins, draws and losses against B: a win when A's side won, a loss when B's
	// did, a draw otherwise; a game both forfeited counts in none.
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
	// Verdict is continue, H0 accepted or H1 accepted: Decision's verdict once one result reached
	// it, whatever LLR says since.
	Verdict stats.Verdict `json:"verdict"`
	// Decision is the test as it stood at the result that reached its verdict (the result marked
	// by [MarkDecision]); nil while it continues, and for a verdict of results stored before
	// decisions were marked.
	Decision *SPRTDecision `json:"decision,omitempty"`
}

// SPRTDecision is a match's SPRT verdict as it was reached: the verdict, the log-likelihood ratio
// and the number of results counted with the result that reached it. A verdict stands once
// reached, as Wald's test stops at the first crossing of a bound: the games in play then are
// finished and counted in the standings, and may move the LLR back between the bounds or past
// the other one, but not the verdict (docs/TOURNAMENTS.md, "A bot author's match").
type SPRTDecision struct {
	Verdict stats.Verdict `json:"verdict"`
	LLR     float64       `json:"llr"`
	Played  int           `json:"played"`
}

// Standings are a tournament's table, computed from its spec and results alone.
type Standings struct {
	// Entrants are ranked by points per game, then deal difference, then score per game, then id
	// (compareRank).
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
		if t.Decision != nil {
			d := *t.Decision
			t.Decision = &d
		}
		s.SPRT = &t
	}
	return s
}

// Decided reports whether a match's SPRT has accepted a hypothesis, so that no more games start.
func (s Standings) Decided() bool { return s.SPRT != nil && s.SPRT.Verdict != stats.VerdictContinue }

// compareRank orders two entrants' lines by the ranking's keys, the better first: points per
// game, then deal difference (a mean already), then score per scored game (Compute then orders
// by id).
// Per game, so that a gauntlet's candidate, which plays every game, is not ranked first for
// having played twice as many as each opponent (its 131 points of 240 games above the 109 of 120
// of an opponent that beat it 109 to 11: a bot author's trial); where every entrant has played as
// many games (a round robin or match played out) it is the order of points, deal difference and
// score.
func compareRank(x, y Standing) int {
	return cmp.Or(comparePerGame(y.Points, y.Games, x.Points, x.Games), cmp.Compare(y.DealDiff, x.DealDiff),
		comparePerGame(float64(y.Score), y.ScoredGames, float64(x.Score), x.ScoredGames))
}

// comparePerGame compares a over ag games with b over bg games, exactly (a cross product of
// halves and integers, which float64 holds exactly); a total over no games counts as 0.
func comparePerGame(a float64, ag int, b float64, bg int) int {
	switch {
	case ag == 0 && bg == 0:
		return 0
	case ag == 0:
		return cmp.Compare(0, b)
	case bg == 0:
		return cmp.Compare(a, 0)
	}
	return cmp.Compare(a*float64(bg), b*float64(ag))
}

// Tied reports whether two entrants' lines are equal on the ranking's keys (points, deal
// difference, score), so that only their ids order them: they share a rank.
func Tied(a, b Standing) bool { return compareRank(a, b) == 0 }

// MarkDecision returns the standings over results and r, and sets r.SPRT when r is the result
// that reaches the verdict of the SPRT of spec's match: when before, the standings over results,
// have no verdict and the standings with r have one. A spec without an SPRT never marks.
func MarkDecision(spec *Spec, before *Standings, results []Result, r *Result) Standings {
	s := Compute(spec, append(results[:len(results):len(results)], *r))
	if before.Decided() || !s.Decided() {
		return s
	}
	d := &SPRTDecision{Verdict: s.SPRT.Verdict, LLR: s.SPRT.LLR, Played: s.Played}
	r.SPRT = d
	copied := *d
	s.SPRT.Decision = &copied
	return s
}

// Compute returns the standings of the validated spec given its results (in any order; a result
// for a game outside the schedule is ignored). A match's SPRT verdict is the one marked on a
// result ([MarkDecision]; the first so marked in results' order) if any is, else the verdict of
// the LLR over every result.
func Compute(spec *Spec, results []Result) Standings {
	at := spec.locator()
	n, k, sides := len(spec.Entrants), spec.groupSize(), spec.Variant.Sides()
	st := make([]Standing, n)
	decisions := make([]int, n)
	decisionMs := make([]int64, n)
	for i, e := range spec.Entrants {
		st[i].Entrant = e.ID
	}
	out := Standings{Scheduled: at.games}
	var ratings stats.Ratings
	teams, rank := make([][]string, sides), make([]int, sides)
	side := make([]int, k) // the side of each position of the pairing in the game
	// Of the game: the entrants that forfeited it, the sides that lost it by forfeit (forfeitLosers),
	// and those the ratings rank last.
	var forfeiters, losers, rankedLosers []int
	// The results in game order: a deal set's games are next to each other in it.
	order := make([]int, 0, len(results))
	for i := range results {
		if r := &results[i]; r.Game >= 0 && r.Game < at.games && r.Outcome != OutcomeCancelled && len(r.Scores) == sides {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Or(cmp.Compare(results[a].Game, results[b].Game), cmp.Compare(a, b)) })
	c := computation{pairOf: make([]int32, len(at.groups)*k*k), pairIndex: map[[2]int]int32{}, perDeal: at.perDeal}
	if spec.Duplicate {
		c.sets = make([]dealSet, 0, len(order)/at.perDeal+1)
	}
	set := dealSet{index: -1}
	for _, i := range order {
		r := &results[i]
		group, _, seating := at.locate(r.Game)
		if si := r.Game / at.perDeal; si != set.index {
			c.close(spec, set)
			set = dealSet{index: si, group: group}
		}
		members, seats := at.groups[group], at.seatings[seating]
		out.Played++
		for seat, pos := range seats {
			e := members[pos]
			side[pos] = spec.Side(seat)
			if seat < len(r.Seats) {
				s := r.Seats[seat]
				decisions[e] += s.Decisions
				decisionMs[e] += s.DecisionMs
				st[e].Timeouts += s.Timeouts
				st[e].Illegal += s.Illegal
				st[e].Disconnects += s.Disconnects
				st[e].Fallbacks += s.Fallbacks
			}
		}
		forfeiters = forfeiters[:0]
		for _, seat := range r.Forfeited() {
			if seat < 0 || seat >= len(seats) || slices.Contains(forfeiters, members[seats[seat]]) {
				continue // a fixed partnership's entrant holds both seats of its side: one forfeit
			}
			forfeiters = append(forfeiters, members[seats[seat]])
			f := &st[members[seats[seat]]]
			f.Forfeits++
			switch r.ForfeitCause {
			case "timeout":
				f.ForfeitsTimeout++
			case "illegal":
				f.ForfeitsIllegal++
			case "disconnect":
				f.ForfeitsDisconnect++
			}
		}
		total := 0
		for _, sc := range r.Scores {
			total += sc
		}
		for t := range teams {
			teams[t] = teams[t][:0]
		}
		losers = forfeitLosers(spec, r, losers[:0])
		for pos, e := range members {
			s, sd := &st[e], side[pos]
			s.Games++
			switch outcomeOf(r, losers, sd) {
			case 1:
				s.Wins++
			case 0:
				s.Draws++
			default:
				s.Losses++
			}
			if r.Outcome != OutcomeForfeit {
				s.Score += r.Scores[sd]
				s.ScoredGames++
			}
			others := float64(total-r.Scores[sd]) / float64(len(r.Scores)-1)
			set.diff[pos] += float64(r.Scores[sd]) - others
			teams[sd] = append(teams[sd], spec.Entrants[e].ID)
			for pb := pos + 1; pb < k; pb++ {
				if side[pb] == sd {
					continue
				}
				p := c.pair(spec, members, group, pos, pb)
				if slices.Contains(forfeiters, e) && slices.Contains(forfeiters, members[pb]) {
					continue // both forfeited it: no game between them (it read as a draw, a re-trial)
				}
				switch a, b := outcomeOf(r, losers, sd), outcomeOf(r, losers, side[pb]); {
				case a > b:
					p.W++
				case a < b:
					p.L++
				default:
					p.D++
				}
			}
		}
		set.games++
		set.half += 1 + outcomeOf(r, losers, side[0]) // the first entrant's points in half-points
		for _, t := range teams {
			slices.Sort(t)
		}
		if r.Outcome == OutcomeForfeit {
			set.forfeit = true
		}
		if !unplayed(r) { // as chess federations rate no forfeited game that was not played
			ranked := losers
			if r.WinnerSide >= 0 && len(r.ForfeitSeats) > 0 {
				// A forfeit that left one side: the sides that forfeited are ranked together
				// below it, not by their totals where play stopped (the bot killed first was rated
				// above the one killed later: a re-trial). One stored before forfeit_seats existed
				// is ranked as stored.
				rankedLosers = forfeitSides(spec, r, rankedLosers[:0])
				ranked = rankedLosers
			}
			_ = ratings.Update(teams, ranks(rank, r, ranked)) // never fails: two or more sides, each of distinct entrants, every id non-empty
		}
	}
	c.close(spec, set)
	if spec.Duplicate {
		played := make([]int, n)
		// In pairing order, then deal set order (the sets were closed deal set by deal set): with
		// three or four sides a deal set's difference is in halves or thirds, and their sum
		// depends on the order.
		slices.SortStableFunc(c.sets, func(x, y dealSet) int { return cmp.Compare(x.group, y.group) })
		for _, d := range c.sets {
			for pos, e := range at.groups[d.group] {
				st[e].DealDiff += d.diff[pos]
				played[e]++
			}
		}
		for i := range st {
			if st[i].DealSets = played[i]; played[i] > 0 {
				st[i].DealDiff /= float64(played[i])
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
	slices.SortStableFunc(st, func(x, y Standing) int { return cmp.Or(compareRank(x, y), cmp.Compare(x.Entrant, y.Entrant)) })
	out.Entrants = st
	slices.SortFunc(c.pairs, func(x, y entrantPair) int { return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b)) })
	out.Pairs = make([]Pair, 0, len(c.pairs))
	for _, p := range c.pairs {
		// Where a pair's deal sets are counted (duplicate deals, games of two: the pentanomial)
		// the Elo counts whole deal sets only, NaN before the first: a match's first game read
		// "Elo +Inf" from its W/D/L beside an LLR of 0 (a bot author's trial). Else every game.
		p.Elo = stats.EloFromWDL(stats.WDL{W: p.W, D: p.D, L: p.L})
		if spec.Duplicate && spec.groupSize() == 2 {
			p.Elo = stats.EloFromPenta(p.Penta)
		}
		out.Pairs = append(out.Pairs, p.Pair)
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
		for i := range results {
			if d := results[i].SPRT; d != nil {
				copied := *d
				out.SPRT.Verdict, out.SPRT.Decision = d.Verdict, &copied
				break
			}
		}
	}
	return out
}

// computation holds what Compute gathers beyond each entrant's line: the pairs of entrants that
// met and the deal sets played.
type computation struct {
	pairs     []entrantPair
	pairIndex map[[2]int]int32 // entrant indexes a < b → 1 + index into pairs
	pairOf    []int32          // pairing·k² + position a·k + position b → 1 + index into pairs, 0 until looked up
	sets      []dealSet        // the whole deal sets (a counted result in every seating), with duplicate deals
	perDeal   int              // games of a whole deal set
}

// entrantPair is a Pair with its entrants' indexes, A's first.
type entrantPair struct {
	a, b int
	Pair
}

// dealSet is what the counted games of one pairing's deal set add up to.
type dealSet struct {
	index, group int
	diff         [4]float64 // each position of the pairing's score difference on the deal set's cards
	games        int        // counted games
	half         int        // the pairing's first entrant's points over them, in half-points
	forfeit      bool       // a game of it was forfeited: no comparison of play on the same cards
}

// pair returns the pair of the entrants at positions a < b of pairing group (members), made on
// their first meeting. The pointer holds until the next call.
func (c *computation) pair(spec *Spec, members []int, group, a, b int) *entrantPair {
	k := len(members)
	slot := &c.pairOf[group*k*k+a*k+b]
	if *slot == 0 {
		key := [2]int{members[a], members[b]}
		i, ok := c.pairIndex[key]
		if !ok {
			c.pairs = append(c.pairs, entrantPair{a: key[0], b: key[1], Pair: Pair{A: spec.Entrants[key[0]].ID, B: spec.Entrants[key[1]].ID}})
			i = int32(len(c.pairs))
			c.pairIndex[key] = i
		}
		*slot = i
	}
	return &c.pairs[*slot-1]
}

// close counts the deal set whose games have all been read: its score differences with duplicate
// deals, and the pentanomial count of its two games when two entrants meet on it.
func (c *computation) close(spec *Spec, d dealSet) {
	if d.games < c.perDeal || !spec.Duplicate {
		return // a deal set not played in every seating compares nothing on the same cards
	}
	if !d.forfeit { // a forfeit's totals are where play stopped, or 0 and 0 before any: no comparison
		c.sets = append(c.sets, d)
	}
	if d.games == 2 && spec.groupSize() == 2 { // the pair at positions 0 and 1 of a pairing of 2
		c.pairs[c.pairOf[d.group*4+1]-1].Penta[d.half]++
	}
}

// unplayed reports whether r is a game forfeited before any action for an absence: a lobby bot
// absent when it began, say. It counts in the points as any forfeit but is not rated. A forfeit
// on time or for illegal actions is the bot's play, rated however early it came: a bot whose first
// decision ran out of time with on_timeout forfeit was never rated (a host's audit).
func unplayed(r *Result) bool {
	if r.Outcome != OutcomeForfeit || r.ForfeitCause == "timeout" || r.ForfeitCause == "illegal" {
		return false
	}
	for _, s := range r.Seats {
		if s.Decisions+s.Timeouts+s.Illegal+s.Disconnects+s.Fallbacks > 0 {
			return false
		}
	}
	return true
}

// ranks ranks the sides of a game for the ratings: the winner 0, then the other sides by final
// score (1 for the best of them; equal scores share a rank); without a winner, every side by score,
// but in a forfeit (losers: forfeitLosers without a winner, forfeitSides with one), every side
// that forfeited 1 and every other 0.
func ranks(out []int, r *Result, losers []int) []int {
	for i := range r.Scores {
		out[i] = 0
		if len(losers) > 0 {
			if slices.Contains(losers, i) {
				out[i] = 1
			}
			continue
		}
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

// forfeitLosers appends to out the sides that forfeited r when r names no winner (a game of three
// or more sides of which two or more are left: the referee names none, service's forfeitWinner),
// and returns it: those sides lost and every other drew. A forfeit stored with a winner (two
// sides; one side left of three or more; or three and more stored before 2026-12-05, the side
// then ahead) is counted as stored: out as given.
func forfeitLosers(spec *Spec, r *Result, out []int) []int {
	if r.WinnerSide >= 0 {
		return out
	}
	return forfeitSides(spec, r, out)
}

// forfeitSides appends to out the sides of the seats that forfeited r, each once, and returns it.
func forfeitSides(spec *Spec, r *Result, out []int) []int {
	for _, seat := range r.Forfeited() {
		if sd := spec.Side(seat); !slices.Contains(out, sd) {
			out = append(out, sd)
		}
	}
	return out
}

// outcomeOf is side sd's outcome in r, given r's forfeitLosers: 1 a win, 0 a draw, -1 a loss.
func outcomeOf(r *Result, losers []int, sd int) int {
	switch {
	case r.WinnerSide == sd:
		return 1
	case r.WinnerSide >= 0 || slices.Contains(losers, sd):
		return -1
	}
	return 0
}
