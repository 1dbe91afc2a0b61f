package service

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/bots"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/wire"
)

// Config configures a Referee. Zero fields take the defaults named on each field.
type Config struct {
	// Store keeps tables, actions and records; nil uses store.NewMemory(KeepFinished), which keeps
	// them in process memory only.
	Store store.Store
	// Metrics receives the referee's metrics; nil uses a private registry nobody scrapes.
	Metrics *Metrics
	// Logger receives the referee's logs; nil uses slog.Default().
	Logger *slog.Logger
	// MaxTables is the most waiting and playing tables at once (default 10 000); CreateTable
	// beyond it fails with ErrTableLimit (ResourceExhausted over gRPC).
	MaxTables int
	// MaxWaitingPerPrincipal is the most tables one principal may have waiting for their seats
	// (default 100); CreateTable beyond it fails with a [*QuotaError] (ResourceExhausted). With a
	// store that several referees share (a [store.Leaser]) this limit and CreatesPerMinute count
	// the principal's tables and creations on all of them (the store counts them).
	MaxWaitingPerPrincipal int
	// MaxTablesPerPrincipal is the most tables one principal may have waiting for their seats or
	// in play (default 1 000); CreateTable beyond it fails with a [*QuotaError]
	// (ResourceExhausted). A table stops counting when its game ends (finished, cancelled,
	// expired). It applies to the callers MaxWaitingPerPrincipal applies to, the same way with a
	// shared store: a tournament's games, created by the referee itself, are not counted.
	MaxTablesPerPrincipal int
	// MaxScheduledGamesPerPrincipal is the most games the running tournaments of one principal may
	// schedule in all, over every referee sharing the store (default 1 000 000, one largest
	// tournament); CreateTournament beyond it fails with a [*QuotaError] (ResourceExhausted). An
	// admin is not counted. A running tournament holds its schedule in memory, about 60 bytes a
	// game, and is loaded again at every start: an organiser's five tournaments of 1 000 000
	// games took 265 MB, at every restart (an outside trial).
	MaxScheduledGamesPerPrincipal int
	// CreatesPerMinute is how many tables one principal may create per minute (default 300): a
	// token bucket of that many tokens, refilled at that rate; CreateTable on an empty bucket fails
	// with a [*QuotaError] whose RetryDelay is when a token will be there.
	CreatesPerMinute int
	// MaxWatchersPerTable is the most spectator streams of one table (default 100); and
	// MaxWatchersPerPrincipal the most spectator streams of one principal over all tables and
	// tournaments (default 20), Health/Watch streams included ([Server.healthWatches]).
	// WatchTable, WatchTournament and Health/Watch beyond either fail with a [*QuotaError].
	MaxWatchersPerTable     int
	MaxWatchersPerPrincipal int
	// MaxTarget is the highest game target (option target, RULES.md §4), in points, that
	// CreateTable, a challenge or CreateTournament accepts (default DefaultMaxTarget, 10 000);
	// above it they fail with a [FieldError] naming options.target.
	MaxTarget int
	// WaitingExpiry is how long a table may wait for its seats (default 30 min): then it ends with
	// OUTCOME_EXPIRED, stored and recorded, and its seats and watchers are told. A table recovered
	// after a restart keeps its creation time, so a restart does not extend its wait.
	WaitingExpiry time.Duration
	// SeatQueue is the number of messages queued for one seat stream before the referee drops
	// that connection (default 1 024; the seat may reconnect and resume). A Batch (Join.batch)
	// counts as one. The messages the stream's writer has taken from the queue and is sending do
	// not count, so a connection holds at most twice SeatQueue messages.
	SeatQueue int
	// SendStall is how long a seat stream may take to send one of the messages answering what the
	// bot sent (its turn's events, a Rejection) before the referee drops that connection with
	// ResourceExhausted (default DefaultSendStall; the seat may reconnect and resume): a bot that
	// does not read its stream holds that send, and while it is held the bot's own messages are not
	// read either, so the queue (SeatQueue) does not fill.
	SendStall time.Duration
	// WatchQueue is the most live events buffered for one spectator stream (default
	// DefaultWatchQueue): a spectator that falls that far behind is ended with ErrQueueFull and
	// may watch again from the seq its message names (see [Referee.WatchTable]).
	WatchQueue int
	// PingInterval is how often a seat is pinged to measure its round-trip time (default 5 s); a
	// stream that the table sent a message since the last ping tick is pinged at most every fourth
	// tick (see writeSeat).
	PingInterval time.Duration
	// JoinTimeout is how long a new seat stream may take to send its Join before it is ended with
	// DeadlineExceeded (default DefaultJoinTimeout).
	JoinTimeout time.Duration
	// RecoveryGrace is the least disconnect grace of a seat whose bot was away when its table was
	// recovered from the store (this referee's restart, or its takeover of another's tables):
	// the table's failure_policy.disconnect_grace_ms when longer (default DefaultRecoveryGrace).
	RecoveryGrace time.Duration
	// CallTimeout is how long a unary call that arrives without a deadline may run before it
	// fails DeadlineExceeded (default DefaultCallTimeout; see [Server.BoundCalls]).
	CallTimeout time.Duration
	// KeepFinished is how many ended tables the memory store keeps when Store is nil (default
	// 1 000, store.DefaultKeepEnded); older ones are forgotten (NotFound). Whatever the store, the
	// referee itself holds at most min(KeepFinished, [EndedTablesInMemory]) ended tables and
	// reads older ones back from the store. A table that leaves the referee's memory ends its
	// goroutine, so memory stays bounded however many games are played.
	KeepFinished int
	// OnTableEnded, if set, is called once with the id and result of every table that ends while
	// this referee runs (finished, forfeited or cancelled; recovered tables included). It runs on
	// the table's goroutine, so it must return quickly (hand the result on, do not call back
	// into the table). See also [Referee.Await].
	OnTableEnded func(id string, result *pb.GameResult)
	// Auth turns on authentication with API keys; nil is open mode (no authentication, every
	// caller may do everything). Keys and the audit trail live in Store (the memory store when Store is nil).
	Auth *Auth
	// Advertise is the address (host:port) at which the other referees sharing Store reach this
	// one, to forward the calls about its tables (forward.go). It is used only with a shared
	// store (a [store.Leaser]: PostgreSQL); without it the others answer Unavailable for this
	// referee's tables.
	Advertise string
	// PeerDialOptions are the dial options of the connections to the other referees; nil dials
	// in plaintext.
	PeerDialOptions []grpc.DialOption
	// PeerSecret is the secret the referees sharing Store have in common (--peer-secret-file), at
	// least MinAdminKeyLen bytes; empty for none. A forwarded call carries it with its original
	// caller's address, and a referee takes that address as the caller's, for the per-principal
	// limits, only from a call carrying the secret (forward.go). Without it the limits of a
	// forwarded anonymous call count the forwarding referee's address.
	PeerSecret string
	// PeerSecretsAccepted are secrets a referee takes from the others besides PeerSecret, which it
	// sends: during a rotation, the other one of the old and the new (--peer-secret-file's lines
	// after its first, docs/OPERATIONS.md). Each at least MinAdminKeyLen bytes.
	PeerSecretsAccepted []string
	// TrustedProxies are the address ranges of the reverse proxies in front of the referee (an
	// ingress controller's or a Gateway's pods, --trusted-proxies); empty for none. A call whose
	// peer is in one is counted, for the per-principal limits, under the client address its
	// X-Forwarded-For names (proxy.go); X-Forwarded-For from any other peer is ignored.
	TrustedProxies []netip.Prefix
}

// DefaultWatchQueue is Config.WatchQueue's default: 4 096 events, more than a whole four-handed
// game of built-in bots emits in one burst. The buffer holds pointers to events shared by the
// table's spectators and grows with a spectator's lag only: at most 32 KiB for one that is full.
const DefaultWatchQueue = 4096

// DefaultJoinTimeout is Config.JoinTimeout's default: a seat stream must send its Join within it.
const DefaultJoinTimeout = 10 * time.Second

// DefaultRecoveryGrace is Config.RecoveryGrace's default: twice the longest wait between two
// reconnection attempts of the SDKs (5 s by default), which their bots have reached when the
// referee comes back after a few seconds. With a table's own grace of 3 s, a referee killed for
// 8 s had 6 of 36 tournament games forfeited for its own absence (a host's trial).
const DefaultRecoveryGrace = 10 * time.Second

// DefaultSendStall is Config.SendStall's default: a bot that has not read its stream for that
// long, while sending, is dropped.
const DefaultSendStall = 30 * time.Second

// MinDecisionMs is the shortest decision time a table's clock may give (clock.decision_ms, in
// milliseconds): a remote bot's round trip alone can take longer. 1 ms was taken, and a remote
// seat lost on time at its first decision against a built-in bot that never does (an options audit).
const MinDecisionMs = 10

// Default clock and failure policy of a table that gives none (milliseconds).
const (
	DefaultDecisionMs      = 10_000
	DefaultBankMs          = 60_000
	DefaultStrikeLimit     = 3
	DefaultDisconnectGrace = 15_000
)

// Referee is the referee's core: the registry of tables and their lifecycle (create, get, list,
// cancel, watch, await the result), callable in-process by a tournament runner, a test or an
// integrator. It knows nothing of gRPC but the caller's address, which its per-principal limits
// read from the context (quotaKey): its methods take a context and return plain errors
// ([ErrNotFound], [ErrDraining], [ErrTableLimit], [ErrEnded], [ErrNotEnded], [ErrStopped],
// [ErrQueueFull], a [*FieldError] for bad input, a [*QuotaError] at a limit, or the store's
// errors). Each table is an actor goroutine; the Referee only routes requests to them. [Server]
// is its gRPC face.
type Referee struct {
	cfg     Config
	store   store.Store
	metrics *Metrics
	log     *slog.Logger
	stop    chan struct{}
	wg      sync.WaitGroup
	quotas  *quotas
	// idemLocks runs the CreateTable calls of one idempotency key one at a time.
	idemLocks keyedMutex
	// storeFailed is the last failed store write while none has succeeded since (StoreHealth).
	storeFailed atomic.Pointer[storeFailure]
	// endings are finished games' endings (result and seats) read from their stored records
	// (storedEnding).
	endings *lru.Cache[string, *pb.GameRecord]

	mu        sync.Mutex
	tables    map[string]*table
	finished  []*table // ended tables kept in memory, oldest first
	draining  bool
	drainDone bool       // Drain gave up waiting
	active    int        // waiting and playing tables
	playing   int        // playing tables
	idle      *sync.Cond // signalled when playing drops
	// quarantined are the stored tables that could not be replayed at start (see quarantine).
	quarantined map[string]quarantined
	// lookedUp, when set, is called with each table that table() finds, after the lookup and
	// before its caller takes the table's turn. It is nil but in tests, which end another game
	// there so that the ended table found leaves memory at that moment (evicted_test.go).
	lookedUp func(*table)

	tourneys *tourneys // tournaments (service/tournaments.go)
	lobby    *lobby    // the bots waiting for games (LobbyService)

	// leaser is the store's leases when other referees share it (leases.go), else nil.
	leaser store.Leaser
	// leasedUntil is until when this referee surely holds its leases: the start of its last
	// successful renewal (or of the referee) plus store.LeaseTTL (leaseHeld). Guarded by mu.
	leasedUntil time.Time
	// dropped are the tables this referee stopped without another write (dropUnsure, drop), by id,
	// until their leases are released or no longer held (releaseIdleLeases). Guarded by mu.
	dropped map[string]bool
	// idleLeases are the leases that the last renewal found held with nothing of this referee's
	// under them, with when they were first found so (releaseIdleLeases). Only leaseLoop's
	// goroutine uses it.
	idleLeases map[store.Lease]time.Time
	// peers are the connections to the other referees, by address: several to one whose calls
	// need them (forward.go, peer).
	peersMu sync.Mutex
	peers   map[string][]*peerConn
	// peersDown are the addresses of the referees that did not answer the last listing that asked
	// them (liveElsewhere), so that their outage is logged once. Guarded by peersMu.
	peersDown map[string]bool
	// forwardLog spaces the log lines of forwarding's troubles (ownerUnreachable, peer,
	// fromReferee) by forwardLogEvery: they name the referees that client refusals do not.
	forwardLog rate.Sometimes
	// forwarders are the referees of this store that forwarded calls here, by owner id, with when
	// the store said so (knownForwarder, forwarders.go).
	forwarders *lru.Cache[string, time.Time]
}

// Server is the referee over gRPC: it implements bezique.v1 TableService, SeatService, KeyService,
// TournamentService and LobbyService. Its handlers validate the request, call the embedded [Referee] and turn its
// errors into status codes (statusOf); the seat stream (Connect) is served here.
type Server struct {
	pb.UnimplementedTableServiceServer
	pb.UnimplementedSeatServiceServer
	pb.UnimplementedKeyServiceServer
	pb.UnimplementedTournamentServiceServer
	pb.UnimplementedLobbyServiceServer
	*Referee
	adminHash  []byte   // SHA-256 of Config.Auth.AdminKey; nil in open mode
	peerHashes [][]byte // SHA-256 of Config.PeerSecret, then of each of PeerSecretsAccepted; nil without a secret
	keyStreams keyStreams
	replays    replays // finished games' replays, kept ready (GetReplay)
}

// New returns a referee served over gRPC: [NewReferee] wrapped in a [Server].
func New(ctx context.Context, cfg Config) (*Server, error) {
	r, err := NewReferee(ctx, cfg)
	if err != nil {
		return nil, err
	}
	srv := &Server{Referee: r, replays: newReplays()}
	if cfg.Auth != nil {
		srv.adminHash = hashKey(cfg.Auth.AdminKey)
	}
	if cfg.PeerSecret != "" {
		for _, secret := range append([]string{cfg.PeerSecret}, cfg.PeerSecretsAccepted...) {
			srv.peerHashes = append(srv.peerHashes, hashKey(secret))
		}
	}
	return srv, nil
}

// NewReferee returns a referee's core. It recovers every waiting and playing table of the store by
// replaying its recorded actions through the engine; bots then reconnect and resume (the memory
// store of a nil Config.Store starts empty). A stored table whose data cannot be read or does not
// replay is quarantined (logged, counted in bezique_tables_quarantined, shown with
// TABLE_STATE_QUARANTINED and the reason) and the others resume. It returns an error when the
// store cannot be read, or when Config.Auth's admin key or Config.PeerSecret is shorter than
// MinAdminKeyLen.
func NewReferee(ctx context.Context, cfg Config) (*Referee, error) {
	if cfg.Auth != nil && len(cfg.Auth.AdminKey) < MinAdminKeyLen {
		return nil, fmt.Errorf("service: the admin key has %d bytes; at least %d are needed", len(cfg.Auth.AdminKey), MinAdminKeyLen)
	}
	for _, secret := range append([]string{cfg.PeerSecret}, cfg.PeerSecretsAccepted...) {
		if (secret != "" || len(cfg.PeerSecretsAccepted) > 0) && len(secret) < MinAdminKeyLen {
			return nil, fmt.Errorf("service: a peer secret has %d bytes; at least %d are needed", len(secret), MinAdminKeyLen)
		}
	}
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 10_000
	}
	if cfg.MaxWaitingPerPrincipal <= 0 {
		cfg.MaxWaitingPerPrincipal = DefaultMaxWaitingPerPrincipal
	}
	if cfg.MaxTablesPerPrincipal <= 0 {
		cfg.MaxTablesPerPrincipal = DefaultMaxTablesPerPrincipal
	}
	if cfg.CreatesPerMinute <= 0 {
		cfg.CreatesPerMinute = DefaultCreatesPerMinute
	}
	if cfg.MaxScheduledGamesPerPrincipal <= 0 {
		cfg.MaxScheduledGamesPerPrincipal = DefaultMaxScheduledGamesPerPrincipal
	}
	if cfg.MaxWatchersPerTable <= 0 {
		cfg.MaxWatchersPerTable = DefaultMaxWatchersPerTable
	}
	if cfg.MaxWatchersPerPrincipal <= 0 {
		cfg.MaxWatchersPerPrincipal = DefaultMaxWatchersPerPrincipal
	}
	if cfg.MaxTarget <= 0 {
		cfg.MaxTarget = DefaultMaxTarget
	}
	if cfg.WaitingExpiry <= 0 {
		cfg.WaitingExpiry = DefaultWaitingExpiry
	}
	if cfg.SeatQueue <= 0 {
		cfg.SeatQueue = 1024
	}
	if cfg.SendStall <= 0 {
		cfg.SendStall = DefaultSendStall
	}
	if cfg.WatchQueue <= 0 {
		cfg.WatchQueue = DefaultWatchQueue
	}
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = 5 * time.Second
	}
	if cfg.JoinTimeout <= 0 {
		cfg.JoinTimeout = DefaultJoinTimeout
	}
	if cfg.RecoveryGrace <= 0 {
		cfg.RecoveryGrace = DefaultRecoveryGrace
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = DefaultCallTimeout
	}
	if cfg.KeepFinished <= 0 {
		cfg.KeepFinished = store.DefaultKeepEnded
	}
	if cfg.Store == nil {
		cfg.Store = store.NewMemory(cfg.KeepFinished)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(prometheus.NewRegistry())
	}
	leaser, _ := cfg.Store.(store.Leaser)
	s := &Referee{cfg: cfg, store: cfg.Store, metrics: cfg.Metrics, log: cfg.Logger, stop: make(chan struct{}), tables: map[string]*table{}, endings: newEndingCache(),
		dropped: map[string]bool{}, idleLeases: map[store.Lease]time.Time{}, lobby: newLobby(), quotas: newQuotas(cfg, cfg.Metrics, leaser != nil), leaser: leaser}
	s.idle = sync.NewCond(&s.mu)
	s.tourneys = newTourneys(s.store)
	s.peers = map[string][]*peerConn{}
	s.peersDown = map[string]bool{}
	s.forwardLog = rate.Sometimes{Interval: forwardLogEvery}
	s.forwarders = newForwarderCache()
	if s.leaser != nil {
		s.leasedUntil = time.Now().Add(store.LeaseTTL) // before any lease is taken
		if err := s.leaser.Advertise(ctx, cfg.Advertise); err != nil {
			return nil, fmt.Errorf("service: advertising %q: %w", cfg.Advertise, err)
		}
	}
	if err := s.recover(ctx); err != nil {
		return nil, err
	}
	if err := s.resumeTournaments(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if s.leaser != nil {
		s.wg.Add(1)
		go s.leaseLoop()
	}
	return s, nil
}

// Register registers the TableService, SeatService, KeyService, TournamentService and LobbyService on
// a gRPC server, whose request messages that codec.Server could not read end InvalidArgument
// (readable).
func (s *Server) Register(g *grpc.Server) {
	for _, d := range []*grpc.ServiceDesc{&pb.TableService_ServiceDesc, &pb.TournamentService_ServiceDesc,
		&pb.SeatService_ServiceDesc, &pb.KeyService_ServiceDesc, &pb.LobbyService_ServiceDesc} {
		g.RegisterService(readable(d), s)
	}
}

// Drain stops the creation of tables (CreateTable then fails with ErrDraining) and waits until
// every game in play has finished or ctx ends. It returns ctx's error if games were left. Tables
// still waiting for their seats are not waited for (with a durable store they resume on the next start).
func (s *Referee) Drain(ctx context.Context) error {
	s.mu.Lock()
	s.draining = true
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		s.mu.Lock()
		for s.playing > 0 && !s.drainDone {
			s.idle.Wait()
		}
		s.mu.Unlock()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		s.drainDone = true
		s.idle.Broadcast()
		s.mu.Unlock()
		return ctx.Err()
	}
}

// Close stops every table goroutine (their seat streams and watchers end with ErrStopped; with a
// durable store the tables resume on the next start) and waits for them.
func (s *Referee) Close() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	s.wg.Wait()
	s.closePeers()
}

// storedSpec is what the store keeps of a table to rebuild it: the normalised CreateTableRequest
// and the seat tokens.
type storedSpec struct {
	Request json.RawMessage `json:"request"`
	Tokens  []string        `json:"tokens"`
	// Salt is the salt of the seed's commitment (absent for tables stored before salts).
	Salt []byte `json:"salt,omitempty"`
	// DealingSource names where the deals come from, a pb.DealingSource value name (absent for
	// tables stored before it was announced).
	DealingSource string `json:"dealing_source,omitempty"`
	// SeqFloor is at least every event seq and request id the table has issued (unless the store
	// refused its last raise: reserve): events that are not stored (seats connecting and leaving)
	// and request ids are not replayed, so a recovered table starts both counters seqReserve
	// beyond it, never reusing a number a bot has already seen.
	SeqFloor uint64 `json:"seq_floor,omitempty"`
	// Creator is the principal id that created the table (absent for tables stored before it).
	Creator string `json:"creator,omitempty"`
	// BotNames are, per seat, the name of the bot key the seat is bound to (RemoteSeat.bot_key_id),
	// "" for an unbound seat; absent when no seat is bound.
	BotNames []string `json:"bot_names,omitempty"`
	// QuotaKey is the creator's key for the per-principal limits (quotaKey), so that a table
	// recovered while waiting counts against its creator again; empty for an in-process creator.
	QuotaKey string `json:"quota_key,omitempty"`
	// Joined are, per seat, the bot name and version its bot gave at its last Join (the bound
	// name for a bound seat), stored when the game starts and when a rejoining bot gives others,
	// so that the record names the bots after a restart even if they never join again; absent
	// before any remote seat joined (and for tables stored before 2026-12-02).
	Joined []storedBot `json:"joined,omitempty"`
	// Started is when the game started (every remote seat had joined: table.started), stored with
	// the state playing and kept by every later write of the spec, so that a table recovered after
	// a restart or taken over by another referee reports and records its real start (TableInfo's
	// and GameRecord's start_time) rather than the time it was rebuilt. RFC 3339 with nanoseconds,
	// so it reads back exactly; absent while the table waits (and for tables stored before
	// 2026-12-03, which take their first stored entry's time instead: rebuild).
	Started time.Time `json:"started,omitzero"`
	// Lobby are, per seat, the lobby bots of a table a challenge created (table.lobby); absent
	// for every other table, a tournament's included (its runner restores its lobby seats).
	Lobby [][]string `json:"lobby,omitempty"`
	// RequestDigest is the SHA-256 of the CreateTable request that created the table with an
	// idempotency key (deterministic protobuf, lowercase hex), which a call made again with that
	// key must match; absent without a key.
	RequestDigest string `json:"request_digest,omitempty"`
}

// storedBot is a seat's bot as it named itself at Join (Join.bot_name, Join.bot_version).
type storedBot struct {
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
}

// seqReserve is how many event seqs and request ids a table reserves with one store write.
const seqReserve = 1024

// randomBytes returns n bytes from crypto/rand.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return b
}

func randomHex(n int) string { return hex.EncodeToString(randomBytes(n)) }

// newTable builds a table from a validated, normalised request; the game is dealt.
func (s *Referee) newTable(id string, req *pb.CreateTableRequest, seed engine.Seed, tokens []string, created time.Time) (*table, error) {
	v, err := wire.VariantFromProto(req.GetVariant())
	if err != nil {
		return nil, invalid("variant", "%v", err)
	}
	rules, err := engine.NewRules(v, req.GetOptions())
	if err != nil {
		return nil, invalidOptions(err)
	}
	dealing := engine.Dealing{Seed: seed}
	if sd := req.GetStackedDeal(); sd != nil {
		d, err := wire.StackedDealFromProto(sd, rules)
		if err != nil {
			field, reason, _ := strings.Cut(err.Error(), ": ")
			return nil, invalid(field, "%s", reason)
		}
		dealing.Stacked = []engine.StackedDeal{d}
	}
	game, err := engine.NewGame(rules, dealing)
	if err != nil {
		return nil, invalid("stacked_deal", "%s", clientText(err))
	}
	t := &table{id: id, srv: s, spec: req, rules: rules, variant: metricVariant(rules.Variant), seed: seed, turn: make(chan struct{}, 1), done: make(chan struct{}), over: make(chan struct{}), evicted: make(chan struct{}),
		game: game, state: pb.TableState_TABLE_STATE_WAITING, watchers: map[*watcher]struct{}{}, created: created}
	t.lost, t.lose = context.WithCancelCause(context.Background())
	t.timer = time.NewTimer(time.Hour)
	t.timer.Stop()
	for i, sc := range req.GetSeats() {
		st := &seat{index: i, bankMs: int64(req.GetClock().GetBankMs()), conns: make([]*conn, max(sc.GetRemote().GetTeamSize(), 1))}
		st.memberJoined = make([]bool, len(st.conns))
		if b := sc.GetBuiltin(); b != nil {
			st.name, st.botName = cmp.Or(b.GetName(), b.GetBot()), b.GetBot()
			if st.bot, err = bots.New(b.GetBot(), binary.BigEndian.Uint64(seed[:8])+uint64(i)); err != nil {
				return nil, invalid(fmt.Sprintf("seats[%d].builtin.bot", i), "%s", clientText(err))
			}
		} else {
			st.name, st.remote, st.token = sc.GetRemote().GetName(), true, tokens[i]
		}
		t.seats = append(t.seats, st)
	}
	t.appendEngineEvents(game.Events(), created)
	return t, nil
}

// reserve takes one of the Config.MaxTables places for a new table and one of its creator's
// Config.MaxWaitingPerPrincipal and MaxTablesPerPrincipal (key is quotaKey; a shared store counts
// those instead, see quotas), or fails with ErrDraining while draining, ErrTableLimit at
// MaxTables and a [*QuotaError] at one of the creator's limits. release gives them back.
func (s *Referee) reserve(key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.draining {
		return errorf(ErrDraining, "the referee is draining: no new tables")
	}
	if s.active >= s.cfg.MaxTables {
		return errorf(ErrTableLimit, "tables waiting or in play: %d, the limit (--max-tables)", s.active)
	}
	if err := s.quotas.addWaiting(key, false); err != nil {
		return err
	}
	if err := s.quotas.addTable(key, false); err != nil {
		s.quotas.doneWaiting(key)
		return err
	}
	s.active++
	return nil
}

func (s *Referee) release(key string) {
	s.quotas.doneWaiting(key)
	s.quotas.doneTable(key)
	s.mu.Lock()
	s.active--
	s.mu.Unlock()
}

// start registers a table (its place already counted in active) and runs its goroutine.
func (s *Referee) start(t *table) {
	t.leasedAt = time.Now()
	t.lock() // for the table's start-up (run releases it): no turn comes before it
	s.mu.Lock()
	s.tables[t.id] = t
	if t.state == pb.TableState_TABLE_STATE_PLAYING { // recovered in play
		s.playing++
	}
	s.mu.Unlock()
	s.metrics.TableStateChanged("", stateLabel(t.state))
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t.run(s.stop)
	}()
}

// EndedTablesInMemory is the most ended tables the referee holds in its own memory (fewer when
// Config.KeepFinished is lower): they answer late requests (GetTable, WatchTable from_seq, a seat
// rejoining) without a store read. Older ended tables are read back from the store, and so is one
// that leaves memory while a call about it waits for its turn (see Referee.onTable).
const EndedTablesInMemory = 100

// tableEnded is called by a table's goroutine when its game ends: it tells Config.OnTableEnded
// and keeps the table in memory, dropping the oldest ended ones beyond
// min(Config.KeepFinished, EndedTablesInMemory).
func (s *Referee) tableEnded(t *table) {
	if s.cfg.OnTableEnded != nil {
		s.cfg.OnTableEnded(t.id, t.result)
	}
	s.quotas.doneTable(t.quotaKey)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active--
	s.finished = append(s.finished, t)
	keep := min(s.cfg.KeepFinished, EndedTablesInMemory)
	for len(s.finished) > keep {
		old := s.finished[0]
		delete(s.tables, old.id)
		close(old.evicted) // its goroutine returns and the game is freed
		s.finished[0] = nil
		s.finished = s.finished[1:]
	}
}

// playingChanged counts a table entering (+1) or leaving (-1) the playing state.
func (s *Referee) playingChanged(delta int) {
	s.mu.Lock()
	s.playing += delta
	s.idle.Broadcast()
	s.mu.Unlock()
}

// table returns the table with that id that this referee holds in memory, or ErrNotFound
// (notInMemory): the caller then answers from the store, if it may.
func (s *Referee) table(id string) (*table, error) {
	s.mu.Lock()
	t, hook := s.tables[id], s.lookedUp
	s.mu.Unlock()
	if t == nil {
		return nil, notInMemory(id)
	}
	if hook != nil {
		hook(t)
	}
	return t, nil
}

// inMemory reports whether the table id is in memory here ([Referee.table] without its error).
func (s *Referee) inMemory(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tables[id] != nil
}

// notInMemory is the ErrNotFound of a table that this referee does not hold in memory: table()
// finds no such id, or the table was evicted, ended, while its caller waited for its turn
// (table.acquire), which the caller answers the same way.
func notInMemory(id string) error { return errorf(ErrNotFound, "table %q not found", id) }

// recover rebuilds every active table of the store and replays its actions; a table that does
// not is quarantined.
func (s *Referee) recover(ctx context.Context) error {
	if s.leaser != nil {
		// At most MaxTables of the expired leases: the first of several referees started together
		// (a cold start, a restore, an upgrade) took every one, beyond its --max-tables, and one
		// referee's memory could be asked to hold all of a deployment's tables (an SRE's review).
		// The others take the rest at their takeover rounds, or this one as tables end.
		if _, err := s.leaser.TakeExpired(ctx, store.LeaseTable, s.cfg.MaxTables); err != nil {
			return fmt.Errorf("service: recovering tables: %w", err)
		}
	}
	active, err := s.store.LoadActive(ctx)
	if err != nil {
		return fmt.Errorf("service: recovering tables: %w", err)
	}
	if n := s.adoptAll(active); n > 0 {
		s.log.Info("recovered tables", "tables", n)
	}
	return nil
}

// adoptAll adopts every table of active and returns how many it started (the others are
// quarantined). Each table is logged at debug level only: a referee of 1 000 tables logged as
// many lines at each start and takeover (an outside trial).
func (s *Referee) adoptAll(active []store.ActiveTable) int {
	n := 0
	for _, at := range active {
		if s.adopt(at) {
			n++
		}
	}
	return n
}

// adopt rebuilds a stored active table, replays its actions and starts it (recovery at start, or
// a table taken over from another referee), and reports whether it did; a table that does not
// replay is quarantined.
func (s *Referee) adopt(at store.ActiveTable) bool {
	t, err := s.rebuild(at.Table, at.Actions)
	if err != nil {
		s.quarantine(at.Table, err)
		return false
	}
	s.log.Debug("recovered table", "table", t.id, "actions", len(at.Actions), "state", stateLabel(t.state))
	s.mu.Lock()
	s.active++
	s.mu.Unlock()
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		_ = s.quotas.addWaiting(t.quotaKey, true)
	}
	_ = s.quotas.addTable(t.quotaKey, true)
	s.start(t)
	s.restoreLobby(t)
	return true
}

// decodeSpec reads a table's stored spec and the CreateTableRequest inside it; a row the store
// could not read (store.Table.Unreadable) is an [unreadableError] too.
func decodeSpec(row store.Table) (storedSpec, *pb.CreateTableRequest, error) {
	var spec storedSpec
	if row.Unreadable != nil {
		return spec, nil, unreadable(row.Unreadable)
	}
	if err := json.Unmarshal(row.Spec, &spec); err != nil {
		return spec, nil, unreadable(fmt.Errorf("table %s: bad stored spec: %w", row.ID, err))
	}
	req := &pb.CreateTableRequest{}
	if err := protojson.Unmarshal(spec.Request, req); err != nil {
		return spec, nil, unreadable(fmt.Errorf("table %s: bad stored request: %w", row.ID, err))
	}
	return spec, req, nil
}

// rebuild makes a table from its store row and replays its actions: the input of crash recovery,
// and of a seat rejoining a table that ended before a restart. The table is not started.
func (s *Referee) rebuild(row store.Table, actions []store.Action) (*table, error) {
	spec, req, err := decodeSpec(row)
	if err != nil {
		return nil, err
	}
	var seed engine.Seed
	copy(seed[:], row.Seed)
	t, err := s.newTable(row.ID, req, seed, spec.Tokens, row.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", row.ID, err)
	}
	if t.dealing, err = storedDealing(spec, req, seed, row.Commitment); err != nil {
		return nil, fmt.Errorf("table %s: %w", row.ID, err)
	}
	t.bind(spec.Creator, spec.BotNames)
	for i, b := range spec.Joined {
		if i < len(t.seats) && t.seats[i].remote {
			t.seats[i].botName, t.seats[i].botVersion = cmp.Or(t.seats[i].boundName, b.Name), b.Version
		}
	}
	if err := t.replay(actions, row.State == store.StatePlaying); err != nil {
		return nil, fmt.Errorf("table %s: %w", row.ID, err)
	}
	if !t.started.IsZero() { // in play: started when it first did, not now (replay's stand-in)
		t.started = startedAt(spec, actions, t.started)
	}
	t.quotaKey, t.lobby, t.requestDigest = spec.QuotaKey, spec.Lobby, spec.RequestDigest
	for _, st := range t.seats { // a built-in bot goes on as if the referee had not stopped
		if r, ok := st.bot.(bots.Resumer); ok {
			var n uint64
			for _, a := range t.actions {
				if int(a.GetSeat()) == st.index && a.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
					n++
				}
			}
			r.Resume(n)
		}
	}
	// A former life whose store refused its last reservation (out of reach, or the lease taken
	// over: reserve logs it and the event goes out) issued seqs and request ids past the stored
	// floor: start a whole reservation beyond it, so that none is reused.
	t.seq = max(t.seq, spec.SeqFloor+seqReserve)
	t.requestID = max(t.requestID, spec.SeqFloor+seqReserve)
	t.reserved = max(t.seq, t.requestID)
	t.recovered = true
	return t, nil
}

// startedAt is when the game of a table rebuilt in play started: its stored start
// (storedSpec.Started); for a table stored without one (before 2026-12-03), the time its first
// log entry was stored (store.Action.RecordedAt), at most the length of the first decision after
// the start; else now (no entry, or entries rebuilt from a record, which have no time).
func startedAt(spec storedSpec, actions []store.Action, now time.Time) time.Time {
	switch {
	case !spec.Started.IsZero():
		return spec.Started
	case len(actions) > 0 && !actions[0].RecordedAt.IsZero():
		return actions[0].RecordedAt
	}
	return now
}

// replay re-applies stored actions to a freshly dealt table, rebuilding its history with the
// stored sequence numbers, its clocks and its state, and puts back its stored team messages. The
// game is in play when it was stored playing (every seat had joined), even before its first
// action, or has an action.
func (t *table) replay(actions []store.Action, playing bool) error {
	now := time.Now()
	if playing || slices.ContainsFunc(actions, func(sa store.Action) bool { return logKind(sa.Kind) == logAction }) {
		t.state = pb.TableState_TABLE_STATE_PLAYING
		t.started = now
		for _, st := range t.seats {
			st.joined = true
			st.lostAt = now
			st.awayAtRebuild = true
		}
	}
	for _, sa := range actions {
		t.logged = int(sa.Seq)
		switch logKind(sa.Kind) {
		case logAction:
		case logTeamMessage:
			if err := t.restoreTeamMessage(sa.Payload); err != nil {
				return fmt.Errorf("entry %d (a team message): %w", sa.Seq, err)
			}
			continue
		default:
			return fmt.Errorf("entry %d: unknown kind %d", sa.Seq, sa.Kind)
		}
		rec := &pb.RecordedAction{}
		if err := proto.Unmarshal(sa.Payload, rec); err != nil {
			return fmt.Errorf("action %d: %w", sa.Seq, err)
		}
		seat := int(rec.GetSeat())
		if seat >= len(t.seats) {
			return fmt.Errorf("action %d: seat %d", sa.Seq, seat)
		}
		t.seq = rec.GetSeq() - 1
		t.seats[seat].bankMs = int64(rec.GetBankLeftMs())
		t.actions = append(t.actions, rec)
		if rec.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			t.seq++
			t.history = append(t.history, histEvent{seq: t.seq, at: now.UnixNano(), ref: &pb.Event{Seq: t.seq, Payload: &pb.Event_Intervention{
				Intervention: &pb.Intervention{Seat: rec.GetSeat(), Kind: rec.GetIntervention(), Action: rec.GetAction()}}}})
		}
		if rec.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_FORFEIT {
			t.pendingForfeits = append(t.pendingForfeits, seat)
			continue
		}
		a, err := wire.ActionFromProto(rec.GetAction())
		if err != nil {
			return fmt.Errorf("action %d: %w", sa.Seq, err)
		}
		evs, err := t.game.Apply(seat, a)
		if err != nil {
			return fmt.Errorf("action %d (%s by seat %d) does not replay: %w", sa.Seq, a, seat, err)
		}
		t.appendEngineEvents(evs, now)
	}
	return nil
}
