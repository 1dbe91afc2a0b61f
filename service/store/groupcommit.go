package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Group commit. Every AppendActions call becomes an appendReq on appendCh; one committer
// goroutine takes the first waiting request, drains whatever else is already queued (up to
// maxBatchReqs requests or maxBatchActions actions), writes them all in one transaction and one
// sync, then answers every waiter. While one batch commits, the next one queues, so the batch
// size follows the load: one request per commit when idle, hundreds under load, and no timer
// adds latency.
const (
	appendQueueLen  = 4096 // requests queued before AppendActions blocks (it still honours ctx)
	maxBatchReqs    = 512  // requests in one transaction
	maxBatchActions = 2048 // actions in one transaction (a larger single request commits alone)
	rowsPerInsert   = 128  // rows per multi-row INSERT statement (6 parameters a row)
	batchTimeout    = 30 * time.Second
)

// appendReq is one AppendActions call waiting for its batch.
type appendReq struct {
	tableID string
	actions []Action
	done    chan error // buffered: the committer never blocks on a waiter that left
}

// AppendActions implements [Store.AppendActions].
func (s *sqlStore) AppendActions(ctx context.Context, tableID string, actions []Action) error {
	if len(actions) == 0 {
		return nil
	}
	for i := 1; i < len(actions); i++ {
		if actions[i].Seq <= actions[i-1].Seq {
			return fmt.Errorf("store: append actions to table %q: seq %d after seq %d: %w", tableID, actions[i].Seq, actions[i-1].Seq, ErrConflict)
		}
	}
	// Copy the payloads into one buffer: if ctx ends first, the caller gets its slices back
	// while the committer may still be writing them.
	size := 0
	for _, a := range actions {
		size += len(a.Payload)
	}
	buf := make([]byte, 0, size)
	own := make([]Action, len(actions))
	for i, a := range actions {
		start := len(buf)
		buf = append(buf, a.Payload...)
		own[i] = Action{Seq: a.Seq, Seat: a.Seat, Kind: a.Kind, Payload: buf[start:len(buf):len(buf)]}
	}
	req := &appendReq{tableID: tableID, actions: own, done: make(chan error, 1)}

	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return fmt.Errorf("store: append actions to table %q: %w", tableID, ErrClosed)
	}
	select {
	case s.appendCh <- req:
		s.mu.RUnlock()
	case <-ctx.Done():
		s.mu.RUnlock()
		return fmt.Errorf("store: append actions to table %q: %w", tableID, ctx.Err())
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("store: append actions to table %q: %w", tableID, ctx.Err())
	}
}

// commitLoop is the committer goroutine. It ends when appendCh is closed and drained.
// smallBatch and lingerTime: when the previous batch held appends of several tables, a batch of
// fewer than smallBatch appends waits up to lingerTime for more before it commits, so that tables
// whose appends arrive just after a commit started share the next one instead of each paying a
// sync (BenchmarkStorage: durable cost at 64 tables 2.1x -> 1.75x; 8 appends and 200 us raised to
// 16 and 500 us: remote seats at 64 tables 10 500-11 100 -> 11 100-11 700 actions/s on the quiet
// machine of session 6, with 24/500, 16/300 and 16/700 alike and 64/2 000 worse).
const (
	smallBatch = 16
	lingerTime = 500 * time.Microsecond
)

func (s *sqlStore) commitLoop() {
	defer close(s.committerDone)
	batch := make([]*appendReq, 0, maxBatchReqs)
	stmts := newStmtCache(s.w) // this goroutine only
	defer stmts.close()
	prev := 0 // the size of the previous batch
	for first := range s.appendCh {
		batch = append(batch[:0], first)
		n := len(first.actions)
	drain:
		for len(batch) < maxBatchReqs && n < maxBatchActions {
			select {
			case r, ok := <-s.appendCh:
				if !ok {
					break drain
				}
				batch = append(batch, r)
				n += len(r.actions)
			default:
				break drain
			}
		}
		if len(batch) < smallBatch && prev > 1 {
			// A small batch while several tables append: give the others a moment to join it
			// (fewer, larger commits). A lone table never waits.
			linger := time.NewTimer(lingerTime)
		gather:
			for len(batch) < maxBatchReqs && n < maxBatchActions {
				select {
				case r, ok := <-s.appendCh:
					if !ok {
						break gather
					}
					batch = append(batch, r)
					n += len(r.actions)
				case <-linger.C:
					break gather
				}
			}
			linger.Stop()
		}
		prev = len(batch)
		s.commitBatch(batch, stmts)
		clear(batch) // drop references to answered requests
	}
}

// commitBatch writes batch in one transaction and answers its waiters. If the transaction fails
// on a constraint (a duplicate seq or an unknown table), one request is at fault: each request
// is then retried in a transaction of its own, so only the guilty one gets the error. Any other
// failure is returned to every waiter in the batch.
func (s *sqlStore) commitBatch(batch []*appendReq, stmts *stmtCache) {
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	err := s.insertActions(ctx, batch, stmts)
	if err != nil && len(batch) > 1 && s.oneAtFault(err) {
		for _, r := range batch {
			r.done <- s.appendResult(r, s.insertActions(ctx, []*appendReq{r}, stmts))
		}
		return
	}
	for _, r := range batch {
		r.done <- s.appendResult(r, err)
	}
}

// oneAtFault reports whether a batch's failure err is one request's (a constraint or a lease,
// which the driver's error names, or the store's own ErrConflict and ErrNotFound), not the whole
// batch's, as a connection lost is (ErrUnavailable).
func (s *sqlStore) oneAtFault(err error) bool {
	if sentinel := s.d.classify(err); sentinel != nil {
		return sentinel != ErrUnavailable
	}
	return errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound)
}

func (s *sqlStore) appendResult(r *appendReq, err error) error {
	if err == nil {
		return nil
	}
	return s.wrap(fmt.Sprintf("append actions to table %q", r.tableID), err)
}

// insertActions writes the actions of reqs in one transaction, with multi-row INSERTs of at
// most rowsPerInsert rows, all stamped with one recorded_at, after moving each table's head
// (action_heads: its last seq) past them; a seq not above the head's is ErrConflict. The actions
// table is keyed by a growing id in SQLite, so the rows go to its last pages (migration 00005).
func (s *sqlStore) insertActions(ctx context.Context, reqs []*appendReq, stmts *stmtCache) (err error) {
	// The statements are prepared before the transaction: with SQLite the write pool has one
	// connection, which the transaction holds.
	n := 0
	for _, r := range reqs {
		n += len(r.actions)
	}
	maxID := stmts.prepare(ctx, stmtKey{kind: "max id"}, func() string { return "SELECT coalesce(max(id), 0) FROM actions" })
	head := stmts.prepare(ctx, stmtKey{kind: "head"}, func() string {
		return s.d.rebind("INSERT INTO action_heads (table_id, first_id, last_seq) " +
			"SELECT id, ?, ? FROM tables WHERE id = ? AND state IN ('waiting', 'playing') " +
			"ON CONFLICT (table_id) DO UPDATE SET last_seq = excluded.last_seq WHERE action_heads.last_seq < ?")
	})
	full, last := stmts.chunked(ctx, "insert", n, s.insertText)
	// One action per table, as a referee appends: the heads move in statements of up to
	// rowsPerInsert tables rather than one each (moveHeads).
	oneEach := oneActionEach(reqs)
	var headsFull, headsLast *sql.Stmt
	if oneEach {
		headsFull, headsLast = stmts.chunked(ctx, "heads", len(reqs), s.headsText)
	}
	if err := stmts.err; err != nil {
		stmts.err = nil
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, ignoreDone(tx.Rollback()))
		}
	}()
	recorded := micros(s.now())
	// Every action of this transaction gets an id above floor: a new table's head records floor+1
	// as a lower bound of its first action's id.
	var floor int64
	if err = tx.StmtContext(ctx, maxID).QueryRowContext(ctx).Scan(&floor); err != nil {
		return err
	}
	if oneEach {
		err = s.moveHeads(ctx, tx, headsFull, headsLast, reqs, floor)
	} else {
		err = s.moveHead(ctx, tx, head, reqs, floor)
	}
	if err != nil {
		return err
	}
	args := make([]any, 0, 6*rowsPerInsert)
	rows := 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		st := full
		if rows < rowsPerInsert {
			st = last
		}
		_, err := tx.StmtContext(ctx, st).ExecContext(ctx, args...)
		args, rows = args[:0], 0
		return err
	}
	for _, r := range reqs {
		for _, a := range r.actions {
			args = append(args, r.tableID, a.Seq, int64(a.Seat), int64(a.Kind), nonNil(a.Payload), recorded)
			rows++
			if rows == rowsPerInsert {
				if err = flush(); err != nil {
					return err
				}
			}
		}
	}
	if err = flush(); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return err
	}
	s.commits.Add(1)
	return nil
}

// moveHead moves the head of the table of each request of reqs past its actions, one statement
// (head, the one-table upsert of insertActions) a request; ErrNotFound or ErrConflict as
// headRefused for the first that does not move.
func (s *sqlStore) moveHead(ctx context.Context, tx *sql.Tx, head *sql.Stmt, reqs []*appendReq, floor int64) error {
	heads := tx.StmtContext(ctx, head)
	for _, r := range reqs {
		first, last := r.actions[0].Seq, r.actions[len(r.actions)-1].Seq
		res, err := heads.ExecContext(ctx, floor+1, last, r.tableID, first)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return headRefused(ctx, tx, s.d, r.tableID, first)
		}
	}
	return nil
}

// oneActionEach reports whether every request of reqs appends one action, each to another table.
func oneActionEach(reqs []*appendReq) bool {
	seen := make(map[string]bool, len(reqs))
	for _, r := range reqs {
		if len(r.actions) != 1 || seen[r.tableID] {
			return false
		}
		seen[r.tableID] = true
	}
	return true
}

// headsText is the upsert that moves the heads of rows tables (action_heads: each table's last
// seq) to one new action each, in one statement: parameters table_id and seq per table, then
// first_id (for a table's first head). A head moves only when its table is waiting or playing and
// the new seq is above the head's, as the one-table statement of insertActions.
func (s *sqlStore) headsText(rows int) string {
	return s.d.rebind("WITH v (table_id, seq) AS (VALUES " +
		strings.TrimSuffix(strings.Repeat("(CAST(? AS TEXT), CAST(? AS BIGINT)), ", rows), ", ") + ") " +
		"INSERT INTO action_heads (table_id, first_id, last_seq) " +
		"SELECT t.id, ?, v.seq FROM v JOIN tables t ON t.id = v.table_id WHERE t.state IN ('waiting', 'playing') " +
		"ON CONFLICT (table_id) DO UPDATE SET last_seq = excluded.last_seq WHERE action_heads.last_seq < excluded.last_seq")
}

// moveHeads moves the heads of the tables of reqs, one action each and no table twice
// (oneActionEach), with full (rowsPerInsert tables) and last (the rest) of headsText. A head that
// does not move fails the transaction: with one request, with its reason (headRefused); with more,
// with ErrConflict, so that commitBatch writes each request alone and only the guilty one fails.
func (s *sqlStore) moveHeads(ctx context.Context, tx *sql.Tx, full, last *sql.Stmt, reqs []*appendReq, floor int64) error {
	for start := 0; start < len(reqs); start += rowsPerInsert {
		chunk := reqs[start:min(start+rowsPerInsert, len(reqs))]
		st := full
		if len(chunk) < rowsPerInsert {
			st = last
		}
		args := make([]any, 0, 2*len(chunk)+1)
		for _, r := range chunk {
			args = append(args, r.tableID, r.actions[0].Seq)
		}
		res, err := tx.StmtContext(ctx, st).ExecContext(ctx, append(args, floor+1)...)
		if err != nil {
			return err
		}
		moved, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if moved != int64(len(chunk)) {
			if len(reqs) == 1 {
				return headRefused(ctx, tx, s.d, reqs[0].tableID, reqs[0].actions[0].Seq)
			}
			return fmt.Errorf("the heads of %d of %d tables did not move: %w", int64(len(chunk))-moved, len(chunk), ErrConflict)
		}
	}
	return nil
}

// insertText is the multi-row INSERT of rows actions.
func (s *sqlStore) insertText(rows int) string {
	return s.d.rebind("INSERT INTO actions (table_id, seq, seat, kind, payload, recorded_at) VALUES " +
		strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?), ", rows), ", "))
}

// stmtCache holds the committer's statements, prepared once on the write pool and used in each
// transaction through Tx.StmtContext (which reuses a statement prepared on the transaction's
// connection), so that a commit does not parse its SQL again: parsing was a fifth of the
// committer's CPU, which every appending table waits for. A statement is found by its
// [stmtKey], so that a commit does not build its text either. For the committer goroutine only.
type stmtCache struct {
	db    *sql.DB
	stmts map[stmtKey]*sql.Stmt
	err   error // the first preparation that failed since the last insertActions
}

// stmtKey names a statement of the committer: what it does, and for a multi-row statement its
// number of rows.
type stmtKey struct {
	kind string
	rows int
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[stmtKey]*sql.Stmt{}}
}

// prepare returns the statement of key, preparing text() the first time; a failure is kept in
// c.err (and nil returned) so that a caller preparing several checks once.
func (c *stmtCache) prepare(ctx context.Context, key stmtKey, text func() string) *sql.Stmt {
	if st, ok := c.stmts[key]; ok || c.err != nil {
		return st
	}
	st, err := c.db.PrepareContext(ctx, text())
	if err != nil {
		c.err = err
		return nil
	}
	c.stmts[key] = st
	return st
}

// chunked returns the statements of kind that write n rows in chunks of rowsPerInsert, text
// giving a statement's text for its number of rows: full, for a whole chunk (nil when n holds
// none), and last, for the rows beyond the whole chunks (nil when there are none).
func (c *stmtCache) chunked(ctx context.Context, kind string, n int, text func(rows int) string) (full, last *sql.Stmt) {
	if n >= rowsPerInsert {
		full = c.prepare(ctx, stmtKey{kind, rowsPerInsert}, func() string { return text(rowsPerInsert) })
	}
	if rows := n % rowsPerInsert; rows != 0 {
		last = c.prepare(ctx, stmtKey{kind, rows}, func() string { return text(rows) })
	}
	return full, last
}

// close closes every statement.
func (c *stmtCache) close() {
	for _, st := range c.stmts {
		_ = st.Close()
	}
}

// ignoreDone drops the error of rolling back a transaction that already ended.
func ignoreDone(err error) error {
	if err == nil || errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return err
}

// headRefused says why a table's head did not move for an append starting at seq first: the
// table does not exist (ErrNotFound), or it has ended or stores a seq at or above first
// (ErrConflict).
func headRefused(ctx context.Context, tx *sql.Tx, d dialect, tableID string, first int64) error {
	var state string
	err := tx.QueryRowContext(ctx, d.rebind("SELECT state FROM tables WHERE id = ?"), tableID).Scan(&state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return err
	case state != string(StateWaiting) && state != string(StatePlaying):
		return fmt.Errorf("the table is %s: %w", state, ErrConflict)
	}
	return fmt.Errorf("seq %d is not above the table's last stored seq: %w", first, ErrConflict)
}
