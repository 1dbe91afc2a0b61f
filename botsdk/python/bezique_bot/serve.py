"""Serve mode: wait in the referee's lobby (LobbyService.Serve) and play every game it assigns."""

from __future__ import annotations

import dataclasses
import logging
import threading
from typing import Callable, Optional, Sequence, Union, cast

import grpc

from bezique.v1 import lobby_pb2, lobby_service_pb2, lobby_service_pb2_grpc, rules_pb2, seat_pb2, table_pb2, tournament_pb2
from bezique_bot.client import (DEFAULT_TAKEOVER_WAIT, Config, Decide, _Reconnect, auth_metadata, from_referee, new_channel, play,
                                retryable)
from bezique_bot.decision import check_decide
from bezique_bot.status import retry_delay

#: OnGameOver is called when each game ends: its announcement, then the result, or None and the
#: exception play raised.
OnGameOver = Callable[[lobby_pb2.GameAssigned, Optional[table_pb2.GameResult], Optional[Exception]], None]


class LobbyRefused(Exception):
    """LobbyRefused is raised by :func:`serve` when the referee refuses the bot for good: a bad
    request (capacity, variants, name), a key whose role is not bot, or a newer Serve of the same
    bot (ABORTED)."""

    def __init__(self, code: grpc.StatusCode, details: str):
        super().__init__(f"bezique_bot: lobby: {code.name}: {details}")
        self.code = code
        self.details = details


@dataclasses.dataclass
class ServeConfig:
    """ServeConfig says where a bot waits for games and which games it takes."""

    #: server is the referee's gRPC address, host:port; surrounding whitespace (the newline that ends a
    #: file or a Kubernetes Secret) is ignored.
    server: str
    #: bot_name is the bot's name in the lobby without a key (with a key, the bot is the key's
    #: name) and, with bot_version, what each game's record says; it loses its surrounding
    #: whitespace, as Config's.
    bot_name: str = "python-bot"
    bot_version: str = "0.1.0"
    #: capacity is the most games the bot plays at once, 1 to 64.
    capacity: int = 1
    #: variants are the variants the bot plays: rules_pb2.VARIANT_TWO_HANDED, ..., or their names, as the
    #: enum ("VARIANT_TWO_HANDED") or as the command line ("two-handed", "rubicon"); empty: every variant.
    variants: Sequence[Union[int, str]] = ()
    #: tournament, if set, is the id of the tournament the bot serves (ServeRequest.tournament_id):
    #: with several referees sharing a store, server may be any of them, the lobby stream is served
    #: by the referee that runs the tournament, and serve dials in again and follows it when it
    #: moves; serve returns when the tournament ends. Empty: the bot waits in the lobby of the
    #: referee it reaches.
    tournament: str = ""
    #: key is the bot's API key (role bot), sent as "authorization: Bearer <key>" metadata.
    key: str = ""
    #: max_backoff caps the wait between reconnection attempts, in seconds (lobby and games); the
    #: wait ends early when the channel connects again, which it tries at least once a second.
    max_backoff: float = 5.0
    #: connect_attempts is how many times serve (and each game) tries to reach the referee before
    #: the first message arrives; then serve raises CannotReach (after it, it dials in without limit).
    connect_attempts: int = 5
    #: takeover_wait is as in Config, for the lobby and every game (seconds).
    takeover_wait: float = DEFAULT_TAKEOVER_WAIT
    #: safety_margin is as in Config, for every game.
    safety_margin: float = 0.2
    #: logger receives the SDK's logs; None uses the "bezique_bot" logger.
    logger: Optional[logging.Logger] = None
    #: credentials, if set, connect with TLS (see tls_credentials); None connects in plaintext.
    credentials: Optional[grpc.ChannelCredentials] = None
    #: channel_factory makes the gRPC channels (default: grpc.secure_channel with credentials, or
    #: grpc.insecure_channel).
    channel_factory: Optional[Callable[[str], grpc.Channel]] = None
    #: on_game_over, if set, is called from each game's thread when the game ends.
    on_game_over: Optional[OnGameOver] = None
    #: on_welcome and on_event are as in Config, for every game: called from each game's thread,
    #: with that game's Welcome (its table_id and seat say which) and events, each with its game's
    #: Welcome when on_event wants it (wants_welcome) (the Go SDK's ServeConfig had them, this one
    #: not: a competition host's trial).
    on_welcome: Optional[Callable[[seat_pb2.Welcome], None]] = None
    on_event: Optional[Callable[..., None]] = None

    def __post_init__(self) -> None:
        self.bot_name = self.bot_name.strip()


def variant_of(v: Union[int, str]) -> rules_pb2.Variant:
    """variant_of is the rules_pb2.Variant that v names: the enum's value, its name
    ("VARIANT_TWO_HANDED"), or the command line's ("two-handed"). It raises ValueError naming v for
    anything else: a name protobuf did not know raised its own "unknown enum label" from deep in
    the stubs (a bot author's trial)."""
    names = [n for n in rules_pb2.Variant.keys() if n != "VARIANT_UNSPECIFIED"]
    if isinstance(v, str):
        name = v if v.startswith("VARIANT_") else "VARIANT_" + v.upper().replace("-", "_")
        if name in names:
            return rules_pb2.Variant.Value(name)
    elif isinstance(v, int) and not isinstance(v, bool) and v in [rules_pb2.Variant.Value(n) for n in names]:
        return cast(rules_pb2.Variant, v)
    cli = ", ".join(n[len("VARIANT_"):].lower().replace("_", "-") for n in names)
    raise ValueError(f"variants: {v!r} is not a variant: want one of {cli} (or rules_pb2.VARIANT_TWO_HANDED, ...)")


def serve(cfg: ServeConfig, decide: Decide, stop: Optional[threading.Event] = None) -> None:
    """serve enters the bot into the referee's lobby and plays every game the referee assigns to
    it, each through :func:`play` in its own thread (so decide is called from several threads when
    capacity > 1), up to cfg.capacity at once. When the lobby stream is lost it dials in again
    with exponential backoff; the referee then announces again the games still in play, and those
    already being played are not joined twice. It returns when stop is set, once its games in play
    have ended (it takes no new game meanwhile: its lobby stream is ended; before, it returned at
    once and a program that then exited left its games to be auto-played, as the Node SDK does
    not), and when the tournament it serves (cfg.tournament) ends
    (ServeResponse.tournament_ended, or a Serve refused FAILED_PRECONDITION "has ended" after the
    referee had let the bot in: it ended while the bot was away), once its games in play have
    ended; it raises LobbyRefused when the referee refuses the bot, and
    CannotReach when the referee never answered in cfg.connect_attempts tries (RefereeUnavailable
    when it answered UNAVAILABLE for cfg.takeover_wait seconds)."""
    check_decide(decide)
    return _Server(cfg, decide, stop or threading.Event()).run()


class _Server:
    """_Server is the state of a bot in serve mode across lobby streams."""

    def __init__(self, cfg: ServeConfig, decide: Decide, stop: threading.Event):
        self.cfg = cfg
        self.decide = decide
        self.stop = stop
        self.log = cfg.logger or logging.getLogger("bezique_bot")
        self.lock = threading.Lock()
        self.playing: dict[tuple[str, int, int], threading.Thread] = {}  # (table, seat, member) -> the game's thread
        self.call = None  # the current lobby stream, cancelled when stop is set

    def run(self) -> None:
        channel = new_channel(self.cfg)
        stub = lobby_service_pb2_grpc.LobbyServiceStub(channel)
        req = lobby_service_pb2.ServeRequest(name="" if self.cfg.key else self.cfg.bot_name, version=self.cfg.bot_version,
                                             capacity=self.cfg.capacity, variants=[variant_of(v) for v in self.cfg.variants],
                                             tournament_id=self.cfg.tournament)
        threading.Thread(target=self._cancel_on_stop, daemon=True).start()
        retry = _Reconnect(self.cfg, self.log, "lobby")
        admitted = False  # a stream of this call has had a message: the referee let the bot in
        try:
            while not self.stop.is_set():
                code, details, progressed, delay, answered = self._session(stub, req)
                if self.stop.is_set():
                    break
                admitted = admitted or progressed
                if admitted and self.cfg.tournament and code == grpc.StatusCode.FAILED_PRECONDITION:
                    # The tournament ended while the bot was away (a restart, a lost stream): it
                    # missed tournament_ended, and its Serve is refused "has ended".
                    self.log.info("tournament %s has ended (%s); serving no more", self.cfg.tournament, details)
                    code = grpc.StatusCode.OK
                if code == grpc.StatusCode.OK:  # the tournament served has ended
                    break
                if not retryable(code):
                    raise LobbyRefused(code, details)
                retry.wait(channel, retry.next(code, details, progressed, delay, answered), answered, self.stop)
            self._await_games()
        finally:
            channel.close()

    def _await_games(self) -> None:
        """_await_games waits for the games in play to end."""
        while True:
            with self.lock:
                games = list(self.playing.values())
            if not games:
                return
            for g in games:
                g.join()

    def _cancel_on_stop(self) -> None:
        self.stop.wait()
        with self.lock:
            call = self.call
        if call is not None:
            call.cancel()

    def _session(self, stub, req):
        """_session runs one lobby stream; it returns (status code, details, progressed, retry delay,
        whether the referee sent the status): code OK when the tournament served has ended."""
        call = stub.Serve(req, metadata=auth_metadata(self.cfg.key))
        with self.lock:
            self.call = call
        if self.stop.is_set():
            call.cancel()
        progressed = False
        try:
            for m in call:
                progressed = True
                kind = m.WhichOneof("kind")
                if kind == "game_assigned":
                    self._start(m.game_assigned)
                elif kind == "tournament_ended":
                    e = m.tournament_ended
                    self.log.info("tournament %s has ended (%s); serving no more", e.tournament_id, tournament_pb2.TournamentState.Name(e.state))
                    call.cancel()
                    return grpc.StatusCode.OK, "the tournament has ended", progressed, 0.0, True
            return grpc.StatusCode.UNAVAILABLE, "the lobby stream ended", progressed, 0.0, False
        except grpc.RpcError as e:
            return e.code(), e.details() or "", progressed, retry_delay(e.trailing_metadata()), from_referee(e)

    def _start(self, a: lobby_pb2.GameAssigned) -> None:
        """_start plays an announced game in its own thread, unless it is being played already."""
        key = (a.table_id, a.seat, a.member)
        cfg = Config(server=self.cfg.server, table_id=a.table_id, seat=a.seat, member=a.member, token=a.token, bot_name=self.cfg.bot_name,
                     bot_version=self.cfg.bot_version, max_backoff=self.cfg.max_backoff, safety_margin=self.cfg.safety_margin,
                     connect_attempts=self.cfg.connect_attempts, takeover_wait=self.cfg.takeover_wait,
                     logger=self.cfg.logger, credentials=self.cfg.credentials, channel_factory=self.cfg.channel_factory,
                     key=self.cfg.key, on_welcome=self.cfg.on_welcome, on_event=self.cfg.on_event)

        def game() -> None:
            result, error = None, None
            try:
                result = play(cfg, self.decide)
            except Exception as e:  # reported to on_game_over; serve goes on
                error = e
                self.log.error("table %s seat %d: %s", a.table_id, a.seat, e)
            try:
                if self.cfg.on_game_over:
                    self.cfg.on_game_over(a, result, error)
            finally:
                with self.lock:
                    self.playing.pop(key, None)

        with self.lock:
            if key in self.playing:
                return
            th = self.playing[key] = threading.Thread(target=game, name=f"bezique-game-{a.table_id}-{a.seat}", daemon=True)
        th.start()
