"""Decision: what decide may know of a decision request beyond its view and legal actions."""

from __future__ import annotations

import dataclasses
import inspect
import math
import time

from bezique.v1 import rules_pb2, seat_pb2


@dataclasses.dataclass(frozen=True)
class Decision:
    """Decision is decide's third argument, for a decide that takes one
    (``decide(view, legal_actions, decision)``): the decision request itself (its clock:
    ``request.decision_left_ms``, ``bank_left_ms``, ``increment_ms``, ``deadline``), the Welcome of
    the game it belongs to (the rules in force with every option, the seat's side, the clock, the
    failure policy), and when the SDK answers for the bot. In serve mode one decide plays every
    game: ``table_id`` tells them apart. The Go SDK's Bot gets the same from its DecisionRequest,
    its context's deadline and OnWelcome; the Node SDK's decide gets its own Decision."""

    #: request is the DecisionRequest (its view and legal actions are decide's first two arguments).
    request: seat_pb2.DecisionRequest
    #: welcome is the latest Welcome of the seat's stream (the first join's, or a resume's).
    welcome: seat_pb2.Welcome
    #: due is the time.monotonic() at which the SDK answers the first legal action for a decide that
    #: has not returned (the deadline less Config.safety_margin); math.inf without a clock.
    due: float

    @property
    def table_id(self) -> str:
        """table_id is the game's table."""
        return self.welcome.table_id

    @property
    def seat(self) -> int:
        """seat is the bot's seat, 0 to 3."""
        return self.welcome.seat

    @property
    def side(self) -> int:
        """side is the seat's side, the index of its score in ``view.scores`` (a partnership's
        seats share one, RULES.md §3.3)."""
        return self.welcome.side

    @property
    def rules(self) -> rules_pb2.Rules:
        """rules are the rules in force: the variant, the options the table set and every option in
        force (``effective_options``, defaults filled in)."""
        return self.welcome.rules

    def time_left(self) -> float:
        """time_left is how many seconds decide has before the SDK answers for it (never below 0;
        math.inf without a clock): the decision time and the whole bank. A search that runs until it
        nears 0 spends the bank on one move; its share of a move is request.decision_left_ms
        (docs/write-a-bot.md, "The clock")."""
        if not math.isfinite(self.due):
            return math.inf
        return max(self.due - time.monotonic(), 0.0)


def wants_decision(decide) -> bool:
    """wants_decision reports whether decide takes a Decision as its third argument: it has a third
    positional parameter without a default value, one named ``decision``, or ``*args``. A decide
    of two parameters (``decide(view, legal_actions)``) is called as before; one whose signature
    cannot be read is called with two."""
    try:
        params = list(inspect.signature(decide).parameters.values())
    except (TypeError, ValueError):
        return False
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return True
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 and (positional[2].default is inspect.Parameter.empty or positional[2].name == "decision")


def wants_welcome(on_event) -> bool:
    """wants_welcome reports whether on_event takes its game's Welcome as a second argument, as
    Node's onEvent(event, welcome) does: it has a second positional parameter without a default
    value, or one named ``welcome``. Any other (``events.append``, ``print``, a logger's ``info``,
    ``lambda e, log=log: ...``, ``queue.put``) is called with the event alone, as before; one whose
    signature cannot be read too (a first version passed the Welcome to any callable of ``*args``
    or of a second parameter with a default, and ``print`` printed it with every event, a
    default-argument capture was overwritten: a re-trial). A serve bot of capacity above 1 could
    not tell which game an event was of (a bot author's trial)."""
    try:
        params = list(inspect.signature(on_event).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 and (positional[1].default is inspect.Parameter.empty or positional[1].name == "welcome")


def check_decide(decide) -> None:
    """check_decide raises TypeError when decide cannot be called as play and serve call it,
    ``decide(view, legal_actions)`` or, for one that wants_decision, with a Decision third: a
    ``lambda v: 1`` played a whole game on the SDK's fallbacks, its TypeError repeated in the log
    (a bot author's trial). One whose signature cannot be read passes."""
    if not callable(decide):
        raise TypeError(f"decide: {decide!r} is not callable: want a function decide(view, legal_actions) -> action_id")
    try:
        sig = inspect.signature(decide)
    except (TypeError, ValueError):
        return
    args = (None, None, None) if wants_decision(decide) else (None, None)
    try:
        sig.bind(*args)
    except TypeError as e:
        raise TypeError(f"decide{sig}: {e}: play and serve call decide(view, legal_actions), "
                        "or decide(view, legal_actions, decision)") from None
