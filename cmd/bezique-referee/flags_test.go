package main

import (
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// TestLimitFlags: the limit flags reach the config from the command line and the environment,
// and a value the referee cannot run with is refused naming the flag and its variable.
func TestLimitFlags(t *testing.T) {
	t.Setenv("BEZIQUE_CREATES_PER_MINUTE", "12")
	t.Setenv("BEZIQUE_MAX_ARRIVING_BYTES", "33554432")
	t.Setenv("BEZIQUE_MAX_TABLES_PER_PRINCIPAL", "9")
	c, err := parseFlags([]string{"--max-waiting-per-principal", "3", "--max-scheduled-games-per-principal", "8", "--max-watchers-per-table", "4", "--max-watchers-per-principal", "5",
		"--max-streams-per-conn", "6", "--waiting-expiry", "90s", "--max-connection-idle", "0", "--max-conns-per-addr", "7", "--trusted-proxies", "10.244.1.7/16, 2001:db8::/32", "--recovery-grace", "20s"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []netip.Prefix{netip.MustParsePrefix("10.244.0.0/16"), netip.MustParsePrefix("2001:db8::/32")}; !slices.Equal(c.proxies, want) {
		t.Fatalf("--trusted-proxies: %v, want %v", c.proxies, want)
	}
	if c.maxWaiting != 3 || c.maxTablesPrincipal != 9 || c.maxScheduled != 8 || c.createsPerMinute != 12 || c.maxWatchersTable != 4 || c.maxWatchersPrincipal != 5 || c.maxStreamsPerConn != 6 || c.waitingExpiry != 90*time.Second || c.http.maxConnectionIdle != 0 || c.maxConnsPerAddr != 7 || c.http.maxArrivingBytes != 32<<20 || c.recoveryGrace != 20*time.Second {
		t.Fatalf("config %+v", c)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-waiting-per-principal", "0"}, "--max-waiting-per-principal (BEZIQUE_MAX_WAITING_PER_PRINCIPAL) = 0; want at least 1"},
		{[]string{"--max-tables-per-principal", "0"}, "--max-tables-per-principal (BEZIQUE_MAX_TABLES_PER_PRINCIPAL) = 0; want at least 1"},
		{[]string{"--max-scheduled-games-per-principal", "0"}, "--max-scheduled-games-per-principal (BEZIQUE_MAX_SCHEDULED_GAMES_PER_PRINCIPAL) = 0; want at least 1"},
		{[]string{"--creates-per-minute", "-1"}, "--creates-per-minute (BEZIQUE_CREATES_PER_MINUTE) = -1; want at least 1"},
		{[]string{"--max-watchers-per-table", "0"}, "--max-watchers-per-table (BEZIQUE_MAX_WATCHERS_PER_TABLE) = 0; want at least 1"},
		{[]string{"--max-watchers-per-principal", "0"}, "--max-watchers-per-principal (BEZIQUE_MAX_WATCHERS_PER_PRINCIPAL) = 0; want at least 1"},
		{[]string{"--max-streams-per-conn", "0"}, "--max-streams-per-conn (BEZIQUE_MAX_STREAMS_PER_CONN) = 0; want 1 to 4294967295"},
		{[]string{"--max-connection-idle", "-1s"}, "--max-connection-idle (BEZIQUE_MAX_CONNECTION_IDLE) = -1s; want 0 (never) or more"},
		{[]string{"--max-conns-per-addr", "-1"}, "--max-conns-per-addr (BEZIQUE_MAX_CONNS_PER_ADDR) = -1; want 0 (no limit) or more"},
		{[]string{"--max-arriving-bytes", "16777215"}, "--max-arriving-bytes (BEZIQUE_MAX_ARRIVING_BYTES) = 16777215; want at least 16777216 (16 MiB: a connection's eighth of it holds a message of the most, 1 MiB, and more)"},
		{[]string{"--waiting-expiry", "0s"}, "--waiting-expiry (BEZIQUE_WAITING_EXPIRY) = 0s; want more than 0"},
		{[]string{"--recovery-grace", "0s"}, "--recovery-grace (BEZIQUE_RECOVERY_GRACE) = 0s; want more than 0"},
		{[]string{"--advertise", "bad%zz"}, `--advertise (BEZIQUE_ADVERTISE) = "bad%zz"; want host:port, a host name or IP address that gRPC dials and a port 1 to 65535`},
		{[]string{"--advertise", "referee-1:http"}, `--advertise (BEZIQUE_ADVERTISE) = "referee-1:http"; want host:port, a host name or IP address that gRPC dials and a port 1 to 65535`},
		{[]string{"--advertise", "host%zz:7777"}, `--advertise (BEZIQUE_ADVERTISE) = "host%zz:7777"; want host:port, a host name or IP address that gRPC dials and a port 1 to 65535`},
		{[]string{"--advertise", ":7777"}, `--advertise (BEZIQUE_ADVERTISE) = ":7777"; want host:port, a host name or IP address that gRPC dials and a port 1 to 65535`},
		{[]string{"--admin-key", "short"}, "--admin-key (BEZIQUE_ADMIN_KEY) = a key of 5 bytes; want at least 24 (openssl rand -base64 32)"}, // exit 2: exit 1 and a Go package's words
		{[]string{"--trusted-proxies", "10.0.0.0/8,10.0.0/8"}, `--trusted-proxies (BEZIQUE_TRUSTED_PROXIES) = "10.0.0.0/8,10.0.0/8": netip.ParsePrefix("10.0.0/8"): ParseAddr("10.0.0"): IPv4 address too short; want CIDRs, comma-separated (10.244.0.0/16,2001:db8::/64)`},
	} {
		if _, err := parseFlags(bad.args); err == nil || err.Error() != bad.want {
			t.Errorf("%v: %v, want %q", bad.args, err, bad.want)
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

// TestAdminKeyFileTooShort: a key file holding a key too short names the flag and the file, not
// the service package ("service: the admin key has 5 bytes; at least 24 are needed": a docs
// trial), and shows no byte of the key.
func TestAdminKeyFileTooShort(t *testing.T) {
	file := filepath.Join(t.TempDir(), "admin.key")
	if err := os.WriteFile(file, []byte("short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := adminAuth(config{adminKeyFile: file})
	if want := "--admin-key-file " + file + ": a key of 5 bytes; want at least 24 (openssl rand -base64 32)"; err == nil || err.Error() != want {
		t.Fatalf("adminAuth: %v, want %q", err, want)
	}
}

// TestUnknownEnv: a BEZIQUE_* variable that no flag reads is named, with the flag's variable it
// nearly spells; the bots' and the CLI's variables, scripts/postgres.sh's and other programs' are
// not. A misspelt variable in a ConfigMap was ignored without a word (a docs audit); the recipe of
// OPERATIONS.md had each referee warn of BEZIQUE_TEST_POSTGRES_URL (a soak trial).
func TestUnknownEnv(t *testing.T) {
	environ := []string{"BEZIQUE_MAX_TABLE=5", "BEZIQUE_MAX_TABLES=7", "BEZIQUE_SERVER=127.0.0.1:7777", "BEZIQUE_KEY=x", "HOME=/root",
		"BEZIQUE_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:25432/bezique_test", "BEZIQUE_PG_STARTED=1",
		"BEZIQUE_STROE=memory", "BEZIQUE_SOMETHING_ELSE=1", "BEZIQUE_LISTEN=:7777"}
	got := unknownEnv(environ, newFlagSet(&config{}))
	want := []string{"BEZIQUE_MAX_TABLE (did you mean BEZIQUE_MAX_TABLES?)", "BEZIQUE_SOMETHING_ELSE", "BEZIQUE_STROE (did you mean BEZIQUE_STORE?)"}
	if !slices.Equal(got, want) {
		t.Errorf("unknownEnv = %q, want %q", got, want)
	}
}
