// Package tournament holds the logic of bot tournaments, apart from any transport or storage: a
// tournament's [Spec] (format, variant, entrants, deals, clock and failure policy), its
// [Spec.Schedule] of games (pairings, seat rotations for duplicate deals), the derivation of every
// table's seed from one committed tournament seed ([DealSeed]), and the [Standings] computed from
// the games' [Result]s. The referee's runner (service/tournaments.go) plays the schedule on tables
// and stores each result; anyone holding the spec, the revealed seed and the results can recompute
// the schedule, the deals and the standings with this package alone.
//
// A tiny round robin:
//
//	spec := tournament.Spec{Format: tournament.RoundRobin, Variant: engine.TwoHanded, Deals: 2, Duplicate: true,
//		Entrants: []tournament.Entrant{{ID: "a", Bot: "rulebook"}, {ID: "b", Bot: "random"}}}
//	games := spec.Schedule() // 4 games: 2 deal sets, each played with the seats swapped
//
// The derivation of seeds and the schedule are documented for organisers in docs/TOURNAMENTS.md.
package tournament
