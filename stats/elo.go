package stats

import "math"

// WDL is the score of entrant A against entrant B, counted in games from A's
// point of view: W wins, D draws, L losses.
type WDL struct{ W, D, L int }

// Penta is the pentanomial count of game pairs: on duplicate deals the same deal is
// played twice with the seats swapped, and the pair is counted by A's points in it,
// in half-points: [0] = 0 (lost both), [1] = 0.5, [2] = 1 (won one and lost one, or
// drew both), [3] = 1.5, [4] = 2 (won both). fastchess's LL, LD, WL+DD, WD, WW.
type Penta [5]int

// EloInterval is a logistic Elo difference (A minus B) with its 95 % confidence
// interval [Lo, Hi]. As fastchess reports "Elo +/- error", the interval is symmetric:
// Lo = Elo - error and Hi = Elo + error, where error is half the distance between
// the Elo of the score's upper and lower 95 % bounds.
//
// A score of 0 or 1 (no loss or no win at all) gives an infinite Elo and a NaN
// interval; no games at all give NaN everywhere (fastchess does the same); games (or pairs) all of
// one outcome give that outcome's Elo and a NaN interval (fastchess: ± 0).
type EloInterval struct{ Elo, Lo, Hi float64 }

// ci95 is the 97.5 % quantile of the standard normal distribution (fastchess's
// CI95ZSCORE).
const ci95 = 1.959963984540054

// EloFromWDL is the Elo difference of a W/D/L score with its 95 % interval, as
// fastchess's EloWDL computes it: score s = (W + D/2)/n, per-game variance
// v = (W(1-s)² + D(1/2-s)² + L s²)/n, score bounds s ± 1.96·sqrt(v/n), each turned
// into Elo by -400·log10(1/s - 1).
func EloFromWDL(s WDL) EloInterval {
	return eloInterval([]float64{0, 0.5, 1}, []int{s.L, s.D, s.W})
}

// EloFromPenta is the Elo difference of a pentanomial count with its 95 % interval,
// as fastchess's EloPentanomial computes it: the score of a pair (its points over 2)
// has mean s and variance v over the n pairs, the bounds are s ± 1.96·sqrt(v/n).
// Pairs are not independent games, so this interval is the right one for duplicate
// deals (it is usually narrower than EloFromWDL of the same games).
func EloFromPenta(p Penta) EloInterval {
	return eloInterval([]float64{0, 0.25, 0.5, 0.75, 1}, p[:])
}

// eloInterval computes fastchess's Elo and error for the outcome scores (in [0, 1])
// seen counts times each. Outcomes all of one kind bound nothing: their variance is 0 whatever
// their number, so their interval is NaN, not Elo ± 0 (fastchess prints ± 0): one deal set split
// read "Elo +0 [+0, +0]" (a bot author's trial), and so did two, or two draws (a host's trial).
func eloInterval(scores []float64, counts []int) EloInterval {
	n, kinds := 0.0, 0
	for _, c := range counts {
		n += float64(c)
		if c > 0 {
			kinds++
		}
	}
	probs := make([]float64, len(counts))
	for i, c := range counts {
		probs[i] = float64(c) / n
	}
	mu, variance := meanVariance(scores, probs)
	if kinds == 1 {
		return EloInterval{Elo: scoreToElo(mu), Lo: math.NaN(), Hi: math.NaN()}
	}
	spread := ci95 * math.Sqrt(variance/n)
	elo := scoreToElo(mu)
	err := (scoreToElo(mu+spread) - scoreToElo(mu-spread)) / 2
	return EloInterval{Elo: elo, Lo: elo - err, Hi: elo + err}
}

// scoreToElo is the logistic Elo difference that gives the expected score s
// (fastchess's scoreToEloDiff).
func scoreToElo(s float64) float64 { return -400 * math.Log10(1/s-1) }

// eloToScore is the expected score of a logistic Elo difference (fastchess's
// leloToScore).
func eloToScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// meanVariance is the mean and variance of the outcome scores x under the
// probabilities p.
func meanVariance(x, p []float64) (mu, variance float64) {
	for i := range x {
		mu += x[i] * p[i]
	}
	for i := range x {
		variance += p[i] * (x[i] - mu) * (x[i] - mu)
	}
	return mu, variance
}
