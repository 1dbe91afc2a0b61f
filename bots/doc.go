// Package bots holds the built-in bots the referee seats in-process: [Random] (uniform over the
// legal actions) and [Rulebook] (the rule books' rules of thumb), by name through [New]. A bot
// implements [Bot]: it picks an action id from a decision request, deciding only from what the
// seat may see (the request's View and LegalActions).
//
// The bots know no rule of their own: the engine's view tells them which play is winning the
// trick (View.trick_winner), which of their cards would take it (View.beating_cards) and what every
// meld scores under the table's rules (View.meld_values). The package depends on the engine, the
// wire conversions and the generated protos only, so the referee imports it without the bot SDK
// (botsdk) and its gRPC client, and the SDK re-exports it for remote bots.
package bots
