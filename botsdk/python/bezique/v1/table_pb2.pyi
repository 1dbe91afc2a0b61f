from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import view_pb2 as _view_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DEALING_SOURCE_CHOSEN_SEED: DealingSource
DEALING_SOURCE_RANDOM: DealingSource
DEALING_SOURCE_STACKED: DealingSource
DEALING_SOURCE_UNSPECIFIED: DealingSource
DESCRIPTOR: _descriptor.FileDescriptor
FAILURE_ACTION_AUTO_PLAY: FailureAction
FAILURE_ACTION_FORFEIT: FailureAction
FAILURE_ACTION_UNSPECIFIED: FailureAction
FORFEIT_CAUSE_DISCONNECT: ForfeitCause
FORFEIT_CAUSE_ILLEGAL: ForfeitCause
FORFEIT_CAUSE_TIMEOUT: ForfeitCause
FORFEIT_CAUSE_UNSPECIFIED: ForfeitCause
OUTCOME_CANCELLED: Outcome
OUTCOME_COMPLETED: Outcome
OUTCOME_EXPIRED: Outcome
OUTCOME_FORFEIT: Outcome
OUTCOME_UNSPECIFIED: Outcome
TABLE_STATE_CANCELLED: TableState
TABLE_STATE_EXPIRED: TableState
TABLE_STATE_FINISHED: TableState
TABLE_STATE_PLAYING: TableState
TABLE_STATE_QUARANTINED: TableState
TABLE_STATE_UNSPECIFIED: TableState
TABLE_STATE_WAITING: TableState
TEAM_POLICY_CAPTAIN: TeamPolicy
TEAM_POLICY_FIRST_ANSWER: TeamPolicy
TEAM_POLICY_UNSPECIFIED: TeamPolicy

class BuiltinSeat(_message.Message):
    __slots__ = ["bot", "name"]
    BOT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    bot: str
    name: str
    def __init__(self, bot: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class Clock(_message.Message):
    __slots__ = ["bank_ms", "decision_ms", "increment_ms"]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    bank_ms: int
    decision_ms: int
    increment_ms: int
    def __init__(self, decision_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ...) -> None: ...

class FailurePolicy(_message.Message):
    __slots__ = ["disconnect_grace_ms", "on_disconnect", "on_illegal", "on_timeout", "strike_limit"]
    DISCONNECT_GRACE_MS_FIELD_NUMBER: _ClassVar[int]
    ON_DISCONNECT_FIELD_NUMBER: _ClassVar[int]
    ON_ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    STRIKE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    disconnect_grace_ms: int
    on_disconnect: FailureAction
    on_illegal: FailureAction
    on_timeout: FailureAction
    strike_limit: int
    def __init__(self, on_timeout: _Optional[_Union[FailureAction, str]] = ..., on_illegal: _Optional[_Union[FailureAction, str]] = ..., on_disconnect: _Optional[_Union[FailureAction, str]] = ..., strike_limit: _Optional[int] = ..., disconnect_grace_ms: _Optional[int] = ...) -> None: ...

class GameResult(_message.Message):
    __slots__ = ["auto_played", "deals", "forfeit_cause", "forfeit_seat", "forfeit_seats", "game_points", "outcome", "reason", "rubicon", "scores", "winner_side"]
    AUTO_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_CAUSE_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_SEATS_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_POINTS_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RUBICON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNER_SIDE_FIELD_NUMBER: _ClassVar[int]
    auto_played: _containers.RepeatedScalarFieldContainer[int]
    deals: int
    forfeit_cause: ForfeitCause
    forfeit_seat: int
    forfeit_seats: _containers.RepeatedScalarFieldContainer[int]
    game_points: int
    outcome: Outcome
    reason: str
    rubicon: bool
    scores: _containers.RepeatedCompositeFieldContainer[_view_pb2.SideScore]
    winner_side: int
    def __init__(self, outcome: _Optional[_Union[Outcome, str]] = ..., winner_side: _Optional[int] = ..., forfeit_seat: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[_view_pb2.SideScore, _Mapping]]] = ..., deals: _Optional[int] = ..., forfeit_cause: _Optional[_Union[ForfeitCause, str]] = ..., reason: _Optional[str] = ..., game_points: _Optional[int] = ..., rubicon: bool = ..., forfeit_seats: _Optional[_Iterable[int]] = ..., auto_played: _Optional[_Iterable[int]] = ...) -> None: ...

class RemoteSeat(_message.Message):
    __slots__ = ["bot_key_id", "name", "team_size"]
    BOT_KEY_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TEAM_SIZE_FIELD_NUMBER: _ClassVar[int]
    bot_key_id: str
    name: str
    team_size: int
    def __init__(self, name: _Optional[str] = ..., bot_key_id: _Optional[str] = ..., team_size: _Optional[int] = ...) -> None: ...

class SeatConfig(_message.Message):
    __slots__ = ["builtin", "remote"]
    BUILTIN_FIELD_NUMBER: _ClassVar[int]
    REMOTE_FIELD_NUMBER: _ClassVar[int]
    builtin: BuiltinSeat
    remote: RemoteSeat
    def __init__(self, remote: _Optional[_Union[RemoteSeat, _Mapping]] = ..., builtin: _Optional[_Union[BuiltinSeat, _Mapping]] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ["bot_key_id", "bot_name", "bot_version", "connected", "name", "remote", "seat", "side"]
    BOT_KEY_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONNECTED_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    REMOTE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    bot_key_id: str
    bot_name: str
    bot_version: str
    connected: bool
    name: str
    remote: bool
    seat: int
    side: int
    def __init__(self, seat: _Optional[int] = ..., side: _Optional[int] = ..., name: _Optional[str] = ..., bot_name: _Optional[str] = ..., bot_version: _Optional[str] = ..., remote: bool = ..., connected: bool = ..., bot_key_id: _Optional[str] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ["seat", "token"]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class StackedDeal(_message.Message):
    __slots__ = ["dealer", "hands", "stock", "turn_up"]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    dealer: int
    hands: _containers.RepeatedCompositeFieldContainer[StackedHand]
    stock: _containers.RepeatedScalarFieldContainer[str]
    turn_up: str
    def __init__(self, dealer: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[StackedHand, _Mapping]]] = ..., turn_up: _Optional[str] = ..., stock: _Optional[_Iterable[str]] = ...) -> None: ...

class StackedHand(_message.Message):
    __slots__ = ["cards"]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class TableInfo(_message.Message):
    __slots__ = ["clock", "create_time", "creator", "dealing_source", "failure_policy", "finish_time", "last_seq", "public", "quarantine_reason", "result", "rules", "scores", "seats", "seed_commitment", "start_time", "state", "table_id"]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    DEALING_SOURCE_FIELD_NUMBER: _ClassVar[int]
    FAILURE_POLICY_FIELD_NUMBER: _ClassVar[int]
    FINISH_TIME_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    QUARANTINE_REASON_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    clock: Clock
    create_time: _timestamp_pb2.Timestamp
    creator: str
    dealing_source: DealingSource
    failure_policy: FailurePolicy
    finish_time: _timestamp_pb2.Timestamp
    last_seq: int
    public: bool
    quarantine_reason: str
    result: GameResult
    rules: _rules_pb2.Rules
    scores: _containers.RepeatedCompositeFieldContainer[_view_pb2.SideScore]
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    seed_commitment: str
    start_time: _timestamp_pb2.Timestamp
    state: TableState
    table_id: str
    def __init__(self, table_id: _Optional[str] = ..., state: _Optional[_Union[TableState, str]] = ..., rules: _Optional[_Union[_rules_pb2.Rules, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., clock: _Optional[_Union[Clock, _Mapping]] = ..., failure_policy: _Optional[_Union[FailurePolicy, _Mapping]] = ..., seed_commitment: _Optional[str] = ..., last_seq: _Optional[int] = ..., scores: _Optional[_Iterable[_Union[_view_pb2.SideScore, _Mapping]]] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., start_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., finish_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., dealing_source: _Optional[_Union[DealingSource, str]] = ..., creator: _Optional[str] = ..., public: bool = ..., quarantine_reason: _Optional[str] = ...) -> None: ...

class TableState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class DealingSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class FailureAction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class Outcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class ForfeitCause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class TeamPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
