package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// BackupSQLite copies the SQLite database at path, which a referee may hold open and be writing
// to, to the new file to: one consistent snapshot, taken by SQLite's VACUUM INTO in one read
// transaction. In WAL mode the referee's writes go on meanwhile; the snapshot is the store as its
// last commit before the copy began left it, compacted. The copy is written beside to under a
// temporary name with mode 0600 (it holds seat tokens and the seeds of games in play), synced to
// disk, then hard-linked to to, which fails if to exists, and its temporary name removed: a copy
// cut short never carries the name, and a backup never replaces a file (an earlier backup, the
// store itself, or another backup to the same name finished first), even one created while it
// copied. The directory of to must allow hard links (any Unix file system does; FAT does not).
// Nor is a backup written where a file of SQLite's beside to (to-wal, to-shm, to-journal) was
// left by a database once at that name (a restore drill's referee, killed): SQLite reads it as
// part of the copy, which then held the drill's tables, not the store's, or failed its integrity
// check (an outside trial).
// It opens the database read-only and takes no lock: the referee's flock on PATH.lock stays its
// own.
//
// SQLite's online backup API (the sqlite3 shell's .backup) is not used: it copies 100 pages a
// step, each step its own read transaction, and starts again from the first page whenever
// another process has committed in between, which a busy referee does every few milliseconds.
//
// Errors: one wrapping [fs.ErrExist], naming path and to, when to exists (checked before the
// copy, to refuse it early, and by the link), or naming the file when one of SQLite's is beside it; ErrInvalid for an empty path or to; the file
// system's or SQLite's error, naming the file, otherwise (the source missing or not a database,
// the directory of to not writable or full). A failed backup leaves no file beside to, and none
// at to unless the sync of the directory failed after the link, which leaves the whole copy.
func BackupSQLite(ctx context.Context, path, to string) error {
	if path == "" || to == "" {
		return fmt.Errorf("store: backup sqlite %q to %q: empty path: %w", path, to, ErrInvalid)
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	if _, err := os.Lstat(to); err == nil {
		return fmt.Errorf("store: backup sqlite %s to %s: %w", path, to, fs.ErrExist)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Lstat(to + suffix); err == nil {
			return fmt.Errorf("store: backup sqlite %s to %s: %s is there, left by a database once at %s, and SQLite would read it with the copy: remove it, or back up to another name: %w", path, to, to+suffix, to, fs.ErrExist)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("store: backup sqlite: %w", err)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(to), "."+filepath.Base(to)+".tmp-*") // mode 0600
	// A directory missing: said so (the error named the temporary file).
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup sqlite %s to %s: the directory %s does not exist: %w", path, to, filepath.Dir(to), fs.ErrNotExist)
	}
	if err != nil {
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	tmpName := tmp.Name()
	defer func() { _ = os.Remove(tmpName) }() // the copy linked to to, or not
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	db, err := sql.Open("sqlite", sqliteURI(path, "mode=ro&_busy_timeout="+strconv.Itoa(sqliteBusyTimeoutMillis)))
	if err != nil {
		return fmt.Errorf("store: backup sqlite %s: %w", path, err)
	}
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", tmpName) // an empty file is a valid target
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("store: backup sqlite %s: %w", path, err)
	}
	if err := syncFile(tmpName); err != nil { // VACUUM INTO does not sync its output
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	if err := os.Link(tmpName, to); errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("store: backup sqlite %s to %s: %w", path, to, fs.ErrExist)
	} else if err != nil {
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	if err := syncFile(filepath.Dir(to)); err != nil { // the link itself
		return fmt.Errorf("store: backup sqlite: %w", err)
	}
	return nil
}

// syncFile flushes the file or directory at path to disk (fsync).
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
