package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"sync"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

func openSQLiteForTest(t *testing.T) *sqlStore {
	t.Helper()
	st, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "bezique.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st.(*sqlStore)
}

func TestMigrationSources(t *testing.T) {
	common, err := fs.Glob(migrationFiles, "migrations/common/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []dialect{sqliteDialect, postgresDialect} {
		fsys, err := migrationFS(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.Glob(fsys, "*.sql")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 || got[0] != "00001_init.sql" {
			t.Errorf("%s migrations = %v, want 00001_init.sql first", d.name, got)
		}
		if len(got) != len(common)+len(mustGlob(t, "migrations/"+d.name+"/*.sql")) {
			t.Errorf("%s: a file name is in both common/ and %s/: %v", d.name, d.name, got)
		}
		if _, err := fs.ReadFile(fsys, "00001_init.sql"); err != nil {
			t.Errorf("%s: read 00001_init.sql: %v", d.name, err)
		}
	}
	// Each dialect folder holds the same versions: a migration that must differ exists in both.
	if a, b := mustGlob(t, "migrations/sqlite/*.sql"), mustGlob(t, "migrations/postgres/*.sql"); !reflect.DeepEqual(base(a), base(b)) {
		t.Errorf("per-dialect migrations differ: sqlite %v, postgres %v", base(a), base(b))
	}
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := fs.Glob(migrationFiles, pattern)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func base(paths []string) []string {
	out := []string{}
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return out
}

func TestRebind(t *testing.T) {
	q := "SELECT a FROM t WHERE x = ? AND (y, z) > (?, ?)"
	if got := sqliteDialect.rebind(q); got != q {
		t.Errorf("sqlite rebind = %q", got)
	}
	if got, want := postgresDialect.rebind(q), "SELECT a FROM t WHERE x = $1 AND (y, z) > ($2, $3)"; got != want {
		t.Errorf("postgres rebind = %q, want %q", got, want)
	}
}

// TestCommitBatchIsolatesConflict puts a duplicate seq in the middle of one batch: only its
// request fails; the others are committed.
func TestCommitBatchIsolatesConflict(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteForTest(t)
	for _, id := range []string{"a", "b", "c"} {
		if err := s.CreateTable(ctx, Table{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendActions(ctx, "b", []Action{{Seq: 1}}); err != nil {
		t.Fatal(err)
	}
	req := func(id string, seq int64) *appendReq {
		return &appendReq{tableID: id, actions: []Action{{Seq: seq, Payload: []byte(id)}}, done: make(chan error, 1)}
	}
	batch := []*appendReq{req("a", 1), req("b", 1), req("c", 1), req("nope", 1)}
	s.commitBatch(batch, newStmtCache(s.w))
	want := []error{nil, ErrConflict, nil, ErrNotFound}
	for i, r := range batch {
		err := <-r.done
		if (want[i] == nil) != (err == nil) || (want[i] != nil && !errors.Is(err, want[i])) {
			t.Errorf("request %d (%s): err = %v, want %v", i, r.tableID, err, want[i])
		}
	}
	active, err := s.LoadActive(ctx)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, at := range active {
		counts[at.ID] = len(at.Actions)
	}
	if want := map[string]int{"a": 1, "b": 1, "c": 1}; !reflect.DeepEqual(counts, want) {
		t.Errorf("actions per table = %v, want %v", counts, want)
	}
}

// TestCommitBatchFailureReachesEveryWaiter breaks the database under a batch: every request in
// it gets the error.
func TestCommitBatchFailureReachesEveryWaiter(t *testing.T) {
	s := openSQLiteForTest(t)
	if err := s.w.Close(); err != nil {
		t.Fatal(err)
	}
	batch := []*appendReq{
		{tableID: "a", actions: []Action{{Seq: 1}}, done: make(chan error, 1)},
		{tableID: "b", actions: []Action{{Seq: 1}}, done: make(chan error, 1)},
	}
	s.commitBatch(batch, newStmtCache(s.w))
	for _, r := range batch {
		if err := <-r.done; err == nil {
			t.Errorf("request %s: err = nil, want the batch's error", r.tableID)
		}
	}
}

// TestGroupCommit checks that concurrent appenders share transactions.
func TestGroupCommit(t *testing.T) {
	const tables, perTable = 64, 20
	ctx := context.Background()
	s := openSQLiteForTest(t)
	for i := range tables {
		if err := s.CreateTable(ctx, Table{ID: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	before := s.commits.Load()
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			for seq := int64(1); seq <= perTable; seq++ {
				if err := s.AppendActions(ctx, fmt.Sprint(i), []Action{{Seq: seq}}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	commits := s.commits.Load() - before
	t.Logf("%d appends in %d commits (%.1f per commit)", tables*perTable, commits, float64(tables*perTable)/float64(commits))
	if commits*4 > tables*perTable {
		t.Errorf("%d appends took %d commits; want at least 4 appends per commit on average", tables*perTable, commits)
	}
}

// TestPostgresSessionEndsAreUnavailable: PostgreSQL's errors for a session it ended (a
// transaction idle past idle_in_transaction_session_timeout, as a referee paused with SIGSTOP in
// one leaves it; an idle session; a transaction past transaction_timeout), for a read-only
// session (25006: a standby, a failover) and for a server out of disk, memory or connections
// (53xxx: an operator's trial answered CreateTable Internal) are ErrUnavailable, to
// be tried again, not an Internal error: TestSharedRefereesDatabaseOutage's CreateTable through a
// paused referee was answered "Internal: … terminating connection due to idle-in-transaction
// timeout (SQLSTATE 25P03)".
func TestPostgresSessionEndsAreUnavailable(t *testing.T) {
	for _, code := range []string{"25P03", "57P05", "25P04", "57P01", "08006", "25006", "53100", "53200", "53300"} {
		err := fmt.Errorf("store: create table: %w", &pgconn.PgError{Severity: "FATAL", Code: code})
		if got := postgresDialect.classify(err); got != ErrUnavailable {
			t.Errorf("SQLSTATE %s: %v, want ErrUnavailable", code, got)
		}
	}
	if got := postgresDialect.classify(&pgconn.PgError{Code: "42P01"}); got != nil { // undefined_table: a bug, not an outage
		t.Errorf("SQLSTATE 42P01: %v, want nil", got)
	}
}

// TestSQLiteFullIsUnavailable: a write to a SQLite file that cannot grow (a full disk; here
// max_page_count) is ErrUnavailable, to be tried again once there is room: an operator's trial
// on a full tmpfs had CreateTable answered Internal "database or disk is full (13)". The room
// made, the next write succeeds.
func TestSQLiteFullIsUnavailable(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteForTest(t)
	var pages int
	if err := s.w.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	var err error
	for i := 0; err == nil && i < 10000; i++ {
		err = s.CreateTable(ctx, Table{ID: fmt.Sprintf("t-%d", i), Spec: make([]byte, 512)})
	}
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CreateTable on a full file: %v, want ErrUnavailable", err)
	}
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", 10*pages)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, Table{ID: "after"}); err != nil {
		t.Fatalf("CreateTable once there is room: %v", err)
	}
}

// TestSQLiteFileSizeLimitIsUnavailable: a write refused by the file-size limit (RLIMIT_FSIZE: a
// shell's ulimit -f, a quota) is an I/O error, SQLITE_IOERR_WRITE, which was answered Internal (an
// outside trial); it is ErrUnavailable like a full disk, and the next write succeeds once the
// limit is raised. Not parallel: the limit is the whole process's.
func TestSQLiteFileSizeLimitIsUnavailable(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteForTest(t)
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
		t.Fatal(err)
	}
	limit := was
	limit.Cur = 4 << 20 // the file and its WAL are far smaller after the migrations
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	restore := sync.OnceFunc(func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
			t.Fatal(err)
		}
	})
	defer restore()
	var err error
	for i := 0; err == nil && i < 1000; i++ {
		err = s.CreateTable(ctx, Table{ID: fmt.Sprintf("t-%d", i), Spec: make([]byte, 64<<10)})
	}
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CreateTable past the file-size limit: %v, want ErrUnavailable", err)
	}
	restore()
	if err := s.CreateTable(ctx, Table{ID: "after"}); err != nil {
		t.Fatalf("CreateTable once the limit is raised: %v", err)
	}
}
