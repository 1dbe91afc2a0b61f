package stats

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test between two Elo hypotheses, as
// fastchess runs it: H0 "the Elo difference is Elo0" against H1 "it is Elo1", with
// Alpha the false-positive rate (accepting H1 when H0 holds) and Beta the
// false-negative rate. Elo0 and Elo1 are logistic Elo unless Model says otherwise.
//
// Write it with field names: SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	// Model is how Elo0 and Elo1 are read; the zero value is ModelLogistic.
	// fastchess's own default is ModelNormalized.
	Model Model
}

// Model is the Elo model of an SPRT's bounds.
type Model int

const (
	// ModelLogistic reads the bounds as logistic Elo: an Elo difference e is the
	// expected score 1/(1+10^(-e/400)) (fastchess's "logistic").
	ModelLogistic Model = iota
	// ModelNormalized reads the bounds as normalized Elo: (score - 1/2) divided by
	// the standard deviation of a game's score (of a pair's score over sqrt 2 for
	// pentanomial counts), times 800/ln 10 (fastchess's "normalized", its default).
	// It does not depend on the draw rate.
	ModelNormalized
)

// Verdict is the outcome of an SPRT after some games.
type Verdict int

const (
	// VerdictContinue means neither bound is reached: play on.
	VerdictContinue Verdict = iota
	// VerdictH0 means the log-likelihood ratio reached the lower bound: accept
	// H0 (the Elo difference is Elo0), stop.
	VerdictH0
	// VerdictH1 means the log-likelihood ratio reached the upper bound: accept
	// H1 (the Elo difference is Elo1), stop.
	VerdictH1
)

// String is the verdict as fastchess prints it: "continue", "H0" or "H1".
func (v Verdict) String() string {
	switch v {
	case VerdictH0:
		return "H0"
	case VerdictH1:
		return "H1"
	default:
		return "continue"
	}
}

// MarshalJSON writes the verdict as its String, "continue", "H0" or "H1": a script read a bare
// number before (the organiser trial), which needed this package's source to read.
func (v Verdict) MarshalJSON() ([]byte, error) { return json.Marshal(v.String()) }

// UnmarshalJSON reads a verdict written by MarshalJSON, or as the number it was written before
// (0 continue, 1 H0, 2 H1: stored tournament results hold those); any other value is an error.
func (v *Verdict) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil && n >= int(VerdictContinue) && n <= int(VerdictH1) {
		*v = Verdict(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		for _, c := range []Verdict{VerdictContinue, VerdictH0, VerdictH1} {
			if s == c.String() {
				*v = c
				return nil
			}
		}
	}
	return fmt.Errorf("stats: SPRT verdict %s: want \"continue\", \"H0\" or \"H1\"", b)
}

// Validate reports whether the test can run, with fastchess's checks: Elo0 < Elo1,
// Alpha and Beta in (0, 1), Alpha + Beta < 1, and a known Model. The error names the
// field.
func (s SPRT) Validate() error {
	switch {
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("stats: SPRT elo0 %g must be less than elo1 %g", s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1):
		return fmt.Errorf("stats: SPRT alpha %g must be between 0 and 1", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("stats: SPRT beta %g must be between 0 and 1", s.Beta)
	case !(s.Alpha+s.Beta < 1):
		return errors.New("stats: SPRT alpha + beta must be less than 1")
	case s.Model != ModelLogistic && s.Model != ModelNormalized:
		return fmt.Errorf("stats: SPRT model %d is unknown", s.Model)
	}
	return nil
}

// CheckRange reports whether the test's values are within MaxSPRTElo and MinSPRTRate, the bounds
// beyond fastchess's checks (Validate) that a new test must keep; the error names the field.
func (s SPRT) CheckRange() error {
	switch {
	case !(s.Elo0 >= -MaxSPRTElo && s.Elo1 <= MaxSPRTElo):
		return fmt.Errorf("stats: SPRT elo0 %g and elo1 %g must be within ±%d", s.Elo0, s.Elo1, MaxSPRTElo)
	case !(s.Alpha >= MinSPRTRate && s.Beta >= MinSPRTRate):
		return fmt.Errorf("stats: SPRT alpha %g and beta %g must be at least %g", s.Alpha, s.Beta, MinSPRTRate)
	}
	return nil
}

// MaxSPRTElo and MinSPRTRate bound an SPRT's hypotheses and error rates beyond fastchess's checks:
// at ±1 000 Elo a side scores 0.3 % or 99.7 %, past which the log-likelihood ratio is no longer
// computed in float64 (elo1 = 5 000 made the root finder loop for ever, and 1e308 gave NaN); a
// rate under 10⁻⁹ makes a bound of hundreds (4.9e-324 made it infinite).
const (
	MaxSPRTElo  = 1000
	MinSPRTRate = 1e-9
)

// Bounds is the pair of log-likelihood-ratio bounds: lower = ln(Beta/(1-Alpha)),
// upper = ln((1-Beta)/Alpha) (Wald's bounds, fastchess's SPRT constructor).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Verdict is the test's outcome for a log-likelihood ratio: VerdictH1 at or above
// the upper bound, VerdictH0 at or below the lower bound, VerdictContinue between.
func (s SPRT) Verdict(llr float64) Verdict {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return VerdictH1
	case llr <= lower:
		return VerdictH0
	default:
		return VerdictContinue
	}
}

// LLRWDL is the generalized log-likelihood ratio of H1 against H0 for a W/D/L score
// (fastchess's SPRT::getLLR(win, draw, loss)). A zero count is replaced by 0.001
// (fastchess's regularize), so the ratio is finite from the first game.
func (s SPRT) LLRWDL(w WDL) float64 {
	counts := []float64{regularize(w.L), regularize(w.D), regularize(w.W)}
	return s.llr([]float64{0, 0.5, 1}, counts, 1)
}

// LLRPenta is the generalized log-likelihood ratio of H1 against H0 for a
// pentanomial count (fastchess's SPRT::getLLR(penta_WW, ..., penta_LL)), with the
// same regularization of zero counts (p[2] = WL + DD is regularized as one count).
func (s SPRT) LLRPenta(p Penta) float64 {
	counts := make([]float64, len(p))
	for i, c := range p {
		counts[i] = regularize(c)
	}
	return s.llr([]float64{0, 0.25, 0.5, 0.75, 1}, counts, math.Sqrt2)
}

// regularize is fastchess's replacement of a zero count by 0.001.
func regularize(count int) float64 {
	if count == 0 {
		return 1e-3
	}
	return float64(count)
}

// llr is total · Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ), where p̂ is the empirical distribution of the
// outcome scores and p0, p1 the maximum-likelihood distributions under each
// hypothesis. normScale is sqrt 2 for pairs: normalized Elo is per game.
func (s SPRT) llr(scores, counts []float64, normScale float64) float64 {
	total := 0.0
	for _, c := range counts {
		total += c
	}
	probs := make([]float64, len(counts))
	for i, c := range counts {
		probs[i] = c / total
	}
	var p0, p1 []float64
	if s.Model == ModelNormalized {
		nelo := 800 / math.Ln10
		p0 = mleNormalized(scores, probs, 0.5, normScale*s.Elo0/nelo)
		p1 = mleNormalized(scores, probs, 0.5, normScale*s.Elo1/nelo)
	} else {
		p0 = mleLogistic(scores, probs, eloToScore(s.Elo0))
		p1 = mleLogistic(scores, probs, eloToScore(s.Elo1))
	}
	sum := 0.0
	for i := range probs {
		sum += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// mleLogistic is the maximum-likelihood distribution over the outcome scores with
// expectation s, given the empirical distribution probs (M. Van den Bergh, "Comparing
// the approximations for the generalized log likelihood ratio of a multinomial
// distribution", Proposition 1.1; fastchess's getLLR_logistic): pᵢ = p̂ᵢ/(1+θ(aᵢ-s))
// with θ the root of Σ p̂ᵢ(aᵢ-s)/(1+θ(aᵢ-s)) = 0, found to 1e-3 as fastchess does.
func mleLogistic(scores, probs []float64, s float64) []float64 {
	n := len(scores)
	theta := itp(func(x float64) float64 {
		r := 0.0
		for i := range scores {
			r += probs[i] * (scores[i] - s) / (1 + x*(scores[i]-s))
		}
		return r
	}, -1/(scores[0]-s), -1/(scores[n-1]-s), 1e-3)
	p := make([]float64, n)
	for i := range scores {
		p[i] = probs[i] / (1 + theta*(scores[i]-s))
	}
	return p
}

// mleNormalized is the maximum-likelihood distribution over the outcome scores with
// normalized Elo t = (mean - muRef)/sd, given the empirical distribution probs
// (M. Van den Bergh, "Comments on normalized Elo", section 4.1; fastchess's
// getLLR_normalized): at most 10 fixed-point steps from the uniform distribution,
// stopping when no probability moves by 1e-4 or more.
func mleNormalized(scores, probs []float64, muRef, t float64) []float64 {
	n := len(scores)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for range 10 {
		mu, variance := meanVariance(scores, p)
		sigma := math.Sqrt(variance)
		u, v := math.Inf(1), math.Inf(-1)
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - muRef - 0.5*t*sigma*(1+z*z)
			u, v = min(u, phi[i]), max(v, phi[i])
		}
		theta := itp(func(x float64) float64 {
			r := 0.0
			for i := range phi {
				r += probs[i] * phi[i] / (1 + x*phi[i])
			}
			return r
		}, -1/u, -1/v, 1e-7)
		maxDiff := 0.0
		for i := range p {
			next := probs[i] / (1 + theta*phi[i])
			maxDiff = max(maxDiff, math.Abs(next-p[i]))
			p[i] = next
		}
		if maxDiff < 1e-4 {
			break
		}
	}
	return p
}

// maxITPSteps bounds itp's steps: ITP needs at most ⌈log2((b − a) / 2ε)⌉ + 1, under 70 for any
// bracket of float64 numbers with fastchess's ε.
const maxITPSteps = 200

// itp finds a root of f between a and b, taking f(a) as -Inf and f(b) as +Inf,
// to within epsilon, by the ITP method (I. F. D. Oliveira and R. H. C. Takahashi,
// "An Enhancement of the Bisection Method Average Performance Preserving Minmax
// Optimality", ACM TOMS 47(1), 2021) with fastchess's parameters k1 = 0.1, k2 = 2,
// n0 = 0.99. It follows fastchess's itp step for step, so LLRs agree to the last
// digits.
//
// It stops after maxITPSteps steps whatever the bracket: in float64 a bracket near the edge of
// the scores (an Elo difference of thousands) can stop shrinking, and fastchess's loop, which has
// no such stop, then never ends (a referee's tournament hung in it holding its lock).
func itp(f func(float64) float64, a, b, epsilon float64) float64 {
	const k1, k2, n0 = 0.1, 2.0, 0.99
	fa, fb := math.Inf(-1), math.Inf(1)
	nHalf := math.Ceil(math.Log2(math.Abs(b-a) / (2 * epsilon)))
	nMax := nHalf + n0
	for i := 0.0; math.Abs(b-a) > 2*epsilon && i < maxITPSteps; i++ {
		xHalf := (a + b) / 2
		r := epsilon*math.Pow(2, nMax-i) - (b-a)/2
		delta := k1 * math.Pow(b-a, k2)
		xf := (fb*a - fa*b) / (fb - fa)
		sigma := (xHalf - xf) / math.Abs(xHalf-xf)
		xt := xHalf
		if delta <= math.Abs(xHalf-xf) {
			xt = xf + sigma*delta
		}
		x := xHalf - sigma*r
		if math.Abs(xt-xHalf) <= r {
			x = xt
		}
		fx := f(x)
		switch {
		case fx == 0:
			a, b = x, x
		case math.Signbit(fx):
			a, fa = x, fx
		default:
			b, fb = x, fx
		}
	}
	return (a + b) / 2
}
