'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { outcomeText, resultText, play, CannotReach } = require('../src');

test('outcomeText: the same words as the Go CLI for every way a game ends', () => {
  const cases = [
    [{ outcome: 'OUTCOME_COMPLETED', winner_side: 1 }, 'completed, side 1 wins'],
    [{ outcome: 'OUTCOME_COMPLETED', winner_side: 1, auto_played: [0, 0] }, 'completed, side 1 wins'],
    [{ outcome: 'OUTCOME_COMPLETED', winner_side: 1, auto_played: [142, 0] }, 'completed, side 1 wins (142 actions of seat 0 played by the referee)'],
    [{ outcome: 'OUTCOME_COMPLETED', winner_side: 0, auto_played: [0, 1, 0, 5] }, 'completed, side 0 wins (1 action of seat 1 and 5 of seat 3 played by the referee)'],
    [{ outcome: 'OUTCOME_FORFEIT', winner_side: 1, forfeit_seat: 0, forfeit_cause: 'FORFEIT_CAUSE_TIMEOUT', reason: 'decision deadline passed' },
      'forfeit by seat 0 (timeout: decision deadline passed), side 1 wins'],
    [{ outcome: 'OUTCOME_FORFEIT', winner_side: 0, forfeit_seat: 1, forfeit_cause: 'FORFEIT_CAUSE_ILLEGAL', reason: 'strike limit (3) reached on one decision' },
      'forfeit by seat 1 (illegal actions: strike limit (3) reached on one decision), side 0 wins'],
    [{ outcome: 'OUTCOME_FORFEIT', winner_side: 0, forfeit_seat: 1, forfeit_cause: 'FORFEIT_CAUSE_DISCONNECT', reason: '' }, 'forfeit by seat 1 (disconnect), side 0 wins'],
    [{ outcome: 'OUTCOME_FORFEIT', winner_side: 0, forfeit_seat: 1, forfeit_cause: 'FORFEIT_CAUSE_UNSPECIFIED', reason: '' }, 'forfeit by seat 1 (cause not recorded), side 0 wins'],
    [{ outcome: 'OUTCOME_FORFEIT', forfeit_seat: 0, forfeit_seats: [0, 2], forfeit_cause: 'FORFEIT_CAUSE_DISCONNECT', reason: '' }, 'forfeit by seats 0 and 2 (disconnect), no winner'],
    [{ outcome: 'OUTCOME_FORFEIT', winner_side: 2, forfeit_seat: 0, forfeit_seats: [0, 1, 3], forfeit_cause: 'FORFEIT_CAUSE_DISCONNECT', reason: '' },
      'forfeit by seats 0, 1 and 3 (disconnect), side 2 wins'],
    [{ outcome: 'OUTCOME_CANCELLED', reason: 'bot crashed' }, 'cancelled (bot crashed), no result'],
    [{ outcome: 'OUTCOME_CANCELLED', reason: '' }, 'cancelled (no reason given), no result'],
    [{ outcome: 'OUTCOME_EXPIRED', reason: '' }, "expired (waited longer than the referee's limit for its seats), no result"],
    [{ outcome: 'OUTCOME_UNSPECIFIED' }, 'not ended'],
  ];
  for (const [res, want] of cases) assert.equal(outcomeText(res), want);
  assert.equal(resultText({ outcome: 'OUTCOME_CANCELLED', reason: 'bot crashed', scores: [{ side: 0, total: 10 }, { side: 1, total: 0 }] }),
    'cancelled (bot crashed), no result; side 0 10, side 1 0');
});

test('resultText adds a Rubicon or six-pack settlement', () => {
  const scores = [{ side: 0, total: 610 }, { side: 1, total: 1480 }];
  assert.equal(resultText({ outcome: 'OUTCOME_COMPLETED', winner_side: 1, scores, game_points: 1590, rubicon: true }),
    'completed, side 1 wins; side 0 610, side 1 1480; 1590 game points (rubicon)');
  assert.equal(resultText({ outcome: 'OUTCOME_COMPLETED', winner_side: 1, scores, game_points: 1090, rubicon: false }),
    'completed, side 1 wins; side 0 610, side 1 1480; 1090 game points');
});

test('play gives up on an address nobody serves after connectAttempts tries', async () => {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const addr = `127.0.0.1:${srv.address().port}`;
  await new Promise((r) => srv.close(r)); // nobody serves addr now
  const start = Date.now();
  await assert.rejects(
    play({ server: addr, tableId: 't', seat: 0, token: 'x', connectAttempts: 3, maxBackoffMs: 50, logger: { warn() {}, error() {} } }, (v, legal) => legal[0].action_id),
    (err) => err instanceof CannotReach && err.message.startsWith(`bezique-bot: cannot reach ${addr} (3 attempts): UNAVAILABLE: `),
  );
  assert.ok(Date.now() - start < 10000);
  // grpc-js's empty "Resolution note: " at the end of its details is left out (a docs trial).
  const err = new CannotReach('referee.example:7777', 3, 14, 'No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1. Resolution note: ');
  assert.equal(err.message, 'bezique-bot: cannot reach referee.example:7777 (3 attempts): UNAVAILABLE: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1.');
});
