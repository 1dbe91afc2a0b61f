from bezique.v1 import actions_pb2 as _actions_pb2
from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import table_pb2 as _table_pb2
from bezique.v1 import view_pb2 as _view_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
REJECTION_CODE_ILLEGAL_ACTION: RejectionCode
REJECTION_CODE_MALFORMED: RejectionCode
REJECTION_CODE_NOT_CAPTAIN: RejectionCode
REJECTION_CODE_STALE_REQUEST: RejectionCode
REJECTION_CODE_UNAVAILABLE: RejectionCode
REJECTION_CODE_UNKNOWN_ACTION: RejectionCode
REJECTION_CODE_UNSPECIFIED: RejectionCode
VIEW_MODE_COMPACT: ViewMode
VIEW_MODE_FULL: ViewMode
VIEW_MODE_NONE: ViewMode
VIEW_MODE_UNSPECIFIED: ViewMode

class ClockReport(_message.Message):
    __slots__ = ["clocks"]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    def __init__(self, clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ...) -> None: ...

class Decide(_message.Message):
    __slots__ = ["action", "action_id", "fallback", "request_id"]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    action: _actions_pb2.Action
    action_id: int
    fallback: bool
    request_id: int
    def __init__(self, request_id: _Optional[int] = ..., action_id: _Optional[int] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., fallback: bool = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ["bank_left_ms", "deadline", "decision_left_ms", "increment_ms", "legal_actions", "request_id", "seq", "view"]
    BANK_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    DECISION_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    bank_left_ms: int
    deadline: _timestamp_pb2.Timestamp
    decision_left_ms: int
    increment_ms: int
    legal_actions: _containers.RepeatedCompositeFieldContainer[_actions_pb2.LegalAction]
    request_id: int
    seq: int
    view: _view_pb2.View
    def __init__(self, request_id: _Optional[int] = ..., seq: _Optional[int] = ..., legal_actions: _Optional[_Iterable[_Union[_actions_pb2.LegalAction, _Mapping]]] = ..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., decision_left_ms: _Optional[int] = ..., bank_left_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ..., view: _Optional[_Union[_view_pb2.View, _Mapping]] = ...) -> None: ...

class GameOver(_message.Message):
    __slots__ = ["result"]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: _table_pb2.GameResult
    def __init__(self, result: _Optional[_Union[_table_pb2.GameResult, _Mapping]] = ...) -> None: ...

class Join(_message.Message):
    __slots__ = ["batch", "bot_name", "bot_version", "member", "protocol_version", "resume_after_seq", "seat", "table_id", "token", "view_mode"]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RESUME_AFTER_SEQ_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VIEW_MODE_FIELD_NUMBER: _ClassVar[int]
    batch: bool
    bot_name: str
    bot_version: str
    member: int
    protocol_version: int
    resume_after_seq: int
    seat: int
    table_id: str
    token: str
    view_mode: ViewMode
    def __init__(self, table_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., bot_name: _Optional[str] = ..., bot_version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., resume_after_seq: _Optional[int] = ..., member: _Optional[int] = ..., view_mode: _Optional[_Union[ViewMode, str]] = ..., batch: bool = ...) -> None: ...

class Ping(_message.Message):
    __slots__ = ["nonce"]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...

class Pong(_message.Message):
    __slots__ = ["nonce"]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...

class Rejection(_message.Message):
    __slots__ = ["code", "message", "request_id", "rule", "strike_limit", "strikes"]
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    STRIKES_FIELD_NUMBER: _ClassVar[int]
    STRIKE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    code: RejectionCode
    message: str
    request_id: int
    rule: str
    strike_limit: int
    strikes: int
    def __init__(self, request_id: _Optional[int] = ..., code: _Optional[_Union[RejectionCode, str]] = ..., rule: _Optional[str] = ..., message: _Optional[str] = ..., strikes: _Optional[int] = ..., strike_limit: _Optional[int] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ["bank_ms", "decision_ms", "rtt_ms", "running", "seat"]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    RTT_MS_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    bank_ms: int
    decision_ms: int
    rtt_ms: int
    running: bool
    seat: int
    def __init__(self, seat: _Optional[int] = ..., rtt_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., running: bool = ..., decision_ms: _Optional[int] = ...) -> None: ...

class TeamMessage(_message.Message):
    __slots__ = ["proposal_action_id", "text"]
    PROPOSAL_ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    proposal_action_id: int
    text: str
    def __init__(self, text: _Optional[str] = ..., proposal_action_id: _Optional[int] = ...) -> None: ...

class TeamMessageRelayed(_message.Message):
    __slots__ = ["member", "proposal_action_id", "seq", "text"]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    PROPOSAL_ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    member: int
    proposal_action_id: int
    seq: int
    text: str
    def __init__(self, member: _Optional[int] = ..., text: _Optional[str] = ..., proposal_action_id: _Optional[int] = ..., seq: _Optional[int] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ["clock", "dealing_source", "failure_policy", "last_seq", "member", "protocol_version", "rules", "seat", "seats", "seed_commitment", "side", "snapshot", "table_id", "team_policy", "team_size"]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    DEALING_SOURCE_FIELD_NUMBER: _ClassVar[int]
    FAILURE_POLICY_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TEAM_POLICY_FIELD_NUMBER: _ClassVar[int]
    TEAM_SIZE_FIELD_NUMBER: _ClassVar[int]
    clock: _table_pb2.Clock
    dealing_source: _table_pb2.DealingSource
    failure_policy: _table_pb2.FailurePolicy
    last_seq: int
    member: int
    protocol_version: int
    rules: _rules_pb2.Rules
    seat: int
    seats: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatInfo]
    seed_commitment: str
    side: int
    snapshot: _view_pb2.View
    table_id: str
    team_policy: _table_pb2.TeamPolicy
    team_size: int
    def __init__(self, table_id: _Optional[str] = ..., rules: _Optional[_Union[_rules_pb2.Rules, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[_table_pb2.SeatInfo, _Mapping]]] = ..., seat: _Optional[int] = ..., side: _Optional[int] = ..., snapshot: _Optional[_Union[_view_pb2.View, _Mapping]] = ..., last_seq: _Optional[int] = ..., protocol_version: _Optional[int] = ..., clock: _Optional[_Union[_table_pb2.Clock, _Mapping]] = ..., failure_policy: _Optional[_Union[_table_pb2.FailurePolicy, _Mapping]] = ..., seed_commitment: _Optional[str] = ..., dealing_source: _Optional[_Union[_table_pb2.DealingSource, str]] = ..., member: _Optional[int] = ..., team_size: _Optional[int] = ..., team_policy: _Optional[_Union[_table_pb2.TeamPolicy, str]] = ...) -> None: ...

class RejectionCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class ViewMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
