from bezique.v1 import actions_pb2 as _actions_pb2
from bezique.v1 import cards_pb2 as _cards_pb2
from bezique.v1 import events_pb2 as _events_pb2
from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import table_pb2 as _table_pb2
from bezique.v1 import view_pb2 as _view_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DealSummary(_message.Message):
    __slots__ = ["deal", "dealer", "scores", "trump", "turn_up"]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    TURN_UP_FIELD_NUMBER: _ClassVar[int]
    deal: int
    dealer: int
    scores: _containers.RepeatedCompositeFieldContainer[_view_pb2.SideScore]
    trump: _cards_pb2.Suit
    turn_up: _cards_pb2.Card
    def __init__(self, deal: _Optional[int] = ..., dealer: _Optional[int] = ..., trump: _Optional[_Union[_cards_pb2.Suit, str]] = ..., turn_up: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ..., scores: _Optional[_Iterable[_Union[_view_pb2.SideScore, _Mapping]]] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ["actions", "dealing_source", "deals", "deals_planned", "finish_time", "last_seq", "result", "rules", "seats", "seed", "seed_commitment", "seed_salt", "stacked_deal", "start_time", "table_id", "team_messages"]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    DEALING_SOURCE_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    DEALS_PLANNED_FIELD_NUMBER: _ClassVar[int]
    FINISH_TIME_FIELD_NUMBER: _ClassVar[int]
    LAST_SEQ_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEED_SALT_FIELD_NUMBER: _ClassVar[int]
    STACKED_DEAL_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TEAM_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[RecordedAction]
    dealing_source: _table_pb2.DealingSource
    deals: _containers.RepeatedCompositeFieldContainer[DealSummary]
    deals_planned: int
    finish_time: _timestamp_pb2.Timestamp
    last_seq: int
    result: _table_pb2.GameResult
    rules: _rules_pb2.Rules
    seats: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatInfo]
    seed: bytes
    seed_commitment: str
    seed_salt: bytes
    stacked_deal: _table_pb2.StackedDeal
    start_time: _timestamp_pb2.Timestamp
    table_id: str
    team_messages: _containers.RepeatedCompositeFieldContainer[TeamMessageRecord]
    def __init__(self, table_id: _Optional[str] = ..., rules: _Optional[_Union[_rules_pb2.Rules, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[_table_pb2.SeatInfo, _Mapping]]] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[bytes] = ..., stacked_deal: _Optional[_Union[_table_pb2.StackedDeal, _Mapping]] = ..., actions: _Optional[_Iterable[_Union[RecordedAction, _Mapping]]] = ..., deals: _Optional[_Iterable[_Union[DealSummary, _Mapping]]] = ..., result: _Optional[_Union[_table_pb2.GameResult, _Mapping]] = ..., start_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., finish_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., seed_salt: _Optional[bytes] = ..., dealing_source: _Optional[_Union[_table_pb2.DealingSource, str]] = ..., deals_planned: _Optional[int] = ..., team_messages: _Optional[_Iterable[_Union[TeamMessageRecord, _Mapping]]] = ..., last_seq: _Optional[int] = ...) -> None: ...

class RecordedAction(_message.Message):
    __slots__ = ["action", "bank_left_ms", "elapsed_ms", "fallback", "intervention", "seat", "seq"]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    BANK_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_MS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_FIELD_NUMBER: _ClassVar[int]
    INTERVENTION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    action: _actions_pb2.Action
    bank_left_ms: int
    elapsed_ms: int
    fallback: bool
    intervention: _events_pb2.InterventionKind
    seat: int
    seq: int
    def __init__(self, seq: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_actions_pb2.Action, _Mapping]] = ..., elapsed_ms: _Optional[int] = ..., intervention: _Optional[_Union[_events_pb2.InterventionKind, str]] = ..., bank_left_ms: _Optional[int] = ..., fallback: bool = ...) -> None: ...

class TeamMessageRecord(_message.Message):
    __slots__ = ["member", "proposal_action_id", "seat", "seq", "text"]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    PROPOSAL_ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    member: int
    proposal_action_id: int
    seat: int
    seq: int
    text: str
    def __init__(self, seq: _Optional[int] = ..., seat: _Optional[int] = ..., member: _Optional[int] = ..., text: _Optional[str] = ..., proposal_action_id: _Optional[int] = ...) -> None: ...
