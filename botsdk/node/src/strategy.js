'use strict';
// Decision functions shipped with the SDK: a seeded random bot and a simple greedy strategy, the
// same as the Python SDK's bezique_bot.strategy.

// RANK_ORDER is trick-taking order (the proto enum's numbering): seven lowest, ace highest.
const RANK_ORDER = { RANK_SEVEN: 1, RANK_EIGHT: 2, RANK_NINE: 3, RANK_JACK: 4, RANK_QUEEN: 5, RANK_KING: 6, RANK_TEN: 7, RANK_ACE: 8 };
const BRISQUES = new Set(['RANK_ACE', 'RANK_TEN']);
const COURT = new Set(['RANK_KING', 'RANK_QUEEN']);

// mulberry32 is a small seeded generator, so a random bot's choices replay from its seed.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// randomBot returns a decision function that picks uniformly among the legal actions.
function randomBot(seed = Date.now()) {
  const rnd = mulberry32(seed);
  return (view, legalActions) => legalActions[Math.floor(rnd() * legalActions.length)].action_id;
}

// trumpFixed reports whether the deal has a trump yet: in Rubicon and six-pack (and two-handed with
// turn_up_trump=false) view.trump is 'SUIT_UNSPECIFIED' until the first marriage or sequence fixes
// it (a trump_fixed event).
function trumpFixed(view) {
  return Boolean(view.trump) && view.trump !== 'SUIT_UNSPECIFIED';
}

// cost orders cards by how much they hurt to give away: trumps and brisques last; while no trump is
// fixed, kings and queens too (a marriage of theirs would fix it).
function cost(card, view) {
  const extra = trumpFixed(view) ? (card.suit === view.trump ? 10 : 0) : (COURT.has(card.rank) ? 10 : 0);
  return RANK_ORDER[card.rank] + extra + (BRISQUES.has(card.rank) ? 5 : 0);
}

// trickWinner returns the play winning the current trick so far, as the referee decides tricks
// (view.trick_winner), or null when the trick is empty.
function trickWinner(view) {
  return view.trick_winner || null;
}

// takesTrick reports whether card, played now, would take the current trick from its winner: the
// referee lists such cards in view.beating_cards.
function takesTrick(view, card) {
  return (view.beating_cards || []).some((c) => c.id === card.id);
}

const minBy = (xs, f) => xs.reduce((a, b) => (f(b) < f(a) ? b : a));

// strategyBot is a simple greedy strategy: show a carte blanche whenever it is offered (Rubicon,
// six-pack: it always scores); meld the richest meld offered; exchange or declare the seven of
// trumps; when following, win the trick with the cheapest card that takes it if the trick holds a
// brisque (ace or ten) or the winner is an opponent, else throw the cheapest card; when leading,
// lead the cheapest card. While no trump is fixed (view.trump is 'SUIT_UNSPECIFIED') it keeps kings
// and queens instead of trumps.
function strategyBot(view, legalActions) {
  const byKind = {};
  for (const la of legalActions) (byKind[la.action.kind] ||= []).push(la);
  if (byKind.carte_blanche) return byKind.carte_blanche[0].action_id;
  if (byKind.meld) return byKind.meld.reduce((a, b) => (b.action.meld.meld.points > a.action.meld.meld.points ? b : a)).action_id;
  for (const k of ['seven_exchange', 'seven_declare']) if (byKind[k]) return byKind[k][0].action_id;
  const plays = byKind.play;
  if (!plays) return legalActions[0].action_id; // pass_meld / end_window: nothing better to do
  const cheapest = minBy(plays, (la) => cost(la.action.play.card, view));
  const win = trickWinner(view);
  if (!win) return cheapest.action_id;
  const winners = plays.filter((la) => takesTrick(view, la.action.play.card));
  const valuable = (view.current_trick || []).some((p) => BRISQUES.has(p.card.rank));
  const partnership = view.variant === 'VARIANT_FOUR_HANDED';
  const opponent = partnership ? win.seat % 2 !== view.seat % 2 : win.seat !== view.seat;
  if (winners.length && (valuable || opponent)) return minBy(winners, (la) => cost(la.action.play.card, view)).action_id;
  return cheapest.action_id;
}

module.exports = { randomBot, strategyBot, trickWinner, takesTrick, trumpFixed, RANK_ORDER };
