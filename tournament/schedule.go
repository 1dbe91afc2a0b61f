package tournament

import (
	"fmt"
	"slices"
	"strconv"
)

// Game is one scheduled game: which entrants sit where, on which deal set.
type Game struct {
	// Index is the game's place in the schedule, from 0; the results are keyed by it.
	Index int `json:"index"`
	// Group is the index of the pairing (the group of entrants that meet) in [Spec.Groups].
	Group int `json:"group"`
	// Deal is the deal set, from 0: the game's seed is DealSeed(tournament seed, Deal), the same
	// for every game of that deal set, whatever the pairing or the seating.
	Deal int `json:"deal"`
	// Seating is the index of the seating in [Spec.Seatings].
	Seating int `json:"seating"`
	// Seats are the entrant (index into [Spec.Entrants]) of each seat, in seat order.
	Seats []int `json:"seats"`
}

// Groups returns the pairings of the validated spec, each a list of entrant indexes in ascending
// order: every combination of group-size entrants for a round robin, those that hold entrant 0
// for a gauntlet, the two entrants for a match. The group size is the number of sides, except in
// the partnership game with rotating partners (four entrants).
func (s *Spec) Groups() [][]int {
	k := s.groupSize()
	var out [][]int
	var pick func(start int, cur []int)
	pick = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < len(s.Entrants); i++ {
			pick(i+1, append(cur, i))
		}
	}
	if s.Format == Gauntlet {
		pick(1, []int{0})
	} else {
		pick(0, nil)
	}
	return out
}

// groupCount is len(s.Groups()), computed without listing them: the binomial coefficient of the
// entrants (but the first, in a gauntlet, who is in every group) and the group size, saturated at
// MaxGames+1 (more pairings than a schedule may have games).
func (s *Spec) groupCount() int {
	n, k := len(s.Entrants), s.groupSize()
	if s.Format == Gauntlet {
		n, k = n-1, k-1
	}
	if k < 0 || n < k {
		return 0
	}
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1) // C(n, i+1), exact
		if c > MaxGames {
			return MaxGames + 1
		}
	}
	return c
}

// pairingsText is a number of pairings as groupCount gives it: "more than 1000000" when saturated.
func pairingsText(n int) string {
	if n > MaxGames {
		return fmt.Sprintf("more than %d", MaxGames)
	}
	return strconv.Itoa(n)
}

func (s *Spec) groupSize() int {
	if s.Variant.Partnership() && s.Partners != PartnersRotating {
		return 2
	}
	return s.Variant.Players()
}

// Seatings returns the seatings of a group: for each, the group position seated at each seat.
// Played together on one deal set, they give every entrant every hand:
//
//   - two-handed: the seats swapped (2 seatings);
//   - three-handed and four-handed individual: the seats rotated (3 and 4);
//   - partnership with fixed partners: the two sides swapped, each entrant holding both seats of
//     its side (2);
//   - partnership with rotating partners: each of the three splits of the four entrants into
//     partnerships (seats 0+2 against 1+3), rotated round the table (12).
func (s *Spec) Seatings() [][]int {
	n := s.Variant.Players()
	rotations := func(base []int) [][]int {
		var out [][]int
		for r := range len(base) {
			seating := make([]int, len(base))
			for seat := range base {
				seating[seat] = base[(seat+r)%len(base)]
			}
			out = append(out, seating)
		}
		return out
	}
	switch {
	case s.Variant.Partnership() && s.Partners == PartnersRotating:
		var out [][]int
		for _, split := range [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}} { // partners a,b against c,d
			a, b, c, d := split[0], split[1], split[2], split[3]
			out = append(out, rotations([]int{a, c, b, d})...)
		}
		return out
	case s.Variant.Partnership():
		return [][]int{{0, 1, 0, 1}, {1, 0, 1, 0}}
	default:
		base := make([]int, n)
		for i := range base {
			base[i] = i
		}
		return rotations(base)
	}
}

// MostSeats returns the most seats that the lobby bot named bot takes at one table of the
// validated spec's schedule, each a place in its capacity (ServeRequest.capacity): the seats of an
// entrant it plays for (both of its side's in the partnership game with fixed partners, else one;
// a team's member sits with its team) times the most of those entrants that one pairing holds.
// It is 0 when no entrant names bot, and costs one pass over the entrants, whatever the schedule.
func (s *Spec) MostSeats(bot string) int {
	first, others := 0, 0 // the gauntlet's candidate, in every pairing; the other entrants naming bot
	for i, e := range s.Entrants {
		switch {
		case !slices.Contains(e.LobbyBots(), bot):
		case i == 0 && s.Format == Gauntlet:
			first = 1
		default:
			others++
		}
	}
	k, room := s.groupSize(), s.groupSize() // room: the places of a pairing for the others
	if s.Format == Gauntlet {
		room--
	}
	return s.Variant.Players() / k * (first + min(others, room))
}

// GameCount is len(s.Schedule()) of the validated spec, without building the schedule.
func (s *Spec) GameCount() int { return s.locator().games }

// Schedule returns every game of the validated spec in the order the runner starts them: deal
// set by deal set, within one deal set pairing by pairing, within one pairing seating by seating.
// With Duplicate every seating plays each deal set; without, deal set k is played with seating
// k mod len(Seatings).
func (s *Spec) Schedule() []Game {
	at := s.locator()
	out := make([]Game, at.games)
	for i := range out {
		group, deal, seating := at.locate(i)
		seats := make([]int, len(at.seatings[seating]))
		for seat, pos := range at.seatings[seating] {
			seats[seat] = at.groups[group][pos]
		}
		out[i] = Game{Index: i, Group: group, Deal: deal, Seating: seating, Seats: seats}
	}
	return out
}

// EntrantsOf returns the entrant ids ([Entrant.ID]) of each result's seats, in seat order, from
// the validated spec's schedule: out[i] for results[i], nil for a result whose Game is outside the
// schedule. It locates each game without building the schedule.
func (s *Spec) EntrantsOf(results []Result) [][]string {
	at := s.locator()
	out := make([][]string, len(results))
	for i, r := range results {
		if r.Game < 0 || r.Game >= at.games {
			continue
		}
		group, _, seating := at.locate(r.Game)
		ids := make([]string, len(at.seatings[seating]))
		for seat, pos := range at.seatings[seating] {
			ids[seat] = s.Entrants[at.groups[group][pos]].ID
		}
		out[i] = ids
	}
	return out
}

// DealSetGames returns the first and last game index (inclusive) of the validated spec's deal set
// that game i plays: every pairing's games on that deal set, in every seating with Duplicate.
// They are consecutive in the schedule and share one table seed ([DealSeed]), so the record of
// one reveals the hidden cards of the others. 0 <= i < len(Schedule()).
func (s *Spec) DealSetGames(i int) (first, last int) {
	perDeal := 1
	if s.Duplicate {
		perDeal = len(s.Seatings())
	}
	n := perDeal * s.groupCount() // without listing the pairings, as locator does
	first = i / n * n
	return first, min(first+n, n*s.Deals) - 1
}

// locator finds a game of the schedule from its index, without building the schedule.
type locator struct {
	groups, seatings [][]int
	perDeal          int  // games per pairing and deal set: len(seatings) with duplicate deals, else 1
	duplicate        bool // every seating plays each deal set
	games            int  // the schedule's length
}

func (s *Spec) locator() locator {
	at := locator{groups: s.Groups(), seatings: s.Seatings(), perDeal: 1, duplicate: s.Duplicate}
	if s.Duplicate {
		at.perDeal = len(at.seatings)
	}
	at.games = s.Deals * len(at.groups) * at.perDeal
	return at
}

// locate returns the pairing (index into groups), deal set and seating (index into seatings) of
// game i of the schedule, 0 <= i < games: game i is seating i mod perDeal of pairing (i / perDeal)
// mod len(groups) on deal set i / (perDeal·len(groups)), as Schedule lists them.
func (at *locator) locate(i int) (group, deal, seating int) {
	set := i / at.perDeal // the pairing's deal set, numbered deal by deal
	group, deal = set%len(at.groups), set/len(at.groups)
	if at.duplicate {
		return group, deal, i % at.perDeal
	}
	return group, deal, deal % len(at.seatings)
}

// Side returns the scoring side of a seat in the spec's variant: seat mod 2 in the partnership
// game, the seat itself otherwise (RULES.md §3.3).
func (s *Spec) Side(seat int) int {
	if s.Variant.Partnership() {
		return seat % 2
	}
	return seat
}
