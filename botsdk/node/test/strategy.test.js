'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { randomBot, strategyBot } = require('../src/strategy');

const SUITS = ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'];
const RANKS = ['SEVEN', 'EIGHT', 'NINE', 'JACK', 'QUEEN', 'KING', 'TEN', 'ACE'];
// card returns a card with the referee's id layout (copy * 32 + suit * 8 + rank).
const card = (suit, rank, copy = 0) =>
  ({ id: copy * 32 + SUITS.indexOf(suit) * 8 + RANKS.indexOf(rank), suit: `SUIT_${suit}`, rank: `RANK_${rank}`, copy });
const plays = (...cards) => cards.map((c, i) => ({ action_id: i + 1, action: { kind: 'play', play: { card: c } } }));
// view returns a seat's view with the current trick, as the referee's proto-loader messages look:
// winner is the index in trick of the play winning it (trick_winner, null when unset) and beating
// the cards that would take it (beating_cards).
const view = (trump, trick = [], seat = 1, variant = 'VARIANT_TWO_HANDED', winner = null, beating = []) => {
  const currentTrick = trick.map(([s, c]) => ({ seat: s, card: c }));
  return { seat, trump: `SUIT_${trump}`, variant, current_trick: currentTrick,
    trick_winner: winner === null ? null : currentTrick[winner], beating_cards: beating };
};

// The strategy takes the trick's winner and the cards that beat it from the view (the referee's),
// not from a comparison of its own: each view here disagrees with the plain rule (a higher card of
// the suit or a trump takes the trick), and the choice follows the view.
test('follows the view: only the view\'s beating card wins', () => {
  // By the plain rule the ace and the seven of trumps both take the ten; the view says only the
  // ace does, so the ace (not the cheaper seven) takes the brisque.
  const v = view('HEARTS', [[0, card('SPADES', 'TEN')]], 1, 'VARIANT_TWO_HANDED', 0, [card('SPADES', 'ACE')]);
  assert.equal(strategyBot(v, plays(card('SPADES', 'ACE'), card('HEARTS', 'SEVEN'), card('DIAMONDS', 'NINE'))), 1);
});

test('follows the view: the view\'s winner is the partner', () => {
  // By the plain rule seat 2's king (an opponent of seat 3) wins; the view says seat 1, the
  // partner, does, and no brisque is in the trick: throw the cheapest card.
  const trick = [[0, card('SPADES', 'NINE')], [1, card('SPADES', 'QUEEN')], [2, card('SPADES', 'KING')]];
  const v = view('HEARTS', trick, 3, 'VARIANT_FOUR_HANDED', 1, [card('SPADES', 'ACE')]);
  assert.equal(strategyBot(v, plays(card('SPADES', 'ACE'), card('DIAMONDS', 'SEVEN'))), 2);
});

// A Rubicon decision request: the deal has no trump yet (view.trump is 'SUIT_UNSPECIFIED' until the
// first marriage or sequence fixes it) and the referee may offer a carte blanche.
const RUBICON = 'VARIANT_RUBICON';
test('rubicon: shows the carte blanche when offered', () => {
  const la = [...plays(card('SPADES', 'ACE'), card('DIAMONDS', 'NINE')),
    { action_id: 3, action: { kind: 'meld', meld: { meld: { points: 40 } } } },
    { action_id: 4, action: { kind: 'carte_blanche', carte_blanche: {} } }];
  assert.equal(strategyBot(view('UNSPECIFIED', [], 1, RUBICON), la), 4);
});

test('rubicon: keeps kings and queens while no trump is fixed', () => {
  // The queen of hearts is the cheapest card by rank, but with no trump fixed a marriage of hers
  // would fix it: the bot leads the nine of clubs.
  const la = plays(card('HEARTS', 'QUEEN'), card('SPADES', 'ACE'), card('DIAMONDS', 'TEN', 3), card('CLUBS', 'NINE', 2));
  assert.equal(strategyBot(view('UNSPECIFIED', [], 1, RUBICON), la), 4);
  // Once trump is fixed (hearts), the queen of spades is a plain card again and the cheapest.
  assert.equal(strategyBot(view('HEARTS', [], 1, RUBICON), plays(card('SPADES', 'QUEEN'), card('HEARTS', 'NINE'), card('DIAMONDS', 'ACE'))), 1);
});

test('rubicon: follows the view with no trump', () => {
  // Seat 0 leads the ten of spades, a brisque; the view says the ace of spades beats it (no trump
  // yet, so no card of another suit does): the bot takes it with the ace.
  const v = view('UNSPECIFIED', [[0, card('SPADES', 'TEN')]], 1, RUBICON, 0, [card('SPADES', 'ACE', 2)]);
  assert.equal(strategyBot(v, plays(card('HEARTS', 'SEVEN'), card('SPADES', 'ACE', 2), card('DIAMONDS', 'NINE'))), 2);
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
  const v = view('HEARTS', [[0, card('SPADES', 'TEN')]], 1, 'VARIANT_TWO_HANDED', 0,
    [card('HEARTS', 'ACE'), card('SPADES', 'ACE'), card('HEARTS', 'SEVEN')]);
  assert.equal(strategyBot(v, plays(card('HEARTS', 'ACE'), card('SPADES', 'ACE'), card('HEARTS', 'SEVEN'), card('DIAMONDS', 'NINE'))), 3);
});

test('strategy: throws the cheapest card when the partner wins', () => {
  const v = view('HEARTS', [[0, card('SPADES', 'NINE')], [1, card('SPADES', 'KING')], [2, card('CLUBS', 'SEVEN')]], 3, 'VARIANT_FOUR_HANDED',
    1, [card('SPADES', 'ACE')]);
  assert.equal(strategyBot(v, plays(card('SPADES', 'ACE'), card('DIAMONDS', 'SEVEN'))), 2);
});

test('random: seeded and legal', () => {
  const la = plays(card('SPADES', 'SEVEN'), card('SPADES', 'NINE'), card('SPADES', 'JACK'));
  const a = randomBot(1)(view('HEARTS'), la);
  assert.equal(randomBot(1)(view('HEARTS'), la), a);
  assert.ok(a >= 1 && a <= 3);
});
