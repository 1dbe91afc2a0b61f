package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// TournamentState is the life-cycle state of a tournament, stored as the text of its value.
type TournamentState string

// The states of a tournament. A running one resumes when the referee starts again.
const (
	TournamentRunning   TournamentState = "running"
	TournamentFinished  TournamentState = "finished"
	TournamentCancelled TournamentState = "cancelled"
)

// Tournament is one row of the tournaments table: a tournament's definition and its committed seed.
// Times are UTC, truncated to microseconds.
type Tournament struct {
	// ID is the tournament id chosen by the referee; non-empty and unique.
	ID string
	// State is running, finished or cancelled; [Store.CreateTournament] stores running.
	State TournamentState
	// Spec is the opaque tournament spec the referee writes (JSON).
	Spec []byte
	// Seed is the tournament seed every table's seed derives from; Salt the salt of its commitment.
	Seed []byte
	Salt []byte
	// Commitment is the published commitment to the seed.
	Commitment string
	// CreatedAt is when it was created (the current time when zero); FinishedAt when it ended
	// (zero while running).
	CreatedAt  time.Time
	FinishedAt time.Time
	// Creator is the id of the principal that created it ("" for one stored before creators were).
	Creator string
}

// TournamentGame is the stored result of one game of a tournament's schedule.
type TournamentGame struct {
	// TournamentID and Game (the game's index in the schedule) identify it.
	TournamentID string
	Game         int
	// TableID is the table it was played on.
	TableID string
	// Result is the opaque result the referee writes (JSON).
	Result []byte
	// FinishedAt is when it was stored; the current time when zero.
	FinishedAt time.Time
}

// TournamentFilter selects tournaments for [TournamentStore.ListTournaments], and their order.
// Zero fields match everything, oldest first.
type TournamentFilter struct {
	// State keeps only tournaments in this state.
	State TournamentState
	// NewestFirst lists the most recently created first (by CreatedAt, then ID, both descending).
	NewestFirst bool
}

// check returns ErrInvalid for a State that is not a tournament's state.
func (f TournamentFilter) check() error {
	switch f.State {
	case "", TournamentRunning, TournamentFinished, TournamentCancelled:
		return nil
	}
	return fmt.Errorf("store: list tournaments: state %q: %w", f.State, ErrInvalid)
}

// tokenKind is the kind of the page tokens of f's order: a token of one order is malformed in
// the other.
func (f TournamentFilter) tokenKind() string {
	if f.NewestFirst {
		return "tournaments newest first"
	}
	return "tournaments"
}

// tournamentKey is the keyset position of t in a listing of f's order.
func (f TournamentFilter) tournamentKey(t Tournament) pageKey {
	return pageKey{Kind: f.tokenKind(), Time: micros(t.CreatedAt), ID: t.ID}
}

// TournamentStore keeps tournaments and the results of their games. Every [Store] is a
// TournamentStore; errors follow the same sentinels.
type TournamentStore interface {
	// CreateTournament stores a new tournament in state running once within, when not nil,
	// accepts the running tournaments of its creator (t.Creator), read in the write's own
	// transaction: within's error, returned as it is, stores nothing. The creations of one
	// creator through every referee sharing the store run one after another, so that a limit
	// that within checks holds for creations made at once. Returns ErrConflict if the id exists,
	// ErrInvalid for an empty id.
	CreateTournament(ctx context.Context, t Tournament, within func(running []Tournament) error) error
	// GetTournament returns the tournament with this id, or ErrNotFound.
	GetTournament(ctx context.Context, id string) (Tournament, error)
	// ListTournaments returns up to pageSize tournaments matching f, oldest first (by CreatedAt,
	// then ID) or newest first with f.NewestFirst, and the token of the next page ("" on the last
	// page). pageToken is "" for the first page or a token from a previous call in the same
	// order; ErrInvalid if it is malformed or of the other order, or for a f.State that is not a
	// state.
	ListTournaments(ctx context.Context, f TournamentFilter, pageSize int, pageToken string) ([]Tournament, string, error)
	// FinishTournament ends a running tournament in state (finished or cancelled) at time at (the
	// current time when zero). ErrNotFound for an unknown id, ErrConflict if it already ended,
	// ErrInvalid for a state that is not an end.
	FinishTournament(ctx context.Context, id string, state TournamentState, at time.Time) error
	// AddTournamentGame stores the result of one game of a tournament, once: ErrConflict if that
	// game is already stored, ErrNotFound if the tournament does not exist.
	AddTournamentGame(ctx context.Context, g TournamentGame) error
	// ListTournamentGames returns the stored games of the tournaments ids in one read: each
	// tournament's games together, in ascending Game order (none for an unknown tournament or no
	// ids; the order of the tournaments is the store's).
	ListTournamentGames(ctx context.Context, ids ...string) ([]TournamentGame, error)
	// ListTournamentResults returns at most limit stored games of the tournament id in the order
	// they were stored (by FinishedAt, then Game), those after its game after (after < 0: from
	// the first), in one read by an index: a page of a tournament's results, which costs the same
	// however many it has. ErrNotFound when after >= 0 and the tournament has no stored game
	// after; none for an unknown tournament.
	ListTournamentResults(ctx context.Context, id string, after, limit int) ([]TournamentGame, error)
	// CountTournamentGames returns the number of stored games of each of the tournaments ids
	// that has any, in one read (by the primary key's index; no result is read).
	CountTournamentGames(ctx context.Context, ids ...string) (map[string]int, error)
	// TournamentTables returns the ids of the tables created for games of the tournament id
	// ([Table].Tournament), in no order, in one read by an index: as many as its games started,
	// however many it schedules (none for an unknown tournament).
	TournamentTables(ctx context.Context, id string) ([]string, error)
}

// checkNew checks a tournament given to CreateTournament: ErrInvalid for an empty id.
func (t *Tournament) checkNew() error {
	if t.ID == "" {
		return fmt.Errorf("store: create tournament: empty id: %w", ErrInvalid)
	}
	t.State = TournamentRunning
	return nil
}

func (t TournamentState) ended() bool { return t == TournamentFinished || t == TournamentCancelled }

const tournamentColumns = "id, created_at, state, spec, seed, salt, commitment, finished_at, creator"

func scanTournament(sc rowScanner) (Tournament, error) {
	var (
		t                      Tournament
		created                int64
		state, spec, seed, slt string
		finished               sql.NullInt64
	)
	if err := sc.Scan(&t.ID, &created, &state, &spec, &seed, &slt, &t.Commitment, &finished, &t.Creator); err != nil {
		return t, err
	}
	t.CreatedAt, t.State, t.Spec = fromMicros(created), TournamentState(state), []byte(spec)
	var err error
	if t.Seed, err = hex.DecodeString(seed); err != nil {
		return t, err
	}
	if t.Salt, err = hex.DecodeString(slt); err != nil {
		return t, err
	}
	if finished.Valid {
		t.FinishedAt = fromMicros(finished.Int64)
	}
	return t, nil
}

// CreateTournament implements [Store.CreateTournament]: one SQLite file has one writer, whose
// transactions run one at a time.
func (s *sqlStore) CreateTournament(ctx context.Context, t Tournament, within func([]Tournament) error) error {
	return s.createTournament(ctx, t, within, nil)
}

// tournamentsLockClass is the first key of the PostgreSQL advisory lock that serialises the
// CreateTournament calls of one creator (the second is the hash of the store's schema and the
// creator, as quotaLockClass's): a key space of its own among the database's advisory locks.
const tournamentsLockClass = 0x627a7174 // "bzqt"

// CreateTournament implements [Store.CreateTournament]: when within is not nil, the transaction
// takes the advisory lock tournamentsLockClass of t.Creator before it reads the creator's
// running tournaments, so that the creations of one creator through every referee sharing the
// database run one after another.
func (s *pgStore) CreateTournament(ctx context.Context, t Tournament, within func([]Tournament) error) error {
	return s.createTournament(ctx, t, within, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema() || ' ' || $2))", tournamentsLockClass, t.Creator)
		return err
	})
}

// createTournament stores t in one transaction that, when within is not nil, takes lock first
// (when not nil), then reads the running tournaments of t.Creator and runs within on them:
// within's error, returned as it is, stores nothing.
func (s *sqlStore) createTournament(ctx context.Context, t Tournament, within func([]Tournament) error, lock func(*sql.Tx) error) error {
	if s.isClosed() {
		return fmt.Errorf("store: create tournament: %w", ErrClosed)
	}
	if err := t.checkNew(); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = s.now()
	}
	op := fmt.Sprintf("create tournament %q", t.ID)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit: sql.ErrTxDone, ignored
	if within != nil {
		if lock != nil {
			if err := lock(tx); err != nil {
				return s.wrap(op, err)
			}
		}
		running, err := s.runningOf(ctx, tx, t.Creator)
		if err != nil {
			return s.wrap(op, err)
		}
		if err := within(running); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.rebind("INSERT INTO tournaments ("+tournamentColumns+") VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)"),
		t.ID, micros(t.CreatedAt), string(t.State), string(t.Spec), hex.EncodeToString(t.Seed), hex.EncodeToString(t.Salt), t.Commitment, t.Creator); err != nil {
		return s.wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// runningOf reads the running tournaments of creator in tx.
func (s *sqlStore) runningOf(ctx context.Context, tx *sql.Tx, creator string) ([]Tournament, error) {
	rows, err := tx.QueryContext(ctx, s.d.rebind("SELECT "+tournamentColumns+" FROM tournaments WHERE state = 'running' AND creator = ?"), creator)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var running []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		running = append(running, t)
	}
	return running, rows.Err()
}

// GetTournament implements [Store.GetTournament].
func (s *sqlStore) GetTournament(ctx context.Context, id string) (Tournament, error) {
	if s.isClosed() {
		return Tournament{}, fmt.Errorf("store: get tournament: %w", ErrClosed)
	}
	t, err := scanTournament(s.r.QueryRowContext(ctx, s.d.rebind("SELECT "+tournamentColumns+" FROM tournaments WHERE id = ?"), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, fmt.Errorf("store: get tournament %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Tournament{}, s.wrap(fmt.Sprintf("get tournament %q", id), err)
	}
	return t, nil
}

// ListTournaments implements [Store.ListTournaments].
func (s *sqlStore) ListTournaments(ctx context.Context, f TournamentFilter, pageSize int, pageToken string) ([]Tournament, string, error) {
	const op = "list tournaments"
	if s.isClosed() {
		return nil, "", fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if err := f.check(); err != nil {
		return nil, "", err
	}
	pageSize = clampPageSize(pageSize)
	var conds []string
	var args []any
	if f.State != "" {
		conds = append(conds, "state = ?")
		args = append(args, string(f.State))
	}
	if pageToken != "" {
		k, err := decodeToken(pageToken, f.tokenKind())
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		if f.NewestFirst {
			conds = append(conds, "(created_at, id) < (?, ?)")
		} else {
			conds = append(conds, "(created_at, id) > (?, ?)")
		}
		args = append(args, k.Time, k.ID)
	}
	q := "SELECT " + tournamentColumns + " FROM tournaments"
	if len(conds) > 0 {
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	if f.NewestFirst {
		q += " ORDER BY created_at DESC, id DESC LIMIT ?" // the same indexes, read backwards
	} else {
		q += " ORDER BY created_at, id LIMIT ?"
	}
	args = append(args, pageSize+1)
	rows, err := s.r.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, "", s.wrap(op, err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, "", s.wrap(op, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, "", s.wrap(op, err)
	}
	out, next := cutPage(out, pageSize, f.tournamentKey)
	return out, next, nil
}

// FinishTournament implements [Store.FinishTournament].
func (s *sqlStore) FinishTournament(ctx context.Context, id string, state TournamentState, at time.Time) error {
	op := fmt.Sprintf("finish tournament %q", id)
	if s.isClosed() {
		return fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if !state.ended() {
		return fmt.Errorf("store: %s: state %q: %w", op, state, ErrInvalid)
	}
	if at.IsZero() {
		at = s.now()
	}
	res, err := s.w.ExecContext(ctx, s.d.rebind("UPDATE tournaments SET state = ?, finished_at = ? WHERE id = ? AND state = 'running'"),
		string(state), micros(at), id)
	if err != nil {
		return s.wrap(op, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.wrap(op, err)
	} else if n == 0 {
		if _, err := s.GetTournament(ctx, id); err != nil {
			return err
		}
		return fmt.Errorf("store: %s: already ended: %w", op, ErrConflict)
	}
	return nil
}

// AddTournamentGame implements [Store.AddTournamentGame].
func (s *sqlStore) AddTournamentGame(ctx context.Context, g TournamentGame) error {
	op := fmt.Sprintf("add game %d of tournament %q", g.Game, g.TournamentID)
	if s.isClosed() {
		return fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if g.FinishedAt.IsZero() {
		g.FinishedAt = s.now()
	}
	_, err := s.w.ExecContext(ctx, s.d.rebind("INSERT INTO tournament_games (tournament_id, game, table_id, result, finished_at) VALUES (?, ?, ?, ?, ?)"),
		g.TournamentID, g.Game, g.TableID, string(g.Result), micros(g.FinishedAt))
	if err != nil {
		return s.wrap(op, err)
	}
	return nil
}

// ListTournamentGames implements [Store.ListTournamentGames].
func (s *sqlStore) ListTournamentGames(ctx context.Context, ids ...string) ([]TournamentGame, error) {
	op := fmt.Sprintf("list games of tournaments %q", ids)
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	// One placeholder per id: both dialects take an IN list (PostgreSQL's = ANY($1) has no SQLite form).
	rows, err := s.r.QueryContext(ctx, s.d.rebind("SELECT tournament_id, game, table_id, result, finished_at FROM tournament_games "+
		"WHERE tournament_id IN (?"+strings.Repeat(", ?", len(ids)-1)+") ORDER BY tournament_id, game"), args...)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	out, err := scanTournamentGames(rows)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// scanTournamentGames reads and closes rows of tournament_id, game, table_id, result and
// finished_at.
func scanTournamentGames(rows *sql.Rows) ([]TournamentGame, error) {
	defer rows.Close()
	var out []TournamentGame
	for rows.Next() {
		var g TournamentGame
		var result string
		var fin int64
		if err := rows.Scan(&g.TournamentID, &g.Game, &g.TableID, &result, &fin); err != nil {
			return nil, err
		}
		g.Result, g.FinishedAt = []byte(result), fromMicros(fin)
		out = append(out, g)
	}
	return out, rows.Err()
}

// ListTournamentResults implements [Store.ListTournamentResults].
func (s *sqlStore) ListTournamentResults(ctx context.Context, id string, after, limit int) ([]TournamentGame, error) {
	op := fmt.Sprintf("list results of tournament %q after game %d", id, after)
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	var from int64 // the stored time of game after, which the page starts after
	if after >= 0 {
		err := s.r.QueryRowContext(ctx, s.d.rebind("SELECT finished_at FROM tournament_games WHERE tournament_id = ? AND game = ?"), id, after).Scan(&from)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: %s: no such game stored: %w", op, ErrNotFound)
		}
		if err != nil {
			return nil, s.wrap(op, err)
		}
	} else {
		from, after = math.MinInt64, -1
	}
	rows, err := s.r.QueryContext(ctx, s.d.rebind("SELECT tournament_id, game, table_id, result, finished_at FROM tournament_games "+
		"WHERE tournament_id = ? AND (finished_at, game) > (?, ?) ORDER BY finished_at, game LIMIT ?"), id, from, after, limit)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	out, err := scanTournamentGames(rows)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// TournamentTables implements [Store.TournamentTables].
func (s *sqlStore) TournamentTables(ctx context.Context, id string) ([]string, error) {
	op := fmt.Sprintf("list tables of tournament %q", id)
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	rows, err := s.r.QueryContext(ctx, s.d.rebind("SELECT id FROM tables WHERE tournament_id = ?"), id)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, s.wrap(op, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}

// CountTournamentGames implements [Store.CountTournamentGames].
func (s *sqlStore) CountTournamentGames(ctx context.Context, ids ...string) (map[string]int, error) {
	op := fmt.Sprintf("count games of tournaments %q", ids)
	if s.isClosed() {
		return nil, fmt.Errorf("store: %s: %w", op, ErrClosed)
	}
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.r.QueryContext(ctx, s.d.rebind("SELECT tournament_id, count(*) FROM tournament_games "+
		"WHERE tournament_id IN (?"+strings.Repeat(", ?", len(ids)-1)+") GROUP BY tournament_id"), args...)
	if err != nil {
		return nil, s.wrap(op, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, s.wrap(op, err)
		}
		out[id] = n
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(op, err)
	}
	return out, nil
}
