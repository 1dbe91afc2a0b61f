package main

import (
	"context"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// TestServerWithWhitespace: a --server, or its default ($BEZIQUE_SERVER), that ends with a
// newline (read from a file or a Kubernetes Secret) or is padded with spaces is the address
// itself: keys list answers through it as through the bare address. Before, grpc-go refused the
// newline ("invalid control character in URL") and resolved the spaces to no address ("produced
// zero addresses").
func TestServerWithWhitespace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, admin)
	if _, err := runCmd(ctx, "keys", "create", "--server", addr, "--name", "alpha-bot", "--role", "bot"); err != nil {
		t.Fatal(err)
	}
	want, err := runCmd(ctx, "keys", "list", "--server", addr)
	if err != nil {
		t.Fatal(err)
	}
	for _, server := range []string{addr + "\n", addr + "\r\n", " " + addr + " ", "\t" + addr} {
		if got, err := runCmd(ctx, "keys", "list", "--server", server); err != nil || got != want {
			t.Errorf("keys list --server %q: %v\n%s\nwant\n%s", server, err, got, want)
		}
		var c connFlags
		f := pflag.NewFlagSet("default", pflag.ContinueOnError)
		c.register(f, server, "")
		if err := f.Parse(nil); err != nil || c.server != addr {
			t.Errorf("--server defaulting to %q: %q, %v; want %q", server, c.server, err, addr)
		}
	}
}
