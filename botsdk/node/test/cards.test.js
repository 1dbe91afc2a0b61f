'use strict';
// Tests of src/cards.js: card ids read back, and compact views expanded to the full form.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const protobuf = require('protobufjs');
const { cardSuit, cardRank, cardCopy, cardText, expandView } = require('../src/cards');
const { DEFAULT_PROTO_DIR } = require('../src');

// View decodes a serialized bezique.v1.View as the SDK reads messages (src/index.js's
// LOADER_OPTIONS: @grpc/proto-loader decodes with protobufjs and these conversion options).
const root = new protobuf.Root();
root.resolvePath = (origin, target) => path.join(DEFAULT_PROTO_DIR, target);
root.loadSync('bezique/v1/view.proto', { keepCase: true });
const View = root.lookupType('bezique.v1.View');
const decode = (hex) => View.toObject(View.decode(Buffer.from(hex, 'hex')), { longs: Number, enums: String, defaults: true, oneofs: true });

// Compact views and their full forms as the referee makes them (wire.Views.Compact and
// wire.ViewToProto; wire's TestCompactViewFixtures keeps the file current).
const fixture = fs.readFileSync(path.join(__dirname, '..', '..', 'testdata', 'compact-views.hex'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));

test('card ids: text, suit, rank and copy', () => {
  assert.deepEqual([0, 44, 191].map((id) => [cardText(id), cardSuit(id), cardRank(id), cardCopy(id)]), [
    ['7Sa', 'SUIT_SPADES', 'RANK_SEVEN', 0], ['QHb', 'SUIT_HEARTS', 'RANK_QUEEN', 1], ['ACf', 'SUIT_CLUBS', 'RANK_ACE', 5]]);
});

test('expandView: a compact view expanded is the full view', () => {
  assert.equal(fixture.length, 21);
  assert.ok(fixture.some(([, fullHex]) => decode(fullHex).seats.some((s) => s.pending)));
  for (const [i, [compactHex, fullHex]] of fixture.entries()) {
    const compact = decode(compactHex);
    const full = decode(fullHex);
    assert.equal(compact.compact, true, `view ${i}`);
    assert.ok(compactHex.length < fullHex.length, `view ${i}`);
    expandView(compact);
    assert.deepStrictEqual(compact, full, `view ${i}`);
    expandView(full); // a full view is left as it is
    assert.deepStrictEqual(compact, full, `view ${i}`);
  }
  expandView(null); // VIEW_MODE_NONE: no view
});

test('expandView: a view that cannot be read names its field', () => {
  for (const [view, want] of [
    [{ compact: true, past_trick_plays: [1, 258], past_trick_sizes: [3], past_trick_winners: [0] }, 'view.past_trick_sizes: they add up to 3 plays, past_trick_plays has 2'],
    [{ compact: true, past_trick_plays: [1, 258], past_trick_sizes: [2], past_trick_winners: [] }, 'view.past_trick_winners: 0 winners for 1 tricks (past_trick_sizes)'],
    [{ compact: true, past_trick_plays: [1, 2048], past_trick_sizes: [2], past_trick_winners: [0] }, 'view.past_trick_plays: 2048 is not a play (card id + 256 * seat + 1024 * from_table)'],
    [{ compact: true, hand: [{ id: 3 }, { id: 200 }] }, 'view.hand.id: 200 is not a card id (0..191)'],
  ]) {
    assert.throws(() => expandView(view), { message: want });
  }
});
