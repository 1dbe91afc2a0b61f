"""Decision functions shipped with the SDK: a seeded random bot and a simple greedy strategy."""

from __future__ import annotations

import random
from typing import Optional, Sequence

from bezique.v1 import actions_pb2, cards_pb2, rules_pb2, view_pb2

# Ranks in the proto enum are numbered in trick-taking order (seven lowest, ace highest).
_BRISQUES = (cards_pb2.RANK_ACE, cards_pb2.RANK_TEN)
_COURT = (cards_pb2.RANK_KING, cards_pb2.RANK_QUEEN)


def random_bot(seed: Optional[int] = None):
    """random_bot returns a decision function that picks uniformly among the legal actions, its
    choices fixed by seed: the baseline of every competition."""
    rng = random.Random(seed)

    def decide(view: view_pb2.View, legal_actions: Sequence[actions_pb2.LegalAction]) -> int:
        return rng.choice(list(legal_actions)).action_id

    return decide


def trick_winner(view: view_pb2.View) -> Optional[view_pb2.Play]:
    """trick_winner returns the play winning the current trick so far, as the referee decides
    tricks (view.trick_winner), or None when the trick is empty."""
    return view.trick_winner if view.HasField("trick_winner") else None


def takes_trick(view: view_pb2.View, card: cards_pb2.Card) -> bool:
    """takes_trick reports whether card, played now, would take the current trick from its
    winner: the referee lists such cards in view.beating_cards."""
    return any(c.id == card.id for c in view.beating_cards)


def trump_fixed(view: view_pb2.View) -> bool:
    """trump_fixed reports whether the deal has a trump yet: in Rubicon and six-pack (and
    two-handed with turn_up_trump=false) view.trump is SUIT_UNSPECIFIED until the first marriage
    or sequence fixes it (a trump_fixed event)."""
    return view.trump != cards_pb2.SUIT_UNSPECIFIED


def _cost(card: cards_pb2.Card, view: view_pb2.View) -> int:
    """_cost orders cards by how much they hurt to give away: trumps and brisques last; while no
    trump is fixed, kings and queens too (a marriage of theirs would fix it)."""
    if trump_fixed(view):
        extra = 10 if card.suit == view.trump else 0
    else:
        extra = 10 if card.rank in _COURT else 0
    return card.rank + extra + (5 if card.rank in _BRISQUES else 0)


def strategy_bot(view: view_pb2.View, legal_actions: Sequence[actions_pb2.LegalAction]) -> int:
    """strategy_bot is a simple greedy strategy: show a carte blanche whenever it is offered
    (Rubicon, six-pack: it always scores); meld the richest meld offered; exchange or declare the
    seven of trumps; when following, win the trick with the cheapest card that takes
    it if the trick holds a brisque (ace or ten) or the winner is an opponent, else throw the
    cheapest card; when leading, lead the cheapest card. While no trump is fixed (view.trump is
    SUIT_UNSPECIFIED) it keeps kings and queens instead of trumps."""
    by_kind: dict[str, list[actions_pb2.LegalAction]] = {}
    for la in legal_actions:
        by_kind.setdefault(la.action.WhichOneof("kind"), []).append(la)
    if "carte_blanche" in by_kind:
        return by_kind["carte_blanche"][0].action_id
    if "meld" in by_kind:
        return max(by_kind["meld"], key=lambda la: la.action.meld.meld.points).action_id
    for kind in ("seven_exchange", "seven_declare"):
        if kind in by_kind:
            return by_kind[kind][0].action_id
    plays = by_kind.get("play")
    if not plays:
        return legal_actions[0].action_id  # pass_meld / end_window: nothing better to do
    cheapest = min(plays, key=lambda la: _cost(la.action.play.card, view))
    win = trick_winner(view)
    if win is None:
        return cheapest.action_id
    winners = [la for la in plays if takes_trick(view, la.action.play.card)]
    valuable = any(p.card.rank in _BRISQUES for p in view.current_trick)
    if winners and (valuable or _is_opponent(view, win.seat)):
        return min(winners, key=lambda la: _cost(la.action.play.card, view)).action_id
    return cheapest.action_id


def _is_opponent(view: view_pb2.View, seat: int) -> bool:
    """_is_opponent reports whether seat is not the bot nor its partner (in VARIANT_FOUR_HANDED,
    seats 0 and 2, 1 and 3 are partners)."""
    if not view.HasField("seat"):
        return True
    if view.variant == rules_pb2.VARIANT_FOUR_HANDED:
        return seat % 2 != view.seat % 2
    return seat != view.seat
