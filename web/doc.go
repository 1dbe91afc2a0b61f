// Package web is the referee's web app: pages that list the tables, show a table as a spectator
// sees it (live, and in another site's iframe), replay a finished game step by step, let a
// person play a seat and show a tournament's standings, all in plain JavaScript modules
// embedded in the binary ([Handler]).
//
// The pages call the referee's own API in the Connect protocol (JSON over HTTP: unary calls and
// server streams), served on the same port by the HTTP face of package service; the web package
// holds no game logic of its own. A spectator's table is drawn by folding the WatchTable events
// (static/table.js); a replay folds the events GetReplay re-derives from the record through the
// engine; a person's seat folds the events of SeatService.Play and answers with Decide.
package web
