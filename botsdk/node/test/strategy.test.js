'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { beats, randomBot, strategyBot } = require('../src/strategy');

const card = (suit, rank) => ({ suit: `SUIT_${suit}`, rank: `RANK_${rank}` });
const plays = (...cards) => cards.map((c, i) => ({ action_id: i + 1, action: { kind: 'play', play: { card: c } } }));
const view = (trump, trick = [], seat = 1, variant = 'VARIANT_TWO_HANDED') =>
  ({ seat, trump: `SUIT_${trump}`, variant, current_trick: trick.map(([s, c]) => ({ seat: s, card: c })) });

test('beats', () => {
  const cases = [
    ['higher of the suit', card('SPADES', 'ACE'), card('SPADES', 'TEN'), true],
    ['lower of the suit', card('SPADES', 'NINE'), card('SPADES', 'TEN'), false],
    ['equal card loses to the first', card('SPADES', 'TEN'), card('SPADES', 'TEN'), false],
    ['trump over plain', card('HEARTS', 'SEVEN'), card('SPADES', 'ACE'), true],
    ['plain off-suit', card('DIAMONDS', 'ACE'), card('SPADES', 'SEVEN'), false],
    ['higher trump', card('HEARTS', 'TEN'), card('HEARTS', 'KING'), true],
  ];
  for (const [name, c, best, want] of cases) assert.equal(beats(c, best, 'SUIT_HEARTS'), want, name);
});

test('strategy: richest meld first', () => {
  const la = [...plays(card('SPADES', 'SEVEN')),
    { action_id: 2, action: { kind: 'meld', meld: { meld: { points: 40 } } } },
    { action_id: 3, action: { kind: 'meld', meld: { meld: { points: 250 } } } }];
  assert.equal(strategyBot(view('HEARTS'), la), 3);
});

test('strategy: leads the cheapest card', () => {
  assert.equal(strategyBot(view('HEARTS'), plays(card('SPADES', 'ACE'), card('HEARTS', 'SEVEN'), card('DIAMONDS', 'NINE'))), 3);
});

test('strategy: takes a brisque with the cheapest winner', () => {
  const v = view('HEARTS', [[0, card('SPADES', 'TEN')]]);
  assert.equal(strategyBot(v, plays(card('HEARTS', 'ACE'), card('SPADES', 'ACE'), card('HEARTS', 'SEVEN'), card('DIAMONDS', 'NINE'))), 3);
});

test('strategy: throws the cheapest card when the partner wins', () => {
  const v = view('HEARTS', [[0, card('SPADES', 'NINE')], [1, card('SPADES', 'KING')], [2, card('CLUBS', 'SEVEN')]], 3, 'VARIANT_FOUR_HANDED');
  assert.equal(strategyBot(v, plays(card('SPADES', 'ACE'), card('DIAMONDS', 'SEVEN'))), 2);
});

test('random: seeded and legal', () => {
  const la = plays(card('SPADES', 'SEVEN'), card('SPADES', 'NINE'), card('SPADES', 'JACK'));
  const a = randomBot(1)(view('HEARTS'), la);
  assert.equal(randomBot(1)(view('HEARTS'), la), a);
  assert.ok(a >= 1 && a <= 3);
});
