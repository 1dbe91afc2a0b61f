package main

import (
	"errors"
	"os"
	"regexp"
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

// TestDeployReadmeFlags: deploy/README.md's flag table lists every flag with the default --help
// prints, and no flag the referee does not have.
func TestDeployReadmeFlags(t *testing.T) {
	b, err := os.ReadFile("../../deploy/README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `--([a-z-]+)` \\| *(?:`([^`]*)`)? *\\|")
	documented := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		documented[m[1]] = m[2]
	}
	var c config
	fs := newFlagSet(&c)
	fs.VisitAll(func(f *flag.Flag) {
		def, ok := documented[f.Name]
		want := f.DefValue
		if f.Name == "version" {
			want = ""
		}
		if !ok || def != want {
			t.Errorf("deploy/README.md: --%s documented with default %q (listed: %v), --help says %q", f.Name, def, ok, want)
		}
		delete(documented, f.Name)
	})
	for name := range documented {
		t.Errorf("deploy/README.md documents --%s, which the referee does not have", name)
	}
}
