// Package botsdk is the Go SDK for Bézique bots: a bot implements [Bot] (one method that picks an
// action from the seat's view and the legal actions) and the SDK does the rest. It also holds the
// built-in bots, which the referee seats in-process and the bezique CLI runs as remote seats.
package botsdk
