package stats

import (
	"math"
	"testing"
)

// The want values come from testdata/fastchess_ref.py, a port of fastchess's
// elo_wdl.cpp and elo_pentanomial.cpp written apart from this package.
func TestEloFromWDL(t *testing.T) {
	for _, tc := range []struct {
		s    WDL
		want EloInterval
	}{
		// fastchess's elo_test.cpp "EloWDL 2": Stats(136 wins, 96 losses, 111 draws),
		// diff 40.70, error 30.43.
		{WDL{136, 111, 96}, EloInterval{40.7024581865, 10.2752402429, 71.1296761301}},
		{WDL{76, 123, 89}, EloInterval{-15.6935207054, -46.1515214224, 14.7644800115}},
		// By hand: s = 10/15 = 2/3, Elo = -400·log10(1/2) = 120.411998;
		// v = (10·(1/3)² + 5·(2/3)²)/15 = 2/9, spread = 1.959964·sqrt(2/135) = 0.238557.
		{WDL{10, 0, 5}, EloInterval{120.4119982656, -100.7537794508, 341.5777759820}},
		// s = 1/2, v = 1/6, spread = 1.959964·sqrt(1/18) = 0.461968.
		{WDL{1, 1, 1}, EloInterval{0, -561.2043064000, 561.2043064000}},
		{WDL{240, 520, 240}, EloInterval{0, -14.9282931022, 14.9282931022}},
	} {
		assertInterval(t, tc.s, EloFromWDL(tc.s), tc.want)
	}
}

func TestEloFromPenta(t *testing.T) {
	for _, tc := range []struct {
		p    Penta
		want EloInterval
	}{
		// fastchess's "EloPentanomial 1": Stats(LL 34, LD 54, WL 31, DD 32, WD 64,
		// WW 75), diff 55.58, error 27.65.
		{Penta{34, 54, 63, 64, 75}, EloInterval{55.5797804204, 27.9263509141, 83.2332099268}},
		// fastchess's "EloPentanomial 2": diff -8.64, error 10.33.
		{Penta{332, 433, 498, 333, 334}, EloInterval{-8.6426672680, -18.9768616924, 1.6915271564}},
		{Penta{3, 10, 40, 12, 5}, EloInterval{14.8992229679, -20.8651269568, 50.6635728925}},
	} {
		assertInterval(t, tc.p, EloFromPenta(tc.p), tc.want)
	}
}

func TestEloEdges(t *testing.T) {
	if got := EloFromWDL(WDL{W: 4}); !math.IsInf(got.Elo, 1) || !math.IsNaN(got.Lo) {
		t.Errorf("EloFromWDL(4 wins) = %+v, want Elo +Inf and a NaN interval", got)
	}
	if got := EloFromPenta(Penta{}); !math.IsNaN(got.Elo) {
		t.Errorf("EloFromPenta(no pairs) = %+v, want NaN", got)
	}
	// One deal set split, one game drawn: the Elo of the one outcome, no interval (it was ±0).
	for _, got := range []EloInterval{EloFromPenta(Penta{0, 0, 1, 0, 0}), EloFromWDL(WDL{D: 1})} {
		if got.Elo != 0 || !math.IsNaN(got.Lo) || !math.IsNaN(got.Hi) {
			t.Errorf("one outcome of score ½: %+v, want Elo 0 and a NaN interval", got)
		}
	}
	// Two deal sets split, 20 of them, two draws: still one outcome, no interval (it was [0, 0]).
	for _, got := range []EloInterval{EloFromPenta(Penta{0, 0, 2, 0, 0}), EloFromPenta(Penta{0, 0, 20, 0, 0}), EloFromWDL(WDL{D: 2})} {
		if got.Elo != 0 || !math.IsNaN(got.Lo) || !math.IsNaN(got.Hi) {
			t.Errorf("outcomes all of score ½: %+v, want Elo 0 and a NaN interval", got)
		}
	}
	if got := EloFromPenta(Penta{0, 1, 0, 1, 0}); got.Elo != 0 || got.Lo >= 0 || got.Hi <= 0 {
		t.Errorf("two deal sets of scores ¼ and ¾: %+v, want Elo 0 and an interval around it", got)
	}
}

func assertInterval(t *testing.T, in any, got, want EloInterval) {
	t.Helper()
	if !near(got.Elo, want.Elo) || !near(got.Lo, want.Lo) || !near(got.Hi, want.Hi) {
		t.Errorf("%+v: got %+v, want %+v", in, got, want)
	}
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-6 }
