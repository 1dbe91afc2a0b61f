"""A bot started while its table moves to another referee (issue #16): a tiny gRPC server on
loopback answers the first joins UNAVAILABLE, as a referee does while another takes its table
over, then ends the game; the SDK must keep joining past connect_attempts and say which it was
when it gives up."""

import pathlib
import threading
import time
import unittest
from concurrent import futures

import grpc

from bezique.v1 import seat_pb2, seat_service_pb2, seat_service_pb2_grpc, table_pb2
from bezique_bot import Config, RefereeUnavailable, play
from bezique_bot.status import DETAILS_KEY

MOVING = "table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect"
# The grpc-status-details-bin of that refusal as the referee sends it: a RetryInfo of a second
# (service's TestStatusFixtures keeps the file current).
MOVING_DETAILS = bytes.fromhex((pathlib.Path(__file__).resolve().parents[2] / "testdata" / "status-moving.hex").read_text().strip())


class _Moving(seat_service_pb2_grpc.SeatServiceServicer):
    """_Moving answers the first `moving` joins UNAVAILABLE (with the status details `details` when
    set), then ends the game at once."""

    def __init__(self, moving, details=None):
        self.moving = moving
        self.details = details
        self.joins = 0
        self.lock = threading.Lock()

    def Connect(self, request_iterator, context):
        next(request_iterator)  # the Join
        with self.lock:
            self.joins += 1
            refused = self.joins <= self.moving
        if refused:
            if self.details:
                context.set_trailing_metadata(((DETAILS_KEY, self.details),))
            context.abort(grpc.StatusCode.UNAVAILABLE, MOVING)
        yield seat_service_pb2.ConnectResponse(game_over=seat_pb2.GameOver(
            result=table_pb2.GameResult(outcome=table_pb2.OUTCOME_COMPLETED)))


def start(moving, details=None):
    """start serves _Moving(moving, details) on a free loopback port; it returns the servicer, the
    address and the server."""
    servicer = _Moving(moving, details)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    seat_service_pb2_grpc.add_SeatServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    return servicer, "127.0.0.1:%d" % port, server


class TakeoverTest(unittest.TestCase):
    def config(self, addr, **kw):
        return Config(server=addr, table_id="t-1", seat=0, token="x", connect_attempts=3, max_backoff=0.1, **kw)

    def test_joins_through_a_takeover(self):
        servicer, addr, server = start(6)
        self.addCleanup(server.stop, None)
        result = play(self.config(addr), lambda view, legal: legal[0].action_id)
        self.assertEqual(result.outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertEqual(servicer.joins, 7)  # 6 refused, more than the 3 connect attempts, then the game

    def test_waits_the_retry_info_of_a_move(self):
        # The referee's refusal carries a RetryInfo of a second: each is waited out, far above the
        # backoff (0.1 s at most here).
        servicer, addr, server = start(2, MOVING_DETAILS)
        self.addCleanup(server.stop, None)
        start_time = time.monotonic()
        result = play(self.config(addr), lambda view, legal: legal[0].action_id)
        self.assertEqual(result.outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertEqual(servicer.joins, 3)
        self.assertGreaterEqual(time.monotonic() - start_time, 2.0)

    def test_gives_up_on_a_table_that_does_not_move(self):
        servicer, addr, server = start(1 << 30)
        self.addCleanup(server.stop, None)
        start_time = time.monotonic()
        with self.assertRaises(RefereeUnavailable) as ctx:
            play(self.config(addr, takeover_wait=0.7), lambda view, legal: legal[0].action_id)
        self.assertEqual(str(ctx.exception), f"bezique_bot: referee at {addr} answered UNAVAILABLE: {MOVING} for 0.7s")
        self.assertGreater(servicer.joins, 3)
        self.assertTrue(0.4 < time.monotonic() - start_time < 5, time.monotonic() - start_time)
