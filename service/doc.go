// Package service is the Bézique referee: the bezique.v1 TableService and SeatService over gRPC.
// It translates between the wire (proto/bezique/v1) and the rules engine (engine/) and holds no
// rule logic of its own: what a seat may see is engine.Game.View and engine.Event.Redact, what is
// legal is engine.Game.Legal and Check, the default action of an intervention is
// engine.Game.DefaultAction.
//
// Each table is an actor: one goroutine owns its engine state, seats, clocks and history, and
// everything else talks to it through a bounded inbox. Each seat stream has one goroutine that
// sends; the table queues messages for it without ever blocking (a full queue drops that
// connection, which may resume). Every accepted action is stored (service/store, group-committed
// across tables) before any seat or spectator learns of it, so a restarted referee replays every
// table to where it was.
package service
