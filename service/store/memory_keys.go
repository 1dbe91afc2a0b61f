package store

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"
)

// MemoryAuditKeep is how many audit events [NewMemory]'s store keeps: appending one more drops
// the oldest appended, so that a long-running referee without a database stays bounded.
const MemoryAuditKeep = 10_000

// CreateKey implements [KeyStore.CreateKey].
func (m *memStore) CreateKey(_ context.Context, k Key, free func([]Key) error) error {
	if err := checkKey(&k, time.Now); err != nil {
		return err
	}
	if err := m.lock("create key"); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if _, ok := m.keys[k.ID]; ok {
		return fmt.Errorf("store: create key %q: id exists: %w", k.ID, ErrConflict)
	}
	for _, o := range m.keys {
		if bytes.Equal(o.Hash, k.Hash) {
			return fmt.Errorf("store: create key %q: hash exists: %w", k.ID, ErrConflict)
		}
	}
	if free != nil {
		if err := free(m.sortedKeys()); err != nil {
			return err
		}
	}
	k.Hash = bytes.Clone(k.Hash)
	k.CreatedAt = stamp(k.CreatedAt)
	m.keys[k.ID] = k
	return nil
}

// cloneKey returns k with its own copy of Hash.
func cloneKey(k Key) Key {
	k.Hash = bytes.Clone(k.Hash)
	return k
}

// KeyByHash implements [KeyStore.KeyByHash]. It scans every key: a referee has few.
func (m *memStore) KeyByHash(_ context.Context, hash []byte) (Key, error) {
	if err := m.lock("key by hash"); err != nil {
		return Key{}, err
	}
	defer m.mu.Unlock()
	for _, k := range m.keys {
		if bytes.Equal(k.Hash, hash) {
			return cloneKey(k), nil
		}
	}
	return Key{}, fmt.Errorf("store: key by hash: %w", ErrNotFound)
}

// GetKey implements [KeyStore.GetKey].
func (m *memStore) GetKey(_ context.Context, id string) (Key, error) {
	op := fmt.Sprintf("get key %q", id)
	if err := m.lock(op); err != nil {
		return Key{}, err
	}
	defer m.mu.Unlock()
	k, ok := m.keys[id]
	if !ok {
		return Key{}, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	return cloneKey(k), nil
}

// ListKeys implements [KeyStore.ListKeys].
func (m *memStore) ListKeys(context.Context) ([]Key, error) {
	if err := m.lock("list keys"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	return m.sortedKeys(), nil
}

// sortedKeys returns a copy of every key, oldest first (by CreatedAt, then ID); m.mu is held.
func (m *memStore) sortedKeys() []Key {
	var out []Key
	for _, k := range m.keys {
		out = append(out, cloneKey(k))
	}
	slices.SortFunc(out, func(a, b Key) int { return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID)) })
	return out
}

// RevokeKey implements [KeyStore.RevokeKey].
func (m *memStore) RevokeKey(_ context.Context, id string, at time.Time) (Key, error) {
	op := fmt.Sprintf("revoke key %q", id)
	if err := m.lock(op); err != nil {
		return Key{}, err
	}
	defer m.mu.Unlock()
	k, ok := m.keys[id]
	switch {
	case !ok:
		return Key{}, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	case !k.RevokedAt.IsZero():
		return Key{}, fmt.Errorf("store: %s: already revoked: %w", op, ErrConflict)
	}
	if at.IsZero() {
		at = time.Now()
	}
	k.RevokedAt = stamp(at)
	m.keys[id] = k
	return cloneKey(k), nil
}

// AppendAudit implements [KeyStore.AppendAudit].
func (m *memStore) AppendAudit(_ context.Context, e AuditEvent) error {
	if err := m.lock("append audit"); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if e.ID == "" {
		return fmt.Errorf("store: append audit: empty id: %w", ErrInvalid)
	}
	if slices.ContainsFunc(m.audit, func(o AuditEvent) bool { return o.ID == e.ID }) {
		return fmt.Errorf("store: append audit %q: id exists: %w", e.ID, ErrConflict)
	}
	if e.At.IsZero() {
		e.At = time.Now()
	}
	e.At = stamp(e.At)
	if len(m.audit) == MemoryAuditKeep {
		m.audit = slices.Delete(m.audit, 0, 1)
	}
	m.audit = append(m.audit, e)
	return nil
}

// ListAudit implements [KeyStore.ListAudit].
func (m *memStore) ListAudit(_ context.Context, pageSize int, pageToken string) ([]AuditEvent, string, error) {
	const op = "list audit"
	if err := m.lock(op); err != nil {
		return nil, "", err
	}
	defer m.mu.Unlock()
	pageSize = clampPageSize(pageSize)
	var before *pageKey
	if pageToken != "" {
		k, err := decodeToken(pageToken, "audit")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		before = &k
	}
	var out []AuditEvent
	for _, e := range m.audit {
		if before != nil && cmp.Or(cmp.Compare(micros(e.At), before.Time), cmp.Compare(e.ID, before.ID)) >= 0 {
			continue
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b AuditEvent) int { return cmp.Or(b.At.Compare(a.At), cmp.Compare(b.ID, a.ID)) })
	out, next := cutPage(out, pageSize, auditKey)
	return out, next, nil
}
