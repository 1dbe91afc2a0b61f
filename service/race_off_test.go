//go:build !race

package service

// raceEnabled tells whether the tests run under the race detector (about 20× slower games).
const raceEnabled = false
