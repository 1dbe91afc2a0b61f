from bezique.v1 import lobby_pb2 as _lobby_pb2
from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import table_pb2 as _table_pb2
from bezique.v1 import tournament_pb2 as _tournament_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChallengeRequest(_message.Message):
    __slots__ = ["clock", "failure_policy", "options", "public", "seats", "team_policy", "variant"]
    class OptionsEntry(_message.Message):
        __slots__ = ["key", "value"]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    FAILURE_POLICY_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TEAM_POLICY_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    clock: _table_pb2.Clock
    failure_policy: _table_pb2.FailurePolicy
    options: _containers.ScalarMap[str, str]
    public: bool
    seats: _containers.RepeatedCompositeFieldContainer[_lobby_pb2.ChallengeSeat]
    team_policy: _table_pb2.TeamPolicy
    variant: _rules_pb2.Variant
    def __init__(self, variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., options: _Optional[_Mapping[str, str]] = ..., seats: _Optional[_Iterable[_Union[_lobby_pb2.ChallengeSeat, _Mapping]]] = ..., clock: _Optional[_Union[_table_pb2.Clock, _Mapping]] = ..., failure_policy: _Optional[_Union[_table_pb2.FailurePolicy, _Mapping]] = ..., public: bool = ..., team_policy: _Optional[_Union[_table_pb2.TeamPolicy, str]] = ...) -> None: ...

class ChallengeResponse(_message.Message):
    __slots__ = ["table"]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: _table_pb2.TableInfo
    def __init__(self, table: _Optional[_Union[_table_pb2.TableInfo, _Mapping]] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ["tournament_id"]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class ListBotsResponse(_message.Message):
    __slots__ = ["bots"]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[_lobby_pb2.LobbyBot]
    def __init__(self, bots: _Optional[_Iterable[_Union[_lobby_pb2.LobbyBot, _Mapping]]] = ...) -> None: ...

class ServeRequest(_message.Message):
    __slots__ = ["capacity", "name", "tournament_id", "variants", "version"]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    capacity: int
    name: str
    tournament_id: str
    variants: _containers.RepeatedScalarFieldContainer[_rules_pb2.Variant]
    version: str
    def __init__(self, name: _Optional[str] = ..., version: _Optional[str] = ..., capacity: _Optional[int] = ..., variants: _Optional[_Iterable[_Union[_rules_pb2.Variant, str]]] = ..., tournament_id: _Optional[str] = ...) -> None: ...

class ServeResponse(_message.Message):
    __slots__ = ["game_assigned", "ping", "tournament_ended"]
    GAME_ASSIGNED_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ENDED_FIELD_NUMBER: _ClassVar[int]
    game_assigned: _lobby_pb2.GameAssigned
    ping: _lobby_pb2.LobbyPing
    tournament_ended: TournamentEnded
    def __init__(self, game_assigned: _Optional[_Union[_lobby_pb2.GameAssigned, _Mapping]] = ..., ping: _Optional[_Union[_lobby_pb2.LobbyPing, _Mapping]] = ..., tournament_ended: _Optional[_Union[TournamentEnded, _Mapping]] = ...) -> None: ...

class TournamentEnded(_message.Message):
    __slots__ = ["state", "tournament_id"]
    STATE_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    state: _tournament_pb2.TournamentState
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., state: _Optional[_Union[_tournament_pb2.TournamentState, str]] = ...) -> None: ...
