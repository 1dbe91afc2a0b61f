package stats

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"
)

// The want values come from testdata/fastchess_ref.py, a port of fastchess's
// sprt.cpp (ITP root finder included) written apart from this package; the
// fastchess test rows are those of its app/tests/sprt_test.cpp, whose published
// values (to 1 %) are in the comments.
func TestLLRWDL(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    SPRT
		w    WDL
		want float64
	}{
		{"logistic", SPRT{Elo0: 0, Elo1: 5}, WDL{120, 300, 100}, 0.5534322572},
		{"no games (all regularized)", SPRT{Elo0: 0, Elo1: 5}, WDL{}, -0.0000004659},
		{"no draws", SPRT{Elo0: 0, Elo1: 5}, WDL{7, 0, 2}, 0.0710316616},
		{"negative bounds", SPRT{Elo0: -5, Elo1: 0}, WDL{100, 250, 130}, -0.7980023559},
		{"fastchess logistic trinomial 1 (-1.57)", SPRT{Elo0: 0.5, Elo1: 2.5}, WDL{21404, 40708, 21184}, -1.5720316098},
		{"fastchess logistic trinomial 2 (-2.59)", SPRT{Elo0: 0, Elo1: 2}, WDL{57433, 106593, 57030}, -2.5933313640},
		{"fastchess normalized trinomial 1 (0.92)", SPRT{Elo0: 0, Elo1: 2, Model: ModelNormalized}, WDL{36433, 68692, 36027}, 0.9232934492},
		{"fastchess normalized trinomial 3 (120.56)", SPRT{Elo0: 0, Elo1: 10, Model: ModelNormalized}, WDL{4250, 0, 0}, 120.5482677412},
		{"normalized", SPRT{Elo0: 0, Elo1: 5, Model: ModelNormalized}, WDL{120, 300, 100}, 0.3887165617},
	} {
		tc.s.Alpha, tc.s.Beta = 0.05, 0.05
		if got := tc.s.LLRWDL(tc.w); !near(got, tc.want) {
			t.Errorf("%s: LLRWDL(%+v) = %.10f, want %.10f", tc.name, tc.w, got, tc.want)
		}
	}
}

func TestLLRPenta(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    SPRT
		p    Penta
		want float64
	}{
		{"logistic", SPRT{Elo0: 0, Elo1: 5}, Penta{10, 40, 100, 50, 12}, 0.3747949227},
		{"only drawn pairs", SPRT{Elo0: 0, Elo1: 5}, Penta{0, 0, 3, 0, 0}, -0.0391701993},
		{"fastchess logistic pentanomial 1 (-3.07)", SPRT{Elo0: 0.5, Elo1: 2.5}, Penta{223, 9863, 21279, 10037, 246}, -3.0744228597},
		{"fastchess logistic pentanomial 2 (-4.98)", SPRT{Elo0: 0, Elo1: 2}, Penta{871, 26175, 55983, 26678, 821}, -4.9796118720},
		{"fastchess normalized pentanomial 1 (2.25)", SPRT{Elo0: 0, Elo1: 2, Model: ModelNormalized}, Penta{365, 16618, 36229, 16974, 390}, 2.2503677035},
		{"fastchess normalized pentanomial 3 (111.82)", SPRT{Elo0: 0, Elo1: 5, Model: ModelNormalized}, Penta{0, 0, 0, 0, 5550}, 111.7975550867},
		{"normalized", SPRT{Elo0: 0, Elo1: 5, Model: ModelNormalized}, Penta{10, 40, 100, 50, 12}, 0.2665685662},
	} {
		tc.s.Alpha, tc.s.Beta = 0.05, 0.05
		if got := tc.s.LLRPenta(tc.p); !near(got, tc.want) {
			t.Errorf("%s: LLRPenta(%+v) = %.10f, want %.10f", tc.name, tc.p, got, tc.want)
		}
	}
}

func TestBoundsAndVerdict(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}
	lower, upper := s.Bounds()
	// ln(0.1/0.95) = -2.2512917986, ln(0.9/0.05) = ln 18 = 2.8903717579.
	if !near(lower, -2.2512917986) || !near(upper, 2.8903717579) {
		t.Fatalf("Bounds() = %v, %v", lower, upper)
	}
	for _, tc := range []struct {
		llr  float64
		want Verdict
	}{
		{0, VerdictContinue}, {upper, VerdictH1}, {3, VerdictH1},
		{lower, VerdictH0}, {-3, VerdictH0}, {math.Nextafter(upper, 0), VerdictContinue},
	} {
		if got := s.Verdict(tc.llr); got != tc.want {
			t.Errorf("Verdict(%v) = %v, want %v", tc.llr, got, tc.want)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		s    SPRT
		want string
	}{
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, ""},
		{SPRT{Elo0: 5, Elo1: 5, Alpha: 0.05, Beta: 0.05}, "stats: SPRT elo0 5 must be less than elo1 5"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}, "stats: SPRT alpha 0 must be between 0 and 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1}, "stats: SPRT beta 1 must be between 0 and 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.5, Beta: 0.5}, "stats: SPRT alpha + beta must be less than 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: 7}, "stats: SPRT model 7 is unknown"},
	} {
		got := ""
		if err := tc.s.Validate(); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%+v.Validate() = %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestSPRTExtremes: an SPRT of elo1 5 000 has an LLR computed in bounded time (its root finder
// looped for ever on two losses or one draw, and a referee's tournament hung in it holding its
// lock: an attack); Validate or CheckRange refuses Elo beyond ±1 000, rates under 1e-9, and
// non-finite values.
func TestSPRTExtremes(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5000, Alpha: 0.05, Beta: 0.05}
	for _, c := range []WDL{{L: 2}, {D: 1}, {D: 2, L: 3}} {
		_ = s.LLRWDL(c) // returns
	}
	for _, bad := range []SPRT{
		{Elo0: 0, Elo1: 5000, Alpha: 0.05, Beta: 0.05},
		{Elo0: math.Inf(-1), Elo1: 5, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: math.NaN(), Alpha: 0.05, Beta: 0.05},
		{Elo0: -1001, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 4.9e-324, Beta: 4.9e-324},
	} {
		if bad.Validate() == nil && bad.CheckRange() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if err := (SPRT{Elo0: -1000, Elo1: 1000, Alpha: 1e-9, Beta: 1e-9}).CheckRange(); err != nil {
		t.Errorf("the limits refused: %v", err)
	}
	lo, hi := SPRT{Elo0: 0, Elo1: 1000, Alpha: 1e-9, Beta: 1e-9}.Bounds()
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		t.Errorf("bounds (%v, %v) at the limits", lo, hi)
	}
	for _, c := range []WDL{{L: 2}, {D: 1}, {W: 3}, {W: 1, D: 1, L: 1}} {
		if llr := (SPRT{Elo0: -1000, Elo1: 1000, Alpha: 0.05, Beta: 0.05}).LLRWDL(c); math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Errorf("LLR of %+v at ±1 000 Elo: %v", c, llr)
		}
	}
}

// TestVerdictJSON: a verdict is written as its name ("continue", "H0", "H1"), where a script read
// a bare number before, and read back from its name or from the number stored tournament results
// hold; anything else is refused.
func TestVerdictJSON(t *testing.T) {
	for v, name := range map[Verdict]string{VerdictContinue: `"continue"`, VerdictH0: `"H0"`, VerdictH1: `"H1"`} {
		b, err := json.Marshal(v)
		if err != nil || string(b) != name {
			t.Errorf("Marshal(%d) = %s, %v; want %s", v, b, err, name)
		}
		for _, in := range []string{name, strconv.Itoa(int(v))} {
			var got Verdict
			if err := json.Unmarshal([]byte(in), &got); err != nil || got != v {
				t.Errorf("Unmarshal(%s) = %v, %v; want %v", in, got, err, v)
			}
		}
	}
	for _, bad := range []string{`3`, `-1`, `"h1"`, `true`} {
		var got Verdict
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", bad, got)
		}
	}
}
