package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect holds what differs between SQLite and PostgreSQL; everything else is shared SQL.
type dialect struct {
	name  string        // "sqlite" or "postgres": also the migrations folder
	goose goose.Dialect // for the migration provider
	// numbered is true when placeholders are $1, $2, ... instead of ?.
	numbered bool
	// classify maps a driver error to ErrConflict, ErrNotFound, ErrLeaseLost or ErrUnavailable,
	// or returns nil.
	classify func(error) error
	// snapshot is the transaction isolation that gives one consistent snapshot to a read transaction.
	snapshot sql.IsolationLevel
}

var sqliteDialect = dialect{
	name:  "sqlite",
	goose: goose.DialectSQLite3,
	classify: func(err error) error {
		var se *sqlite.Error
		if !errors.As(err, &se) {
			return nil
		}
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_UNIQUE:
			return ErrConflict
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return ErrNotFound
		}
		switch se.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED: // another process held the file past the busy timeout
			return ErrUnavailable
		case sqlite3.SQLITE_FULL: // the disk is full: writes succeed again once there is room (answered Internal, an operator's trial)
			return ErrUnavailable
		case sqlite3.SQLITE_IOERR: // a write refused (a file-size limit, a quota, a failing disk): SQLite rolled the transaction back (answered Internal, an outside trial)
			return ErrUnavailable
		}
		return nil
	},
	snapshot: sql.LevelDefault, // a SQLite transaction is already one snapshot
}

var postgresDialect = dialect{
	name:     "postgres",
	goose:    goose.DialectPostgres,
	numbered: true,
	classify: func(err error) error {
		var pe *pgconn.PgError
		if errors.As(err, &pe) {
			switch {
			case pe.Code == "23505": // unique_violation
				return ErrConflict
			case pe.Code == "23503": // foreign_key_violation
				return ErrNotFound
			case pe.Code == leaseLostCode:
				return ErrLeaseLost
			case strings.HasPrefix(pe.Code, "08"), // connection_exception
				pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // admin_shutdown, crash_shutdown, cannot_connect_now
				// The server ended the session: a transaction left idle past the session's
				// idle_in_transaction_session_timeout (a referee paused with SIGSTOP in one, an
				// outside trial's CreateTable answered Internal), or idle_session_timeout and
				// transaction_timeout set by an operator. Nothing of it was committed.
				pe.Code == "25P03", pe.Code == "57P05", pe.Code == "25P04",
				// A read-only session (the URL's host a standby, or default_transaction_read_only
				// set during a failover) and a server out of disk, memory or connections: writes
				// succeed again once it is over (answered Internal, an operator's trial).
				pe.Code == "25006", strings.HasPrefix(pe.Code, "53"):
				return ErrUnavailable
			}
			return nil
		}
		var ce *pgconn.ConnectError
		if errors.As(err, &ce) && !errors.Is(err, context.Canceled) {
			// No connection: refused, reset, or its set-up not done within the connect timeout
			// (PostgresConnectTimeout), a context deadline of pgconn's own, not the caller's.
			// Classified as the caller's, it was answered DEADLINE_EXCEEDED without a RetryInfo,
			// and new bots gave up on a referee that answered (an outside trial, PostgreSQL
			// stopped with SIGSTOP).
			return ErrUnavailable
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil // the caller's context: its own code
		}
		var ne net.Error
		if errors.As(err, &ne) || errors.Is(err, pgconn.ErrConnClosed) ||
			errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return ErrUnavailable
		}
		return nil
	},
	snapshot: sql.LevelRepeatableRead,
}

// rebind rewrites ? placeholders as $1, $2, ... for dialects that number them. The store's
// queries hold no ? inside literals.
func (d dialect) rebind(q string) string {
	if !d.numbered || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// sqliteBusyTimeoutMillis is how long a SQLite connection waits for another process's lock.
const sqliteBusyTimeoutMillis = 5000

// openSQLite opens the SQLite file at path with two pools: one connection for every write (SQLite
// has a single writer, so writes queue in Go rather than on SQLITE_BUSY) and a few read-only
// connections, which WAL lets read while the writer commits. It first takes the store's lock
// (lockSQLite; ErrLocked when another referee holds it). The data directory is created with mode
// 0700 and the database with 0600 (an existing database, -wal and -shm are set to 0600): they hold
// seat tokens and the seeds of games in play. SQLite gives the -wal and -shm files it creates the
// mode of the database.
func openSQLite(ctx context.Context, path string, up bool) (_ Store, err error) {
	if path == "" {
		return nil, fmt.Errorf("store: open sqlite: empty path: %w", ErrInvalid)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: open sqlite: create data dir: %w", err)
		}
	}
	unlock, err := lockSQLite(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = unlock()
		}
	}()
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	_ = f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := restrict(p); err != nil {
			return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
		}
	}
	common := "_busy_timeout=" + strconv.Itoa(sqliteBusyTimeoutMillis) +
		"&_foreign_keys=1&_synchronous=FULL"
	// The writer sets WAL (persistent in the file) and takes the write lock at BEGIN.
	w, err := sql.Open("sqlite", sqliteURI(path, common+"&_journal_mode=WAL&_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		_ = w.Close()
		return nil, damaged(path, err)
	}
	// Migrate before the readers open, so the file exists and is in WAL mode.
	migration, err := migrate(ctx, sqliteDialect, w, up)
	if err != nil {
		_ = w.Close()
		return nil, damaged(path, err)
	}
	r, err := sql.Open("sqlite", sqliteURI(path, common+"&_query_only=1"))
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	st := newSQLStore(sqliteDialect, w, r)
	st.unlock = unlock
	st.migration = migration
	return st, nil
}

// sqliteURI is the SQLite URI filename of the file at path with the query parameters query:
// "file:" and path, its '%', '?' and '#' percent-encoded, for SQLite would read them as an
// escape, the start of the query and of a fragment: a path such as "games#2/bezique.db" opened
// the file "games" (and its lock, PATH.lock, locked another file than the database).
func sqliteURI(path, query string) string {
	return "file:" + uriPathEscaper.Replace(path) + "?" + query
}

// uriPathEscaper percent-encodes the characters of a path that a URI filename reads otherwise.
var uriPathEscaper = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// openPostgres opens a PostgreSQL database through pgx's database/sql driver. One pool serves
// reads and writes. Every session of the pool carries the store's lease owner id and the lease
// TTL as the settings bezique.lease_owner and bezique.lease_ttl, which the lease triggers read
// (postgres/00004_leases.sql): several referees share the database, each writing only the tables
// and tournaments it holds the lease of (lease.go). Errors name the database by its URL without
// the password (Redact). Every session also carries idle_in_transaction_session_timeout,
// LeaseTTL: a referee cut from the database in the middle of a transaction (a partition, where
// no FIN reaches the server) would otherwise leave its session idle in it, holding its locks (the
// lease rows its writes checked, which TakeExpired skips) until the server's TCP keepalive gives
// up, two hours and more by default, and its tables could not be taken over meanwhile. Every
// transaction of the store runs its statements back to back, so a live one is never idle that
// long. Its connections are dialled by postgresDialer, so that a server that vanishes from the
// network fails the store's calls with ErrUnavailable within seconds (PostgresUserTimeout).
// Migrations run in sessions of their own (migratePostgres).
func openPostgres(ctx context.Context, url string, up bool) (Store, error) {
	redacted := Redact(url)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", redacted, err)
	}
	if cfg.ConnectTimeout <= 0 {
		// pgconn bounds the whole set-up (TCP, TLS, start-up) by ConnectTimeout only: the
		// dialer's own timeout bounds the TCP handshake alone, and a server that accepted the
		// connection and never answered its start-up (stopped with SIGSTOP, a start-up
		// message lost) held the connection, and its pool slot, for ever.
		cfg.ConnectTimeout = PostgresConnectTimeout
	}
	cfg.DialFunc = postgresDialer(cfg.ConnectTimeout)
	owner := newOwnerID()
	cfg.RuntimeParams["bezique.lease_owner"] = owner
	cfg.RuntimeParams["bezique.lease_ttl"] = leaseTTLSetting()
	cfg.RuntimeParams["idle_in_transaction_session_timeout"] = strconv.FormatInt(LeaseTTL.Milliseconds(), 10)
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: open postgres %s: %w", redacted, err)
	}
	migration, err := migratePostgres(ctx, cfg, up)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	st := newSQLStore(postgresDialect, db, db)
	st.migration = migration
	return &pgStore{sqlStore: st, owner: owner}, nil
}

// migratePostgres applies the pending migrations through sessions of a pool of their own, made
// from cfg, whose lock_timeout is MigrationLockTimeout: a migration that alters a table takes an
// ACCESS EXCLUSIVE lock, which waits for every transaction reading the table (a pg_dump's holds
// its ACCESS SHARE lock for the whole dump), and every other session's read or write of that
// table queues behind the waiting ALTER. Without the timeout, a referee of a new version started
// during a dump stopped every referee's writes to the table until the dump ended (a game's
// actions among them). With it, the migration gives up (ErrMigrationLocked) and the referee's
// start tries again (bezique-referee --store-wait).
func migratePostgres(ctx context.Context, cfg *pgx.ConnConfig, up bool) (Migration, error) {
	mcfg := cfg.Copy()
	mcfg.RuntimeParams["lock_timeout"] = strconv.FormatInt(MigrationLockTimeout.Milliseconds(), 10)
	db := stdlib.OpenDB(*mcfg)
	defer func() { _ = db.Close() }()
	m, err := migrate(ctx, postgresDialect, db, up)
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "55P03" { // lock_not_available
		return m, fmt.Errorf("%w: %w", ErrMigrationLocked, err)
	}
	return m, err
}
