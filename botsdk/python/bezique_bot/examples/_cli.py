"""The command line shared by the example bots."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from bezique.v1 import cards_pb2
from bezique_bot.client import DEFAULT_TAKEOVER_WAIT, CannotReach, Config, RefereeUnavailable, SeatRefused, play, tls_credentials
from bezique_bot.outcome import result_text


def main(name: str, make_decide, argv=None) -> int:
    """main parses the flags, plays one seat to the end (a line per deal) and prints the result;
    it returns the process's exit code (0 on an ended game, 1 when the seat was refused or the
    referee could not be reached)."""
    ap = argparse.ArgumentParser(prog=f"python3 -m bezique_bot.examples.{name}",
                                 description=f"Play one seat of a bezique table with the {name}.")
    ap.add_argument("--table", required=True, help="the table id from CreateTable")
    ap.add_argument("--seat", type=int, required=True, help="the seat, 0-based")
    ap.add_argument("--token", default="", help="the seat's token from CreateTable (not needed with --key for a seat bound to the key's bot)")
    ap.add_argument("--member", type=int, default=0, help="the bot's place in a team seat (consultation), 0-based; 0 is the captain")
    ap.add_argument("--seed", type=int, default=None, help="seed of the bot's own choices, if it uses any")
    ap.add_argument("--connect-attempts", type=int, default=5,
                    help="attempts to reach the referee before giving up (default 5)")
    ap.add_argument("--takeover-wait", type=float, default=DEFAULT_TAKEOVER_WAIT,
                    help="seconds to keep joining while the referee answers UNAVAILABLE, a table moving to another referee (default 30)")
    add_connection_args(ap)
    ap.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING, ERROR")
    args = ap.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = Config(server=args.server, table_id=args.table, seat=args.seat, token=args.token,
                 bot_name=f"python-{name}", bot_version="0.1.0", key=args.key, connect_attempts=args.connect_attempts,
                 takeover_wait=args.takeover_wait,
                 on_event=_deal_line(name), member=args.member,
                 on_team_message=lambda m: print(f"{name}: team: member {m.member} proposes action {m.proposal_action_id} {m.text}", flush=True))
    cfg.credentials = credentials(args)
    try:
        result = play(cfg, make_decide(args.seed))
    except (SeatRefused, CannotReach, RefereeUnavailable) as e:
        print(e, file=sys.stderr)
        return 1
    print(f"{name}: game over: {result_text(result)}", flush=True)
    return 0


def add_connection_args(ap: argparse.ArgumentParser) -> None:
    """add_connection_args adds --server, --key and the TLS flags, --server, --key and --tls-ca
    defaulting to the environment env_config reads ($BEZIQUE_SERVER, else 127.0.0.1:7777;
    $BEZIQUE_KEY; $BEZIQUE_TLS_CA), so that a bot given them by its operator needs no flag."""
    ap.add_argument("--server", default=os.environ.get("BEZIQUE_SERVER") or "127.0.0.1:7777",
                    help="the referee's gRPC address, host:port (default $BEZIQUE_SERVER, else 127.0.0.1:7777)")
    ap.add_argument("--key", default=os.environ.get("BEZIQUE_KEY", ""), help="the bot's API key (default $BEZIQUE_KEY)")
    ap.add_argument("--tls", action="store_true", help="connect with TLS, trusting gRPC's default roots (or --tls-ca)")
    ap.add_argument("--tls-ca", default=os.environ.get("BEZIQUE_TLS_CA", ""),
                    help="PEM CA certificates to trust for the referee's certificate (implies --tls; default $BEZIQUE_TLS_CA)")
    ap.add_argument("--tls-cert", help="PEM client certificate, for a referee that requires one (mTLS; implies --tls)")
    ap.add_argument("--tls-key", help="PEM private key of --tls-cert")


def credentials(args: argparse.Namespace):
    """credentials returns the TLS credentials the flags of add_connection_args ask for, or None
    for plaintext."""
    if args.tls or args.tls_ca or args.tls_cert or args.tls_key:
        return tls_credentials(args.tls_ca or None, args.tls_cert, args.tls_key)
    return None


def _deal_line(name: str):
    """_deal_line returns an on_event that prints one line per deal, so a player sees progress,
    and one when trump is fixed or a carte blanche shown (Rubicon, six-pack)."""

    def on_event(event) -> None:
        kind = event.WhichOneof("payload")
        if kind == "deal_ended":
            scores = ", ".join(f"side {s.side} {s.total}" for s in event.deal_ended.scores)
            print(f"{name}: deal {event.deal_ended.deal} ends: {scores}", flush=True)
        elif kind == "trump_fixed":
            suit = cards_pb2.Suit.Name(event.trump_fixed.trump).removeprefix("SUIT_").lower()
            print(f"{name}: seat {event.trump_fixed.seat}'s meld fixes trump: {suit}", flush=True)
        elif kind == "carte_blanche_shown":
            c = event.carte_blanche_shown
            print(f"{name}: seat {c.seat} shows carte blanche ({c.points})", flush=True)

    return on_event
