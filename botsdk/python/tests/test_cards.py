"""Tests of bezique_bot.cards: card ids read back, and compact views expanded to the full form."""

import pathlib
import unittest

from bezique.v1 import cards_pb2, view_pb2
from bezique_bot.cards import card_copy, card_rank, card_suit, card_text, expand_view

# Compact views and their full forms as the referee makes them (wire.Views.Compact and
# wire.ViewToProto; wire's TestCompactViewFixtures keeps the file current).
FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "compact-views.hex"


def fixture_views():
    """fixture_views returns the (compact, full) View pairs of the fixture file."""
    out = []
    for line in FIXTURE.read_text().splitlines():
        if line and not line.startswith("#"):
            compact, full = line.split()
            out.append((view_pb2.View.FromString(bytes.fromhex(compact)), view_pb2.View.FromString(bytes.fromhex(full))))
    return out


class CardsTest(unittest.TestCase):
    def test_card_ids(self):
        for card_id, text, suit, rank, copy in [(0, "7Sa", cards_pb2.SUIT_SPADES, cards_pb2.RANK_SEVEN, 0),
                                                (44, "QHb", cards_pb2.SUIT_HEARTS, cards_pb2.RANK_QUEEN, 1),
                                                (191, "ACf", cards_pb2.SUIT_CLUBS, cards_pb2.RANK_ACE, 5)]:
            self.assertEqual((card_text(card_id), card_suit(card_id), card_rank(card_id), card_copy(card_id)),
                             (text, suit, rank, copy))

    def test_expand_is_the_full_view(self):
        views = fixture_views()
        self.assertEqual(len(views), 21)
        self.assertTrue(any(s.HasField("pending") for _, full in views for s in full.seats))
        for i, (compact, full) in enumerate(views):
            self.assertTrue(compact.compact, i)
            self.assertLess(compact.ByteSize(), full.ByteSize(), i)
            expand_view(compact)
            self.assertEqual(compact, full, i)
            expand_view(full)  # a full view is left as it is
            self.assertEqual(compact, full, i)

    def test_malformed(self):
        for view, want in [
            (view_pb2.View(compact=True, past_trick_plays=[1, 258], past_trick_sizes=[3], past_trick_winners=[0]),
             "view.past_trick_sizes: they add up to 3 plays, past_trick_plays has 2"),
            (view_pb2.View(compact=True, past_trick_plays=[1, 258], past_trick_sizes=[2]),
             "view.past_trick_winners: 0 winners for 1 tricks (past_trick_sizes)"),
            (view_pb2.View(compact=True, past_trick_plays=[1, 2048], past_trick_sizes=[2], past_trick_winners=[0]),
             "view.past_trick_plays: 2048 is not a play (card id + 256 * seat + 1024 * from_table)"),
            (view_pb2.View(compact=True, hand=[cards_pb2.Card(id=3), cards_pb2.Card(id=200)]),
             "view.hand.id: 200 is not a card id (0..191)"),
        ]:
            with self.assertRaises(ValueError) as ctx:
                expand_view(view)
            self.assertEqual(str(ctx.exception), want)
