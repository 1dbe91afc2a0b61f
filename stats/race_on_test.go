//go:build race

package stats

// raceEnabled tells whether the tests run under the race detector, which allocates where the
// compiler otherwise keeps values on the stack.
const raceEnabled = true
