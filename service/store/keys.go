package store

import (
	"context"
	"time"
)

// Key is one row of the keys table: an API key, stored by the SHA-256 of its secret, never the
// secret itself. Times are UTC, truncated to microseconds.
type Key struct {
	// ID is the key's public id (the principal id); non-empty and unique.
	ID string
	// Hash is the SHA-256 of the key's secret (32 bytes); unique.
	Hash []byte
	// Name names the key; for a bot key, the bot's name in records.
	Name string
	// Role is the key's role as the referee names it ("admin", "organiser", "bot", "watcher").
	Role string
	// Owner is who holds the key.
	Owner string
	// Creator is the principal id that created the key.
	Creator string
	// CreatedAt is when the key was created; [KeyStore.CreateKey] uses the current time when zero.
	CreatedAt time.Time
	// RevokedAt is when the key was revoked; zero while it is valid.
	RevokedAt time.Time
}

// AuditEvent is one row of the audit trail: an operator action, who took it and when.
type AuditEvent struct {
	// ID is the event's id, chosen by the caller; non-empty and unique.
	ID string
	// At is when the action was taken; [KeyStore.AppendAudit] uses the current time when zero.
	At time.Time
	// Principal is the principal id that took the action.
	Principal string
	// Action names the action (for example "table.created").
	Action string
	// Target is the id of the table or key acted on.
	Target string
	// Detail is free text (a cancellation's reason, a key's role and name).
	Detail string
}

// KeyStore keeps API keys and the audit trail. Every [Store] is a KeyStore; errors follow the
// same sentinels.
type KeyStore interface {
	// CreateKey stores a new key once free, called with every key of the store (revoked ones
	// included, oldest first), returns nil; free's error is returned as it is, and nothing is
	// stored. The calls of every store sharing one database run their free and their insert
	// one after another (PostgreSQL: an advisory lock held by the insert's transaction), so
	// that what free refuses (a second key of one name) cannot pass twice at once on two
	// referees. A nil free accepts every key. ErrConflict if its id or hash exists; ErrInvalid
	// for an empty id or a hash that is not 32 bytes.
	CreateKey(ctx context.Context, k Key, free func(keys []Key) error) error
	// KeyByHash returns the key whose secret has this SHA-256, revoked or not, or ErrNotFound.
	KeyByHash(ctx context.Context, hash []byte) (Key, error)
	// GetKey returns the key with this id, or ErrNotFound.
	GetKey(ctx context.Context, id string) (Key, error)
	// ListKeys returns every key, revoked ones included, oldest first (by CreatedAt, then ID).
	ListKeys(ctx context.Context) ([]Key, error)
	// RevokeKey sets a key's RevokedAt to at (the current time when zero) and returns the key.
	// ErrNotFound for an unknown id, ErrConflict if the key is already revoked.
	RevokeKey(ctx context.Context, id string, at time.Time) (Key, error)
	// AppendAudit stores an audit event. ErrInvalid for an empty id, ErrConflict if it exists.
	AppendAudit(ctx context.Context, e AuditEvent) error
	// ListAudit returns up to pageSize audit events, most recent first (by At, then ID, both
	// descending), and the next page token ("" on the last page). ErrInvalid for a malformed
	// page token.
	ListAudit(ctx context.Context, pageSize int, pageToken string) ([]AuditEvent, string, error)
}
