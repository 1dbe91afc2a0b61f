package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pressly/goose/v3/lock"

	"github.com/bezique-arena/bezique/service/store"
)

// TestMigrateActionLog upgrades a database made by the schema of version 3 (actions keyed by
// table and seq, before leases and the action log of 00005) holding a playing and a finished
// table: the playing table's actions load as before, of kind 0 (actions: 00006_action_kind),
// and only it has a head (action_heads); on
// SQLite its next seq appends and an old one conflicts (on PostgreSQL a write needs the table's
// lease, which the referee takes at recovery: the leases' own tests cover that).
func TestMigrateActionLog(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		dialect := "sqlite"
		if strings.HasPrefix(u, "postgres") {
			dialect = "postgres"
		} else if err := os.MkdirAll(filepath.Dir(strings.TrimPrefix(u, "sqlite:")), 0o700); err != nil {
			t.Fatal(err)
		}
		db := b.raw(t, u)
		if err := store.MigrateUpTo(ctx, dialect, db, 3); err != nil {
			t.Fatal(err)
		}
		rebind := func(q string) string { // $n placeholders for PostgreSQL
			if dialect == "sqlite" {
				return q
			}
			for i := 1; strings.Contains(q, "?"); i++ {
				q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
			}
			return q
		}
		for _, tb := range []struct{ id, state string }{{"p", "playing"}, {"f", "finished"}} {
			if _, err := db.ExecContext(ctx, rebind("INSERT INTO tables (id, created_at, updated_at, state, variant, spec, seed, commitment) VALUES (?, 1, 1, ?, 'two-handed', ?, ?, 'c')"),
				tb.id, tb.state, []byte{}, []byte{1}); err != nil {
				t.Fatal(err)
			}
		}
		for _, a := range []struct {
			table   string
			seq     int64
			payload string
		}{{"p", 1, "p"}, {"f", 1, "f"}, {"p", 2, "q"}, {"f", 2, "g"}, {"p", 3, "r"}} {
			if _, err := db.ExecContext(ctx, rebind("INSERT INTO actions (table_id, seq, seat, payload, recorded_at) VALUES (?, ?, 0, ?, 10)"),
				a.table, a.seq, []byte(a.payload)); err != nil {
				t.Fatal(err)
			}
		}

		st := open(t, u)
		// The opening says what it migrated, for the referee's log (an upgrade left no trace).
		if m := st.(store.Migrated).Migration(); !reflect.DeepEqual(m, store.Migration{From: 3, To: latestMigration(t)}) {
			t.Errorf("the opening migrated %+v, want from 3 to %d", m, latestMigration(t))
		}
		active, err := takeAndLoad(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		if len(active) != 1 || active[0].ID != "p" {
			t.Fatalf("LoadActive = %+v, want table p alone", active)
		}
		var got []string
		for _, a := range active[0].Actions {
			got = append(got, string(a.Payload))
			if a.Kind != 0 {
				t.Errorf("action %d stored before kinds has kind %d, want 0 (an action)", a.Seq, a.Kind)
			}
		}
		if want := []string{"p", "q", "r"}; !reflect.DeepEqual(got, want) {
			t.Errorf("table p's actions = %q, want %q", got, want)
		}
		wantLast := int64(3)
		if dialect == "sqlite" {
			if err := st.AppendActions(ctx, "p", []store.Action{{Seq: 3}}); !errors.Is(err, store.ErrConflict) {
				t.Errorf("AppendActions(p, seq 3) after the migration = %v, want ErrConflict", err)
			}
			if err := st.AppendActions(ctx, "p", []store.Action{{Seq: 4, Payload: []byte("s")}}); err != nil {
				t.Errorf("AppendActions(p, seq 4) after the migration = %v", err)
			}
			wantLast = 4
		}
		var heads, lastSeq int64
		if err := db.QueryRowContext(ctx, "SELECT count(*), max(last_seq) FROM action_heads").Scan(&heads, &lastSeq); err != nil {
			t.Fatal(err)
		}
		if heads != 1 || lastSeq != wantLast {
			t.Errorf("action_heads: %d rows, last seq %d; want 1 (table p), %d", heads, lastSeq, wantLast)
		}
	})
}

// latestMigration is the number of the last migration file (migrations/common/000NN_….sql).
func latestMigration(t *testing.T) int64 {
	t.Helper()
	files, err := filepath.Glob("migrations/*/000*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	var last int64
	for _, f := range files {
		n, err := strconv.ParseInt(filepath.Base(f)[:5], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		last = max(last, n)
	}
	return last
}

// TestMigrateRecordBytes upgrades a database of schema version 3 holding a finished table whose
// record is protojson text, as the referee stored records before 00008_record_bytes: the record
// reads back byte for byte, and a record in the protobuf wire format (a NUL and bytes that are not
// UTF-8, which PostgreSQL's TEXT refused) is written and read back exactly.
func TestMigrateRecordBytes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		dialect := "sqlite"
		if strings.HasPrefix(u, "postgres") {
			dialect = "postgres"
		} else if err := os.MkdirAll(filepath.Dir(strings.TrimPrefix(u, "sqlite:")), 0o700); err != nil {
			t.Fatal(err)
		}
		db := b.raw(t, u)
		if err := store.MigrateUpTo(ctx, dialect, db, 3); err != nil {
			t.Fatal(err)
		}
		q := "INSERT INTO tables (id, created_at, updated_at, state, variant, spec, seed, commitment) VALUES ('old', 1, 1, 'finished', 'two-handed', $1, $2, 'c')"
		r := "INSERT INTO records (table_id, record, variant, finished_at, result) VALUES ('old', $1, 'two-handed', 2, 'completed')"
		if dialect == "sqlite" {
			q, r = strings.NewReplacer("$1", "?", "$2", "?").Replace(q), strings.ReplaceAll(r, "$1", "?")
		}
		if _, err := db.ExecContext(ctx, q, []byte{}, []byte{1}); err != nil {
			t.Fatal(err)
		}
		const text = `{"tableId":"old","result":{"outcome":"OUTCOME_COMPLETED"}}`
		if _, err := db.ExecContext(ctx, r, text); err != nil {
			t.Fatal(err)
		}

		st := open(t, u)
		if got, err := st.GetRecord(ctx, "old"); err != nil || string(got) != text {
			t.Errorf("GetRecord(old) after the migration = %q, %v; want %q", got, err, text)
		}
		wire := []byte{0x0a, 0x03, 'n', 'e', 'w', 0x00, 0xff, 0xfe, 0x80}
		if err := st.CreateTable(ctx, store.Table{ID: "new", Variant: "two-handed", Spec: []byte("{}"), Seed: []byte{1}, Commitment: "c"}); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishTable(ctx, "new", store.Outcome{State: store.StateFinished, Result: "completed", Record: wire}); err != nil {
			t.Fatal(err)
		}
		if got, err := st.GetRecord(ctx, "new"); err != nil || !reflect.DeepEqual(got, wire) {
			t.Errorf("GetRecord(new) = %v, %v; want %v", got, err, wire)
		}
	})
}

// TestMigrationGivesUpOnALockedTable opens a PostgreSQL store of version 9, whose migration 10
// alters tables, while another session reads tables in a transaction that does not end, as
// pg_dump does for the whole dump: Open gives up after store.MigrationLockTimeout with
// ErrMigrationLocked, leaving no lock request on tables waiting, and once the reader ends Open
// migrates. Open waited for the reader before, and every write of tables queued behind it.
func TestMigrationGivesUpOnALockedTable(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		u := b.fresh(t)
		if !strings.HasPrefix(u, "postgres") {
			t.Skip("SQLite has one writer and no lock_timeout: PostgreSQL only")
		}
		ctx := context.Background()
		db := b.raw(t, u)
		if err := store.MigrateUpTo(ctx, "postgres", db, 9); err != nil {
			t.Fatal(err)
		}
		dump, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = dump.Rollback() }) // before the schema is dropped
		if _, err := dump.ExecContext(ctx, "LOCK TABLE tables IN ACCESS SHARE MODE"); err != nil {
			t.Fatal(err)
		}
		opened := make(chan error, 1)
		go func() {
			st, err := store.Open(ctx, u)
			if err == nil {
				_ = st.Close()
			}
			opened <- err
		}()
		openCtx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		select {
		case err = <-opened:
		case <-openCtx.Done():
			_ = dump.Rollback()
			t.Fatalf("Open still waits for the reader's lock after a minute")
		}
		if !errors.Is(err, store.ErrMigrationLocked) || !strings.Contains(err.Error(), "SQLSTATE 55P03") {
			t.Fatalf("Open while a reader holds tables: %v; want ErrMigrationLocked with PostgreSQL's lock_not_available", err)
		}
		var waiting int // lock requests on tables not granted: the ALTER's, and every write queued behind it
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_locks WHERE relation = 'tables'::regclass AND NOT granted").Scan(&waiting); err != nil || waiting != 0 {
			t.Fatalf("after the migration gave up, %d lock requests on tables wait (%v); want none", waiting, err)
		}
		if err := dump.Rollback(); err != nil {
			t.Fatal(err)
		}
		st := open(t, u)
		if _, _, err := st.ListTables(ctx, store.TableFilter{}, 1, ""); err != nil {
			t.Fatalf("ListTables once migrated (end_reason of 00010 read): %v", err)
		}
	})
}

// TestNewerSchemaRefused: a database that a newer build migrated (a schema version above every
// migration this build knows) is refused by Open, which changes nothing; an outside review's
// older referee started and served on one.
func TestNewerSchemaRefused(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st, err := store.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		db := b.raw(t, u)
		var known int64
		if err := db.QueryRowContext(ctx, "SELECT MAX(version_id) FROM goose_db_version").Scan(&known); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, fmt.Sprintf("INSERT INTO goose_db_version (version_id, is_applied) VALUES (%d, true)", known+1)); err != nil {
			t.Fatal(err)
		}
		_, err = store.Open(ctx, u)
		want := fmt.Sprintf("store: the database was migrated by a newer build: the database's schema is at version %d, this build knows versions up to %d; "+
			"run the newer bezique-referee, or restore the backup taken before the upgrade (docs/OPERATIONS.md § Upgrades)", known+1, known)
		if !errors.Is(err, store.ErrNewerSchema) || !strings.HasSuffix(err.Error(), want) {
			t.Fatalf("Open of a newer schema: %v\nwant %s", err, want)
		}
	})
}

// TestOpenCurrentMigratesNothing: OpenCurrent (the CLI's commands that only read a store) refuses
// a database at an older schema, ErrOlderSchema naming both versions, and leaves it at that
// version; and one that holds no store. `bezique tournament list --store` of a backup kept for a
// rollback migrated it, and the build that wrote it then refused it (an upgrade trial).
func TestOpenCurrentMigratesNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		u := b.fresh(t)
		st, err := store.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		if st, err = store.OpenCurrent(ctx, u); err != nil { // this build's schema
			t.Fatalf("OpenCurrent of this build's schema: %v", err)
		}
		st.Close()
		db := b.raw(t, u)
		version := func() (v int64) {
			t.Helper()
			if err := db.QueryRowContext(ctx, "SELECT MAX(version_id) FROM goose_db_version").Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		known := version()
		if _, err := db.ExecContext(ctx, fmt.Sprintf("DELETE FROM goose_db_version WHERE version_id = %d", known)); err != nil {
			t.Fatal(err)
		}
		_, err = store.OpenCurrent(ctx, u)
		want := fmt.Sprintf("store: the database was migrated by an older build: its schema is at version %d, this build's at %d; "+
			"a command that only reads a store does not migrate it (the build that wrote it could no longer open it): read it with "+
			"that build, or start this build's bezique-referee on it, which migrates it (docs/OPERATIONS.md § Upgrades)", known-1, known)
		if !errors.Is(err, store.ErrOlderSchema) || !strings.HasSuffix(err.Error(), want) {
			t.Fatalf("OpenCurrent of an older schema: %v\nwant %s", err, want)
		}
		if v := version(); v != known-1 {
			t.Errorf("after OpenCurrent the schema is at version %d, want %d (unchanged)", v, known-1)
		}
		_, err = store.OpenCurrent(ctx, b.fresh(t))
		if want := "store: the database was migrated by an older build: it holds no store yet (schema version 0); start bezique-referee on it"; !errors.Is(err, store.ErrOlderSchema) || !strings.HasSuffix(err.Error(), want) {
			t.Fatalf("OpenCurrent of an empty database: %v\nwant %s", err, want)
		}
	})
}

// heldMigrationLock returns a fresh PostgreSQL schema of b (skipping the test on SQLite, whose
// file lock lets one store open at a time), a connection to it that holds the migrations'
// advisory lock, and the function that releases the lock; the connection closes at the test's end.
func heldMigrationLock(t *testing.T, b backend) (u string, conn *sql.Conn, release func()) {
	t.Helper()
	u = b.fresh(t)
	if !strings.HasPrefix(u, "postgres") {
		t.Skip("SQLite's file lock lets one store open at a time: PostgreSQL only")
	}
	ctx := context.Background()
	conn, err := b.raw(t, u).Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lock.DefaultLockID); err != nil {
		t.Fatal(err)
	}
	return u, conn, func() {
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", lock.DefaultLockID); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMigrationLockTriedEverySecond: a referee whose migration finds the migration's advisory
// lock held (another referee migrating, as when three start together on a fresh database) opens
// within about a second of its release: goose's locker tried the lock again every 5 s, so the
// referees that started with the one migrating did not listen for 5 s, and a documented
// three-referee recipe failed at its next step ("connection refused": an outside trial).
func TestMigrationLockTriedEverySecond(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		u, conn, release := heldMigrationLock(t, b)
		ctx := context.Background()
		start := time.Now()
		opened := make(chan error, 1)
		go func() {
			st, err := store.Open(ctx, u)
			if err == nil {
				_ = st.Close()
			}
			opened <- err
		}()
		time.Sleep(300 * time.Millisecond) // Open has found the lock held
		release()
		released := time.Now()
		// Timed from the release to the lock's grant to Open's session (pg_locks: a bigint key is
		// classid, its high 32 bits, and objid, with objsubid 1), not to Open's end: a fresh
		// database's migrations took 3.8 s in a loaded CI run, after the lock.
		var took time.Duration
		for took == 0 {
			var granted bool
			if err := conn.QueryRowContext(ctx, `SELECT count(*) > 0 FROM pg_locks WHERE locktype = 'advisory' AND granted
				AND pid <> pg_backend_pid() AND objsubid = 1 AND (classid::bigint << 32) + objid::bigint = $1`, lock.DefaultLockID).Scan(&granted); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-opened: // migrated and released already
				if err != nil {
					t.Fatal(err)
				}
				opened <- nil
				took = time.Since(released)
			default:
				if granted {
					took = time.Since(released)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		if err := <-opened; err != nil {
			t.Fatal(err)
		}
		if took > 3*time.Second {
			t.Errorf("Open took the migration lock %v after its release; want about a second", took)
		}
		t.Logf("Open took the migration lock %v after its release, and opened %v after its start", took, time.Since(start))
	})
}

// TestMigrationSaidOnce opens two stores together on a fresh PostgreSQL schema, both finding it at
// version 0 before either takes the migration lock: the one that migrates says so, the other that
// the schema is current (both said they had migrated it from 0: a soak trial of three referees).
func TestMigrationSaidOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		u, _, release := heldMigrationLock(t, b)
		ctx := context.Background()
		said := make(chan store.Migration, 2)
		for range 2 {
			go func() {
				st, err := store.Open(ctx, u)
				if err != nil {
					t.Error(err)
					said <- store.Migration{From: -1, To: -1}
					return
				}
				said <- st.(store.Migrated).Migration()
				_ = st.Close()
			}()
		}
		time.Sleep(500 * time.Millisecond) // both have read the version and wait for the lock
		release()
		last := latestMigration(t)
		got := []store.Migration{<-said, <-said}
		slices.SortFunc(got, func(a, b store.Migration) int { return int(a.From - b.From) })
		if want := []store.Migration{{From: 0, To: last}, {From: last, To: last}}; !reflect.DeepEqual(got, want) {
			t.Errorf("the two openings said %+v, want %+v", got, want)
		}
	})
}

// TestMigrationNamesLiveReferees: a PostgreSQL store migrated while other referees renew their
// leases on it (an older build's, which go on writing the old schema's shape) names them by
// address, for the referee's warning; a referee not seen within LeaseTTL is not named, and a
// store already current names none (the referees running then are of this schema).
func TestMigrationNamesLiveReferees(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		u := b.fresh(t)
		if !strings.HasPrefix(u, "postgres") {
			t.Skip("referees share a store on PostgreSQL only")
		}
		ctx := context.Background()
		db := b.raw(t, u)
		if err := store.MigrateUpTo(ctx, "postgres", db, 13); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO referees (owner, address, seen_at) VALUES "+
			"('old-1', '10.0.0.5:7777', now()), ('old-2', '10.0.0.4:7777', now() - interval '1 second'), ('gone', '10.0.0.9:7777', now() - interval '1 hour')"); err != nil {
			t.Fatal(err)
		}
		st := open(t, u)
		want := store.Migration{From: 13, To: latestMigration(t), Live: []string{"10.0.0.4:7777", "10.0.0.5:7777"}}
		if got := st.(store.Migrated).Migration(); !reflect.DeepEqual(got, want) {
			t.Errorf("the opening said %+v, want %+v", got, want)
		}
		_ = st.Close()
		again := open(t, u)
		defer again.Close()
		if got := again.(store.Migrated).Migration(); !reflect.DeepEqual(got, store.Migration{From: want.To, To: want.To}) {
			t.Errorf("the next opening said %+v, want the schema current and no referee named", got)
		}
	})
}
