// Package store is the referee's durable storage: tables, their append-only action logs and
// the records of finished games, behind the small [Store] interface, with two implementations
// that share one schema, one set of queries and goose migrations:
//
//   - SQLite ("sqlite:PATH", the embedded default), through the pure-Go modernc.org/sqlite:
//     one file, created with its directory on first start (modes 0600 and 0700: it holds seat
//     tokens and live seeds), WAL mode, synchronous=FULL (a commit is on disk when it returns),
//     a 5 s busy timeout, foreign keys on.
//   - PostgreSQL ("postgres://..."), through pgx's database/sql driver.
//
// A SQLite store serves one referee: [Open] takes an flock on the file's PATH.lock and fails
// with [ErrLocked] when another referee holds it, before it changes anything. A PostgreSQL store
// is shared by several referees through leases ([Leaser], lease.go): each table and tournament is
// owned by one referee, database triggers refuse any write of it by another ([ErrLeaseLost]) and
// stamp every action with the owner and epoch that wrote it, and expired leases are taken over
// (docs/OPERATIONS.md). It also counts the per-principal limits on creating tables for all the
// referees ([Leaser.CreateTableWithin], quota.go).
//
// The store knows nothing of protobuf or of the rules: specs, seeds, action payloads and
// records are opaque bytes that the referee encodes.
//
// # Schema
//
// Times are BIGINT microseconds since the Unix epoch (UTC) in both dialects; byte columns are
// BLOB in SQLite and BYTEA in PostgreSQL.
//
//	tables     id PK, created_at, updated_at, state (waiting|playing|finished|cancelled),
//	           variant, spec, seed, commitment, finished_at?, winner_side?, result?, scores?,
//	           tournament_id? (the tournament whose game it plays; in PostgreSQL created only
//	           under that tournament's lease), quota_key? (the principal it counts against;
//	           in PostgreSQL indexed while waiting or playing), end_reason (why it ended; '' for a
//	           completed game)
//	actions    id (growing: the rowid, an indexed identity column), table_id → tables, seq,
//	           seat, kind (the referee's; 0 for an action), payload, recorded_at; appended to,
//	           and an ended table's actions deleted a day after they were stored (compact.go:
//	           by recorded_at, found by a binary search over the ids; with PostgreSQL by one
//	           store at a time, under an advisory lock).
//	           In SQLite keyed by id alone, so a group commit writes the log's last pages, not a
//	           page per table; in PostgreSQL keyed
//	           (table_id, seq), with the lease columns lease_owner, lease_epoch
//	action_heads table_id PK → tables, first_id, last_seq: one row per waiting or playing table
//	           (made with it, dropped when it ends): the seq a new action must exceed, and a lower
//	           bound of the ids a recovery reads
//	records    table_id PK → tables, record (a GameRecord: wire format, or protojson text if
//	           written before 00008_record_bytes; BYTEA in PostgreSQL), variant, finished_at, result
//	game_bots  (table_id → records, bot_name) PK; indexed by bot_name for ListGames
//	leases     (kind, id) PK, owner, epoch, expires_at (PostgreSQL only; actions then also
//	           have lease_owner and lease_epoch); referees owner PK, address, seen_at (stamped
//	           at each lease renewal; a row unseen for an hour that holds no lease is deleted by
//	           the compaction: forgetGoneReferees; a renewal writes it back if so)
//	quota_buckets quota_key PK, tokens, updated_at (PostgreSQL only): a principal's creation
//	           token bucket, deleted once full again
//
// Migrations live in migrations/: common/ for SQL both dialects share, sqlite/ and postgres/
// for versions whose SQL must differ. [Open] applies pending ones (goose keeps its version in
// goose_db_version); reopening an up-to-date database changes nothing.
//
// # Group commit
//
// [Store.AppendActions] returns only once its actions are durable. Calls from many tables at
// once are queued to one committer goroutine, which writes everything queued in a single
// transaction, so one sync serves them all: with 64 tables appending at once, a commit carries
// dozens of actions. A table's actions come in seq order: an action whose seq is not above the
// table's last (action_heads.last_seq) is a conflict. A batch that fails on such a seq, an ended
// table or an unknown table is retried
// request by request, so only the faulty call gets the error; any other failure is returned to
// every call in the batch.
//
// # In memory, and the contract every backend passes
//
// [NewMemory] is a third [Store], for a referee with nothing durable: it follows the same
// contract in process memory and stays bounded, keeping every waiting and playing table but
// at most keepEnded ended ones (default [DefaultKeepEnded]), dropping the one that ended first.
// The contract itself is a test suite,
// [github.com/bezique-arena/bezique/service/store/storetest.Run]: the memory, SQLite and
// PostgreSQL stores all run it, and so must a new backend. Durability across a reopen, which
// the memory store does not offer, is tested by the SQL stores apart from the suite.
//
// # Use from the referee
//
//	st, err := store.Open(ctx, "sqlite:/var/lib/bezique/bezique.db")
//	if err != nil { ... }
//	defer st.Close()
//
//	// Recovery, before serving: replay every active table from its spec, seed and actions.
//	active, err := st.LoadActive(ctx)
//
//	// New table, then one action at a time from the table's goroutine; tell the bots only
//	// after AppendActions returns nil.
//	err = st.CreateTable(ctx, store.Table{ID: id, Variant: "two-handed", Spec: spec, Seed: seed, Commitment: c})
//	err = st.UpdateTable(ctx, id, store.TableUpdate{State: store.StatePlaying, Spec: spec})
//	err = st.AppendActions(ctx, id, []store.Action{{Seq: n, Seat: seat, Payload: payload}})
//
//	// End: table state, summary and record in one transaction.
//	err = st.FinishTable(ctx, id, store.Outcome{State: store.StateFinished, Result: "completed",
//		WinnerSide: 0, Scores: `[1520,980]`, Record: record, Bots: []string{"alpha", "beta"}})
//
// Errors match [ErrNotFound], [ErrConflict], [ErrInvalid] and [ErrClosed] under errors.Is; the
// service maps them to the gRPC codes NotFound, AlreadyExists, InvalidArgument and Unavailable
// (service/errors.go).
package store
