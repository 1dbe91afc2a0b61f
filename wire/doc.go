// Package wire translates between the rules engine's values and the bezique.v1 protobuf messages:
// variants and rules, cards, actions, events, views, stacked deals, and game records replayed
// through the engine ([ReplayRecord]). It depends only on the engine and the generated proto
// package, so a bot, a tool or a program that embeds the game imports it without the referee's
// server, storage or metrics.
//
// It holds no rule logic: what a seat may see is decided by engine.Game.View and
// engine.Event.Redact alone. Card and card-play messages are shared between callers
// ([CardToProto], [ActionToProto]): callers must not modify them.
package wire
