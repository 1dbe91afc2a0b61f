package service

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestIdlePeerConnectionClosed: a referee kept its connection to every other referee it had ever
// forwarded a call to for as long as it ran, so one that left the deployment (its address never
// owns a lease again) held a connection in every other referee for months. Referee A forwards a
// GetTable and a WatchTable to B, a real referee on loopback that owns the table: the connection
// stays while the watch is open, however long, and for peerIdle after the last call ends; then it
// is closed and forgotten, and the next call dials B again.
func TestIdlePeerConnectionClosed(t *testing.T) {
	b, a, _, created := tableOnA(t) // the table is on B
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id := created.GetTableId()
	if _, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id}); err != nil {
		t.Fatalf("GetTable through A: %v", err)
	}
	cc := peerOf(a, b.addr)
	if cc == nil {
		t.Fatal("A holds no connection to B after forwarding a call to it")
	}
	wctx, stopWatch := context.WithCancel(ctx)
	watch, err := a.tables.WatchTable(wctx, &pb.WatchTableRequest{TableId: id})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := watch.Recv(); err != nil {
		t.Fatalf("the watch through A: %v", err)
	}
	a.srv.closeIdlePeers(time.Now().Add(2 * peerIdle))
	if peerOf(a, b.addr) != cc || cc.GetState() == connectivity.Shutdown {
		t.Fatal("A closed its connection to B under an open forwarded watch")
	}
	stopWatch()
	for inFlight(a, b.addr) > 0 {
		if ctx.Err() != nil {
			t.Fatal("the forwarded watch did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	ended := time.Now()
	a.srv.closeIdlePeers(ended.Add(peerIdle - time.Second))
	if peerOf(a, b.addr) != cc {
		t.Fatal("A closed its connection to B before it was idle for peerIdle")
	}
	a.srv.closeIdlePeers(ended.Add(peerIdle + time.Second))
	if peerOf(a, b.addr) != nil || cc.GetState() != connectivity.Shutdown {
		t.Fatalf("A's connection to B idle for peerIdle: still held %v, state %v; want it closed and forgotten", peerOf(a, b.addr) != nil, cc.GetState())
	}
	if got, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id}); err != nil || got.GetTable().GetTableId() != id {
		t.Fatalf("GetTable through A after its connection to B closed: %v, %v", got, err)
	}
	if again := peerOf(a, b.addr); again == nil || again == cc {
		t.Fatal("A did not dial B again")
	}
}

// peerOf is r's first connection to the referee at addr, nil when it holds none.
func peerOf(r *peerReferee, addr string) *grpc.ClientConn {
	r.srv.peersMu.Lock()
	defer r.srv.peersMu.Unlock()
	if conns := r.srv.peers[addr]; len(conns) > 0 {
		return conns[0].cc
	}
	return nil
}

// inFlight is the number of calls r forwards to the referee at addr.
func inFlight(r *peerReferee, addr string) int {
	r.srv.peersMu.Lock()
	defer r.srv.peersMu.Unlock()
	n := 0
	for _, p := range r.srv.peers[addr] {
		n += p.calls
	}
	return n
}

// TestForwardingPastOneConnectionsStreams: 70 seat streams forwarded through referee A to B,
// which serves a connection at most 60 streams at once: each is joined (Welcome), over two
// connections from A to B. One connection carried every call A forwarded to B, and the streams
// past B's limit waited for ever, as did any other call forwarded to B: 100 bots or spectators
// forwarded through a referee cut it off from another (an outside attack).
func TestForwardingPastOneConnectionsStreams(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil, grpc.MaxConcurrentStreams(60))
	var seats []*rawSeat
	for range 35 {
		resp := b.create(t, twoHandedRemote())
		for seat := range 2 {
			s := a.join(t, resp, seat, 0)
			s.welcome()
			seats = append(seats, s)
		}
	}
	if n := inFlight(a, b.addr); n != 70 {
		t.Errorf("A forwards %d calls to B, want the 70 streams", n)
	}
	a.srv.peersMu.Lock()
	conns := len(a.srv.peers[b.addr])
	a.srv.peersMu.Unlock()
	if want := (70 + peerCallsPerConn - 1) / peerCallsPerConn; conns != want {
		t.Errorf("A holds %d connections to B, want %d (%d calls each at most)", conns, want, peerCallsPerConn)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := a.tables.ListTables(ctx, &pb.ListTablesRequest{State: pb.TableState_TABLE_STATE_PLAYING}); err != nil {
		t.Errorf("a listing through A meanwhile: %v", err)
	}
	for _, s := range seats {
		s.close()
	}
}
