package service

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"
	"google.golang.org/grpc/peer"

	"github.com/bezique-arena/bezique/service/store"
)

// Default per-principal limits of a [Config] that gives none (docs/SECURITY.md, the limits table).
const (
	DefaultMaxWaitingPerPrincipal = 100
	// DefaultMaxTablesPerPrincipal is Config.MaxTablesPerPrincipal's default: a tenth of
	// Config.MaxTables' default (10 000), so that one principal cannot fill a referee's tables.
	DefaultMaxTablesPerPrincipal = 1000
	// DefaultMaxScheduledGamesPerPrincipal is Config.MaxScheduledGamesPerPrincipal's default:
	// the games of one largest tournament (tournament.MaxGames).
	DefaultMaxScheduledGamesPerPrincipal = 1_000_000
	DefaultCreatesPerMinute              = 300
	DefaultMaxWatchersPerTable           = 100
	DefaultMaxWatchersPerPrincipal       = 20
	DefaultWaitingExpiry                 = 30 * time.Minute
)

// maxLimiters bounds the creation-rate limiters kept, one per principal, and the refused-key
// limiters, one per client address: beyond it the least recently used is forgotten, and that
// principal or address starts again with a full bucket.
const maxLimiters = 65_536

// QuotaError is a refusal by one of the referee's limits (ResourceExhausted over gRPC, with a
// google.rpc.QuotaFailure detail naming the principal and the limit and, when waiting helps, a
// google.rpc.RetryInfo detail with RetryDelay).
type QuotaError struct {
	// Subject is the principal refused (quotaKey): "key:" and the API key's principal id, or "ip:"
	// and the peer's IP address; "local" for an in-process call; the seat for the join limit.
	Subject string
	// Description names the limit, its value and its flag: "tables waiting for seats per
	// principal: 2, the limit (--max-waiting-per-principal)…".
	Description string
	// Limit names the limit: a Limit* constant, the limit label of bezique_quota_refusals_total.
	Limit string
	// RetryDelay is how long to wait before the same call can succeed; zero when waiting alone
	// does not help (a count limit frees up only when a table starts or a watch ends).
	RetryDelay time.Duration
}

// Error returns "quota exceeded for SUBJECT: DESCRIPTION" and the retry delay, if any.
func (e *QuotaError) Error() string {
	msg := fmt.Sprintf("quota exceeded for %s: %s", e.Subject, e.Description)
	if e.RetryDelay > 0 {
		msg += fmt.Sprintf("; retry in %s", e.RetryDelay.Round(time.Millisecond))
	}
	return msg
}

// quotaKey is the key of ctx's caller for the per-principal limits: "key:ID" for a caller
// authenticated by an API key (its principal id, see [PrincipalFrom]); otherwise the peer's
// address without its port, so that one host's connections share the limits (behind a trusted
// proxy, the client's it names, and through another referee, the caller's it forwarded: fromProxy
// and fromPeer make those the peer): "ip:ADDR" for IPv4 (an IPv4-mapped IPv6 address too),
// "ip:PREFIX/64" for IPv6, the address's /64 (a host or a home network is given a whole /64 and
// may call from any address in it, each of which would have limits of its own). That is an
// anonymous spectator, and every caller when authentication is off. "" for an in-process call of
// the [Referee], which no per-principal limit applies to.
func quotaKey(ctx context.Context) string {
	if p := PrincipalFrom(ctx); p != Local && p.Role != RoleSpectator {
		return "key:" + p.ID
	}
	return peerKey(ctx)
}

// watchQuotaKey is the key of ctx's caller for Config.MaxWatchersPerPrincipal: [quotaKey], but a
// watcher key's streams count per key and client address together ("key:ID@ip:ADDR"). A site puts
// its watcher key in its public pages (docs/INTEGRATE.md): counted per key, 20 visitors held
// every stream the site had, and one visitor who read the key could hold them all.
func watchQuotaKey(ctx context.Context) string {
	key := quotaKey(ctx)
	if PrincipalFrom(ctx).Role == RoleWatcher {
		if addr := peerKey(ctx); addr != "" {
			return key + "@" + addr
		}
	}
	return key
}

// peerKey is the key of ctx's peer's address ([ipKey]), "" for an in-process call.
func peerKey(ctx context.Context) string {
	pr, ok := peer.FromContext(ctx)
	if !ok || pr.Addr == nil {
		return ""
	}
	return ipKey(pr.Addr.String())
}

// ipKey is the key of a client at addr (host:port, or a bare host) for the limits per client
// address: "ip:ADDR" for IPv4 (an IPv4-mapped IPv6 address too), "ip:PREFIX/64" for IPv6, the
// address's /64 ([quotaKey] says why); "ip:" and addr as it is when it is not an IP address.
func ipKey(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return "ip:" + addr // not an IP address: bufconn in tests
	}
	if a = a.Unmap().WithZone(""); a.Is6() {
		return "ip:" + netip.PrefixFrom(a, 64).Masked().String()
	}
	return "ip:" + a.String()
}

// quotas holds the per-principal counts and rate limiters (Config.MaxWaitingPerPrincipal,
// MaxTablesPerPrincipal, CreatesPerMinute, MaxWatchersPerPrincipal). The per-table watcher limit
// is kept by each table. With a store that several referees share (a [store.Leaser]) the store
// counts the waiting and playing tables and the creations of every referee
// (store.Leaser.CreateTableWithin, refused by storeRefusal): addWaiting, doneWaiting, addTable,
// doneTable and allowCreate then count nothing here.
type quotas struct {
	cfg     Config
	metrics *Metrics
	shared  bool // the store keeps the creation limits
	// creates holds one token bucket per principal: CreatesPerMinute tokens, refilled at that rate.
	creates *lru.Cache[string, *rate.Limiter]
	// keyAddrs holds, per client address whose keys were looked up, its token bucket of
	// refused API keys and the keys found good from it (keyAddr, refusedkeys.go).
	keyAddrs *lru.Cache[string, *keyAddr]

	mu       sync.Mutex
	waiting  map[string]int // tables waiting for seats, per principal; no zero entries
	tables   map[string]int // tables waiting or playing, per principal; no zero entries
	watchers map[string]int // open watches, per principal; no zero entries
	// turns holds, per principal with a creation in progress, its turn to be checked by a shared
	// store (awaitTurn); no entry without a user.
	turns map[string]*turn
}

// turn is one principal's turn at the shared store's creation check: a slot for the one creation
// that holds it, and how many hold it or wait for it.
type turn struct {
	slot  chan struct{}
	users int
}

// awaitTurn waits until no other creation of key by this referee is being checked by the shared
// store (store.Leaser.CreateTableWithin) and returns done, which ends this one's turn; ctx's error
// if it ends first. The store serialises one principal's creations under an advisory lock, which
// each waits for while holding one of the store's connections: a burst of creations by one
// principal (a client over its limits calling again at once, from many streams) held every
// connection of the referee's pool waiting for that lock, and every other store call of the
// referee (other principals' creations, appends of the games in play, lease renewals) waited
// behind them. Waiting here holds none. Key "" (an in-process creation, which no limit applies
// to) never waits.
func (q *quotas) awaitTurn(ctx context.Context, key string) (done func(), err error) {
	if key == "" {
		return func() {}, nil
	}
	q.mu.Lock()
	tn := q.turns[key]
	if tn == nil {
		tn = &turn{slot: make(chan struct{}, 1)}
		q.turns[key] = tn
	}
	tn.users++
	q.mu.Unlock()
	leave := func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		if tn.users--; tn.users == 0 {
			delete(q.turns, key)
		}
	}
	select {
	case tn.slot <- struct{}{}:
		return func() { <-tn.slot; leave() }, nil
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	}
}

func newQuotas(cfg Config, metrics *Metrics, shared bool) *quotas {
	c, err := lru.New[string, *rate.Limiter](maxLimiters)
	if err != nil {
		panic(err) // only for a size <= 0
	}
	rk, err := lru.New[string, *keyAddr](maxLimiters)
	if err != nil {
		panic(err)
	}
	return &quotas{cfg: cfg, metrics: metrics, shared: shared, creates: c, keyAddrs: rk, waiting: map[string]int{}, tables: map[string]int{}, watchers: map[string]int{}, turns: map[string]*turn{}}
}

// allowCreate takes one token of key's creation bucket, or returns a [*QuotaError] whose
// RetryDelay is when the bucket will have one again.
func (q *quotas) allowCreate(key string, now time.Time) error {
	if key == "" || q.shared {
		return nil
	}
	q.mu.Lock()
	lim, ok := q.creates.Get(key)
	if !ok {
		n := q.cfg.CreatesPerMinute
		lim = rate.NewLimiter(rate.Every(time.Minute/time.Duration(n)), n)
		q.creates.Add(key, lim)
	}
	q.mu.Unlock()
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return q.refuse(q.rateRefusal(key, d))
	}
	return nil
}

// rateRefusal is the refusal of key's creation at Config.CreatesPerMinute, to retry in d.
func (q *quotas) rateRefusal(key string, d time.Duration) *QuotaError {
	return &QuotaError{Subject: key, Limit: LimitCreatesPerMinute, RetryDelay: d,
		Description: fmt.Sprintf("tables created per minute per principal: %d, the limit (--creates-per-minute)", q.cfg.CreatesPerMinute)}
}

// waitingRefusal is the refusal of key's creation with n tables waiting, at
// Config.MaxWaitingPerPrincipal.
func waitingRefusal(key string, n int) *QuotaError {
	return &QuotaError{Subject: key, Limit: LimitWaitingPerPrincipal,
		Description: fmt.Sprintf("tables waiting for seats per principal: %d, the limit (--max-waiting-per-principal); a table stops waiting when its game starts, is cancelled or expires", n)}
}

// tablesRefusal is the refusal of key's creation with n tables waiting or playing, at
// Config.MaxTablesPerPrincipal.
func tablesRefusal(key string, n int) *QuotaError {
	return &QuotaError{Subject: key, Limit: LimitTablesPerPrincipal,
		Description: fmt.Sprintf("tables waiting or playing per principal: %d, the limit (--max-tables-per-principal); a table stops counting when its game ends or it is cancelled", n)}
}

// storeRefusal is the [*QuotaError] of a shared store's refusal (store.Leaser.CreateTableWithin),
// counted as addWaiting's, addTable's and allowCreate's are, or err as it is when the store did
// not refuse.
func (q *quotas) storeRefusal(err error) error {
	var over *store.QuotaExceededError
	if !errors.As(err, &over) {
		return err
	}
	switch over.Limit {
	case store.QuotaWaiting:
		return q.refuse(waitingRefusal(over.Key, over.Count))
	case store.QuotaTables:
		return q.refuse(tablesRefusal(over.Key, over.Count))
	default:
		return q.refuse(q.rateRefusal(over.Key, over.RetryAfter))
	}
}

// addWaiting counts a new waiting table of key, or returns a [*QuotaError] at
// Config.MaxWaitingPerPrincipal. force counts it whatever the limit (a table recovered after a
// restart).
func (q *quotas) addWaiting(key string, force bool) error {
	return q.add(q.waiting, key, q.cfg.MaxWaitingPerPrincipal, force, waitingRefusal)
}

// doneWaiting uncounts a waiting table of key: its game started, or it ended or was never made.
func (q *quotas) doneWaiting(key string) { decrement(&q.mu, q.waiting, key) }

// addTable counts a new table of key, waiting or playing, or returns a [*QuotaError] at
// Config.MaxTablesPerPrincipal. force counts it whatever the limit (a table recovered after a
// restart, or taken over from another referee).
func (q *quotas) addTable(key string, force bool) error {
	return q.add(q.tables, key, q.cfg.MaxTablesPerPrincipal, force, tablesRefusal)
}

// add counts one more table of key in counts (waiting or tables), or returns refusal's
// [*QuotaError] when key has limit already and force is not set. Key "" and a shared store's
// referee count nothing (the store counts).
func (q *quotas) add(counts map[string]int, key string, limit int, force bool, refusal func(string, int) *QuotaError) error {
	if key == "" || q.shared {
		return nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if n := counts[key]; n >= limit && !force {
		return q.refuse(refusal(key, n))
	}
	counts[key]++
	return nil
}

// doneTable uncounts a table of key: it ended, or it stopped on this referee (its lease lost),
// or it was never made.
func (q *quotas) doneTable(key string) { decrement(&q.mu, q.tables, key) }

// addWatcher counts a new watch by key, or returns a [*QuotaError] at
// Config.MaxWatchersPerPrincipal.
func (q *quotas) addWatcher(key string) error {
	if key == "" {
		return nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if n := q.watchers[key]; n >= q.cfg.MaxWatchersPerPrincipal {
		return q.refuse(&QuotaError{Subject: key, Limit: LimitWatchersPerPrincipal,
			Description: fmt.Sprintf("spectator streams per principal: %d, the limit (--max-watchers-per-principal)", n)})
	}
	q.watchers[key]++
	return nil
}

// doneWatching uncounts an ended watch by key.
func (q *quotas) doneWatching(key string) { decrement(&q.mu, q.watchers, key) }

// refuse counts a refusal by e's limit (bezique_quota_refusals_total) and returns e.
func (q *quotas) refuse(e *QuotaError) *QuotaError {
	q.metrics.QuotaRefused(e.Limit)
	return e
}

// decrement takes one from m[key] under mu, deleting the entry at zero so that the map holds
// only principals with something counted.
func decrement(mu *sync.Mutex, m map[string]int, key string) {
	if key == "" {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if m[key] <= 1 {
		delete(m, key)
		return
	}
	m[key]--
}
