'use strict';
// A bot started while its table moves to another referee (issue #16): a tiny gRPC server on
// loopback answers the first joins UNAVAILABLE, as a referee does while another takes its table
// over, then ends the game; the SDK must keep joining past connectAttempts and say which it was
// when it gives up.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const { load, play, RefereeUnavailable } = require('../src');
const { DETAILS_KEY } = require('../src/status');

const MOVING = 'table t-1: its referee r-2 stopped; another takes it over within 10s; reconnect';
// The grpc-status-details-bin of that refusal as the referee sends it: a RetryInfo of a second
// (service's TestStatusFixtures keeps the file current).
const MOVING_DETAILS = Buffer.from(fs.readFileSync(path.join(__dirname, '..', '..', 'testdata', 'status-moving.hex'), 'utf8').trim(), 'hex');
const quiet = { warn() {}, error() {} };

// start serves a SeatService that answers the first `moving` joins UNAVAILABLE (with the status
// details `details` when set), then ends the game at once; it resolves to { addr, joins(), stop() }.
async function start(moving, details) {
  let joins = 0;
  const server = new grpc.Server();
  server.addService(load().SeatService.service, {
    Connect(call) {
      call.once('data', () => {
        joins++;
        if (joins <= moving) {
          const metadata = new grpc.Metadata();
          if (details) metadata.set(DETAILS_KEY, details);
          call.emit('error', { code: grpc.status.UNAVAILABLE, details: MOVING, metadata });
          return;
        }
        call.write({ game_over: { result: { outcome: 'OUTCOME_COMPLETED' } } });
        call.end();
      });
    },
  });
  const port = await new Promise((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(),
    (err, p) => (err ? reject(err) : resolve(p))));
  return { addr: `127.0.0.1:${port}`, joins: () => joins, stop: () => server.forceShutdown() };
}

const config = (addr, more = {}) => ({ server: addr, tableId: 't-1', seat: 0, token: 'x', connectAttempts: 3, maxBackoffMs: 100, logger: quiet, ...more });

test('a bot joins through a takeover: the referee\'s UNAVAILABLE does not count as a failed dial', async () => {
  const s = await start(6);
  try {
    const result = await play(config(s.addr), (v, legal) => legal[0].action_id);
    assert.equal(result.outcome, 'OUTCOME_COMPLETED');
    assert.equal(s.joins(), 7); // 6 refused, more than the 3 connect attempts, then the game
  } finally {
    s.stop();
  }
});

test('a bot waits out the RetryInfo of a move, far above its backoff', async () => {
  const s = await start(2, MOVING_DETAILS);
  try {
    const t0 = Date.now();
    const result = await play(config(s.addr), (v, legal) => legal[0].action_id);
    assert.equal(result.outcome, 'OUTCOME_COMPLETED');
    assert.equal(s.joins(), 3);
    const took = Date.now() - t0;
    assert.ok(took >= 2000, `${took} ms, want 2 waits of the RetryInfo's second`);
  } finally {
    s.stop();
  }
});

test('a bot gives up on a table that does not move, with the referee\'s message', async () => {
  const s = await start(Infinity);
  try {
    const t0 = Date.now();
    await assert.rejects(play(config(s.addr, { takeoverWaitMs: 700 }), (v, legal) => legal[0].action_id),
      (err) => err instanceof RefereeUnavailable && err.message === `bezique-bot: referee at ${s.addr} answered UNAVAILABLE: ${MOVING} for 0.7s`);
    assert.ok(s.joins() > 3, `${s.joins()} joins`);
    const took = Date.now() - t0;
    assert.ok(took > 400 && took < 5000, `${took} ms`);
  } finally {
    s.stop();
  }
});
