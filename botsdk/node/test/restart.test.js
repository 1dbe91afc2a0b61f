'use strict';
// A referee restarted in place (docs/OPERATIONS.md): the real referee binary, on SQLite, is killed
// mid-game and started again on the same address 10 s later; the bot must be back within about
// a second. Runs when BEZIQUE_REFEREE names a bezique-referee binary, else skips.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const grpc = require('@grpc/grpc-js');
const { play, load } = require('../src');
const { randomBot } = require('../src/strategy');

const REFEREE = process.env.BEZIQUE_REFEREE || '';

// start runs the referee on listen with store; it resolves to the process once it serves.
function start(listen, store) {
  const proc = spawn(REFEREE, ['--listen', listen, '--metrics-listen', '', '--store', store, '--log-level', 'warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: proc.stderr }).on('line', (line) => {
      if (/serving gRPC on /.test(line)) resolve(proc);
    });
    proc.on('exit', () => reject(new Error('referee exited before serving')));
  });
}

const exited = (proc) => new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.on('exit', r)));

const freePort = () => new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

// With grpc-js's own backoff between attempts to connect (up to 120 s), the bot's joins failed at
// once with the last "connection refused" for seconds after the referee listened again, whatever
// maxBackoffMs said; with the default maxBackoffMs (5 s) it slept it all after a last such failure,
// and was back 5-10 s after the referee (an operator's trial of the Python SDK, whose twin this is).
test('back soon after the referee', { skip: REFEREE ? false : 'set BEZIQUE_REFEREE to a bezique-referee binary', timeout: 90000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bezique-restart-'));
  const listen = `127.0.0.1:${await freePort()}`;
  const store = `sqlite:${path.join(dir, 'bezique.db')}`;
  let proc = await start(listen, store);
  try {
    const tables = new (load().TableService)(listen, grpc.credentials.createInsecure());
    const resp = await new Promise((resolve, reject) => tables.CreateTable({
      variant: 'VARIANT_TWO_HANDED', seed: Buffer.concat([Buffer.alloc(31), Buffer.from([5])]),
      seats: [{ remote: { name: 'js' } }, { builtin: { bot: 'random' } }],
    }, (err, r) => (err ? reject(err) : resolve(r))));
    tables.close();
    let since = null;
    let back = null;
    let first;
    const firstDecision = new Promise((r) => { first = r; });
    const rnd = randomBot(1);
    const decide = (view, legal) => {
      first();
      if (since !== null && back === null) back = Date.now();
      return rnd(view, legal);
    };
    const quiet = { warn() {}, error: console.error };
    const game = play({ server: listen, tableId: resp.table_id, seat: 0, token: resp.seat_tokens[0].token, logger: quiet }, decide);
    await firstDecision;
    proc.kill('SIGKILL');
    await exited(proc);
    await new Promise((r) => setTimeout(r, 10000));
    proc = await start(listen, store);
    since = Date.now();
    const result = await game;
    assert.equal(result.outcome, 'OUTCOME_COMPLETED');
    assert.ok(back !== null, 'the bot never decided after the referee came back');
    assert.ok(back - since < 3000, `the bot decided again ${back - since} ms after the referee listened again; want within 3000 ms`);
  } finally {
    proc.kill('SIGTERM');
    await exited(proc);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
