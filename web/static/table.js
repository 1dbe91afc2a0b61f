// table.js: a table as events make it (fold) and as a page draws it (render). The fold only
// keeps account of what the events say (cards moved, points added); every rule stays in the
// referee's engine, which produced the events.

const RANKS = { RANK_SEVEN: ["7", "seven"], RANK_EIGHT: ["8", "eight"], RANK_NINE: ["9", "nine"],
  RANK_JACK: ["J", "jack"], RANK_QUEEN: ["Q", "queen"], RANK_KING: ["K", "king"],
  RANK_TEN: ["10", "ten"], RANK_ACE: ["A", "ace"] };
const SUITS = { SUIT_SPADES: ["♠", "spades"], SUIT_HEARTS: ["♥", "hearts"],
  SUIT_DIAMONDS: ["♦", "diamonds"], SUIT_CLUBS: ["♣", "clubs"] };

// esc escapes text for HTML.
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// cardName is a card's text alternative: "queen of spades".
export function cardName(c) {
  return `${RANKS[c.rank]?.[1] ?? "?"} of ${SUITS[c.suit]?.[1] ?? "?"}`;
}

// cardFace is a card's face as the table draws it, "K♣", without its copy.
export function cardFace(c) {
  return `${RANKS[c.rank]?.[0] ?? "?"}${SUITS[c.suit]?.[0] ?? "?"}`;
}

// cardHTML draws a card; with action set it is a button that sends that action id.
export function cardHTML(c, action) {
  if (!c) return `<span class="card back" role="img" aria-label="hidden card"></span>`;
  const red = c.suit === "SUIT_HEARTS" || c.suit === "SUIT_DIAMONDS" ? " red" : "";
  const face = cardFace(c);
  if (action !== undefined) {
    return `<button class="card${red}" data-action="${esc(action)}" aria-label="play ${cardName(c)}">${face}</button>`;
  }
  return `<span class="card${red}" role="img" aria-label="${cardName(c)}">${face}</span>`;
}

const n = (v) => Number(v ?? 0);

// newTable is the state before any event, for a table of these seats (TableInfo.seats).
export function newTable(seats) {
  const sides = Math.max(...seats.map((s) => n(s.side))) + 1;
  return {
    seats, sides, deal: 0, dealer: 0, trump: "", turnUp: null, stock: 0,
    hands: seats.map(() => ({ count: 0, cards: [] })), tabled: seats.map(() => []), pending: seats.map(() => null),
    trick: [], lastTrick: null, dealPoints: new Array(sides).fill(0), totals: new Array(sides).fill(0),
    base: new Array(sides).fill(0), connected: seats.map(() => false), interventions: [],
    last: "", moves: [], movesMade: 0, over: null, seq: 0, events: 0, clocks: null,
  };
}

// movesSince is the moves said since the table had made `from` moves (t.movesMade then), the
// last `max` of them, for a person's turn: "Ace of spades played by rulebook; Trick 4 won by
// rulebook; …".
export function movesSince(t, from, max = 12) {
  const fresh = t.movesMade - from;
  if (fresh <= 0) return ""; // (slice(-0) is the whole list: a resumed seat was read the whole game again)
  const moves = t.moves.slice(-Math.min(fresh, t.moves.length, max));
  return (fresh > moves.length ? "…; " : "") + moves.join("; ");
}

// setClocks keeps a ClockReport's clocks (SeatClock by seat), as of now.
export function setClocks(t, report) {
  const seats = { ...t.clocks?.seats };
  for (const c of report.clocks ?? []) seats[n(c.seat)] = c;
  t.clocks = { at: Date.now(), seats };
}

// clockLeft is a seat's clock at now, or null before any report: the running seat's decision
// time and then its bank run down from the report, as SeatClock.running says the referee counts.
export function clockLeft(t, seat, now = Date.now()) {
  const c = t.clocks?.seats[seat];
  if (!c) return null;
  const gone = c.running ? now - t.clocks.at : 0;
  return { running: Boolean(c.running), decision: Math.max(n(c.decisionMs) - gone, 0),
    bank: Math.max(n(c.bankMs) - Math.max(gone - n(c.decisionMs), 0), 0) };
}

// stopClocks stops the running clock where it stands: the decision it ran for was answered.
function stopClocks(t) {
  if (!t.clocks) return;
  const now = Date.now();
  const seats = {};
  for (const s of Object.keys(t.clocks.seats)) {
    seats[s] = { ...t.clocks.seats[s], running: false, decisionMs: 0, bankMs: clockLeft(t, Number(s), now).bank };
  }
  t.clocks = { at: now, seats };
}

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// clockText is a seat's clock in words: "to act 4.2 s + bank 60.0 s" while it runs, "bank 58.1 s".
export function clockText(t, seat) {
  const c = clockLeft(t, seat);
  if (!c) return "";
  return c.running ? `to act ${secs(c.decision)} + bank ${secs(c.bank)}` : `bank ${secs(c.bank)}`;
}

// tickClocks redraws the clocks of the table drawn in el.
function tickClocks(el, t) {
  for (const span of el.querySelectorAll(".clock[data-seat]")) span.textContent = clockText(t, Number(span.dataset.seat));
}

const sideOf = (t, seat) => n(t.seats[seat]?.side ?? seat);
const score = (t, side, pts) => {
  t.dealPoints[side] += n(pts);
  t.totals[side] = t.base[side] + t.dealPoints[side];
};
const without = (cards, c) => {
  const i = cards.findIndex((x) => x.id === c.id);
  return i < 0 ? cards : [...cards.slice(0, i), ...cards.slice(i + 1)];
};
// seen returns a seat's hand with the cards shown added, those it showed already kept once: a
// carte blanche and a declared seven are seen in the hand as the view's shown_in_hand says.
const seen = (hand, shown) => ({ count: hand.count, cards: [...hand.cards, ...shown.filter((c) => !hand.cards.some((x) => x.id === c.id))] });
// cap is s with its first letter in upper case: "Ace of spades played by you".
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// INTERVENTION_CAUSES says why the referee played for a seat, by Intervention.kind.
const INTERVENTION_CAUSES = {
  INTERVENTION_KIND_AUTO_PLAY_TIMEOUT: "out of time",
  INTERVENTION_KIND_AUTO_PLAY_ILLEGAL: "after illegal answers",
  INTERVENTION_KIND_AUTO_PLAY_DISCONNECT: "disconnected",
};

// actionDone is an action taken for a seat, in words ("the seven of diamonds", "common
// marriage"), whatever the seat's name ("Played for you by the referee …": "you is played for"
// read badly, a home-page game's seat being "you").
function actionDone(a) {
  if (a?.play) return `the ${cardName(a.play.card)}`;
  if (a?.meld) return meldName(a.meld.meld?.kind);
  if (a?.sevenExchange) return "the seven of trumps exchanged for the turn-up";
  if (a?.sevenDeclare) return "the seven of trumps declared";
  if (a?.passMeld) return "the meld passed to the partner";
  if (a?.endWindow) return "nothing (more) declared";
  if (a?.carteBlanche) return "carte blanche shown";
  return "an action";
}
// seatName is a seat's name as the page says it: its name, else its bot's, else "seat 2"; a name
// that another seat of the table shares says the seat too, "rulebook (seat 2)" (four built-in
// seats of one bot were four "rulebook": who played a card or won a trick was not told).
const baseName = (t, s) => t.seats[s]?.name || t.seats[s]?.botName || `seat ${s}`;
const seatName = (t, s) => t.seats.some((_, o) => o !== s && baseName(t, o) === baseName(t, s)) ? `${baseName(t, s)} (seat ${s})` : baseName(t, s);

// sideName names a side by its seats: "north & south".
const sideName = (t, side) => t.seats.map((_, s) => s).filter((s) => sideOf(t, s) === side).map((s) => seatName(t, s)).join(" & ");

// scoresText is the sides' totals in words, each side named by its seats: "you 470, rulebook 1040".
export function scoresText(t) {
  return t.totals.map((v, side) => `${sideName(t, side)} ${v}`).join(", ");
}

// say makes text the last move (the last-move line) and adds it to the moves; note adds it to the
// moves alone (a score or a card drawn that follows a move). MOVES_KEPT is how many are kept.
const MOVES_KEPT = 200;
function note(t, text) {
  t.moves.push(text);
  t.movesMade += 1;
  if (t.moves.length > MOVES_KEPT) t.moves.shift();
}
function say(t, text) {
  t.last = text;
  note(t, text);
}

// apply folds one Event (protojson) into the table.
export function apply(t, ev) {
  t.seq = n(ev.seq);
  t.events += 1;
  const e = ev;
  const playedFor = t.playedFor; // the last event was the referee's intervention with a card to play
  t.playedFor = Boolean(e.intervention?.action?.play);
  if (!e.seatConnected && !e.seatDisconnected) stopClocks(t); // the seat waited for has acted
  if (e.dealStarted) {
    const d = e.dealStarted;
    Object.assign(t, { deal: n(d.deal), dealer: n(d.dealer), trump: d.trump, turnUp: d.turnUp,
      stock: n(d.stockSize), trick: [], lastTrick: null });
    t.hands = t.seats.map(() => ({ count: 0, cards: [] }));
    t.tabled = t.seats.map(() => []);
    t.pending = t.seats.map(() => null);
    t.base = [...t.totals];
    t.dealPoints = t.dealPoints.map(() => 0);
    say(t, `Deal ${t.deal} dealt by ${seatName(t, t.dealer)}, ` + (d.trump ? `trump ${SUITS[d.trump]?.[1]}` : "no trump until the first marriage or sequence") +
      (d.turnUp ? `, the turn-up the ${cardName(d.turnUp)}` : ""));
  } else if (e.trumpFixed) {
    t.trump = e.trumpFixed.trump;
    say(t, `Trump fixed: ${SUITS[t.trump]?.[1]}, by ${seatName(t, n(e.trumpFixed.seat))}'s meld`);
  } else if (e.carteBlancheShown) {
    const c = e.carteBlancheShown;
    t.hands[n(c.seat)] = seen(t.hands[n(c.seat)], c.cards ?? []);
    score(t, n(c.side), c.points);
    say(t, `Carte blanche (${n(c.points)}) shown by ${seatName(t, n(c.seat))}: ${(c.cards ?? []).map((x) => x.text).join(" ")}`);
  } else if (e.handDealt) {
    const h = e.handDealt;
    t.hands[n(h.seat)] = { count: n(h.count), cards: h.cards ?? [] };
  } else if (e.turnUpSeven) {
    score(t, n(e.turnUpSeven.side), e.turnUpSeven.points);
    say(t, `Seven of trumps turned up by ${seatName(t, n(e.turnUpSeven.dealer))}`);
  } else if (e.cardPlayed) {
    const p = e.cardPlayed, s = n(p.seat);
    if (t.trick.length === 0) t.lastTrick = null;
    t.trick.push({ seat: s, card: p.card });
    if (p.fromTable) t.tabled[s] = without(t.tabled[s], p.card);
    else t.hands[s] = { count: t.hands[s].count - 1, cards: without(t.hands[s].cards, p.card) };
    // The referee's play for a seat was said by its intervention, card and all ("Played for you by
    // the referee (disconnected): the ace of spades; Ace of spades played by you": a browser trial).
    if (!playedFor) say(t, `${cap(cardName(p.card))} played by ${seatName(t, s)}`);
  } else if (e.sevenPlayedScored) {
    const x = e.sevenPlayedScored;
    score(t, sideOf(t, n(x.seat)), x.points);
    note(t, `${n(x.points)} for the seven of trumps played by ${seatName(t, n(x.seat))}`);
  } else if (e.trickWon) {
    const w = n(e.trickWon.winner);
    t.lastTrick = { winner: w, plays: t.trick };
    t.trick = [];
    score(t, sideOf(t, w), e.trickWon.points);
    say(t, `Trick ${n(e.trickWon.trick)} won by ${seatName(t, w)}`);
  } else if (e.melded) {
    const s = n(e.melded.seat), m = e.melded.meld;
    for (const c of m.cards ?? []) {
      // A card on the table stays where it is: the seat's own, or its partner's (a meld may take
      // a partner's tabled card, RULES.md R1; it was copied to the melder's table and counted out
      // of its hand: a phantom card to the game's end, a browser trial).
      if (t.tabled.some((cards) => cards.some((x) => x.id === c.id))) continue;
      t.tabled[s].push(c);
      t.hands[s] = { count: t.hands[s].count - 1, cards: without(t.hands[s].cards, c) };
    }
    score(t, sideOf(t, s), m.points);
    // An announcement (allow_pending_declarations) is pending until a melded with announced scores
    // it or an announcementLapsed ends it, as the referee says (RULES.md §8.18).
    if (e.melded.pending) {
      t.pending[s] = m;
      say(t, `${cap(meldName(m.kind))} announced by ${seatName(t, s)}, to score at its next trick`);
    } else if (e.melded.announced) {
      t.pending[s] = null;
      say(t, `Announced ${meldName(m.kind)} (${n(m.points)}) scored by ${seatName(t, s)}`);
    } else {
      say(t, `${cap(meldName(m.kind))} (${n(m.points)}) melded by ${seatName(t, s)}`);
    }
  } else if (e.announcementLapsed) {
    const l = e.announcementLapsed, s = n(l.seat);
    t.pending[s] = null;
    const why = l.cause === "LAPSE_CAUSE_CARD_PLAYED" ? `the ${cardName(l.card)} was played` : "phase 2 began";
    say(t, `${cap(seatName(t, s))}'s announced ${meldName(l.meld?.kind)} lapsed unscored: ${why}`);
  } else if (e.sevenExchanged) {
    const x = e.sevenExchanged, s = n(x.seat);
    t.hands[s] = { count: t.hands[s].count, cards: [...without(t.hands[s].cards, x.seven), x.taken] }; // the turn-up taken is seen
    t.turnUp = x.seven;
    score(t, sideOf(t, s), x.points);
    say(t, `Seven of trumps exchanged for the turn-up by ${seatName(t, s)}`);
  } else if (e.sevenDeclared) {
    t.hands[n(e.sevenDeclared.seat)] = seen(t.hands[n(e.sevenDeclared.seat)], [e.sevenDeclared.seven]);
    score(t, sideOf(t, n(e.sevenDeclared.seat)), e.sevenDeclared.points);
    say(t, `Seven of trumps declared by ${seatName(t, n(e.sevenDeclared.seat))}`);
  } else if (e.cardDrawn) {
    const s = n(e.cardDrawn.seat);
    t.stock = n(e.cardDrawn.stockSize);
    if (t.stock === 0) t.turnUp = null;
    const cards = e.cardDrawn.card ? [...t.hands[s].cards, e.cardDrawn.card] : t.hands[s].cards;
    t.hands[s] = { count: t.hands[s].count + 1, cards };
    if (e.cardDrawn.card) note(t, `${cap(seatName(t, s))} drew the ${cardName(e.cardDrawn.card)}`);
  } else if (e.phase2Started) {
    // The cards on the table are back in their hands, as the event says (events.proto Phase2Started),
    // and seen: they were on the table.
    t.hands = t.hands.map((h, s) => ({ count: h.count + t.tabled[s].length, cards: [...h.cards, ...t.tabled[s]] }));
    t.tabled = t.tabled.map(() => []);
    say(t, "The stock is empty: the last tricks");
  } else if (e.brisquesScored) {
    const b = e.brisquesScored;
    score(t, n(b.side), b.points);
    note(t, `${n(b.points)} for ${n(b.count)} brisques to ${sideName(t, n(b.side))}`);
  } else if (e.lastTrickScored) {
    const l = e.lastTrickScored;
    score(t, n(l.side), l.points);
    note(t, `${n(l.points)} for the last trick to ${seatName(t, n(l.seat))}`);
  } else if (e.dealEnded) {
    for (const s of e.dealEnded.scores ?? []) t.totals[n(s.side)] = n(s.total);
    say(t, `Deal ${n(e.dealEnded.deal)} ended: ${scoresText(t)}`); // the scores said (a browser trial)
  } else if (e.gameEnded) {
    for (const s of e.gameEnded.scores ?? []) t.totals[n(s.side)] = n(s.total);
    t.over = (e.gameEnded.tie ? "completed, no winner" : `completed, side ${n(e.gameEnded.winnerSide)} wins`) + settlementText(e.gameEnded);
    say(t, `Game over: ${t.over}`); // said in the live region too: the end went unannounced (an accessibility review)
  } else if (e.intervention) {
    // The referee acts for a seat: said on the last-move line as well as in the list below the
    // board, with the action (a replay's step onto an intervention changed nothing on the board,
    // and the list read "ill: auto play timeout" eighty times: a trial).
    const i = e.intervention, s = n(i.seat);
    const what = i.kind === "INTERVENTION_KIND_FORFEIT" ? `Forfeit by ${seatName(t, s)}`
      : `Played for ${seatName(t, s)} by the referee (${INTERVENTION_CAUSES[i.kind] ?? i.kind}): ${actionDone(i.action)}`;
    t.interventions.push(`${what}${i.reason ? ` (${i.reason})` : ""}`);
    say(t, what);
  } else if (e.seatConnected) {
    t.connected[n(e.seatConnected.seat)] = true;
  } else if (e.seatDisconnected) {
    t.connected[n(e.seatDisconnected.seat)] = false;
  } else if (e.tableCancelled) {
    t.over = `cancelled (${e.tableCancelled.reason || "no reason given"}), no result`;
    say(t, `Game over: ${t.over}`);
  }
  return t;
}

// fromView sets the table from a seat's View (Welcome.snapshot, DecisionRequest.view): what the
// referee says the seat may know now, which later events fold onto.
export function fromView(t, v) {
  Object.assign(t, { deal: n(v.deal), dealer: n(v.dealer), trump: v.trump, turnUp: v.turnUp ?? null,
    stock: n(v.stockSize), trick: (v.currentTrick ?? []).map((p) => ({ seat: n(p.seat), card: p.card })) });
  for (const sv of v.seats ?? []) {
    const s = n(sv.seat);
    // Another seat's cards: those every seat has seen in its hand (a carte blanche, a declared
    // seven, the turn-up taken, tabled cards taken back for phase 2).
    t.hands[s] = { count: n(sv.handSize), cards: v.seat !== undefined && n(v.seat) === s ? v.hand ?? [] : sv.shownInHand ?? [] };
    t.tabled[s] = (sv.tabled ?? []).map((tc) => tc.card);
    t.pending[s] = sv.pending ?? null;
  }
  for (const sc of v.scores ?? []) {
    const side = n(sc.side);
    t.dealPoints[side] = n(sc.dealPoints);
    t.totals[side] = n(sc.total);
    t.base[side] = t.totals[side] - t.dealPoints[side];
  }
  return t;
}

// CAUSES is a ForfeitCause in words.
export const CAUSES = { FORFEIT_CAUSE_TIMEOUT: "timeout", FORFEIT_CAUSE_ILLEGAL: "illegal actions",
  FORFEIT_CAUSE_DISCONNECT: "disconnect" };

// andList writes words as "a", "a and b", "a, b and c".
export function andList(words) {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : String(words[0] ?? "");
}

// bySide joins names given as [side, name] pairs in seat order, side by side, the names of one
// side with " & ": "north & south v east & west", "a v b v c".
export function bySide(seats) {
  const sides = [];
  for (const [side, name] of seats) (sides[side] ??= []).push(name);
  return sides.filter(Boolean).map((names) => names.join(" & ")).join(" v ");
}

// outcomeText is how a game ended (a GameResult), in the words every view prints: the Go CLI's
// wire.OutcomeText, the Node SDK's outcomeText ("completed, side 1 wins", "forfeit by seat 0
// (timeout: decision deadline passed), side 1 wins", "cancelled (bot crashed), no result").
export function outcomeText(r) {
  r = r ?? {};
  const winner = r.winnerSide !== undefined ? `side ${n(r.winnerSide)} wins` : "no winner";
  switch (r.outcome) {
    case "OUTCOME_COMPLETED":
      return `completed, ${winner}${autoPlayedText((r.autoPlayed ?? []).map(n))}`;
    case "OUTCOME_FORFEIT": {
      const seats = (r.forfeitSeats ?? []).map(n);
      let seat = r.forfeitSeat !== undefined ? `seat ${n(r.forfeitSeat)}` : "a seat";
      if (seats.length > 1) seat = `seats ${andList(seats)}`;
      const cause = CAUSES[r.forfeitCause] ?? "";
      const why = !cause ? r.reason || "cause not recorded" : r.reason ? `${cause}: ${r.reason}` : cause;
      return `forfeit by ${seat} (${why}), ${winner}`;
    }
    case "OUTCOME_CANCELLED":
      return `cancelled (${r.reason || "no reason given"}), no result`;
    case "OUTCOME_EXPIRED":
      return `expired (${r.reason || "waited longer than the referee's limit for its seats"}), no result`;
    default:
      return "not ended";
  }
}

// autoPlayedText says which seats' actions the referee played (a GameResult's autoPlayed), " (142
// actions of seat 1 played by the referee)", or "" when none, in the words of wire.OutcomeText.
function autoPlayedText(counts) {
  const parts = [];
  counts.forEach((k, seat) => {
    if (k > 0) parts.push(parts.length ? `${k} of seat ${seat}` : `${k} action${k === 1 ? "" : "s"} of seat ${seat}`);
  });
  return parts.length ? ` (${andList(parts)} played by the referee)` : "";
}

// settlementText is a Rubicon or six-pack game's settlement (a GameResult's or GameEnded's
// game_points and rubicon) to follow outcomeText: ", 1920 game points (rubicon)"; "" for the other
// variants and games not completed.
export function settlementText(r) {
  const pts = n(r?.gamePoints);
  return pts > 0 ? `, ${pts} game points${r.rubicon ? " (rubicon)" : ""}` : "";
}

// meldName is a meld kind in words: "double bezique".
export function meldName(kind) {
  return String(kind ?? "").replace("MELD_KIND_", "").toLowerCase().replaceAll("_", " ");
}

// pendingHTML draws a seat's pending announcement (SeatView.pending, RULES.md §8.18): "Announced,
// to score at its next trick: common marriage K♠ Q♠"; "" for none.
function pendingHTML(m) {
  if (!m) return "";
  const pts = n(m.points) > 0 ? ` (${n(m.points)})` : "";
  return `<div class="row pending" role="group" aria-label="announced meld"><span class="label">Announced, to score at its next trick</span> ${esc(meldName(m.kind))}${pts} ${(m.cards ?? []).map((c) => cardHTML(c)).join("")}</div>`;
}

// playedHTML draws a card of the trick with who played it under it.
function playedHTML(t, p) {
  return `<figure class="played">${cardHTML(p.card)}<figcaption>${esc(seatName(t, p.seat))}</figcaption></figure>`;
}

// MOVES_SHOWN is how many of the last moves a live page lists (the replay has them all).
const MOVES_SHOWN = 10;

// movesHTML lists a live table's last moves, newest first: the last-move line alone said only the
// last event of a batch (the opponent's card, the trick, its meld and the draws came together, and
// only the draw was left to read). A spectator's board has them under the scores, a person's seat
// under its actions (on a phone they came between the hand and the actions to choose).
export function movesHTML(t) {
  if (!t.moves.length) return "";
  return `<section class="moves" aria-labelledby="moves-title"><h3 id="moves-title">Moves, newest first</h3><ul>${
    t.moves.slice(-MOVES_SHOWN).reverse().map((m) => `<li>${esc(m)}</li>`).join("")}</ul></section>`;
}

// INTERVENTIONS_SHOWN is how many of the referee's last interventions the board lists: a seat
// played for at every decision of a game listed hundreds below the board.
const INTERVENTIONS_SHOWN = 10;

// interventionsHTML lists the referee's last interventions, oldest first, saying how many came
// before them.
function interventionsHTML(t) {
  const n = t.interventions.length;
  if (!n) return "";
  const earlier = n > INTERVENTIONS_SHOWN ? `<p>${n - INTERVENTIONS_SHOWN} earlier, then:</p>` : "";
  return `<section class="interventions"><h3>Interventions (${n})</h3>${earlier}<ul>${
    t.interventions.slice(-INTERVENTIONS_SHOWN).map((i) => `<li>${esc(i)}</li>`).join("")}</ul></section>`;
}

// render draws the table (without its scores for a person's seat: scoresHTML). play, for a person's seat, is {seat, actions: Map "hand:ID" or
// "table:ID" → action id, and "hand:SUIT:RANK" or "table:SUIT:RANK" → the action of a copy of
// that face there, for the copies that the legal actions do not name}.
// The table's data-seq and data-events are the last event's seq and how many events were folded.
export function render(t, play) {
  // A person's own seat comes last, right above its actions (drawn after the table), its partner
  // just before it, named so: in a four-handed game on a phone the prompt came three seats below
  // the person's hand, and nothing said which seat was the partner (a re-trial).
  const partner = (s) => play && s !== play.seat && sideOf(t, s) === sideOf(t, play.seat);
  const order = t.seats.map((_, s) => s);
  if (play) order.sort((a, b) => (a === play.seat) - (b === play.seat) || partner(a) - partner(b) || a - b);
  const seatHTML = order.map((s) => {
    const info = t.seats[s];
    const hand = t.hands[s];
    const mine = play && play.seat === s;
    const act = (place, c) => mine ? play.actions.get(`${place}:${c.id}`) ??
      play.actions.get(`${place}:${play.seen?.has(Number(c.id ?? 0)) ?? false}:${c.suit}:${c.rank}`) ??
      play.actions.get(`${place}:${c.suit}:${c.rank}`) : undefined;
    // The cards of the hand that the page has seen (all of a seat's own, a replay's; for a
    // spectator those drawn face up or back from the table), then a back for each other: a hand
    // with a card seen showed that card alone (a browser trial).
    const hidden = Math.max(hand.count - hand.cards.length, 0);
    const cards = hand.cards.map((c) => cardHTML(c, act("hand", c))).join("") +
      (hidden ? `<span class="backs" role="img" aria-label="${hidden} hidden cards">${'<span class="card back"></span>'.repeat(hidden)}</span>` : "");
    const tabled = t.tabled[s].map((c) => cardHTML(c, act("table", c))).join("");
    return `<section class="seat" aria-label="${esc(seatName(t, s))}">
      <h3>${esc(baseName(t, s))} <small>seat ${s}, side ${sideOf(t, s)}${partner(s) ? ", your partner" : ""}${info.remote && !t.over && !t.replay ? (t.connected[s] ? ", connected" : ", not connected") : ""}</small>
        ${info.remote && t.clocks?.seats[s] ? `<span class="clock" role="timer" aria-label="clock of ${esc(seatName(t, s))}" data-seat="${s}">${clockText(t, s)}</span>` : ""}</h3>
      <div class="row hand" data-count="${hand.count}" role="group" aria-label="hand of ${esc(seatName(t, s))}">${cards}</div>
      <div class="row tabled" role="group" aria-label="melds on the table">${tabled ? `<span class="label">On the table</span>${tabled}` : ""}</div>
      ${pendingHTML(t.pending[s])}
    </section>`;
  }).join("");
  const trickCards = t.trick.length ? t.trick : t.lastTrick?.plays ?? [];
  const trickLabel = t.trick.length ? "Trick in progress" : t.lastTrick ? `Last trick, won by ${esc(seatName(t, t.lastTrick.winner))}` : "Trick";
  return `<div class="table" data-seq="${t.seq}" data-events="${t.events}">
    <section class="centre" aria-label="the centre of the table">
      <div><span class="label">Deal</span> ${t.deal}</div>
      <div><span class="label">Trump</span> ${SUITS[t.trump] ? `<span class="suit${t.trump === "SUIT_HEARTS" || t.trump === "SUIT_DIAMONDS" ? " red" : ""}" role="img" aria-label="${SUITS[t.trump][1]}">${SUITS[t.trump][0]}</span>` : "–"}</div>
      <div><span class="label">Turn-up</span> ${t.turnUp ? cardHTML(t.turnUp) : "–"}</div>
      <div><span class="label">Stock</span> <span id="stock">${t.stock}</span></div>
      <div class="trick"><span class="label">${trickLabel}</span><div class="row">${trickCards.map((p) => playedHTML(t, p)).join("")}</div></div>
    </section>
    <div class="seats">${seatHTML}</div>
    ${play ? "" : scoresHTML(t)}
    ${t.replay || play ? "" : movesHTML(t)}
    ${interventionsHTML(t)}
  </div>`;
}

// scoresHTML is the table of scores by side (total, this deal) and, once the game is over, its
// result. render draws it after the seats; a person's seat draws it after its actions (after the
// seats on a phone's screen, the prompt came below it: a browser trial).
export function scoresHTML(t) {
  const scores = t.totals.map((v, side) =>
    `<tr><th scope="row">Side ${side}</th><td data-side="${side}" class="total">${v}</td><td>${t.dealPoints[side]}</td></tr>`).join("");
  return `<table class="scores"><caption>Scores</caption><thead><tr><th scope="col">Side</th><th scope="col">Total</th><th scope="col">This deal</th></tr></thead><tbody>${scores}</tbody></table>
    ${t.over ? `<p class="over" id="over">Game over: ${esc(t.over)}</p>` : ""}`;
}

// draw renders the table into el, and says what happened last in a line after el that stays in
// place, a live region (a region drawn anew each time would not be announced by screen readers)
// but on a person's seat, whose actions region announces the moves since its last turn
// (movesSince); a live table's line is for screen readers only, its moves' list showing it first;
// the clocks tick on their own.
export function draw(el, t, play) {
  el.innerHTML = render(t, play);
  el.clockTable = t; // the running clock is redrawn five times a second
  el.clockTimer ??= setInterval(() => tickClocks(el, el.clockTable), 200);
  let live = el.nextElementSibling;
  if (!live?.classList.contains("last")) {
    live = document.createElement("p");
    live.className = "last";
    live.setAttribute("aria-live", play ? "off" : "polite");
    el.after(live);
  }
  live.classList.toggle("unseen", !t.replay);
  live.textContent = t.last;
}
