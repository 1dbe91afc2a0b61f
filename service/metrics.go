package service

// This file holds every metric the referee exports. It is self-contained: it
// knows nothing of the engine, the protos or the store, only the label values
// the rest of the service passes in. The names, units and label sets are part
// of the deployment's contract (deploy/ alerts and dashboard read them; a test
// there checks every PromQL name against this registry).

import (
	"context"
	"net/http"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service/store"
)

// Table states, as the referee names them (store, logs, errors). bezique_tables counts the tables
// a referee runs, by the first two only (its state label): an ended table is not counted, whether
// or not the referee still holds it in memory; the games that ended are
// bezique_games_finished_total, and the store keeps them all.
const (
	TableWaiting   = "waiting"
	TablePlaying   = "playing"
	TableFinished  = "finished"
	TableCancelled = "cancelled"
	TableExpired   = "expired"
)

// Rule variants: the values of the variant label.
const (
	VariantTwoHanded            = "two_handed"
	VariantThreeHanded          = "three_handed"
	VariantFourHanded           = "four_handed"
	VariantFourHandedIndividual = "four_handed_individual"
	VariantRubicon              = "rubicon"
	VariantSixPack              = "six_pack"
)

// Game results: the values of the result label of bezique_games_finished_total.
const (
	ResultCompleted = "completed"
	ResultForfeit   = "forfeit"
	ResultCancelled = "cancelled"
	ResultExpired   = "expired"
)

// Intervention kinds: the values of the kind label of bezique_interventions_total.
const (
	InterventionAutoPlayTimeout    = "auto_play_timeout"
	InterventionAutoPlayIllegal    = "auto_play_illegal"
	InterventionAutoPlayDisconnect = "auto_play_disconnect"
	InterventionForfeit            = "forfeit"
)

// Store operations: the values of the op label of bezique_store_write_duration_seconds and
// bezique_store_errors_total. StoreUpdate is a table's state or spec (seat tokens, seq floor).
const (
	StoreAppend = "append"
	StoreCreate = "create"
	StoreFinish = "finish"
	StoreUpdate = "update"
	StoreLease  = "lease" // the renewal of a shared store's leases (leases.go)
)

// Limits: the values of the limit label of bezique_quota_refusals_total, one per limit that
// refuses a call with a [QuotaError].
const (
	LimitWaitingPerPrincipal  = "waiting_per_principal"
	LimitTablesPerPrincipal   = "tables_per_principal"
	LimitCreatesPerMinute     = "creates_per_minute"
	LimitWatchersPerTable     = "watchers_per_table"
	LimitWatchersPerPrincipal = "watchers_per_principal"
	LimitJoinsPerSeat         = "joins_per_seat"
	LimitRefusedKeysPerAddr   = "refused_keys_per_addr"
	LimitScheduledGames       = "scheduled_games_per_principal"
	// LimitSeatMessages is MaxIdleMessagesPerSecond: a seat stream cut for its flood of messages
	// that change nothing (not a QuotaError: the stream ends with ResourceExhausted).
	LimitSeatMessages = "seat_messages"
)

// LabelOther is the label value recorded in place of a value outside the known
// set, so that a caller's mistake can never create an unbounded series.
const LabelOther = "other"

var (
	tableStates       = []string{TableWaiting, TablePlaying}
	variants          = []string{VariantTwoHanded, VariantThreeHanded, VariantFourHanded, VariantFourHandedIndividual, VariantRubicon, VariantSixPack}
	results           = []string{ResultCompleted, ResultForfeit, ResultCancelled, ResultExpired}
	outcomes          = []string{"accepted", "rejected"}
	interventionKinds = []string{InterventionAutoPlayTimeout, InterventionAutoPlayIllegal, InterventionAutoPlayDisconnect, InterventionForfeit}
	storeOps          = []string{StoreAppend, StoreCreate, StoreFinish, StoreUpdate, StoreLease}
	limits            = []string{LimitWaitingPerPrincipal, LimitTablesPerPrincipal, LimitCreatesPerMinute, LimitWatchersPerTable, LimitWatchersPerPrincipal, LimitJoinsPerSeat, LimitRefusedKeysPerAddr, LimitScheduledGames, LimitSeatMessages}
)

// Metric names the referee itself defines (the gRPC, Go runtime and process
// collectors add theirs).
const (
	nameBuildInfo          = "bezique_build_info"
	nameTables             = "bezique_tables"
	nameSeatStreamsOpen    = "bezique_seat_streams_open"
	nameGamesFinished      = "bezique_games_finished_total"
	nameGameDuration       = "bezique_game_duration_seconds"
	nameActions            = "bezique_actions_total"
	nameDecisionDuration   = "bezique_decision_duration_seconds"
	nameActionProcessing   = "bezique_action_processing_seconds"
	nameDecisionTimeouts   = "bezique_decision_timeouts_total"
	nameInterventions      = "bezique_interventions_total"
	nameSeatReconnects     = "bezique_seat_reconnects_total"
	nameStoreWriteDuration = "bezique_store_write_duration_seconds"
	nameStoreErrors        = "bezique_store_errors_total"
	nameTablesQuarantined  = "bezique_tables_quarantined"
	nameTourneyScheduled   = "bezique_tournament_games_scheduled_total"
	nameTourneyInPlay      = "bezique_tournament_games_in_play"
	nameTourneyBotsAway    = "bezique_tournament_lobby_bots_away"
	nameTourneyFinished    = "bezique_tournament_games_finished_total"
	nameTourneyFailures    = "bezique_tournament_game_failures_total"
	nameQuotaRefusals      = "bezique_quota_refusals_total"
	nameTLSCertExpiry      = "bezique_tls_certificate_expiry_timestamp_seconds"
	nameLeasesHeld         = "bezique_leases_held"
	nameLeaseTakeovers     = "bezique_lease_takeovers_total"
	nameLeaseLosses        = "bezique_lease_losses_total"
	nameLeasesIdle         = "bezique_leases_released_idle_total"
	nameForwardedCalls     = "bezique_forwarded_calls_total"
	nameConnsRefused       = "bezique_connections_refused_total"
	nameConnsUnread        = "bezique_connections_unread_total"
	nameArrivingRefused    = "bezique_http_arriving_refusals_total"
	nameCallsBounded       = "bezique_call_timeouts_total"
)

// MetricNames returns the names of the metrics the referee defines itself, in a
// fresh slice. The gRPC server, Go runtime and process collectors that
// [NewMetrics] also registers export further names (grpc_server_*, go_*,
// process_*); gather the registry to see them all.
func MetricNames() []string {
	return []string{
		nameBuildInfo,
		nameTables,
		nameSeatStreamsOpen,
		nameGamesFinished,
		nameGameDuration,
		nameActions,
		nameDecisionDuration,
		nameActionProcessing,
		nameDecisionTimeouts,
		nameInterventions,
		nameSeatReconnects,
		nameStoreWriteDuration,
		nameStoreErrors,
		nameTablesQuarantined,
		nameTourneyScheduled,
		nameTourneyInPlay,
		nameTourneyBotsAway,
		nameTourneyFinished,
		nameTourneyFailures,
		nameQuotaRefusals,
		nameTLSCertExpiry,
		nameLeasesHeld,
		nameLeaseTakeovers,
		nameLeaseLosses,
		nameLeasesIdle,
		nameForwardedCalls,
		nameConnsRefused,
		nameConnsUnread,
		nameArrivingRefused,
		nameCallsBounded,
	}
}

// Histogram buckets, explicit so that dashboards and alerts can rely on them.
var (
	// decisionBuckets covers a seat's decision time from 1ms (a local bot
	// answering at once) to 60s (the longest decision timeout we expect to
	// configure); slower answers fall into +Inf.
	decisionBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60}

	// processingBuckets covers the referee's own work per action from 10µs
	// (the engine's O(1) step) to 1s (something badly wrong: lock contention,
	// a full channel, GC pauses).
	processingBuckets = []float64{0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1}

	// storeBuckets covers one store write from 100µs (SQLite append in the
	// page cache) to 5s (fsync on a saturated disk or a locked database).
	storeBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

	// gameBuckets covers a game's wall time from its start to its end, from 100ms (built-in
	// bots on one referee) to 4h (people taking their time at every decision).
	gameBuckets = []float64{0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400}

	// grpcHandlingBuckets covers gRPC handling time from 1ms (a unary call
	// such as a health check or CreateTable) to 2h (a seat stream lives as long
	// as its game, usually minutes).
	grpcHandlingBuckets = []float64{0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60, 300, 900, 1800, 3600, 7200}
)

// Metrics holds the referee's metrics. Create it with [NewMetrics]; its
// methods are safe for concurrent use. A nil *Metrics is valid and records
// nothing, so tests of other parts of the service may pass nil.
type Metrics struct {
	grpc *grpcprom.ServerMetrics

	buildInfo       *prometheus.GaugeVec
	tables          *prometheus.GaugeVec
	streamsOpen     prometheus.Gauge
	gamesFinished   *prometheus.CounterVec
	gameDuration    *prometheus.HistogramVec
	actions         *prometheus.CounterVec
	decision        *prometheus.HistogramVec
	processing      prometheus.Histogram
	timeouts        *prometheus.CounterVec
	interventions   *prometheus.CounterVec
	reconnects      prometheus.Counter
	storeWrite      *prometheus.HistogramVec
	storeErrors     *prometheus.CounterVec
	quarantined     prometheus.Gauge
	tourneyPlanned  prometheus.Counter
	tourneyInPlay   prometheus.Gauge
	tourneyBotsAway prometheus.Gauge
	tourneyFinished prometheus.Counter
	tourneyFailures prometheus.Counter
	quotaRefusals   *prometheus.CounterVec
	tlsNotAfter     atomic.Pointer[func() time.Time] // [Metrics.SetTLSCertificate]
	leasesHeld      *prometheus.GaugeVec
	leaseTakeovers  *prometheus.CounterVec
	leaseLosses     prometheus.Counter
	leasesIdle      *prometheus.CounterVec
	forwarded       *prometheus.CounterVec
	connsRefused    prometheus.Counter
	connsUnread     prometheus.Counter
	arrivingRefused prometheus.Counter
	callsBounded    prometheus.Counter
	knownStates     map[string]bool
	knownVariants   map[string]bool
	knownResults    map[string]bool
	knownKinds      map[string]bool
	knownStoreOps   map[string]bool
	knownLimits     map[string]bool
	defaultVersion  string
	defaultRevision string
}

// NewMetrics creates the referee's metrics and registers them on reg, together
// with the standard gRPC server metrics (handling-time histogram enabled), the
// Go runtime collector and the process collector. Use a registry of your own
// ([prometheus.NewRegistry]), never the global one. Every series with a known
// label value starts at zero. It panics if a metric is already registered on
// reg, as [prometheus.Registerer.MustRegister] does.
//
// bezique_build_info starts with the version and VCS revision that the Go
// toolchain stamped into the binary and no referee id; the referee's main calls
// [Metrics.SetBuildInfo] with the values its -ldflags set and its referee id.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		grpc: grpcprom.NewServerMetrics(
			grpcprom.WithServerHandlingTimeHistogram(grpcprom.WithHistogramBuckets(grpcHandlingBuckets)),
		),
		buildInfo: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: nameBuildInfo,
			Help: "Build information of the referee, and its id on a shared store (the other referees' logs and errors name it by this id; empty on a store of its own); the value is always 1.",
		}, []string{"version", "revision", "goversion", "referee"}),
		tables: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: nameTables,
			Help: "Tables this referee runs, by state: waiting for their seats or playing (recovered ones included after a restart); ended tables are bezique_games_finished_total.",
		}, []string{"state"}),
		streamsOpen: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: nameSeatStreamsOpen,
			Help: "Number of seat streams currently open.",
		}),
		gamesFinished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameGamesFinished,
			Help: "Games that ended, by rule variant and result.",
		}, []string{"variant", "result"}),
		gameDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    nameGameDuration,
			Help:    "A game's wall time from its start (every seat joined) to its end, by rule variant and result: games that ended completed or by forfeit.",
			Buckets: gameBuckets,
		}, []string{"variant", "result"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameActions,
			Help: "Actions submitted by seats, by rule variant and whether the referee accepted them.",
		}, []string{"variant", "outcome"}),
		decision: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    nameDecisionDuration,
			Help:    "A seat's decision time: from sending the decision request to receiving the answer.",
			Buckets: decisionBuckets,
		}, []string{"variant"}),
		processing: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    nameActionProcessing,
			Help:    "The referee's own time to accept one action: its store write, applying it and sending its events; the seat's decision time excluded (the store write alone: bezique_store_write_duration_seconds{op=\"append\"}).",
			Buckets: processingBuckets,
		}),
		timeouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameDecisionTimeouts,
			Help: "Decision requests that a seat did not answer in time, by rule variant.",
		}, []string{"variant"}),
		interventions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameInterventions,
			Help: "Referee interventions in a game (auto-play on a seat's behalf, forfeit), by kind.",
		}, []string{"kind"}),
		reconnects: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameSeatReconnects,
			Help: "Seat streams that reattached to a seat that had been disconnected.",
		}),
		storeWrite: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    nameStoreWriteDuration,
			Help:    "Duration of one write to the game store, by operation.",
			Buckets: storeBuckets,
		}, []string{"op"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameStoreErrors,
			Help: "Store writes that failed, by operation; /readyz answers 503 until a write succeeds again.",
		}, []string{"op"}),
		quarantined: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: nameTablesQuarantined,
			Help: "Tables found at start whose stored data cannot be read or replayed; they are not played.",
		}),
		tourneyPlanned: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameTourneyScheduled,
			Help: "Tournament games scheduled: all of a new tournament's, the unplayed ones of a tournament resumed at start.",
		}),
		tourneyInPlay: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: nameTourneyInPlay,
			Help: "Tournament games in play now.",
		}),
		tourneyBotsAway: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: nameTourneyBotsAway,
			Help: "Lobby bots whose tournament games are put off now (away, or unable to take their seats, within the absence grace), once per tournament that waits for them.",
		}),
		tourneyFinished: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameTourneyFinished,
			Help: "Tournament games that ended and whose result is stored.",
		}),
		tourneyFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameTourneyFailures,
			Help: "Tournament games that failed (the store out of reach, say) and are played again.",
		}),
		knownStates:   set(tableStates),
		knownVariants: set(variants),
		knownResults:  set(results),
		knownKinds:    set(interventionKinds),
		quotaRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameQuotaRefusals,
			Help: "Calls refused by a per-principal, per-table or per-seat limit (ResourceExhausted), by limit.",
		}, []string{"limit"}),
		leasesHeld: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: nameLeasesHeld,
			Help: "Leases this referee holds on a store shared with other referees (PostgreSQL), by kind (table, tournament), as of the last renewal.",
		}, []string{"kind"}),
		leaseTakeovers: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameLeaseTakeovers,
			Help: "Expired leases this referee took over from a referee that stopped renewing them, by kind (table, tournament).",
		}, []string{"kind"}),
		leaseLosses: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameLeaseLosses,
			Help: "Tables and tournaments this referee stopped because it lost their lease: another referee took it over, or its renewals failed for the lease's whole term (the store out of reach, a pause).",
		}),
		leasesIdle: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameLeasesIdle,
			Help: "Leases this referee held with nothing loaded under them (a takeover whose load failed or whose answer it did not wait for) and released for another takeover, by kind (table, tournament).",
		}, []string{"kind"}),
		forwarded: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: nameForwardedCalls,
			Help: "Calls and streams forwarded, or tried (an owner that does not answer included), to the referee that owns their table or runs their tournament, by gRPC service and method.",
		}, []string{"grpc_service", "grpc_method"}),
		connsRefused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameConnsRefused,
			Help: "Connections to the port closed as soon as accepted: their client address had --max-conns-per-addr open.",
		}),
		connsUnread: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameConnsUnread,
			Help: "Native gRPC connections to the port closed because their answers went unread: one waiting on its client's HTTP/2 window was sent less than 16 KiB in --send-stall, a write waited that long, or a window was raised above 2^31-1.",
		}),
		arrivingRefused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameArrivingRefused,
			Help: "Connect and gRPC-Web request messages refused because the bytes held of messages still arriving were at --max-arriving-bytes, or their connection's at an eighth of it.",
		}),
		callsBounded: prometheus.NewCounter(prometheus.CounterOpts{
			Name: nameCallsBounded,
			Help: "Unary calls that arrived without a deadline and were ended DeadlineExceeded at --call-timeout (a store out of reach, most likely).",
		}),
		knownStoreOps: set(storeOps),
		knownLimits:   set(limits),
	}
	m.defaultVersion, m.defaultRevision = stampedBuild()
	tlsExpiry := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: nameTLSCertExpiry,
		Help: "When the TLS certificate the referee serves now expires (its NotAfter), in seconds since the Unix epoch; 0 without TLS.",
	}, m.tlsCertificateExpiry)

	// Pre-create every series with a known label value at zero, so that
	// rate() and absent() behave from the first scrape.
	for _, s := range tableStates {
		m.tables.WithLabelValues(s)
	}
	for _, v := range variants {
		for _, r := range results {
			m.gamesFinished.WithLabelValues(v, r)
		}
		for _, r := range []string{ResultCompleted, ResultForfeit} {
			m.gameDuration.WithLabelValues(v, r)
		}
		for _, o := range outcomes {
			m.actions.WithLabelValues(v, o)
		}
		m.decision.WithLabelValues(v)
		m.timeouts.WithLabelValues(v)
	}
	for _, k := range interventionKinds {
		m.interventions.WithLabelValues(k)
	}
	for _, op := range storeOps {
		m.storeWrite.WithLabelValues(op)
		m.storeErrors.WithLabelValues(op)
	}
	for _, l := range limits {
		m.quotaRefusals.WithLabelValues(l)
	}
	for _, fm := range forwardedMethods {
		m.forwarded.WithLabelValues(splitMethod(fm))
	}
	for _, k := range []string{"table", "tournament"} {
		m.leasesHeld.WithLabelValues(k)
		m.leaseTakeovers.WithLabelValues(k)
		m.leasesIdle.WithLabelValues(k)
	}
	m.SetBuildInfo("", "", "")

	reg.MustRegister(
		m.grpc,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.buildInfo,
		m.tables,
		m.streamsOpen,
		m.gamesFinished,
		m.gameDuration,
		m.actions,
		m.decision,
		m.processing,
		m.timeouts,
		m.interventions,
		m.reconnects,
		m.storeWrite,
		m.storeErrors,
		m.quarantined,
		m.tourneyPlanned,
		m.tourneyInPlay,
		m.tourneyBotsAway,
		m.tourneyFinished,
		m.tourneyFailures,
		m.quotaRefusals,
		tlsExpiry,
		m.leasesHeld,
		m.leaseTakeovers,
		m.leaseLosses,
		m.leasesIdle,
		m.forwarded,
		m.connsRefused,
		m.connsUnread,
		m.arrivingRefused,
		m.callsBounded,
	)
	return m
}

// SetBuildInfo sets bezique_build_info to the given version and VCS revision
// (the values main receives through -ldflags -X) and referee id ([Referee.RefereeID]:
// "" when the store is not shared). An empty version or revision keeps the value the Go
// toolchain stamped into the binary, or "unknown".
func (m *Metrics) SetBuildInfo(version, revision, referee string) {
	if m == nil {
		return
	}
	if version == "" {
		version = m.defaultVersion
	}
	if revision == "" {
		revision = m.defaultRevision
	}
	m.buildInfo.Reset()
	m.buildInfo.WithLabelValues(version, revision, runtime.Version(), referee).Set(1)
}

// stampedBuild returns the module version and VCS revision that the Go
// toolchain recorded in the binary, or "unknown" for each it lacks.
func stampedBuild() (version, revision string) {
	version, revision = "unknown", "unknown"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version, revision
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		version = v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			revision = s.Value
		}
	}
	return version, revision
}

// UnaryServerInterceptor returns the interceptor that records the standard
// grpc_server_* metrics for unary RPCs. Install it with
// [grpc.ChainUnaryInterceptor].
func (m *Metrics) UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	if m == nil {
		return func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			return handler(ctx, req)
		}
	}
	count := m.grpc.UnaryServerInterceptor()
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		markCounted(ctx) // over HTTP: not to be counted again as refused (countRefusal)
		return count(ctx, req, info, handler)
	}
}

// StreamServerInterceptor returns the interceptor that records the standard
// grpc_server_* metrics for streaming RPCs (seat streams among them). Install
// it with [grpc.ChainStreamInterceptor].
func (m *Metrics) StreamServerInterceptor() grpc.StreamServerInterceptor {
	if m == nil {
		return func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
			return handler(srv, ss)
		}
	}
	return m.grpc.StreamServerInterceptor()
}

// InitializeMetrics creates the grpc_server_* series at zero for every method
// registered on server (a *[grpc.Server]). Call it after registering all
// services and before serving.
func (m *Metrics) InitializeMetrics(server reflection.ServiceInfoProvider) {
	if m == nil {
		return
	}
	m.grpc.InitializeMetrics(server)
}

// TableStateChanged moves one table from state from to state to in
// bezique_tables, which counts only TableWaiting and TablePlaying: an empty or
// ended from means the table was not counted (it is new); an empty or ended to
// means it no longer counts (it ended, or the referee stopped running it).
func (m *Metrics) TableStateChanged(from, to string) {
	if m == nil || from == to {
		return
	}
	if m.knownStates[from] {
		m.tables.WithLabelValues(from).Dec()
	}
	if m.knownStates[to] {
		m.tables.WithLabelValues(to).Inc()
	}
}

// GameFinished counts one game of the given variant that ended with result
// (completed, forfeit, cancelled or expired).
func (m *Metrics) GameFinished(variant, result string) {
	if m == nil {
		return
	}
	m.gamesFinished.WithLabelValues(known(m.knownVariants, variant), known(m.knownResults, result)).Inc()
}

// ObserveGameDuration records the wall time d of a game of the given variant that ended with
// result completed or forfeit, from its start (every seat joined) to its end; a game that
// started before a restart or a takeover counts from when it first started. Other results
// (cancelled, expired) are not observed: their time is not a game's length.
func (m *Metrics) ObserveGameDuration(variant, result string, d time.Duration) {
	if m == nil || (result != ResultCompleted && result != ResultForfeit) {
		return
	}
	m.gameDuration.WithLabelValues(known(m.knownVariants, variant), result).Observe(d.Seconds())
}

// ActionAccepted counts one action that the referee accepted.
func (m *Metrics) ActionAccepted(variant string) {
	if m == nil {
		return
	}
	m.actions.WithLabelValues(known(m.knownVariants, variant), "accepted").Inc()
}

// ActionRejected counts one action that the referee rejected, counted against its decision
// (Rejection.strikes): an unknown action id, a malformed action or one the rules refuse; not a
// stale answer, nor one that the referee could not store.
func (m *Metrics) ActionRejected(variant string) {
	if m == nil {
		return
	}
	m.actions.WithLabelValues(known(m.knownVariants, variant), "rejected").Inc()
}

// ObserveDecision records a seat's decision time d: from sending it the
// decision request to receiving its answer.
func (m *Metrics) ObserveDecision(variant string, d time.Duration) {
	if m == nil {
		return
	}
	m.decision.WithLabelValues(known(m.knownVariants, variant)).Observe(d.Seconds())
}

// ObserveProcessing records the referee's own time d to accept one action: its store write
// (durable before anyone learns of it), applying it and sending its events.
func (m *Metrics) ObserveProcessing(d time.Duration) {
	if m == nil {
		return
	}
	m.processing.Observe(d.Seconds())
}

// Timeout counts one decision request that a seat did not answer in time.
func (m *Metrics) Timeout(variant string) {
	if m == nil {
		return
	}
	m.timeouts.WithLabelValues(known(m.knownVariants, variant)).Inc()
}

// QuotaRefused counts one call refused by a limit (waiting_per_principal, creates_per_minute,
// watchers_per_table, watchers_per_principal, joins_per_seat, refused_keys_per_addr).
func (m *Metrics) QuotaRefused(limit string) {
	if m == nil {
		return
	}
	m.quotaRefusals.WithLabelValues(known(m.knownLimits, limit)).Inc()
}

// Intervention counts one referee intervention of the given kind
// (auto_play_timeout, auto_play_illegal, auto_play_disconnect, forfeit).
func (m *Metrics) Intervention(kind string) {
	if m == nil {
		return
	}
	m.interventions.WithLabelValues(known(m.knownKinds, kind)).Inc()
}

// StreamOpened counts one more open seat stream; pair it with
// [Metrics.StreamClosed].
func (m *Metrics) StreamOpened() {
	if m == nil {
		return
	}
	m.streamsOpen.Inc()
}

// StreamClosed counts one fewer open seat stream.
func (m *Metrics) StreamClosed() {
	if m == nil {
		return
	}
	m.streamsOpen.Dec()
}

// Reconnect counts one seat stream that reattached to a disconnected seat.
func (m *Metrics) Reconnect() {
	if m == nil {
		return
	}
	m.reconnects.Inc()
}

// ObserveStoreWrite records the duration d of one store write of kind op
// (append, create, finish or update).
func (m *Metrics) ObserveStoreWrite(op string, d time.Duration) {
	if m == nil {
		return
	}
	m.storeWrite.WithLabelValues(known(m.knownStoreOps, op)).Observe(d.Seconds())
}

// StoreError counts one failed store write of kind op (append, create, finish or update).
func (m *Metrics) StoreError(op string) {
	if m == nil {
		return
	}
	m.storeErrors.WithLabelValues(known(m.knownStoreOps, op)).Inc()
}

// SetQuarantined sets the number of quarantined tables (stored tables that cannot be read or
// replayed) found at start.
func (m *Metrics) SetQuarantined(n int) {
	if m == nil {
		return
	}
	m.quarantined.Set(float64(n))
}

// SetTLSCertificate makes bezique_tls_certificate_expiry_timestamp_seconds report notAfter(),
// read at each scrape: when the certificate served now expires (the zero time when none is
// loaded, reported as 0). The referee's main passes its certificate reloader's, so a certificate
// renewed on disk shows at the first scrape after it is loaded.
func (m *Metrics) SetTLSCertificate(notAfter func() time.Time) {
	if m == nil {
		return
	}
	m.tlsNotAfter.Store(&notAfter)
}

// tlsCertificateExpiry is the value of bezique_tls_certificate_expiry_timestamp_seconds.
func (m *Metrics) tlsCertificateExpiry() float64 {
	f := m.tlsNotAfter.Load()
	if f == nil {
		return 0
	}
	t := (*f)()
	if t.IsZero() {
		return 0
	}
	return float64(t.Unix())
}

// MetricsHandler returns the HTTP handler that serves the metrics gathered
// from g (the registry passed to [NewMetrics]) in the Prometheus text format,
// or OpenMetrics when the scraper asks for it. The referee mounts it at
// /metrics on its metrics port, next to /healthz and /readyz. If a collector
// fails, the metrics that could be gathered are still served.
func MetricsHandler(g prometheus.Gatherer) http.Handler {
	return promhttp.HandlerFor(g, promhttp.HandlerOpts{
		ErrorHandling:     promhttp.ContinueOnError,
		EnableOpenMetrics: true,
	})
}

func set(values []string) map[string]bool {
	s := make(map[string]bool, len(values))
	for _, v := range values {
		s[v] = true
	}
	return s
}

// known returns v if it is in the known set, and [LabelOther] otherwise.
func known(set map[string]bool, v string) string {
	if set[v] {
		return v
	}
	return LabelOther
}

// metricVariant is the variant's metric label value: the engine name with '_' for '-' (two_handed,
// four_handed_individual, ...), the spelling deploy/grafana and deploy/prometheus select on.
func metricVariant(v engine.Variant) string {
	b := []byte(v)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// TournamentGamesScheduled counts n games scheduled by a new tournament.
func (m *Metrics) TournamentGamesScheduled(n int) {
	if m == nil {
		return
	}
	m.tourneyPlanned.Add(float64(n))
}

// TournamentGameStarted counts a tournament game entering play; TournamentGameEnded counts one
// leaving it, whether its result is stored or not (the referee stopping first).
func (m *Metrics) TournamentGameStarted() {
	if m == nil {
		return
	}
	m.tourneyInPlay.Inc()
}

// TournamentGameEnded counts a tournament game leaving play: see [Metrics.TournamentGameStarted].
func (m *Metrics) TournamentGameEnded() {
	if m == nil {
		return
	}
	m.tourneyInPlay.Dec()
}

// TournamentBotsAway adds n (negative to take away) to the lobby bots whose tournament games are
// put off now.
func (m *Metrics) TournamentBotsAway(n int) {
	if m == nil {
		return
	}
	m.tourneyBotsAway.Add(float64(n))
}

// TournamentResultStored counts a tournament game's result stored, by its runner or by a cancel
// that found the game ended.
func (m *Metrics) TournamentResultStored() {
	if m == nil {
		return
	}
	m.tourneyFinished.Inc()
}

// TournamentGameFailed counts a tournament game that failed and is played again (runTourney).
func (m *Metrics) TournamentGameFailed() {
	if m == nil {
		return
	}
	m.tourneyFailures.Inc()
}

// LeasesHeld sets the number of leases of kind (store.LeaseTable or store.LeaseTournament) the
// referee holds.
func (m *Metrics) LeasesHeld(kind store.LeaseKind, n int) {
	if m == nil {
		return
	}
	m.leasesHeld.WithLabelValues(string(kind)).Set(float64(n))
}

// LeasesTakenOver counts n expired leases of kind taken over.
func (m *Metrics) LeasesTakenOver(kind store.LeaseKind, n int) {
	if m == nil {
		return
	}
	m.leaseTakeovers.WithLabelValues(string(kind)).Add(float64(n))
}

// LeaseLost counts one table or tournament stopped because its lease was lost: another referee
// took it over, or this referee's renewals failed for the lease's whole term.
func (m *Metrics) LeaseLost() {
	if m == nil {
		return
	}
	m.leaseLosses.Inc()
}

// LeasesReleasedIdle counts n leases of kind released because nothing was loaded under them: a
// takeover whose load failed, a table stopped here (releaseIdleLeases).
func (m *Metrics) LeasesReleasedIdle(kind store.LeaseKind, n int) {
	if m == nil {
		return
	}
	m.leasesIdle.WithLabelValues(string(kind)).Add(float64(n))
}

// Forwarded counts one call or stream of fullMethod ("/bezique.v1.SeatService/Connect")
// forwarded to the referee that owns its table or runs its tournament. A method outside
// forwardedMethods (none is: the referee forwards only those) is counted as LabelOther.
func (m *Metrics) Forwarded(fullMethod string) {
	if m == nil {
		return
	}
	if !slices.Contains(forwardedMethods, fullMethod) {
		m.forwarded.WithLabelValues(LabelOther, LabelOther).Inc()
		return
	}
	m.forwarded.WithLabelValues(splitMethod(fullMethod)).Inc()
}

// splitMethod returns the service and the method of a full method name
// ("/bezique.v1.SeatService/Connect": "bezique.v1.SeatService", "Connect"), as the gRPC metrics
// label them.
func splitMethod(fullMethod string) (service, method string) {
	service, method, _ = strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
	return service, method
}

// ConnectionRefused counts one connection closed as soon as accepted, its client address at
// PortConfig.MaxConnsPerAddr.
func (m *Metrics) ConnectionRefused() {
	if m == nil {
		return
	}
	m.connsRefused.Inc()
}

// ConnectionUnread counts one native gRPC connection closed by the port because its answers
// went unread ([unreadWatch]).
func (m *Metrics) ConnectionUnread() {
	if m == nil {
		return
	}
	m.connsUnread.Inc()
}

// ArrivingRefused counts one Connect or gRPC-Web request message refused for want of
// HTTPConfig.MaxArrivingBytes ([arrivingBudget]).
func (m *Metrics) ArrivingRefused() {
	if m == nil {
		return
	}
	m.arrivingRefused.Inc()
}

// CallBounded counts one unary call that arrived without a deadline and was ended at
// Config.CallTimeout ([Server.BoundCalls]).
func (m *Metrics) CallBounded() {
	if m == nil {
		return
	}
	m.callsBounded.Inc()
}
