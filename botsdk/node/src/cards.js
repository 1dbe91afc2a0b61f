'use strict';
// Card ids and the compact view: what a card id says (text, suit, rank, copy), and expandView,
// which turns a compact view (View.compact, Join.view_mode VIEW_MODE_COMPACT) into the full form
// the referee sends with VIEW_MODE_FULL, as the SDK loads messages (snake_case fields, enums as
// their names, unset messages null). The same rules as the Go SDK's wire.ExpandView;
// proto/bezique/v1/view.proto defines the compact form.

// MAX_CARDS is the number of card ids, 0..191 (six packs of 32).
const MAX_CARDS = 192;
const RANKS = '789JQKTA';
const SUITS = 'SHDC';
const SUIT_NAMES = ['SUIT_SPADES', 'SUIT_HEARTS', 'SUIT_DIAMONDS', 'SUIT_CLUBS'];
const RANK_NAMES = ['RANK_SEVEN', 'RANK_EIGHT', 'RANK_NINE', 'RANK_JACK', 'RANK_QUEEN', 'RANK_KING', 'RANK_TEN', 'RANK_ACE'];
// A packed play (View.past_trick_plays) is card id + PLAY_SEAT * seat + PLAY_FROM_TABLE * from_table.
const PLAY_SEAT = 256;
const PLAY_FROM_TABLE = 1024;

// cardSuit returns the suit of a card id, a Suit name ('SUIT_SPADES'..'SUIT_CLUBS').
function cardSuit(id) {
  return SUIT_NAMES[Math.floor((id % 32) / 8)];
}

// cardRank returns the rank of a card id, a Rank name ('RANK_SEVEN'..'RANK_ACE').
function cardRank(id) {
  return RANK_NAMES[id % 8];
}

// cardCopy returns which copy of its face a card id is, 0..5 (a to f).
function cardCopy(id) {
  return Math.floor(id / 32);
}

// cardText returns the text form of a card id: rank, suit, copy letter ('QSa', 'THb', '7Cd').
function cardText(id) {
  return RANKS[id % 8] + SUITS[Math.floor((id % 32) / 8)] + 'abcdef'[cardCopy(id)];
}

// fill sets card's id and the fields that follow from it; field names it in the error.
function fill(card, id, field) {
  if (id >= MAX_CARDS) throw new Error(`${field}.id: ${id} is not a card id (0..${MAX_CARDS - 1})`);
  Object.assign(card, { id, text: cardText(id), suit: cardSuit(id), rank: cardRank(id), copy: cardCopy(id) });
}

// expandView turns a compact view into its full form in place: every card's text, suit, rank and
// copy from its id, and past_tricks from past_trick_plays, past_trick_sizes and past_trick_winners
// (then emptied). A full view (or none) is left as it is. It throws an Error naming the field when
// the packed lists do not add up or a card id is not one.
function expandView(view) {
  if (!view || !view.compact) return;
  const plays = view.past_trick_plays || [];
  const sizes = view.past_trick_sizes || [];
  const winners = view.past_trick_winners || [];
  if (winners.length !== sizes.length) {
    throw new Error(`view.past_trick_winners: ${winners.length} winners for ${sizes.length} tricks (past_trick_sizes)`);
  }
  const total = sizes.reduce((a, n) => a + n, 0);
  if (total !== plays.length) throw new Error(`view.past_trick_sizes: they add up to ${total} plays, past_trick_plays has ${plays.length}`);
  for (const [field, card] of cards(view)) fill(card, card.id, field);
  const tricks = [];
  let at = 0;
  sizes.forEach((n, i) => {
    const trick = { number: i + 1, leader: 0, plays: [], winner: winners[i] };
    for (const p of plays.slice(at, at + n)) {
      if (p >= 2 * PLAY_FROM_TABLE) throw new Error(`view.past_trick_plays: ${p} is not a play (card id + 256 * seat + 1024 * from_table)`);
      const card = {};
      fill(card, p % PLAY_SEAT, 'view.past_trick_plays');
      trick.plays.push({ seat: Math.floor(p / PLAY_SEAT) % 4, card, from_table: Math.floor(p / PLAY_FROM_TABLE) === 1 });
    }
    if (n > 0) trick.leader = trick.plays[0].seat;
    at += n;
    tricks.push(trick);
  });
  Object.assign(view, { past_tricks: tricks, past_trick_plays: [], past_trick_sizes: [], past_trick_winners: [], compact: false });
}

// cards returns [field name, card] for every card of view but those of its finished tricks.
function cards(view) {
  const out = [];
  const add = (field, card) => { if (card) out.push([field, card]); };
  add('view.turn_up', view.turn_up);
  add('view.last_stock_card', view.last_stock_card);
  add('view.trick_winner.card', view.trick_winner && view.trick_winner.card);
  add('view.window.exchanged', view.window && view.window.exchanged);
  for (const name of ['hand', 'spent_sevens', 'beating_cards']) for (const c of view[name] || []) add(`view.${name}`, c);
  for (const p of view.current_trick || []) add('view.current_trick.card', p.card);
  for (const s of view.seats || []) {
    for (const t of s.tabled || []) add('view.seats.tabled.card', t.card);
    for (const c of (s.pending && s.pending.cards) || []) add('view.seats.pending.cards', c);
    for (const c of s.shown_in_hand || []) add('view.seats.shown_in_hand', c);
  }
  return out;
}

module.exports = { MAX_CARDS, cardSuit, cardRank, cardCopy, cardText, expandView };
