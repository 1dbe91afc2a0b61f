'use strict';
// Decision: what decide may know of a decision request beyond its view and legal actions.

// Decision is decide's third argument (decide(view, legalActions, decision)): the decision
// request itself (its clock: request.decision_left_ms, bank_left_ms, increment_ms, deadline), the
// Welcome of the game it belongs to (the rules in force with every option, the seat's side, the
// clock, the failure policy), and when the SDK answers for the bot. In serve mode one decide plays
// every game: tableId tells them apart. The Go SDK's Bot gets the same from its DecisionRequest,
// its context's deadline and OnWelcome; the Python SDK's decide gets its own Decision.
class Decision {
  // request is the DecisionRequest, welcome the latest Welcome of the seat's stream, dueMs the
  // Date.now() at which the SDK answers the first legal action for a decide that has not returned
  // (the deadline less safetyMarginMs; Infinity without a clock).
  constructor(request, welcome, dueMs) {
    this.request = request;
    this.welcome = welcome;
    this.dueMs = dueMs;
  }

  // tableId is the game's table.
  get tableId() { return this.welcome.table_id; }

  // seat is the bot's seat, 0 to 3.
  get seat() { return this.welcome.seat; }

  // side is the seat's side, the index of its score in view.scores (a partnership's seats share
  // one, RULES.md §3.3).
  get side() { return this.welcome.side; }

  // rules are the rules in force: the variant, the options the table set and every option in
  // force (effective_options, defaults filled in).
  get rules() { return this.welcome.rules; }

  // timeLeftMs is how many milliseconds decide has before the SDK answers for it (never below 0;
  // Infinity without a clock): the decision time and the whole bank. A search that runs until it
  // nears 0 spends the bank on one move; its share of a move is request.decision_left_ms
  // (docs/write-a-bot.md, "The clock").
  timeLeftMs() {
    return Number.isFinite(this.dueMs) ? Math.max(this.dueMs - Date.now(), 0) : Infinity;
  }
}

module.exports = { Decision };
