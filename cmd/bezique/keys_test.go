package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// startAuthReferee serves a referee with authentication (admin key admin) on loopback.
func startAuthReferee(t *testing.T, admin string) string {
	t.Helper()
	srv, err := service.New(context.Background(), service.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Auth: &service.Auth{AdminKey: admin}})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(append(service.ServerOptions(nil), srv.AuthOptions()...)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(func() {
		g.Stop()
		srv.Close()
	})
	return lis.Addr().String()
}

// TestKeysCommands: keys create, list and revoke, a table with a seat bound to a bot key, that
// seat played by "bot" with the key and no token, the audit trail, a watcher key that lists
// tables and creates none, and a revoked key refused.
func TestKeysCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, admin) // the admin key from the environment; --key overrides it below
	created := regexp.MustCompile(`^key (k-[0-9a-f]{16})\nsecret (bzq_[A-Za-z0-9_-]{43})\n$`)
	newKey := func(args ...string) (id, secret string) {
		t.Helper()
		out, err := runCmd(ctx, append([]string{"keys", "create", "--server", addr}, args...)...)
		m := created.FindStringSubmatch(out)
		if err != nil || m == nil {
			t.Fatalf("keys create %v: %v\n%s", args, err, out)
		}
		return m[1], m[2]
	}
	orgID, org := newKey("--name", "org", "--role", "organiser", "--owner", "ops")
	botID, bot := newKey("--name", "alpha-bot", "--role", "bot", "--owner", "team alpha")

	out, err := runCmd(ctx, "keys", "list", "--server", addr)
	if err != nil || !regexp.MustCompile(`(?m)^`+orgID+`  organiser org +ops +created \S+ \S+ by admin$`).MatchString(out) ||
		!strings.Contains(out, botID+"  bot       alpha-bot") {
		t.Fatalf("keys list: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "create", "--server", addr, "--key", org, "--seat", "remote:alpha@"+botID, "--seat", "builtin:random", "--public")
	m := regexp.MustCompile(`table (\S+)\n`).FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	table := m[1]
	out, err = runCmd(ctx, "bot", "--server", addr, "--key", bot, "--table", table, "--seat", "0", "--bot", "random")
	if err != nil || !strings.Contains(out, "game over") {
		t.Fatalf("bot with the bound key: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "audit", "--server", addr)
	if err != nil || !regexp.MustCompile(`(?m)^\S+ \S+  `+orgID+` +table created +`+table+`$`).MatchString(out) ||
		!strings.Contains(out, `admin                key created     `+botID+`  bot key "alpha-bot"`) {
		t.Fatalf("audit: %v\n%s", err, out)
	}
	// The listings as protojson: the two keys created (the first admin key, from the flag, is not listed); the most
	// recent audit event alone under --limit 1.
	out, err = runCmd(ctx, "keys", "list", "--server", addr, "--json")
	var keys pb.ListKeysResponse
	if err != nil || protojson.Unmarshal([]byte(out), &keys) != nil || len(keys.GetKeys()) != 2 ||
		keys.GetKeys()[0].GetKeyId() != orgID || keys.GetKeys()[1].GetName() != "alpha-bot" {
		t.Fatalf("keys list --json: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "audit", "--server", addr, "--json", "--limit", "1")
	var audit pb.ListAuditEventsResponse
	if err != nil || protojson.Unmarshal([]byte(out), &audit) != nil || len(audit.GetEvents()) != 1 ||
		audit.GetEvents()[0].GetTarget() != table || audit.GetEvents()[0].GetPrincipal() != orgID {
		t.Fatalf("audit --json --limit 1: %v\n%s", err, out)
	}
	// A watcher key reads the tables and creates none.
	_, watcher := newKey("--name", "club-site", "--role", "watcher")
	if out, err = runCmd(ctx, "tables", "--server", addr, "--key", watcher); err != nil || !strings.Contains(out, table) {
		t.Fatalf("tables with a watcher key: %v\n%s", err, out)
	}
	if _, err = runCmd(ctx, "create", "--server", addr, "--key", watcher, "--seat", "builtin:random", "--seat", "builtin:random"); err == nil ||
		!strings.Contains(err.Error(), "PermissionDenied") || !strings.Contains(err.Error(), "has role watcher") {
		t.Fatalf("create with a watcher key: %v, want PermissionDenied naming the role", err)
	}
	if out, err = runCmd(ctx, "keys", "revoke", orgID, "--server", addr); err != nil || !strings.HasPrefix(out, "revoked "+orgID+" at ") {
		t.Fatalf("keys revoke: %v\n%s", err, out)
	}
	if _, err = runCmd(ctx, "tables", "--server", addr, "--key", org); err == nil || !strings.Contains(err.Error(), "Unauthenticated") {
		t.Fatalf("tables with a revoked key: %v, want Unauthenticated", err)
	}
	t.Setenv(keyEnv, "")
	if _, err = runCmd(ctx, "keys", "list", "--server", addr); err == nil || !strings.Contains(err.Error(), "needs an API key") {
		t.Fatalf("keys list without a key: %v, want Unauthenticated", err)
	}
}

// TestErrorTextNamesTheKeyFlag: a command refused for want of an API key said only the referee's
// words, `send "authorization: Bearer <key>"` or "watching it needs an API key"; it now says where
// the CLI takes the key.
func TestErrorTextNamesTheKeyFlag(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	addr := startAuthReferee(t, "bzq_cli-admin-key-0123456789abcdef")
	t.Setenv(keyEnv, "")
	_, err := runCmd(ctx, "tables", "--server", addr)
	want := `bezique: ListTables: Unauthenticated: /bezique.v1.TableService/ListTables needs an API key ` +
		`(role admin or organiser or bot or watcher): send "authorization: Bearer <key>"` + "\n" +
		"(the API key is --key or $BEZIQUE_KEY; docs/SECURITY.md)"
	if err == nil || errorText(err) != want {
		t.Errorf("tables without a key: %v\ngot  %q\nwant %q", err, errorText(err), want)
	}
	_, err = runCmd(ctx, "tables", "--server", addr, "--key", "bzq_not-a-key")
	if want := "bezique: ListTables: Unauthenticated: unknown API key\n(the API key is --key or $BEZIQUE_KEY; docs/SECURITY.md)"; err == nil || errorText(err) != want {
		t.Errorf("tables with an unknown key: got %q, want %q", errorText(err), want)
	}
	// A table that is not public, watched without a key: Unauthenticated, whose message says only
	// "needs an API key".
	out, err := runCmd(ctx, "create", "--server", addr, "--key", "bzq_cli-admin-key-0123456789abcdef", "--seat", "remote:a", "--seat", "remote:b")
	table := strings.TrimPrefix(strings.SplitN(out, "\n", 2)[0], "table ")
	if err != nil || !strings.HasPrefix(table, "t-") {
		t.Fatalf("create: %v\n%s", err, out)
	}
	_, err = runCmd(ctx, "watch", table, "--server", addr)
	if want := "bezique: WatchTable: Unauthenticated: table " + table + " is not public: watching it needs an API key\n" +
		"(the API key is --key or $BEZIQUE_KEY; docs/SECURITY.md)"; err == nil || errorText(err) != want {
		t.Errorf("watch without a key: got %q, want %q", errorText(err), want)
	}
	if got, want := errorText(errors.New("--seat 0: \"x\"")), "bezique: --seat 0: \"x\""; got != want {
		t.Errorf("another error: got %q, want %q", got, want)
	}
}

// TestKeyFile: --key-file reads the API key from a file, its trailing newline ignored (as a
// Kubernetes Secret's file holds it), in place of --key, whose argument is seen in the process
// list and, through kubectl exec, in the cluster's audit log (an SRE's review). A file that cannot
// be read, or is empty, is refused naming it; --key and --key-file together are refused.
func TestKeyFile(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, "")
	dir := t.TempDir()
	file := filepath.Join(dir, "admin.key")
	if err := os.WriteFile(file, []byte(admin+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCmd(ctx, "keys", "create", "--server", addr, "--key-file", file, "--name", "from-file", "--role", "watcher"); err != nil || !strings.HasPrefix(out, "key k-") {
		t.Fatalf("keys create --key-file: %v\n%s", err, out)
	}
	empty := filepath.Join(dir, "empty.key")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--key-file", filepath.Join(dir, "missing.key")}, "--key-file: open " + filepath.Join(dir, "missing.key") + ": no such file or directory"},
		{[]string{"--key-file", empty}, "--key-file " + empty + ": the file is empty"},
		{[]string{"--key-file", file, "--key", admin}, "--key and --key-file: give the API key once"},
	} {
		if _, err := runCmd(ctx, append([]string{"keys", "list", "--server", addr}, c.args...)...); err == nil || err.Error() != c.want {
			t.Errorf("keys list %v: %v; want %q", c.args, err, c.want)
		}
	}
}

// TestJSONOfEmptyListings: tables, lobby, records list and keys list with --json print their
// empty lists as [] (every field, as the HTTP API's JSON): they printed {}, and the --help's jq
// examples failed on it, "Cannot iterate over null" (a docs audit).
func TestJSONOfEmptyListings(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, admin)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tables"}, `{"tables":[],"nextPageToken":""}`},
		{[]string{"lobby"}, `{"bots":[]}`},
		{[]string{"records", "list"}, `{"games":[],"nextPageToken":""}`},
		{[]string{"keys", "list"}, `{"keys":[]}`},
	} {
		out, err := runCmd(ctx, append(c.args, "--server", addr, "--json")...)
		if got := strings.Join(strings.Fields(out), ""); err != nil || got != c.want {
			t.Errorf("%v --json: %v\n%s\nwant %s", c.args, err, out, c.want)
		}
	}
}
