from bezique.v1 import cards_pb2 as _cards_pb2
from bezique.v1 import rules_pb2 as _rules_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
PHASE_GAME_OVER: Phase
PHASE_TRICK_PHASE1: Phase
PHASE_TRICK_PHASE2: Phase
PHASE_UNSPECIFIED: Phase
PHASE_WINDOW: Phase
WINDOW_STAGE_PARTNER: WindowStage
WINDOW_STAGE_UNSPECIFIED: WindowStage
WINDOW_STAGE_WINNER: WindowStage

class MeldValue(_message.Message):
    __slots__ = ["kind", "points"]
    KIND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    kind: _cards_pb2.MeldKind
    points: int
    def __init__(self, kind: _Optional[_Union[_cards_pb2.MeldKind, str]] = ..., points: _Optional[int] = ...) -> None: ...

class Play(_message.Message):
    __slots__ = ["card", "from_table", "seat"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    from_table: bool
    seat: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., from_table: bool = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ["hand_size", "pending", "seat", "shown_in_hand", "tabled"]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SHOWN_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    TABLED_FIELD_NUMBER: _ClassVar[int]
    hand_size: int
    pending: _cards_pb2.Meld
    seat: int
    shown_in_hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    tabled: _containers.RepeatedCompositeFieldContainer[TabledCard]
    def __init__(self, seat: _Optional[int] = ..., hand_size: _Optional[int] = ..., tabled: _Optional[_Iterable[_Union[TabledCard, _Mapping]]] = ..., pending: _Optional[_Union[_cards_pb2.Meld, _Mapping]] = ..., shown_in_hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class SideScore(_message.Message):
    __slots__ = ["deal_points", "side", "total"]
    DEAL_POINTS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    deal_points: int
    side: int
    total: int
    def __init__(self, side: _Optional[int] = ..., deal_points: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class TabledCard(_message.Message):
    __slots__ = ["card", "scored_classes"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SCORED_CLASSES_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    scored_classes: _containers.RepeatedScalarFieldContainer[_cards_pb2.MeldClass]
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., scored_classes: _Optional[_Iterable[_Union[_cards_pb2.MeldClass, str]]] = ...) -> None: ...

class Trick(_message.Message):
    __slots__ = ["leader", "number", "plays", "winner"]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    leader: int
    number: int
    plays: _containers.RepeatedCompositeFieldContainer[Play]
    winner: int
    def __init__(self, number: _Optional[int] = ..., leader: _Optional[int] = ..., plays: _Optional[_Iterable[_Union[Play, _Mapping]]] = ..., winner: _Optional[int] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ["beating_cards", "compact", "current_trick", "deal", "dealer", "duel", "duel_seats", "hand", "last_stock_card", "meld_values", "past_trick_plays", "past_trick_sizes", "past_trick_winners", "past_tricks", "phase", "scores", "seat", "seats", "spent_sevens", "stock_size", "target", "to_act", "trick", "trick_winner", "trump", "turn_up", "variant", "window", "winner_side"]
    BEATING_CARDS_FIELD_NUMBER: _ClassVar[int]
    COMPACT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TRICK_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUEL_SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    LAST_STOCK_CARD_FIELD_NUMBER: _ClassVar[int]
    MELD_VALUES_FIELD_NUMBER: _ClassVar[int]
    PAST_TRICKS_FIELD_NUMBER: _ClassVar[int]
    PAST_TRICK_PLAYS_FIELD_NUMBER: _ClassVar[int]
    PAST_TRICK_SIZES_FIELD_NUMBER: _ClassVar[int]
    PAST_TRICK_WINNERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SPENT_SEVENS_FIELD_NUMBER: _ClassVar[int]
    STOCK_SIZE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    TRICK_WINNER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    WINNER_SIDE_FIELD_NUMBER: _ClassVar[int]
    beating_cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    compact: bool
    current_trick: _containers.RepeatedCompositeFieldContainer[Play]
    deal: int
    dealer: int
    duel: int
    duel_seats: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    last_stock_card: _cards_pb2.Card
    meld_values: _containers.RepeatedCompositeFieldContainer[MeldValue]
    past_trick_plays: _containers.RepeatedScalarFieldContainer[int]
    past_trick_sizes: _containers.RepeatedScalarFieldContainer[int]
    past_trick_winners: _containers.RepeatedScalarFieldContainer[int]
    past_tricks: _containers.RepeatedCompositeFieldContainer[Trick]
    phase: Phase
    scores: _containers.RepeatedCompositeFieldContainer[SideScore]
    seat: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatView]
    spent_sevens: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    stock_size: int
    target: int
    to_act: int
    trick: int
    trick_winner: Play
    trump: _cards_pb2.Suit
    turn_up: _cards_pb2.Card
    variant: _rules_pb2.Variant
    window: WindowState
    winner_side: int
    def __init__(self, seat: _Optional[int] = ..., variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., deal: _Optional[int] = ..., dealer: _Optional[int] = ..., trump: _Optional[_Union[_cards_pb2.Suit, str]] = ..., turn_up: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., stock_size: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., trick: _Optional[int] = ..., current_trick: _Optional[_Iterable[_Union[Play, _Mapping]]] = ..., past_tricks: _Optional[_Iterable[_Union[Trick, _Mapping]]] = ..., scores: _Optional[_Iterable[_Union[SideScore, _Mapping]]] = ..., to_act: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., window: _Optional[_Union[WindowState, _Mapping]] = ..., spent_sevens: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., last_stock_card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., duel: _Optional[int] = ..., duel_seats: _Optional[_Iterable[int]] = ..., target: _Optional[int] = ..., winner_side: _Optional[int] = ..., trick_winner: _Optional[_Union[Play, _Mapping]] = ..., beating_cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., meld_values: _Optional[_Iterable[_Union[MeldValue, _Mapping]]] = ..., compact: bool = ..., past_trick_plays: _Optional[_Iterable[int]] = ..., past_trick_sizes: _Optional[_Iterable[int]] = ..., past_trick_winners: _Optional[_Iterable[int]] = ...) -> None: ...

class WindowState(_message.Message):
    __slots__ = ["exchanged", "meld_done", "meld_passed", "partner", "stage", "winner"]
    EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    MELD_DONE_FIELD_NUMBER: _ClassVar[int]
    MELD_PASSED_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    exchanged: _cards_pb2.Card
    meld_done: bool
    meld_passed: bool
    partner: int
    stage: WindowStage
    winner: int
    def __init__(self, winner: _Optional[int] = ..., stage: _Optional[_Union[WindowStage, str]] = ..., meld_done: bool = ..., meld_passed: bool = ..., partner: _Optional[int] = ..., exchanged: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class WindowStage(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
