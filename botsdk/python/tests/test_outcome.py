"""outcome_text: the same words as the Go CLI's wire.OutcomeText for every way a game ends."""

import unittest

from bezique.v1 import table_pb2, view_pb2
from bezique_bot import outcome_text, result_text

T = table_pb2


class OutcomeTextTest(unittest.TestCase):
    def test_every_end(self):
        cases = [
            (T.GameResult(outcome=T.OUTCOME_COMPLETED, winner_side=1), "completed, side 1 wins"),
            (T.GameResult(outcome=T.OUTCOME_COMPLETED, winner_side=1, auto_played=[0, 0]), "completed, side 1 wins"),
            (T.GameResult(outcome=T.OUTCOME_COMPLETED, winner_side=1, auto_played=[142, 0]),
             "completed, side 1 wins (142 actions of seat 0 played by the referee)"),
            (T.GameResult(outcome=T.OUTCOME_COMPLETED, winner_side=0, auto_played=[0, 1, 0, 5]),
             "completed, side 0 wins (1 action of seat 1 and 5 of seat 3 played by the referee)"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, winner_side=1, forfeit_seat=0, forfeit_cause=T.FORFEIT_CAUSE_TIMEOUT,
                          reason="decision deadline passed"),
             "forfeit by seat 0 (timeout: decision deadline passed), side 1 wins"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, winner_side=0, forfeit_seat=1, forfeit_cause=T.FORFEIT_CAUSE_ILLEGAL,
                          reason="strike limit (3) reached on one decision"),
             "forfeit by seat 1 (illegal actions: strike limit (3) reached on one decision), side 0 wins"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, winner_side=0, forfeit_seat=1, forfeit_cause=T.FORFEIT_CAUSE_DISCONNECT),
             "forfeit by seat 1 (disconnect), side 0 wins"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, winner_side=0, forfeit_seat=1), "forfeit by seat 1 (cause not recorded), side 0 wins"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, forfeit_seat=0, forfeit_seats=[0, 2], forfeit_cause=T.FORFEIT_CAUSE_DISCONNECT),
             "forfeit by seats 0 and 2 (disconnect), no winner"),
            (T.GameResult(outcome=T.OUTCOME_FORFEIT, winner_side=2, forfeit_seat=0, forfeit_seats=[0, 1, 3],
                          forfeit_cause=T.FORFEIT_CAUSE_DISCONNECT), "forfeit by seats 0, 1 and 3 (disconnect), side 2 wins"),
            (T.GameResult(outcome=T.OUTCOME_CANCELLED, reason="bot crashed"), "cancelled (bot crashed), no result"),
            (T.GameResult(outcome=T.OUTCOME_CANCELLED), "cancelled (no reason given), no result"),
            (T.GameResult(outcome=T.OUTCOME_EXPIRED), "expired (waited longer than the referee's limit for its seats), no result"),
            (T.GameResult(), "not ended"),
        ]
        for res, want in cases:
            self.assertEqual(outcome_text(res), want)

    def test_result_text_adds_the_scores(self):
        res = T.GameResult(outcome=T.OUTCOME_CANCELLED, reason="bot crashed",
                           scores=[view_pb2.SideScore(side=0, total=10), view_pb2.SideScore(side=1, total=0)])
        self.assertEqual(result_text(res), "cancelled (bot crashed), no result; side 0 10, side 1 0")

    def test_result_text_adds_the_settlement(self):
        scores = [view_pb2.SideScore(side=0, total=610), view_pb2.SideScore(side=1, total=1480)]
        res = T.GameResult(outcome=T.OUTCOME_COMPLETED, winner_side=1, scores=scores, game_points=1590, rubicon=True)
        self.assertEqual(result_text(res), "completed, side 1 wins; side 0 610, side 1 1480; 1590 game points (rubicon)")
        res.rubicon = False
        res.game_points = 1090
        self.assertEqual(result_text(res), "completed, side 1 wins; side 0 610, side 1 1480; 1090 game points")
