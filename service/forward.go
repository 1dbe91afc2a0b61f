package service

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// Forwarding. With a shared store (a [store.Leaser]) a call about a table that another referee
// owns is forwarded to that referee: a unary call is made again there, a stream is piped in both
// directions, and the owner's answer or status comes back as it is. Clients, bots and browsers
// need not know there are several referees: any referee's address serves every table
// (docs/OPERATIONS.md says why forwarding rather than a redirect). The forwarded call carries the
// caller's authorization metadata, so the owner authenticates and authorizes the caller itself
// (its API key is the principal of the per-principal limits and of the audit trail there), and
// the metadata key forwardedBy, so that it is never forwarded twice. With Config.PeerSecret it
// also carries the caller's address (forwardedFor) and the secret (peerSecret): the owner takes
// that address as the caller's (quotaKey of a caller without a key) only from a call that carries
// the secret, never from a client (fromPeer).

// The metadata keys of a forwarded call.
const (
	// forwardedBy is the forwarding referee's owner id.
	forwardedBy = "bezique-forwarded-by"
	// forwardedFor is the original caller's address (host:port), as the forwarding referee saw it.
	forwardedFor = "bezique-forwarded-for"
	// peerSecret is Config.PeerSecret, which proves that the call comes from a referee of the
	// deployment.
	peerSecret = "bezique-peer-secret"
)

// route says where a call about table id is served: "" here (the table is in memory or
// quarantined here, the store is not shared, or the table has no lease: it has ended or does
// not exist), or the address of the referee that owns it. ErrMoving as ownerOf says. A table this
// referee took over and quarantined keeps its lease here: ownerOf would call it one being loaded.
func (s *Referee) route(ctx context.Context, id string) (string, error) {
	if s.leaser == nil {
		return "", nil
	}
	if _, err := s.table(id); err == nil {
		return "", nil
	}
	if _, ok := s.quarantineReason(id); ok {
		return "", nil
	}
	return s.ownerOf(ctx, store.LeaseTable, id)
}

// routeTournament is route for tournament id: "" here (this referee runs it or has seen it end,
// the store is not shared, or the tournament has no lease: it has ended, and the store holds all
// of it, or it does not exist), or the address of the referee that runs it. ErrMoving as ownerOf
// says.
func (s *Referee) routeTournament(ctx context.Context, id string) (string, error) {
	if s.leaser == nil {
		return "", nil
	}
	if tr, err := s.tourneyByID(id); err == nil && !tr.runningElsewhere() {
		return "", nil
	}
	return s.ownerOf(ctx, store.LeaseTournament, id)
}

// routeLobby is routeTournament for a lobby stream that names tournament id
// (ServeRequest.tournament_id): "" to serve it here (this referee runs the tournament, or the
// store is not shared), or the address of the referee that runs it. ErrMoving as ownerOf says;
// ErrNotFound for a tournament that does not exist; ErrEnded for one that has ended (finished
// or cancelled), which seats no bot any more: before, the bot was let into this referee's lobby,
// where it waited for games that would never come.
func (s *Referee) routeLobby(ctx context.Context, id string) (string, error) {
	addr, err := s.routeTournament(ctx, id)
	if err != nil || addr != "" {
		return addr, err
	}
	state, err := s.tourneyState(ctx, id)
	if err != nil {
		return "", err
	}
	if state != store.TournamentRunning {
		return "", errorf(ErrEnded, "tournament %q has ended (%s): it seats no more lobby bots", id, state)
	}
	return "", nil
}

// tourneyState returns the state of tournament id, as this referee holds it in memory or else as
// the store does (its row only: not its results). ErrNotFound for a tournament that does not
// exist; the store's error, store.ErrUnavailable as ownerOf's.
func (s *Referee) tourneyState(ctx context.Context, id string) (store.TournamentState, error) {
	if tr, err := s.tourneyByID(id); err == nil {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		return tr.state, nil
	}
	ctx, cancel := s.boundLookup(ctx)
	defer cancel()
	row, err := s.tourneys.store.GetTournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return "", errorf(ErrNotFound, "tournament %q not found", id)
	}
	if err != nil {
		return "", s.lookupTimedOut(ctx, fmt.Sprintf("tournament %s: its state", id), err)
	}
	return row.State, nil
}

// boundLookup bounds a store read made for a call by Config.CallTimeout when ctx has no deadline:
// a stream's (a seat's Connect, a watch, a lobby bot's Serve) routing has none, and with a store
// that is reachable but silent (a PostgreSQL server stopped with SIGSTOP, a hung backend) the
// stream waited for ever before its first message, and its bot with it.
func (s *Referee) boundLookup(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, s.cfg.CallTimeout, errLookupBound)
}

// errLookupBound is the cause of a boundLookup context that its bound ended.
var errLookupBound = errors.New("store read bound (--call-timeout) reached")

// lookupTimedOut returns err, the error of a store read made under boundLookup's ctx; when the
// bound ended the read (not the caller), a store.ErrUnavailable that names what the store did not
// give in time, so that the client is told to reconnect (Unavailable with a RetryInfo), as for a
// store out of reach.
func (s *Referee) lookupTimedOut(ctx context.Context, what string, err error) error {
	if errors.Is(context.Cause(ctx), errLookupBound) {
		return fmt.Errorf("%s: the store gave no answer within %s (--call-timeout); reconnect: %w", what, s.cfg.CallTimeout, store.ErrUnavailable)
	}
	return err
}

// tourneyMovedAway reports whether tournament id, known here, runs on another referee sharing
// the store (or is changing referee): a lobby stream that serves it is served there.
func (s *Referee) tourneyMovedAway(id string) bool {
	if s.leaser == nil {
		return false
	}
	tr, err := s.tourneyByID(id)
	return err == nil && tr.runningElsewhere()
}

// ownerOf returns the address of the referee that holds the lease of the table or tournament id
// (kind), "" when it has no lease. ErrMoving while it changes owner: its owner is gone and the
// lease not yet taken over (a referee restarted on its former address is not its former life),
// this referee has just taken it over and is loading it, or the call was forwarded here already.
// store.ErrUnavailable when the store does not answer within Config.CallTimeout for a caller
// without a deadline (a stream's: unary calls have the bound already, [Server.BoundCalls]).
func (s *Referee) ownerOf(ctx context.Context, kind store.LeaseKind, id string) (string, error) {
	ctx, cancel := s.boundLookup(ctx)
	defer cancel()
	h, err := s.leaser.Holder(ctx, kind, id)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", s.lookupTimedOut(ctx, fmt.Sprintf("%s %s: its referee", kind, id), err)
	}
	switch {
	case h.Owner == s.leaser.Owner():
		return "", errorf(ErrMoving, "%s %s: this referee has just taken it over and is loading it; reconnect", kind, id)
	case h.Expired || h.Address == "" || h.Address == s.cfg.Advertise:
		// Its owner stopped, or is alive but lost touch with the store (its lease lapsed): say
		// what is known, not that it stopped (an outside trial, PostgreSQL paused 40 s).
		return "", errorf(ErrMoving, "%s %s: its referee holds its lease no longer (it stopped, or lost touch with the store); a referee takes it over within %s of the store answering; reconnect", kind, id, 2*store.LeaseTTL)
	case len(metadata.ValueFromIncomingContext(ctx, forwardedBy)) > 0:
		return "", errorf(ErrMoving, "%s %s: forwarded here, but another referee owns it; reconnect", kind, id)
	}
	return h.Address, nil
}

// peerBackoff bounds the wait between two attempts to reach a referee that did not answer. With
// grpc-go's default (up to 120 s) a referee restarted on its address after a crash, which takes
// its tables back at once, stayed unreachable through the others for as long, since a call made
// while the connection waits fails at once; a second is what a takeover costs anyway. Each
// attempt has grpc-go's default 20 s to connect: left zero, MinConnectTimeout made it the
// backoff delay (100 ms to 1 s), and a referee slower than that to answer a new connection (a
// loaded one, a slow TLS handshake) was never reached.
var peerBackoff = grpc.WithConnectParams(grpc.ConnectParams{Backoff: backoff.Config{
	BaseDelay: 100 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: time.Second},
	MinConnectTimeout: 20 * time.Second})

// peerIdle is how long a connection to another referee stays open with no call forwarded over
// it. Kept for good, a referee that left the deployment (its address never owns a lease again;
// in Kubernetes a pod's address changes at every restart) kept a connection in every other
// referee for as long as they ran. Ten minutes keeps the connection to a referee that owns tables
// (listings and bots' streams reach it every few seconds), and a referee forwarded to less often
// pays a new dial (a TCP and, with --peer-ca, a TLS handshake: milliseconds) now and then.
const peerIdle = 10 * time.Minute

// peerConn is a connection to another referee and its use: the calls forwarded over it now, and
// when the last one ended (or the first started). Guarded by Referee.peersMu.
type peerConn struct {
	cc    *grpc.ClientConn
	calls int
	used  time.Time
}

// peerCallsPerConn is how many calls a connection to another referee carries before the next
// call opens another connection to it, up to maxPeerConns: the other referee serves each
// connection at most --max-streams-per-conn streams at once (100 by default), and the calls past
// them waited, unary ones to their deadline, streams for ever. One connection carried every call
// forwarded to a referee: 100 bots' seat streams or spectators forwarded through a referee cut it
// off from the owner of their tables (an outside attack).
const peerCallsPerConn = 50

// maxPeerConns is the most connections a referee holds to another: 3 200 calls forwarded at
// once, each connection counted in the other's --max-conns-per-addr (256 by default). Past them
// a call takes the least busy connection.
const maxPeerConns = 64

// peer returns a client connection to the referee at addr, dialled with Config.PeerDialOptions
// (plaintext when empty) and peerBackoff, and counts a call over it until done is called: the
// least busy of this referee's connections to it, a new one when each already carries
// peerCallsPerConn calls (up to maxPeerConns). closeIdlePeers closes a connection once it has
// carried no call for peerIdle. ErrMoving when grpc-go cannot dial addr at all (it does not
// parse as a target: that referee's --advertise is wrong), so that the caller gets Unavailable
// naming it, with the RetryInfo of a table that cannot be reached for now, rather than Unknown.
// ErrStopped once this referee has closed (Close, Handover): a connection dialled then would
// outlive closePeers.
func (s *Referee) peer(addr string) (cc *grpc.ClientConn, done func(), err error) {
	s.peersMu.Lock()
	defer s.peersMu.Unlock()
	select {
	case <-s.stop:
		return nil, nil, stoppedForwarding()
	default:
	}
	var p *peerConn
	for _, c := range s.peers[addr] {
		if p == nil || c.calls < p.calls {
			p = c
		}
	}
	if p == nil || p.calls >= peerCallsPerConn && len(s.peers[addr]) < maxPeerConns {
		opts := s.cfg.PeerDialOptions
		if opts == nil {
			opts = []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
		}
		cc, err := grpc.NewClient(addr, append(opts[:len(opts):len(opts)], peerBackoff, peerKeepalive, peerStreamWindow, peerConnWindow)...)
		if err != nil {
			s.forwardLog.Do(func() {
				s.log.Error("forwarding: the advertised address (--advertise) of the referee that owns the call's table or tournament cannot be dialled", "owner", addr, "err", err)
			})
			return nil, nil, errorf(ErrMoving, "forwarded to the referee that owns it: its advertised address (--advertise) cannot be dialled (this referee's log says which); reconnect")
		}
		p = &peerConn{cc: cc}
		s.peers[addr] = append(s.peers[addr], p)
	}
	p.calls++
	p.used = time.Now()
	return p.cc, func() {
		s.peersMu.Lock()
		defer s.peersMu.Unlock()
		p.calls--
		p.used = time.Now()
	}, nil
}

// peerStreamWindow and peerConnWindow give a connection to another referee the static windows
// this referee grants as a server (StreamWindowBytes, ConnWindowBytes): a dynamic window comes with
// grpc-go's bandwidth-delay-product estimation, one PING to the owner for nearly every burst of a
// forwarded seat's messages (botsdk.WindowOptions gives what that cost the referee).
var (
	peerStreamWindow = grpc.WithInitialWindowSize(StreamWindowBytes)
	peerConnWindow   = grpc.WithInitialConnWindowSize(ConnWindowBytes)
)

// peerKeepalive pings another referee over a connection that carries forwarded calls and has been
// quiet for 10 s (grpc-go's least: it raises a shorter time to 10 s; the referees' servers allow a
// ping every KeepaliveMinClientInterval), and ends the connection, and the calls over it, when a
// ping is not answered within 3 s. Without it a referee that hung (paused, cut off) held the seat
// streams forwarded to it, quiet, for ever: the bots heard nothing while the table, taken over
// elsewhere, played their seats as disconnected (an outside trial: a 25 s pause of the owner
// forfeited a game). With it they end within about 13 s, inside the disconnect grace (15 s by
// default), and the bots reconnect and resume on the table's new owner.
var peerKeepalive = grpc.WithKeepaliveParams(keepalive.ClientParameters{Time: 10 * time.Second, Timeout: 3 * time.Second})

// closeIdlePeers closes and forgets the connections to other referees that have carried no call
// since peerIdle before now, and, once none is left to a referee, forgets whether it answered
// (peerAnswered): the next call to it dials it again.
func (s *Referee) closeIdlePeers(now time.Time) {
	s.peersMu.Lock()
	defer s.peersMu.Unlock()
	for addr, conns := range s.peers {
		conns = slices.DeleteFunc(conns, func(p *peerConn) bool {
			idle := p.calls == 0 && now.Sub(p.used) >= peerIdle
			if idle {
				_ = p.cc.Close()
			}
			return idle
		})
		s.peers[addr] = conns
		if len(conns) == 0 {
			delete(s.peers, addr)
			delete(s.peersDown, addr)
		}
	}
}

// closePeers closes the connections to other referees.
func (s *Referee) closePeers() {
	s.peersMu.Lock()
	defer s.peersMu.Unlock()
	for addr, conns := range s.peers {
		for _, p := range conns {
			_ = p.cc.Close()
		}
		delete(s.peers, addr)
	}
}

// forwardContext returns the outgoing context of a forwarded call: ctx's deadline and
// cancellation, the caller's authorization, forwardedBy and, with Config.PeerSecret, the
// secret and the caller's address.
func (s *Referee) forwardContext(ctx context.Context) context.Context {
	md := metadata.Pairs(forwardedBy, s.leaser.Owner())
	for _, v := range metadata.ValueFromIncomingContext(ctx, "authorization") {
		md.Append("authorization", v)
	}
	if pr, ok := peer.FromContext(ctx); ok && pr.Addr != nil && s.cfg.PeerSecret != "" {
		md.Append(peerSecret, s.cfg.PeerSecret)
		md.Append(forwardedFor, pr.Addr.String())
	}
	return metadata.NewOutgoingContext(ctx, md)
}

// fromPeer is an auth function of the interceptors (see [Server.AuthOptions]): a call that carries
// the peer secret comes from another referee, which forwarded it, and ctx is given the original
// caller's address (forwardedFor) as its peer, so that the per-principal limits count that caller
// rather than the forwarding referee (quotaKey). A call without the secret is left as it is,
// forwardedFor or not: a client cannot choose the address it is counted under. The secret is
// Config.PeerSecret or one of PeerSecretsAccepted (a rotation). Unauthenticated for a wrong secret (a referee of another deployment, or a mistyped --peer-secret-file);
// InvalidArgument for a call with the secret and not exactly one forwardedFor.
func (s *Server) fromPeer(ctx context.Context) (context.Context, error) {
	secrets := metadata.ValueFromIncomingContext(ctx, peerSecret)
	if len(secrets) == 0 {
		return ctx, nil
	}
	if len(secrets) != 1 || !slices.ContainsFunc(s.peerHashes, func(h []byte) bool { return subtle.ConstantTimeCompare(hashKey(secrets[0]), h) == 1 }) {
		return nil, status.Errorf(codes.Unauthenticated, "%s: not this referee's peer secret (--peer-secret-file)", peerSecret)
	}
	addrs := metadata.ValueFromIncomingContext(ctx, forwardedFor)
	if len(addrs) != 1 || addrs[0] == "" {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %d values; a forwarded call names its caller's address once", forwardedFor, len(addrs))
	}
	return peer.NewContext(ctx, &peer.Peer{Addr: callerAddr(addrs[0])}), nil
}

// callerAddr is the address of a forwarded call's original caller (forwardedFor), as a [net.Addr].
type callerAddr string

// Network returns "tcp".
func (callerAddr) Network() string { return "tcp" }

// String returns the address, host:port.
func (a callerAddr) String() string { return string(a) }

// forwardedMethods are the methods a referee forwards to the one that owns a table or runs a
// tournament (forwardUnary's and forwardStream's callers): bezique_forwarded_calls_total has a
// series of each from the start.
var forwardedMethods = []string{
	pb.TableService_GetTable_FullMethodName, pb.TableService_ListTables_FullMethodName,
	pb.TableService_CancelTable_FullMethodName, pb.TableService_WatchTable_FullMethodName,
	pb.SeatService_Connect_FullMethodName, pb.SeatService_Play_FullMethodName, pb.SeatService_Decide_FullMethodName,
	pb.TournamentService_GetTournament_FullMethodName, pb.TournamentService_WatchTournament_FullMethodName,
	pb.TournamentService_CancelTournament_FullMethodName,
	pb.LobbyService_Serve_FullMethodName, pb.LobbyService_ListBots_FullMethodName,
}

// forwardUnary makes the unary call method with req at the referee at addr into resp.
func (s *Referee) forwardUnary(ctx context.Context, addr, method string, req, resp proto.Message) error {
	cc, done, err := s.peer(addr)
	if err != nil {
		return statusOf(err)
	}
	defer done()
	s.metrics.Forwarded(method)
	ctx, cancel := s.whileRunning(s.forwardContext(ctx))
	defer cancel()
	return s.forwardEnded(ctx, addr, s.ownerUnreachable(addr, cc.Invoke(ctx, method, req, resp)))
}

// whileRunning returns ctx, cancelled also when this referee shuts down (Close, Handover), so
// that a call it forwards ends then, and forwardEnded says why, rather than grpc-go's Canceled
// "the client connection is closing" when closePeers closes the connection under the call.
func (s *Referee) whileRunning(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// forwardEnded returns err, the end of a call forwarded to the referee at addr, or, when this
// referee is shutting down (its drain: Handover, Close), ErrStopped's status (Unavailable, with
// takeoverRetry's RetryInfo): the caller makes the call again in a moment through any referee
// sharing the store, as after a takeover, and the SDKs do so by themselves. The owner's
// "unknown API key" of a call that carries this referee's own admin key (ctx's metadata) says
// that the referees' admin keys differ, and the log says so too, at most every forwardLogEvery:
// an operator's trial read "unknown API key" of its admin key, which worked or not depending on
// the referee that owned the table.
func (s *Referee) forwardEnded(ctx context.Context, addr string, err error) error {
	if err == nil {
		return nil
	}
	select {
	case <-s.stop:
		return statusOf(stoppedForwarding())
	default:
	}
	if st := status.Convert(err); st.Code() == codes.Unauthenticated && st.Message() == "unknown API key" && s.carriesAdminKey(ctx) {
		s.forwardLog.Do(func() {
			s.log.Warn("forwarding: the referee that owns the call's table or tournament does not know this referee's admin key: "+
				"every referee sharing the store needs the same --admin-key-file (docs/SECURITY.md § Several referees)", "owner", addr)
		})
		return status.Error(codes.Unauthenticated, "unknown API key: this referee's admin key, which the call carries, is not the admin key of the referee "+
			"that owns it (every referee sharing a store needs the same --admin-key-file: docs/SECURITY.md § Several referees)")
	}
	return err
}

// carriesAdminKey reports whether ctx's incoming metadata carries this referee's admin key
// (Config.Auth) as its bearer key.
func (s *Referee) carriesAdminKey(ctx context.Context) bool {
	if s.cfg.Auth == nil {
		return false
	}
	secret, err := auth.AuthFromMD(ctx, "bearer")
	return err == nil && subtle.ConstantTimeCompare(hashKey(secret), hashKey(s.cfg.Auth.AdminKey)) == 1
}

// stoppedForwarding is the ErrStopped of a call to forward to another referee while this
// referee shuts down.
func stoppedForwarding() error {
	return errorf(ErrStopped, "forwarding to the referee that owns it: this referee is shutting down; "+
		"reconnect (any referee sharing the store serves it)")
}

// peerListWait is how long ListTables waits for the referees that play the tables in play of a
// page (liveElsewhere): a referee that has not answered by then leaves the stored rows of its
// tables, so that a listing (the web home page asks every 2 s) never hangs on a referee that is
// down or slow. A second covers a first call that must connect, under load.
const peerListWait = time.Second

// liveElsewhere replaces, in tables (a page of ListTables), the stored rows at the indexes
// elsewhere (tables in play that are not in memory here) with their live view, as the referee
// that holds each table's lease shows it: one store query for the holders (store.Leaser.Holders),
// then one ListTables with table_ids per referee, made in parallel (as many calls as referees,
// each with at most a page of ids), all within peerListWait. A table whose referee does not
// answer in time, has stopped (an expired lease) or is this one (loading a table it has just
// taken over) keeps its stored row; so does every table of a call forwarded here (forwardedBy:
// the calling referee asked the holder it knows of, and a call is never forwarded twice). A
// referee that does not answer is logged once per outage (peerAnswered).
func (s *Referee) liveElsewhere(ctx context.Context, tables []*pb.TableInfo, elsewhere []int) {
	if s.leaser == nil || len(elsewhere) == 0 || len(metadata.ValueFromIncomingContext(ctx, forwardedBy)) > 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, peerListWait)
	defer cancel()
	ids := make([]string, len(elsewhere))
	for i, j := range elsewhere {
		ids[i] = tables[j].GetTableId()
	}
	holders, err := s.leaser.Holders(ctx, store.LeaseTable, ids)
	if err != nil {
		s.log.Warn("listing tables: reading their referees failed; listing their stored rows", "err", err)
		return
	}
	byReferee := map[string][]string{}
	for _, id := range ids {
		h, ok := holders[id]
		if ok && !h.Expired && h.Address != "" && h.Address != s.cfg.Advertise && h.Owner != s.leaser.Owner() {
			byReferee[h.Address] = append(byReferee[h.Address], id)
		}
	}
	var mu sync.Mutex
	live := make(map[string]*pb.TableInfo, len(ids))
	var wg sync.WaitGroup
	for addr, ids := range byReferee {
		wg.Go(func() {
			resp := &pb.ListTablesResponse{}
			if err := s.forwardUnary(ctx, addr, pb.TableService_ListTables_FullMethodName, &pb.ListTablesRequest{TableIds: ids}, resp); err != nil {
				if s.peerAnswered(addr, false) {
					s.log.Warn("listing tables: the referee that plays them does not answer; listing their stored rows until it does",
						"referee", addr, "tables", len(ids), "err", err)
				}
				return
			}
			if s.peerAnswered(addr, true) {
				s.log.Info("listing tables: the referee that plays them answers again; listing them live", "referee", addr)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, ti := range resp.GetTables() {
				live[ti.GetTableId()] = ti
			}
		})
	}
	wg.Wait()
	for _, j := range elsewhere {
		if ti := live[tables[j].GetTableId()]; ti != nil {
			tables[j] = ti
		}
	}
}

// peerAnswered records whether the referee at addr answered a listing's call (liveElsewhere) and
// reports whether that changed: it did not answer the last time it was asked, or answered then
// and not now. A listing logs that change only, so that an outage is logged once, however many
// listings meet it (a home page asks every 2 s until the referee's leases expire), and its end
// once. A referee never asked before counts as answering.
func (s *Referee) peerAnswered(addr string, answered bool) bool {
	s.peersMu.Lock()
	defer s.peersMu.Unlock()
	if s.peersDown[addr] == !answered {
		return false
	}
	if answered {
		delete(s.peersDown, addr)
	} else {
		s.peersDown[addr] = true
	}
	return true
}

// ownerUnreachable rewords err, the error of a call forwarded to the referee at addr, when that
// referee did not answer it: an Unavailable without a RetryInfo, which the referees put on every
// Unavailable they answer themselves, is grpc-go's for a connection that could not be made or
// broke (a stream cut when the owner was killed: "error reading from server: EOF", with the
// connection still Ready for a moment). grpc-go's words named neither the owner nor what to do,
// and without a RetryInfo the CLI's watches ended there; it is now ErrMoving's status, with its
// RetryInfo. The owner's own Unavailable keeps its code and details, and its message says it is
// the owner's: relayed as it was, "the referee is shutting down" read as this referee's (an
// outside trial). Neither names the owner's address, an address inside the deployment that a
// client on the open network has no use for (grpc-go's words name it too): this referee's log
// does, at most every forwardLogEvery.
func (s *Referee) ownerUnreachable(addr string, err error) error {
	st, ok := status.FromError(err)
	if err == nil || !ok || st.Code() != codes.Unavailable {
		return err
	}
	for _, d := range st.Details() {
		if _, retry := d.(*errdetails.RetryInfo); retry {
			p := st.Proto()
			p.Message = "the referee that owns it: " + p.Message
			return status.ErrorProto(p)
		}
	}
	s.forwardLog.Do(func() {
		s.log.Warn("forwarding: the referee that owns the call's table or tournament does not answer", "owner", addr, "err", st.Message())
	})
	return statusOf(errorf(ErrMoving, "forwarded to the referee that owns it, which does not answer: if it stopped, "+
		"another referee takes its tables and tournaments over within %s; reconnect", 2*store.LeaseTTL))
}

// forwardLogEvery is the least time between two log lines of forwarding's troubles: a call
// forwarded to a referee that does not answer fails at once, and until its leases are taken over
// every call about its tables (a bot reconnecting, a home page every 2 s) meets it.
const forwardLogEvery = 10 * time.Second

// forwardStream pipes the stream ss to the same method at the referee at addr: first (the
// request already read from ss: a Join, a PlayRequest, a WatchTableRequest) goes first, then, for
// a client-streaming method, everything ss receives (newReq makes its messages), while everything
// the owner sends (newResp) goes back on ss. It returns the owner's status, nil when the owner
// ends the stream with OK; forwardEnded's status when this referee shuts down meanwhile.
func (s *Referee) forwardStream(ss grpc.ServerStream, addr, method string, desc *grpc.StreamDesc, first proto.Message, newReq, newResp func() proto.Message) error {
	cc, done, err := s.peer(addr)
	if err != nil {
		return statusOf(err)
	}
	defer done()
	s.metrics.Forwarded(method)
	ctx, cancel := s.whileRunning(s.forwardContext(ss.Context()))
	defer cancel()
	if err := probeOwner(ctx, cc); err != nil {
		return s.forwardEnded(ctx, addr, s.ownerUnreachable(addr, err))
	}
	return s.forwardEnded(ctx, addr, s.pipe(ctx, cancel, ss, cc, addr, method, desc, first, newReq, newResp, s.cfg.SendStall/2))
}

// peerProbeTimeout bounds probeOwner's call.
const peerProbeTimeout = 2 * time.Second

// probeOwner asks the referee at the other end of cc, before a stream is forwarded to it, whether
// it answers at all (grpc.health.v1 Check: any status is an answer, Unimplemented included), and
// returns Unavailable when it has not answered within peerProbeTimeout (a unary call is bounded
// by its deadline, a stream is not: a stream forwarded to a hung owner, a process stopped or cut
// off with its connections open, waited about 20 s for peerKeepalive to end its connection, past
// the --takeover-wait of the bot that opened it and long after another referee had taken the
// table over: a docs audit). The cost is one small call for each forwarded stream.
func probeOwner(ctx context.Context, cc *grpc.ClientConn) error {
	pctx, cancel := context.WithTimeout(ctx, peerProbeTimeout)
	defer cancel()
	err := cc.Invoke(pctx, healthpb.Health_Check_FullMethodName, &healthpb.HealthCheckRequest{}, &healthpb.HealthCheckResponse{})
	switch {
	case status.Code(err) == codes.Unavailable:
		return err
	case pctx.Err() != nil && ctx.Err() == nil:
		return status.Errorf(codes.Unavailable, "no answer to a health check within %v", peerProbeTimeout)
	}
	return nil
}

// pipe is forwardStream's work over cc, the connection to the referee at addr, with ctx, the
// forwarded stream's context, and its cancel. A message the client leaves unread for stall
// cancels the owner's call, which frees it there at once (RST_STREAM), and pipe returns
// ResourceExhausted once the send ends (the client reads, or its connection closes). Else the
// owner's stream stayed open behind it, its window to this referee shut, and past the owner's
// --send-stall the owner's port closed this referee's connection, and with it every stream
// forwarded on it (unreadWatch): stall is half the --send-stall, so the cancel comes first.
func (s *Referee) pipe(ctx context.Context, cancel context.CancelFunc, ss grpc.ServerStream, cc *grpc.ClientConn, addr, method string, desc *grpc.StreamDesc, first proto.Message, newReq, newResp func() proto.Message, stall time.Duration) error {
	cs, err := cc.NewStream(ctx, desc, method)
	if err != nil {
		return s.ownerUnreachable(addr, err)
	}
	if err := cs.SendMsg(first); err != nil && !errors.Is(err, io.EOF) {
		return err // io.EOF: the owner ended the stream; RecvMsg below returns its status
	}
	if !desc.ClientStreams {
		if err := cs.CloseSend(); err != nil {
			return err
		}
	}
	recvFailed := make(chan error, 1) // the client's stream failed: a message that did not read (readable), its end
	if desc.ClientStreams {
		go func() { // the only sender on cs after first
			for {
				m := newReq()
				if err := ss.RecvMsg(m); err != nil {
					if errors.Is(err, io.EOF) {
						_ = cs.CloseSend()
					} else {
						recvFailed <- err
						cancel()
					}
					return
				}
				if err := cs.SendMsg(m); err != nil {
					return
				}
			}
		}()
	}
	unread := time.AfterFunc(time.Hour, cancel)
	unread.Stop()
	defer unread.Stop()
	for {
		m := newResp()
		if err := cs.RecvMsg(m); err != nil {
			select {
			case err := <-recvFailed:
				return err
			default:
			}
			if errors.Is(err, io.EOF) {
				return nil
			}
			return s.ownerUnreachable(addr, err)
		}
		unread.Reset(stall)
		err := ss.SendMsg(m)
		if !unread.Stop() {
			return status.Errorf(codes.ResourceExhausted, "a message forwarded from the referee that owns it waited %s for the client to read its stream; reconnect", stall)
		}
		if err != nil {
			return err
		}
	}
}
