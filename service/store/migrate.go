package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migrationFiles holds the goose migrations: common/ for SQL shared by both dialects, and
// sqlite/ and postgres/ for versions whose SQL must differ.
//
//go:embed migrations
var migrationFiles embed.FS

// migrationFS returns the migrations of dialect d: its own folder merged with common/.
func migrationFS(d dialect) (fs.FS, error) {
	own, err := fs.Sub(migrationFiles, "migrations/"+d.name)
	if err != nil {
		return nil, err
	}
	common, err := fs.Sub(migrationFiles, "migrations/common")
	if err != nil {
		return nil, err
	}
	return mergedFS{own, common}, nil
}

// mergedFS is a flat, read-only union of directories: ReadDir(".") lists every entry of each
// (the first one wins on a repeated name, which goose then sees once), and Open tries each in
// turn. goose refuses two files with one version number, so a version must live either in
// common/ or in each dialect folder, never both.
type mergedFS []fs.FS

func (m mergedFS) Open(name string) (fs.File, error) {
	var first error
	for _, f := range m {
		file, err := f.Open(name)
		if err == nil {
			return file, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

func (m mergedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, f := range m {
		entries, err := fs.ReadDir(f, ".")
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// MigrationLockTimeout bounds how long a PostgreSQL migration waits for a lock on a table it
// alters (PostgreSQL's lock_timeout in the migrations' sessions; migratePostgres): 1 s. Taking
// the lock waits for the transactions that read the table, which on a live deployment last
// milliseconds, but a pg_dump's lasts the whole dump (docs/OPERATIONS.md § Backups).
const MigrationLockTimeout = time.Second

// ErrMigrationLocked is returned (wrapped, with PostgreSQL's error) by [Open] when a migration
// waited MigrationLockTimeout for a lock and gave up; that migration changed nothing (those
// before it, each in its own transaction, stay applied), and opening again later may succeed
// (bezique-referee tries again until its --store-wait).
var ErrMigrationLocked = errors.New("store: a migration gave up waiting for a table lock (a pg_dump or another long transaction reads the table); it changed nothing, try again")

// ErrNewerSchema is returned (wrapped) by [Open] for a database that a newer build migrated: its
// schema version is above every migration this build knows, and this build would read and write
// tables it does not know the shape of (an outside review's older referee served on such a
// database). Nothing is changed.
var ErrNewerSchema = errors.New("store: the database was migrated by a newer build")

// ErrOlderSchema is returned (wrapped) by [OpenCurrent] for a database whose schema is older than
// this build's (or that holds no store: version 0). Nothing is changed.
var ErrOlderSchema = errors.New("store: the database was migrated by an older build")

// migrate applies every pending migration of d to db (without up, it refuses them:
// ErrOlderSchema), and refuses a database at a newer schema version than d's migrations reach
// (ErrNewerSchema). On PostgreSQL a session advisory lock
// keeps two referees starting at once from migrating together; SQLite's single writer
// connection and file lock do the same there.
func migrate(ctx context.Context, d dialect, db *sql.DB, up bool) (Migration, error) {
	fsys, err := migrationFS(d)
	if err != nil {
		return Migration{}, fmt.Errorf("store: migrations: %w", err)
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if d.goose == goose.DialectPostgres {
		// Tried every second, for goose's 5 minutes (300 tries): goose's own 5 s kept the
		// referees that started with the one migrating from listening for 5 s.
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
		if err != nil {
			return Migration{}, fmt.Errorf("store: migrations: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(d.goose, db, fsys, opts...)
	if err != nil {
		return Migration{}, fmt.Errorf("store: migrations: %w", err)
	}
	current, known, err := p.GetVersions(ctx)
	if err != nil {
		return Migration{}, fmt.Errorf("store: migrations: %w", err)
	}
	if current > known {
		return Migration{}, fmt.Errorf("%w: the database's schema is at version %d, this build knows versions up to %d; "+
			"run the newer bezique-referee, or restore the backup taken before the upgrade (docs/OPERATIONS.md § Upgrades)", ErrNewerSchema, current, known)
	}
	switch {
	case !up && current == 0:
		return Migration{}, fmt.Errorf("%w: it holds no store yet (schema version 0); start bezique-referee on it", ErrOlderSchema)
	case !up && current < known:
		return Migration{}, fmt.Errorf("%w: its schema is at version %d, this build's at %d; a command that only reads a store "+
			"does not migrate it (the build that wrote it could no longer open it): read it with that build, or start this "+
			"build's bezique-referee on it, which migrates it (docs/OPERATIONS.md § Upgrades)", ErrOlderSchema, current, known)
	}
	var live []string
	if d.goose == goose.DialectPostgres && current >= leasesVersion && current < known {
		if live, err = liveReferees(ctx, db); err != nil {
			return Migration{}, fmt.Errorf("store: migrations: %w", err)
		}
	}
	applied, err := p.Up(ctx)
	if err != nil && !errors.Is(err, goose.ErrNoNextVersion) {
		return Migration{}, fmt.Errorf("store: migrate %s: %w", d.name, err)
	}
	// The version left is read again: on PostgreSQL another referee may have migrated between
	// GetVersions and the lock that Up takes, and then this one applied nothing (two referees
	// started together both said they had migrated: a soak trial).
	now, err := p.GetDBVersion(ctx)
	if err != nil {
		return Migration{}, fmt.Errorf("store: migrations: %w", err)
	}
	if len(applied) == 0 {
		return Migration{From: now, To: now}, nil
	}
	return Migration{From: current, To: now, Live: live}, nil
}

// leasesVersion is the migration that made the referees table (00004_leases.sql), which every
// referee on PostgreSQL refreshes (seen_at) with its leases, every LeaseRenewal.
const leasesVersion = 4

// liveReferees returns the addresses of the referees seen on db within LeaseTTL, in order.
func liveReferees(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT address FROM referees WHERE seen_at > now() - $1::interval ORDER BY address", leaseTTLSetting())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var live []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		live = append(live, a)
	}
	return live, rows.Err()
}

// Migration is what opening a store found of its schema and left: the versions (the numbers of
// the files under migrations/) before and after; equal when nothing was migrated.
type Migration struct {
	From, To int64
	// Live are the addresses of the referees seen within LeaseTTL when a migration of a
	// PostgreSQL store began: an older build's, running beside the migrated schema, which it goes
	// on writing in its old shape (docs/OPERATIONS.md § Upgrades says to stop them first).
	Live []string
}

// Migrated is a store opened from a database ([Open], [OpenCurrent]): Migration says what its
// opening did to the schema, for the referee's log (a migration left no trace: an upgrade trial).
type Migrated interface {
	Migration() Migration
}

// Migration returns what opening s did to its schema.
func (s *sqlStore) Migration() Migration { return s.migration }
