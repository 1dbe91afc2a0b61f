"""Serve mode against a real referee with authentication: runs when BEZIQUE_REFEREE names a
bezique-referee binary (scripts/ci-polyglot.sh builds one), else skips."""

import socket
import threading
import time
import unittest

import grpc

from bezique.v1 import (lobby_pb2, lobby_service_pb2, lobby_service_pb2_grpc, rules_pb2, table_pb2, table_service_pb2, table_service_pb2_grpc, tournament_pb2,
                        tournament_service_pb2, tournament_service_pb2_grpc)
from bezique_bot import CannotReach, LobbyRefused, ServeConfig, serve
from bezique_bot.strategy import strategy_bot
from tests.test_referee import REFEREE, referee_with_bot_key


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class ServeTest(unittest.TestCase):
    def test_challenged_game_played_under_the_key(self):
        addr, channel, admin, key = referee_with_bot_key(self, "py-serve")

        with self.assertRaises(LobbyRefused) as cm:
            serve(ServeConfig(server=addr, key=key.secret, capacity=0), strategy_bot)
        self.assertEqual(cm.exception.code, grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("capacity: 0", cm.exception.details)
        # An unknown key is refused at the referee's first answer (it was "cannot reach", retried).
        start = time.monotonic()
        with self.assertRaises(LobbyRefused) as cm:
            serve(ServeConfig(server=addr, key="bzq_not-a-key-of-this-referee-0123456789abcdef", connect_attempts=50,
                              max_backoff=0.05), strategy_bot)
        self.assertEqual((cm.exception.code, cm.exception.details), (grpc.StatusCode.UNAUTHENTICATED, "unknown API key"))
        self.assertLess(time.monotonic() - start, 2)
        # The tournament named reaches the referee (ServeRequest.tournament_id), which knows none.
        with self.assertRaises(LobbyRefused) as cm:
            serve(ServeConfig(server=addr, key=key.secret, tournament="tn-nope"), strategy_bot)
        self.assertEqual((cm.exception.code, cm.exception.details), (grpc.StatusCode.NOT_FOUND, 'tournament "tn-nope" not found'))

        stop = threading.Event()
        ended = []
        done = threading.Event()

        def game_over(a, result, error):
            ended.append((a, result, error))
            done.set()

        welcomes, events = [], []  # every game's, as Config's on_welcome and on_event (with each event's Welcome)
        cfg = ServeConfig(server=addr, key=key.secret, capacity=2, variants=[rules_pb2.VARIANT_TWO_HANDED], on_game_over=game_over,
                          on_welcome=lambda w: welcomes.append((w.table_id, w.seat)),
                          on_event=lambda e, w: events.append((e, w.table_id, w.seat)))
        server = threading.Thread(target=serve, args=(cfg, strategy_bot, stop))
        server.start()
        self.addCleanup(server.join, 10)
        self.addCleanup(stop.set)
        lobby = lobby_service_pb2_grpc.LobbyServiceStub(channel)
        for _ in range(200):
            bots = lobby.ListBots(lobby_service_pb2.ListBotsRequest(), metadata=admin, timeout=10).bots
            if bots:
                break
            threading.Event().wait(0.05)
        self.assertEqual([(b.name, b.key_id, b.capacity, list(b.variants)) for b in bots],
                         [("py-serve", key.key.key_id, 2, [rules_pb2.VARIANT_TWO_HANDED])])

        req = lobby_service_pb2.ChallengeRequest(variant=rules_pb2.VARIANT_TWO_HANDED, seats=[
            lobby_pb2.ChallengeSeat(lobby="py-serve"), lobby_pb2.ChallengeSeat(builtin=table_pb2.BuiltinSeat(bot="rulebook"))])
        table = lobby.Challenge(req, metadata=admin, timeout=10).table
        self.assertTrue(done.wait(120), "the game did not end")
        a, result, error = ended[0]
        self.assertIsNone(error)
        self.assertEqual((a.table_id, a.seat), (table.table_id, 0))
        self.assertEqual(result.outcome, table_pb2.OUTCOME_COMPLETED)
        self.assertEqual(welcomes, [(table.table_id, 0)])
        self.assertEqual(events[-1][0].WhichOneof("payload"), "game_ended")
        self.assertEqual({(t, s) for _, t, s in events}, {(table.table_id, 0)})
        tables = table_service_pb2_grpc.TableServiceStub(channel)
        rec = tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=table.table_id), metadata=admin, timeout=10).record
        self.assertEqual(rec.seats[0].bot_name, "py-serve")
        stop.set()
        server.join(10)
        self.assertFalse(server.is_alive())

        # Serving a tournament (one game): serve returns, without stop, once the tournament has
        # ended (ServeResponse.tournament_ended) and its game in play has.
        tournaments = tournament_service_pb2_grpc.TournamentServiceStub(channel)
        spec = tournament_pb2.TournamentSpec(format=tournament_pb2.TOURNAMENT_FORMAT_ROUND_ROBIN, variant=rules_pb2.VARIANT_TWO_HANDED,
                                             deals=1, entrants=[tournament_pb2.Entrant(id="py", lobby_bot="py-serve"),
                                                                tournament_pb2.Entrant(id="rb", builtin_bot="rulebook")])
        tn = tournaments.CreateTournament(tournament_service_pb2.CreateTournamentRequest(spec=spec), metadata=admin, timeout=10).tournament
        games = []
        cfg = ServeConfig(server=addr, key=key.secret, tournament=tn.tournament_id,
                          on_game_over=lambda a, result, error: games.append((a.table_id, result.outcome if result else None, error)))
        served = []

        def run():
            try:
                served.append(serve(cfg, strategy_bot))
            except Exception as e:  # before, LobbyRefused: the stream's end was retried, and refused FAILED_PRECONDITION
                served.append(e)

        server = threading.Thread(target=run)
        server.start()
        server.join(120)
        self.assertFalse(server.is_alive(), "serve went on after its tournament ended")
        self.assertEqual(served, [None])
        self.assertEqual(games, [(tn.tournament_id + "-g0", table_pb2.OUTCOME_COMPLETED, None)])
        got = tournaments.GetTournament(tournament_service_pb2.GetTournamentRequest(tournament_id=tn.tournament_id), metadata=admin, timeout=10)
        self.assertEqual(got.tournament.state, tournament_pb2.TOURNAMENT_STATE_FINISHED)


@unittest.skipUnless(REFEREE, "set BEZIQUE_REFEREE to a bezique-referee binary to play against a real referee")
class ServeStopTest(unittest.TestCase):
    def test_stop_waits_for_the_games_in_play(self):
        """serve, told to stop with a game in play, returns once that game has ended: it returned at
        once, and a program that then exited left its game to be auto-played (a bot author's trial:
        217 auto_play_disconnect actions)."""
        addr, channel, admin, key = referee_with_bot_key(self, "py-stop")
        stop = threading.Event()
        ended = []
        cfg = ServeConfig(server=addr, key=key.secret, on_game_over=lambda a, result, error: ended.append((result.outcome if result else None, error)))
        server = threading.Thread(target=serve, args=(cfg, strategy_bot, stop))
        server.start()
        self.addCleanup(server.join, 120)
        self.addCleanup(stop.set)
        lobby = lobby_service_pb2_grpc.LobbyServiceStub(channel)
        for _ in range(200):
            if lobby.ListBots(lobby_service_pb2.ListBotsRequest(), metadata=admin, timeout=10).bots:
                break
            threading.Event().wait(0.05)
        req = lobby_service_pb2.ChallengeRequest(variant=rules_pb2.VARIANT_TWO_HANDED, options={"target": "3000"}, seats=[
            lobby_pb2.ChallengeSeat(lobby="py-stop"), lobby_pb2.ChallengeSeat(builtin=table_pb2.BuiltinSeat(bot="rulebook"))])
        table = lobby.Challenge(req, metadata=admin, timeout=10).table
        tables = table_service_pb2_grpc.TableServiceStub(channel)
        for _ in range(400):  # the bot has played: its game is in play
            got = tables.GetTable(table_service_pb2.GetTableRequest(table_id=table.table_id), metadata=admin, timeout=10).table
            if got.state == table_pb2.TABLE_STATE_PLAYING and got.last_seq > 10:
                break
            threading.Event().wait(0.05)
        stop.set()
        server.join(120)
        self.assertFalse(server.is_alive(), "serve did not return after its game")
        self.assertEqual(ended, [(table_pb2.OUTCOME_COMPLETED, None)], "serve returned before its game in play had ended")
        rec = tables.GetRecord(table_service_pb2.GetRecordRequest(table_id=table.table_id), metadata=admin, timeout=10).record
        self.assertEqual([a.seq for a in rec.actions if a.intervention], [])


class ServeCannotReachTest(unittest.TestCase):
    def test_gives_up_on_an_address_nobody_serves(self):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        addr = "127.0.0.1:%d" % s.getsockname()[1]
        s.close()  # nobody serves addr now
        start = time.monotonic()
        with self.assertRaises(CannotReach) as ctx:
            serve(ServeConfig(server=addr, connect_attempts=3, max_backoff=0.05), strategy_bot)
        self.assertTrue(str(ctx.exception).startswith(f"bezique_bot: cannot reach {addr} (3 attempts): UNAVAILABLE: "),
                        str(ctx.exception))
        self.assertLess(time.monotonic() - start, 10)


if __name__ == "__main__":
    unittest.main()
