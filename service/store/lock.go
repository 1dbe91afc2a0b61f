package store

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/gofrs/flock"
)

// ErrLocked is returned (wrapped) by [Open] when another referee holds a SQLite store: one
// referee per file, since two would each replay and drive the same tables. The message names the
// file, after "store: sqlite PATH: " (the text has no "store: " of its own: it was said twice).
// (Referees share a PostgreSQL store through leases instead: lease.go.)
var ErrLocked = errors.New("in use by another referee")

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

// Redact returns a store URL fit for a log or an error message: the password of a
// postgres:// URL (user info or the password parameter) and the sslpassword parameter (the
// passphrase of the client's TLS key) replaced by "xxxxx". Other strings are
// returned as they are.
func Redact(storeURL string) string {
	if !strings.HasPrefix(storeURL, "postgres://") && !strings.HasPrefix(storeURL, "postgresql://") {
		return storeURL
	}
	u, err := url.Parse(storeURL)
	if err != nil {
		return "postgres://(an unparsable URL, redacted)"
	}
	q := u.Query()
	for _, secret := range []string{"password", "sslpassword"} { // the client key's passphrase too
		if q.Has(secret) {
			q.Set(secret, "xxxxx")
			u.RawQuery = q.Encode()
		}
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
