'use strict';
// Serve mode against a real referee with authentication: runs when BEZIQUE_REFEREE names a
// bezique-referee binary (scripts/ci-polyglot.sh builds one), else skips.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const grpc = require('@grpc/grpc-js');
const net = require('node:net');
const protoLoader = require('@grpc/proto-loader');
const { load, authMetadata, CannotReach, DEFAULT_PROTO_DIR } = require('../src');
const { serve, loadLobby, LobbyRefused } = require('../src/serve');
const { strategyBot } = require('../src/strategy');

const REFEREE = process.env.BEZIQUE_REFEREE || '';
const ADMIN_KEY = 'bzq_node-admin-key-0123456789abcdef';

test('serve mode: a challenged game played under the key', { skip: REFEREE ? false : 'set BEZIQUE_REFEREE to a bezique-referee binary' }, async () => {
  const proc = spawn(REFEREE, ['--listen', '127.0.0.1:0', '--metrics-listen', '', '--store', 'memory', '--log-level', 'warn', '--drain-timeout', '1s'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BEZIQUE_ADMIN_KEY: ADMIN_KEY } });
  const addr = await new Promise((resolve, reject) => {
    readline.createInterface({ input: proc.stderr }).on('line', (line) => {
      const m = /serving gRPC on (\S+)/.exec(line);
      if (m) resolve(m[1]);
    });
    proc.on('exit', () => reject(new Error('referee exited before serving')));
  });
  const creds = grpc.credentials.createInsecure();
  const keys = new (load().KeyService)(addr, creds);
  const tables = new (load().TableService)(addr, creds);
  const lobby = new (loadLobby().LobbyService)(addr, creds);
  const tournaments = new (grpc.loadPackageDefinition(protoLoader.loadSync(['bezique/v1/tournament_service.proto'],
    { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true, includeDirs: [DEFAULT_PROTO_DIR] })).bezique.v1.TournamentService)(addr, creds);
  const admin = authMetadata(ADMIN_KEY);
  const rpc = (client, method, req) => new Promise((resolve, reject) => client[method](req, admin, (err, resp) => (err ? reject(err) : resolve(resp))));
  const quiet = { warn() {}, error: console.error };
  const ac = new AbortController();
  try {
    const key = await rpc(keys, 'CreateKey', { name: 'js-serve', role: 'ROLE_BOT' });
    await assert.rejects(serve({ server: addr, key: key.secret, capacity: 0, logger: quiet }, strategyBot),
      (err) => err instanceof LobbyRefused && err.code === grpc.status.INVALID_ARGUMENT && /capacity: 0/.test(err.details));
    // An unknown key is refused at the referee's first answer (it was "cannot reach", retried).
    const start = Date.now();
    await assert.rejects(serve({ server: addr, key: 'bzq_not-a-key-of-this-referee-0123456789abcdef', connectAttempts: 50, maxBackoffMs: 50,
      logger: quiet }, strategyBot),
    (err) => err instanceof LobbyRefused && err.code === grpc.status.UNAUTHENTICATED && err.details === 'unknown API key');
    assert.ok(Date.now() - start < 2000);
    // The tournament named reaches the referee (ServeRequest.tournament_id), which knows none.
    await assert.rejects(serve({ server: addr, key: key.secret, tournament: 'tn-nope', logger: quiet }, strategyBot),
      (err) => err instanceof LobbyRefused && err.code === grpc.status.NOT_FOUND && err.details === 'tournament "tn-nope" not found');

    let ended;
    const gameOver = new Promise((resolve) => { ended = resolve; });
    const welcomes = [];
    const events = []; // every game's, as play()'s onWelcome and onEvent
    const serving = serve({ server: addr, key: key.secret, capacity: 2, variants: ['VARIANT_TWO_HANDED'], signal: ac.signal, logger: quiet,
      onGameOver: (a, result, err) => ended({ a, result, err }), onWelcome: (w) => welcomes.push([w.table_id, w.seat]),
      onEvent: (e, w) => events.push([e, w.table_id, w.seat]) }, strategyBot);
    let bots = [];
    for (let i = 0; i < 200 && bots.length === 0; i++) {
      bots = (await rpc(lobby, 'ListBots', {})).bots;
      if (bots.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(bots.map((b) => [b.name, b.key_id, b.capacity, b.variants]), [['js-serve', key.key.key_id, 2, ['VARIANT_TWO_HANDED']]]);
    const { table } = await rpc(lobby, 'Challenge', {
      variant: 'VARIANT_TWO_HANDED', seats: [{ lobby: 'js-serve' }, { builtin: { bot: 'rulebook' } }],
    });
    const { a, result, err } = await gameOver;
    assert.equal(err, null);
    assert.deepEqual([a.table_id, a.seat], [table.table_id, 0]);
    assert.equal(result.outcome, 'OUTCOME_COMPLETED');
    assert.deepEqual(welcomes, [[table.table_id, 0]]);
    assert.equal(events[events.length - 1][0].payload, 'game_ended');
    assert.deepEqual(new Set(events.map(([, id, seat]) => `${id}/${seat}`)), new Set([`${table.table_id}/0`])); // each with its game's Welcome
    const rec = await rpc(tables, 'GetRecord', { table_id: table.table_id });
    assert.equal(rec.record.seats[0].bot_name, 'js-serve');
    ac.abort();
    await serving;

    // Serving a tournament (one game): serve resolves, without the signal, once the tournament
    // has ended (ServeResponse.tournament_ended) and its game in play has.
    const tn = (await rpc(tournaments, 'CreateTournament', { spec: { format: 'TOURNAMENT_FORMAT_ROUND_ROBIN', variant: 'VARIANT_TWO_HANDED', deals: 1,
      entrants: [{ id: 'js', lobby_bot: 'js-serve' }, { id: 'rb', builtin_bot: 'rulebook' }] } })).tournament;
    const games = [];
    await serve({ server: addr, key: key.secret, tournament: tn.tournament_id, logger: quiet,
      onGameOver: (a, result, err) => games.push([a.table_id, result && result.outcome, err]) }, strategyBot);
    assert.deepEqual(games, [[`${tn.tournament_id}-g0`, 'OUTCOME_COMPLETED', null]]);
    assert.equal((await rpc(tournaments, 'GetTournament', { tournament_id: tn.tournament_id })).tournament.state, 'TOURNAMENT_STATE_FINISHED');
  } finally {
    ac.abort();
    keys.close();
    tables.close();
    lobby.close();
    tournaments.close();
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.on('exit', r)));
  }
});

test('serve mode gives up on an address nobody serves', async () => {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const addr = `127.0.0.1:${srv.address().port}`;
  await new Promise((r) => srv.close(r)); // nobody serves addr now
  const start = Date.now();
  await assert.rejects(serve({ server: addr, connectAttempts: 3, maxBackoffMs: 50, logger: { warn() {}, error() {} } }, strategyBot),
    (err) => err instanceof CannotReach && err.message.startsWith(`bezique-bot: cannot reach ${addr} (3 attempts): UNAVAILABLE: `));
  assert.ok(Date.now() - start < 10000);
});
