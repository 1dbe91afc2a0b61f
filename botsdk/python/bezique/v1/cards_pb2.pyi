from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
MELD_CLASS_BEZIQUE: MeldClass
MELD_CLASS_MARRIAGE: MeldClass
MELD_CLASS_QUARTET: MeldClass
MELD_CLASS_SEQUENCE: MeldClass
MELD_CLASS_TRUMP_QUARTET: MeldClass
MELD_CLASS_UNSPECIFIED: MeldClass
MELD_KIND_BACK_DOOR: MeldKind
MELD_KIND_BEZIQUE: MeldKind
MELD_KIND_CARTE_BLANCHE: MeldKind
MELD_KIND_COMMON_MARRIAGE: MeldKind
MELD_KIND_DOUBLE_BEZIQUE: MeldKind
MELD_KIND_FOUR_ACES: MeldKind
MELD_KIND_FOUR_JACKS: MeldKind
MELD_KIND_FOUR_KINGS: MeldKind
MELD_KIND_FOUR_QUEENS: MeldKind
MELD_KIND_FOUR_TRUMP_ACES: MeldKind
MELD_KIND_FOUR_TRUMP_JACKS: MeldKind
MELD_KIND_FOUR_TRUMP_KINGS: MeldKind
MELD_KIND_FOUR_TRUMP_QUEENS: MeldKind
MELD_KIND_FOUR_TRUMP_TENS: MeldKind
MELD_KIND_QUADRUPLE_BEZIQUE: MeldKind
MELD_KIND_ROYAL_MARRIAGE: MeldKind
MELD_KIND_SEQUENCE: MeldKind
MELD_KIND_TRIPLE_BEZIQUE: MeldKind
MELD_KIND_UNSPECIFIED: MeldKind
RANK_ACE: Rank
RANK_EIGHT: Rank
RANK_JACK: Rank
RANK_KING: Rank
RANK_NINE: Rank
RANK_QUEEN: Rank
RANK_SEVEN: Rank
RANK_TEN: Rank
RANK_UNSPECIFIED: Rank
SUIT_CLUBS: Suit
SUIT_DIAMONDS: Suit
SUIT_HEARTS: Suit
SUIT_SPADES: Suit
SUIT_UNSPECIFIED: Suit

class Card(_message.Message):
    __slots__ = ["copy", "id", "rank", "suit", "text"]
    COPY_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    copy: int
    id: int
    rank: Rank
    suit: Suit
    text: str
    def __init__(self, id: _Optional[int] = ..., text: _Optional[str] = ..., suit: _Optional[_Union[Suit, str]] = ..., rank: _Optional[_Union[Rank, str]] = ..., copy: _Optional[int] = ...) -> None: ...

class Meld(_message.Message):
    __slots__ = ["cards", "kind", "points"]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    kind: MeldKind
    points: int
    def __init__(self, kind: _Optional[_Union[MeldKind, str]] = ..., cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ..., points: _Optional[int] = ...) -> None: ...

class Suit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class Rank(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class MeldKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class MeldClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
