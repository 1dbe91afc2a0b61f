package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// TestOneReferee: while one store holds a SQLite database, a second Open of it fails with
// ErrLocked and a message naming it; once the first is closed, the database opens again.
// (PostgreSQL is shared through leases: TestLeases.)
func TestOneReferee(t *testing.T) {
	ctx := context.Background()
	u := sqliteBackend().fresh(t)
	first := open(t, u)
	mustCreate(t, first, storetest.Table("t1", store.StateWaiting, 0))
	second, err := store.Open(ctx, u)
	if !errors.Is(err, store.ErrLocked) {
		if second != nil {
			_ = second.Close()
		}
		t.Fatalf("second Open err = %v, want ErrLocked", err)
	}
	if name := strings.TrimPrefix(u, "sqlite:"); !strings.Contains(err.Error(), name) {
		t.Errorf("second Open err = %q, want it to name %q", err, name)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again := open(t, u)
	if _, err := again.GetTable(ctx, "t1"); err != nil {
		t.Errorf("GetTable after the first store closed: %v", err)
	}
}

// TestSQLiteModes: the data directory is created 0700 and the database, its -wal and -shm 0600
// (they hold seat tokens and the seeds of games in play); an existing world-readable database is
// made 0600.
func TestSQLiteModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	path := filepath.Join(dir, "bezique.db")
	st := open(t, "sqlite:"+path)
	mustCreate(t, st, storetest.Table("t1", store.StatePlaying, 0))
	if err := st.AppendActions(context.Background(), "t1", []store.Action{{Seq: 1, Payload: []byte("x")}}); err != nil {
		t.Fatal(err)
	}
	want := map[string]os.FileMode{dir: 0o700 | os.ModeDir, path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600, path + ".lock": 0o600}
	for p, mode := range want {
		fi, err := os.Stat(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if fi.Mode() != mode {
			t.Errorf("%s: mode %v, want %v", filepath.Base(p), fi.Mode(), mode)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	_ = open(t, "sqlite:"+path)
	if fi, err := os.Stat(path); err != nil || fi.Mode() != 0o600 {
		t.Errorf("an existing 0644 database after Open: %v %v, want -rw-------", fi.Mode(), err)
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://bob:s3cret@db:5432/bez?sslmode=disable":     "postgres://bob:xxxxx@db:5432/bez?sslmode=disable",
		"postgresql://bob@db/bez?password=s3cret&sslmode=allow": "postgresql://bob@db/bez?password=xxxxx&sslmode=allow",
		"postgres://bob@db/bez?sslkey=k.pem&sslpassword=s3cret": "postgres://bob@db/bez?sslkey=k.pem&sslpassword=xxxxx",
		"postgres://db/bez":                   "postgres://db/bez",
		"postgres://bob:s3cret@db:bad port/x": "postgres://(an unparsable URL, redacted)",
		"sqlite:bezique-data/bezique.db":      "sqlite:bezique-data/bezique.db",
		"memory":                              "memory",
	} {
		if got := store.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSQLiteBusyIsUnavailable: a write that waits for another process's lock on the SQLite file
// (a sqlite3 shell's open write transaction) for longer than the busy timeout fails with
// ErrUnavailable, which the referee answers as Unavailable with a retry delay; once the lock is
// let go, the write goes through. Before, "database is locked" matched no sentinel: Internal.
func TestSQLiteBusyIsUnavailable(t *testing.T) {
	ctx := context.Background()
	b := sqliteBackend()
	u := b.fresh(t)
	st := open(t, u)
	conn, err := b.raw(t, u).Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	err = st.CreateTable(ctx, storetest.Table("t1", store.StateWaiting, 0))
	if !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("CreateTable while another process holds the write lock = %v; want ErrUnavailable", err)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, st, storetest.Table("t1", store.StateWaiting, 0))
}
