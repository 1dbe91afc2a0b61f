// Package botsdk is the Go SDK for Bézique bots. A bot implements [Bot]: one method that picks an
// action id from a decision request, which carries the seat's view and every legal action. [Play]
// does the rest: it joins the table, answers by request id within the deadline, answers pings,
// reconnects with backoff and resumes from the last event seen. [Main] wraps it in a command with
// --server, --table, --seat and --token flags, so a complete bot is a few lines
// (botsdk/examples/firstlegal). In serve mode, [Serve] waits in the referee's lobby instead and
// plays every game the referee gives the bot, up to its capacity at once. [EnvConfig] reads the
// referee's address, the key and the CA to trust from the environment an operator gives a bot
// ($BEZIQUE_SERVER, $BEZIQUE_KEY, $BEZIQUE_TLS_CA), as the Python and Node SDKs and [Main] do.
//
// The built-in bots, which the referee seats in-process and the bezique CLI runs as remote seats,
// live in package bots (github.com/bezique-arena/bezique/bots): bots.New("random") and
// bots.New("rulebook"); [Bot] is bots.Bot, so they play through [Play] as they are.
package botsdk
