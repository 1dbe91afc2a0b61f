package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/service/store/storetest"
)

// TestSQLitePathWithURICharacters: a SQLite store in a directory whose name holds '#', '?' or
// '%' is the file its path names, and so is its backup's source: SQLite reads its file name as a
// URI, and "d#1/bezique.db" opened the file "d" beside the directory (a fragment cut it), so that
// the store's lock, on d#1/bezique.db.lock, guarded another file than the database.
func TestSQLitePathWithURICharacters(t *testing.T) {
	ctx := context.Background()
	for test, name := range map[string]string{"hash": "d#1", "question": "d?1", "percent": "d%41"} {
		t.Run(test, func(t *testing.T) { // the test's name, and so t.TempDir's, without them
			root := t.TempDir()
			path := filepath.Join(root, name, "bezique.db")
			st, err := store.Open(ctx, "sqlite:"+path)
			if err != nil {
				t.Fatal(err)
			}
			mustCreate(t, st, storetest.Table("t1", store.StateWaiting, 0))
			if err := st.Close(); err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(root)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 1 || entries[0].Name() != name {
				var got []string
				for _, e := range entries {
					got = append(got, e.Name())
				}
				t.Fatalf("files beside the store's directory: %q, want only %q", got, name)
			}
			copyPath := filepath.Join(root, name, "copy.db")
			if err := store.BackupSQLite(ctx, path, copyPath); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{path, copyPath} {
				got, err := open(t, "sqlite:"+p).GetTable(ctx, "t1")
				if err != nil || got.ID != "t1" {
					t.Fatalf("%s: GetTable(t1) = %q, %v; want t1", p, got.ID, err)
				}
			}
		})
	}
}
