package store

import (
	"context"
	"database/sql"

	"github.com/pressly/goose/v3"
)

// MigrateUpTo applies the migrations of the dialect named ("sqlite" or "postgres") to db up to
// version, for tests that make a database of an older schema.
func MigrateUpTo(ctx context.Context, dialectName string, db *sql.DB, version int64) error {
	d := sqliteDialect
	if dialectName == postgresDialect.name {
		d = postgresDialect
	}
	fsys, err := migrationFS(d)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(d.goose, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}

// ClassifyPostgres is the PostgreSQL dialect's classify: the store error err is, or nil.
func ClassifyPostgres(err error) error { return postgresDialect.classify(err) }
