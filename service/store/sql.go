package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// sqlStore is the [Store] over database/sql shared by both dialects.
type sqlStore struct {
	d dialect
	w *sql.DB // writes; for SQLite a single connection
	r *sql.DB // reads; the same pool as w for PostgreSQL

	// mu guards closed; AppendActions holds it for reading while it enqueues, so Close (which
	// holds it for writing) never closes appendCh under a sender.
	mu            sync.RWMutex
	closed        bool
	appendCh      chan *appendReq
	committerDone chan struct{}
	stopCompactor context.CancelFunc // ends compactLoop, which closes compactorDone
	compactorDone chan struct{}

	now func() time.Time
	// unlock releases the SQLite store's lock (lockSQLite) after the databases close; nil for
	// PostgreSQL, shared by referees through leases (lease.go).
	unlock func() error

	// commits counts append transactions committed (batches); for tests.
	commits atomic.Int64
	// migration is what opening the store did to its schema (Migrated).
	migration Migration
}

func newSQLStore(d dialect, w, r *sql.DB) *sqlStore {
	s := &sqlStore{
		d:             d,
		w:             w,
		r:             r,
		appendCh:      make(chan *appendReq, appendQueueLen),
		committerDone: make(chan struct{}),
		now:           time.Now,
	}
	ctx, stop := context.WithCancel(context.Background())
	s.stopCompactor, s.compactorDone = stop, make(chan struct{})
	go s.commitLoop()
	go s.compactLoop(ctx)
	return s
}

// Close implements [Store.Close].
func (s *sqlStore) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.appendCh)
	s.mu.Unlock()
	<-s.committerDone
	s.stopCompactor()
	<-s.compactorDone
	var err error
	if s.r != s.w {
		err = s.r.Close()
	}
	err = errors.Join(err, s.w.Close())
	if s.unlock != nil {
		err = errors.Join(err, s.unlock())
	}
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

func (s *sqlStore) isClosed() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.closed
}

// wrap returns err wrapped with op and, when the driver error is a constraint violation, with
// the matching sentinel.
func (s *sqlStore) wrap(op string, err error) error {
	if sentinel := s.d.classify(err); sentinel != nil {
		return fmt.Errorf("store: %s: %w: %w", op, sentinel, err)
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// micros converts t to the stored form: microseconds since the Unix epoch.
func micros(t time.Time) int64 { return t.UnixMicro() }

// fromMicros converts a stored time back to UTC.
func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// nonNil returns b, or an empty slice for nil, since drivers bind a nil []byte as NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

const tableColumns = "id, created_at, updated_at, state, variant, spec, seed, commitment, finished_at, winner_side, result, scores, tournament_id, end_reason"

type rowScanner interface{ Scan(dest ...any) error }

func scanTable(sc rowScanner) (Table, error) {
	var (
		t                Table
		created, updated int64
		state            string
		finished, winner sql.NullInt64
		result, scores   sql.NullString
		tournament       sql.NullString
	)
	if err := sc.Scan(&t.ID, &created, &updated, &state, &t.Variant, &t.Spec, &t.Seed, &t.Commitment,
		&finished, &winner, &result, &scores, &tournament, &t.Reason); err != nil {
		// A value that does not convert (a scan reads a fetched row: not a database failure):
		// the row is returned with what of it reads (scanUnreadable), so that one bad row does
		// not fail a listing or the referee's start.
		return scanUnreadable(sc, err)
	}
	t.State = State(state)
	t.CreatedAt = fromMicros(created)
	t.UpdatedAt = fromMicros(updated)
	if finished.Valid {
		t.FinishedAt = fromMicros(finished.Int64)
	}
	t.WinnerSide = NoWinner
	if winner.Valid {
		t.WinnerSide = int(winner.Int64)
	}
	t.Result = result.String
	t.Scores = scores.String
	t.Tournament = tournament.String
	return t, nil
}

// scanUnreadable scans again, one column at a time, a row that scanTable could not read (why:
// err): its id, its created_at (its place in a listing: a page ending on it gives the next page's
// token) and, when its state reads as ended, its state, finished_at, result and end_reason, each
// when it reads; the other columns are skipped. A row whose id does not read is err.
func scanUnreadable(sc rowScanner, err error) (Table, error) {
	names := strings.Split(tableColumns, ", ")
	column := func(name string, dest any) bool {
		cols := make([]any, len(names))
		for j := range cols {
			cols[j] = new(any)
		}
		cols[slices.Index(names, name)] = dest
		return sc.Scan(cols...) == nil
	}
	t := Table{WinnerSide: NoWinner}
	if !column("id", &t.ID) {
		return Table{}, err
	}
	var (
		created, finished sql.NullInt64
		state             string
		result, reason    sql.NullString
	)
	if column("created_at", &created) && created.Valid {
		t.CreatedAt = fromMicros(created.Int64)
	}
	if column("state", &state) && State(state).Ended() {
		t.State = State(state)
		if column("finished_at", &finished) && finished.Valid {
			t.FinishedAt = fromMicros(finished.Int64)
		}
		if column("result", &result) {
			t.Result = result.String
		}
		if column("end_reason", &reason) {
			t.Reason = reason.String
		}
	}
	t.Unreadable = fmt.Errorf("table %s: unreadable stored row: %w", t.ID, err)
	return t, nil
}

// CreateTable implements [Store.CreateTable].
func (s *sqlStore) CreateTable(ctx context.Context, t Table) error {
	return s.createTable(ctx, t, "", nil)
}

// createTable stores a new table as CreateTable does, counted against quotaKey ("" for none), and
// runs check first in the same transaction: its error, returned as it is, stores nothing.
func (s *sqlStore) createTable(ctx context.Context, t Table, quotaKey string, check func(*sql.Tx) error) error {
	if s.isClosed() {
		return fmt.Errorf("store: create table: %w", ErrClosed)
	}
	if err := t.checkNew(); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = s.now()
	}
	created := micros(t.CreatedAt)
	op := fmt.Sprintf("create table %q", t.ID)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit: sql.ErrTxDone, ignored
	if check != nil {
		if err := check(tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.rebind(
		"INSERT INTO tables (id, created_at, updated_at, state, variant, spec, seed, commitment, tournament_id, quota_key, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
		t.ID, created, created, string(t.State), t.Variant, nonNil(t.Spec), nonNil(t.Seed), t.Commitment,
		sql.NullString{String: t.Tournament, Valid: t.Tournament != ""}, sql.NullString{String: quotaKey, Valid: quotaKey != ""},
		sql.NullString{String: t.IdempotencyKey, Valid: t.IdempotencyKey != ""}); err != nil {
		return s.wrap(op, err)
	}
	// The table's head: no seq stored yet, and its actions will come after every id so far.
	if _, err := tx.ExecContext(ctx, s.d.rebind(
		"INSERT INTO action_heads (table_id, first_id, last_seq) SELECT ?, coalesce(max(id), 0) + 1, 0 FROM actions"), t.ID); err != nil {
		return s.wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// GetTable implements [Store.GetTable].
func (s *sqlStore) GetTable(ctx context.Context, id string) (Table, error) {
	if s.isClosed() {
		return Table{}, fmt.Errorf("store: get table: %w", ErrClosed)
	}
	return s.tableWhere(ctx, fmt.Sprintf("get table %q", id), "id", id)
}

// tableWhere returns the table whose column is value (a unique one), or ErrNotFound; op names
// the read in errors.
func (s *sqlStore) tableWhere(ctx context.Context, op, column, value string) (Table, error) {
	rows, err := s.r.QueryContext(ctx, s.d.rebind("SELECT "+tableColumns+" FROM tables WHERE "+column+" = ?"), value)
	if err != nil {
		return Table{}, s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Table{}, s.wrap(op, err)
		}
		return Table{}, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	t, err := scanTable(rows) // rows, not a Row: an unreadable row is scanned again for its id
	if err != nil {
		return Table{}, s.wrap(op, err)
	}
	return t, nil
}

// TableByIdempotencyKey implements [Store.TableByIdempotencyKey].
func (s *sqlStore) TableByIdempotencyKey(ctx context.Context, key string) (Table, error) {
	if s.isClosed() {
		return Table{}, fmt.Errorf("store: get table by idempotency key: %w", ErrClosed)
	}
	t, err := s.tableWhere(ctx, "get table by idempotency key", "idempotency_key", key)
	if err == nil {
		t.IdempotencyKey = key
	}
	return t, err
}

// endedOrMissing tells, after an UPDATE of an active table matched no row, whether the table is
// missing (ErrNotFound) or already ended (ErrConflict).
func endedOrMissing(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, d dialect, id string) error {
	var state string
	err := q.QueryRowContext(ctx, d.rebind("SELECT state FROM tables WHERE id = ?"), id).Scan(&state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	default:
		return fmt.Errorf("table is %s: %w", state, ErrConflict)
	}
}

// UpdateTable implements [Store.UpdateTable].
func (s *sqlStore) UpdateTable(ctx context.Context, id string, u TableUpdate) error {
	op := fmt.Sprintf("update table %q", id)
	if s.isClosed() {
		return fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if u.State != "" && !u.State.Active() {
		return fmt.Errorf("store: %s: state %q (use FinishTable for terminal states): %w", op, u.State, ErrInvalid)
	}
	q := "UPDATE tables SET updated_at = ?"
	args := []any{micros(s.now())}
	if u.State != "" {
		q += ", state = ?"
		args = append(args, string(u.State))
	}
	if u.Spec != nil {
		q += ", spec = ?"
		args = append(args, u.Spec)
	}
	q += " WHERE id = ? AND state IN ('waiting', 'playing')"
	args = append(args, id)
	res, err := s.w.ExecContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return s.wrap(op, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return s.wrap(op, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", op, endedOrMissing(ctx, s.w, s.d, id))
	}
	return nil
}

// FinishTable implements [Store.FinishTable].
func (s *sqlStore) FinishTable(ctx context.Context, id string, o Outcome) (err error) {
	op := fmt.Sprintf("finish table %q", id)
	if s.isClosed() {
		return fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if o.State != StateFinished && o.State != StateCancelled {
		return fmt.Errorf("store: %s: state %q is not terminal: %w", op, o.State, ErrInvalid)
	}
	if o.FinishedAt.IsZero() {
		o.FinishedAt = s.now()
	}
	now := micros(s.now())
	finished := micros(o.FinishedAt)
	var winner any
	if o.WinnerSide != NoWinner {
		winner = int64(o.WinnerSide)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(op, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	var variant string
	err = tx.QueryRowContext(ctx, s.d.rebind(
		"UPDATE tables SET state = ?, updated_at = ?, finished_at = ?, winner_side = ?, result = ?, scores = ?, end_reason = ? "+
			"WHERE id = ? AND state IN ('waiting', 'playing') RETURNING variant"),
		string(o.State), now, finished, winner, o.Result, o.Scores, o.Reason, id).Scan(&variant)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", op, endedOrMissing(ctx, tx, s.d, id))
	}
	if err != nil {
		return s.wrap(op, err)
	}
	// An ended table takes no more actions: its head goes, keeping action_heads to the live tables.
	if _, err = tx.ExecContext(ctx, s.d.rebind("DELETE FROM action_heads WHERE table_id = ?"), id); err != nil {
		return s.wrap(op, err)
	}
	if o.Record != nil {
		if _, err = tx.ExecContext(ctx, s.d.rebind(
			"INSERT INTO records (table_id, record, variant, finished_at, result) VALUES (?, ?, ?, ?, ?)"),
			id, o.Record, variant, finished, o.Result); err != nil {
			return s.wrap(op, err)
		}
		bots := slices.Clone(o.Bots)
		slices.Sort(bots)
		for _, b := range slices.Compact(bots) {
			if _, err = tx.ExecContext(ctx, s.d.rebind(
				"INSERT INTO game_bots (table_id, bot_name) VALUES (?, ?)"), id, b); err != nil {
				return s.wrap(op, err)
			}
		}
	}
	if err = tx.Commit(); err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// LoadActive implements [Store.LoadActive].
func (s *sqlStore) LoadActive(ctx context.Context) ([]ActiveTable, error) {
	return s.loadActive(ctx, "")
}

// liveLowestID is the query of the lowest id that an action of a live table (waiting or playing)
// may have: the lowest first_id of the heads of those that have stored an action (last_seq above
// 0), 0 when one has no head (written past the store: its actions may lie anywhere), NULL when
// none has an action. A table that has stored none is left out: its actions, if any come, take
// ids above every id stored now (compact keeps the newest), and a table waiting for its seats
// held a recovery to read every action stored since it was created (5 s on a 460 MB file, with
// tables that were never joined: a soak trial).
const liveLowestID = "SELECT min(coalesce(h.first_id, 0)) FROM tables ht LEFT JOIN action_heads h ON h.table_id = ht.id " +
	"WHERE ht.state IN ('waiting', 'playing') AND (h.last_seq IS NULL OR h.last_seq > 0)"

// loadActive returns the active tables (t) that also match the condition cond with args ("" for
// all), with their actions, from one snapshot.
func (s *sqlStore) loadActive(ctx context.Context, cond string, args ...any) (_ []ActiveTable, err error) {
	const op = "load active tables"
	if cond != "" {
		cond = " AND " + cond
	}
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{Isolation: s.d.snapshot, ReadOnly: true})
	if err != nil {
		return nil, s.wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // read-only: nothing to commit
	rows, err := tx.QueryContext(ctx, s.d.rebind("SELECT "+tableColumns+
		" FROM tables t WHERE state IN ('waiting', 'playing')"+cond+" ORDER BY created_at, id"), args...)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	var out []ActiveTable
	index := map[string]int{}
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			_ = rows.Close()
			return nil, s.wrap(op, err)
		}
		index[t.ID] = len(out)
		out = append(out, ActiveTable{Table: t})
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, s.wrap(op, err)
	}
	// The live tables' actions all lie at or after liveLowestID.
	rows, err = tx.QueryContext(ctx, "SELECT a.table_id, a.seq, a.seat, a.kind, a.payload, a.recorded_at "+
		"FROM actions a JOIN tables t ON t.id = a.table_id "+
		s.d.rebind("WHERE t.state IN ('waiting', 'playing')"+cond+" AND a.id >= ("+liveLowestID+") ORDER BY a.table_id, a.seq"), args...)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var (
			tableID  string
			a        Action
			seat     int64
			kind     int64
			recorded int64
		)
		if err := rows.Scan(&tableID, &a.Seq, &seat, &kind, &a.Payload, &recorded); err != nil {
			// A value that does not convert: that table is unreadable, the others load.
			var seq any
			if rows.Scan(&tableID, &seq, new(any), new(any), new(any), new(any)) != nil {
				return nil, s.wrap(op, err)
			}
			if i, ok := index[tableID]; ok && out[i].Unreadable == nil {
				out[i].Unreadable = fmt.Errorf("table %s: unreadable stored action (seq %v): %w", tableID, seq, err)
			}
			continue
		}
		a.Seat, a.Kind = int(seat), int(kind)
		a.RecordedAt = fromMicros(recorded)
		if i, ok := index[tableID]; ok {
			out[i].Actions = append(out[i].Actions, a)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// GetRecord implements [Store.GetRecord].
func (s *sqlStore) GetRecord(ctx context.Context, tableID string) ([]byte, error) {
	op := fmt.Sprintf("get record %q", tableID)
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	var rec []byte
	err := s.r.QueryRowContext(ctx, s.d.rebind("SELECT record FROM records WHERE table_id = ?"), tableID).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	if err != nil {
		return nil, s.wrap(op, err)
	}
	return rec, nil
}

// ListTables implements [Store.ListTables].
func (s *sqlStore) ListTables(ctx context.Context, f TableFilter, pageSize int, pageToken string) ([]Table, string, error) {
	const op = "list tables"
	if s.isClosed() {
		return nil, "", fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if f.State != "" && !f.State.valid() {
		return nil, "", fmt.Errorf("store: %s: state %q: %w", op, f.State, ErrInvalid)
	}
	pageSize = clampPageSize(pageSize)
	var conds []string
	var args []any
	if f.State != "" {
		conds = append(conds, "state = ?")
		args = append(args, string(f.State))
	}
	if pageToken != "" {
		k, err := decodeToken(pageToken, "tables")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		conds = append(conds, "(created_at, id) > (?, ?)")
		args = append(args, k.Time, k.ID)
	}
	q := "SELECT " + tableColumns + " FROM tables"
	if len(conds) > 0 {
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	q += " ORDER BY created_at, id LIMIT ?"
	args = append(args, pageSize+1)
	rows, err := s.r.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	var out []Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, "", s.wrap(op, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, "", s.wrap(op, err)
	}
	out, next := cutPage(out, pageSize, tableKey)
	return out, next, nil
}

// ListGames implements [Store.ListGames].
func (s *sqlStore) ListGames(ctx context.Context, f GameFilter, pageSize int, pageToken string) ([]Game, string, error) {
	const op = "list games"
	if s.isClosed() {
		return nil, "", fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	pageSize = clampPageSize(pageSize)
	var conds []string
	var args []any
	if f.BotName != "" {
		conds = append(conds, "EXISTS (SELECT 1 FROM game_bots b WHERE b.table_id = r.table_id AND b.bot_name = ?)")
		args = append(args, f.BotName)
	}
	if f.Variant != "" {
		conds = append(conds, "r.variant = ?")
		args = append(args, f.Variant)
	}
	if f.Result != "" {
		conds = append(conds, "r.result = ?")
		args = append(args, f.Result)
	}
	if !f.FinishedAfter.IsZero() {
		conds = append(conds, "r.finished_at >= ?")
		args = append(args, micros(f.FinishedAfter))
	}
	if !f.FinishedBefore.IsZero() {
		conds = append(conds, "r.finished_at < ?")
		args = append(args, micros(f.FinishedBefore))
	}
	if f.WithoutIDPrefix != "" { // substr counts characters in both dialects; LIKE would read _ and % in it
		conds = append(conds, "substr(r.table_id, 1, ?) <> ?")
		args = append(args, utf8.RuneCountInString(f.WithoutIDPrefix), f.WithoutIDPrefix)
	}
	if pageToken != "" {
		k, err := decodeToken(pageToken, "games")
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		conds = append(conds, "(r.finished_at, r.table_id) < (?, ?)")
		args = append(args, k.Time, k.ID)
	}
	q := "SELECT r.table_id, r.variant, r.result, r.finished_at, t.winner_side, t.scores " +
		"FROM records r JOIN tables t ON t.id = r.table_id"
	if len(conds) > 0 {
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	q += " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?"
	args = append(args, pageSize+1)

	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{Isolation: s.d.snapshot, ReadOnly: true})
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // read-only: nothing to commit
	rows, err := tx.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	var out []Game
	for rows.Next() {
		var (
			g        Game
			finished int64
			winner   sql.NullInt64
			scores   sql.NullString
		)
		if err := rows.Scan(&g.TableID, &g.Variant, &g.Result, &finished, &winner, &scores); err != nil {
			_ = rows.Close()
			return nil, "", s.wrap(op, err)
		}
		g.FinishedAt = fromMicros(finished)
		g.WinnerSide = NoWinner
		if winner.Valid {
			g.WinnerSide = int(winner.Int64)
		}
		g.Scores = scores.String
		out = append(out, g)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, "", s.wrap(op, err)
	}
	out, next := cutPage(out, pageSize, gameKey)
	if len(out) == 0 {
		return out, next, nil
	}
	// The page's bot names, in one query.
	index := make(map[string]int, len(out))
	ids := make([]any, len(out))
	for i, g := range out {
		index[g.TableID] = i
		ids[i] = g.TableID
	}
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	rows, err = tx.QueryContext(ctx, s.d.rebind(
		"SELECT table_id, bot_name FROM game_bots WHERE table_id IN ("+placeholders+") ORDER BY table_id, bot_name"), ids...)
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var id, bot string
		if err := rows.Scan(&id, &bot); err != nil {
			return nil, "", s.wrap(op, err)
		}
		if i, ok := index[id]; ok {
			out[i].Bots = append(out[i].Bots, bot)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, "", s.wrap(op, err)
	}
	return out, next, nil
}
