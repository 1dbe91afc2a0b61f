"""Card ids and the compact view: what a card id says (text, suit, rank, copy), and
:func:`expand_view`, which turns a compact view (View.compact, Join.view_mode VIEW_MODE_COMPACT)
into the full form the referee sends with VIEW_MODE_FULL. The same rules as the Go SDK's
wire.ExpandView; proto/bezique/v1/view.proto defines the compact form."""

from __future__ import annotations

from typing import cast

from bezique.v1 import cards_pb2, view_pb2

#: MAX_CARDS is the number of card ids, 0..191 (six packs of 32).
MAX_CARDS = 192
_RANKS = "789JQKTA"
_SUITS = "SHDC"
# A packed play (View.past_trick_plays) is card id + _PLAY_SEAT * seat + _PLAY_FROM_TABLE * from_table.
_PLAY_SEAT = 256
_PLAY_FROM_TABLE = 1024


def card_suit(card_id: int) -> cards_pb2.Suit:
    """card_suit returns the suit of a card id, a cards_pb2.Suit value (SUIT_SPADES..SUIT_CLUBS)."""
    return cast(cards_pb2.Suit, card_id % 32 // 8 + 1)


def card_rank(card_id: int) -> cards_pb2.Rank:
    """card_rank returns the rank of a card id, a cards_pb2.Rank value (RANK_SEVEN..RANK_ACE)."""
    return cast(cards_pb2.Rank, card_id % 8 + 1)


def card_copy(card_id: int) -> int:
    """card_copy returns which copy of its face a card id is, 0..5 (a to f)."""
    return card_id // 32


def card_text(card_id: int) -> str:
    """card_text returns the text form of a card id: rank, suit, copy letter ("QSa", "THb", "7Cd")."""
    return _RANKS[card_id % 8] + _SUITS[card_id % 32 // 8] + "abcdef"[card_id // 32]


def _fill(card: cards_pb2.Card, card_id: int, field: str) -> None:
    """_fill sets card's id and the fields that follow from it; field names it in the error."""
    if card_id >= MAX_CARDS:
        raise ValueError(f"{field}.id: {card_id} is not a card id (0..{MAX_CARDS - 1})")
    card.id, card.text, card.suit, card.rank, card.copy = (card_id, card_text(card_id), card_suit(card_id),
                                                           card_rank(card_id), card_copy(card_id))


def expand_view(view: view_pb2.View) -> None:
    """expand_view turns a compact view into its full form in place: every card's text, suit, rank
    and copy from its id, and past_tricks from past_trick_plays, past_trick_sizes and
    past_trick_winners (then cleared). A full view is left as it is. It raises ValueError naming
    the field when the packed lists do not add up or a card id is not one."""
    if not view.compact:
        return
    plays, sizes, winners = list(view.past_trick_plays), list(view.past_trick_sizes), list(view.past_trick_winners)
    if len(winners) != len(sizes):
        raise ValueError(f"view.past_trick_winners: {len(winners)} winners for {len(sizes)} tricks (past_trick_sizes)")
    if sum(sizes) != len(plays):
        raise ValueError(f"view.past_trick_sizes: they add up to {sum(sizes)} plays, past_trick_plays has {len(plays)}")
    for field, card in _cards(view):
        _fill(card, card.id, field)
    at = 0
    for i, (n, winner) in enumerate(zip(sizes, winners)):
        trick = view.past_tricks.add(number=i + 1, winner=winner)
        for p in plays[at:at + n]:
            if p >= 2 * _PLAY_FROM_TABLE:
                raise ValueError(f"view.past_trick_plays: {p} is not a play (card id + 256 * seat + 1024 * from_table)")
            play = trick.plays.add(seat=p // _PLAY_SEAT % 4, from_table=p // _PLAY_FROM_TABLE == 1)
            _fill(play.card, p % _PLAY_SEAT, "view.past_trick_plays")
        if n:
            trick.leader = trick.plays[0].seat
        at += n
    for name in ("past_trick_plays", "past_trick_sizes", "past_trick_winners", "compact"):
        view.ClearField(name)


def _cards(view: view_pb2.View):
    """_cards yields (field name, card) for every card of view but those of its finished tricks."""
    for name in ("turn_up", "last_stock_card"):
        if view.HasField(name):
            yield "view." + name, getattr(view, name)
    if view.HasField("trick_winner") and view.trick_winner.HasField("card"):
        yield "view.trick_winner.card", view.trick_winner.card
    if view.HasField("window") and view.window.HasField("exchanged"):
        yield "view.window.exchanged", view.window.exchanged
    for name in ("hand", "spent_sevens", "beating_cards"):
        for card in getattr(view, name):
            yield "view." + name, card
    for play in view.current_trick:
        if play.HasField("card"):
            yield "view.current_trick.card", play.card
    for seat in view.seats:
        for tabled in seat.tabled:
            if tabled.HasField("card"):
                yield "view.seats.tabled.card", tabled.card
        if seat.HasField("pending"):
            for card in seat.pending.cards:
                yield "view.seats.pending.cards", card
        for card in seat.shown_in_hand:
            yield "view.seats.shown_in_hand", card
