package stats

import (
	"errors"
	"fmt"
	"math"
)

// Rating is an entrant's skill as a normal distribution: mean Mu and standard
// deviation Sigma, on OpenSkill's scale (a new entrant is 25 ± 25/3).
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Unrated reports whether r is a new entrant's rating, 25 ± 25/3: no rated game yet (any game
// rated moves Sigma). Views show no rating for it: an entrant that forfeited every game unplayed
// read "25.0 ± 16.3", above entrants that had won games (a host's trial).
func (r Rating) Unrated() bool { return r == Rating{Mu: initialMu, Sigma: initialSigma} }

// Ordinal is the conservative estimate Mu - 3·Sigma: the skill the entrant has
// with about 99.9 % probability (OpenSkill's ordinal, TrueSkill's "exposure"). Rank
// entrants by it, so that one lucky game does not put a newcomer on top.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// The parameters of OpenSkill's Plackett-Luce model, openskill.py's defaults.
const (
	initialMu    = 25.0
	initialSigma = initialMu / 3
	beta         = initialSigma / 2 // the spread of one game's performance around the skill
	kappa        = 1e-4             // the floor of the factor that shrinks sigma
	tau          = initialMu / 300  // the skill drift added to sigma before each game
)

// Ratings keeps a Rating per entrant id, updated game by game with the Weng-Lin
// Bayesian approximation over the Plackett-Luce model (R. C. Weng and C.-J. Lin, "A
// Bayesian Approximation Method for Online Ranking", JMLR 12, 2011, Algorithm 4; the
// default model of OpenSkill), which rates two-handed, three-handed and
// partnership games alike. The zero value is ready to use; a Ratings is not safe
// for concurrent use.
//
// Hand-written: no OpenSkill, TrueSkill or Glicko module is served by the Go module
// proxy. The tests check it against openskill.py.
type Ratings struct {
	byID map[string]Rating
}

// Get is the rating of the entrant id: 25 ± 25/3 (Rating{25, 8.333…}) if it has
// not played.
func (r *Ratings) Get(id string) Rating {
	if rating, ok := r.byID[id]; ok {
		return rating
	}
	return Rating{Mu: initialMu, Sigma: initialSigma}
}

// IDs is the ids of every entrant that has played, sorted.
func (r *Ratings) IDs() []string {
	return sortedKeys(r.byID)
}

// Update rates one finished game. teams holds each side's entrant ids: two teams of
// one for the two-handed game, three for the three-handed game, two teams of two for
// the partnership game. ranks[i] is team i's place: lower is better, equal ranks are
// a tie (a drawn game is ranks {1, 1}). It returns an error, and changes nothing, if
// there are fewer than two teams, ranks and teams differ in length, a team is empty,
// or an id is empty or appears twice.
//
// Each entrant's sigma first grows by tau = 25/300 (skill drifts between games),
// then the team's skill is the sum of its members' (means and variances add), and
// each member's mean moves by its share of the team's variance.
func (r *Ratings) Update(teams [][]string, ranks []int) error {
	if err := checkGame(teams, ranks); err != nil {
		return err
	}
	// On the stack up to four teams and eight entrants (every game of Bézique): a
	// tournament's standings rate each of its games.
	type team struct{ mu, sigmaSq float64 }
	var playersBuf [8]Rating
	var sidesBuf [4]team
	var sumQBuf, tiedBuf [4]float64
	players := playersBuf[:0] // every team's entrants, team by team, with sigma grown
	sides := append(sidesBuf[:0], make([]team, len(teams))...)
	cSq := 0.0
	for i, ids := range teams {
		for _, id := range ids {
			p := r.Get(id)
			p.Sigma = math.Sqrt(p.Sigma*p.Sigma + tau*tau)
			players = append(players, p)
			sides[i].mu += p.Mu
			sides[i].sigmaSq += p.Sigma * p.Sigma
		}
		cSq += sides[i].sigmaSq + beta*beta
	}
	c := math.Sqrt(cSq)
	// sumQ[q] sums exp(mu/c) over the teams placed at or below team q; tied[q]
	// counts the teams that share q's rank.
	sumQ := append(sumQBuf[:0], make([]float64, len(teams))...)
	tied := append(tiedBuf[:0], make([]float64, len(teams))...)
	for q := range teams {
		for i := range teams {
			if ranks[i] >= ranks[q] {
				sumQ[q] += math.Exp(sides[i].mu / c)
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	if r.byID == nil {
		r.byID = make(map[string]Rating)
	}
	for i, side := range sides {
		omega, delta := 0.0, 0.0
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			p := math.Exp(side.mu/c) / sumQ[q]
			delta += p * (1 - p) / tied[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
		}
		omega *= side.sigmaSq / c
		delta *= side.sigmaSq / (c * c)
		delta *= math.Sqrt(side.sigmaSq) / c // gamma, the paper's and OpenSkill's default
		for _, id := range teams[i] {
			p := players[0]
			players = players[1:]
			share := p.Sigma * p.Sigma / side.sigmaSq
			r.byID[id] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(max(1-share*delta, kappa)),
			}
		}
	}
	return nil
}

// checkGame reports what is wrong with a game given to Update.
func checkGame(teams [][]string, ranks []int) error {
	if len(teams) < 2 {
		return fmt.Errorf("stats: a game needs at least two teams, got %d", len(teams))
	}
	if len(ranks) != len(teams) {
		return fmt.Errorf("stats: ranks has %d entries for %d teams", len(ranks), len(teams))
	}
	seen := make(map[string]bool)
	for i, ids := range teams {
		if len(ids) == 0 {
			return fmt.Errorf("stats: team %d is empty", i)
		}
		for _, id := range ids {
			if id == "" {
				return errors.New("stats: an entrant id is empty")
			}
			if seen[id] {
				return fmt.Errorf("stats: entrant %q appears twice in one game", id)
			}
			seen[id] = true
		}
	}
	return nil
}
