package store_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// TestOpenDamagedSQLite: a SQLite store whose file (and -wal) was overwritten is refused with
// ErrDamaged, naming the file, whether the file is no database at all (SQLITE_NOTADB) or keeps a
// database's header over garbage (SQLITE_CORRUPT); a referee stops at once on it rather than
// trying again for its store wait. A database that is whole opens (the same path, rewritten).
func TestOpenDamagedSQLite(t *testing.T) {
	ctx := context.Background()
	for _, keepHeader := range []bool{false, true} {
		u := sqliteBackend().fresh(t)
		path := strings.TrimPrefix(u, "sqlite:")
		st := open(t, u)
		mustCreate(t, st, storetest.Table("t1", store.StateWaiting, 0))
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		db, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		from := 0
		if keepHeader {
			from = 100 // SQLite's file header: the rest of page 1 (the schema) and after is garbage
		}
		for i := from; i < len(db); i++ {
			db[i] = byte(i * 7)
		}
		if err := os.WriteFile(path, db, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := store.Open(ctx, u)
		if got != nil {
			_ = got.Close()
		}
		if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), path) {
			t.Errorf("header kept %v: Open err = %v, want ErrDamaged naming %s", keepHeader, err, path)
		}
	}
}
