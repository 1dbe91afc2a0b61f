package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// TestBackupSQLiteConcurrent: two backups of a store to one path at once give one copy, a whole
// store, and one error naming the path (fs.ErrExist), and leave no temporary file. The target's
// absence was checked, then the copy renamed into place, so that both could find it absent and
// the second rename replace the first copy: both succeeded, in one round of 300 here (and a file
// created between the check and the rename was replaced; strace's delay injection showed it).
func TestBackupSQLiteConcurrent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st := open(t, "sqlite:"+path)
	var ids []string
	for i := range 20 {
		ids = append(ids, fmt.Sprintf("t%02d", i))
		mustCreate(t, st, storetest.Table(ids[i], store.StateWaiting, i))
	}
	dir := t.TempDir()
	for round := range 20 {
		to := filepath.Join(dir, fmt.Sprintf("copy%02d.db", round))
		var errs [2]error
		var backups sync.WaitGroup
		start := make(chan struct{})
		for i := range errs {
			backups.Go(func() {
				<-start
				errs[i] = store.BackupSQLite(ctx, path, to)
			})
		}
		close(start)
		backups.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("round %d: two backups to one path returned %v and %v, want one nil", round, errs[0], errs[1])
		}
		err := errors.Join(errs[:]...)
		if want := fmt.Sprintf("store: backup sqlite %s to %s: file already exists", path, to); !errors.Is(err, fs.ErrExist) || err.Error() != want {
			t.Fatalf("round %d: the other backup to one path returned %q, want %q (fs.ErrExist)", round, err, want)
		}
		if got := tableIDs(t, to); !slices.Equal(got, ids) {
			t.Fatalf("round %d: the copy holds tables %v, want %v", round, got, ids)
		}
	}
	if got := fileNames(t, dir); slices.ContainsFunc(got, func(name string) bool { return strings.HasPrefix(name, ".") }) {
		t.Fatalf("files in the backups' directory: %q, want no temporary copy (.copyNN.db.tmp-*)", got)
	}
}

// TestBackupSQLiteFailsWhole: a backup that cannot be written whole (the file system full, here
// the process's file size limit below the copy's size) fails naming the error and leaves no file
// at its target nor beside it.
func TestBackupSQLiteFailsWhole(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE blobs (b BLOB); INSERT INTO blobs VALUES (randomblob(1 << 20))"); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	to := filepath.Join(dir, "copy.db")
	var limit syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	full := limit
	full.Cur = 256 << 10 // a write past 256 KiB fails with EFBIG (Go ignores SIGXFSZ)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &full); err != nil {
		t.Fatal(err)
	}
	err = store.BackupSQLite(ctx, path, to)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("store: backup sqlite %s: disk I/O error (778)", path); err == nil || err.Error() != want {
		t.Fatalf("a backup past the file size limit returned %v, want %q (SQLITE_IOERR_WRITE)", err, want)
	}
	if got := fileNames(t, dir); len(got) != 0 {
		t.Fatalf("a failed backup left %q in its target's directory, want nothing", got)
	}
}

// TestBackupSQLiteRefusesLeftovers: a backup to a name beside which SQLite's files of an earlier
// database are left (FILE-wal, -shm, -journal: a restore drill's referee killed on a copy that
// was then removed) is refused, naming the file, and writes nothing. It was written, and SQLite
// read the old WAL with it: the copy held the drill's tables, or failed its integrity check (an
// outside trial).
func TestBackupSQLiteRefusesLeftovers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		dir := t.TempDir()
		to := filepath.Join(dir, "copy.db")
		if err := os.WriteFile(to+suffix, []byte("left"), 0o600); err != nil {
			t.Fatal(err)
		}
		err := store.BackupSQLite(ctx, path, to)
		want := fmt.Sprintf("store: backup sqlite %s to %s: %s is there, left by a database once at %s, and SQLite would read it with the copy: remove it, or back up to another name: file already exists", path, to, to+suffix, to)
		if err == nil || err.Error() != want || !errors.Is(err, fs.ErrExist) {
			t.Errorf("backup beside %s: %v; want %q", suffix, err, want)
		}
		if got := fileNames(t, dir); !slices.Equal(got, []string{"copy.db" + suffix}) {
			t.Errorf("backup beside %s left %q; want the leftover only", suffix, got)
		}
	}
}

// tableIDs returns the ids of the tables in the SQLite store at path, in order.
func tableIDs(t *testing.T, path string) []string {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tables, _, err := st.ListTables(context.Background(), store.TableFilter{}, 100, "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tb := range tables {
		ids = append(ids, tb.ID)
	}
	slices.Sort(ids)
	return ids
}

// fileNames returns the names of the files in dir, in order.
func fileNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestBackupSQLiteToMissingDirectory: a backup into a directory that does not exist says so,
// naming the directory: it named the temporary file it could not create (".copy.db.tmp-…: no
// such file or directory": a docs trial).
func TestBackupSQLiteToMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bezique.db")
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "nodir", "copy.db")
	err = store.BackupSQLite(context.Background(), path, to)
	if want := fmt.Sprintf("store: backup sqlite %s to %s: the directory %s does not exist: file does not exist", path, to, filepath.Dir(to)); err == nil || err.Error() != want || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("BackupSQLite to a missing directory: %v, want %q", err, want)
	}
}
