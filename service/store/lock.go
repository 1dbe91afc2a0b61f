package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// ErrLocked is returned (wrapped) by [Open] when another referee holds the store: one referee
// per store, since two would each replay and drive the same tables. The message names the file
// or the database.
var ErrLocked = errors.New("store: in use by another referee")

// lockSQLite takes the exclusive lock of the SQLite database at path: an flock(2) on the file
// PATH.lock beside it (mode 0600), held until the store is closed and released by the kernel if
// the process dies. It is taken before the database is opened, so a second referee changes
// nothing in the database, its -wal or its -shm (SQLite's own locking_mode=EXCLUSIVE would be
// taken only at the first read, after the file and its WAL are opened, and would lock out the
// store's separate reader connections too). gofrs/flock wraps flock(2).
func lockSQLite(path string) (release func() error, err error) {
	l := flock.New(path+".lock", flock.SetPermissions(0o600))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("store: lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, fmt.Errorf("store: sqlite %s: %w (the lock %s is held)", path, ErrLocked, l.Path())
	}
	return l.Close, nil
}

// postgresLockClass is the first key of the session advisory lock that a referee holds on its
// PostgreSQL schema for its whole life ("bzq" in ASCII); the second key is hashtext of the schema
// name, so that referees on different schemas of one database (the tests do this) do not block
// each other. goose's migration lock uses a different, single-key lock.
const postgresLockClass = 0x627a71

// postgresLockWait is how long lockPostgres tries for the lock before ErrLocked: the session of a
// referee killed a moment ago keeps its lock until the server sees the connection gone, so a
// referee restarted at once after a crash would otherwise be refused.
const postgresLockWait = 5 * time.Second

// lockPostgres takes the referee's session advisory lock on one connection of db and keeps that
// connection until release. ErrLocked when another session still holds it after
// postgresLockWait.
func lockPostgres(ctx context.Context, db *sql.DB, redacted string) (release func() error, err error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", redacted, err)
	}
	var ok bool
	var schema string
	for deadline := time.Now().Add(postgresLockWait); ; time.Sleep(100 * time.Millisecond) {
		if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1, hashtext(coalesce(current_schema(), ''))), coalesce(current_schema(), '')",
			postgresLockClass).Scan(&ok, &schema); err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("store: lock postgres %s: %w", redacted, err)
		}
		if ok || time.Now().After(deadline) {
			break
		}
	}
	if !ok {
		_ = conn.Close()
		return nil, fmt.Errorf("store: postgres %s (schema %q): %w", redacted, schema, ErrLocked)
	}
	// Unlock explicitly: closing the connection ends the session only when the server has read
	// the client's goodbye, so a store opened again at once could still find the lock held.
	return func() error {
		_, err := conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1, hashtext(coalesce(current_schema(), '')))", postgresLockClass)
		return errors.Join(err, conn.Close())
	}, nil
}

// Redact returns a store URL fit for a log or an error message: the password of a
// postgres:// URL (user info or the password parameter) replaced by "xxxxx". Other strings are
// returned as they are.
func Redact(storeURL string) string {
	if !strings.HasPrefix(storeURL, "postgres://") && !strings.HasPrefix(storeURL, "postgresql://") {
		return storeURL
	}
	u, err := url.Parse(storeURL)
	if err != nil {
		return "postgres://(an unparsable URL, redacted)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// restrict gives the existing file at path the mode 0600 (it holds seat tokens and the seeds of
// games in play); a missing file is not an error.
func restrict(path string) error {
	if err := os.Chmod(path, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
