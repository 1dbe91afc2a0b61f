// Package stats holds the statistics of bot competitions: Elo differences with
// their 95 % confidence intervals from game results (trinomial W/D/L counts) or
// from game pairs on duplicate deals (pentanomial counts), the sequential
// probability ratio test (SPRT) that stops a match once one hypothesis wins, ratings
// with uncertainty for two-handed, three-handed and partnership games (OpenSkill's
// Weng-Lin Plackett-Luce model), and plots of both.
//
// The Elo and SPRT formulas are those of fastchess (github.com/Disservin/fastchess,
// app/src/matchmaking/elo and app/src/matchmaking/sprt), so a Bézique match reads
// like a chess engine test. docs/TOURNAMENTS.md § Statistics gives every formula
// with its source.
//
// The package is a leaf: it imports the standard library and gonum's plot only,
// and knows nothing of the referee.
package stats
