package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// peerReferee is a referee of a deployment of several: on the shared PostgreSQL schema, served
// over real TCP on 127.0.0.1 and advertising that address, as docs/OPERATIONS.md runs them.
type peerReferee struct {
	*referee
	addr string
}

// startPeer starts a peerReferee on the schema at u (see sharedSchema), its gRPC server built
// with opts too.
func startPeer(t *testing.T, u string, tweak func(*Config), opts ...grpc.ServerOption) *peerReferee {
	t.Helper()
	st, _ := openShared(t, u)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	cfg := Config{Store: st, Metrics: NewMetrics(reg), Advertise: lis.Addr().String()}
	quiet(&cfg)
	if tweak != nil {
		tweak(&cfg)
	}
	return &peerReferee{referee: serveLoopback(t, lis, cfg, reg, opts...), addr: lis.Addr().String()}
}

// TestTournamentThroughAnotherReferee: a tournament runs on referee A; referee B, started before
// it was created, and C, started after (which registers it as running elsewhere), serve it too:
// ListTournaments reads it from the store, GetTournament, WatchTournament and CancelTournament
// are forwarded to A. After the cancel through B, B's watch ends with the cancelled state, every
// referee reports it cancelled with its seed, and a second cancel through C is refused as on A.
func TestTournamentThroughAnotherReferee(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	created := awayTournament(t, ctx, pb.NewTournamentServiceClient(a.cc))
	id := created.GetTournamentId()
	c := startPeer(t, u, nil)
	tb, tc := pb.NewTournamentServiceClient(b.cc), pb.NewTournamentServiceClient(c.cc)

	for name, p := range map[string]*peerReferee{"B": b, "C": c} {
		client := pb.NewTournamentServiceClient(p.cc)
		before := forwardedCalls(p.srv.metrics, pb.TournamentService_GetTournament_FullMethodName)
		got, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
		if err != nil || got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING ||
			got.GetTournament().GetSeedCommitment() != created.GetSeedCommitment() || got.GetTournament().GetSeed() != nil {
			t.Fatalf("GetTournament through %s: %v, %v; want it running, its commitment, no seed", name, got, err)
		}
		if n := forwardedCalls(p.srv.metrics, pb.TournamentService_GetTournament_FullMethodName) - before; n != 1 {
			t.Errorf("GetTournament through %s: %v calls forwarded, want 1 (to A, which runs it)", name, n)
		}
		list, err := client.ListTournaments(ctx, &pb.ListTournamentsRequest{})
		if err != nil || len(list.GetTournaments()) != 1 || list.GetTournaments()[0].GetTournamentId() != id {
			t.Fatalf("ListTournaments through %s: %v, %v; want the tournament", name, list, err)
		}
	}
	if _, err := tb.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: "tn-0000000000000000"}); status.Code(err) != codes.NotFound {
		t.Fatalf("GetTournament of an unknown id through B: %v, want NotFound", err)
	}

	watch, err := tb.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	first, err := watch.Recv()
	if err != nil || first.GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING || first.GetStandings().GetScheduled() != 1 {
		t.Fatalf("first update watched through B: %v, %v; want running, 1 game scheduled", first, err)
	}
	before := forwardedCalls(b.srv.metrics, pb.TournamentService_CancelTournament_FullMethodName)
	resp, err := tb.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id, Reason: "cancelled through B"})
	if err != nil || resp.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED || len(resp.GetTournament().GetSeed()) != 32 {
		t.Fatalf("CancelTournament through B: %v, %v; want cancelled, the seed revealed", resp, err)
	}
	if got := forwardedCalls(b.srv.metrics, pb.TournamentService_CancelTournament_FullMethodName) - before; got != 1 {
		t.Errorf("B forwarded %v calls for the cancel, want 1", got)
	}
	var last *pb.WatchTournamentResponse
	for {
		m, err := watch.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the watch through B: %v", err)
		}
		last = m
	}
	if last.GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
		t.Fatalf("the watch through B ended with %v, want the cancelled state", last)
	}
	for name, client := range map[string]pb.TournamentServiceClient{"A": pb.NewTournamentServiceClient(a.cc), "B": tb, "C": tc} {
		got, err := client.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
		if err != nil || got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED ||
			string(got.GetTournament().GetSeed()) != string(resp.GetTournament().GetSeed()) {
			t.Fatalf("GetTournament through %s after the cancel: %v, %v; want cancelled with the seed", name, got, err)
		}
	}
	_, err = tc.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id})
	if s := status.Convert(err); s.Code() != codes.FailedPrecondition || s.Message() != "tournament "+id+" is cancelled" {
		t.Errorf("second cancel through C: %v; want FailedPrecondition, tournament %s is cancelled", err, id)
	}
	// Once ended, a watch through C gets the one last update from the store.
	w, err := tc.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := w.Recv(); err != nil || m.GetState() != pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
		t.Fatalf("a watch through C after the cancel: %v, %v; want the cancelled state", m, err)
	}
	if _, err := w.Recv(); !errors.Is(err, io.EOF) {
		t.Fatalf("a watch through C after the cancel went on: %v", err)
	}
	audit, err := a.srv.ListAuditEvents(ctx, &pb.ListAuditEventsRequest{})
	if err != nil || audit.GetEvents()[0].GetAction() != pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CANCELLED || audit.GetEvents()[0].GetDetail() != "cancelled through B" {
		t.Fatalf("audit trail %v, %v; want the cancel first", audit, err)
	}
}

// forwardedCalls is bezique_forwarded_calls_total of fullMethod on m.
func forwardedCalls(m *Metrics, fullMethod string) float64 {
	return testutil.ToFloat64(m.forwarded.WithLabelValues(splitMethod(fullMethod)))
}

// testPeerSecret is the peer secret of the tests' deployments (Config.PeerSecret).
const testPeerSecret = "test-peer-secret-0123456789abcdef"

// dialFrom returns a client connection to addr from the local address from (127.0.0.0/8 is all
// loopback on Linux), so that a test has callers of several IP addresses.
func dialFrom(t *testing.T, addr, from string) *grpc.ClientConn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	cc, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) { return d.DialContext(ctx, "tcp", addr) }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc
}

// watchers returns how many watches the referee counts for the principal key.
func (r *referee) watchers(key string) int {
	r.srv.quotas.mu.Lock()
	defer r.srv.quotas.mu.Unlock()
	return r.srv.quotas.watchers[key]
}

// awaitWatchers waits until the referee counts n watches of the principal key.
func (r *referee) awaitWatchers(t *testing.T, key string, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); r.watchers(key) != n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s has %d watches, want %d", key, r.watchers(key), n)
		}
	}
}

// TestForwardedCallerLimits: spectators without a key, from two addresses, watch a table of
// referee A through referee B. With the peer secret A counts each at its own address: the first
// is refused its second watch (--max-watchers-per-principal 1) with ResourceExhausted naming its
// address and the limit, the second is not. A client calling A directly with forwardedFor is
// counted at its own address (without the secret) or refused (with a wrong one). A table
// cancelled through B with an organiser's key is in the audit trail under that key.
func TestForwardedCallerLimits(t *testing.T) {
	u, _ := sharedSchema(t)
	cfg := func(c *Config) {
		c.Auth = &Auth{AdminKey: testAdminKey}
		c.PeerSecret = testPeerSecret
		c.MaxWatchersPerPrincipal = 1
	}
	a, b := startPeer(t, u, cfg), startPeer(t, u, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := a.tables.CreateTable(as(testAdminKey), twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	watch := func(cc *grpc.ClientConn, md ...string) (pb.TableService_WatchTableClient, error) {
		return pb.NewTableServiceClient(cc).WatchTable(metadata.AppendToOutgoingContext(ctx, md...), &pb.WatchTableRequest{TableId: id})
	}
	x, y := dialFrom(t, b.addr, "127.0.0.2"), dialFrom(t, b.addr, "127.0.0.3")
	if _, err := watch(x); err != nil {
		t.Fatal(err)
	}
	a.awaitWatchers(t, "ip:127.0.0.2", 1)
	second, err := watch(x)
	if err == nil {
		_, err = second.Recv()
	}
	wantQuota(t, err, "ip:127.0.0.2", "spectator streams per principal: 1, the limit (--max-watchers-per-principal)")
	if _, err := watch(y); err != nil {
		t.Fatal(err)
	}
	a.awaitWatchers(t, "ip:127.0.0.3", 1)
	if n := a.watchers("ip:127.0.0.1"); n != 0 {
		t.Errorf("A counts %d watches of B's address, want 0", n)
	}

	// A client naming 127.0.0.2 (whose limit is reached) as the caller, without the secret, is
	// counted at its own address; with a wrong secret it is refused.
	z := dialFrom(t, a.addr, "127.0.0.4")
	if _, err := watch(z, forwardedFor, "127.0.0.2:1"); err != nil {
		t.Fatal(err)
	}
	a.awaitWatchers(t, "ip:127.0.0.4", 1)
	forged, err := watch(z, forwardedFor, "127.0.0.5:1", peerSecret, "not-the-peer-secret-0123456789abcdef")
	if err == nil {
		_, err = forged.Recv()
	}
	if s := status.Convert(err); s.Code() != codes.Unauthenticated || s.Message() != "bezique-peer-secret: not this referee's peer secret (--peer-secret-file)" {
		t.Fatalf("a watch with a wrong peer secret: %v; want Unauthenticated naming the secret", err)
	}
	if n := a.watchers("ip:127.0.0.5"); n != 0 {
		t.Errorf("A counts %d watches of the forged address, want 0", n)
	}

	// The audit trail names the caller's key, not the forwarding referee.
	keys := pb.NewKeyServiceClient(a.cc)
	key, err := keys.CreateKey(as(testAdminKey), &pb.CreateKeyRequest{Name: "organiser", Role: pb.Role_ROLE_ORGANISER, Owner: "tests"})
	if err != nil {
		t.Fatal(err)
	}
	own, err := a.tables.CreateTable(as(key.GetSecret()), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.tables.CancelTable(as(key.GetSecret()), &pb.CancelTableRequest{TableId: own.GetTableId(), Reason: "through B"}); err != nil {
		t.Fatal(err)
	}
	audit, err := keys.ListAuditEvents(as(testAdminKey), &pb.ListAuditEventsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if e := audit.GetEvents()[0]; e.GetAction() != pb.AuditAction_AUDIT_ACTION_TABLE_CANCELLED || e.GetPrincipal() != key.GetKey().GetKeyId() || e.GetDetail() != "through B" {
		t.Fatalf("last audit event %v; want the cancel by key %s", e, key.GetKey().GetKeyId())
	}
}

// TestPeerSecretTooShort: a peer secret shorter than MinAdminKeyLen is refused at start.
func TestPeerSecretTooShort(t *testing.T) {
	_, err := New(context.Background(), Config{PeerSecret: "short"})
	if err == nil || err.Error() != "service: a peer secret has 5 bytes; at least 24 are needed" {
		t.Fatalf("New with a 5-byte peer secret: %v", err)
	}
	_, err = New(context.Background(), Config{PeerSecret: testPeerSecret, PeerSecretsAccepted: []string{"old"}})
	if err == nil || err.Error() != "service: a peer secret has 3 bytes; at least 24 are needed" {
		t.Fatalf("New with a 3-byte accepted peer secret: %v", err)
	}
}

// TestPeerSecretRotation: a referee takes a forwarded call that carries its own secret or one of
// PeerSecretsAccepted (the previous one, during a rotation), and counts it at its caller's
// address; any other secret is refused. With one secret only, a rotation through a rolling
// restart cut the streams that crossed an old and a new referee (an SRE's review).
func TestPeerSecretRotation(t *testing.T) {
	const next = "the-next-peer-secret-0123456789abcdef"
	r := startReferee(t, nil, func(c *Config) { quiet(c); c.PeerSecret = next; c.PeerSecretsAccepted = []string{testPeerSecret} })
	resp := r.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Public: true})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i, secret := range []string{next, testPeerSecret, "not-the-peer-secret-0123456789abcdef"} {
		caller := fmt.Sprintf("192.0.2.%d:1", i+1)
		w, err := r.tables.WatchTable(metadata.AppendToOutgoingContext(ctx, peerSecret, secret, forwardedFor, caller), &pb.WatchTableRequest{TableId: resp.GetTableId()})
		if err == nil {
			_, err = w.Recv()
		}
		if i == 2 {
			if s := status.Convert(err); s.Code() != codes.Unauthenticated {
				t.Fatalf("a watch with a wrong peer secret: %v; want Unauthenticated", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("secret %d: %v", i, err)
		}
		r.awaitWatchers(t, "ip:192.0.2."+fmt.Sprint(i+1), 1)
	}
}

// TestForwardToAnOwnerThatDoesNotAnswer: while a table's owner does not answer (killed, its lease
// not yet expired) a call forwarded to it failed with grpc-go's "connection error: desc =
// "transport: Error while dialing: dial tcp …: connect: connection refused"", naming neither the
// owner nor what to do; now Unavailable says that the referee that owns it does not answer, and
// that the table moves within 10 s (without its address, which this referee's log gives).
func TestForwardToAnOwnerThatDoesNotAnswer(t *testing.T) {
	a, b, _, resp := tableOnA(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a.grpc.Stop() // A's port closes; its referee lives on and keeps its leases
	want := "forwarded to the referee that owns it, which does not answer: if it stopped, " +
		"another referee takes its tables and tournaments over within 10s; reconnect"
	_, err := b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()})
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
		t.Errorf("GetTable through B: %v; want Unavailable %q", err, want)
	}
	stream, err := b.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(joinMsg(&pb.Join{TableId: resp.GetTableId(), Token: tokenOf(resp, 0), ProtocolVersion: 1})); err != nil {
		t.Fatal(err)
	}
	_, err = stream.Recv()
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
		t.Errorf("Connect through B: %v; want Unavailable %q", err, want)
	}
}

// TestGetTournamentOfAnOwnerThatDoesNotAnswer: GetTournament through B of a tournament that A
// runs, while A does not answer (killed, its lease not yet expired), reads it from the store.
// Forwarded to A, it was refused Unavailable until B took the tournament over: 4.9 s after a
// SIGKILL in an outside trial.
func TestGetTournamentOfAnOwnerThatDoesNotAnswer(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	created := awayTournament(t, ctx, pb.NewTournamentServiceClient(a.cc))
	a.grpc.Stop() // A's port closes; its referee lives on and keeps its leases
	got, err := pb.NewTournamentServiceClient(b.cc).GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: created.GetTournamentId()})
	if err != nil || got.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING ||
		got.GetTournament().GetSeedCommitment() != created.GetSeedCommitment() {
		t.Errorf("GetTournament through B with A not answering: %v, %v; want it running, with its commitment", got, err)
	}
}

// TestDifferentAdminKeysNamed: referees A and B share a store but not their admin keys. B's admin
// key on a table A owns, through B (which forwards the call to A), is refused Unauthenticated
// saying that the referees' admin keys differ, for a unary call and a stream, and B's log says so
// once; a key no referee knows is refused as before. An operator's trial read a bare "unknown
// API key" of an admin key that worked or not depending on the referee that owned the table.
func TestDifferentAdminKeysNamed(t *testing.T) {
	u, _ := sharedSchema(t)
	otherKey := "bzq_other-admin-key-0123456789abcdef"
	logs := &logRecords{}
	a := startPeer(t, u, func(c *Config) { c.Auth = &Auth{AdminKey: testAdminKey} })
	b := startPeer(t, u, func(c *Config) { c.Auth = &Auth{AdminKey: otherKey}; c.Logger = slog.New(logs) })
	resp, err := a.tables.CreateTable(as(testAdminKey), twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	want := "unknown API key: this referee's admin key, which the call carries, is not the admin key of the referee " +
		"that owns it (every referee sharing a store needs the same --admin-key-file: docs/SECURITY.md § Several referees)"
	tb := pb.NewTableServiceClient(b.cc)
	if _, err := tb.GetTable(as(otherKey), &pb.GetTableRequest{TableId: id}); status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != want {
		t.Errorf("GetTable through B with B's admin key: %v; want Unauthenticated %q", err, want)
	}
	w, err := tb.WatchTable(as(otherKey), &pb.WatchTableRequest{TableId: id})
	if err == nil {
		_, err = w.Recv()
	}
	if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != want {
		t.Errorf("WatchTable through B with B's admin key: %v; want Unauthenticated %q", err, want)
	}
	if n := logs.count(slog.Record{Level: slog.LevelWarn, Message: "forwarding: the referee that owns the call's table or tournament does not know this referee's admin key: " +
		"every referee sharing the store needs the same --admin-key-file (docs/SECURITY.md § Several referees)"}); n != 1 {
		t.Errorf("B logged the differing admin keys %d times, want once (at most every 10 s)", n)
	}
	if _, err := tb.GetTable(as("bzq_no-such-key-0123456789abcdef"), &pb.GetTableRequest{TableId: id}); status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != "unknown API key" {
		t.Errorf("GetTable through B with an unknown key: %v; want Unauthenticated \"unknown API key\"", err)
	}
}

// TestForwardedSeatDisconnectLogged: the owner's line for a seat whose stream another referee
// forwarded names that referee (forwarded_by): the line's "context canceled" alone did not tell
// an operator that the forwarding referee had died (an operator's wish).
func TestForwardedSeatDisconnectLogged(t *testing.T) {
	logs := &logRecords{}
	u, _ := sharedSchema(t)
	owner := startPeer(t, u, func(c *Config) { c.Logger = slog.New(logs) })
	via := startPeer(t, u, nil)
	resp := owner.create(t, soloTable(nil, &pb.FailurePolicy{OnDisconnect: pb.FailureAction_FAILURE_ACTION_FORFEIT, DisconnectGraceMs: 60000}))
	s := via.join(t, resp, 0, 0)
	s.request()
	s.close()
	eventually(t, "the disconnection logged", func() bool { return len(logs.messages(seatDisconnectedLog)) == 1 })
	if by := attr(logs.messages(seatDisconnectedLog)[0], "forwarded_by"); by != via.srv.RefereeID() || by == "" {
		t.Errorf("forwarded_by=%q; want the forwarding referee's id %q", by, via.srv.RefereeID())
	}
}
