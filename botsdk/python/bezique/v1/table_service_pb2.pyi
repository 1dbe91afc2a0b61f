from bezique.v1 import events_pb2 as _events_pb2
from bezique.v1 import record_pb2 as _record_pb2
from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import seat_pb2 as _seat_pb2
from bezique.v1 import table_pb2 as _table_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CancelTableRequest(_message.Message):
    __slots__ = ["reason", "table_id"]
    REASON_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    reason: str
    table_id: str
    def __init__(self, table_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class CancelTableResponse(_message.Message):
    __slots__ = ["table"]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableInfo
    def __init__(self, table: _Optional[_Union[_table_pb2.TableInfo, _Mapping]] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ["clock", "failure_policy", "idempotency_key", "options", "public", "seats", "seed", "stacked_deal", "team_policy", "variant"]
    class OptionsEntry(_message.Message):
        __slots__ = ["key", "value"]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    FAILURE_POLICY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    STACKED_DEAL_FIELD_NUMBER: _ClassVar[int]
    TEAM_POLICY_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    clock: _table_pb2.Clock
    failure_policy: _table_pb2.FailurePolicy
    idempotency_key: str
    options: _containers.ScalarMap[str, str]
    public: bool
    seats: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatConfig]
    seed: bytes
    stacked_deal: _table_pb2.StackedDeal
    team_policy: _table_pb2.TeamPolicy
    variant: _rules_pb2.Variant
    def __init__(self, variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., options: _Optional[_Mapping[str, str]] = ..., seats: _Optional[_Iterable[_Union[_table_pb2.SeatConfig, _Mapping]]] = ..., clock: _Optional[_Union[_table_pb2.Clock, _Mapping]] = ..., failure_policy: _Optional[_Union[_table_pb2.FailurePolicy, _Mapping]] = ..., seed: _Optional[bytes] = ..., stacked_deal: _Optional[_Union[_table_pb2.StackedDeal, _Mapping]] = ..., public: bool = ..., team_policy: _Optional[_Union[_table_pb2.TeamPolicy, str]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ["seat_tokens", "seed_commitment", "table", "table_id"]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    seat_tokens: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatToken]
    seed_commitment: str
    table: _table_pb2.TableInfo
    table_id: str
    def __init__(self, table_id: _Optional[str] = ..., seat_tokens: _Optional[_Iterable[_Union[_table_pb2.SeatToken, _Mapping]]] = ..., seed_commitment: _Optional[str] = ..., table: _Optional[_Union[_table_pb2.TableInfo, _Mapping]] = ...) -> None: ...

class GetRecordRequest(_message.Message):
    __slots__ = ["table_id"]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class GetRecordResponse(_message.Message):
    __slots__ = ["record"]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _record_pb2.GameRecord
    def __init__(self, record: _Optional[_Union[_record_pb2.GameRecord, _Mapping]] = ...) -> None: ...

class GetReplayRequest(_message.Message):
    __slots__ = ["table_id"]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class GetReplayResponse(_message.Message):
    __slots__ = ["events"]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[_events_pb2.Event]
    def __init__(self, events: _Optional[_Iterable[_Union[_events_pb2.Event, _Mapping]]] = ...) -> None: ...

class GetRuleCatalogRequest(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class GetRuleCatalogResponse(_message.Message):
    __slots__ = ["options"]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    options: _containers.RepeatedCompositeFieldContainer[_rules_pb2.RuleOption]
    def __init__(self, options: _Optional[_Iterable[_Union[_rules_pb2.RuleOption, _Mapping]]] = ...) -> None: ...

class GetTableRequest(_message.Message):
    __slots__ = ["table_id"]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class GetTableResponse(_message.Message):
    __slots__ = ["table"]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableInfo
    def __init__(self, table: _Optional[_Union[_table_pb2.TableInfo, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ["bot_name", "finished_after", "finished_before", "outcome", "page_size", "page_token", "variant", "without_tournament_games"]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AFTER_FIELD_NUMBER: _ClassVar[int]
    FINISHED_BEFORE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    WITHOUT_TOURNAMENT_GAMES_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    finished_after: _timestamp_pb2.Timestamp
    finished_before: _timestamp_pb2.Timestamp
    outcome: _table_pb2.Outcome
    page_size: int
    page_token: str
    variant: _rules_pb2.Variant
    without_tournament_games: bool
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., bot_name: _Optional[str] = ..., variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., outcome: _Optional[_Union[_table_pb2.Outcome, str]] = ..., finished_after: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., finished_before: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., without_tournament_games: bool = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ["games", "next_page_token"]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_table_pb2.TableInfo]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[_table_pb2.TableInfo, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ["page_size", "page_token", "state", "table_ids"]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    TABLE_IDS_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    state: _table_pb2.TableState
    table_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., state: _Optional[_Union[_table_pb2.TableState, str]] = ..., table_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ListTablesResponse(_message.Message):
    __slots__ = ["next_page_token", "tables"]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    next_page_token: str
    tables: _containers.RepeatedCompositeFieldContainer[_table_pb2.TableInfo]
    def __init__(self, tables: _Optional[_Iterable[_Union[_table_pb2.TableInfo, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchTableRequest(_message.Message):
    __slots__ = ["clock_reports", "delay_ms", "from_seq", "heartbeat_ms", "table_id"]
    CLOCK_REPORTS_FIELD_NUMBER: _ClassVar[int]
    DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    FROM_SEQ_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_MS_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    clock_reports: bool
    delay_ms: int
    from_seq: int
    heartbeat_ms: int
    table_id: str
    def __init__(self, table_id: _Optional[str] = ..., delay_ms: _Optional[int] = ..., from_seq: _Optional[int] = ..., clock_reports: bool = ..., heartbeat_ms: _Optional[int] = ...) -> None: ...

class WatchTableResponse(_message.Message):
    __slots__ = ["clock_report", "event", "heartbeat", "team_message"]
    CLOCK_REPORT_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    TEAM_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    clock_report: _seat_pb2.ClockReport
    event: _events_pb2.Event
    heartbeat: bool
    team_message: _record_pb2.TeamMessageRecord
    def __init__(self, event: _Optional[_Union[_events_pb2.Event, _Mapping]] = ..., team_message: _Optional[_Union[_record_pb2.TeamMessageRecord, _Mapping]] = ..., clock_report: _Optional[_Union[_seat_pb2.ClockReport, _Mapping]] = ..., heartbeat: bool = ...) -> None: ...
