// Command bezique-referee serves the bezique.v1 TableService, SeatService and KeyService over gRPC,
// and on the same port over gRPC-Web and the Connect protocol (JSON over HTTP, for browsers), with
// the web app (package web) at /: it hosts Bézique tables, seats bots as bidirectional streams,
// keeps the clocks, records every game and exports Prometheus metrics.
//
// Every flag can also be set by an environment variable: --max-tables is BEZIQUE_MAX_TABLES.
// Run it with --help for the list and the defaults.
//
// "bezique-referee backup --store sqlite:PATH --to FILE" copies a SQLite store, while a referee
// runs on it or not, to a new file (backup.go; docs/OPERATIONS.md, "Backups").
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	flag "github.com/spf13/pflag"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/bezique-arena/bezique/internal/buildinfo"
	beziquev1 "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// version and commit are stamped by the build: -ldflags "-X main.version=... -X main.commit=...";
// unstamped, buildinfo.Version takes them from the module's build information.
var version, commit string

// config is the referee's configuration, from flags and BEZIQUE_* environment variables.
type config struct {
	listen    string
	advertise string
	peerCA    string
	// The referee's own identity to the other referees sharing the store (shared.go).
	peerTLSCert    string
	peerTLSKey     string
	peerSecretFile string
	trustedProxies string // comma-separated CIDRs; proxies holds them parsed
	proxies        []netip.Prefix
	storeWait      time.Duration
	metricsListen  string
	store          string
	drainTimeout   time.Duration
	maxTables      int
	// The per-principal limits and the waiting tables' expiry (service.Config).
	maxWaiting           int
	maxTablesPrincipal   int
	maxScheduled         int
	createsPerMinute     int
	maxWatchersTable     int
	maxWatchersPrincipal int
	maxTarget            int
	maxStreamsPerConn    uint
	maxConnsPerAddr      int
	waitingExpiry        time.Duration
	seatQueue            int
	pingInterval         time.Duration
	joinTimeout          time.Duration
	recoveryGrace        time.Duration
	callTimeout          time.Duration
	sendStall            time.Duration
	pprof                bool
	logLevel             string
	showVersion          bool
	adminKey             string // the first admin key (auth.go); empty with adminKeyFile empty: open mode
	adminKeyFile         string
	http                 httpOptions

	// TLS (cmd/bezique-referee/tls.go).
	tlsCert     string
	tlsKey      string
	tlsClientCA string
	tlsReload   time.Duration
	insecure    bool
}

// newFlagSet returns the referee's flags, bound to c's fields.
func newFlagSet(c *config) *flag.FlagSet {
	fs := flag.NewFlagSet("bezique-referee", flag.ContinueOnError)
	fs.SortFlags = false
	fs.StringVar(&c.listen, "listen", "127.0.0.1:7777", "gRPC and HTTP (gRPC-Web, Connect) listen address (host:port; port 0 picks a free port); other than loopback it needs TLS and an admin key, or --insecure")
	fs.StringVar(&c.advertise, "advertise", "", "with a PostgreSQL store shared by several referees: the host:port at which the others reach this one, to forward the calls about its tables (default: --listen's address, with the host name when it listens on every interface); a host:port gRPC can dial, checked at start")
	fs.StringVar(&c.peerCA, "peer-ca", "", "with TLS and a shared PostgreSQL store: PEM CA certificates to verify the other referees' certificates when forwarding to them (default: the system's roots)")
	fs.StringVar(&c.peerTLSCert, "peer-tls-cert", "", "with TLS and a shared PostgreSQL store: PEM client certificate (chain) this referee presents to the others when forwarding to them, needed when they require client certificates (--tls-client-ca); read again every --tls-reload")
	fs.StringVar(&c.peerTLSKey, "peer-tls-key", "", "PEM private key of --peer-tls-cert")
	fs.StringVar(&c.peerSecretFile, "peer-secret-file", "", "with a shared PostgreSQL store: a file holding the secret (at least 24 bytes) that every referee of the deployment has; a call forwarded with it counts the per-principal limits for its original caller, not for the forwarding referee (docs/SECURITY.md). More lines: secrets also taken from the other referees, during a rotation (docs/OPERATIONS.md)")
	fs.StringVar(&c.trustedProxies, "trusted-proxies", "", "comma-separated CIDRs of the reverse proxies in front of the referee (an ingress controller's or a Gateway's pods: 10.244.0.0/16); a call from one is counted, for the per-principal limits, under the client address its X-Forwarded-For names (the rightmost not itself in these ranges); the header is ignored from any other peer (docs/SECURITY.md)")
	fs.StringVar(&c.metricsListen, "metrics-listen", "127.0.0.1:9090", "HTTP address for /metrics, /healthz, /readyz (empty: off)")
	fs.StringVar(&c.store, "store", "sqlite:bezique-data/bezique.db", "storage: sqlite:PATH, postgres://..., or memory (nothing durable)")
	fs.DurationVar(&c.storeWait, "store-wait", time.Minute, "at start, how long to keep trying a store that cannot be opened (a PostgreSQL server still starting) before giving up")
	fs.DurationVar(&c.drainTimeout, "drain-timeout", 5*time.Minute, "on SIGTERM, how long games in play may run on before the referee stops")
	fs.IntVar(&c.maxTables, "max-tables", 10_000, "most waiting and playing tables at once")
	fs.IntVar(&c.maxWaiting, "max-waiting-per-principal", service.DefaultMaxWaitingPerPrincipal, "most tables one principal (API key, else client IP address) may have waiting for their seats, over every referee sharing a PostgreSQL store")
	fs.IntVar(&c.maxTablesPrincipal, "max-tables-per-principal", service.DefaultMaxTablesPerPrincipal, "most tables one principal (API key, else client IP address) may have waiting for their seats or in play, over every referee sharing a PostgreSQL store (a tournament's games are not counted)")
	fs.IntVar(&c.maxScheduled, "max-scheduled-games-per-principal", service.DefaultMaxScheduledGamesPerPrincipal, "most games the running tournaments of one organiser key may schedule in all, over every referee sharing a PostgreSQL store (admins are not counted)")
	fs.IntVar(&c.createsPerMinute, "creates-per-minute", service.DefaultCreatesPerMinute, "tables one principal may create per minute (a token bucket of that size), over every referee sharing a PostgreSQL store")
	fs.IntVar(&c.maxWatchersTable, "max-watchers-per-table", service.DefaultMaxWatchersPerTable, "most spectator streams of one table")
	fs.IntVar(&c.maxWatchersPrincipal, "max-watchers-per-principal", service.DefaultMaxWatchersPerPrincipal, "most spectator streams of one principal, over all tables")
	fs.IntVar(&c.maxTarget, "max-target", service.DefaultMaxTarget, "highest game target (option target, RULES.md §4) of a new table or tournament, in points (a longer game's record may not fit an HTTP API message)")
	fs.DurationVar(&c.http.maxConnectionIdle, "max-connection-idle", service.DefaultMaxConnectionIdle, "how long a client connection may carry no call or stream before the referee closes it (gRPC: GOAWAY; clients reconnect at their next call), on --listen and, between requests, on --metrics-listen; 0: never")
	fs.UintVar(&c.maxStreamsPerConn, "max-streams-per-conn", service.DefaultMaxStreamsPerConn, "most concurrent streams (gRPC, Connect and gRPC-Web calls) on one HTTP/2 connection (SETTINGS_MAX_CONCURRENT_STREAMS)")
	fs.IntVar(&c.maxConnsPerAddr, "max-conns-per-addr", service.DefaultMaxConnsPerAddr, "most connections open at once from one client address (an IPv6 address's /64); one past it is closed at once; loopback and --trusted-proxies are not counted; 0: no limit (docs/SECURITY.md)")
	fs.Int64Var(&c.http.maxArrivingBytes, "max-arriving-bytes", service.DefaultMaxArrivingBytes, "most bytes held, all clients together, of Connect and gRPC-Web request messages not yet arrived whole, and an eighth of it for one connection's and one client address's; a message past it is refused with RESOURCE_EXHAUSTED; at least 16777216 (docs/SECURITY.md)")
	fs.DurationVar(&c.waitingExpiry, "waiting-expiry", service.DefaultWaitingExpiry, "how long a table may wait for its seats before it ends as expired")
	fs.IntVar(&c.seatQueue, "seat-queue", 1024, "messages queued per seat stream before a bot that does not read is disconnected")
	fs.DurationVar(&c.pingInterval, "ping-interval", 5*time.Second, "how often a seat is pinged to measure its round-trip time (a seat sent other messages meanwhile: every fourth time)")
	fs.DurationVar(&c.joinTimeout, "join-timeout", service.DefaultJoinTimeout, "how long a new seat stream may take to send its Join")
	fs.DurationVar(&c.recoveryGrace, "recovery-grace", service.DefaultRecoveryGrace, "least disconnect grace of a seat whose bot was away when its table was recovered from the store (a restart, a takeover): a table's own grace when longer")
	fs.DurationVar(&c.callTimeout, "call-timeout", service.DefaultCallTimeout, "how long a unary call that carries no deadline may run before it fails DEADLINE_EXCEEDED (LobbyService.Challenge excepted): a store that is reachable but silent (PostgreSQL stopped or hung) otherwise holds such a call until its client gives up; a stream's first store read (which referee holds its table) is bounded the same way, and ends UNAVAILABLE")
	fs.DurationVar(&c.sendStall, "send-stall", service.DefaultSendStall, "how long a message to a seat, or each 32 KiB of an HTTP answer (16 KiB of a native gRPC one whose client keeps its HTTP/2 window shut), may wait for its client to read before the stream is dropped (the HTTP call ended, the gRPC connection closed)")
	fs.BoolVar(&c.pprof, "pprof", false, "serve /debug/pprof/ on the metrics address, at an IP address, localhost or a name of --allowed-hosts only (DNS rebinding)")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.BoolVar(&c.showVersion, "version", false, "print the version and exit")
	fs.StringVar(&c.adminKey, "admin-key", "", "the first admin API key, at least 24 bytes: turns on authentication (docs/SECURITY.md); prefer BEZIQUE_ADMIN_KEY or --admin-key-file, a command line is visible to other users")
	fs.StringVar(&c.adminKeyFile, "admin-key-file", "", "a file holding the first admin API key (as --admin-key)")
	fs.StringVar(&c.http.corsOrigins, "cors-origins", "", "comma-separated origins browsers may call the API from (https://play.example.com; * for any); empty: no cross-origin access")
	fs.StringVar(&c.http.allowedHosts, "allowed-hosts", "", "without authentication: comma-separated host names (referee.lan) whose Host the HTTP face (web app, Connect, gRPC-Web) serves besides IP addresses and localhost; any other is refused 403, against DNS rebinding (docs/SECURITY.md). With keys every Host is served; /debug/pprof (--pprof) is checked either way")
	fs.StringVar(&c.http.embedFrameAncestors, "embed-frame-ancestors", "", "comma-separated sources that may show the web app's /embed/t/{id} in a frame (https://club.example.com; CSP frame-ancestors); empty: any site")
	fs.StringVar(&c.tlsCert, "tls-cert", "", "PEM certificate (chain) served on the gRPC and metrics addresses; with --tls-key, turns TLS on")
	fs.StringVar(&c.tlsKey, "tls-key", "", "PEM private key of --tls-cert, in the same directory")
	fs.StringVar(&c.tlsClientCA, "tls-client-ca", "", "PEM CA certificates: require client certificates signed by one of them (mTLS)")
	fs.DurationVar(&c.tlsReload, "tls-reload", defaultTLSReload, "how often the TLS files are read again, so renewed ones are served without a restart")
	fs.BoolVar(&c.insecure, "insecure", false, "allow a listen address other than loopback without TLS and an admin key (tokens and keys in cleartext, anyone may call)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: bezique-referee [flags]\n       bezique-referee backup --store sqlite:PATH --to FILE   (bezique-referee backup --help)\n\nServes Bézique tables over gRPC, gRPC-Web and the Connect protocol (bezique.v1;\ndocs/INTEGRATE.md). Every flag may also be set by the\nenvironment variable BEZIQUE_<FLAG> (upper case, '-' as '_'), e.g. BEZIQUE_STORE.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags reads the flags (GNU style, --name value or --name=value, as the bezique CLI's) over
// the BEZIQUE_* environment variables. A single-dash long flag (-store), which the referee
// accepted before, is read as its double-dash form.
func parseFlags(args []string) (config, error) {
	var c config
	fs := newFlagSet(&c)
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := flagEnv(f.Name)
		if v, ok := os.LookupEnv(name); ok {
			if err := f.Value.Set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s=%q: %w", name, v, err)
			}
		}
	})
	if envErr != nil {
		return c, envErr
	}
	args = append([]string(nil), args...)
	for i, a := range args {
		if a == "--" {
			break
		}
		if name, _, _ := strings.Cut(strings.TrimPrefix(a, "-"), "="); len(a) > 2 && a[0] == '-' && a[1] != '-' && fs.Lookup(name) != nil {
			args[i] = "-" + a
		}
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	for p := range strings.SplitSeq(c.trustedProxies, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			return c, fmt.Errorf("--trusted-proxies (BEZIQUE_TRUSTED_PROXIES) = %q: %w; want CIDRs, comma-separated (10.244.0.0/16,2001:db8::/64)", c.trustedProxies, err)
		}
		c.proxies = append(c.proxies, prefix.Masked())
	}
	return c, c.validate()
}

// validate refuses values the referee cannot run with, naming the flag (and its variable),
// rather than replacing them by a default behind the operator's back.
func (c config) validate() error {
	for _, f := range []struct {
		name string
		bad  bool
		want string
	}{
		{"max-tables", c.maxTables < 1, fmt.Sprint(c.maxTables, "; want at least 1")},
		{"seat-queue", c.seatQueue < 1, fmt.Sprint(c.seatQueue, "; want at least 1")},
		{"ping-interval", c.pingInterval <= 0, fmt.Sprint(c.pingInterval, "; want more than 0")},
		{"join-timeout", c.joinTimeout <= 0, fmt.Sprint(c.joinTimeout, "; want more than 0")},
		{"recovery-grace", c.recoveryGrace <= 0, fmt.Sprint(c.recoveryGrace, "; want more than 0")},
		{"call-timeout", c.callTimeout < time.Second, fmt.Sprint(c.callTimeout, "; want at least 1s (a shorter bound fails calls a store answers in time)")},
		{"send-stall", c.sendStall <= 0, fmt.Sprint(c.sendStall, "; want more than 0")},
		{"drain-timeout", c.drainTimeout < 0, fmt.Sprint(c.drainTimeout, "; want 0 or more")},
		{"store-wait", c.storeWait < 0, fmt.Sprint(c.storeWait, "; want 0 or more")},
		{"max-waiting-per-principal", c.maxWaiting < 1, fmt.Sprint(c.maxWaiting, "; want at least 1")},
		{"max-tables-per-principal", c.maxTablesPrincipal < 1, fmt.Sprint(c.maxTablesPrincipal, "; want at least 1")},
		{"max-scheduled-games-per-principal", c.maxScheduled < 1, fmt.Sprint(c.maxScheduled, "; want at least 1")},
		{"creates-per-minute", c.createsPerMinute < 1, fmt.Sprint(c.createsPerMinute, "; want at least 1")},
		{"max-watchers-per-table", c.maxWatchersTable < 1, fmt.Sprint(c.maxWatchersTable, "; want at least 1")},
		{"max-watchers-per-principal", c.maxWatchersPrincipal < 1, fmt.Sprint(c.maxWatchersPrincipal, "; want at least 1")},
		{"max-target", c.maxTarget < 1, fmt.Sprint(c.maxTarget, "; want at least 1")},
		{"max-connection-idle", c.http.maxConnectionIdle < 0, fmt.Sprint(c.http.maxConnectionIdle, "; want 0 (never) or more")},
		{"max-streams-per-conn", c.maxStreamsPerConn < 1 || c.maxStreamsPerConn > math.MaxUint32, fmt.Sprint(c.maxStreamsPerConn, "; want 1 to 4294967295")},
		{"max-conns-per-addr", c.maxConnsPerAddr < 0, fmt.Sprint(c.maxConnsPerAddr, "; want 0 (no limit) or more")},
		{"max-arriving-bytes", c.http.maxArrivingBytes < 16<<20, fmt.Sprint(c.http.maxArrivingBytes, "; want at least 16777216 (16 MiB: a connection's eighth of it holds a message of the most, 1 MiB, and more)")},
		{"waiting-expiry", c.waitingExpiry <= 0, fmt.Sprint(c.waitingExpiry, "; want more than 0")},
		{"advertise", c.advertise != "" && !hostPort(c.advertise), fmt.Sprintf("%q; want host:port, a host name or IP address that gRPC dials and a port 1 to 65535", c.advertise)},
		{"admin-key", c.adminKey != "" && len(c.adminKey) < service.MinAdminKeyLen, // its length only: the key is a secret
			fmt.Sprintf("a key of %d bytes; want at least %d (openssl rand -base64 32)", len(c.adminKey), service.MinAdminKeyLen)},
	} {
		if f.bad {
			return fmt.Errorf("--%s (BEZIQUE_%s) = %s", f.name, strings.ToUpper(strings.ReplaceAll(f.name, "-", "_")), f.want)
		}
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.logLevel)); err != nil {
		return fmt.Errorf("--log-level (BEZIQUE_LOG_LEVEL) = %q; want debug, info, warn or error", c.logLevel)
	}
	// Pairs of flags, refused here with the rest (exit status 2): at the start of run they exited 1 (a docs audit).
	if (c.tlsCert == "") != (c.tlsKey == "") {
		return errors.New("--tls-cert and --tls-key go together")
	}
	if c.tlsClientCA != "" && c.tlsCert == "" {
		return errors.New("--tls-client-ca needs --tls-cert and --tls-key")
	}
	if (c.peerTLSCert == "") != (c.peerTLSKey == "") {
		return errors.New("--peer-tls-cert and --peer-tls-key go together")
	}
	return nil
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "backup" {
		os.Exit(runBackup(os.Args[2:], os.Stdout, os.Stderr))
	}
	c, err := parseFlags(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bezique-referee:", err)
		os.Exit(2)
	}
	version, commit = buildinfo.Version(version, commit)
	if c.showVersion {
		fmt.Printf("bezique-referee %s, commit %s\n", version, commit)
		return
	}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "bezique-referee:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.logLevel)) // validate checked it
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	warnUnknownEnv(newFlagSet(&config{}), log.Warn)
	if err := checkExposure(c); err != nil {
		return err
	}
	certs, err := newServerCerts(c, log)
	if err != nil {
		return err
	}
	if certs != nil {
		defer certs.Close()
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	var st store.Store
	if c.store != "memory" {
		var err error
		if st, err = openStore(ctx, c.store, c.storeWait, log); err != nil {
			if errors.Is(err, store.ErrLocked) || errors.Is(err, store.ErrNewerSchema) { // the store is right, and the message says what to do
				return fmt.Errorf("--store %q: %w", store.Redact(c.store), err)
			}
			return fmt.Errorf("--store %q: %w (or --store memory for nothing durable)", store.Redact(c.store), err)
		}
		defer st.Close()
		if m, ok := st.(store.Migrated); ok { // what was migrated, when: an upgrade left no trace
			if mig := m.Migration(); mig.From != mig.To {
				log.Info("store schema migrated", "store", store.Redact(c.store), "from_version", mig.From, "to_version", mig.To)
				if len(mig.Live) > 0 {
					log.Warn("store schema migrated while other referees were running on it: stop them, they write the old schema's shape (docs/OPERATIONS.md § Upgrades)",
						"referees", strings.Join(mig.Live, ", "), "from_version", mig.From)
				}
			} else {
				log.Info("store schema current", "store", store.Redact(c.store), "version", mig.To)
			}
		}
	}
	reg := prometheus.NewRegistry()
	metrics := service.NewMetrics(reg)
	if certs != nil {
		metrics.SetTLSCertificate(certs.notAfter)
	}
	auth, err := adminAuth(c) // nil: open mode, no authentication
	if err != nil {
		return err
	}
	if auth == nil {
		if err := checkOpenStore(ctx, st); err != nil {
			return err
		}
		warnOpen(log)
	}
	// Both ports are taken before the referee starts (resumes tables, takes leases), so that a
	// port in use (a second referee on the machine with the default --metrics-listen) stops it
	// before it plays anything, with an error naming the flag.
	lis, err := net.Listen("tcp", c.listen)
	if err != nil {
		return fmt.Errorf("--listen: %w", err)
	}
	var mlis net.Listener
	if c.metricsListen != "" {
		if mlis, err = net.Listen("tcp", c.metricsListen); err != nil {
			lis.Close()
			return fmt.Errorf("--metrics-listen: %w (each referee on a machine needs its own; \"\" for none)", err)
		}
	}
	advertise := advertised(c.advertise, lis.Addr())
	if _, shared := st.(store.Leaser); shared {
		if err := awaitAdvertised(lis, advertise, log); err != nil {
			lis.Close()
			if mlis != nil {
				mlis.Close()
			}
			if errors.Is(err, errAdvertiseElsewhere) {
				return fmt.Errorf("--advertise %w: each referee sharing the store needs an address of its own that reaches it, "+
					"not another referee's nor one that several share (a load balancer's): a referee advertising another's address takes that referee's tables as its own", err)
			}
			return fmt.Errorf("--advertise %s does not reach this referee (%w, for %s): the other referees sharing the store could not forward calls to it, "+
				"and it would take as its own the tables of any referee that advertised that address before; give an address of this referee that it can dial itself", advertise, err, advertiseDialWait)
		}
	}
	peerOpts, closePeerCert, err := peerDialOptions(c)
	if err != nil {
		return err
	}
	defer closePeerCert()
	secret, accepted, err := peerSecret(c)
	if err != nil {
		return err
	}
	srv, err := service.New(ctx, service.Config{Store: st, Metrics: metrics, Logger: log, MaxTables: c.maxTables,
		SeatQueue: c.seatQueue, PingInterval: c.pingInterval, JoinTimeout: c.joinTimeout, RecoveryGrace: c.recoveryGrace, CallTimeout: c.callTimeout, SendStall: c.sendStall, Auth: auth, MaxWaitingPerPrincipal: c.maxWaiting, MaxTablesPerPrincipal: c.maxTablesPrincipal, MaxScheduledGamesPerPrincipal: c.maxScheduled,
		CreatesPerMinute: c.createsPerMinute, MaxWatchersPerTable: c.maxWatchersTable, MaxWatchersPerPrincipal: c.maxWatchersPrincipal, MaxTarget: c.maxTarget,
		WaitingExpiry: c.waitingExpiry, Advertise: advertise, PeerDialOptions: peerOpts, PeerSecret: secret, PeerSecretsAccepted: accepted,
		TrustedProxies: c.proxies})
	if err != nil {
		return err
	}
	warnPeers(c, srv.Shared(), log)
	metrics.SetBuildInfo(version, commit, srv.RefereeID())
	hs := health.NewServer()
	apiFiles, err := beziquev1.SourceFiles()
	if err != nil {
		return fmt.Errorf("the API's descriptors: %w", err)
	}
	register := func(g *grpc.Server) {
		srv.Register(g)
		healthpb.RegisterHealthServer(g, hs)
		service.RegisterReflection(g, apiFiles)
		metrics.InitializeMetrics(g)
	}
	var portTLS *tls.Config
	if certs != nil {
		portTLS = certs.config("h2", "http/1.1")
	}
	// Without keys any page a browser shows could call the HTTP face by DNS rebinding.
	c.http.checkHost = auth == nil
	// TLS ends at the port, in front of gRPC and HTTP alike: the gRPC server has no credentials.
	port, err := serve(lis, c.http, service.PortConfig{TLS: portTLS, MaxStreamsPerConn: uint32(c.maxStreamsPerConn),
		MaxConnsPerAddr: c.maxConnsPerAddr, ConnsUnlimited: connsUnlimited(c.proxies), SendStall: c.sendStall, Metrics: metrics, Logger: log},
		register, append(append(append(service.ServerOptions(metrics), srv.LogFailures()...), srv.BoundCalls()), srv.AuthOptions()...)...)
	if err != nil {
		return err
	}

	var ready atomic.Bool // true until the drain begins; the drain writes it while /readyz reads it
	ready.Store(true)
	if c.metricsListen != "" {
		mux := metricsMux(reg, &ready, srv.StoreHealth, c.pprof, splitList(c.http.allowedHosts))
		hsrv := metricsServer(mux, c.http.maxConnectionIdle, log)
		if certs != nil {
			mlis = tls.NewListener(mlis, certs.config("http/1.1"))
		}
		go func() { _ = hsrv.Serve(mlis) }()
		defer hsrv.Close()
		log.Info("serving metrics", "addr", mlis.Addr().String())
	}
	served := make(chan error, 1)
	go func() { served <- port.Serve() }()
	shared := []any{"shared", srv.Shared()}
	if srv.Shared() { // the id the others' logs and errors name this referee by, and where they reach it
		shared = append(shared, "referee", srv.RefereeID(), "advertise", advertise)
	}
	log.Info("serving gRPC, gRPC-Web and Connect (JSON over HTTP)", append([]any{"addr", lis.Addr().String(), "store", store.Redact(c.store),
		"version", version, "tls", certs != nil, "mtls", certs != nil && certs.mtls}, shared...)...)
	fmt.Fprintf(os.Stderr, "bezique-referee: serving gRPC on %s\n", lis.Addr())

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stopAtSecondSignal(log, c.store != "memory")
	drain(log, &ready, hs, srv, c.drainTimeout)
	port.Stop(5 * time.Second)
	log.Info("stopped")
	return nil
}

// stopAtSecondSignal makes a second SIGINT or SIGTERM, during the drain, end the process at
// once with status 1: games in play stop where they are and, with a durable store, resume on the
// next start (every action a seat was told of is already stored); without one they are lost, and
// the log says so (it promised a resume with --store memory, an outside trial).
func stopAtSecondSignal(log *slog.Logger, durable bool) {
	second := make(chan os.Signal, 1)
	signal.Notify(second, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		sig := <-second
		if durable {
			log.Warn("second signal: stopping now; unfinished games resume on the next start", "signal", sig.String())
		} else {
			log.Warn("second signal: stopping now; unfinished games are lost (--store memory)", "signal", sig.String())
		}
		os.Exit(1)
	}()
}

// metricsMaxHeaderBytes bounds the headers of a request to the metrics port (16 KiB, and the 4
// KiB net/http allows over its bound; its default is 1 MiB): a Prometheus scrape's are a few
// hundred bytes, with a bearer token or a proxy's forwarding headers a few more.
const metricsMaxHeaderBytes = 16 << 10

// metricsServer returns the metrics port's HTTP server, serving h. A connection has
// service.FirstBytesTimeout (10 s, as on the gRPC port) from its start for its request's headers
// (net/http's ReadHeaderTimeout; the TLS handshake too, with TLS), so a client that says nothing
// or sends its headers slowly is closed then; a keep-alive connection idle between requests for
// maxIdle (--max-connection-idle, 0: never) is closed as on the gRPC port (IdleTimeout): its
// default, 5 min, is longer than Prometheus's scrape interval (1 min unless configured), so a
// scraper keeps one connection; a request's headers are bounded by metricsMaxHeaderBytes.
// net/http's own lines (a TLS handshake refused: plain HTTP to the TLS port) go to log, at info
// level: they were written in log's plain format among the structured lines (an integrator's
// trial).
func metricsServer(h http.Handler, maxIdle time.Duration, log *slog.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: service.FirstBytesTimeout, IdleTimeout: maxIdle, MaxHeaderBytes: metricsMaxHeaderBytes,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelInfo)}
}

// metricsMux serves /metrics from reg, /healthz (always "ok"), /readyz ("ready" while ready holds
// and storeHealth returns nil; 503 "draining" once ready is cleared, 503 with the store's error
// while store writes fail) and, with withPprof, /debug/pprof/ at an IP address, localhost or a
// name of allowedHosts only (service.PprofHostGuard).
func metricsMux(reg *prometheus.Registry, ready *atomic.Bool, storeHealth func() error, withPprof bool, allowedHosts []string) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/metrics", service.MetricsHandler(reg))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready.Load() {
			http.Error(w, "draining", http.StatusServiceUnavailable)
			return
		}
		if err := storeHealth(); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	if withPprof {
		for path, h := range map[string]http.HandlerFunc{"/debug/pprof/": pprof.Index, "/debug/pprof/profile": pprof.Profile,
			"/debug/pprof/symbol": pprof.Symbol, "/debug/pprof/trace": pprof.Trace} {
			mux.Handle(path, service.PprofHostGuard(h, allowedHosts))
		}
	}
	return mux
}

// drain is the referee's shutdown before the gRPC server stops: it clears ready (/readyz answers
// 503 from then on), sets the gRPC health service to NOT_SERVING and stops the creation of tables.
// Alone on its store, it lets the games in play run on for up to timeout, then stops every table.
// Sharing its store with other referees (PostgreSQL), it hands its tables over at once
// (service.Referee.Handover): they stop here, their leases are released, and the other referees
// take them over within a second while their bots reconnect through any referee.
func drain(log *slog.Logger, ready *atomic.Bool, hs *health.Server, srv *service.Server, timeout time.Duration) {
	ready.Store(false)
	hs.Shutdown()
	dctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if srv.Shared() {
		log.Info("draining: handing every table over to the other referees sharing the store")
		if err := srv.Handover(dctx); err != nil {
			log.Warn("releasing the leases failed: the other referees take the tables over when they expire", "err", err)
		}
		return
	}
	log.Info("draining: no new tables; games in play may finish; a second signal stops at once", "timeout", timeout)
	if err := srv.Drain(dctx); err != nil {
		log.Warn("drain timeout: stopping with games in play; they resume on the next start", "err", err)
	}
	srv.Close()
}

// hostPort reports whether addr is host:port with a host and a port number from 1 to 65535 that
// gRPC accepts as a target, an address the other referees can dial (a bad --advertise would leave
// every call forwarded to this referee Unavailable while it kept its tables' leases).
func hostPort(addr string) bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return false
	}
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials())) // parses addr; dials nothing yet
	if err != nil {
		return false
	}
	_ = cc.Close()
	return true
}

// advertised returns the address the other referees sharing the store reach this one at: flag
// when set, else the listener's address addr, with the host name in place of an unspecified IP
// (0.0.0.0 or ::).
func advertised(flag string, addr net.Addr) string {
	if flag != "" {
		return flag
	}
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	host, err := os.Hostname()
	if err != nil {
		return addr.String()
	}
	return net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}
