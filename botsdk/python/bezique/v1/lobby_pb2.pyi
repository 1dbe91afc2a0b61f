from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import table_pb2 as _table_pb2
from bezique.v1 import tournament_pb2 as _tournament_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChallengeSeat(_message.Message):
    __slots__ = ["builtin", "lobby", "team"]
    BUILTIN_FIELD_NUMBER: _ClassVar[int]
    LOBBY_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    builtin: _table_pb2.BuiltinSeat
    lobby: str
    team: _tournament_pb2.LobbyTeam
    def __init__(self, lobby: _Optional[str] = ..., builtin: _Optional[_Union[_table_pb2.BuiltinSeat, _Mapping]] = ..., team: _Optional[_Union[_tournament_pb2.LobbyTeam, _Mapping]] = ...) -> None: ...

class GameAssigned(_message.Message):
    __slots__ = ["member", "seat", "table_id", "token", "variant"]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    member: int
    seat: int
    table_id: str
    token: str
    variant: _rules_pb2.Variant
    def __init__(self, table_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., member: _Optional[int] = ...) -> None: ...

class LobbyBot(_message.Message):
    __slots__ = ["capacity", "connect_time", "games_in_play", "key_id", "name", "tournament_id", "variants", "version"]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    CONNECT_TIME_FIELD_NUMBER: _ClassVar[int]
    GAMES_IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    capacity: int
    connect_time: _timestamp_pb2.Timestamp
    games_in_play: int
    key_id: str
    name: str
    tournament_id: str
    variants: _containers.RepeatedScalarFieldContainer[_rules_pb2.Variant]
    version: str
    def __init__(self, name: _Optional[str] = ..., key_id: _Optional[str] = ..., version: _Optional[str] = ..., capacity: _Optional[int] = ..., variants: _Optional[_Iterable[_Union[_rules_pb2.Variant, str]]] = ..., games_in_play: _Optional[int] = ..., connect_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., tournament_id: _Optional[str] = ...) -> None: ...

class LobbyPing(_message.Message):
    __slots__ = ["nonce"]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...
