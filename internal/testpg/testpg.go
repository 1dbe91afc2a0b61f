// Package testpg gives a test a schema of its own in the PostgreSQL database that
// BEZIQUE_TEST_POSTGRES_URL names (scripts/postgres.sh starts one and prints the variable), so
// that tests sharing that database never see each other's tables.
package testpg

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql's "pgx" driver
)

// Env names the environment variable of the test database's URL (a libpq URL, such as
// postgres://user@127.0.0.1:5433/db?sslmode=disable).
const Env = "BEZIQUE_TEST_POSTGRES_URL"

// URL returns $BEZIQUE_TEST_POSTGRES_URL, or skips the test when it is not set.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skip(Env + " is not set: run `eval \"$(scripts/postgres.sh)\"` to test against PostgreSQL")
	}
	return base
}

// Schema creates the schema prefix_<12 random hex digits> in the database at base and returns
// base with search_path set to it. The schema and everything in it are dropped at the test's
// cleanup, after the cleanups registered later (the stores opened on it close first); a schema
// that cannot be dropped is only logged, being harmless in a test database. It fails the test
// when base is not a URL or the schema cannot be created.
func Schema(t testing.TB, base, prefix string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := prefix + "_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Logf("drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
