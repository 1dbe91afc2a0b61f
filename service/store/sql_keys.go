package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

const keyColumns = "id, hash, name, role, owner, creator, created_at, revoked_at"

func scanKey(sc rowScanner) (Key, error) {
	var (
		k       Key
		created int64
		revoked sql.NullInt64
	)
	if err := sc.Scan(&k.ID, &k.Hash, &k.Name, &k.Role, &k.Owner, &k.Creator, &created, &revoked); err != nil {
		return Key{}, err
	}
	k.CreatedAt = fromMicros(created)
	if revoked.Valid {
		k.RevokedAt = fromMicros(revoked.Int64)
	}
	return k, nil
}

// checkKey validates a key to create and fills CreatedAt.
func checkKey(k *Key, now func() time.Time) error {
	if k.ID == "" {
		return fmt.Errorf("store: create key: empty id: %w", ErrInvalid)
	}
	if len(k.Hash) != 32 {
		return fmt.Errorf("store: create key %q: hash of %d bytes, want 32 (SHA-256): %w", k.ID, len(k.Hash), ErrInvalid)
	}
	if k.CreatedAt.IsZero() {
		k.CreatedAt = now()
	}
	return nil
}

// CreateKey implements [KeyStore.CreateKey]: one SQLite file has one writer, whose
// transactions run one at a time.
func (s *sqlStore) CreateKey(ctx context.Context, k Key, free func([]Key) error) error {
	return s.createKey(ctx, k, free, nil)
}

// keysLockClass is the first key of the PostgreSQL advisory lock that serialises CreateKey
// calls (the second is the hash of the store's schema, as compactLockClass's): a key space of
// its own among the database's advisory locks, as quotaLockClass.
const keysLockClass = 0x627a716b // "bzqk"

// CreateKey implements [KeyStore.CreateKey]: the transaction takes the advisory lock
// keysLockClass before it reads the keys, so that the calls of every referee sharing the
// database run one after another.
func (s *pgStore) CreateKey(ctx context.Context, k Key, free func([]Key) error) error {
	return s.createKey(ctx, k, free, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema()))", keysLockClass)
		return err
	})
}

// createKey stores k in one transaction that takes lock first (when not nil), then reads every
// key and runs free on them (when not nil): free's error, returned as it is, stores nothing.
func (s *sqlStore) createKey(ctx context.Context, k Key, free func([]Key) error, lock func(*sql.Tx) error) error {
	if s.isClosed() {
		return fmt.Errorf("store: create key: %w", ErrClosed)
	}
	if err := checkKey(&k, s.now); err != nil {
		return err
	}
	op := fmt.Sprintf("create key %q", k.ID)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit: sql.ErrTxDone, ignored
	if lock != nil {
		if err := lock(tx); err != nil {
			return s.wrap(op, err)
		}
	}
	if free != nil {
		keys, err := listKeys(ctx, tx)
		if err != nil {
			return s.wrap(op, err)
		}
		if err := free(keys); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.rebind("INSERT INTO api_keys ("+keyColumns+") VALUES (?, ?, ?, ?, ?, ?, ?, NULL)"),
		k.ID, k.Hash, k.Name, k.Role, k.Owner, k.Creator, micros(k.CreatedAt)); err != nil {
		return s.wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// getKey reads one key by a unique column.
func (s *sqlStore) getKey(ctx context.Context, op, column string, value any) (Key, error) {
	if s.isClosed() {
		return Key{}, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	k, err := scanKey(s.r.QueryRowContext(ctx, s.d.rebind("SELECT "+keyColumns+" FROM api_keys WHERE "+column+" = ?"), value))
	if errors.Is(err, sql.ErrNoRows) {
		return Key{}, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	if err != nil {
		return Key{}, s.wrap(op, err)
	}
	return k, nil
}

// KeyByHash implements [KeyStore.KeyByHash].
func (s *sqlStore) KeyByHash(ctx context.Context, hash []byte) (Key, error) {
	return s.getKey(ctx, "key by hash", "hash", nonNil(hash))
}

// GetKey implements [KeyStore.GetKey].
func (s *sqlStore) GetKey(ctx context.Context, id string) (Key, error) {
	return s.getKey(ctx, fmt.Sprintf("get key %q", id), "id", id)
}

// ListKeys implements [KeyStore.ListKeys].
func (s *sqlStore) ListKeys(ctx context.Context) ([]Key, error) {
	const op = "list keys"
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	out, err := listKeys(ctx, s.r)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// listKeys reads every key through q (the reader pool, or a transaction), oldest first.
func listKeys(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) ([]Key, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+keyColumns+" FROM api_keys ORDER BY created_at, id")
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []Key
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// RevokeKey implements [KeyStore.RevokeKey].
func (s *sqlStore) RevokeKey(ctx context.Context, id string, at time.Time) (Key, error) {
	op := fmt.Sprintf("revoke key %q", id)
	if s.isClosed() {
		return Key{}, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if at.IsZero() {
		at = s.now()
	}
	k, err := scanKey(s.w.QueryRowContext(ctx, s.d.rebind(
		"UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL RETURNING "+keyColumns), micros(at), id))
	if errors.Is(err, sql.ErrNoRows) {
		if _, gerr := s.GetKey(ctx, id); gerr != nil {
			return Key{}, gerr
		}
		return Key{}, fmt.Errorf("store: %s: already revoked: %w", op, ErrConflict)
	}
	if err != nil {
		return Key{}, s.wrap(op, err)
	}
	return k, nil
}

// AppendAudit implements [KeyStore.AppendAudit].
func (s *sqlStore) AppendAudit(ctx context.Context, e AuditEvent) error {
	if s.isClosed() {
		return fmt.Errorf("store: append audit: %w", ErrClosed)
	}
	if e.ID == "" {
		return fmt.Errorf("store: append audit: empty id: %w", ErrInvalid)
	}
	if e.At.IsZero() {
		e.At = s.now()
	}
	_, err := s.w.ExecContext(ctx, s.d.rebind("INSERT INTO audit_events (id, at, principal, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)"),
		e.ID, micros(e.At), e.Principal, e.Action, e.Target, e.Detail)
	if err != nil {
		return s.wrap(fmt.Sprintf("append audit %q", e.ID), err)
	}
	return nil
}

// ListAudit implements [KeyStore.ListAudit].
func (s *sqlStore) ListAudit(ctx context.Context, pageSize int, pageToken string) ([]AuditEvent, string, error) {
	const op = "list audit"
	if s.isClosed() {
		return nil, "", fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	pageSize = clampPageSize(pageSize)
	q := "SELECT id, at, principal, action, target, detail FROM audit_events"
	var args []any
	if pageToken != "" {
		k, err := decodeToken(pageToken, "audit")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		q += " WHERE (at, id) < (?, ?)"
		args = append(args, k.Time, k.ID)
	}
	q += " ORDER BY at DESC, id DESC LIMIT ?"
	args = append(args, pageSize+1)
	rows, err := s.r.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	var out []AuditEvent
	for rows.Next() {
		var (
			e  AuditEvent
			at int64
		)
		if err := rows.Scan(&e.ID, &at, &e.Principal, &e.Action, &e.Target, &e.Detail); err != nil {
			return nil, "", s.wrap(op, err)
		}
		e.At = fromMicros(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, "", s.wrap(op, err)
	}
	out, next := cutPage(out, pageSize, auditKey)
	return out, next, nil
}
