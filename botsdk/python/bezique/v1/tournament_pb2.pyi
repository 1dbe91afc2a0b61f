from bezique.v1 import rules_pb2 as _rules_pb2
from bezique.v1 import table_pb2 as _table_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor
PARTNERS_FIXED: Partners
PARTNERS_ROTATING: Partners
PARTNERS_UNSPECIFIED: Partners
SPRT_VERDICT_CONTINUE: SprtVerdict
SPRT_VERDICT_H0: SprtVerdict
SPRT_VERDICT_H1: SprtVerdict
SPRT_VERDICT_UNSPECIFIED: SprtVerdict
TOURNAMENT_FORMAT_GAUNTLET: TournamentFormat
TOURNAMENT_FORMAT_MATCH: TournamentFormat
TOURNAMENT_FORMAT_ROUND_ROBIN: TournamentFormat
TOURNAMENT_FORMAT_UNSPECIFIED: TournamentFormat
TOURNAMENT_STATE_CANCELLED: TournamentState
TOURNAMENT_STATE_FINISHED: TournamentState
TOURNAMENT_STATE_RUNNING: TournamentState
TOURNAMENT_STATE_UNSPECIFIED: TournamentState

class AwayBot(_message.Message):
    __slots__ = ["bot", "forfeit_time", "since", "unable"]
    BOT_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_TIME_FIELD_NUMBER: _ClassVar[int]
    SINCE_FIELD_NUMBER: _ClassVar[int]
    UNABLE_FIELD_NUMBER: _ClassVar[int]
    bot: str
    forfeit_time: _timestamp_pb2.Timestamp
    since: _timestamp_pb2.Timestamp
    unable: str
    def __init__(self, bot: _Optional[str] = ..., since: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., forfeit_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., unable: _Optional[str] = ...) -> None: ...

class EloInterval(_message.Message):
    __slots__ = ["elo", "hi", "lo"]
    ELO_FIELD_NUMBER: _ClassVar[int]
    HI_FIELD_NUMBER: _ClassVar[int]
    LO_FIELD_NUMBER: _ClassVar[int]
    elo: float
    hi: float
    lo: float
    def __init__(self, elo: _Optional[float] = ..., lo: _Optional[float] = ..., hi: _Optional[float] = ...) -> None: ...

class Entrant(_message.Message):
    __slots__ = ["builtin_bot", "id", "lobby_bot", "lobby_team"]
    BUILTIN_BOT_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    LOBBY_BOT_FIELD_NUMBER: _ClassVar[int]
    LOBBY_TEAM_FIELD_NUMBER: _ClassVar[int]
    builtin_bot: str
    id: str
    lobby_bot: str
    lobby_team: LobbyTeam
    def __init__(self, id: _Optional[str] = ..., builtin_bot: _Optional[str] = ..., lobby_bot: _Optional[str] = ..., lobby_team: _Optional[_Union[LobbyTeam, _Mapping]] = ...) -> None: ...

class EntrantStanding(_message.Message):
    __slots__ = ["deal_diff", "deal_sets", "disconnects", "draws", "entrant", "fallbacks", "forfeits", "forfeits_disconnect", "forfeits_illegal", "forfeits_timeout", "games", "illegal", "losses", "mean_decision_ms", "points", "rating", "score", "scored_games", "timeouts", "wins"]
    DEAL_DIFF_FIELD_NUMBER: _ClassVar[int]
    DEAL_SETS_FIELD_NUMBER: _ClassVar[int]
    DISCONNECTS_FIELD_NUMBER: _ClassVar[int]
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    FALLBACKS_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_DISCONNECT_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    MEAN_DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    SCORED_GAMES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    deal_diff: float
    deal_sets: int
    disconnects: int
    draws: int
    entrant: str
    fallbacks: int
    forfeits: int
    forfeits_disconnect: int
    forfeits_illegal: int
    forfeits_timeout: int
    games: int
    illegal: int
    losses: int
    mean_decision_ms: float
    points: float
    rating: Rating
    score: int
    scored_games: int
    timeouts: int
    wins: int
    def __init__(self, entrant: _Optional[str] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ..., draws: _Optional[int] = ..., losses: _Optional[int] = ..., points: _Optional[float] = ..., score: _Optional[int] = ..., deal_diff: _Optional[float] = ..., forfeits: _Optional[int] = ..., timeouts: _Optional[int] = ..., illegal: _Optional[int] = ..., disconnects: _Optional[int] = ..., mean_decision_ms: _Optional[float] = ..., rating: _Optional[_Union[Rating, _Mapping]] = ..., fallbacks: _Optional[int] = ..., forfeits_timeout: _Optional[int] = ..., forfeits_illegal: _Optional[int] = ..., forfeits_disconnect: _Optional[int] = ..., scored_games: _Optional[int] = ..., deal_sets: _Optional[int] = ...) -> None: ...

class LobbyTeam(_message.Message):
    __slots__ = ["members"]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    members: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, members: _Optional[_Iterable[str]] = ...) -> None: ...

class PairStanding(_message.Message):
    __slots__ = ["a", "b", "draws", "elo", "losses", "penta", "wins"]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    ELO_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    PENTA_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    a: str
    b: str
    draws: int
    elo: EloInterval
    losses: int
    penta: _containers.RepeatedScalarFieldContainer[int]
    wins: int
    def __init__(self, a: _Optional[str] = ..., b: _Optional[str] = ..., wins: _Optional[int] = ..., draws: _Optional[int] = ..., losses: _Optional[int] = ..., penta: _Optional[_Iterable[int]] = ..., elo: _Optional[_Union[EloInterval, _Mapping]] = ...) -> None: ...

class Rating(_message.Message):
    __slots__ = ["mu", "sigma"]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    mu: float
    sigma: float
    def __init__(self, mu: _Optional[float] = ..., sigma: _Optional[float] = ...) -> None: ...

class SeatConduct(_message.Message):
    __slots__ = ["decision_ms", "decisions", "disconnects", "fallbacks", "illegal", "timeouts"]
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    DISCONNECTS_FIELD_NUMBER: _ClassVar[int]
    FALLBACKS_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    decision_ms: int
    decisions: int
    disconnects: int
    fallbacks: int
    illegal: int
    timeouts: int
    def __init__(self, decisions: _Optional[int] = ..., decision_ms: _Optional[int] = ..., timeouts: _Optional[int] = ..., illegal: _Optional[int] = ..., disconnects: _Optional[int] = ..., fallbacks: _Optional[int] = ...) -> None: ...

class Sprt(_message.Message):
    __slots__ = ["alpha", "beta", "elo0", "elo1"]
    ALPHA_FIELD_NUMBER: _ClassVar[int]
    BETA_FIELD_NUMBER: _ClassVar[int]
    ELO0_FIELD_NUMBER: _ClassVar[int]
    ELO1_FIELD_NUMBER: _ClassVar[int]
    alpha: float
    beta: float
    elo0: float
    elo1: float
    def __init__(self, elo0: _Optional[float] = ..., elo1: _Optional[float] = ..., alpha: _Optional[float] = ..., beta: _Optional[float] = ...) -> None: ...

class SprtDecision(_message.Message):
    __slots__ = ["llr", "played", "verdict"]
    LLR_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    llr: float
    played: int
    verdict: SprtVerdict
    def __init__(self, verdict: _Optional[_Union[SprtVerdict, str]] = ..., llr: _Optional[float] = ..., played: _Optional[int] = ...) -> None: ...

class SprtStatus(_message.Message):
    __slots__ = ["decision", "llr", "lower", "upper", "verdict"]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    LLR_FIELD_NUMBER: _ClassVar[int]
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    decision: SprtDecision
    llr: float
    lower: float
    upper: float
    verdict: SprtVerdict
    def __init__(self, llr: _Optional[float] = ..., lower: _Optional[float] = ..., upper: _Optional[float] = ..., verdict: _Optional[_Union[SprtVerdict, str]] = ..., decision: _Optional[_Union[SprtDecision, _Mapping]] = ...) -> None: ...

class Standings(_message.Message):
    __slots__ = ["entrants", "pairs", "played", "scheduled", "sprt"]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    PAIRS_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_FIELD_NUMBER: _ClassVar[int]
    SPRT_FIELD_NUMBER: _ClassVar[int]
    entrants: _containers.RepeatedCompositeFieldContainer[EntrantStanding]
    pairs: _containers.RepeatedCompositeFieldContainer[PairStanding]
    played: int
    scheduled: int
    sprt: SprtStatus
    def __init__(self, entrants: _Optional[_Iterable[_Union[EntrantStanding, _Mapping]]] = ..., pairs: _Optional[_Iterable[_Union[PairStanding, _Mapping]]] = ..., played: _Optional[int] = ..., scheduled: _Optional[int] = ..., sprt: _Optional[_Union[SprtStatus, _Mapping]] = ...) -> None: ...

class TournamentGameResult(_message.Message):
    __slots__ = ["entrants", "forfeit_cause", "forfeit_seat", "forfeit_seats", "game", "outcome", "reason", "scores", "seats", "sprt", "table_id", "winner_side"]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_CAUSE_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_SEATS_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SPRT_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    WINNER_SIDE_FIELD_NUMBER: _ClassVar[int]
    entrants: _containers.RepeatedScalarFieldContainer[str]
    forfeit_cause: _table_pb2.ForfeitCause
    forfeit_seat: int
    forfeit_seats: _containers.RepeatedScalarFieldContainer[int]
    game: int
    outcome: _table_pb2.Outcome
    reason: str
    scores: _containers.RepeatedScalarFieldContainer[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatConduct]
    sprt: SprtDecision
    table_id: str
    winner_side: int
    def __init__(self, game: _Optional[int] = ..., table_id: _Optional[str] = ..., outcome: _Optional[_Union[_table_pb2.Outcome, str]] = ..., winner_side: _Optional[int] = ..., forfeit_seat: _Optional[int] = ..., scores: _Optional[_Iterable[int]] = ..., seats: _Optional[_Iterable[_Union[SeatConduct, _Mapping]]] = ..., entrants: _Optional[_Iterable[str]] = ..., forfeit_cause: _Optional[_Union[_table_pb2.ForfeitCause, str]] = ..., reason: _Optional[str] = ..., sprt: _Optional[_Union[SprtDecision, _Mapping]] = ..., forfeit_seats: _Optional[_Iterable[int]] = ...) -> None: ...

class TournamentInfo(_message.Message):
    __slots__ = ["away_bots", "create_time", "dealing_source", "finish_time", "seed", "seed_commitment", "seed_salt", "spec", "standings", "state", "tournament_id"]
    AWAY_BOTS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    DEALING_SOURCE_FIELD_NUMBER: _ClassVar[int]
    FINISH_TIME_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEED_SALT_FIELD_NUMBER: _ClassVar[int]
    SPEC_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    away_bots: _containers.RepeatedCompositeFieldContainer[AwayBot]
    create_time: _timestamp_pb2.Timestamp
    dealing_source: _table_pb2.DealingSource
    finish_time: _timestamp_pb2.Timestamp
    seed: bytes
    seed_commitment: str
    seed_salt: bytes
    spec: TournamentSpec
    standings: Standings
    state: TournamentState
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., spec: _Optional[_Union[TournamentSpec, _Mapping]] = ..., state: _Optional[_Union[TournamentState, str]] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[bytes] = ..., seed_salt: _Optional[bytes] = ..., standings: _Optional[_Union[Standings, _Mapping]] = ..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., finish_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]] = ..., away_bots: _Optional[_Iterable[_Union[AwayBot, _Mapping]]] = ..., dealing_source: _Optional[_Union[_table_pb2.DealingSource, str]] = ...) -> None: ...

class TournamentSpec(_message.Message):
    __slots__ = ["absence_grace_ms", "clock", "concurrency", "deals", "duplicate", "entrants", "failure_policy", "format", "name", "options", "partners", "sprt", "variant"]
    class OptionsEntry(_message.Message):
        __slots__ = ["key", "value"]
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ABSENCE_GRACE_MS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    FAILURE_POLICY_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PARTNERS_FIELD_NUMBER: _ClassVar[int]
    SPRT_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    absence_grace_ms: int
    clock: _table_pb2.Clock
    concurrency: int
    deals: int
    duplicate: bool
    entrants: _containers.RepeatedCompositeFieldContainer[Entrant]
    failure_policy: _table_pb2.FailurePolicy
    format: TournamentFormat
    name: str
    options: _containers.ScalarMap[str, str]
    partners: Partners
    sprt: Sprt
    variant: _rules_pb2.Variant
    def __init__(self, name: _Optional[str] = ..., format: _Optional[_Union[TournamentFormat, str]] = ..., variant: _Optional[_Union[_rules_pb2.Variant, str]] = ..., partners: _Optional[_Union[Partners, str]] = ..., entrants: _Optional[_Iterable[_Union[Entrant, _Mapping]]] = ..., deals: _Optional[int] = ..., duplicate: bool = ..., concurrency: _Optional[int] = ..., options: _Optional[_Mapping[str, str]] = ..., clock: _Optional[_Union[_table_pb2.Clock, _Mapping]] = ..., failure_policy: _Optional[_Union[_table_pb2.FailurePolicy, _Mapping]] = ..., sprt: _Optional[_Union[Sprt, _Mapping]] = ..., absence_grace_ms: _Optional[int] = ...) -> None: ...

class TournamentFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class Partners(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class TournamentState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []

class SprtVerdict(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = []
