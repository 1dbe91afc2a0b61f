package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrNotFound is returned (wrapped) when a table or record does not exist, and by
// [Store.AppendActions] when the table it names does not exist.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned (wrapped) when a write collides with stored data: a table id that
// already exists, an action sequence number already stored for that table, or a change to a
// table that is already finished or cancelled.
var ErrConflict = errors.New("store: conflict")

// ErrInvalid is returned (wrapped) for an argument the store cannot accept: an empty id, a
// state that the method may not set, or a malformed or foreign page token.
var ErrInvalid = errors.New("store: invalid argument")

// ErrClosed is returned (wrapped) by every method called after [Store.Close].
var ErrClosed = errors.New("store: closed")

// ErrUnavailable is returned (wrapped) when a shared store (PostgreSQL) cannot be reached or its
// connection was lost: refused or failed connections, a server shutting down or starting, a
// connection closed in the middle of a statement (whose write may or may not have landed); or
// when another process held a SQLite file's lock for longer than the busy timeout (5 s: a
// sqlite3 shell, a backup tool). The failure is transient and says nothing of the data: try
// again later.
var ErrUnavailable = errors.New("store: unavailable")

// State is the life-cycle state of a table, stored as the text of its value.
type State string

// The states of a table. Waiting and playing tables are active: [Store.LoadActive] returns them
// after a restart. Finished and cancelled are terminal: a table in them can no longer change.
const (
	StateWaiting   State = "waiting"   // created, seats not all taken
	StatePlaying   State = "playing"   // the deal is under way
	StateFinished  State = "finished"  // ended by the rules, a forfeit or a timeout
	StateCancelled State = "cancelled" // abandoned before a result
)

// Active reports whether s is a non-terminal state (waiting or playing).
func (s State) Active() bool { return s == StateWaiting || s == StatePlaying }

// Ended reports whether s is a terminal state: finished or cancelled.
func (s State) Ended() bool { return s == StateFinished || s == StateCancelled }

func (s State) valid() bool { return s.Active() || s.Ended() }

// NoWinner is the [Table.WinnerSide] and [Outcome.WinnerSide] of a table without a winner
// (not finished, a draw, or cancelled).
const NoWinner = -1

// Table is one row of the tables table: a table's identity, life-cycle state and the opaque
// inputs that let the referee replay it. Times are UTC, truncated to microseconds.
type Table struct {
	// ID is the table id chosen by the referee; it must be non-empty and unique.
	ID string
	// State is the life-cycle state; [Store.CreateTable] stores StateWaiting when empty.
	State State
	// Variant names the rule variant (for listing and filtering only; the rules live in Spec).
	Variant string
	// Spec is the opaque table spec the referee writes: rules, seats, clock, policy, tokens.
	Spec []byte
	// Seed is the opaque deal seed (or stacked deal), so that the table replays.
	Seed []byte
	// Commitment is the published commitment to the seed (for example a hex digest).
	Commitment string
	// Tournament is the id of the tournament whose game the table plays, "" for a table of its
	// own. A [Leaser] creates such a table only while it holds the tournament's lease (else
	// [ErrLeaseLost]), so that a referee that lost a tournament starts none of its games.
	Tournament string
	// CreatedAt is when the table was created; [Store.CreateTable] uses the current time when zero.
	CreatedAt time.Time
	// UpdatedAt is when the table row last changed; set by the store.
	UpdatedAt time.Time
	// FinishedAt is when the table finished or was cancelled; zero while active.
	FinishedAt time.Time
	// WinnerSide is the winning side, or [NoWinner].
	WinnerSide int
	// Result is how the table ended (for example "completed", "forfeit", "cancelled"); empty while active.
	Result string
	// Scores is the opaque final score text (for example JSON "[1520,980]"); empty while active.
	Scores string
	// Reason is why the table ended, as [Outcome.Reason] stored it; empty while active.
	Reason string
	// IdempotencyKey is the key of the call that created the table, composed by the referee with
	// its caller's principal; "" for none. [Store.CreateTable] stores it (ErrConflict when another
	// table has it) and [Store.TableByIdempotencyKey] finds the table by it; other reads leave it
	// empty.
	IdempotencyKey string
	// Unreadable is set by the store when the stored row could not be read (a column holding a
	// value of the wrong type: SQLite keeps whatever is written to it) or, from
	// [Store.LoadActive], one of the table's actions could not: why. The other fields are then
	// zero (WinnerSide [NoWinner]) but ID, CreatedAt when it reads and, for a row whose state
	// reads as ended (a quarantined table cancelled), State and, when they read, FinishedAt,
	// Result and Reason. The referee quarantines such a table rather than failing the call or
	// its start. Nil when the row was read.
	Unreadable error
}

// TableUpdate is a change to an active table made by [Store.UpdateTable]. Zero fields are left
// unchanged.
type TableUpdate struct {
	// State is the new state: StateWaiting, StatePlaying, or empty for no change. Terminal
	// states are set with [Store.FinishTable].
	State State
	// Spec replaces the stored spec when non-nil (seats taken, tokens issued, ...).
	Spec []byte
}

// Action is one entry of a table's append-only action log.
type Action struct {
	// Seq is the action's sequence number within its table; unique per table, and the order
	// in which [Store.LoadActive] returns actions.
	Seq int64
	// Seat is the seat that acted (the referee's numbering; use a negative value for the referee
	// itself, such as a timeout or an intervention, if it needs one).
	Seat int
	// Kind is the kind of entry, opaque to the store like Payload: 0 (the default, and the kind
	// of every entry stored before the store kept kinds) for an action; the referee gives its
	// other entries (a team's messages) other kinds.
	Kind int
	// Payload is opaque: the action, elapsed time, intervention, clock state, as the referee encodes them.
	Payload []byte
	// RecordedAt is when the action was committed; set by the store, ignored on append.
	RecordedAt time.Time
}

// ActiveTable is a waiting or playing table with its whole action log, as [Store.LoadActive]
// returns it for crash recovery.
type ActiveTable struct {
	Table
	// Actions is the table's action log in ascending Seq order.
	Actions []Action
}

// Outcome is what [Store.FinishTable] writes when a table ends, in one transaction.
type Outcome struct {
	// State is StateFinished or StateCancelled.
	State State
	// Result is how the table ended (for example "completed", "forfeit", "cancelled").
	Result string
	// WinnerSide is the winning side, or [NoWinner] for a draw or a cancelled table.
	WinnerSide int
	// Scores is the opaque final score text (for example JSON "[1520,980]").
	Scores string
	// Reason is why the table ended, in the referee's words (a cancellation's reason, a
	// forfeit's cause); empty for a completed game. It is all that says why a table ended
	// without a record.
	Reason string
	// FinishedAt is the end time; the current time when zero.
	FinishedAt time.Time
	// Record is the game record served by [Store.GetRecord] and listed by [Store.ListGames]:
	// bytes the store does not read (the service writes a GameRecord in the protobuf wire format;
	// records written before 2026-12-01 are protojson text). When nil, no record is written and
	// the table does not appear in ListGames.
	Record []byte
	// Bots are the names of the bots that played, for [GameFilter.BotName]; duplicates are ignored.
	Bots []string
}

// TableFilter selects tables for [Store.ListTables]. Zero fields match everything.
type TableFilter struct {
	// State keeps only tables in this state.
	State State
}

// GameFilter selects finished games (tables with a record) for [Store.ListGames]. Zero fields
// match everything.
type GameFilter struct {
	// BotName keeps games in which a bot of this exact name played.
	BotName string
	// Variant keeps games of this variant.
	Variant string
	// Result keeps games with this result (for example "forfeit").
	Result string
	// FinishedAfter keeps games with FinishedAt >= FinishedAfter (inclusive).
	FinishedAfter time.Time
	// FinishedBefore keeps games with FinishedAt < FinishedBefore (exclusive).
	FinishedBefore time.Time
	// WithoutIDPrefix, if set, keeps games whose table id does not start with it, taken as it is
	// (the service's tournament tables: "tn-").
	WithoutIDPrefix string
}

// Game is one row of [Store.ListGames]: the summary of a table that has a record.
type Game struct {
	// TableID is the id of the finished table; pass it to [Store.GetRecord] for the record.
	TableID string
	// Variant, Result, WinnerSide (or [NoWinner]), Scores and FinishedAt are as in [Table].
	Variant    string
	Result     string
	WinnerSide int
	Scores     string
	FinishedAt time.Time
	// Bots are the bot names stored with the record, sorted.
	Bots []string
}

// DefaultPageSize is the page size used by the List methods when pageSize <= 0; MaxPageSize is
// the largest page they return (a larger pageSize is lowered to it).
const (
	DefaultPageSize = 50
	MaxPageSize     = 1000
)

// Store is the referee's durable storage. Implementations are safe for concurrent use. Every
// error is wrapped with %w and, where it applies, matches [ErrNotFound], [ErrConflict],
// [ErrInvalid] or [ErrClosed] under errors.Is.
type Store interface {
	// CreateTable stores a new table. Returns ErrConflict if the id exists, ErrInvalid for an
	// empty id or a terminal or unknown state.
	CreateTable(ctx context.Context, t Table) error
	// GetTable returns the table with this id, or ErrNotFound.
	GetTable(ctx context.Context, id string) (Table, error)
	// TableByIdempotencyKey returns the table created with this idempotency key
	// (Table.IdempotencyKey), or ErrNotFound.
	TableByIdempotencyKey(ctx context.Context, key string) (Table, error)
	// ListTables returns up to pageSize tables matching f, oldest first (by CreatedAt, then ID),
	// and the token of the next page ("" on the last page). pageToken is "" for the first page
	// or a token from a previous call; ErrInvalid if it is malformed.
	ListTables(ctx context.Context, f TableFilter, pageSize int, pageToken string) ([]Table, string, error)
	// UpdateTable changes an active table's state and/or spec. Returns ErrNotFound for an
	// unknown id, ErrConflict if the table is finished or cancelled, ErrInvalid for a terminal state.
	UpdateTable(ctx context.Context, id string, u TableUpdate) error
	// AppendActions appends actions to a table's log and returns once they are committed and
	// synced to stable storage. Concurrent calls (from many tables) are committed together in one
	// transaction (group commit). The call is all-or-nothing. A table's actions are appended in
	// Seq order (gaps allowed): returns ErrConflict if a Seq is not above every Seq stored for the
	// table (a repeated or older one), if actions is not in ascending Seq order, or if the table
	// has ended; ErrNotFound if the table does not exist, or the batch's error if its transaction failed. If ctx is done first it returns
	// ctx's error, and the actions may or may not have been stored.
	AppendActions(ctx context.Context, tableID string, actions []Action) error
	// FinishTable ends an active table: it sets the table's terminal state and summary and, when
	// o.Record is non-nil, writes the record and bot names, all in one transaction. Returns
	// ErrNotFound for an unknown id, ErrConflict if the table already ended, ErrInvalid if
	// o.State is not terminal.
	FinishTable(ctx context.Context, id string, o Outcome) error
	// LoadActive returns every waiting or playing table, oldest first, each with its whole
	// action log in Seq order: the input of crash recovery.
	LoadActive(ctx context.Context) ([]ActiveTable, error)
	// GetRecord returns the record written by FinishTable, or ErrNotFound.
	GetRecord(ctx context.Context, tableID string) ([]byte, error)
	// ListGames returns up to pageSize games (tables with a record) matching f, most recently
	// finished first (by FinishedAt, then TableID, both descending), and the next page token
	// ("" on the last page). ErrInvalid for a malformed page token.
	ListGames(ctx context.Context, f GameFilter, pageSize int, pageToken string) ([]Game, string, error)
	// KeyStore keeps API keys and the audit trail.
	KeyStore
	// TournamentStore keeps tournaments and the results of their games.
	TournamentStore
	// Close waits for appends already accepted to be committed, then closes the database.
	// Calls after Close return ErrClosed; Close itself may be called more than once.
	Close() error
}

// Open opens (and creates, on first use) the store at url and applies pending migrations.
//
//   - "sqlite:PATH" opens the SQLite file PATH, creating it (mode 0600) and its parent
//     directory (mode 0700) if needed, in WAL mode with synchronous=FULL and a 5 s busy timeout.
//     The store holds an flock on PATH.lock until Close.
//   - "postgres://..." or "postgresql://..." opens a PostgreSQL database (a pgx connection
//     URL, including parameters such as search_path or sslmode), which several referees may
//     share: the store is a [Leaser], each table and tournament owned by one of them.
//
// One SQLite store, one referee: ErrLocked when another process (or another open store) holds
// the lock; nothing in the database is changed then. ErrDamaged when the SQLite file is not a
// database or is malformed. Any other scheme returns ErrInvalid. For a
// store with nothing durable, use [NewMemory].
func Open(ctx context.Context, url string) (Store, error) {
	return open(ctx, url, true)
}

// OpenCurrent opens the store at url as [Open] does, but migrates nothing: a database whose schema
// is older than this build's (or holds no store) is refused with [ErrOlderSchema], unchanged. It
// is for the commands that only read a store: a `bezique tournament list --store` of a backup
// kept for a rollback migrated it, and the build that wrote it then refused it (an upgrade trial).
func OpenCurrent(ctx context.Context, url string) (Store, error) {
	return open(ctx, url, false)
}

// open opens the store at url, applying its pending migrations when up is set and refusing
// them (ErrOlderSchema) when not.
func open(ctx context.Context, url string, up bool) (Store, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(url, "sqlite:"), up)
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return openPostgres(ctx, url, up)
	default:
		scheme, _, _ := strings.Cut(url, ":")
		return nil, fmt.Errorf("store: open: unsupported url scheme %q (want sqlite:PATH or postgres://...): %w", scheme, ErrInvalid)
	}
}

// checkNew checks a table given to CreateTable and fills in its default state (StateWaiting):
// ErrInvalid for an empty id or a state that is not active.
func (t *Table) checkNew() error {
	if t.ID == "" {
		return fmt.Errorf("store: create table: empty id: %w", ErrInvalid)
	}
	if t.State == "" {
		t.State = StateWaiting
	}
	if !t.State.Active() {
		return fmt.Errorf("store: create table %q: state %q: %w", t.ID, t.State, ErrInvalid)
	}
	return nil
}
