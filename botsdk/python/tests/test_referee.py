"""Whole games against a real referee: runs when BEZIQUE_REFEREE names a bezique-referee binary
(scripts/ci-polyglot.sh builds one), else skips."""

import os
import re
import subprocess
import threading
import unittest
import unittest.mock

import grpc

from bezique.v1 import (key_pb2, key_service_pb2, key_service_pb2_grpc, rules_pb2, table_pb2, table_service_pb2,
                        table_service_pb2_grpc)
from bezique_bot import Config, SeatRefused, env_config, play
from bezique_bot.strategy import random_bot, strategy_bot

REFEREE = os.environ.get("BEZIQUE_REFEREE", "")
ADMIN_KEY = "bzq_python-admin-key-0123456789abcdef"


def start_referee(env=None, listen="127.0.0.1:0", store="memory"):
    """start_referee runs the referee binary on listen (default: a free port) with store (default:
    in memory); it returns the process and its address."""
    proc = subprocess.Popen([REFEREE, "--listen", listen, "--metrics-listen", "", "--store", store,
                             "--log-level", "warn", "--drain-timeout", "1s"], stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, **(env or {})))
    for line in proc.stderr:
        m = re.search(r"serving gRPC on (\S+)", line)
        if m:
            threading.Thread(target=drain, args=(proc.stderr,), daemon=True).start()
            return proc, m.group(1)
    raise RuntimeError("referee exited before serving")


def drain(stream):
    """drain reads a stream to its end, then closes it."""
    for _ in stream:
        pass
    stream.close()


def stop_referee(proc):
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class RefereeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.proc, cls.addr = start_referee()
        cls.channel = grpc.insecure_channel(cls.addr)
        cls.tables = table_service_pb2_grpc.TableServiceStub(cls.channel)

    @classmethod
    def tearDownClass(cls):
        cls.channel.close()
        stop_referee(cls.proc)

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

        seen = []  # what decide saw of each view: the SDK asks for compact views and expands them
        rnd = random_bot(1)

        def recording(view, legal_actions):
            seen.append((view.compact, all(c.text for c in view.hand), len(view.past_tricks)))
            return rnd(view, legal_actions)

        threads = [threading.Thread(target=seat, args=(0, recording)), threading.Thread(target=seat, args=(1, strategy_bot))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(errors, [])
        self.assertEqual(results[0], results[1])
        self.assertEqual(results[0].outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertEqual([s for s in seen if s[0] or not s[1]], [])
        self.assertGreaterEqual(max(s[2] for s in seen), 20)
        rec = self.tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=resp.table_id), timeout=10).record
        self.assertEqual([s.total for s in rec.result.scores], [s.total for s in results[0].scores])
        self.assertGreaterEqual(max(s.total for s in rec.result.scores), 1000)

    def test_consultation(self):
        """A team seat of two Python members (captain policy) against one Python bot: the captain
        receives every proposal of member 1 and nothing else; the record keeps exactly those."""
        req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_TWO_HANDED, seed=bytes(31) + b"\x09")
        req.seats.add(remote=table_pb2.RemoteSeat(name="team", team_size=2))
        req.seats.add(remote=table_pb2.RemoteSeat(name="solo"))
        resp = self.tables.CreateTable(req, timeout=10)
        got = {0: [], 1: [], 2: []}
        results, errors = {}, []

        def run(key, seat, member, decide):
            try:
                cfg = Config(server=self.addr, table_id=resp.table_id, seat=seat, member=member,
                             token=next(t.token for t in resp.seat_tokens if t.seat == seat),
                             on_team_message=got[key].append)
                results[key] = play(cfg, decide)
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=run, args=(0, 0, 0, strategy_bot)),
                   threading.Thread(target=run, args=(1, 0, 1, random_bot(2))),
                   threading.Thread(target=run, args=(2, 1, 0, random_bot(3)))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(errors, [])
        self.assertEqual(results[0].outcome, table_pb2.OUTCOME_COMPLETED)
        rec = self.tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=resp.table_id), timeout=10).record
        self.assertGreater(len(rec.team_messages), 0)
        self.assertEqual([(m.seat, m.member) for m in rec.team_messages], [(0, 1)] * len(rec.team_messages))
        self.assertEqual([m.proposal_action_id for m in got[0]], [m.proposal_action_id for m in rec.team_messages])
        self.assertEqual((got[1], got[2]), ([], []))

    def test_decision_argument(self):
        """A decide of three parameters gets, at every request of a four-handed game where it holds
        seat 3, its table, seat and side (1: the side of its score in view.scores, which seat 3 is
        not an index of), the rules in force (the four-handed target, 2 000) and the table's clock: 5 s a
        decision, no bank."""
        req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_FOUR_HANDED, seed=bytes(31) + b"\x0b",
                                                   clock=table_pb2.Clock(decision_ms=5000, bank_ms=0))
        for _ in range(3):
            req.seats.add(builtin=table_pb2.BuiltinSeat(bot="random"))
        req.seats.add(remote=table_pb2.RemoteSeat(name="py"))
        resp = self.tables.CreateTable(req, timeout=10)
        seen = set()
        rnd = random_bot(4)

        def decide(view, legal_actions, decision):
            seen.add((decision.table_id, decision.seat, decision.side, decision.rules.variant,
                      decision.rules.effective_options["target"], decision.request.bank_left_ms,
                      0 < decision.request.decision_left_ms <= 5000, 0 < decision.time_left() < 5,
                      len(view.scores) > decision.side))
            return rnd(view, legal_actions)

        cfg = Config(server=self.addr, table_id=resp.table_id, seat=3, token=resp.seat_tokens[0].token)
        result = play(cfg, decide)
        self.assertEqual(result.outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertEqual(seen, {(resp.table_id, 3, 1, rules_pb2.VARIANT_FOUR_HANDED, "2000", 0, True, True, True)})

    def test_server_with_surrounding_whitespace(self):
        """A $BEZIQUE_SERVER ending with a newline (a file or a Kubernetes Secret) or padded with
        spaces is the address itself: the bot plays its game. Before, play raised CannotReach:
        INTERNAL "Received RST_STREAM with error code 1" for the newline, UNAVAILABLE "DNS
        resolution failed" for the spaces."""
        for server in [self.addr + "\n", self.addr + "\r\n", " " + self.addr + " ", "\t" + self.addr]:
            req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_TWO_HANDED, options={"target": "300"})
            req.seats.add(remote=table_pb2.RemoteSeat(name="py"))
            req.seats.add(builtin=table_pb2.BuiltinSeat(bot="random"))
            resp = self.tables.CreateTable(req, timeout=10)
            env = {"BEZIQUE_SERVER": server, "BEZIQUE_KEY": "", "BEZIQUE_BOT_NAME": "", "BEZIQUE_TLS_CA": ""}
            with unittest.mock.patch.dict(os.environ, env):
                cfg = Config(table_id=resp.table_id, seat=0, token=resp.seat_tokens[0].token, connect_attempts=1, **env_config())
            self.assertEqual(play(cfg, random_bot(1)).outcome, table_pb2.OUTCOME_COMPLETED, repr(server))
            self.assertEqual(cfg.server, self.addr)

    def test_wrong_token_is_refused(self):
        resp = self.create(2)
        with self.assertRaises(SeatRefused) as cm:
            play(Config(server=self.addr, table_id=resp.table_id, seat=0, token="wrong"), strategy_bot)
        self.assertEqual(cm.exception.code, grpc.StatusCode.PERMISSION_DENIED)


def referee_with_bot_key(test: unittest.TestCase, name: str):
    """referee_with_bot_key starts a referee with ADMIN_KEY, stopped when test ends, and creates
    a bot key named name; it returns the referee's address, a channel to it, the admin's
    metadata and the CreateKey response."""
    proc, addr = start_referee({"BEZIQUE_ADMIN_KEY": ADMIN_KEY})
    test.addCleanup(stop_referee, proc)
    channel = grpc.insecure_channel(addr)
    test.addCleanup(channel.close)
    admin = (("authorization", "Bearer " + ADMIN_KEY),)
    key = key_service_pb2_grpc.KeyServiceStub(channel).CreateKey(
        key_service_pb2.CreateKeyRequest(name=name, role=key_pb2.ROLE_BOT), metadata=admin, timeout=10)
    return addr, channel, admin, key


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class KeyTest(unittest.TestCase):
    """A referee with authentication: Config.key joins a seat bound to the key's bot, without a token."""

    def test_bound_seat_joined_with_key(self):
        addr, channel, admin, key = referee_with_bot_key(self, "py-alpha")
        tables = table_service_pb2_grpc.TableServiceStub(channel)
        req = table_service_pb2.CreateTableRequest(variant=rules_pb2.VARIANT_TWO_HANDED, seed=bytes(31) + b"\x08")
        req.seats.add(remote=table_pb2.RemoteSeat(name="py", bot_key_id=key.key.key_id))
        req.seats.add(builtin=table_pb2.BuiltinSeat(bot="random"))
        resp = tables.CreateTable(req, metadata=admin, timeout=10)

        with self.assertRaises(SeatRefused) as cm:  # neither token nor key
            play(Config(server=addr, table_id=resp.table_id, seat=0, token=""), strategy_bot)
        self.assertEqual(cm.exception.code, grpc.StatusCode.PERMISSION_DENIED)
        result = play(Config(server=addr, table_id=resp.table_id, seat=0, token="", key=key.secret, bot_name="says-other"),
                      strategy_bot)
        self.assertEqual(result.outcome, table_pb2.OUTCOME_COMPLETED)
        rec = tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=resp.table_id), metadata=admin, timeout=10).record
        self.assertEqual(rec.seats[0].bot_name, "py-alpha")


if __name__ == "__main__":
    unittest.main()
