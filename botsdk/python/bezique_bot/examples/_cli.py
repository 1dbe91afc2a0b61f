"""The command line shared by the example bots."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from bezique.v1 import table_pb2
from bezique_bot.client import Config, SeatRefused, play


def main(name: str, make_decide, argv=None) -> int:
    """main parses the flags, plays one seat to the end and prints the result; it returns the
    process's exit code (0 on a finished game, 1 when the seat was refused)."""
    ap = argparse.ArgumentParser(prog=f"python3 -m bezique_bot.examples.{name}",
                                 description=f"Play one seat of a bezique table with the {name}.")
    ap.add_argument("--server", default="127.0.0.1:7777", help="the referee's gRPC address, host:port (default 127.0.0.1:7777)")
    ap.add_argument("--table", required=True, help="the table id from CreateTable")
    ap.add_argument("--seat", type=int, required=True, help="the seat, 0-based")
    ap.add_argument("--token", default="", help="the seat's token from CreateTable (not needed with --key for a seat bound to the key's bot)")
    ap.add_argument("--key", default=os.environ.get("BEZIQUE_KEY", ""), help="the bot's API key (default $BEZIQUE_KEY)")
    ap.add_argument("--seed", type=int, default=None, help="seed of the bot's own choices, if it uses any")
    ap.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING, ERROR")
    args = ap.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = Config(server=args.server, table_id=args.table, seat=args.seat, token=args.token,
                 bot_name=f"python-{name}", bot_version="0.1.0", key=args.key)
    try:
        result = play(cfg, make_decide(args.seed))
    except SeatRefused as e:
        print(e, file=sys.stderr)
        return 1
    scores = " ".join(f"side{s.side}={s.total}" for s in result.scores)
    winner = result.winner_side if result.HasField("winner_side") else "-"
    print(f"{name}: game over: {table_pb2.Outcome.Name(result.outcome)} winner_side={winner} {scores}")
    return 0
