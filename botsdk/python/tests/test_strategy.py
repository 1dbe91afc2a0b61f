"""Tests of the shipped decision functions."""

import unittest

from bezique.v1 import actions_pb2, cards_pb2, rules_pb2, view_pb2
from bezique_bot.strategy import beats, random_bot, strategy_bot

S, H, D, C = cards_pb2.SUIT_SPADES, cards_pb2.SUIT_HEARTS, cards_pb2.SUIT_DIAMONDS, cards_pb2.SUIT_CLUBS
SEVEN, NINE, JACK, QUEEN, KING, TEN, ACE = (cards_pb2.RANK_SEVEN, cards_pb2.RANK_NINE, cards_pb2.RANK_JACK,
                                           cards_pb2.RANK_QUEEN, cards_pb2.RANK_KING, cards_pb2.RANK_TEN,
                                           cards_pb2.RANK_ACE)


def card(suit, rank):
    return cards_pb2.Card(suit=suit, rank=rank)


def plays(*cards):
    return [actions_pb2.LegalAction(action_id=i + 1, action=actions_pb2.Action(play=actions_pb2.PlayAction(card=c)))
            for i, c in enumerate(cards)]


def view(trump, trick=(), seat=1, variant=rules_pb2.VARIANT_TWO_HANDED):
    v = view_pb2.View(seat=seat, trump=trump, variant=variant)
    for s, c in trick:
        v.current_trick.add(seat=s, card=c)
    return v


class BeatsTest(unittest.TestCase):
    def test_table(self):
        cases = [
            ("higher of the suit", card(S, ACE), card(S, TEN), H, True),
            ("lower of the suit", card(S, NINE), card(S, TEN), H, False),
            ("equal card loses to the first", card(S, TEN), card(S, TEN), H, False),
            ("trump over plain", card(H, SEVEN), card(S, ACE), H, True),
            ("plain off-suit", card(D, ACE), card(S, SEVEN), H, False),
            ("higher trump", card(H, TEN), card(H, KING), H, True),
        ]
        for name, c, best, trump, want in cases:
            with self.subTest(name):
                self.assertEqual(beats(c, best, trump), want)


class StrategyTest(unittest.TestCase):
    def test_richest_meld_first(self):
        la = plays(card(S, SEVEN)) + [
            actions_pb2.LegalAction(action_id=2, action=actions_pb2.Action(meld=actions_pb2.MeldAction(meld=cards_pb2.Meld(points=40)))),
            actions_pb2.LegalAction(action_id=3, action=actions_pb2.Action(meld=actions_pb2.MeldAction(meld=cards_pb2.Meld(points=250)))),
        ]
        self.assertEqual(strategy_bot(view(H), la), 3)

    def test_leads_cheapest(self):
        self.assertEqual(strategy_bot(view(H), plays(card(S, ACE), card(H, SEVEN), card(D, NINE))), 3)

    def test_takes_a_brisque_with_the_cheapest_winner(self):
        v = view(H, [(0, card(S, TEN))])
        self.assertEqual(strategy_bot(v, plays(card(H, ACE), card(S, ACE), card(H, SEVEN), card(D, NINE))), 3)  # the seven of trumps

    def test_throws_cheapest_when_partner_wins(self):
        v = view(H, [(0, card(S, NINE)), (1, card(S, KING)), (2, card(C, SEVEN))], seat=3, variant=rules_pb2.VARIANT_FOUR_HANDED)
        # Partner (seat 1) wins with a king of spades and no brisque is in the trick: throw cheap.
        self.assertEqual(strategy_bot(v, plays(card(S, ACE), card(D, SEVEN))), 2)

    def test_random_is_seeded(self):
        la = plays(*(card(S, r) for r in (SEVEN, NINE, JACK, QUEEN, KING)))
        a = [random_bot(1)(view(H), la) for _ in range(1)] + [random_bot(1)(view(H), la)]
        self.assertEqual(a[0], a[1])
        self.assertIn(a[0], range(1, 6))


if __name__ == "__main__":
    unittest.main()
