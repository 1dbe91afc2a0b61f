'use strict';
// Whole games against a real referee: runs when BEZIQUE_REFEREE names a bezique-referee binary
// (scripts/ci-polyglot.sh builds one), else skips.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const grpc = require('@grpc/grpc-js');
const { play, load, authMetadata, envConfig, SeatRefused } = require('../src');
const { randomBot, strategyBot } = require('../src/strategy');

const REFEREE = process.env.BEZIQUE_REFEREE || '';

test('against a real referee', { skip: REFEREE ? false : 'set BEZIQUE_REFEREE to a bezique-referee binary' }, async (t) => {
  const proc = spawn(REFEREE, ['--listen', '127.0.0.1:0', '--metrics-listen', '', '--store', 'memory', '--log-level', 'warn', '--drain-timeout', '1s'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  const addr = await new Promise((resolve, reject) => {
    readline.createInterface({ input: proc.stderr }).on('line', (line) => {
      const m = /serving gRPC on (\S+)/.exec(line);
      if (m) resolve(m[1]);
    });
    proc.on('exit', () => reject(new Error('referee exited before serving')));
  });
  const pkg = load();
  const tables = new pkg.TableService(addr, grpc.credentials.createInsecure());
  const create = () => new Promise((resolve, reject) => tables.CreateTable({
    variant: 'VARIANT_TWO_HANDED', seed: Buffer.concat([Buffer.alloc(31), Buffer.from([9])]),
    seats: [{ remote: { name: 'js' } }, { remote: { name: 'js' } }],
  }, (err, resp) => (err ? reject(err) : resolve(resp))));
  const tokenOf = (resp, seat) => resp.seat_tokens.find((s) => s.seat === seat).token;
  const quiet = { warn() {}, error: console.error };
  try {
    await t.test('a whole game, random against strategy', async () => {
      const resp = await create();
      const seen = []; // what decide saw of each view: the SDK asks for compact views and expands them
      const rnd = randomBot(1);
      const recording = (view, legal) => {
        seen.push([view.compact, view.hand.every((c) => c.text !== ''), view.past_tricks.length]);
        return rnd(view, legal);
      };
      const results = await Promise.all([
        play({ server: addr, tableId: resp.table_id, seat: 0, token: tokenOf(resp, 0), logger: quiet }, recording),
        play({ server: addr, tableId: resp.table_id, seat: 1, token: tokenOf(resp, 1), logger: quiet }, strategyBot),
      ]);
      assert.deepEqual(results[0], results[1]);
      assert.equal(results[0].outcome, 'OUTCOME_COMPLETED');
      assert.ok(Math.max(...results[0].scores.map((s) => s.total)) >= 1000);
      assert.deepEqual(seen.filter(([compact, texts]) => compact || !texts), []);
      assert.ok(Math.max(...seen.map((s) => s[2])) >= 20);
    });
    await t.test('decide\'s Decision: table, seat 3\'s side 1, the four-handed rules and the clock', async () => {
      const resp = await new Promise((resolve, reject) => tables.CreateTable({
        variant: 'VARIANT_FOUR_HANDED', seed: Buffer.concat([Buffer.alloc(31), Buffer.from([11])]), clock: { decision_ms: 5000, bank_ms: 0 },
        seats: [{ builtin: { bot: 'random' } }, { builtin: { bot: 'random' } }, { builtin: { bot: 'random' } }, { remote: { name: 'js' } }],
      }, (err, r) => (err ? reject(err) : resolve(r))));
      const seen = new Set();
      const rnd = randomBot(4);
      const decide = (view, legal, d) => {
        seen.add(JSON.stringify([d.tableId, d.seat, d.side, d.rules.variant, d.rules.effective_options.target, d.request.bank_left_ms,
          d.request.decision_left_ms > 0 && d.request.decision_left_ms <= 5000, d.timeLeftMs() > 0 && d.timeLeftMs() < 5000, view.scores.length > d.side]));
        return rnd(view, legal);
      };
      const result = await play({ server: addr, tableId: resp.table_id, seat: 3, token: resp.seat_tokens[0].token, logger: quiet }, decide);
      assert.equal(result.outcome, 'OUTCOME_COMPLETED');
      assert.deepEqual([...seen], [JSON.stringify([resp.table_id, 3, 1, 'VARIANT_FOUR_HANDED', '2000', 0, true, true, true])]);
    });

    await t.test('a $BEZIQUE_SERVER with surrounding whitespace is the address itself', async () => {
      for (const server of [`${addr}\n`, `${addr}\r\n`, ` ${addr} `, `\t${addr}`]) {
        const resp = await new Promise((resolve, reject) => tables.CreateTable({
          variant: 'VARIANT_TWO_HANDED', options: { target: '300' }, seats: [{ remote: { name: 'js' } }, { builtin: { bot: 'random' } }],
        }, (err, r) => (err ? reject(err) : resolve(r))));
        const env = { BEZIQUE_SERVER: server, BEZIQUE_KEY: '', BEZIQUE_BOT_NAME: '', BEZIQUE_TLS_CA: '' };
        const result = await play({ ...envConfig(env), tableId: resp.table_id, seat: 0, token: tokenOf(resp, 0), connectAttempts: 1, logger: quiet }, randomBot(1));
        assert.equal(result.outcome, 'OUTCOME_COMPLETED', JSON.stringify(server));
      }
    });
    await t.test('a wrong token is refused', async () => {
      const resp = await create();
      await assert.rejects(play({ server: addr, tableId: resp.table_id, seat: 0, token: 'wrong', logger: quiet }, strategyBot),
        (err) => err instanceof SeatRefused && err.code === grpc.status.PERMISSION_DENIED);
    });
  } finally {
    tables.close();
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.on('exit', r)));
  }
});

const ADMIN_KEY = 'bzq_node-admin-key-0123456789abcdef';

test('a referee with authentication: the key joins the seat bound to its bot', { skip: REFEREE ? false : 'set BEZIQUE_REFEREE to a bezique-referee binary' }, async () => {
  const proc = spawn(REFEREE, ['--listen', '127.0.0.1:0', '--metrics-listen', '', '--store', 'memory', '--log-level', 'warn', '--drain-timeout', '1s'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BEZIQUE_ADMIN_KEY: ADMIN_KEY } });
  const addr = await new Promise((resolve, reject) => {
    readline.createInterface({ input: proc.stderr }).on('line', (line) => {
      const m = /serving gRPC on (\S+)/.exec(line);
      if (m) resolve(m[1]);
    });
    proc.on('exit', () => reject(new Error('referee exited before serving')));
  });
  const pkg = load();
  const creds = grpc.credentials.createInsecure();
  const keys = new pkg.KeyService(addr, creds);
  const tables = new pkg.TableService(addr, creds);
  const admin = authMetadata(ADMIN_KEY);
  const rpc = (client, method, req) => new Promise((resolve, reject) => client[method](req, admin, (err, resp) => (err ? reject(err) : resolve(resp))));
  const quiet = { warn() {}, error: console.error };
  try {
    const key = await rpc(keys, 'CreateKey', { name: 'js-alpha', role: 'ROLE_BOT' });
    const resp = await rpc(tables, 'CreateTable', {
      variant: 'VARIANT_TWO_HANDED', seed: Buffer.concat([Buffer.alloc(31), Buffer.from([10])]),
      seats: [{ remote: { name: 'js', bot_key_id: key.key.key_id } }, { builtin: { bot: 'random' } }],
    });
    await assert.rejects(play({ server: addr, tableId: resp.table_id, seat: 0, token: '', logger: quiet }, strategyBot),
      (err) => err instanceof SeatRefused && err.code === grpc.status.PERMISSION_DENIED);
    const result = await play({ server: addr, tableId: resp.table_id, seat: 0, token: '', key: key.secret, botName: 'says-other', logger: quiet }, strategyBot);
    assert.equal(result.outcome, 'OUTCOME_COMPLETED');
    const rec = await rpc(tables, 'GetRecord', { table_id: resp.table_id });
    assert.equal(rec.record.seats[0].bot_name, 'js-alpha');
  } finally {
    keys.close();
    tables.close();
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.on('exit', r)));
  }
});
