package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pressly/goose/v3"
)

// TestMigrateActionLog upgrades a SQLite file made by the schema before 00004 (actions keyed by
// table and seq) with a playing and a finished table: the playing table's actions load as
// before, its next seq appends and an old one conflicts, and only it has a head.
func TestMigrateActionLog(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_foreign_keys=1")
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := migrationFS(sqliteDialect)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 3); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"INSERT INTO tables (id, created_at, updated_at, state, variant, spec, seed, commitment) VALUES " +
			"('p', 1, 1, 'playing', 'two-handed', x'', x'01', 'c'), ('f', 2, 2, 'finished', 'two-handed', x'', x'02', 'c')",
		"INSERT INTO actions (table_id, seq, seat, payload, recorded_at) VALUES " +
			"('p', 1, 0, x'70', 10), ('f', 1, 1, x'66', 11), ('p', 2, 1, x'71', 12), ('f', 2, 0, x'67', 13), ('p', 3, 0, x'72', 14)",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	st, err := Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = st.Close() }()
	active, err := st.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 1 || active[0].ID != "p" {
		t.Fatalf("LoadActive = %+v, want table p alone", active)
	}
	var got []string
	for _, a := range active[0].Actions {
		got = append(got, string(a.Payload))
	}
	if want := []string{"p", "q", "r"}; !reflect.DeepEqual(got, want) {
		t.Errorf("table p's actions = %q, want %q", got, want)
	}
	if err := st.AppendActions(ctx, "p", []Action{{Seq: 3}}); !errors.Is(err, ErrConflict) {
		t.Errorf("AppendActions(p, seq 3) after the migration = %v, want ErrConflict", err)
	}
	if err := st.AppendActions(ctx, "p", []Action{{Seq: 4, Payload: []byte("s")}}); err != nil {
		t.Errorf("AppendActions(p, seq 4) after the migration = %v", err)
	}
	var heads, lastSeq int64
	if err := st.(*sqlStore).w.QueryRowContext(ctx, "SELECT count(*), max(last_seq) FROM action_heads").Scan(&heads, &lastSeq); err != nil {
		t.Fatal(err)
	}
	if heads != 1 || lastSeq != 4 {
		t.Errorf("action_heads: %d rows, last seq %d; want 1 (table p), 4", heads, lastSeq)
	}
}
