package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

// ErrLeaseLost is returned (wrapped) by a write of a PostgreSQL store to a table or tournament
// whose lease this store does not hold: another referee took it over (or it ended). The write
// changed nothing. A referee that gets it must stop the table: its new owner plays it.
var ErrLeaseLost = errors.New("store: lease held by another referee")

// LeaseTTL is how long a lease lasts without renewal: a referee that dies has its tables taken
// over by the others between LeaseTTL and LeaseTTL plus one scan (a second) later. Owners renew
// every LeaseRenewEvery.
const (
	LeaseTTL        = 5 * time.Second
	LeaseRenewEvery = time.Second
)

// LeaseKind names what a lease is for: a table or a tournament.
type LeaseKind string

// The kinds of lease.
const (
	LeaseTable      LeaseKind = "table"
	LeaseTournament LeaseKind = "tournament"
)

// Lease is one lease as its owner sees it.
type Lease struct {
	// Kind and ID name the table or tournament.
	Kind LeaseKind
	ID   string
	// Epoch is the fencing token: 1 at creation, one more at every takeover. Every action is
	// stored with the epoch of the lease that wrote it.
	Epoch int64
}

// Holder is who holds a lease, as [Leaser.Holder] reads it.
type Holder struct {
	// Owner is the holding referee's owner id ([Leaser.Owner]); Address is the address it
	// advertised ([Leaser.Advertise]), "" if it advertised none.
	Owner, Address string
	// Epoch is the lease's epoch.
	Epoch int64
	// Expired is true when the lease has not been renewed within LeaseTTL: its owner is gone
	// and another referee is about to take it over.
	Expired bool
}

// Leaser is implemented by a store that several referees share: the PostgreSQL store. Each
// waiting or playing table and each running tournament is owned by one referee through a lease
// row (owner, epoch, expiry by PostgreSQL's clock). The store's database triggers give a table
// or tournament its lease when it is created (the creating referee owns it), check on every
// write of it (an action appended, the table or tournament updated or finished, a tournament
// game added) that the writing store holds the lease (else [ErrLeaseLost]), and drop the lease
// when it ends. [Store.LoadActive] of a Leaser returns the tables it holds, which it takes over
// with [Leaser.TakeExpired] first, as many as its referee may hold. The SQLite and memory stores are not Leasers: one referee each.
type Leaser interface {
	// Owner is this store's owner id: its host name and a random suffix, new at every Open, so
	// that a restarted referee never mistakes its former life's leases for its own.
	Owner() string
	// Advertise records the address at which other referees reach this one (host:port), for
	// [Leaser.Holder]. The leases of a former referee at the same address (this one before a
	// restart) expire at once.
	Advertise(ctx context.Context, address string) error
	// RenewLeases extends every lease this store holds to LeaseTTL from now and returns them.
	// A table or tournament the referee runs whose lease is not among them has been taken over:
	// the referee must stop it. It stamps the referee's row seen, and writes it back with the
	// address given to Advertise if it was forgotten meanwhile; ErrInvalid before Advertise.
	RenewLeases(ctx context.Context) ([]Lease, error)
	// TakeExpired takes over at most limit expired leases of kind, each with one conditional
	// UPDATE (the epoch incremented, the expiry LeaseTTL from now; rows being written are
	// skipped), and returns them.
	TakeExpired(ctx context.Context, kind LeaseKind, limit int) ([]Lease, error)
	// LoadTables returns the tables of ids that are still waiting or playing, each with its
	// whole action log, as [Store.LoadActive] does: the tables just taken over.
	LoadTables(ctx context.Context, ids []string) ([]ActiveTable, error)
	// Release ends this store's leases of kind and ids at once (all of them when ids is empty),
	// so that other referees take them over at their next scan rather than after LeaseTTL.
	Release(ctx context.Context, kind LeaseKind, ids ...string) error
	// Holder returns who holds the lease of a table or tournament: ErrNotFound when it has no
	// lease (it does not exist or has ended).
	Holder(ctx context.Context, kind LeaseKind, id string) (Holder, error)
	// Holders is Holder for many tables or tournaments of kind in one query: who holds the lease
	// of each of ids that has one, by id (an id without a lease is absent).
	Holders(ctx context.Context, kind LeaseKind, ids []string) (map[string]Holder, error)
	// IsReferee reports whether owner is the owner id ([Leaser.Owner]) of one of this store's
	// referees: one that has advertised here ([Leaser.Advertise]) and not closed since. A referee
	// started on a restored copy of this store is not one: it advertised in the copy.
	IsReferee(ctx context.Context, owner string) (bool, error)
	// CreateTableWithin stores a new table as [Store.CreateTable] does, counted against q.Key,
	// unless that would go beyond q's limits as counted over every referee sharing the store:
	// then it stores nothing and returns a [*QuotaExceededError]. With q.Key "" it is
	// CreateTable.
	CreateTableWithin(ctx context.Context, t Table, q Quota) error
}

// pgStore is the PostgreSQL [Store]: the shared SQL store, and a [Leaser].
type pgStore struct {
	*sqlStore
	owner string
	// advertised is the address given to Advertise, which RenewLeases writes back into the
	// referee's row if that row was deleted (forgetGoneReferees); nil before Advertise.
	advertised atomic.Pointer[string]
}

var _ Leaser = (*pgStore)(nil)

// newOwnerID returns a new owner id: the host name and 8 random hex digits.
func newOwnerID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return host + "-" + hex.EncodeToString(b)
}

// leaseTTLSetting is LeaseTTL as the interval text of the session setting bezique.lease_ttl.
func leaseTTLSetting() string {
	return strconv.FormatInt(LeaseTTL.Milliseconds(), 10) + " milliseconds"
}

// Owner implements [Leaser.Owner].
func (s *pgStore) Owner() string { return s.owner }

// Advertise implements [Leaser.Advertise]. A referee that advertised the same address before is
// a former life of this one (two live referees cannot listen on one address): its leases expire
// at once, so that a referee restarted in place takes its tables back at start, as a lone
// referee does, rather than LeaseTTL later.
func (s *pgStore) Advertise(ctx context.Context, address string) (err error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap("advertise", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if address != "" {
		if _, err = tx.ExecContext(ctx, "UPDATE leases SET expires_at = '-infinity' WHERE owner IN "+
			"(SELECT owner FROM referees WHERE address = $1 AND owner <> $2)", address, s.owner); err != nil {
			return s.wrap("advertise", err)
		}
		if _, err = tx.ExecContext(ctx, "DELETE FROM referees WHERE address = $1 AND owner <> $2", address, s.owner); err != nil {
			return s.wrap("advertise", err)
		}
	}
	if _, err = tx.ExecContext(ctx, "INSERT INTO referees (owner, address) VALUES ($1, $2) "+
		"ON CONFLICT (owner) DO UPDATE SET address = EXCLUDED.address, seen_at = now()", s.owner, address); err != nil {
		return s.wrap("advertise", err)
	}
	if err = tx.Commit(); err != nil {
		return s.wrap("advertise", err)
	}
	s.advertised.Store(&address)
	return nil
}

// RenewLeases implements [Leaser.RenewLeases].
func (s *pgStore) RenewLeases(ctx context.Context) ([]Lease, error) {
	if s.isClosed() {
		return nil, fmt.Errorf("store: renew leases: %w", ErrClosed)
	}
	// The referee's row is stamped seen too (for forgetGoneReferees), in the same statement, and
	// written back with the advertised address if it was deleted: a referee cut from the database
	// for goneAfter with no lease was forgotten, and once back, the tables it made had leases that
	// named no address (every call through another referee Unavailable for as long as it ran).
	if s.advertised.Load() == nil {
		return nil, fmt.Errorf("store: renew leases: %w: Advertise first", ErrInvalid)
	}
	rows, err := s.w.QueryContext(ctx, "WITH seen AS (INSERT INTO referees (owner, address) VALUES ($1, $3) "+
		"ON CONFLICT (owner) DO UPDATE SET seen_at = now()) "+
		"UPDATE leases SET expires_at = now() + $2::interval WHERE owner = $1 RETURNING kind, id, epoch",
		s.owner, leaseTTLSetting(), *s.advertised.Load())
	return s.scanLeases("renew leases", rows, err)
}

// TakeExpired implements [Leaser.TakeExpired].
func (s *pgStore) TakeExpired(ctx context.Context, kind LeaseKind, limit int) ([]Lease, error) {
	if s.isClosed() {
		return nil, fmt.Errorf("store: take expired leases: %w", ErrClosed)
	}
	rows, err := s.w.QueryContext(ctx, "UPDATE leases l SET owner = $1, epoch = l.epoch + 1, expires_at = now() + $2::interval "+
		"FROM (SELECT kind, id FROM leases WHERE kind = $3 AND expires_at < now() ORDER BY expires_at, id LIMIT $4 FOR UPDATE SKIP LOCKED) x "+
		"WHERE l.kind = x.kind AND l.id = x.id AND l.expires_at < now() RETURNING l.kind, l.id, l.epoch",
		s.owner, leaseTTLSetting(), string(kind), limit)
	return s.scanLeases("take expired leases", rows, err)
}

func (s *pgStore) scanLeases(op string, rows *sql.Rows, err error) ([]Lease, error) {
	if err != nil {
		return nil, s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	var out []Lease
	for rows.Next() {
		var l Lease
		var kind string
		if err := rows.Scan(&kind, &l.ID, &l.Epoch); err != nil {
			return nil, s.wrap(op, err)
		}
		l.Kind = LeaseKind(kind)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// LoadActive implements [Store.LoadActive] for referees that share the database: it returns the
// active tables whose lease this store holds (taken over with TakeExpired before, as many as the
// referee may hold: it took every expired lease, beyond the referee's --max-tables).
func (s *pgStore) LoadActive(ctx context.Context) ([]ActiveTable, error) {
	return s.loadActive(ctx, "t.id IN (SELECT id FROM leases WHERE kind = 'table' AND owner = ?)", s.owner)
}

// LoadTables implements [Leaser.LoadTables].
func (s *pgStore) LoadTables(ctx context.Context, ids []string) ([]ActiveTable, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	return s.loadActive(ctx, "t.id = ANY(?)", ids)
}

// Release implements [Leaser.Release].
func (s *pgStore) Release(ctx context.Context, kind LeaseKind, ids ...string) error {
	q := "UPDATE leases SET expires_at = '-infinity' WHERE owner = $1 AND kind = $2"
	args := []any{s.owner, string(kind)}
	if len(ids) > 0 {
		q += " AND id = ANY($3)"
		args = append(args, ids)
	}
	if _, err := s.w.ExecContext(ctx, q, args...); err != nil {
		return s.wrap("release leases", err)
	}
	return nil
}

// Holder implements [Leaser.Holder].
func (s *pgStore) Holder(ctx context.Context, kind LeaseKind, id string) (Holder, error) {
	var h Holder
	err := s.r.QueryRowContext(ctx, "SELECT l.owner, coalesce(r.address, ''), l.epoch, l.expires_at < now() "+
		"FROM leases l LEFT JOIN referees r ON r.owner = l.owner WHERE l.kind = $1 AND l.id = $2", string(kind), id).
		Scan(&h.Owner, &h.Address, &h.Epoch, &h.Expired)
	if errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("store: lease of %s %q: %w", kind, id, ErrNotFound)
	}
	if err != nil {
		return h, s.wrap(fmt.Sprintf("lease of %s %q", kind, id), err)
	}
	return h, nil
}

// Holders implements [Leaser.Holders].
func (s *pgStore) Holders(ctx context.Context, kind LeaseKind, ids []string) (map[string]Holder, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT l.id, l.owner, coalesce(r.address, ''), l.epoch, l.expires_at < now() "+
		"FROM leases l LEFT JOIN referees r ON r.owner = l.owner WHERE l.kind = $1 AND l.id = ANY($2)", string(kind), ids)
	if err != nil {
		return nil, s.wrap(fmt.Sprintf("leases of %d %ss", len(ids), kind), err)
	}
	defer rows.Close()
	out := make(map[string]Holder, len(ids))
	for rows.Next() {
		var id string
		var h Holder
		if err := rows.Scan(&id, &h.Owner, &h.Address, &h.Epoch, &h.Expired); err != nil {
			return nil, s.wrap(fmt.Sprintf("leases of %d %ss", len(ids), kind), err)
		}
		out[id] = h
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(fmt.Sprintf("leases of %d %ss", len(ids), kind), err)
	}
	return out, nil
}

// IsReferee implements [Leaser.IsReferee].
func (s *pgStore) IsReferee(ctx context.Context, owner string) (bool, error) {
	var ok bool
	if err := s.r.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM referees WHERE owner = $1)", owner).Scan(&ok); err != nil {
		return false, s.wrap(fmt.Sprintf("referee %q", owner), err)
	}
	return ok, nil
}

// Close releases this store's leases (others take them over at once), removes its advertised
// address, then closes the store.
func (s *pgStore) Close() error {
	if !s.isClosed() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = s.w.ExecContext(ctx, "UPDATE leases SET expires_at = '-infinity' WHERE owner = $1", s.owner)
		_, _ = s.w.ExecContext(ctx, "DELETE FROM referees WHERE owner = $1", s.owner)
	}
	return s.sqlStore.Close()
}

// leaseLostCode is the SQLSTATE the lease triggers raise for a write without the lease.
const leaseLostCode = "BZ001"
