package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	flag "github.com/spf13/pflag"
)

// othersEnv are the BEZIQUE_* variables that the bots, the CLI and the SDKs read, which an
// operator may set in the referee's environment too (a compose file's shared environment), and
// those scripts/postgres.sh prints (OPERATIONS.md's recipe evals them in the shell that starts the
// referees: each referee warned of them, a soak trial), with BEZIQUE_TEST_* and the others the
// tests read: not a mistake.
var othersEnv = []string{"BEZIQUE_SERVER", "BEZIQUE_KEY", "BEZIQUE_TLS_CA", "BEZIQUE_BOT_NAME", "BEZIQUE_PROTO_DIR",
	"BEZIQUE_PG_STARTED", "BEZIQUE_PG_PORT", "BEZIQUE_PG_DIR", "BEZIQUE_LONG", "BEZIQUE_CRASH_SEED", "BEZIQUE_REFEREE"}

// flagEnv is the environment variable that sets flag name: BEZIQUE_ and its name in upper case,
// dashes as underscores.
func flagEnv(name string) string {
	return "BEZIQUE_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// unknownEnv returns a line for each BEZIQUE_* variable of environ (os.Environ's "NAME=value")
// that no flag of fs reads, with the flag's variable its name is nearest, "BEZIQUE_MAX_TABLE (did
// you mean BEZIQUE_MAX_TABLES?)": a misspelt variable in a ConfigMap was ignored without a word,
// the referee running on the default (a docs audit).
func unknownEnv(environ []string, fs *flag.FlagSet) []string {
	var known []string
	fs.VisitAll(func(f *flag.Flag) { known = append(known, flagEnv(f.Name)) })
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "BEZIQUE_") || strings.HasPrefix(name, "BEZIQUE_TEST_") || slices.Contains(known, name) || slices.Contains(othersEnv, name) {
			continue
		}
		line := name
		best, bestDist := "", 3 // a suggestion within two edits only
		for _, k := range known {
			if d := editDistance(name, k); d < bestDist {
				best, bestDist = k, d
			}
		}
		if best != "" {
			line += fmt.Sprintf(" (did you mean %s?)", best)
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes (the names are ASCII).
// Written here: a dozen lines for the one suggestion above.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// warnUnknownEnv logs each BEZIQUE_* variable of the environment that no flag reads, at start.
func warnUnknownEnv(fs *flag.FlagSet, warn func(msg string, args ...any)) {
	for _, line := range unknownEnv(os.Environ(), fs) {
		warn("an environment variable that no flag reads: ignored", "variable", line)
	}
}
