package stats_test

import (
	"fmt"

	"github.com/bezique-arena/bezique/stats"
)

// A match of 343 games: the Elo difference with its 95 % interval, and whether an
// SPRT of 0 against 5 Elo may stop (not yet); then a partnership game rated. The
// outputs agree with testdata/fastchess_ref.py and openskill.py.
func Example() {
	score := stats.WDL{W: 136, D: 111, L: 96}
	e := stats.EloFromWDL(score)
	fmt.Printf("Elo %.2f [%.2f, %.2f]\n", e.Elo, e.Lo, e.Hi)

	sprt := stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lower, upper := sprt.Bounds()
	llr := sprt.LLRWDL(score)
	fmt.Printf("LLR %.2f in (%.2f, %.2f): %v\n", llr, lower, upper, sprt.Verdict(llr))

	var league stats.Ratings
	_ = league.Update([][]string{{"rulebook", "greedy"}, {"random", "random2"}}, []int{1, 2})
	r := league.Get("rulebook")
	fmt.Printf("rulebook %.2f ± %.2f, ordinal %.2f\n", r.Mu, r.Sigma, r.Ordinal())
	// Output:
	// Elo 40.70 [10.28, 71.13]
	// LLR 0.80 in (-2.94, 2.94): continue
	// rulebook 26.96 ± 8.18, ordinal 2.43
}
