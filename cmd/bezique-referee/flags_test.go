package main

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	flag "github.com/spf13/pflag"
)

// TestFlags: the referee reads --flag value, --flag=value and the single-dash form it took before,
// the environment under the flags, and documents every flag with two dashes.
func TestFlags(t *testing.T) {
	t.Setenv("BEZIQUE_MAX_TABLES", "7")
	c, err := parseFlags([]string{"--store", "memory", "--listen=:0", "-drain-timeout", "3s"})
	if err != nil {
		t.Fatal(err)
	}
	if c.store != "memory" || c.listen != ":0" || c.drainTimeout != 3*time.Second || c.maxTables != 7 {
		t.Fatalf("config %+v", c)
	}
	if _, err := parseFlags([]string{"--no-such-flag"}); err == nil || err.Error() != "unknown flag: --no-such-flag" {
		t.Fatalf("unknown flag: %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	_, err = parseFlags([]string{"--help"})
	os.Stderr = stderr
	w.Close()
	help := make([]byte, 1<<14)
	n, _ := r.Read(help)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("--help: %v", err)
	}
	for _, f := range []string{"--listen", "--metrics-listen", "--store", "--drain-timeout", "--max-tables", "--version"} {
		if !strings.Contains(string(help[:n]), "      "+f+" ") {
			t.Errorf("--help does not show %s:\n%s", f, help[:n])
		}
	}
}
