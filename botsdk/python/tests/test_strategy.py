"""Tests of the shipped decision functions."""

import unittest

from bezique.v1 import actions_pb2, cards_pb2, rules_pb2, view_pb2
from bezique_bot.strategy import random_bot, strategy_bot

S, H, D, C = cards_pb2.SUIT_SPADES, cards_pb2.SUIT_HEARTS, cards_pb2.SUIT_DIAMONDS, cards_pb2.SUIT_CLUBS
SEVEN, NINE, JACK, QUEEN, KING, TEN, ACE = (cards_pb2.RANK_SEVEN, cards_pb2.RANK_NINE, cards_pb2.RANK_JACK,
                                           cards_pb2.RANK_QUEEN, cards_pb2.RANK_KING, cards_pb2.RANK_TEN,
                                           cards_pb2.RANK_ACE)


def card(suit, rank, copy=0):
    """card returns the card with the referee's id layout (copy * 32 + suit * 8 + rank)."""
    return cards_pb2.Card(id=copy * 32 + (suit - 1) * 8 + rank - 1, suit=suit, rank=rank, copy=copy)


def plays(*cards):
    return [actions_pb2.LegalAction(action_id=i + 1, action=actions_pb2.Action(play=actions_pb2.PlayAction(card=c)))
            for i, c in enumerate(cards)]


def view(trump, trick=(), seat=1, variant=rules_pb2.VARIANT_TWO_HANDED, winner=None, beating=()):
    """view returns a seat's view with the current trick; winner is the index in trick of the play
    winning it and beating the cards that would take it (the referee's trick_winner and
    beating_cards)."""
    v = view_pb2.View(seat=seat, trump=trump, variant=variant)
    for s, c in trick:
        v.current_trick.add(seat=s, card=c)
    if winner is not None:
        v.trick_winner.CopyFrom(v.current_trick[winner])
    v.beating_cards.extend(beating)
    return v


class FollowsTheViewTest(unittest.TestCase):
    """The strategy takes the trick's winner and the cards that beat it from the view (the
    referee's), not from a comparison of its own: each view here disagrees with the plain rule
    (a higher card of the suit or a trump takes the trick), and the choice follows the view."""

    def test_only_the_views_beating_card_wins(self):
        # By the plain rule the ace and the seven of trumps both take the ten; the view says only
        # the ace does, so the ace (not the cheaper seven) takes the brisque.
        v = view(H, [(0, card(S, TEN))], winner=0, beating=[card(S, ACE)])
        self.assertEqual(strategy_bot(v, plays(card(S, ACE), card(H, SEVEN), card(D, NINE))), 1)

    def test_the_views_winner_is_the_partner(self):
        # By the plain rule seat 2's king (an opponent of seat 3) wins; the view says seat 1, the
        # partner, does, and no brisque is in the trick: throw the cheapest card.
        trick = [(0, card(S, NINE)), (1, card(S, QUEEN)), (2, card(S, KING))]
        v = view(H, trick, seat=3, variant=rules_pb2.VARIANT_FOUR_HANDED, winner=1, beating=[card(S, ACE)])
        self.assertEqual(strategy_bot(v, plays(card(S, ACE), card(D, SEVEN))), 2)


class RubiconTest(unittest.TestCase):
    """A Rubicon decision request: the deal has no trump yet (view.trump is SUIT_UNSPECIFIED
    until the first marriage or sequence fixes it) and the referee may offer a carte blanche."""

    def test_shows_the_carte_blanche_when_offered(self):
        v = view(cards_pb2.SUIT_UNSPECIFIED, variant=rules_pb2.VARIANT_RUBICON)
        la = plays(card(S, ACE), card(D, NINE)) + [
            actions_pb2.LegalAction(action_id=3, action=actions_pb2.Action(meld=actions_pb2.MeldAction(meld=cards_pb2.Meld(points=40)))),
            actions_pb2.LegalAction(action_id=4, action=actions_pb2.Action(carte_blanche=actions_pb2.CarteBlancheAction())),
        ]
        self.assertEqual(strategy_bot(v, la), 4)

    def test_keeps_kings_and_queens_while_no_trump_is_fixed(self):
        # The queen of hearts is the cheapest card by rank, but with no trump fixed a marriage of
        # hers would fix it: the bot leads the nine of diamonds.
        v = view(cards_pb2.SUIT_UNSPECIFIED, variant=rules_pb2.VARIANT_RUBICON)
        self.assertEqual(strategy_bot(v, plays(card(H, QUEEN), card(S, ACE), card(D, TEN, 3), card(C, NINE, 2))), 4)
        # Once trump is fixed (hearts), the queen of spades is a plain card again and the cheapest.
        v = view(H, variant=rules_pb2.VARIANT_RUBICON)
        self.assertEqual(strategy_bot(v, plays(card(S, QUEEN), card(H, NINE), card(D, ACE))), 1)

    def test_follows_the_view_with_no_trump(self):
        # Seat 0 leads the ten of spades, a brisque; the view says the ace of spades beats it
        # (no trump yet, so no card of another suit does): the bot takes it with the ace.
        v = view(cards_pb2.SUIT_UNSPECIFIED, [(0, card(S, TEN))], variant=rules_pb2.VARIANT_RUBICON, winner=0,
                 beating=[card(S, ACE, 2)])
        self.assertEqual(strategy_bot(v, plays(card(H, SEVEN), card(S, ACE, 2), card(D, NINE))), 2)


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
        v = view(H, [(0, card(S, TEN))], winner=0, beating=[card(H, ACE), card(S, ACE), card(H, SEVEN)])
        self.assertEqual(strategy_bot(v, plays(card(H, ACE), card(S, ACE), card(H, SEVEN), card(D, NINE))), 3)  # the seven of trumps

    def test_throws_cheapest_when_partner_wins(self):
        v = view(H, [(0, card(S, NINE)), (1, card(S, KING)), (2, card(C, SEVEN))], seat=3, variant=rules_pb2.VARIANT_FOUR_HANDED,
                 winner=1, beating=[card(S, ACE)])
        # Partner (seat 1) wins with a king of spades and no brisque is in the trick: throw cheap.
        self.assertEqual(strategy_bot(v, plays(card(S, ACE), card(D, SEVEN))), 2)

    def test_random_is_seeded(self):
        la = plays(*(card(S, r) for r in (SEVEN, NINE, JACK, QUEEN, KING)))
        a = [random_bot(1)(view(H), la) for _ in range(1)] + [random_bot(1)(view(H), la)]
        self.assertEqual(a[0], a[1])
        self.assertIn(a[0], range(1, 6))


if __name__ == "__main__":
    unittest.main()
