"""Whole games against a real referee: runs when BEZIQUE_REFEREE names a bezique-referee binary
(scripts/ci-polyglot.sh builds one), else skips."""

import os
import re
import subprocess
import threading
import unittest

import grpc

from bezique.v1 import rules_pb2, table_pb2, table_service_pb2, table_service_pb2_grpc
from bezique_bot import Config, SeatRefused, play
from bezique_bot.strategy import random_bot, strategy_bot

REFEREE = os.environ.get("BEZIQUE_REFEREE", "")


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class RefereeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.proc = subprocess.Popen([REFEREE, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory",
                                     "--log-level", "warn", "--drain-timeout", "1s"], stderr=subprocess.PIPE, text=True)
        for line in cls.proc.stderr:
            m = re.search(r"serving gRPC on (\S+)", line)
            if m:
                cls.addr = m.group(1)
                break
        else:
            raise RuntimeError("referee exited before serving")
        threading.Thread(target=lambda: [None for _ in cls.proc.stderr], daemon=True).start()  # drain
        cls.channel = grpc.insecure_channel(cls.addr)
        cls.tables = table_service_pb2_grpc.TableServiceStub(cls.channel)

    @classmethod
    def tearDownClass(cls):
        cls.channel.close()
        cls.proc.terminate()
        try:
            cls.proc.wait(10)
        except subprocess.TimeoutExpired:
            cls.proc.kill()
            cls.proc.wait()

    def create(self, seats):
        req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_TWO_HANDED, seed=bytes(31) + b"\x07")
        for _ in range(seats):
            req.seats.add(remote=table_pb2.RemoteSeat(name="py"))
        return self.tables.CreateTable(req, timeout=10)

    def test_whole_game(self):
        resp = self.create(2)
        results = [None, None]
        errors = []

        def seat(i, decide):
            try:
                cfg = Config(server=self.addr, table_id=resp.table_id, seat=i,
                             token=next(t.token for t in resp.seat_tokens if t.seat == i))
                results[i] = play(cfg, decide)
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=seat, args=(0, random_bot(1))), threading.Thread(target=seat, args=(1, strategy_bot))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(errors, [])
        self.assertEqual(results[0], results[1])
        self.assertEqual(results[0].outcome, table_pb2.OUTCOME_COMPLETED)
        rec = self.tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=resp.table_id), timeout=10).record
        self.assertEqual([s.total for s in rec.result.scores], [s.total for s in results[0].scores])
        self.assertGreaterEqual(max(s.total for s in rec.result.scores), 1000)

    def test_wrong_token_is_refused(self):
        resp = self.create(2)
        with self.assertRaises(SeatRefused) as cm:
            play(Config(server=self.addr, table_id=resp.table_id, seat=0, token="wrong"), strategy_bot)
        self.assertEqual(cm.exception.code, grpc.StatusCode.PERMISSION_DENIED)


if __name__ == "__main__":
    unittest.main()
