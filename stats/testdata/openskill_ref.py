#!/usr/bin/env python3
"""Reference values for stats/rating_test.go.

Plays the test's games through openskill.py's PlackettLuce model with its defaults
(github.com/vivekjoshy/openskill.py at 65a675d21d9a0d5405731385e83be9aa781537ec,
pure Python) and prints every rating after each game.

Run: PYTHONPATH=/path/to/openskill.py python3 stats/testdata/openskill_ref.py
"""
from openskill.models import PlackettLuce

GAMES = [
    ([["alice"], ["bob"]], [1, 2]),                      # two-handed: alice wins
    ([["alice"], ["bob"]], [1, 1]),                      # two-handed draw
    ([["alice"], ["carol"], ["dave"]], [2, 1, 2]),       # three-handed: carol first, a tie for second
    ([["alice", "carol"], ["bob", "dave"]], [2, 1]),     # partnership: bob and dave win
    ([["alice", "bob"], ["carol", "dave"]], [1, 1]),     # partnership draw, partners of unequal sigma
]

model = PlackettLuce()
ratings = {}
for teams, ranks in GAMES:
    rated = model.rate([[ratings.get(p) or model.rating(name=p) for p in t] for t in teams], ranks=ranks)
    for t, rt in zip(teams, rated):
        for p, r in zip(t, rt):
            ratings[p] = r
    print(teams, ranks)
    for p in sorted(ratings):
        print(f'\t"{p}": {{{ratings[p].mu:.12f}, {ratings[p].sigma:.12f}}},')
