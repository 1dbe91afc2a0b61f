from bezique.v1 import events_pb2 as _events_pb2
from bezique.v1 import seat_pb2 as _seat_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Batch(_message.Message):
    __slots__ = ["messages"]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[ConnectResponse]
    def __init__(self, messages: _Optional[_Iterable[_Union[ConnectResponse, _Mapping]]] = ...) -> None: ...

class ConnectRequest(_message.Message):
    __slots__ = ["decide", "join", "pong", "team_message"]
    DECIDE_FIELD_NUMBER: _ClassVar[int]
    JOIN_FIELD_NUMBER: _ClassVar[int]
    PONG_FIELD_NUMBER: _ClassVar[int]
    TEAM_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    decide: _seat_pb2.Decide
    join: _seat_pb2.Join
    pong: _seat_pb2.Pong
    team_message: _seat_pb2.TeamMessage
    def __init__(self, join: _Optional[_Union[_seat_pb2.Join, _Mapping]] = ..., decide: _Optional[_Union[_seat_pb2.Decide, _Mapping]] = ..., pong: _Optional[_Union[_seat_pb2.Pong, _Mapping]] = ..., team_message: _Optional[_Union[_seat_pb2.TeamMessage, _Mapping]] = ...) -> None: ...

class ConnectResponse(_message.Message):
    __slots__ = ["batch", "clock_report", "decision_request", "event", "game_over", "ping", "rejection", "team_message_relayed", "welcome"]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    CLOCK_REPORT_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUEST_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    REJECTION_FIELD_NUMBER: _ClassVar[int]
    TEAM_MESSAGE_RELAYED_FIELD_NUMBER: _ClassVar[int]
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    batch: Batch
    clock_report: _seat_pb2.ClockReport
    decision_request: _seat_pb2.DecisionRequest
    event: _events_pb2.Event
    game_over: _seat_pb2.GameOver
    ping: _seat_pb2.Ping
    rejection: _seat_pb2.Rejection
    team_message_relayed: _seat_pb2.TeamMessageRelayed
    welcome: _seat_pb2.Welcome
    def __init__(self, welcome: _Optional[_Union[_seat_pb2.Welcome, _Mapping]] = ..., event: _Optional[_Union[_events_pb2.Event, _Mapping]] = ..., decision_request: _Optional[_Union[_seat_pb2.DecisionRequest, _Mapping]] = ..., rejection: _Optional[_Union[_seat_pb2.Rejection, _Mapping]] = ..., ping: _Optional[_Union[_seat_pb2.Ping, _Mapping]] = ..., clock_report: _Optional[_Union[_seat_pb2.ClockReport, _Mapping]] = ..., game_over: _Optional[_Union[_seat_pb2.GameOver, _Mapping]] = ..., team_message_relayed: _Optional[_Union[_seat_pb2.TeamMessageRelayed, _Mapping]] = ..., batch: _Optional[_Union[Batch, _Mapping]] = ...) -> None: ...

class DecideRequest(_message.Message):
    __slots__ = ["decide", "member", "seat", "table_id", "token"]
    DECIDE_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    decide: _seat_pb2.Decide
    member: int
    seat: int
    table_id: str
    token: str
    def __init__(self, table_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., decide: _Optional[_Union[_seat_pb2.Decide, _Mapping]] = ..., member: _Optional[int] = ...) -> None: ...

class DecideResponse(_message.Message):
    __slots__ = []
    def __init__(self) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ["heartbeat_ms", "join"]
    HEARTBEAT_MS_FIELD_NUMBER: _ClassVar[int]
    JOIN_FIELD_NUMBER: _ClassVar[int]
    heartbeat_ms: int
    join: _seat_pb2.Join
    def __init__(self, join: _Optional[_Union[_seat_pb2.Join, _Mapping]] = ..., heartbeat_ms: _Optional[int] = ...) -> None: ...

class PlayResponse(_message.Message):
    __slots__ = ["heartbeat", "message"]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    heartbeat: bool
    message: ConnectResponse
    def __init__(self, message: _Optional[_Union[ConnectResponse, _Mapping]] = ..., heartbeat: bool = ...) -> None: ...
