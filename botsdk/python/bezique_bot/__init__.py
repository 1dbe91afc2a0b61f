"""bezique_bot: the Python SDK for Bézique bots on a bezique referee.

A bot is one decision function, ``decide(view, legal_actions) -> action_id``; :func:`play` joins
the seat, answers pings, answers every decision request by its request id before its deadline,
and reconnects and resumes (``resume_after_seq``) after a lost connection, re-sending the same
answer when the referee asks again. It mirrors the Go SDK (``botsdk.Play``)::

    from bezique_bot import Config, play

    def first_legal(view, legal_actions):
        return legal_actions[0].action_id

    result = play(Config(server="127.0.0.1:7777", table_id="t1", seat=0, token="..."), first_legal)

In serve mode, :func:`serve` waits in the referee's lobby and plays every game it is given,
up to its capacity at once (``serve(ServeConfig(server=..., bot_name="py", capacity=4), decide)``).

The generated stubs of proto/ are the ``bezique.v1`` package beside this one
(``from bezique.v1 import seat_service_pb2``); scripts/gen-python.sh regenerates them.
"""

import sys

try:
    import google.protobuf  # noqa: F401  (the stubs need both; say so before a bare ModuleNotFoundError)
    import grpc  # noqa: F401
except ImportError as err:
    raise ImportError(
        f"bezique_bot needs grpcio and protobuf, which this Python ({sys.executable}) lacks: {err}. "
        "On Debian: apt-get install python3-grpcio python3-protobuf, then run the bot with /usr/bin/python3 "
        "(or a venv made with --system-site-packages; docs/write-a-bot.md)", name=err.name) from err

from bezique_bot.cards import card_copy, card_rank, card_suit, card_text, expand_view
from bezique_bot.decision import Decision
from bezique_bot.client import CannotReach, Config, EnvConfig, RefereeUnavailable, SeatRefused, env_config, play, retryable, request_deadline, tls_credentials
from bezique_bot.outcome import outcome_text, result_text
from bezique_bot.serve import LobbyRefused, ServeConfig, serve

__all__ = ["card_copy", "card_rank", "card_suit", "card_text", "expand_view", "CannotReach", "Config", "Decision", "LobbyRefused", "RefereeUnavailable", "SeatRefused", "ServeConfig", "play", "retryable", "request_deadline",
           "tls_credentials", "env_config", "EnvConfig", "outcome_text", "result_text", "serve"]
__version__ = "0.1.0"
