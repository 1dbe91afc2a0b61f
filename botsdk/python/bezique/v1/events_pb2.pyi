from bezique.v1 import actions_pb2 as _actions_pb2
from bezique.v1 import cards_pb2 as _cards_pb2
from bezique.v1 import view_pb2 as _view_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
INTERVENTION_KIND_AUTO_PLAY_DISCONNECT: InterventionKind
INTERVENTION_KIND_AUTO_PLAY_ILLEGAL: InterventionKind
INTERVENTION_KIND_AUTO_PLAY_TIMEOUT: InterventionKind
INTERVENTION_KIND_FORFEIT: InterventionKind
INTERVENTION_KIND_UNSPECIFIED: InterventionKind
LAPSE_CAUSE_CARD_PLAYED: LapseCause
LAPSE_CAUSE_PHASE2: LapseCause
LAPSE_CAUSE_UNSPECIFIED: LapseCause

class AnnouncementLapsed(_message.Message):
    __slots__ = ["card", "cause", "meld", "seat"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CAUSE_FIELD_NUMBER: _ClassVar[int]
    MELD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    cause: LapseCause
    meld: _cards_pb2.Meld
    seat: int
    def __init__(self, seat: _Optional[int] = ..., meld: _Optional[_Union[_cards_pb2.Meld, _Mapping]] = ..., cause: _Optional[_Union[LapseCause, str]] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class BrisquesScored(_message.Message):
    __slots__ = ["count", "points", "side"]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    count: int
    points: int
    side: int
    def __init__(self, side: _Optional[int] = ..., count: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class CardDrawn(_message.Message):
    __slots__ = ["card", "revealed", "seat", "stock_size"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STOCK_SIZE_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    revealed: bool
    seat: int
    stock_size: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., revealed: bool = ..., stock_size: _Optional[int] = ...) -> None: ...

class CardPlayed(_message.Message):
    __slots__ = ["card", "from_table", "seat"]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    from_table: bool
    seat: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., from_table: bool = ...) -> None: ...

class CarteBlancheShown(_message.Message):
    __slots__ = ["cards", "points", "seat", "side"]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    points: int
    seat: int
    side: int
    def __init__(self, seat: _Optional[int] = ..., side: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., points: _Optional[int] = ...) -> None: ...

class DealEnded(_message.Message):
    __slots__ = ["deal", "scores"]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    deal: int
    scores: _containers.RepeatedCompositeFieldContainer[_view_pb2.SideScore]
    def __init__(self, deal: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[_view_pb2.SideScore, _Mapping]]] = ...) -> None: ...

class DealStarted(_message.Message):
    __slots__ = ["deal", "dealer", "stock_size", "trump", "turn_up"]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    STOCK_SIZE_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    deal: int
    dealer: int
    stock_size: int
    trump: _cards_pb2.Suit
    turn_up: _cards_pb2.Card
    def __init__(self, deal: _Optional[int] = ..., dealer: _Optional[int] = ..., trump: _Optional[_Union[_cards_pb2.Suit, str]] = ..., turn_up: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., stock_size: _Optional[int] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ["announcement_lapsed", "brisques_scored", "card_drawn", "card_played", "carte_blanche_shown", "deal_ended", "deal_started", "game_ended", "hand_dealt", "intervention", "last_trick_scored", "meld_passed", "melded", "phase2_started", "seat_connected", "seat_disconnected", "seq", "seven_declared", "seven_exchanged", "seven_played_scored", "table_cancelled", "trick_won", "trump_fixed", "turn_up_seven", "window_ended"]
    ANNOUNCEMENT_LAPSED_FIELD_NUMBER: _ClassVar[int]
    BRISQUES_SCORED_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    CARTE_BLANCHE_SHOWN_FIELD_NUMBER: _ClassVar[int]
    DEAL_ENDED_FIELD_NUMBER: _ClassVar[int]
    DEAL_STARTED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    INTERVENTION_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_SCORED_FIELD_NUMBER: _ClassVar[int]
    MELDED_FIELD_NUMBER: _ClassVar[int]
    MELD_PASSED_FIELD_NUMBER: _ClassVar[int]
    PHASE2_STARTED_FIELD_NUMBER: _ClassVar[int]
    SEAT_CONNECTED_FIELD_NUMBER: _ClassVar[int]
    SEAT_DISCONNECTED_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    SEVEN_DECLARED_FIELD_NUMBER: _ClassVar[int]
    SEVEN_EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    SEVEN_PLAYED_SCORED_FIELD_NUMBER: _ClassVar[int]
    TABLE_CANCELLED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIXED_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_SEVEN_FIELD_NUMBER: _ClassVar[int]
    WINDOW_ENDED_FIELD_NUMBER: _ClassVar[int]
    announcement_lapsed: AnnouncementLapsed
    brisques_scored: BrisquesScored
    card_drawn: CardDrawn
    card_played: CardPlayed
    carte_blanche_shown: CarteBlancheShown
    deal_ended: DealEnded
    deal_started: DealStarted
    game_ended: GameEnded
    hand_dealt: HandDealt
    intervention: Intervention
    last_trick_scored: LastTrickScored
    meld_passed: MeldPassed
    melded: Melded
    phase2_started: Phase2Started
    seat_connected: SeatConnected
    seat_disconnected: SeatDisconnected
    seq: int
    seven_declared: SevenDeclared
    seven_exchanged: SevenExchanged
    seven_played_scored: SevenPlayedScored
    table_cancelled: TableCancelled
    trick_won: TrickWon
    trump_fixed: TrumpFixed
    turn_up_seven: TurnUpSeven
    window_ended: WindowEnded
    def __init__(self, seq: _Optional[int] = ..., deal_started: _Optional[_Union[DealStarted, _Mapping]] = ..., hand_dealt: _Optional[_Union[HandDealt, _Mapping]] = ..., turn_up_seven: _Optional[_Union[TurnUpSeven, _Mapping]] = ..., card_played: _Optional[_Union[CardPlayed, _Mapping]] = ..., trick_won: _Optional[_Union[TrickWon, _Mapping]] = ..., melded: _Optional[_Union[Melded, _Mapping]] = ..., seven_exchanged: _Optional[_Union[SevenExchanged, _Mapping]] = ..., seven_declared: _Optional[_Union[SevenDeclared, _Mapping]] = ..., seven_played_scored: _Optional[_Union[SevenPlayedScored, _Mapping]] = ..., meld_passed: _Optional[_Union[MeldPassed, _Mapping]] = ..., window_ended: _Optional[_Union[WindowEnded, _Mapping]] = ..., card_drawn: _Optional[_Union[CardDrawn, _Mapping]] = ..., phase2_started: _Optional[_Union[Phase2Started, _Mapping]] = ..., brisques_scored: _Optional[_Union[BrisquesScored, _Mapping]] = ..., last_trick_scored: _Optional[_Union[LastTrickScored, _Mapping]] = ..., deal_ended: _Optional[_Union[DealEnded, _Mapping]] = ..., game_ended: _Optional[_Union[GameEnded, _Mapping]] = ..., intervention: _Optional[_Union[Intervention, _Mapping]] = ..., seat_connected: _Optional[_Union[SeatConnected, _Mapping]] = ..., seat_disconnected: _Optional[_Union[SeatDisconnected, _Mapping]] = ..., table_cancelled: _Optional[_Union[TableCancelled, _Mapping]] = ..., trump_fixed: _Optional[_Union[TrumpFixed, _Mapping]] = ..., carte_blanche_shown: _Optional[_Union[CarteBlancheShown, _Mapping]] = ..., announcement_lapsed: _Optional[_Union[AnnouncementLapsed, _Mapping]] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ["game_points", "rubicon", "scores", "tie", "winner_side"]
    GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    RUBICON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TIE_FIELD_NUMBER: _ClassVar[int]
    WINNER_SIDE_FIELD_NUMBER: _ClassVar[int]
    game_points: int
    rubicon: bool
    scores: _containers.RepeatedCompositeFieldContainer[_view_pb2.SideScore]
    tie: bool
    winner_side: int
    def __init__(self, winner_side: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[_view_pb2.SideScore, _Mapping]]] = ..., tie: bool = ..., game_points: _Optional[int] = ..., rubicon: bool = ...) -> None: ...

class HandDealt(_message.Message):
    __slots__ = ["cards", "count", "seat"]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    count: int
    seat: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., count: _Optional[int] = ...) -> None: ...

class Intervention(_message.Message):
    __slots__ = ["action", "kind", "reason", "seat"]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    action: _actions_pb2.Action
    kind: InterventionKind
    reason: str
    seat: int
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[InterventionKind, str]] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., reason: _Optional[str] = ...) -> None: ...

class LastTrickScored(_message.Message):
    __slots__ = ["points", "seat", "side"]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    points: int
    seat: int
    side: int
    def __init__(self, seat: _Optional[int] = ..., side: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class MeldPassed(_message.Message):
    __slots__ = ["seat"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class Melded(_message.Message):
    __slots__ = ["announced", "meld", "pending", "seat"]
    ANNOUNCED_FIELD_NUMBER: _ClassVar[int]
    MELD_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    announced: bool
    meld: _cards_pb2.Meld
    pending: bool
    seat: int
    def __init__(self, seat: _Optional[int] = ..., meld: _Optional[_Union[_cards_pb2.Meld, _Mapping]] = ..., pending: bool = ..., announced: bool = ...) -> None: ...

class Phase2Started(_message.Message):
    __slots__ = ["duel", "leader"]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    duel: int
    leader: int
    def __init__(self, duel: _Optional[int] = ..., leader: _Optional[int] = ...) -> None: ...

class SeatConnected(_message.Message):
    __slots__ = ["seat"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class SeatDisconnected(_message.Message):
    __slots__ = ["seat"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class SevenDeclared(_message.Message):
    __slots__ = ["points", "seat", "seven"]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEVEN_FIELD_NUMBER: _ClassVar[int]
    points: int
    seat: int
    seven: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., seven: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., points: _Optional[int] = ...) -> None: ...

class SevenExchanged(_message.Message):
    __slots__ = ["points", "seat", "seven", "taken"]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEVEN_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    points: int
    seat: int
    seven: _cards_pb2.Card
    taken: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., seven: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., taken: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., points: _Optional[int] = ...) -> None: ...

class SevenPlayedScored(_message.Message):
    __slots__ = ["points", "seat", "seven"]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEVEN_FIELD_NUMBER: _ClassVar[int]
    points: int
    seat: int
    seven: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., seven: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., points: _Optional[int] = ...) -> None: ...

class TableCancelled(_message.Message):
    __slots__ = ["reason"]
    REASON_FIELD_NUMBER: _ClassVar[int]
    reason: str
    def __init__(self, reason: _Optional[str] = ...) -> None: ...

class TrickWon(_message.Message):
    __slots__ = ["cards", "points", "trick", "winner"]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    points: int
    trick: int
    winner: int
    def __init__(self, winner: _Optional[int] = ..., trick: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., points: _Optional[int] = ...) -> None: ...

class TrumpFixed(_message.Message):
    __slots__ = ["seat", "trump"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    trump: _cards_pb2.Suit
    def __init__(self, seat: _Optional[int] = ..., trump: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class TurnUpSeven(_message.Message):
    __slots__ = ["dealer", "points", "side"]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    dealer: int
    points: int
    side: int
    def __init__(self, dealer: _Optional[int] = ..., side: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class WindowEnded(_message.Message):
    __slots__ = ["seat"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class InterventionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class LapseCause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
