"""Decision functions shipped with the SDK: a seeded random bot and a simple greedy strategy."""

from __future__ import annotations

import random
from typing import Optional, Sequence

from bezique.v1 import actions_pb2, cards_pb2, rules_pb2, view_pb2

# Ranks in the proto enum are numbered in trick-taking order (seven lowest, ace highest).
_BRISQUES = (cards_pb2.RANK_ACE, cards_pb2.RANK_TEN)


def random_bot(seed: Optional[int] = None):
    """random_bot returns a decision function that picks uniformly among the legal actions, its
    choices fixed by seed: the baseline of every competition."""
    rng = random.Random(seed)

    def decide(view: view_pb2.View, legal_actions: Sequence[actions_pb2.LegalAction]) -> int:
        return rng.choice(list(legal_actions)).action_id

    return decide


def beats(card: cards_pb2.Card, best: cards_pb2.Card, trump: int) -> bool:
    """beats reports whether card, played after best, takes the trick from it: a trump over a
    non-trump, or a higher card of best's suit (an equal card does not beat the first played)."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def trick_winner_card(view: view_pb2.View) -> Optional[cards_pb2.Card]:
    """trick_winner_card returns the card winning the current trick so far, or None when the
    trick is empty."""
    best = None
    for p in view.current_trick:
        if best is None or beats(p.card, best, view.trump):
            best = p.card
    return best


def _cost(card: cards_pb2.Card, trump: int) -> int:
    """_cost orders cards by how much they hurt to give away: trumps and brisques last."""
    return card.rank + (10 if card.suit == trump else 0) + (5 if card.rank in _BRISQUES else 0)


def strategy_bot(view: view_pb2.View, legal_actions: Sequence[actions_pb2.LegalAction]) -> int:
    """strategy_bot is a simple greedy strategy: meld the richest meld offered; exchange or
    declare the seven of trumps; when following, win the trick with the cheapest card that takes
    it if the trick holds a brisque (ace or ten) or the winner is an opponent, else throw the
    cheapest card; when leading, lead the cheapest card."""
    by_kind: dict[str, list[actions_pb2.LegalAction]] = {}
    for la in legal_actions:
        by_kind.setdefault(la.action.WhichOneof("kind"), []).append(la)
    if "meld" in by_kind:
        return max(by_kind["meld"], key=lambda la: la.action.meld.meld.points).action_id
    for kind in ("seven_exchange", "seven_declare"):
        if kind in by_kind:
            return by_kind[kind][0].action_id
    plays = by_kind.get("play")
    if not plays:
        return legal_actions[0].action_id  # pass_meld / end_window: nothing better to do
    trump = view.trump
    cheapest = min(plays, key=lambda la: _cost(la.action.play.card, trump))
    best = trick_winner_card(view)
    if best is None:
        return cheapest.action_id
    winners = [la for la in plays if beats(la.action.play.card, best, trump)]
    valuable = any(p.card.rank in _BRISQUES for p in view.current_trick)
    if winners and (valuable or _winner_is_opponent(view)):
        return min(winners, key=lambda la: _cost(la.action.play.card, trump)).action_id
    return cheapest.action_id


def _winner_is_opponent(view: view_pb2.View) -> bool:
    """_winner_is_opponent reports whether the seat winning the current trick so far is not the
    bot's partner (in VARIANT_FOUR_HANDED, seats 0 and 2, 1 and 3 are partners)."""
    if not view.HasField("seat") or not view.current_trick:
        return True
    best, seat = None, None
    for p in view.current_trick:
        if best is None or beats(p.card, best, view.trump):
            best, seat = p.card, p.seat
    if view.variant == rules_pb2.VARIANT_FOUR_HANDED:
        return seat % 2 != view.seat % 2
    return seat != view.seat
