"""The seat client: join, answer pings and decision requests, reconnect and resume."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
import math
import numbers
import os
import queue
import threading
import time
from typing import Callable, Iterable, Iterator, Optional, Sequence, TypedDict

import grpc

from bezique.v1 import seat_pb2, seat_service_pb2, seat_service_pb2_grpc
from bezique.v1 import actions_pb2, events_pb2, table_pb2, view_pb2
from bezique_bot.cards import expand_view
from bezique_bot.decision import Decision, check_decide, wants_decision, wants_welcome
from bezique_bot.status import retry_delay

#: Decide is the bot: it gets the seat's view and the legal actions of one decision request and
#: returns the action_id of its choice (one of ``legal_actions[i].action_id``); the SDK also takes
#: the LegalAction itself, or the id as a string of digits (``"3"``). A decide that takes a third
#: argument (``decide(view, legal_actions, decision)``, see wants_decision) also gets the request's
#: Decision: its clock and time left, and the game's table, side and rules.
Decide = Callable[..., "int | str | actions_pb2.LegalAction"]

PROTOCOL_VERSION = 1

# Status codes after which reconnecting cannot help (the same list as the Go SDK's retryable).
_FINAL_CODES = frozenset({
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.UNAUTHENTICATED,  # an unknown or revoked key
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.ABORTED,
    grpc.StatusCode.UNIMPLEMENTED,
})


class SeatRefused(Exception):
    """SeatRefused is raised by :func:`play` when the referee ends the seat for good: a wrong
    token, an unknown table, a finished table, or a newer connection for the seat (ABORTED)."""

    def __init__(self, code: grpc.StatusCode, details: str):
        super().__init__(f"bezique_bot: {code.name}: {details}")
        self.code = code
        self.details = details


class CannotReach(Exception):
    """CannotReach is raised by :func:`play` when the referee could not be reached in
    ``Config.connect_attempts`` tries (nothing serves the address, or a mistyped one)."""

    def __init__(self, server: str, attempts: int, code: Optional[grpc.StatusCode], details: str):
        super().__init__(f"bezique_bot: cannot reach {server} ({attempts} attempts): "
                         f"{code.name if code else 'EOF'}: {details}")
        self.server = server
        self.attempts = attempts


class RefereeUnavailable(Exception):
    """RefereeUnavailable is raised by :func:`play` (and serve) when, before the first message, the
    referee itself answered UNAVAILABLE for ``Config.takeover_wait`` seconds: the table is moving
    to another referee sharing the store and has not arrived (docs/OPERATIONS.md)."""

    def __init__(self, server: str, seconds: float, details: str):
        super().__init__(f"bezique_bot: referee at {server} answered UNAVAILABLE: {details} for {seconds:g}s")
        self.server = server
        self.seconds = seconds
        self.details = details


#: DEFAULT_TAKEOVER_WAIT is Config.takeover_wait's default, in seconds: longer than the 10 s in
#: which another referee sharing the store takes over a dead referee's tables.
DEFAULT_TAKEOVER_WAIT = 30.0


def from_referee(e: grpc.RpcError) -> bool:
    """from_referee reports whether a call's error is a status the referee itself sent, as opposed
    to one gRPC made up because it reached no referee ("failed to connect to all addresses").
    grpcio shows it only in the debug string, which gRPC core begins with "Error received from
    peer" for a status that came from the peer (its metadata is empty either way). Only
    UNAVAILABLE is asked about: the debug string of a call cancelled here never comes."""
    return e.code() == grpc.StatusCode.UNAVAILABLE and "Error received from peer" in (e.debug_error_string() or "")


#: CHANNEL_MAX_BACKOFF caps gRPC core's own wait between two attempts to connect, in seconds: a
#: bot whose referee is down dials it once a second, and notices its return within a second.
CHANNEL_MAX_BACKOFF = 1.0


def wait_for_referee(channel: grpc.Channel, seconds: float, stop: Optional[threading.Event] = None, wake: bool = True) -> bool:
    """wait_for_referee waits up to seconds before the next stream after one that reached no
    referee, ending when stop is set or, with wake, as soon as channel connects (the referee is
    back on its address: restarted in place), and returns whether it did so. A bot slept its whole backoff (5 s by default) after a last failure
    of the connection gRPC core was waiting out, and was back 5-10 s after its referee: the
    referee's disconnect grace (15 s) ran out over a 10 s restart, and two games were auto-played
    (an operator's trial). A channel connected already (a stream reset on a connection that
    stayed up) waits it all: the wait ends on a connection made during it, not a hot loop."""
    ready, down = threading.Event(), [False]

    def on_state(state: grpc.ChannelConnectivity) -> None:  # called at once with the present state
        if state != grpc.ChannelConnectivity.READY:
            down[0] = True
        elif down[0] and wake:
            ready.set()

    channel.subscribe(on_state, try_to_connect=True)
    try:
        end = time.monotonic() + seconds
        while not ready.is_set() and not (stop is not None and stop.is_set()):
            left = end - time.monotonic()
            if left <= 0:
                return False
            ready.wait(min(left, 0.1) if stop is not None else left)
    finally:
        channel.unsubscribe(on_state)
    return ready.is_set()


def new_channel(cfg) -> grpc.Channel:
    """new_channel makes the channel of play and serve (cfg: a Config or a ServeConfig):
    cfg.channel_factory's, else one with TLS (cfg.credentials) or in plaintext, whose own wait
    between two attempts to connect grows from 0.1 s to CHANNEL_MAX_BACKOFF (1 s; cfg.max_backoff
    when smaller), so that wait_for_referee sees a referee back on its address within a second. It
    subscribes to the
    channel's state with try_to_connect, which keeps a thread polling it: without a call in
    flight, gRPC core noticed a connection made in the background only at its next periodic poll,
    5 s later. With either left out, a bot whose referee was back on its address (restarted in
    place) kept failing at once with the last "Connection refused" for 15 s after 10 s down
    (tests/test_restart.py), whatever max_backoff said. cfg.server loses its surrounding
    whitespace first, so that the errors name the address dialled: one read from a file or a
    Kubernetes Secret ($BEZIQUE_SERVER, --server) ends with a newline, which grpcio sent in the
    call's authority (the referee reset the stream: INTERNAL "Received RST_STREAM with error code
    1"), and one padded with spaces failed its DNS resolution (UNAVAILABLE). An address given as
    a web URL ("http://127.0.0.1:7777") raises ValueError: gRPC failed its name resolution after
    every attempt, which did not point at the prefix; so does a host without its port ("127.0.0.1":
    gRPC core dialled another port and said only that it could not reach it)."""
    cfg.server = cfg.server.strip()
    if cfg.server.lower().startswith(("http://", "https://")):  # gRPC core took the scheme for a resolver's
        raise ValueError(f"server {cfg.server!r}: want host:port without http:// or https:// "
                         "(gRPC dials host:port; https is TLS, set on its own)")
    if ":" not in cfg.server or cfg.server.startswith("[") and "]:" not in cfg.server:  # gRPC core dialled port 0 or 443
        raise ValueError(f"server {cfg.server!r}: no port: want host:port, the referee's gRPC port "
                         "(bezique-referee --listen, 7777 by default)")
    if cfg.channel_factory is not None:
        channel = cfg.channel_factory(cfg.server)
    else:
        options = [("grpc.initial_reconnect_backoff_ms", 100),
                   ("grpc.max_reconnect_backoff_ms", max(100, int(min(CHANNEL_MAX_BACKOFF, cfg.max_backoff) * 1000)))]
        if cfg.credentials is not None:
            channel = grpc.secure_channel(cfg.server, cfg.credentials, options=options)
        else:
            channel = grpc.insecure_channel(cfg.server, options=options)
    channel.subscribe(lambda _state: None, try_to_connect=True)  # ends with channel.close()
    return channel


class _Reconnect:
    """_Reconnect is the one retry policy of play and serve between a stream that failed and the
    next: exponential backoff from 0.1 s to cfg.max_backoff, at least a refusal's RetryInfo delay.
    Before the first message, a dial that reaches no referee counts towards cfg.connect_attempts
    (CannotReach), while UNAVAILABLE answered by the referee itself (a table moving to another
    referee) is retried for up to cfg.takeover_wait seconds (RefereeUnavailable); a refusal of
    another code with a RetryInfo (a rate limit) and any failure after a first message are retried
    without limit."""

    def __init__(self, cfg, log: logging.Logger, what: str):
        self.cfg = cfg
        self.log = log
        self.what = what  # "seat 0", "lobby": how the logs name the stream
        self.backoff = 0.1
        self.attempts = 0  # dials that reached no referee, before the first message
        self.refused_since: Optional[float] = None  # when the present run of the referee's UNAVAILABLE began
        self.connected = False  # a message, or a refusal with a RetryInfo, has arrived: the referee was reached
        self.woke = False  # the last wait ended early, on a connection made, and no stream has had a message since

    def wait(self, channel: grpc.Channel, seconds: float, answered: bool, stop: Optional[threading.Event] = None) -> None:
        """wait waits seconds before the next stream after one that ended (answered: the referee
        sent the status, which waits it all), ending early on a connection made during it
        (wait_for_referee) only once until a stream has a message: a server that completed the
        connection and dropped it at once had the Go and Node SDKs reconnect in a loop, their
        back-off never waited (a re-trial)."""
        if answered:
            if stop is not None:
                stop.wait(seconds)
            else:
                time.sleep(seconds)
            return
        woke = wait_for_referee(channel, seconds, stop, wake=not self.woke)
        self.woke = self.woke or woke

    def next(self, code: Optional[grpc.StatusCode], details: str, progressed: bool, delay: float, answered: bool) -> float:
        """next returns how long to wait, in seconds, before the next stream after one that ended
        with code and details (progressed: it received a message first; delay: the RetryInfo;
        answered: the referee sent the status), or raises the error to give up with."""
        if progressed:
            self.backoff = 0.1
            self.woke = False
        unavailable = answered and code == grpc.StatusCode.UNAVAILABLE
        if progressed or (delay > 0 and code != grpc.StatusCode.UNAVAILABLE):
            self.connected = True
        if not unavailable:
            self.refused_since = None
        wait = max(self.backoff, delay)
        self.backoff = min(2 * self.backoff, self.cfg.max_backoff)
        name = code.name if code else "EOF"
        if self.connected:
            self.log.warning("%s: connection lost (%s: %s); reconnecting in %.1fs", self.what, name, details, wait)
        elif unavailable:
            now = time.monotonic()
            if self.refused_since is None:
                self.refused_since = now
            if now - self.refused_since + wait > self.cfg.takeover_wait:
                raise RefereeUnavailable(self.cfg.server, self.cfg.takeover_wait, details)
            self.log.warning("%s: the referee at %s answered UNAVAILABLE (%s), a table moving to another referee?; "
                             "trying again in %.1fs (%.1fs of %gs)", self.what, self.cfg.server, details, wait,
                             now - self.refused_since, self.cfg.takeover_wait)
        else:
            self.attempts += 1
            if self.attempts >= self.cfg.connect_attempts:
                raise CannotReach(self.cfg.server, self.attempts, code, details)
            self.log.warning("%s: cannot reach %s (attempt %d of %d: %s); trying again in %.1fs", self.what,
                             self.cfg.server, self.attempts, self.cfg.connect_attempts, name, wait)
        return wait


@dataclasses.dataclass
class Config:
    """Config says where a bot plays: the referee's address, the table, the seat and its token."""

    #: server is the referee's gRPC address, host:port; surrounding whitespace (the newline that ends a
    #: file or a Kubernetes Secret) is ignored.
    server: str
    #: table_id, seat and token come from CreateTable.
    table_id: str
    seat: int
    token: str
    #: bot_name and bot_version are reported to the referee and written into the game record;
    #: bot_name loses its surrounding whitespace, which a name read from a file or a Kubernetes
    #: Secret ends with and the referee refuses.
    bot_name: str = "python-bot"
    bot_version: str = "0.1.0"
    #: max_backoff caps play's wait between reconnection attempts, in seconds; the wait ends early
    #: when the channel connects again (a referee restarted in place), which it tries at least
    #: once a second (unless channel_factory makes the channel).
    max_backoff: float = 5.0
    #: connect_attempts is how many times play tries to reach the referee before the first
    #: message arrives; then it raises CannotReach (after a first message it reconnects without limit).
    #: UNAVAILABLE answered by the referee itself does not count: see takeover_wait.
    connect_attempts: int = 5
    #: takeover_wait is how long, in seconds, play keeps joining before the first message while the
    #: referee answers UNAVAILABLE (its table is moving to another referee, docs/OPERATIONS.md); then
    #: it raises RefereeUnavailable.
    takeover_wait: float = DEFAULT_TAKEOVER_WAIT
    #: safety_margin is how long before the deadline the SDK stops waiting for decide, in seconds,
    #: at most: never more than a quarter of the time the request leaves (answer_by), so that a
    #: 300 ms clock leaves decide 225 ms, not 100.
    safety_margin: float = 0.2
    #: on_event, if set, is called with every Event the seat receives, in order, once each, and,
    #: when it wants it (wants_welcome: a second parameter without a default), the Welcome of its game.
    on_event: Optional[Callable[..., None]] = None
    #: on_welcome, if set, is called with every Welcome (the first join and each resume).
    on_welcome: Optional[Callable[[seat_pb2.Welcome], None]] = None
    #: logger receives the SDK's logs; None uses the "bezique_bot" logger.
    logger: Optional[logging.Logger] = None
    #: credentials, if set, connect with TLS (see tls_credentials); None connects in plaintext.
    credentials: Optional[grpc.ChannelCredentials] = None
    #: channel_factory makes the gRPC channel (default: grpc.secure_channel with credentials, or
    #: plaintext grpc.insecure_channel without).
    channel_factory: Optional[Callable[[str], grpc.Channel]] = None
    #: key is the bot's API key, sent as "authorization: Bearer <key>" metadata (docs/SECURITY.md).
    #: A seat bound to the key's bot (RemoteSeat.bot_key_id) needs no token, and admits that key only.
    key: str = ""
    #: member is the bot's place in a team seat (consultation, RULES.md §3.5: RemoteSeat.team_size
    #: members join one seat with its token); 0, the captain, for a seat of one bot. Under
    #: TEAM_POLICY_CAPTAIN a member other than the captain does not answer: the SDK sends the
    #: bot's choice to the team as a proposal (a TeamMessage with proposal_action_id) instead.
    member: int = 0
    #: on_team_message, if set, is called with every TeamMessageRelayed of another member of the
    #: bot's team seat (proposals included), in order.
    on_team_message: Optional[Callable[[seat_pb2.TeamMessageRelayed], None]] = None
    #: view_mode is Join.view_mode. The default, VIEW_MODE_COMPACT, asks for the view in every
    #: request in its compact form (about a third of the bytes), which play expands
    #: (bezique_bot.cards.expand_view) so that decide sees the full view, exactly as with
    #: VIEW_MODE_FULL. VIEW_MODE_NONE asks for requests without the view, for a bot that keeps its
    #: own from on_welcome's snapshot and on_event's events (decide then gets an empty View).
    view_mode: seat_pb2.ViewMode = seat_pb2.VIEW_MODE_COMPACT

    def __post_init__(self) -> None:
        self.bot_name = self.bot_name.strip()


def _logged_count(n: int) -> bool:
    """_logged_count says whether the n-th time a bot's decide failed (from 1) is logged: the 1st,
    2nd, 4th, 8th... A bot returning no legal action at every request logged one line each time
    (800 in four games: a bot author's trial); every answer so sent is marked a fallback in the
    record and counted in the standings."""
    return n & (n - 1) == 0


def auth_metadata(key: str) -> tuple:
    """auth_metadata is the gRPC metadata that sends an API key: empty for no key. The key is sent
    without surrounding whitespace, which a key never holds: a newline that a key file or a
    Kubernetes Secret left in $BEZIQUE_KEY would have grpc refuse every call (ValueError, "metadata
    was invalid", quoting the key), and spaces would have the referee refuse it as an unknown key."""
    key = (key or "").strip()
    return (("authorization", "Bearer " + key),) if key else ()


def tls_credentials(ca_file: Optional[str] = None, cert_file: Optional[str] = None,
                    key_file: Optional[str] = None) -> grpc.ChannelCredentials:
    """tls_credentials returns TLS channel credentials for Config.credentials: they trust the CA
    certificates in the PEM file ca_file (None: gRPC's default roots) and, with cert_file and
    key_file, present that client certificate to a referee that requires one (mTLS)."""
    if (cert_file is None) != (key_file is None):
        raise ValueError("a client certificate needs both cert_file and key_file")

    def read(path: Optional[str]) -> Optional[bytes]:
        if path is None:
            return None
        with open(path, "rb") as f:
            return f.read()

    return grpc.ssl_channel_credentials(root_certificates=read(ca_file), private_key=read(key_file),
                                        certificate_chain=read(cert_file))


class EnvConfig(TypedDict, total=False):
    """EnvConfig is what env_config returns: the keyword arguments of Config and ServeConfig that the
    environment sets (a type checker reads ``ServeConfig(**env_config(), capacity=4)`` field by field;
    a bare dict let every key through unchecked, and its merged form failed mypy: a bot author's
    trial)."""

    server: str
    key: str
    bot_name: str
    credentials: grpc.ChannelCredentials


def env_config() -> EnvConfig:
    """env_config returns the settings of a bot configured by its environment, as keyword arguments
    for Config or ServeConfig (``Config(table_id=..., seat=..., token="", **env_config())``):
    server is $BEZIQUE_SERVER (else 127.0.0.1:7777), key $BEZIQUE_KEY, bot_name $BEZIQUE_BOT_NAME
    when it is set, and credentials, when $BEZIQUE_TLS_CA names a PEM file, TLS trusting the CA
    certificates in it (tls_credentials; without it, plaintext). An empty variable is as one unset
    (``bezique match --cmd`` empties $BEZIQUE_TLS_CA: its referee serves plaintext). The Go and Node
    SDKs read the same variables (botsdk.EnvConfig, envConfig). It raises OSError naming the
    variable when the CA file cannot be read."""
    env: EnvConfig = {"server": os.environ.get("BEZIQUE_SERVER") or "127.0.0.1:7777", "key": os.environ.get("BEZIQUE_KEY", "")}
    if os.environ.get("BEZIQUE_BOT_NAME"):
        env["bot_name"] = os.environ["BEZIQUE_BOT_NAME"]
    ca = os.environ.get("BEZIQUE_TLS_CA")
    if ca:
        try:
            env["credentials"] = tls_credentials(ca_file=ca)
        except OSError as e:
            raise OSError(e.errno, f"$BEZIQUE_TLS_CA: {e.strerror}", e.filename) from e
    return env


def unbatch(stream: Iterable[seat_service_pb2.ConnectResponse]) -> Iterator[seat_service_pb2.ConnectResponse]:
    """unbatch yields the referee's messages one at a time: a Batch (sent to a seat that joined with
    Join.batch) as its messages, in order, and any other message as it is."""
    for m in stream:
        if m.WhichOneof("kind") == "batch":
            yield from m.batch.messages
        else:
            yield m


def retryable(code: Optional[grpc.StatusCode]) -> bool:
    """retryable reports whether a session that ended with this status code is worth
    reconnecting for."""
    return code not in _FINAL_CODES


def request_deadline(req: seat_pb2.DecisionRequest, received: float, now_wall: float) -> float:
    """request_deadline returns when (in time.monotonic() terms) the answer to req must be sent
    at the latest: the earlier of the referee's deadline timestamp and the receipt time plus the
    decision time and bank left (which does not depend on the two clocks agreeing).
    ``received`` is time.monotonic() and ``now_wall`` time.time() at receipt."""
    budget = (req.decision_left_ms + req.bank_left_ms) / 1000.0
    by_budget = received + budget if budget > 0 else float("inf")
    by_stamp = float("inf")
    if req.HasField("deadline"):
        stamp = req.deadline.seconds + req.deadline.nanos / 1e9
        by_stamp = received + (stamp - now_wall)
    return min(by_budget, by_stamp)


def answer_by(deadline: float, received: float, margin: float) -> float:
    """answer_by is when the SDK answers for a decide still running: the deadline less the safety
    margin, or less a quarter of the time from receipt to the deadline when that is shorter (in
    time.monotonic() terms)."""
    return deadline - min(margin, max(deadline - received, 0.0) / 4)


def first_legal(legal_actions: Sequence[actions_pb2.LegalAction]) -> int:
    """first_legal is the fallback answer: the first legal action."""
    return legal_actions[0].action_id


def play(cfg: Config, decide: Decide) -> table_pb2.GameResult:
    """play joins the table as the configured seat and plays until the game ends, answering every
    decision request with decide's choice. It reconnects with exponential backoff after a lost
    connection, waiting at least the refusal's RetryInfo delay when it carries one (see
    bezique_bot.status.retry_delay), and resumes from the last event seen, so nothing is missed
    or answered twice. It returns the game's result, or raises SeatRefused when the referee
    refuses the seat, CannotReach when it never answered in cfg.connect_attempts tries and
    RefereeUnavailable when, before the first message, the referee answered UNAVAILABLE for
    cfg.takeover_wait seconds (a table moving to another referee).

    If decide raises, returns an action_id that is not legal, or has not returned by the deadline
    less cfg.safety_margin, the SDK answers the first legal action instead (and logs why), so the
    seat never times out because of the bot."""
    check_decide(decide)
    return _Player(cfg, decide).run()


class _Player:
    """_Player is the state a bot keeps across reconnections."""

    def __init__(self, cfg: Config, decide: Decide):
        self.cfg = cfg
        self.decide = decide
        self.with_decision = wants_decision(decide)  # decide takes a Decision as its third argument
        # where is what the logs name: the table too, as serve mode plays several games at once
        self.where = f"table {cfg.table_id} seat {cfg.seat}" + (f" member {cfg.member}" if cfg.member else "")
        self.welcome = seat_pb2.Welcome()  # the latest Welcome, for the Decisions
        self.log = cfg.logger or logging.getLogger("bezique_bot")
        self.last_seq = 0
        self.lock = threading.Lock()
        self.out: Optional[queue.Queue] = None  # the current session's outgoing queue
        self.answers: dict[int, tuple[int, bool]] = {}  # request_id -> (action_id, fallback), the last few answered
        self.pending: set[int] = set()  # requests being decided
        self.deciding: Optional[tuple[int, float]] = None  # the request decide is busy with, since when (monotonic)
        self.proposes = False  # a team member whose answers do not count: it proposes them (Config.member)
        self.raised = 0  # how many times decide has raised: the first is logged with its traceback
        self.bad_returns = 0  # how many times decide has returned no legal action
        self.late = 0  # how many requests were answered for decide at their deadline
        self.unstored = 0  # how many answers the referee could not store (REJECTION_CODE_UNAVAILABLE), each sent again
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bezique-decide")
        self.event_welcome = cfg.on_event is not None and wants_welcome(cfg.on_event)  # on_event(event, welcome)

    def run(self) -> table_pb2.GameResult:
        channel = new_channel(self.cfg)
        stub = seat_service_pb2_grpc.SeatServiceStub(channel)
        retry = _Reconnect(self.cfg, self.log, self.where)
        try:
            while True:
                result, code, details, progressed, delay, answered = self._session(stub)
                if result is not None:
                    return result
                if not retryable(code):
                    raise SeatRefused(code, details)
                retry.wait(channel, retry.next(code, details, progressed, delay, answered), answered)
        finally:
            with self.lock:
                self.out = None
            self.pool.shutdown(wait=False)
            channel.close()

    def _send(self, msg: seat_service_pb2.ConnectRequest) -> None:
        with self.lock:
            out = self.out
        if out is not None:
            out.put(msg)

    def _session(self, stub):
        """_session runs one stream; it returns (result, status code, details, progressed, retry
        delay, whether the referee sent the status)."""
        out: queue.Queue = queue.Queue()
        join = seat_pb2.Join(table_id=self.cfg.table_id, seat=self.cfg.seat, member=self.cfg.member, token=self.cfg.token,
                             bot_name=self.cfg.bot_name, bot_version=self.cfg.bot_version,
                             protocol_version=PROTOCOL_VERSION, resume_after_seq=self.last_seq, view_mode=self.cfg.view_mode,
                             batch=True)
        out.put(seat_service_pb2.ConnectRequest(join=join))
        with self.lock:
            self.out = out
        progressed = False
        call = stub.Connect(iter(out.get, None), metadata=auth_metadata(self.cfg.key))
        try:
            for m in unbatch(call):
                progressed = True
                kind = m.WhichOneof("kind")
                if kind == "welcome":
                    self.welcome = m.welcome
                    if self.last_seq == 0:
                        self.last_seq = m.welcome.last_seq
                    self.proposes = m.welcome.member != 0 and m.welcome.team_policy == table_pb2.TEAM_POLICY_CAPTAIN
                    if self.cfg.on_welcome:
                        self.cfg.on_welcome(m.welcome)
                elif kind == "event":
                    if m.event.seq > self.last_seq:
                        self.last_seq = m.event.seq
                        on_event = self.cfg.on_event
                        if on_event is not None and self.event_welcome:
                            on_event(m.event, self.welcome)
                        elif on_event is not None:
                            on_event(m.event)
                elif kind == "decision_request":
                    self._on_request(m.decision_request)
                elif kind == "rejection":
                    r = m.rejection
                    strikes = f" (strike {r.strikes} of {r.strike_limit or 'no limit'})" if r.strikes else ""
                    unstored = r.code == seat_pb2.REJECTION_CODE_UNAVAILABLE
                    if unstored:  # sent again every 0.2 s while the referee's store fails: logged the 1st, 2nd, 4th... time
                        self.unstored += 1
                        strikes += f" ({self.unstored} times so far)"
                    if not unstored or _logged_count(self.unstored):
                        # Request 0 is no answer's: a message the referee refused (a team message).
                        what = f"the answer to request {r.request_id}" if r.request_id else "a message"
                        self.log.warning("%s: referee rejected %s: %s %s %s%s", self.where,
                                         what, seat_pb2.RejectionCode.Name(r.code), r.rule, r.message, strikes)
                    with self.lock:
                        again = self.answers.get(r.request_id)
                    if r.code == seat_pb2.REJECTION_CODE_UNAVAILABLE and again is not None:
                        time.sleep(0.2)  # the referee could not store the answer: send it again
                        out.put(self._answer_msg(r.request_id, *again))
                elif kind == "ping":
                    out.put(seat_service_pb2.ConnectRequest(pong=seat_pb2.Pong(nonce=m.ping.nonce)))
                elif kind == "team_message_relayed":
                    if self.cfg.on_team_message:
                        self.cfg.on_team_message(m.team_message_relayed)
                elif kind == "game_over":
                    return m.game_over.result, None, "", progressed, 0.0, True
            return None, grpc.StatusCode.UNAVAILABLE, "stream ended before the game did", progressed, 0.0, False
        except grpc.RpcError as e:
            return None, e.code(), e.details() or "", progressed, retry_delay(e.trailing_metadata()), from_referee(e)
        finally:
            with self.lock:
                if self.out is out:
                    self.out = None
            out.put(None)  # ends the request iterator
            call.cancel()

    def _on_request(self, req: seat_pb2.DecisionRequest) -> None:
        rid = req.request_id
        with self.lock:
            if rid in self.answers:  # asked again after a reconnection: the same answer
                answer = self.answers[rid]
            elif rid in self.pending:  # still deciding: the answer goes to the current stream
                return
            else:
                answer = None
                self.pending.add(rid)
        if answer is not None:
            self._send(self._answer_msg(rid, *answer))
            return
        received = time.monotonic()
        due = answer_by(request_deadline(req, received, time.time()), received, self.cfg.safety_margin)
        args: tuple = (req.view, req.legal_actions)
        if self.with_decision:
            args += (Decision(req, self.welcome, due),)
        legal_ids = {la.action_id for la in req.legal_actions}
        fallback = first_legal(req.legal_actions) if req.legal_actions else 0
        try:
            expand_view(req.view)
        except ValueError as e:
            self.log.error("%s: request %d's compact view cannot be read (%s); answering the first legal action",
                           self.where, rid, e)
            self._answer(rid, fallback, True)
            return

        def late() -> None:
            with self.lock:
                busy = self.deciding
            if not self._answer(rid, fallback, True):
                return
            # Logged the 1st, 2nd, 4th, 8th... time, as decide's failures are: a slow bot logged
            # two lines a move (a bot author's trial).
            with self.lock:
                self.late += 1
                n = self.late
            if not _logged_count(n):
                return
            times = f" ({n} times so far)" if n > 1 else ""
            if busy is not None and busy[0] != rid:
                self.log.error("%s: decide has not returned for request %d after %.1f s, so it never saw request %d; "
                               "answered request %d with the first legal action%s", self.where, busy[0],
                               time.monotonic() - busy[1], rid, rid, times)
            else:
                # The time it had; how late it is, work says when decide returns: a bot author
                # could not tell a bot slow by a little from one stuck (a Python bot author's trial).
                self.log.error("%s: decide missed request %d's deadline: it had %.2f s (the request's time less the "
                               "SDK's margin); answered the first legal action%s", self.where, rid,
                               max(due - received, 0.0), times)

        # Without a clock (no deadline, no time left stated) nothing is due: no timer.
        timer = threading.Timer(max(due - time.monotonic(), 0.0), late) if math.isfinite(due) else None
        if timer is not None:
            timer.daemon = True
            timer.start()

        def work() -> None:
            with self.lock:
                if rid not in self.pending:
                    return  # answered by late() while decide was busy with an earlier request: its position is gone
                self.deciding = (rid, time.monotonic())
            fell_back = False
            try:
                choice = action_id_of(self.decide(*args))
            except Exception as e:  # the bot's bug must not end the seat
                self.raised += 1
                if self.raised == 1:
                    self.log.exception("%s: decide raised on request %d; answering the first legal action",
                                       self.where, rid)
                elif _logged_count(self.raised):  # one traceback is enough: a bot that raises at every request printed one each time
                    self.log.error("%s: decide raised on request %d (%d times now; the first traceback is above): "
                                   "%s: %s; answering the first legal action", self.where, rid, self.raised,
                                   type(e).__name__, e)
                choice, fell_back = fallback, True
            finally:
                with self.lock:
                    self.deciding = None
            if type(choice) is not int or choice not in legal_ids:  # True == 1 and 1.0 == 1 in Python
                self.bad_returns += 1
                if _logged_count(self.bad_returns):
                    # Of another type, say which: "1.0 ..., not one of 8 legal actions" read as if 1 were illegal (a trial).
                    what = f"{choice!r}" if type(choice) in (int, str) else f"{choice!r} (a {type(choice).__name__}, not an int)"
                    self.log.error("%s: decide returned action_id %s on request %d, not one of %d legal actions (an int, a "
                                   "string of one, or a LegalAction: the action_id of one of legal_actions; %d so far); "
                                   "answering the first legal action", self.where, what, rid, len(legal_ids), self.bad_returns)
                choice, fell_back = fallback, True
            if timer is not None:
                timer.cancel()
            if not self._answer(rid, choice, fell_back) and math.isfinite(due) and _logged_count(self.late):
                self.log.warning("%s: decide returned request %d's choice %.2f s after the request came, %.2f s past "
                                 "its deadline; the first legal action had been sent", self.where, rid,
                                 time.monotonic() - received, time.monotonic() - due)

        self.pool.submit(work)

    def _answer(self, rid: int, action_id: int, fallback: bool = False) -> bool:
        """_answer records and sends the answer of request rid unless it was answered already;
        fallback marks the SDK's answer for the bot (Decide.fallback)."""
        with self.lock:
            if rid in self.answers:
                return False
            self.pending.discard(rid)
            self.answers[rid] = (action_id, fallback)
            while len(self.answers) > 16:
                del self.answers[min(self.answers)]
        self._send(self._answer_msg(rid, action_id, fallback))
        return True

    def _answer_msg(self, rid: int, action_id: int, fallback: bool) -> seat_service_pb2.ConnectRequest:
        """_answer_msg is the answer to request rid: a Decide, or a proposal to the team from a
        member whose answers do not count (Config.member)."""
        if self.proposes:
            return seat_service_pb2.ConnectRequest(team_message=seat_pb2.TeamMessage(proposal_action_id=action_id))
        return _decide_msg(rid, action_id, fallback)


def action_id_of(choice):
    """action_id_of is the action id that decide's return value names: an int, a string of one
    (``"3"``), or a LegalAction (its ``action_id``). Anything else (None, 1.5, True, "abc") is
    returned as it is, which the caller refuses as no legal action's id: int() made 1.5 action 1 and True
    action 1 without a word (a bot author's trial)."""
    if hasattr(choice, "action_id"):
        choice = choice.action_id
    if isinstance(choice, str):
        try:
            return int(choice, 10)
        except ValueError:
            return choice
    if isinstance(choice, numbers.Integral) and not isinstance(choice, bool):
        return int(choice)  # numpy's integers too
    return choice


def _decide_msg(rid: int, action_id: int, fallback: bool) -> seat_service_pb2.ConnectRequest:
    return seat_service_pb2.ConnectRequest(decide=seat_pb2.Decide(request_id=rid, action_id=action_id, fallback=fallback))
