// Package scenario reads and runs rule scenarios: files that give a stacked deal, the rule
// options and a list of steps, each with what must happen (docs/SCENARIOS.md). They are rule tests
// as data: the engine's tests run every file under testdata/scenarios, `bezique check FILE...`
// runs any file, and another implementation of the rules can run the same files to check itself.
//
// The runner lives here rather than in engine/ because it reads files (JSON) and shares the
// account of a step (points by cause, trick, draws) and the stacked-deal card text with record
// replay in package wire; the engine stays the rules alone.
package scenario
