package store

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrDamaged is returned (wrapped) by [Open] when the SQLite file is not a database or is
// malformed (SQLITE_NOTADB, SQLITE_CORRUPT): trying again cannot help; the file has to be
// restored from a backup (docs/OPERATIONS.md).
var ErrDamaged = errors.New("store: the file is not a SQLite database or is damaged; restore it from a backup")

// damaged wraps err, an error of opening the SQLite file path, with ErrDamaged when SQLite
// found the file not a database or malformed, and names path in either case.
func damaged(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary result code of an extended one
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("store: open sqlite %s: %w (%w)", path, ErrDamaged, err)
		}
	}
	return fmt.Errorf("store: open sqlite %s: %w", path, err)
}
