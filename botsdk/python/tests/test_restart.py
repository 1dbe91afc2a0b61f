"""A referee restarted in place (docs/OPERATIONS.md): the real referee binary, on SQLite, is
killed mid-game and started again on the same address 10 s later; the bot must be back within
about a second. Runs when BEZIQUE_REFEREE names a bezique-referee binary, else skips."""

import os
import socket
import tempfile
import threading
import time
import unittest

import grpc

from bezique.v1 import rules_pb2, table_pb2, table_service_pb2, table_service_pb2_grpc
from bezique_bot import Config, play
from bezique_bot.strategy import random_bot
from tests.test_referee import REFEREE, start_referee, stop_referee


def free_port():
    """free_port returns a loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class RestartTest(unittest.TestCase):
    def test_back_soon_after_the_referee(self):
        """With grpc's own backoff between connection attempts (up to 120 s), the bot's joins
        failed at once with the last "Connection refused" for seconds after the referee listened
        again, whatever max_backoff said. With the default max_backoff (5 s), the bot slept it
        all after a last such failure, and was back 5-10 s after the referee (an operator's
        trial: two games auto-played after the disconnect grace ran out)."""
        data = tempfile.TemporaryDirectory()
        self.addCleanup(data.cleanup)
        listen, store = "127.0.0.1:%d" % free_port(), "sqlite:" + os.path.join(data.name, "bezique.db")
        proc, addr = start_referee(listen=listen, store=store)
        self.addCleanup(lambda: stop_referee(proc))
        with grpc.insecure_channel(addr) as channel:
            req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_TWO_HANDED, seed=bytes(31) + b"\x05")
            req.seats.add(remote=table_pb2.RemoteSeat(name="py"))
            req.seats.add(builtin=table_pb2.BuiltinSeat(bot="random"))
            resp = table_service_pb2_grpc.TableServiceStub(channel).CreateTable(req, timeout=10)

        first = threading.Event()
        since, back = [None], [None]  # when the referee listened again; the first decision after
        rnd = random_bot(1)

        def decide(view, legal_actions):
            first.set()
            if since[0] is not None and back[0] is None:
                back[0] = time.monotonic()
            return rnd(view, legal_actions)

        out = {}

        def run():
            try:
                out["result"] = play(Config(server=addr, table_id=resp.table_id, seat=0, token=resp.seat_tokens[0].token), decide)
            except Exception as e:  # reported below
                out["error"] = e

        t = threading.Thread(target=run)
        t.start()
        self.assertTrue(first.wait(10), "no decision request in 10 s")
        proc.kill()
        proc.wait()
        time.sleep(10)
        proc, _ = start_referee(listen=listen, store=store)
        since[0] = time.monotonic()
        t.join(60)
        self.assertFalse(t.is_alive(), "the game did not end within 60 s of the referee's return")
        self.assertNotIn("error", out)
        self.assertEqual(out["result"].outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertIsNotNone(back[0], "the bot never decided after the referee came back")
        self.assertLess(back[0] - since[0], 3.0)  # a second's dial, and the referee's recovery


if __name__ == "__main__":
    unittest.main()
