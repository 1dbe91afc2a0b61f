#!/usr/bin/env python3
"""Reference values for stats/elo_test.go and stats/sprt_test.go.

A line-by-line port of fastchess's app/src/matchmaking/elo/elo_wdl.cpp,
elo_pentanomial.cpp and sprt/sprt.cpp (github.com/Disservin/fastchess at
74deac23aadc6718fa0f8e24ac95d16392d79444), in Python with the standard library
only, written apart from the Go code. It also solves each maximum-likelihood
equation by plain bisection to 1e-15 as a check on the ITP root finder.

Run: python3 stats/testdata/fastchess_ref.py
"""
import math

Z = 1.959963984540054


def s2e(s):
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo(scores, counts):
    n = float(sum(counts))
    p = [c / n for c in counts]
    mu = sum(a * q for a, q in zip(scores, p))
    var = sum(q * (a - mu) ** 2 for a, q in zip(scores, p))
    hi = mu + Z * math.sqrt(var / n)
    lo = mu - Z * math.sqrt(var / n)
    e = s2e(mu)
    err = (s2e(hi) - s2e(lo)) / 2.0
    return e, e - err, e + err


def itp(f, a, b, fa, fb, k1, k2, n0, eps):
    if fa > 0:
        a, b, fa, fb = b, a, fb, fa
    nmax = math.ceil(math.log2(abs(b - a) / (2.0 * eps))) + n0
    i = 0
    while abs(b - a) > 2.0 * eps:
        xh = (a + b) / 2.0
        r = eps * 2.0 ** (nmax - i) - (b - a) / 2.0
        d = k1 * (b - a) ** k2
        try:
            xf = (fb * a - fa * b) / (fb - fa)
        except ZeroDivisionError:
            xf = math.nan
        if math.isnan(xf):
            sg = math.nan
        else:
            sg = (xh - xf) / abs(xh - xf)
        xt = xf + sg * d if d <= abs(xh - xf) else xh
        x = xt if abs(xt - xh) <= r else xh - sg * r
        fx = f(x)
        if fx == 0:
            a = b = x
        elif math.copysign(1, fx) < 0:
            a, fa = x, fx
        else:
            b, fb = x, fx
        i += 1
    return (a + b) / 2.0


def bisect(f, lo, hi):
    # f decreasing in theta between its poles lo < hi
    for _ in range(200):
        m = (lo + hi) / 2
        if f(m) > 0:
            lo = m
        else:
            hi = m
    return (lo + hi) / 2


def mle_logistic(scores, probs, s, exact):
    f = lambda x: sum(q * (a - s) / (1 + x * (a - s)) for a, q in zip(scores, probs))
    lo, hi = -1.0 / (scores[-1] - s), -1.0 / (scores[0] - s)
    th = bisect(f, lo, hi) if exact else itp(f, lo, hi, math.inf, -math.inf, 0.1, 2.0, 0.99, 1e-3)
    return [q / (1 + th * (a - s)) for a, q in zip(scores, probs)]


def mle_normalized(scores, probs, mu_ref, t):
    n = len(scores)
    p = [1.0 / n] * n
    for _ in range(10):
        mu = sum(a * q for a, q in zip(scores, p))
        var = sum(q * (a - mu) ** 2 for a, q in zip(scores, p))
        sd = math.sqrt(var)
        phi = [a - mu_ref - 0.5 * t * sd * (1 + ((a - mu) / sd) ** 2) for a in scores]
        f = lambda x: sum(q * ph / (1 + x * ph) for q, ph in zip(probs, phi))
        th = itp(f, -1.0 / max(phi), -1.0 / min(phi), math.inf, -math.inf, 0.1, 2.0, 0.99, 1e-7)
        new = [q / (1 + th * ph) for q, ph in zip(probs, phi)]
        md = max(abs(x - y) for x, y in zip(new, p))
        p = new
        if md < 1e-4:
            break
    return p


def reg(c):
    return 1e-3 if c == 0 else float(c)


def llr(counts, scores, elo0, elo1, model, penta, exact=False):
    c = [reg(x) for x in counts]
    total = sum(c)
    probs = [x / total for x in c]
    if model == "normalized":
        k = (math.sqrt(2.0) if penta else 1.0) / (800.0 / math.log(10))
        p0 = mle_normalized(scores, probs, 0.5, elo0 * k)
        p1 = mle_normalized(scores, probs, 0.5, elo1 * k)
    else:
        l2s = lambda e: 1 / (1 + 10 ** (-e / 400))
        p0 = mle_logistic(scores, probs, l2s(elo0), exact)
        p1 = mle_logistic(scores, probs, l2s(elo1), exact)
    return total * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(probs, p0, p1))


W3 = [0, 0.5, 1]
P5 = [0, 0.25, 0.5, 0.75, 1]

print("# Elo: WDL{W, D, L} -> Elo, Lo, Hi")
for w, d, l in [(136, 111, 96), (76, 123, 89), (10, 0, 5), (1, 1, 1), (240, 520, 240)]:
    print(f"WDL{{{w}, {d}, {l}}}", ["%.10f" % x for x in elo(W3, [l, d, w])])
print("# Elo: Penta{LL, LD, WL+DD, WD, WW} -> Elo, Lo, Hi")
for p in [(34, 54, 31 + 32, 64, 75), (332, 433, 457 + 41, 333, 334), (3, 10, 40, 12, 5)]:
    print(f"Penta{p}", ["%.10f" % x for x in elo(P5, list(p))])
print("# LLR WDL (model, elo0, elo1, W, D, L) -> itp, exact")
for m, e0, e1, w, d, l in [
    ("logistic", 0, 5, 120, 300, 100), ("logistic", 0, 5, 0, 0, 0), ("logistic", 0, 5, 7, 0, 2),
    ("logistic", -5, 0, 100, 250, 130), ("logistic", 0.5, 2.5, 21404, 40708, 21184),
    ("logistic", 0, 2, 57433, 106593, 57030), ("normalized", 0, 2, 36433, 68692, 36027),
    ("normalized", 0, 10, 4250, 0, 0), ("normalized", 0, 5, 120, 300, 100),
]:
    print(m, e0, e1, f"WDL{{{w}, {d}, {l}}}", "%.10f" % llr([l, d, w], W3, e0, e1, m, False),
          "%.10f" % llr([l, d, w], W3, e0, e1, m, False, True))
print("# LLR Penta (model, elo0, elo1, LL, LD, WL+DD, WD, WW) -> itp, exact")
for m, e0, e1, p in [
    ("logistic", 0, 5, (10, 40, 100, 50, 12)), ("logistic", 0, 5, (0, 0, 3, 0, 0)),
    ("logistic", 0.5, 2.5, (223, 9863, 20279 + 1000, 10037, 246)),
    ("logistic", 0, 2, (871, 26175, 55003 + 980, 26678, 821)),
    ("normalized", 0, 2, (365, 16618, 36029 + 200, 16974, 390)),
    ("normalized", 0, 5, (0, 0, 0, 0, 5550)), ("normalized", 0, 5, (10, 40, 100, 50, 12)),
]:
    print(m, e0, e1, f"Penta{p}", "%.10f" % llr(list(p), P5, e0, e1, m, True),
          "%.10f" % llr(list(p), P5, e0, e1, m, True, True))
