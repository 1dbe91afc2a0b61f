from bezique.v1 import tournament_pb2 as _tournament_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CancelTournamentRequest(_message.Message):
    __slots__ = ["reason", "tournament_id"]
    REASON_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    reason: str
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class CancelTournamentResponse(_message.Message):
    __slots__ = ["tournament"]
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: _tournament_pb2.TournamentInfo
    def __init__(self, tournament: _Optional[_Union[_tournament_pb2.TournamentInfo, _Mapping]] = ...) -> None: ...

class CreateTournamentRequest(_message.Message):
    __slots__ = ["seed", "spec"]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SPEC_FIELD_NUMBER: _ClassVar[int]
    seed: bytes
    spec: _tournament_pb2.TournamentSpec
    def __init__(self, spec: _Optional[_Union[_tournament_pb2.TournamentSpec, _Mapping]] = ..., seed: _Optional[bytes] = ...) -> None: ...

class CreateTournamentResponse(_message.Message):
    __slots__ = ["tournament"]
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: _tournament_pb2.TournamentInfo
    def __init__(self, tournament: _Optional[_Union[_tournament_pb2.TournamentInfo, _Mapping]] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ["omit_pairs", "page_size", "page_token", "tournament_id"]
    OMIT_PAIRS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    omit_pairs: bool
    page_size: int
    page_token: str
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., omit_pairs: bool = ...) -> None: ...

class GetTournamentResponse(_message.Message):
    __slots__ = ["next_page_token", "results", "tournament"]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    next_page_token: str
    results: _containers.RepeatedCompositeFieldContainer[_tournament_pb2.TournamentGameResult]
    tournament: _tournament_pb2.TournamentInfo
    def __init__(self, tournament: _Optional[_Union[_tournament_pb2.TournamentInfo, _Mapping]] = ..., results: _Optional[_Iterable[_Union[_tournament_pb2.TournamentGameResult, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ListTournamentsRequest(_message.Message):
    __slots__ = ["newest_first", "page_size", "page_token", "state"]
    NEWEST_FIRST_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    newest_first: bool
    page_size: int
    page_token: str
    state: _tournament_pb2.TournamentState
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., state: _Optional[_Union[_tournament_pb2.TournamentState, str]] = ..., newest_first: bool = ...) -> None: ...

class ListTournamentsResponse(_message.Message):
    __slots__ = ["next_page_token", "tournaments"]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENTS_FIELD_NUMBER: _ClassVar[int]
    next_page_token: str
    tournaments: _containers.RepeatedCompositeFieldContainer[_tournament_pb2.TournamentInfo]
    def __init__(self, tournaments: _Optional[_Iterable[_Union[_tournament_pb2.TournamentInfo, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchTournamentRequest(_message.Message):
    __slots__ = ["heartbeat_ms", "omit_pairs", "tournament_id"]
    HEARTBEAT_MS_FIELD_NUMBER: _ClassVar[int]
    OMIT_PAIRS_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    heartbeat_ms: int
    omit_pairs: bool
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., omit_pairs: bool = ..., heartbeat_ms: _Optional[int] = ...) -> None: ...

class WatchTournamentResponse(_message.Message):
    __slots__ = ["away_bots", "heartbeat", "more", "pairs_changed", "results", "standings", "state"]
    AWAY_BOTS_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    MORE_FIELD_NUMBER: _ClassVar[int]
    PAIRS_CHANGED_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    away_bots: _containers.RepeatedCompositeFieldContainer[_tournament_pb2.AwayBot]
    heartbeat: bool
    more: bool
    pairs_changed: bool
    results: _containers.RepeatedCompositeFieldContainer[_tournament_pb2.TournamentGameResult]
    standings: _tournament_pb2.Standings
    state: _tournament_pb2.TournamentState
    def __init__(self, results: _Optional[_Iterable[_Union[_tournament_pb2.TournamentGameResult, _Mapping]]] = ..., standings: _Optional[_Union[_tournament_pb2.Standings, _Mapping]] = ..., state: _Optional[_Union[_tournament_pb2.TournamentState, str]] = ..., more: bool = ..., pairs_changed: bool = ..., heartbeat: bool = ..., away_bots: _Optional[_Iterable[_Union[_tournament_pb2.AwayBot, _Mapping]]] = ...) -> None: ...
