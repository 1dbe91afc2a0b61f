package store

import (
	"bytes"
	"cmp"
	"compress/flate"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultKeepEnded is the number of ended (finished or cancelled) tables [NewMemory] keeps when
// given keepEnded <= 0: the same as service.Config.KeepFinished's default.
const DefaultKeepEnded = 1000

// memStore is the [Store] held in process memory, for a referee with nothing durable.
type memStore struct {
	keep int // ended tables kept

	mu     sync.Mutex
	closed bool
	tables map[string]*memTable
	idem   map[string]string // table ids by idempotency key (Table.IdempotencyKey), while kept
	ended  []string          // ids of the kept ended tables, in the order they ended (oldest first)
	keys   map[string]Key
	audit  []AuditEvent // in the order appended, at most MemoryAuditKeep

	tournaments map[string]*memTournament
}

// memTable is one table with everything stored under it. Its byte slices are the store's own
// copies: they go in and out through clones only.
type memTable struct {
	row     Table // its IdempotencyKey empty, as the SQL stores read it
	idem    string
	actions []Action // ascending Seq
	record  []byte   // the record compressed with DEFLATE (see pack); nil when the table has no record
	bots    []string // sorted, no duplicates
}

// NewMemory returns a [Store] that keeps everything in process memory: nothing survives the
// process, and [Store.AppendActions] returns as soon as the actions are stored. It follows the
// contract of the SQL stores (errors, ordering, page tokens, times truncated to microseconds
// in UTC) except for durability, and copies every slice on the way in and out, so callers
// never share its state. No call waits for anything, so ctx is not consulted.
//
// Retention: so that a referee running for months stays bounded, it keeps at most keepEnded
// ended (finished or cancelled) tables; DefaultKeepEnded when keepEnded <= 0. When
// [Store.FinishTable] ends one table more, the table that ended first (in the order of the
// FinishTable calls, whatever their FinishedAt) is dropped with its actions, record and bot
// names: GetTable and GetRecord then return ErrNotFound for it, and the List methods omit it.
// Waiting and playing tables are never dropped. A kept ended table holds its row, its record and
// its bot names only: its action log, read back by LoadActive alone, is dropped when it ends, and
// its record is kept compressed (DEFLATE: a four-handed game's protojson record of about 100 KB
// is held in about 8 KB). Of the audit trail it keeps the MemoryAuditKeep events appended last;
// keys are never dropped.
func NewMemory(keepEnded int) Store {
	if keepEnded <= 0 {
		keepEnded = DefaultKeepEnded
	}
	return &memStore{keep: keepEnded, tables: map[string]*memTable{}, idem: map[string]string{}, keys: map[string]Key{}, tournaments: map[string]*memTournament{}}
}

// stamp converts t to what the SQL stores read back: UTC, truncated to microseconds.
func stamp(t time.Time) time.Time { return fromMicros(micros(t)) }

// cloneTable returns t with its own copies of Spec and Seed.
func cloneTable(t Table) Table {
	t.Spec = bytes.Clone(t.Spec)
	t.Seed = bytes.Clone(t.Seed)
	return t
}

// lock takes m.mu and reports ErrClosed (with mu released) after Close.
func (m *memStore) lock(op string) error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	return nil
}

// CreateTable implements [Store.CreateTable].
func (m *memStore) CreateTable(_ context.Context, t Table) error {
	if err := m.lock("create table"); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if err := t.checkNew(); err != nil {
		return err
	}
	if _, ok := m.tables[t.ID]; ok {
		return fmt.Errorf("store: create table %q: id exists: %w", t.ID, ErrConflict)
	}
	if _, ok := m.idem[t.IdempotencyKey]; ok && t.IdempotencyKey != "" {
		return fmt.Errorf("store: create table %q: idempotency key exists: %w", t.ID, ErrConflict)
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	row := Table{ID: t.ID, State: t.State, Variant: t.Variant, Spec: bytes.Clone(nonNil(t.Spec)),
		Seed: bytes.Clone(nonNil(t.Seed)), Commitment: t.Commitment, Tournament: t.Tournament, CreatedAt: stamp(t.CreatedAt), WinnerSide: NoWinner}
	row.UpdatedAt = row.CreatedAt
	m.tables[t.ID] = &memTable{row: row, idem: t.IdempotencyKey}
	if t.IdempotencyKey != "" {
		m.idem[t.IdempotencyKey] = t.ID
	}
	return nil
}

// TableByIdempotencyKey implements [Store.TableByIdempotencyKey].
func (m *memStore) TableByIdempotencyKey(_ context.Context, key string) (Table, error) {
	if err := m.lock("get table by idempotency key"); err != nil {
		return Table{}, err
	}
	defer m.mu.Unlock()
	mt, ok := m.tables[m.idem[key]]
	if !ok || key == "" {
		return Table{}, fmt.Errorf("store: get table by idempotency key: %w", ErrNotFound)
	}
	t := cloneTable(mt.row)
	t.IdempotencyKey = key
	return t, nil
}

// GetTable implements [Store.GetTable].
func (m *memStore) GetTable(_ context.Context, id string) (Table, error) {
	if err := m.lock("get table"); err != nil {
		return Table{}, err
	}
	defer m.mu.Unlock()
	mt, ok := m.tables[id]
	if !ok {
		return Table{}, fmt.Errorf("store: get table %q: %w", id, ErrNotFound)
	}
	return cloneTable(mt.row), nil
}

// active returns the table with this id if it is waiting or playing, or the error that
// [Store.UpdateTable] and [Store.FinishTable] return otherwise.
func (m *memStore) active(op, id string) (*memTable, error) {
	mt, ok := m.tables[id]
	if !ok {
		return nil, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	if !mt.row.State.Active() {
		return nil, fmt.Errorf("store: %s: table is %s: %w", op, mt.row.State, ErrConflict)
	}
	return mt, nil
}

// UpdateTable implements [Store.UpdateTable].
func (m *memStore) UpdateTable(_ context.Context, id string, u TableUpdate) error {
	op := fmt.Sprintf("update table %q", id)
	if err := m.lock(op); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if u.State != "" && !u.State.Active() {
		return fmt.Errorf("store: %s: state %q (use FinishTable for terminal states): %w", op, u.State, ErrInvalid)
	}
	mt, err := m.active(op, id)
	if err != nil {
		return err
	}
	mt.row.UpdatedAt = stamp(time.Now())
	if u.State != "" {
		mt.row.State = u.State
	}
	if u.Spec != nil {
		mt.row.Spec = bytes.Clone(u.Spec)
	}
	return nil
}

// AppendActions implements [Store.AppendActions]. The actions are stored when it returns.
func (m *memStore) AppendActions(_ context.Context, tableID string, actions []Action) error {
	if len(actions) == 0 {
		return nil
	}
	op := func() string { return fmt.Sprintf("append actions to table %q", tableID) } // for errors only: this is every action's path
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return fmt.Errorf("store: %s: %w", op(), ErrClosed)
	}
	mt, ok := m.tables[tableID]
	if !ok {
		return fmt.Errorf("store: %s: %w", op(), ErrNotFound)
	}
	if mt.row.State != StateWaiting && mt.row.State != StatePlaying {
		return fmt.Errorf("store: %s: the table is %s: %w", op(), mt.row.State, ErrConflict)
	}
	last := int64(math.MinInt64)
	if n := len(mt.actions); n > 0 {
		last = mt.actions[n-1].Seq
	}
	for _, a := range actions {
		if a.Seq <= last {
			return fmt.Errorf("store: %s: seq %d is not above seq %d: %w", op(), a.Seq, last, ErrConflict)
		}
		last = a.Seq
	}
	recorded := stamp(time.Now())
	for _, a := range actions {
		mt.actions = append(mt.actions, Action{Seq: a.Seq, Seat: a.Seat, Kind: a.Kind, Payload: bytes.Clone(nonNil(a.Payload)), RecordedAt: recorded})
	}
	return nil
}

// FinishTable implements [Store.FinishTable]. Beyond the retention limit it drops the table
// that ended first (see [NewMemory]).
func (m *memStore) FinishTable(_ context.Context, id string, o Outcome) error {
	op := fmt.Sprintf("finish table %q", id)
	if o.State != StateFinished && o.State != StateCancelled {
		return fmt.Errorf("store: %s: state %q is not terminal: %w", op, o.State, ErrInvalid)
	}
	var packed []byte
	if o.Record != nil {
		packed = pack(o.Record) // before the lock: compressing takes milliseconds, the lock is the store's only one
	}
	if err := m.lock(op); err != nil {
		return err
	}
	defer m.mu.Unlock()
	mt, err := m.active(op, id)
	if err != nil {
		return err
	}
	now := stamp(time.Now())
	if o.FinishedAt.IsZero() {
		o.FinishedAt = now
	}
	mt.row.State = o.State
	mt.row.UpdatedAt = now
	mt.row.FinishedAt = stamp(o.FinishedAt)
	mt.row.WinnerSide = o.WinnerSide
	mt.row.Result = o.Result
	mt.row.Scores = o.Scores
	mt.row.Reason = o.Reason
	mt.actions = nil // read back by LoadActive only, which skips ended tables
	if o.Record != nil {
		mt.record = packed
		mt.bots = slices.Compact(slices.Sorted(slices.Values(o.Bots)))
	}
	m.ended = append(m.ended, id)
	for len(m.ended) > m.keep {
		delete(m.idem, m.tables[m.ended[0]].idem)
		delete(m.tables, m.ended[0])
		m.ended[0] = ""
		m.ended = m.ended[1:]
	}
	return nil
}

// LoadActive implements [Store.LoadActive].
func (m *memStore) LoadActive(context.Context) ([]ActiveTable, error) {
	if err := m.lock("load active tables"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var out []ActiveTable
	for _, mt := range m.tables {
		if !mt.row.State.Active() {
			continue
		}
		at := ActiveTable{Table: cloneTable(mt.row)}
		for _, a := range mt.actions {
			a.Payload = bytes.Clone(a.Payload)
			at.Actions = append(at.Actions, a)
		}
		out = append(out, at)
	}
	slices.SortFunc(out, func(a, b ActiveTable) int { return byCreated(a.Table, b.Table) })
	return out, nil
}

// byCreated orders tables as ListTables and LoadActive do: by CreatedAt, then ID.
func byCreated(a, b Table) int {
	return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
}

// GetRecord implements [Store.GetRecord].
func (m *memStore) GetRecord(_ context.Context, tableID string) ([]byte, error) {
	op := fmt.Sprintf("get record %q", tableID)
	if err := m.lock(op); err != nil {
		return nil, err
	}
	mt, ok := m.tables[tableID]
	var packed []byte
	if ok {
		packed = mt.record // never changed once set: read without the lock below
	}
	m.mu.Unlock()
	if packed == nil {
		return nil, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	return unpack(packed)
}

// ListTables implements [Store.ListTables].
func (m *memStore) ListTables(_ context.Context, f TableFilter, pageSize int, pageToken string) ([]Table, string, error) {
	const op = "list tables"
	if err := m.lock(op); err != nil {
		return nil, "", err
	}
	defer m.mu.Unlock()
	if f.State != "" && !f.State.valid() {
		return nil, "", fmt.Errorf("store: %s: state %q: %w", op, f.State, ErrInvalid)
	}
	pageSize = clampPageSize(pageSize)
	var after *pageKey
	if pageToken != "" {
		k, err := decodeToken(pageToken, "tables")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		after = &k
	}
	var out []Table
	for _, mt := range m.tables {
		if f.State != "" && mt.row.State != f.State {
			continue
		}
		if after != nil && cmp.Or(cmp.Compare(micros(mt.row.CreatedAt), after.Time), cmp.Compare(mt.row.ID, after.ID)) <= 0 {
			continue
		}
		out = append(out, mt.row)
	}
	slices.SortFunc(out, byCreated)
	out, next := cutPage(out, pageSize, tableKey)
	for i := range out {
		out[i] = cloneTable(out[i])
	}
	return out, next, nil
}

// ListGames implements [Store.ListGames].
func (m *memStore) ListGames(_ context.Context, f GameFilter, pageSize int, pageToken string) ([]Game, string, error) {
	const op = "list games"
	if err := m.lock(op); err != nil {
		return nil, "", err
	}
	defer m.mu.Unlock()
	pageSize = clampPageSize(pageSize)
	var before *pageKey
	if pageToken != "" {
		k, err := decodeToken(pageToken, "games")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		before = &k
	}
	var out []Game
	for _, mt := range m.tables {
		t := mt.row
		switch {
		case mt.record == nil,
			f.BotName != "" && !slices.Contains(mt.bots, f.BotName),
			f.Variant != "" && t.Variant != f.Variant,
			f.Result != "" && t.Result != f.Result,
			!f.FinishedAfter.IsZero() && micros(t.FinishedAt) < micros(f.FinishedAfter),
			!f.FinishedBefore.IsZero() && micros(t.FinishedAt) >= micros(f.FinishedBefore),
			f.WithoutIDPrefix != "" && strings.HasPrefix(t.ID, f.WithoutIDPrefix),
			before != nil && cmp.Or(cmp.Compare(micros(t.FinishedAt), before.Time), cmp.Compare(t.ID, before.ID)) >= 0:
			continue
		}
		out = append(out, Game{TableID: t.ID, Variant: t.Variant, Result: t.Result, WinnerSide: t.WinnerSide,
			Scores: t.Scores, FinishedAt: t.FinishedAt, Bots: mt.bots})
	}
	slices.SortFunc(out, func(a, b Game) int {
		return cmp.Or(b.FinishedAt.Compare(a.FinishedAt), cmp.Compare(b.TableID, a.TableID))
	})
	out, next := cutPage(out, pageSize, gameKey)
	for i := range out {
		out[i].Bots = slices.Clone(out[i].Bots)
	}
	return out, next, nil
}

// Close implements [Store.Close]: it drops everything stored.
func (m *memStore) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.tables, m.ended, m.keys, m.audit = nil, nil, nil, nil
	return nil
}

// pack compresses a record with DEFLATE (compress/flate, the standard library's), at the default
// level: records are text with many repeated field names.
func pack(b []byte) []byte {
	var out bytes.Buffer
	w := packers.Get().(*flate.Writer)
	w.Reset(&out)
	_, _ = w.Write(b) // a bytes.Buffer does not fail
	_ = w.Close()
	w.Reset(nil)
	packers.Put(w)
	return bytes.Clone(out.Bytes()) // without the buffer's spare capacity
}

// packers holds pack's DEFLATE writers for reuse: a new one allocates some 600 KB (its window and
// hash tables), which at the end of every game was a tenth of all the referee's allocation.
var packers = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.DefaultCompression) // err only for a bad level
	return w
}}

// unpack returns the record pack compressed.
func unpack(b []byte) ([]byte, error) {
	out, err := io.ReadAll(flate.NewReader(bytes.NewReader(b)))
	if err != nil {
		return nil, fmt.Errorf("store: reading a kept record: %w", err)
	}
	return out, nil
}
