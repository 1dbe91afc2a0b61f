"""serve_bot waits in a referee's lobby and plays every game it is given with the random or the
strategy bot, up to --capacity at once, until interrupted or, with --tournament, until that
tournament ends. --server, --name, --key and --tls-ca
default to $BEZIQUE_SERVER, $BEZIQUE_BOT_NAME, $BEZIQUE_KEY and $BEZIQUE_TLS_CA."""

import argparse
import logging
import os
import signal
import sys
import threading

from bezique.v1 import rules_pb2
from bezique_bot.client import CannotReach, RefereeUnavailable
from bezique_bot.examples._cli import add_connection_args, credentials
from bezique_bot.outcome import result_text
from bezique_bot.serve import LobbyRefused, ServeConfig, serve
from bezique_bot.strategy import random_bot, strategy_bot


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m bezique_bot.examples.serve_bot", description=__doc__)
    add_connection_args(ap)
    ap.add_argument("--name", default=os.environ.get("BEZIQUE_BOT_NAME") or "python-serve",
                    help="the bot's name in the lobby (default $BEZIQUE_BOT_NAME, else python-serve; with --key: the key's name)")
    ap.add_argument("--capacity", type=int, default=1, help="the most games played at once")
    ap.add_argument("--tournament", default="", help="the tournament served (the bot is one of its entrants), and no other game; the bot exits when it ends")
    ap.add_argument("--variants", default="", help="comma-separated: two-handed,three-handed,... (default: every variant)")
    ap.add_argument("--bot", choices=["random", "strategy"], default="strategy", help="the strategy")
    ap.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING, ERROR")
    args = ap.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    variants = [rules_pb2.Variant.Value("VARIANT_" + v.strip().upper().replace("-", "_")) for v in args.variants.split(",") if v.strip()]

    def game_over(a, result, error):
        # Called from each game's thread: one write per line, whole (print writes the line and its
        # end apart, and two games ending together ran their lines into one: a host's trial).
        if error is None:
            sys.stdout.write(f"table {a.table_id} seat {a.seat}: game over: {result_text(result)}\n")
            sys.stdout.flush()

    cfg = ServeConfig(server=args.server, bot_name=args.name, key=args.key, capacity=args.capacity, variants=variants,
                      tournament=args.tournament, on_game_over=game_over, credentials=credentials(args))
    who = "as its API key's name" if args.key else args.name  # with a key the referee names the bot by the key
    print(f"serving {who} in the lobby of {args.server}, capacity {args.capacity}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())  # bezique match ends its programs with SIGTERM: exit 0, as on Ctrl-C
    try:
        serve(cfg, random_bot() if args.bot == "random" else strategy_bot, stop)
        if args.tournament and not stop.is_set():
            print(f"tournament {args.tournament} has ended: serving no more", flush=True)
    except (LobbyRefused, CannotReach, RefereeUnavailable) as e:
        print(e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
